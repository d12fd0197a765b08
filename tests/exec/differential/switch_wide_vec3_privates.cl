// oclc-flags: -cl-std=CL2.0
// Dispatch and small-array idioms of emulators and protocol decoders:
// switch on long and ulong values with cases far apart (and negative),
// switch on char with negative case labels and character cases, private
// arrays of float3/int3 (16-byte stride) indexed dynamically and passed
// to helpers, helpers returning 3-component vectors, and early returns.

inline int decode_op(long code)
{
    switch (code) {
    case -1L: return 1;
    case 0x100000000L: return 2;
    case 0x7fffffffffffffffL: return 3;
    case (long)0x8000000000000000UL: return 4;
    case 42: return 5;
    default: break;
    }
    if (code < 0) return 6;
    return 7;
}

inline int decode_uop(ulong code)
{
    switch (code >> 60) {
    case 0xf: return 10;
    case 0x8: return 20;
    case 0: return code == 0 ? 30 : 40;
    }
    return 50;
}

inline int classify_char(char c)
{
    switch (c) {
    case -128: return 1;
    case -1: return 2;
    case '\0': return 3;
    case 'A': case 'Z': return 4;
    case '0': case '1': case '2': return 5;
    default: return c < 0 ? 6 : 7;
    }
}

inline float3 centroid(const float3 *pts, int n)
{
    float3 s = 0.0f;
    for (int i = 0; i < n; i++)
        s += pts[i];
    return s / (float)n;
}

inline int3 argmax3(int3 *v, int n)
{
    int3 best = v[0];
    for (int i = 1; i < n; i++) {
        if (v[i].x > best.x) best = v[i];
        if (v[i].y < 0) return (int3)(-1);
    }
    return best;
}

__kernel void dispatch(__global int *out, __global const long *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    for (int i = 0; i < 8; i++) {
        long v = in[gid * 32 + i];
        long pick = (i == 0) ? -1L : (i == 1) ? 0x100000000L : (i == 2) ? LONG_MAX : (i == 3) ? LONG_MIN : v;
        out[b + i] = decode_op(pick);
        out[b + 8 + i] = decode_uop(as_ulong(v));
        out[b + 16 + i] = classify_char((char)v) + classify_char((char)(v >> 8)) * 10;
    }
    float3 pts[6];
    int3 iv[6];
    for (int i = 0; i < 6; i++) {
        long v = in[gid * 32 + 8 + i];
        pts[i] = (float3)((float)(v & 0xff), (float)((v >> 8) & 0xff), (float)((v >> 16) & 0xff));
        iv[i] = (int3)((int)(v & 0xffff), (int)((v >> 16) & 0xff) - 8, i);
    }
    float3 c = centroid(pts, 6);
    out[b + 24] = as_int(c.x);
    out[b + 25] = as_int(c.y);
    out[b + 26] = as_int(c.z);
    int3 m = argmax3(iv, 6);
    out[b + 27] = m.x;
    out[b + 28] = m.y;
    out[b + 29] = m.z;
    int k = (int)(in[gid * 32 + 20] & 3);
    out[b + 30] = as_int(pts[k + 1].y) ^ iv[5 - k].z;
    out[b + 31] = (int)sizeof(pts) + (int)sizeof(iv[0]);
}
