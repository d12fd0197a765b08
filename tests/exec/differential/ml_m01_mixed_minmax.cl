// mixed scalar/vector builtin calls on input data
kernel void mixed_minmax(global int *out, global const uint *in) {
  size_t g = get_global_id(0);
  global const uint *p = in + g * 64;
  global int *o = out + g * 64;
  float4 f4 = as_float4(vload4(0, p));
  float f = as_float(p[4]);
  int4 i4 = as_int4(vload4(2, p));
  int i = (int)p[12];
  uint4 u4 = vload4(4, p);
  uint u = p[20];
  char4 c4 = as_char4(p[21]);
  uchar4 uc4 = as_uchar4(p[22]);
  short4 s4 = as_short4(vload2(12, p));
  float8 f8 = as_float8(vload8(4, p));
  size_t sz = p[40];
  int k = 0;
  int acc[63];
  for (int j = 0; j < 63; j++) acc[j] = 0;
#define MIX(v) do { int _s = k++ % 63; acc[_s] = rotate(acc[_s], 5) ^ (v); } while (0)
#define PUTI(E) MIX((int)(E))
#define PUTF(E) MIX(as_int(E))
#define PUT4F(E) do { int4 _v = as_int4(E); MIX(_v.x); MIX(_v.y); MIX(_v.z); MIX(_v.w); } while (0)
#define PUT4I(E) do { int4 _v = convert_int4(E); MIX(_v.x); MIX(_v.y); MIX(_v.z); MIX(_v.w); } while (0)
  PUT4F(fmax(f4, f));
  PUT4F(fmax(f4, 1));
  PUT4F(fmin(f4, 0.5));
  PUT4F(clamp(f4, 0, 1));
  PUT4F(clamp(f4, -1.0f, f));
  PUT4I(clamp(i4, 0, 255));
  PUT4I(clamp(i4, i, i + 100));
  PUT4I(clamp(u4, 0, 255));
  PUT4I(clamp(uc4, 10, 200));
  PUT4I(clamp(c4, -5, 5));
  PUT4I(min(u4, 7));
  PUT4I(max(c4, 300));
  PUT4I(max(uc4, -1));
  PUT4I(max(u4, -1));
  PUT4I(min(s4, 70000));
  PUT4F(mix(f4, (float4)(2.0f), 0.25f));
  PUT4F(mix(f8, f8 * 2.0f, 0.5).lo);
  PUTI(min(sz, (size_t)i));
  PUTI(max(sz, 17ul));
  PUT4F(step(0.5f, f4));
  PUT4F(step(0, f4));
  PUT4F(smoothstep(0, 1, f4));
  PUT4F(copysign(f4, f));
  PUT4F(ldexp(f4, 3));
  PUT4F(ldexp(f4, i & 15));
  PUT4F(pown(f4, 2));
  PUT4F(pown(f4, i4 & 7));
  PUT4F(rootn(fabs(f4), 3));
  PUT4I(select(i4, as_int4(u4), i4));
  PUT4I(select(i4, 0, i4 > 0));
  PUT4F(select(f4, 0.0f, i4));
  PUT4F(select(f4, f, u4));
  PUTF(select(f, 0.0f, i));
  PUTF(select(f, 1.0f, u));
  PUT4I(upsample(as_short4(u4.xy), as_ushort4(u4.zw)));
  PUTI(upsample(c4.x, uc4.y));
  PUTI(upsample(s4.x, (ushort)u));
  PUT4I(abs_diff(i4, i4.wzyx));
  PUT4I(abs_diff(c4, (char4)3));
  PUT4I(abs(c4));
  PUTI(abs(i));
  PUTI(abs_diff(i, 5));
  PUT4I(rotate(u4, 3));
  PUT4I(rotate(u4, u));
  PUT4I(rotate(uc4, (uchar4)(1,2,3,9)));
  PUTI(rotate(i, 31));
  PUT4I(mad24(i4, i4, i));
  PUT4I(mul24(i4, 3));
  PUT4I(mul_hi(u4, 0x9E3779B9u));
  PUT4I(mad_sat(c4, c4, c4));
  PUT4I(add_sat(uc4, uc4));
  PUT4I(hadd(i4, i));
  PUT4I(rhadd(uc4, uc4.wzyx));
  PUT4I(popcount(u4));
  PUT4I(clz(c4));
  PUT4I(convert_char4_sat(i4));
  PUT4I(convert_uchar4_sat(f4 * 255.0f));
  PUT4I(convert_uchar4_sat_rte(f4));
  PUT4I(convert_short4_sat_rtz(f4 * 1000.0f));
  PUTI(convert_char_sat(i));
  PUTI(bitselect(i, 0x0f0f0f0f, (int)u));
  PUT4I(bitselect(u4, ~u4, (uint4)0xff00ff00));
  for (int j = 0; j < 63; j++) o[j] = acc[j];
  o[63] = k;
}
