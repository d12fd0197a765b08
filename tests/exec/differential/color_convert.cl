// oclc-flags: -cl-std=CL1.2
// Colour-space conversions as written in video/ISP kernels: BT.601 RGB->YUV
// in 8-bit fixed point with 4:2:0 chroma averaging, BT.709 YUV->RGB in float
// with saturating rounding, and RGB<->HSV round trips on normalized floats.

typedef uchar4 rgba8_t;

/* BT.601 studio swing, Q8 fixed point coefficients */
#define Y_R  66
#define Y_G  129
#define Y_B  25
#define U_R  (-38)
#define U_G  (-74)
#define U_B  112
#define V_R  112
#define V_G  (-94)
#define V_B  (-18)

inline int3 rgb_to_yuv601_q8(rgba8_t p)
{
    int r = p.x, g = p.y, b = p.z;
    int y = ((Y_R * r + Y_G * g + Y_B * b + 128) >> 8) + 16;
    int u = ((U_R * r + U_G * g + U_B * b + 128) >> 8) + 128;
    int v = ((V_R * r + V_G * g + V_B * b + 128) >> 8) + 128;
    return (int3)(y, u, v);
}

/* image: 32 rows x 128 rgba8 pixels (16 KiB); each WI converts a 2x4 block
 * column-strip pair and writes planar Y (4096 B) + U (1024 B) + V (1024 B) */
__kernel void rgb_to_yuv420(__global uchar *out, __global const rgba8_t *in)
{
    const int gid = get_global_id(0);
    const int by = gid >> 2;            /* 16 block rows of 2 pixel rows */
    const int bx0 = (gid & 3) * 16;     /* 64 2x2 blocks per row, 16 per WI */

    for (int b = 0; b < 16; b++) {
        int x = (bx0 + b) * 2;
        int y = by * 2;
        int3 s = (int3)(0);
        for (int j = 0; j < 2; j++)
            for (int i = 0; i < 2; i++) {
                int3 yuv = rgb_to_yuv601_q8(in[(y + j) * 128 + x + i]);
                out[(y + j) * 128 + x + i] = convert_uchar_sat(yuv.x);
                s += yuv;
            }
        int cidx = by * 64 + bx0 + b;
        out[4096 + cidx] = convert_uchar_sat((s.y + 2) >> 2);
        out[5120 + cidx] = convert_uchar_sat((s.z + 2) >> 2);
    }
}

/* BT.709 full range YUV -> RGB */
__kernel void yuv709_to_rgb(__global uchar4 *out, __global const uchar4 *in)
{
    const int gid = get_global_id(0);
    for (int k = 0; k < 64; k++) {
        uchar4 p = in[gid * 64 + k];            /* x=Y, y=U, z=V, w=alpha */
        float Y = (float)p.x;
        float U = (float)p.y - 128.0f;
        float V = (float)p.z - 128.0f;
        float4 rgb;
        rgb.x = Y + 1.5748f * V;
        rgb.y = Y - 0.1873f * U - 0.4681f * V;
        rgb.z = Y + 1.8556f * U;
        rgb.w = (float)p.w;
        out[gid * 64 + k] = convert_uchar4_sat_rte(rgb);
    }
}

/* ------------------------------- HSV ---------------------------------- */
inline float3 rgb2hsv(float3 c)
{
    float mx = fmax(c.x, fmax(c.y, c.z));
    float mn = fmin(c.x, fmin(c.y, c.z));
    float d = mx - mn;
    float h = 0.0f;
    if (d > 0.0f) {
        if (mx == c.x)
            h = (c.y - c.z) / d + (c.y < c.z ? 6.0f : 0.0f);
        else if (mx == c.y)
            h = (c.z - c.x) / d + 2.0f;
        else
            h = (c.x - c.y) / d + 4.0f;
        h *= 60.0f;
    }
    float s = (mx > 0.0f) ? d / mx : 0.0f;
    return (float3)(h, s, mx);
}

inline float3 hsv2rgb(float3 hsv)
{
    float h = hsv.x / 60.0f;
    float s = hsv.y, v = hsv.z;
    float i = floor(h);
    float f = h - i;
    float p = v * (1.0f - s);
    float q = v * (1.0f - s * f);
    float t = v * (1.0f - s * (1.0f - f));
    int sector = ((int)i) % 6;
    switch (sector) {
    case 0:  return (float3)(v, t, p);
    case 1:  return (float3)(q, v, p);
    case 2:  return (float3)(p, v, t);
    case 3:  return (float3)(p, q, v);
    case 4:  return (float3)(t, p, v);
    default: return (float3)(v, p, q);
    }
}

__kernel void hsv_saturation_boost(__global float4 *out, __global const uchar4 *in)
{
    const int gid = get_global_id(0);
    for (int k = 0; k < 16; k++) {
        uchar4 px = in[gid * 16 + k];
        float3 rgb = convert_float3(px.xyz) * (1.0f / 255.0f);
        float3 hsv = rgb2hsv(rgb);
        /* hue rotate by the alpha byte, boost saturation */
        hsv.x = fmod(hsv.x + (float)px.w * (360.0f / 256.0f), 360.0f);
        hsv.y = clamp(hsv.y * 1.3f, 0.0f, 1.0f);
        float3 back = hsv2rgb(hsv);
        out[gid * 16 + k] = (float4)(back, hsv.x);
    }
}
