// oclc-flags: -cl-std=CL1.2
// GNU's `a ?: b` (the first operand evaluated once), as ported C code
// writes defaults: a configured value or a fallback, a non-null pointer or
// a default table, and a counter that must advance exactly once.
constant float fallback[4] = { 0.25f, 0.5f, 0.75f, 1.0f };

kernel void defaults(global float *out, global const int *in)
{
    int g = get_global_id(0);
    int n = in[g] & 7;
    int k = in[g + 64] & 3;
    int steps = n ?: 4;
    constant float *table = (k != 0 ? fallback + 1 : 0) ?: fallback;
    int counter = g;
    int seen = (counter++ & 1) ?: -1;
    float scale = (in[g + 128] & 1) ? 1.0f : 2.0f;
    out[g * 4 + 0] = (float)steps;
    out[g * 4 + 1] = table[k] * scale;
    out[g * 4 + 2] = (float)(seen * 10 + counter);
    out[g * 4 + 3] = (float)((n & 4) ?: (k ?: 9));
}
