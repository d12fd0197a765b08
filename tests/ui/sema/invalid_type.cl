// oclc-flags: -cl-std=CL2.0
// E0315: objects of incomplete or invalid type; near misses: a pointer to
// an incomplete struct and an unsized array parameter. Arithmetic on a
// pointer to an incomplete struct is an error (E0304); on a `void *` it
// moves by bytes (GNU C, as clang accepts it).
struct opaque;
int first(int a[]) { return a[0]; }
kernel void k(global int *p, global struct opaque *ok) {
    void nothing;
//       ^^^^^^^ error[E0315]: variable has incomplete type `void`
    struct opaque o;
//                ^ error[E0315]: variable has incomplete type `struct opaque`
    int unsized[];
//      ^^^^^^^^^ error[E0315]: variable has incomplete type `int[]`
    int arr[2] = { 1, 2 };
    p[0] = first(arr);
    global struct opaque *next = ok + 1;
//                               ^^^^^^ error[E0304]: arithmetic on a pointer to an incomplete type (`global struct opaque *`)
    global void *bytes = (global void *)p + 4;
    p[1] = (int)(bytes - (global void *)p);
}

kernel void array_sizes(global int *p) {
    int negative[-1];
//               ^^ error[E0315]: array size must be positive and fit in 32 bits, found -1
    int one[1] = { 1 };
    p[0] = one[0];
}
