kernel void k(global int4 *out, global const int *in) {
  int gid = get_global_id(0);
  global int4 *o = out + gid * 16;
  float f = 1.75f + (float)(in[gid] & 1);
  int big = 300 + (in[gid] & 1);
  uint ub = 0x80000001u + (in[gid] & 1);
  int4 a = f;            o[0] = a;
  int4 b = -f;           o[1] = b;
  uchar4 c = big;        o[2] = convert_int4(c);
  char4 d = ub;          o[3] = convert_int4(d);
  float4 e = 16777217 + (in[gid] & 1); o[4] = as_int4(e);
  ulong2 g = -1 - (in[gid] & 1); o[5] = as_int4(g);
  double2 h = f;         o[6] = as_int4(h);
  short4 s = 70000 + big; o[7] = convert_int4(s);
  int4 t = (int4)(f);    o[8] = t;
  int4 u2 = (int4)f;     o[9] = u2;
  o[10] = (float4)(1, 2, 3, 4) * f > 3.0f;
  o[11] = convert_int4((uchar4)(big));
}
