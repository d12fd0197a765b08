// oclc-flags: -cl-std=CL2.0
// `__FILE__` is a string literal naming the current file (and an included
// header inside it), a `constant char` array like any string literal.
#if !defined(__FILE__) || !defined(__LINE__)
#error "__FILE__ and __LINE__ are defined"
#endif
kernel void k(global char *p) { p[0] = __FILE__[0]; }
