// oclc-flags: -cl-std=CL2.0
// GNU range designators as lookup tables in ported C write them: a
// character-class table filled by ranges (`[ '0' ... '9' ] = DIGIT`), a
// program-scope constant table with ranges and a positional tail, a
// private table whose size the ranges decide, and ranges of structs.
#define DIGIT 1
#define UPPER 2
#define LOWER 4
#define SPACE 8

constant uchar char_class[128] = {
    ['0' ... '9'] = DIGIT,
    ['A' ... 'Z'] = UPPER,
    ['a' ... 'z'] = LOWER,
    [' '] = SPACE, ['\t' ... '\r'] = SPACE,
};

constant int steps[12] = { [0 ... 3] = 1, [4 ... 9] = 3, 7, 11 };

typedef struct { short lo, hi; } span_t;

kernel void range_designators(global int *out, global const uchar *in)
{
    const size_t g = get_global_id(0);
    int classes = 0;
    for (int i = 0; i < 16; ++i)
        classes += char_class[in[16 * g + i] & 127] << (i & 3);
    out[8 * g] = classes;
    out[8 * g + 1] = steps[in[16 * g] % 12];
    int weights[] = { [1 ... 4] = 5, [6 ... 7] = -2 };
    out[8 * g + 2] = weights[in[16 * g + 1] & 7] + (int)sizeof(weights);
    span_t spans[4] = { [0 ... 2] = { -1, 1 }, [3] = { 2, 8 } };
    span_t s = spans[in[16 * g + 2] & 3];
    out[8 * g + 3] = s.lo * 100 + s.hi;
}
