// oclc-flags: -cl-std=CL2.0 -DWIDTH=16 -DFLAG -D SQUARE(x)=((x)*(x)) -UCL_VERSION_1_0 -DREMOVED -UREMOVED
// `-D NAME`, `-DNAME=VALUE`, function-like `-D`, and `-U` (also of a
// predefined macro), applied in order.
#if WIDTH != 16 || FLAG != 1 || SQUARE(3) != 9
#error "-D"
#endif
#if defined(CL_VERSION_1_0) || defined(REMOVED)
#error "-U"
#endif
kernel void k(global int *p) { p[0] = SQUARE(WIDTH); }
