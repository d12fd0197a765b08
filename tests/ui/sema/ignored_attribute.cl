// oclc-flags: -cl-std=CL2.0 -Wignored-attribute
// W0302: attributes oclc does not use are ignored (a warning when enabled);
// near miss: `reqd_work_group_size` is used.
__attribute__((work_group_size_hint(8, 1, 1))) kernel void a(global int *p) { p[0] = 1; }
__attribute__((reqd_work_group_size(8, 1, 1))) kernel void b(global int *p) { p[0] = 1; }
int __attribute__((always_inline)) helper(int v) { return v; }
kernel void c(global int *p) { p[0] = helper(1); }
