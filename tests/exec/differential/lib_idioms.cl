// oclc-flags: -cl-std=CL2.0 -DKNAME=conv_fwd_3x3 -DEMPTY= -DFLAG -DSTRV=hello -DNVEC=8
#define STR_(x) #x
#define STR(x) STR_(x)
#define CAT_(a,b) a##b
#define CAT(a,b) CAT_(a,b)
#define UNROLL _Pragma("unroll")
#define UNROLL_N(n) _Pragma(STR(unroll n))
#define NOUNROLL _Pragma("nounroll")
#define floatN CAT(float, NVEC)
#define intN CAT(int, NVEC)
typedef struct __attribute__((aligned(16))) { float4 v; } f4box;
static float4 mk(uint a) { return (float4)((float)(a & 0xff), (float)((a >> 8) & 0xff), (float)((a >> 16) & 0xff), (float)(a >> 24)); }
static float4 fr(uint a) { return mk(a) * 0.5f; }
__attribute__((vec_type_hint(float4))) __attribute__((work_group_size_hint(16, 1, 1)))
kernel void CAT(MIOpen_, KNAME)(global float4 *restrict out, const global uint *restrict in)
{
  int g = get_global_id(0);
  const global uint *p = in + g * 64;
  float4 a = fr(p[0]), b = fr(p[1]), c = fr(p[2]);
  int o = g * 16;
  out[o++] = a < b ? a : b;
  out[o++] = (float4)(a.lo, fr(p[3]).hi) + (float4)(fr(p[4]).xz, 1.0f, 2.0f).wzyx;
  out[o++] = shuffle2(a, b, (uint4)(0, 5, 2, 7)) + shuffle(c, (uint4)(3, 3, 0, 1));
  float tmp8[8]; vstore4(a, 0, tmp8); vstore4(b, 1, tmp8);
  float3 t3 = vload3(1, (const global float *)0 == 0 ? tmp8 : (float *)&b);
  out[o++] = (float4)(t3, fr(p[5]).s3) + (float4)(c.even, c.odd);
  float8 e = (float8)(a, b);
  out[o++] = e.s1357 + e.hi.lo.xyxy.s0000;
  int4 m = isgreater(a, b) | isless(c, b);
  out[o++] = (float4)(any(m), all(m), any(m.xy), all(m.zw));
  f4box bx = { c };
  out[o++] = bx.v.wzyx + (float4)(sizeof(f4box), __alignof__(f4box), sizeof(float3), vec_step(float3));
  float4 acc = 0;
  UNROLL for (int i = 0; i < 4; ++i) acc += fr(p[8 + i]);
  UNROLL_N(2) for (int i = 0; i < 4; ++i) acc -= fr(p[12 + i]) * 0.25f;
  NOUNROLL for (int i = 0; i < 3; ++i) acc.x += i;
  __attribute__((opencl_unroll_hint(2))) for (int i = 0; i < 4; ++i) acc.y += fr(p[16 + i]).y;
  __attribute__((opencl_unroll_hint)) for (int i = 0; i < 4; ++i) acc.z += (float)i;
  #pragma clang loop unroll(disable)
  for (int i = 0; i < 4; ++i) acc.w += 1.0f;
  out[o++] = acc;
  floatN wide = (floatN)(1.0f);
  intN wi = CAT(convert_, intN)(wide * (float)g);
  out[o++] = CAT(convert_, floatN)(wi).lo + (float4)(EMPTY 1.0f);
#ifdef FLAG
  out[o++] = (float4)(FLAG, sizeof(STR(STRV)), sizeof(STR(KNAME)), STR(STRV)[1]);
#endif
  __private ushort hbuf[8]; __private half *h = (__private half *)hbuf;
  vstore_half4_rte(fr(p[20]), 0, h);
  out[o++] = vload_half4(0, h) + vloada_half4(0, h);
  float4 q = fr(p[21]) - 64.0f;
  out[o++] = convert_float4(convert_uchar4_sat_rte(q * 3.3f)) + convert_float4(convert_int4_rtn(q * 0.3f));
  out[o++] = as_float4(as_int4(a) ^ (int4)(0x80000000)) + as_float4(as_float3((float4)(1.0f)).xyzz);
  union { float4 f; uint4 u; uchar16 b; } un; un.f = c;
  out[o++] = as_float4(un.u & (uint4)(0xffffff00u)) + convert_float4(un.b.s048c);
}
