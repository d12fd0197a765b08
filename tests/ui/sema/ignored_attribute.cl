// oclc-flags: -cl-std=CL2.0
// W0302: an attribute oclc does not know is ignored with a warning; near
// misses: attributes oclc knows (used or deliberately ignored).
__attribute__((frobnicate)) kernel void a(global int *p) { p[0] = 1; }
//             ^^^^^^^^^^ warning[W0302]: unknown attribute `frobnicate` ignored
__attribute__((work_group_size_hint(8, 1, 1))) kernel void b(global int *p) { p[0] = 1; }
__attribute__((reqd_work_group_size(8, 1, 1))) kernel void c(global int *p) { p[0] = 1; }
int __attribute__((always_inline)) helper(int v) { return v; }
int __attribute__((not_an_attribute(3))) other(int v) { return v; }
//                 ^^^^^^^^^^^^^^^^^^^ warning[W0302]: unknown attribute `not_an_attribute` ignored
kernel void d(global int *p) { p[0] = helper(1) + other(2); }
