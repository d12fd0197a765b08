// oclc-flags: -cl-std=CL1.2
// CL1.2 address-space-specific pointer-out math builtins (fract/modf/frexp/remquo/sincos/lgamma_r)
__kernel void ptr_math(__global float *out, __global const float *in) {
  __local float lsc[64];
  __local int lisc[64];
  __local float4 lv[16];
  const int g = get_global_id(0), l = get_local_id(0);
  float x = in[g];
  x = isfinite(x) ? fmod(x, 1000.0f) : 2.5f;
  float ip; int e; int q;
  out[g * 64 + 0] = fract(x, &ip);  out[g * 64 + 1] = ip;
  out[g * 64 + 2] = modf(x, &out[g * 64 + 3]);
  out[g * 64 + 4] = fract(x * 3.0f, &lsc[l]);
  out[g * 64 + 6] = frexp(x, &e);  out[g * 64 + 7] = (float)e;
  out[g * 64 + 8] = frexp(x, &lisc[l]);
  out[g * 64 + 10] = remquo(x, 0.75f, &q);  out[g * 64 + 11] = (float)q;
  out[g * 64 + 12] = remquo(x, 1.25f, (__global int *)&out[g * 64 + 13]);
  out[g * 64 + 14] = lgamma_r(fabs(x) + 0.5f, &q); out[g * 64 + 15] = (float)q;
  float4 v = vload4(g, in);
  v = select(v, (float4)0.25f, isnan(v) | isinf(v));
  v = fmod(v, 100.0f);
  float4 vi;
  vstore4(fract(v, &vi), 4, out + g * 64);
  vstore4(vi, 5, out + g * 64);
  vstore4(modf(v, &lv[l]), 6, out + g * 64);
  int4 e4;
  vstore4(frexp(v, &e4), 7, out + g * 64);
  vstore4(convert_float4(e4), 8, out + g * 64);
  float4 c4;
  vstore4(sincos(v, &c4) + c4, 9, out + g * 64);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g * 64 + 5] = lsc[l];
  out[g * 64 + 9] = (float)lisc[l];
  vstore4(lv[l], 10, out + g * 64);
  out[g * 64 + 44] = ldexp(out[g * 64 + 6], e);
  out[g * 64 + 45] = ilogb(x);
  out[g * 64 + 46] = logb(x);
  out[g * 64 + 47] = nan(0x400000u) + 0.0f;
}
