// oclc-flags: -cl-std=CL2.0
// E0315: objects of incomplete or invalid type; near misses: a pointer to
// an incomplete struct and an unsized array parameter.
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
}
