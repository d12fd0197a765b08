// oclc-flags: -cl-std=CL2.0
// `true` and `false` have type `bool`, as clang types them: `sizeof(true)`
// is 1, an overload taking `bool` is an exact match for them, `(int4)true`
// is -1 per component, and arithmetic promotes them to `int`.
int __attribute__((overloadable)) pick(bool b) { return 1; }
int __attribute__((overloadable)) pick(int i) { return 2; }

kernel void k(global int *out, global const int *in)
{
    size_t g = get_global_id(0);
    out[g] = pick(true) * 10 + pick(false) + (int)sizeof(true) * 100;
    int4 m = max((int4)(-7), (int4)true);
    out[64 + g] = m.x + m.w * 3 + (true + true) * 5 + (in[g] > 0 ? true : false);
    out[128 + g] = (int)(char)true + (false ? 7 : 9) + (int)sizeof(false + 1) * 1000;
}
