// oclc-flags: -cl-std=CL2.0
// GNU statement expressions as ported C macros use them: type-generic
// MAX/MIN/CLAMP with __typeof__ that evaluate their operands once, a SWAP
// macro, a block computing a value with a loop and a local array, nested
// statement expressions, and ones in declarations, returns, if and switch
// conditions, array indices and loop bodies; and where they run in order
// with the rest of their statement: after a comma's left side, in loop
// conditions and steps (each iteration), in `&&`, `||` and `?:` operands
// (only when reached).
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

static int scaled(int x)
{
    return (x *= 3, ({ x + 1; }));
}

kernel void statement_expression_order(global int *out, global const int *in)
{
    const int g = get_global_id(0);
    global int *d = out + g * 16;
    int x = 1;
    d[0] = (x = in[g] & 0xff, ({ x + 1; }));
    int z = 1;
    z += 6, d[1] = ({ z; });
    d[2] = scaled(in[g + 64] & 0xfff);
    int m = 0;
    if ((m = 9, ({ m; })) == 9)
        d[3] = m;
    const int n = in[g + 128] & 15;
    int s = 0;
    for (int i = 0; i < MIN(n, 8); i += ({ 1; }))
        s += i;
    d[4] = s;
    int calls = 0;
    int t = (in[g] & 1) && ({ calls++; in[g + 192] > 0; });
    d[5] = t;
    d[6] = calls;
    int u = (in[g] & 2) ? ({ calls += 10; 1; }) : ({ calls += 100; 2; });
    d[7] = u;
    d[8] = calls;
    int k = 0;
    while (({ int q = k * k; q < n; }))
        k++;
    d[9] = k;
    d[10] = (in[g] & 4) || ({ calls = -1; 0; });
    d[11] = calls;
}
