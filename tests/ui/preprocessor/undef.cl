// oclc-flags: -cl-std=CL2.0
// `#undef`: removes a macro; undefining an unknown name is fine; a macro
// can be redefined differently after `#undef` without a warning.
#define LIMIT 10
#if !defined(LIMIT) || LIMIT != 10
#error "LIMIT should be defined"
#endif
#undef LIMIT
#ifdef LIMIT
#error "LIMIT should be undefined"
#endif
#undef NEVER_DEFINED
#define LIMIT 20
#if LIMIT != 20
#error "LIMIT should be redefined"
#endif

kernel void undef(global int *p) { p[0] = LIMIT; }
