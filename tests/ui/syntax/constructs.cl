// oclc-flags: -cl-std=CL2.0
// Every construct of oclc's OpenCL C subset, with no diagnostics: top-level
// items, all types and qualifiers, all statements, the full expression
// grammar and every literal form.

// ---- Top level: typedefs, structs, unions, enums, program-scope variables.
typedef int my_int;
typedef unsigned int my_uint, *my_uint_ptr;
typedef struct point { int x; int y; } point_t;
struct node { int value; struct node *next; float weights[4]; };
union bits { uint u; float f; };
enum color { RED, GREEN = 5, BLUE, };
typedef enum { LOW = -1, HIGH = 1 } level_t;

global atomic_int counter = ATOMIC_VAR_INIT(0);
global atomic_flag guard = ATOMIC_FLAG_INIT;
global int table[4] = { 1, 2, 3, 4 };
global point_t origin = { 0, 0 };
constant float scale = 2.5f;
constant int primes[] = { 2, 3, 5, 7, 11 };
__global volatile uint flags_word = 0u;
global struct node head = { 1, 0, { 0.5f, 1.0f, 1.5f, 2.0f } };

// ---- Prototypes and helper functions.
int add(int a, int b);
static inline int square(int v) { return v * v; }
float mix3(const float a, volatile float b, float c);
void no_params(void);
void store_private(private int *p, int v) { *p = v; }
int read_local(local const int *restrict p) { return p[0]; }
int read_constant(constant int *p) { return p[1]; }
int read_generic(generic int *p) { return *p; }
int read_global(__global int *__restrict p) { return *p; }
int sum_array(int a[4]) { return a[0] + a[1] + a[2] + a[3]; }
my_int pass_typedef(my_int v, point_t pt, union bits b) { return v + pt.x + (int)b.u; }
int add(int a, int b) { return a + b; }
float mix3(const float a, volatile float b, float c) { return a * b + c; }
void no_params(void) { }

// ---- Every type spelling.
kernel void types(global int *out) {
    bool b = true;
    char c = 'a';
    signed char sc = -1;
    unsigned char uc1 = 1;
    uchar uc2 = 2;
    short s = 3;
    short int si = 4;
    signed short ss = 5;
    unsigned short us1 = 6;
    ushort us2 = 7;
    int i = 8;
    signed int sgi = 9;
    signed sgn = 10;
    unsigned int ui1 = 11u;
    unsigned ui2 = 12u;
    uint ui3 = 13u;
    long l = 14l;
    long int li = 15L;
    signed long sl = 16;
    unsigned long ul1 = 17ul;
    unsigned long int ul2 = 18UL;
    ulong ul3 = 19lu;
    float f = 1.5f;
    double d = 2.5;
    size_t sz = sizeof(int);
    ptrdiff_t pd = 0;
    intptr_t ip = 0;
    uintptr_t uip = 0;
    memory_order mo = memory_order_relaxed;
    memory_scope ms = memory_scope_work_group;
    cl_mem_fence_flags ff = CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE;
    my_uint mu = 3u;
    my_uint_ptr mup = &mu;
    enum color col = BLUE;
    level_t lv = HIGH;
    int arr[3] = { 1, 2, 3 };
    int grid[2][2] = { { 1, 2 }, { 3, 4 } };
    int *ptr = &arr[0];
    int **pptr = &ptr;
    const int ci = 4;
    volatile int vi = 5;
    point_t pt = { 1, 2 };
    struct node n;
    n.value = 1;
    n.next = 0;
    union bits un;
    un.f = f;
    out[0] = b + c + sc + uc1 + uc2 + s + si + ss + us1 + us2 + i + sgi + sgn
        + (int)(ui1 + ui2 + ui3) + (int)(l + li + sl) + (int)(ul1 + ul2 + ul3)
        + (int)f + (int)d + (int)sz + (int)pd + (int)ip + (int)uip + (int)mo
        + (int)ms + (int)ff + (int)*mup + col + lv + arr[2] + grid[1][0]
        + **pptr + ci + vi + pt.y + n.value + (int)un.u;
}

// ---- Atomic types, including 64-bit and float ones.
kernel void atomics(global atomic_int *ai, global atomic_uint *au,
                    global atomic_long *al, global atomic_ulong *aul,
                    global atomic_float *af, global atomic_double *ad,
                    global atomic_intptr_t *aip, global atomic_uintptr_t *auip,
                    global atomic_size_t *asz, global atomic_ptrdiff_t *apd,
                    local atomic_int *lai, global int *out) {
    atomic_store(ai, 1);
    atomic_fetch_add(au, 2u);
    atomic_fetch_or(al, 4l);
    atomic_fetch_xor(aul, 8ul);
    atomic_store(af, 1.0f);
    atomic_store(ad, 2.0);
    atomic_store(aip, 0);
    atomic_store(auip, 0);
    atomic_store(asz, 0);
    atomic_store(apd, 0);
    atomic_store_explicit(lai, 3, memory_order_release, memory_scope_work_group);
    atomic_fetch_add(&counter, 1);
    if (!atomic_flag_test_and_set(&guard))
        atomic_flag_clear(&guard);
    int expected = 0;
    atomic_compare_exchange_strong(ai, &expected, 5);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
    out[0] = atomic_load_explicit(ai, memory_order_acquire, memory_scope_device);
}

