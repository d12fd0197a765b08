// oclc-flags: -cl-std=CL2.0
// Asynchronous copies go between `local` and `global` memory of one type.
kernel void k(global float *g, local float *l, global int *gi, local float *l2) {
    event_t e = async_work_group_copy(l, g, 16, 0);
    wait_group_events(1, &e);
    event_t bad = async_work_group_copy(l, gi, 16, 0);
//                                      ^ error[E0310]: no matching overload of `async_work_group_copy`: expected a writable `local` destination with a `global` source of the same type, or the reverse
    event_t worse = async_work_group_copy(l, l2, 16, 0);
//                                        ^ error[E0310]: no matching overload of `async_work_group_copy`: expected a writable `local` destination
    wait_group_events(1, e);
//                       ^ error[E0310]: no matching overload of `wait_group_events`: expected a pointer to `event_t`
}
