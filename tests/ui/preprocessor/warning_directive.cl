// oclc-flags: -cl-std=CL2.0
// `#warning` reports its message and compilation continues.
#warning "this kernel is slow"
//~^ warning[W0101]: "this kernel is slow"
#if 0
#warning "never reported"
#endif
#warning
//~^ warning[W0101]: `#warning` directive
kernel void k(global int *p) { p[0] = 1; }
