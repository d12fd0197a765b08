kernel void k(global int4 *out, global const float4 *in) {
  int gid = get_global_id(0);
  global int4 *o = out + gid * 16;
  float4 v = in[gid];
  v = select(v, (float4)(1.25f, -2.5f, 3.75f, 300.5f), isnan(v) | isinf(v) | (fabs(v) > 1e6f));
  int s = (int)v.w; bool b = v.x > 0;
  o[0] = as_int4((float4)(v.xy, 1, 2u));
  o[1] = (int4)((int2)(s, -s), s, 'a');
  o[2] = as_int4((float8)(v, v.zw, v.x, 1.0).s4567);
  o[3] = convert_int4((uchar4)(-1, 256, 3.7f, true));
  o[4] = convert_int4((char4)(v.x, v.y, v.z, b));
  o[5] = (int4)(b, !b, b + b, -b);
  o[6] = as_int4((float4)((float2)(v.x), (float2)(v.yz)));
  o[7] = (int4)(v.x < v.y, isless(v.z, v.w), isnan(v.x), any(v < 0.0f));
  o[8] = convert_int4((short4)(s, s >> 1, (short)s, 70000));
  o[9] = as_int4((uint4)(v.x, -1, 1u << 31, 0x1p4f));
  o[10] = convert_int4_sat((long4)(5000000000L, -5000000000L, s, (long)v.y));
  o[11] = (int4)(v.w);
}
