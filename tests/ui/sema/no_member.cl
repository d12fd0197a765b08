// oclc-flags: -cl-std=CL2.0
// E0314: a member that does not exist; near misses: existing members.
struct pair { int first; int second; };
kernel void k(global int *p) {
    struct pair s;
    struct pair *ps = &s;
    s.first = 1;
    ps->second = 2;
    p[0] = s.third;
//           ^^^^^ error[E0314]: no member named `third` in `struct pair`
    p[1] = ps->fourth + s.first + ps->second;
//             ^^^^^^ error[E0314]: no member named `fourth` in `struct pair`
}
