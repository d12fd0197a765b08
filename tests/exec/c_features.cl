// The C that real kernels use, each feature feeding a checked result:
// compound literals, designated initializers, anonymous struct and union
// members, static and inline helpers, string literals (a char array, a
// table of constant strings), printf, restrict pointers, loop attributes,
// _Alignof / __alignof__ and sizeof.

typedef struct { float x, y; } float_pair;

typedef struct {
    int kind;
    union {
        int as_int;
        float as_float;
    };
    struct {
        short lo, hi;
    };
} tagged;

static int twice(int x) { return 2 * x; }
static inline int thrice(int x) { return 3 * x; }
static inline float_pair swap(float_pair p) { return (float_pair){ p.y, p.x }; }

constant int primes[] = { 2, 3, 5, 7, 11 };
constant float_pair origin_table[2] = { { .y = 1.0f, .x = 2.0f }, [1] = { .x = -1.0f } };

kernel void features(global int *restrict out, global const float *__restrict__ in)
{
    int i = get_global_id(0);
    // Compound literals, as rvalues and as lvalues.
    float_pair p = swap((float_pair){ in[i], 10.0f });
    (float_pair){ 0.0f, 0.0f }.x = 5.0f;
    // Designated initializers, out of order, with gaps.
    int digits[6] = { [4] = 40, [1] = 10, 11 };
    float_pair q = { .y = 3.0f, .x = 4.0f };
    // Anonymous members.
    tagged t;
    t.kind = 1;
    t.as_float = 1.0f;
    t.lo = 7;
    t.hi = -2;
    // Strings.
    char word[] = "kernel";
    constant char *names[] = { "red", "green", "blue" };
    int letters = 0;
    __attribute__((opencl_unroll_hint(2)))
    for (int k = 0; word[k] != 0; k++)
        letters++;
#pragma unroll 4
    for (int k = 0; k < 3; k++)
        letters += names[k][0] == 'g';
    out[10 * i + 0] = (int)p.x + (int)p.y;          // 10 + in[i]
    out[10 * i + 1] = digits[1] + digits[2] + digits[4] + digits[5];  // 61
    out[10 * i + 2] = (int)(q.x * q.y);              // 12
    out[10 * i + 3] = t.as_int;                      // 0x3f800000
    out[10 * i + 4] = t.lo + t.hi + t.kind;          // 6
    out[10 * i + 5] = letters + sizeof(word);        // 6 + 1 + 7
    out[10 * i + 6] = twice(i) + thrice(i) + primes[i % 5];
    out[10 * i + 7] = sizeof(tagged) * 100 + _Alignof(float4) + __alignof__(double);  // 1224
    out[10 * i + 8] = (int)origin_table[0].x + (int)origin_table[1].x + (int)origin_table[1].y;  // 1
    out[10 * i + 9] = i == 0 ? printf("features: %d %s %.1f %v2hlf\n", i, names[2], 1.5f, (float2)(1.0f, 2.0f))
                             : 0;
}
