// Blocks and device-side enqueue (OpenCL C 2.0 §6.12, §6.15.18) are out of
// oclc's scope: each gets E0206 naming the feature, not a generic syntax
// error.
kernel void child(global int *out) { out[0] = 1; }

kernel void parent(global int *out)
{
    int (^twice)(int) = ^(int x) { return 2 * x; };
//       ^ error[E0206]: blocks are not supported by oclc
    queue_t queue = get_default_queue();
//  ^^^^^^^ error[E0206]: device-side enqueue is not supported by oclc: type `queue_t`
}