// ---- Attributes.
__attribute__((reqd_work_group_size(64, 1, 1)))
kernel void attributes(global int *out) { out[get_global_id(0)] = 1; }

__kernel __attribute__((work_group_size_hint(16, 1, 1))) __attribute__((vec_type_hint(int)))
void hinted(__global int *out) { out[0] = 2; }

int __attribute__((always_inline)) inlined(int v) { return v; }

// ---- Address-space spellings.
kernel void spaces(__global int *g1, global int *g2, __constant int *c1,
                   constant int *c2, __local int *l1, local int *l2) {
    __private int p1 = 1;
    private int p2 = 2;
    __generic int *gen1 = g1;
    generic int *gen2 = &p1;
    local int scratch[8];
    scratch[0] = c1[0] + c2[0];
    l1[0] = scratch[0];
    l2[0] = p2;
    g2[0] = *gen1 + *gen2 + read_local(l1) + read_constant(c1) + read_generic(g1) + read_global(g2);
}

// ---- Statements.
kernel void statements(global int *out, int n) {
    {
        int nested = 1;
        out[0] = nested;
    }
    ;
    if (n > 0)
        out[1] = 1;
    else if (n < 0)
        out[1] = -1;
    else {
        out[1] = 0;
    }
    for (int i = 0; i < n; i++) {
        if (i == 2)
            continue;
        if (i == 5)
            break;
        out[i] += i;
    }
    int j;
    for (j = 0, n = n; j < 3; ++j, --n) { }
    for (;;) { break; }
    while (n > 10) n--;
    do {
        n++;
    } while (n < 5);
    switch (n) {
    case 0:
        out[2] = 0;
        break;
    case 1:
    case 2: {
        out[2] = 1;
        break;
    }
    case RED + 100:
        out[2] = 3;
    default:
        out[2] = 2;
    }
    store_private(&j, 4);
    no_params();
    union bits bits_zero;
    bits_zero.u = 0u;
    if (n == 99)
        return;
    int four[4] = { 1, 2, 3, 4 };
    out[3] = j + sum_array(four) + table[0] + square(2) + add(1, 2) + (int)mix3(1.0f, 2.0f, 3.0f)
        + pass_typedef(1, origin, bits_zero) + inlined(1);
    return;
}

// ---- Expressions: precedence, casts, unary, postfix, comma, conditional.
kernel void expressions(global int *out, global float *fout, int a, int b, uint u) {
    int x = a + b * 2 - a / 3 % 4;
    x = a << 2 >> 1;
    x = a < b || a <= b && a > b | a >= b ^ a == b & a != b;
    x = !a + ~b + -a + +b;
    x = a ? b : a ? 1 : 2;
    x += 1; x -= 1; x *= 2; x /= 2; x %= 3; x <<= 1; x >>= 1; x &= 7; x |= 8; x ^= 1;
    int y = (x++, x--, ++x, --x, x);
    int *p = &x;
    *p = *p + 1;
    p[0] = (int)(float)a + (int)(uint)u + (int)(char)b + (int)(long)(short)a;
    size_t s1 = sizeof x + sizeof(int) + sizeof(point_t) + sizeof(out[0]) + sizeof(int[4]);
    struct node nd;
    struct node *np = &nd;
    np->value = 3;
    (*np).value += nd.value;
    point_t pts[2];
    pts[1].x = 4;
    out[0] = x + y + (int)s1 + np->value + pts[1].x + (a, b) + (u > 3u) + (int)(size_t)(global int *)0;
    fout[0] = (float)x / 3.0f + (a > b ? 1.5f : 2.5f);
}

// ---- Literals.
kernel void literals(global long *out, global double *dout, global float *fout) {
    out[0] = 0 + 123 + 0x1F + 0XaB + 017 + 0u + 10U + 10l + 10L + 10ul + 10UL + 10lu + 10LU;
    out[1] = 0xFFFFFFFFu + 0x7fffffffffffffffl + 4294967296 + 'a' + '\n' + '\t' + '\\' + '\''
        + '\"' + '\0' + '\x41' + '\101' + '\a' + '\b' + '\f' + '\r' + '\v' + '\?';
    fout[0] = 1.0f + 1.f + .5f + 1e3f + 1.5e-3F + 0x1p3f + 0x1.8p1f + 0X1P-2F + 1.0e+2f;
    dout[0] = 1.0 + .5 + 1. + 1e10 + 2.5E-3 + 0x1p-3 + 0x.8p1 + 1e308;
}
