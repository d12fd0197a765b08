// oclc-flags: -cl-std=CL2.0
// `__COUNTER__` (clang's extension) counts its expansions from 0.
#if __COUNTER__ != 0 || __COUNTER__ != 1
#error "__COUNTER__ counts from 0"
#endif
#define NEXT __COUNTER__
kernel void k(global int *o) {
    o[0] = NEXT;
    o[1] = NEXT;
}
#if __COUNTER__ != 4
#error "__COUNTER__ counts every expansion"
#endif
