// oclc-flags: -cl-std=CL2.0
// Headers that include each other without guards: one error, not one per
// level of nesting.
// expect: error[E0110]: `#include` nested too deeply
#include "include/cycle/first.h"
kernel void k(global int *p) { p[0] = 1; }
