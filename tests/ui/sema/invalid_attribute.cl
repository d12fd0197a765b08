// oclc-flags: -cl-std=CL2.0
// E0322: `reqd_work_group_size` with wrong arguments; near miss: three
// positive constants.
__attribute__((reqd_work_group_size(0, 1, 1))) kernel void a(global int *p) { p[0] = 1; }
//                                  ^ error[E0322]: work-group size must be a positive 32-bit integer, found 0
__attribute__((reqd_work_group_size(8, 8))) kernel void b(global int *p) { p[0] = 1; }
//             ^^^^^^^^^^^^^^^^^^^^^^^^^^ error[E0322]: `reqd_work_group_size` takes 3 arguments, found 2
__attribute__((reqd_work_group_size(8, 1, 1))) kernel void c(global int *p) { p[0] = 1; }
