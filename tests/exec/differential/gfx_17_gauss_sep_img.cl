// oclc-corpus: image rgba8
// Separable Gaussian with local tiles (apron), Sobel magnitude, bilateral on the result
#define R 2
#define TW 8
#define TH 8
constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
constant float gk[2 * R + 1] = { 0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f };

typedef struct { float4 c; float l; } TexelL;

inline float lum(float4 c) { return dot(c.xyz, (float3)(0.299f, 0.587f, 0.114f)); }

__attribute__((reqd_work_group_size(8, 8, 1)))
kernel void blur_sobel(write_only image2d_t out, read_only image2d_t in) {
  local float4 tile[TH + 2 * R][TW + 2 * R];
  local float4 tmp[TH + 2 * R][TW];
  local TexelL blurred[TH][TW];
  const int2 g = (int2)(get_global_id(0), get_global_id(1));
  const int2 l = (int2)(get_local_id(0), get_local_id(1));
  const int2 base = (int2)(get_group_id(0) * TW, get_group_id(1) * TH) - R;
  for (int y = l.y; y < TH + 2 * R; y += TH)
    for (int x = l.x; x < TW + 2 * R; x += TW)
      tile[y][x] = read_imagef(in, smp, base + (int2)(x, y));
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int y = l.y; y < TH + 2 * R; y += TH) {
    float4 s = 0.0f;
    #pragma unroll
    for (int k = -R; k <= R; ++k) s += gk[k + R] * tile[y][l.x + R + k];
    tmp[y][l.x] = s;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 s = 0.0f;
  #pragma unroll
  for (int k = -R; k <= R; ++k) s += gk[k + R] * tmp[l.y + R + k][l.x];
  blurred[l.y][l.x] = (TexelL){ s, lum(s) };
  barrier(CLK_LOCAL_MEM_FENCE);
  // Sobel on luminance of blurred tile (clamped inside the tile)
  #define L(dx, dy) blurred[clamp(l.y + (dy), 0, TH - 1)][clamp(l.x + (dx), 0, TW - 1)].l
  float gx = -L(-1,-1) - 2.0f * L(-1,0) - L(-1,1) + L(1,-1) + 2.0f * L(1,0) + L(1,1);
  float gy = -L(-1,-1) - 2.0f * L(0,-1) - L(1,-1) + L(-1,1) + 2.0f * L(0,1) + L(1,1);
  float mag = hypot(gx, gy);
  // bilateral 3x3 in the tile
  float4 acc = 0.0f; float wsum = 0.0f;
  const float center = blurred[l.y][l.x].l;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      TexelL t = blurred[clamp(l.y + dy, 0, TH - 1)][clamp(l.x + dx, 0, TW - 1)];
      float d = t.l - center;
      float w = exp(-(dx * dx + dy * dy) * 0.5f) * exp(-d * d * 50.0f);
      acc += w * t.c; wsum += w;
    }
  float4 res = (g.x < 16) ? acc / wsum : (float4)(mag, mag, mag, 1.0f);
  write_imagef(out, g, clamp(res, 0.0f, 1.0f));
}
