// oclc-flags: -cl-std=CL2.0
// `__FILE__` is a string literal naming the current file (and an included
// header inside it); oclc does not compile string literals yet.
#if !defined(__FILE__) || !defined(__LINE__)
#error "__FILE__ and __LINE__ are defined"
#endif
kernel void k(global char *p) { p[0] = __FILE__[0]; }
//                                     ^^^^^^^^ error[E0309]: string literals are not supported by oclc yet
