// oclc-flags: -cl-std=CL2.0
// GNU statement expressions as ported C macros use them: type-generic
// MAX/MIN/CLAMP with __typeof__ that evaluate their operands once, a SWAP
// macro, a block computing a value with a loop and a local array, nested
// statement expressions, and ones in declarations, returns, if and switch
// conditions, array indices and loop bodies.
#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define MIN(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define CLAMP(x, lo, hi) MIN(MAX(x, lo), hi)
#define SWAP(x, y) ({ __typeof__(x) _t = (x); (x) = (y); (y) = _t; })

static int median3(int a, int b, int c)
{
    return ({ int lo = MIN(a, b); int hi = MAX(a, b); MAX(lo, MIN(hi, c)); });
}

kernel void statement_expressions(global int *out, global const int *in)
{
    const size_t g = get_global_id(0);
    int a = in[8 * g] >> 8, b = in[8 * g + 1] >> 8, c = in[8 * g + 2] >> 8;
    int reads = 0;
    int first = in[8 * g];
    out[16 * g] = MAX(first + (reads++ & 7), 100);
    out[16 * g + 1] = reads;
    out[16 * g + 2] = CLAMP(a, -1000, 1000);
    SWAP(a, b);
    out[16 * g + 3] = a - b;
    out[16 * g + 4] = median3(a, b, c);
    int total = ({
        int window[4];
        for (int i = 0; i < 4; ++i)
            window[i] = in[8 * g + 3 + i] & 0xff;
        int s = 0;
        for (int i = 0; i < 4; ++i)
            s += window[i] * (i + 1);
        s;
    });
    out[16 * g + 5] = total;
    if (({ int t = a ^ b; t & 1; }))
        out[16 * g + 6] = 1;
    switch (({ c & 3; })) {
    case 0: out[16 * g + 7] = 10; break;
    case 1: out[16 * g + 7] = 11; break;
    default: out[16 * g + 7] = 12; break;
    }
    out[16 * g + 8 + ({ int k = total & 3; k; })] = ({ ({ a + 1; }) * 2; });
    for (int i = 0; i < 3; ++i)
        out[16 * g + 12 + i] = ({ float f = (float)(in[8 * g + i] & 0xffff); (int)(f * 0.5f); });
    ({ out[16 * g + 15] = total ^ c; });
}
