// oclc-flags: -cl-std=CL2.0
// C99 array parameters as ported numeric C writes them: `a[static N]`
// promising a minimum length, qualifiers inside the brackets
// (`b[const]`, `c[restrict static 2]`), in helpers called with private
// arrays (an array parameter is a pointer to private memory in clang).
static int dot4(const int a[static 4], const int b[static 4])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

static void scale_into(int out[const], const int in[restrict static 2], int k)
{
    out[0] = in[0] * k;
    out[1] = in[1] * k;
}

kernel void array_parameters(global int *out, global const int *in)
{
    const size_t g = get_global_id(0);
    int local_copy[4];
    for (int i = 0; i < 4; ++i)
        local_copy[i] = in[8 * g + i] >> 4;
    const int weights[4] = {1, -2, 3, -4};
    out[4 * g] = dot4(local_copy, weights);
    int pair[2];
    scale_into(pair, local_copy + 2, 3);
    out[4 * g + 1] = pair[0];
    out[4 * g + 2] = pair[1];
    int tail[4];
    for (int i = 0; i < 4; ++i)
        tail[i] = in[8 * g + 4 + i] & 0xff;
    out[4 * g + 3] = dot4(tail, local_copy);
}
