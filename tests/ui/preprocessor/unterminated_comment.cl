// oclc-flags: -cl-std=CL2.0
// A `/*` comment that never ends: one error at its start.
kernel void k(global int *p) { p[0] = 1; }
/* this comment runs to the end of the file
//~^ error[E0101]: unterminated `/*` comment
kernel void never_seen(global int *p) { p[0] = 2; }
