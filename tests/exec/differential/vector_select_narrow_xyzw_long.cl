// Vector idioms as the conformance suite and long-vector code write them:
// `.xyzw` on 8- and 16-component vectors (the first four components), a
// vector condition choosing between two scalars of a narrow type (the
// result keeps that type: a `char2`, not an `int2`), and `sizeof` of the
// opaque types (pointer-sized, as clang has them).
kernel void long_xyzw(global int8 *out, global const int8 *in)
{
    const int g = get_global_id(0);
    int8 t = in[g];
    t.z = t.x;
    t.wy = t.s56;
    int16 w = (int16)(t, t.s76543210);
    w.xyzw = w.sfedc + (int4)(g);
    out[g * 2] = t;
    out[g * 2 + 1] = w.odd;
}

kernel void narrow_select(global char2 *out, global const char *in)
{
    const int g = get_global_id(0);
    const char2 c = (char2)(in[g * 4], in[g * 4 + 1]);
    out[g * 4] = c ? in[g * 4 + 2] : in[g * 4 + 3];
    const short2 s = (short2)(in[g * 4], 0);
    const short2 v = s ? (short)-7 : (short)300;
    out[g * 4 + 1] = as_char2(v.x);
    out[g * 4 + 2] = (char2)((char)sizeof(event_t), (char)sizeof(sampler_t));
    out[g * 4 + 3] = (char2)((char)sizeof(reserve_id_t), (char)vec_step(c));
}

kernel void opaque_sizes(global int *out, global const int *in)
{
    const int g = get_global_id(0);
    out[g] = (int)(sizeof(image2d_t) * 1000 + _Alignof(sampler_t) * 100
                   + __alignof__(event_t) * 10 + sizeof(image3d_t)) + in[g] * 0;
}
