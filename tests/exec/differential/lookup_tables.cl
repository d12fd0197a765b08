// oclc-flags: -cl-std=CL2.0
// Program-scope tables of pointers, as parsers and tokenizers keep them:
// keyword strings, pointers into a constant table and at its elements,
// and a struct of name and weights (OpenCL C 2.0 program-scope variables).

constant char *keywords[] = { "kernel", "global", "local", "barrier" };
constant int primes[8] = { 2, 3, 5, 7, 11, 13, 17, 19 };
constant int *odd_primes = primes + 1;
constant int *last_prime = &primes[7];

typedef struct {
    constant char *name;
    float weight;
} Token;

constant Token tokens[3] = {
    { "if", 0.5f },
    { "while", 1.25f },
    { "return", 2.0f },
};

global int hits = 0;

int length(constant char *s)
{
    int n = 0;
    while (s[n] != '\0' && n < 64)
        n++;
    return n;
}

kernel void tokenize(global int *out, global const uint *in)
{
    int gid = get_global_id(0);
    uint word = in[gid];
    constant char *kw = keywords[word & 3];
    out[4 * gid] = length(kw) * 100 + kw[word % (uint)length(kw)];
    out[4 * gid + 1] = odd_primes[word & 3] + *last_prime;
    Token t = tokens[word % 3];
    out[4 * gid + 2] = (int)(t.weight * 4.0f) + length(t.name);
    atomic_add(&hits, length(kw));
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[4 * gid + 3] = t.name[0] + tokens[2].name[1];
}
