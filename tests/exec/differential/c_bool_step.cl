// oclc-flags: -cl-std=CL2.0
// ++ and -- on bool objects, as flag-toggling C code writes them: an
// increment sets the flag, a decrement flips it (C converts b - 1 back to
// bool); prefix forms give the new value, postfix the old, on private
// variables, array elements and struct members.
typedef struct { bool seen; bool parity; int count; } tracker;

kernel void bool_step(global int *out, global const uint *in)
{
    const size_t g = get_global_id(0);
    bool flags[4] = {false, true, false, true};
    tracker t = {false, false, 0};
    int trace = 0;
    for (int i = 0; i < 8; ++i) {
        uint x = in[8 * g + i];
        if (x & 1u) {
            trace = (trace << 1) | t.parity--;
            t.count++;
        }
        if (x & 2u)
            trace = (trace << 1) | ++t.seen;
        bool was = flags[i & 3]--;
        trace = (trace << 2) | (was << 1) | flags[i & 3];
        if (x & 4u)
            trace ^= --flags[(i + 1) & 3];
    }
    out[2 * g] = trace;
    out[2 * g + 1] = (t.count << 8) | (t.seen << 1) | t.parity
                     | (flags[0] << 2) | (flags[1] << 3) | (flags[2] << 4) | (flags[3] << 5);
}
