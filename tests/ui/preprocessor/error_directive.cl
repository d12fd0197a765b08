// oclc-flags: -cl-std=CL2.0
// `#error` stops compilation with its message; in a skipped group it is
// ignored.
#if 0
#error "never reported"
#endif
#error "the kernel needs a 64-bit device"
//~^ error[E0111]: "the kernel needs a 64-bit device"
#error
//~^ error[E0111]: `#error` directive
#define LIMIT 4
#if LIMIT < 8
#error LIMIT is too small: LIMIT
//~^ error[E0111]: LIMIT is too small: LIMIT
#endif
kernel void k(global int *p) { p[0] = 1; }
