// The functions of device-side enqueue are not undeclared: E0309 names the
// feature oclc does not support.
kernel void k(global uint *out)
{
    out[0] = get_kernel_work_group_size(0);
//           ^^^^^^^^^^^^^^^^^^^^^^^^^^ error[E0309]: device-side enqueue is not supported by oclc: `get_kernel_work_group_size`
    release_event(0);
//  ^^^^^^^^^^^^^ error[E0309]: device-side enqueue is not supported by oclc: `release_event`
}
