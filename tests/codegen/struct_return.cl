// A helper returning a struct stores it through a hidden first parameter
// (`FuncParamAttr NoAlias`, `Sret`, `Alignment`) and returns void; the
// caller passes a Function variable and loads it, as llvm-spirv emits it
// (Intel's runtime crashed on struct results returned by value). A struct
// whose `aligned` member moves it gets explicit padding members.
typedef struct { int a; float b; } pair_t;

typedef struct {
    uchar kind;
    uint len __attribute__((aligned(16)));
} header_t;

pair_t make_pair(int a, float b)
{
    pair_t p = { a, b };
    return p;
}

kernel void pick(global int *out, global const int *in, global header_t *h)
{
    const int g = get_global_id(0);
    pair_t p;
    if (in[g])
        p = make_pair(1, 1.5f);
    else
        p = make_pair(2, 2.0f);
    out[g] = p.a + (int)p.b + h[g].len;
}
