// Vectors indexed like arrays (a clang extension common in real code):
// reading and writing components by a run-time index, through pointers and
// on rvalues, plus scalar arguments splatted into vector parameters of
// built-ins (`rotate(uint4, uint)`, `clamp(int4, int, int)`).

int weighted_sum(int4 v)
{
    int s = 0;
    for (int c = 0; c < 4; c++)
        s += v[c] * (c + 1);
    return s;
}

kernel void index_components(global int *out, global const int4 *in)
{
    int i = get_global_id(0);
    int4 v = in[i];
    out[8 * i + 0] = weighted_sum(v);
    v[i & 3] = 100;
    out[8 * i + 1] = v[0] + v[1] + v[2] + v[3];
    out[8 * i + 2] = (v + 1)[(i + 1) & 3];
    int8 wide = (int8)(v, in[i + 1 < get_global_size(0) ? i + 1 : 0]);
    int m = wide[0];
    for (int c = 1; c < 8; c++)
        m = max(m, wide[c]);
    out[8 * i + 3] = m;
    out[8 * i + 4] = clamp(v, 0, 10)[2] + clamp(v, -5, 5).x;
}

kernel void index_through_pointers(global float4 *out, global const float4 *in)
{
    int i = get_global_id(0);
    out[i] = in[i];
    out[i][1] = 2.5f;
    out[i][i % 4] += 1.0f;
    local float4 tile[16];
    tile[get_local_id(0)] = in[i];
    tile[get_local_id(0)][3] = (float)i;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i + get_global_size(0)] = tile[(get_local_id(0) + 1) % 16];
}

kernel void splat_arguments(global uint4 *out, global const uint4 *in)
{
    int i = get_global_id(0);
    uint4 x = in[i];
    out[4 * i + 0] = rotate(x, 7u);
    out[4 * i + 1] = rotate(x, (uint)i);
    out[4 * i + 2] = as_uint4(fmax(as_float4(x & 0x3fffffffu), 2.0f));
    out[4 * i + 3] = min(x, 1000u) + max(x, (uint4)(5u, 6u, 7u, 8u)) / 1024u;
}

// A vector literal is a primary expression: suffixes apply to the literal.
kernel void literal_suffixes(global float *out, global const float2 *in)
{
    int i = get_global_id(0);
    float2 a = in[i], b = in[(i + 7) & 63];
    out[4 * i + 0] = (float4)(a.x).y;
    out[4 * i + 1] = (float4)(a, b).w + (float4)(a, b)[2];
    float2 odd = (float4)(a, b).odd;
    out[4 * i + 2] = odd.x - odd.y;
    out[4 * i + 3] = (float8)(a, b, a, b).hi.lo.x + (float2)(3.0f)[1];
}
