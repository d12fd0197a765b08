// oclc-flags: -cl-std=CL2.0
// A diagnostic inside an included header points into the header.
// expect: error[E0201]: expected `;` after declaration
#include "include/error_inside.h"
kernel void k(global int *p) { p[0] = missing_semicolon; }
