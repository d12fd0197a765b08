// Stores through selections of selections, as vector-heavy code writes them:
// `v.lo.x = …`, `w.s0123.wz = …`, `p->xyz.zx *= …`, `q.odd.y++`, and reads
// of deep chains such as `v.xyzw.wzyx.lo.x`; each reaches the vector itself.
kernel void k(global float4 *out, global const float4 *in) {
  int i = get_global_id(0);
  float4 v = in[i];
  v.lo.x = 7;
  v.hi.yx += (float2)(1, 2);
  v.xy.y++;
  --v.zw.x;
  float4 w = in[i+1];
  w.s0123.wz = (float2)(3, 4);
  w.hi.lo -= 9;
  out[i*4] = v; out[i*4+1] = w;
  global float4 *p = out + i*4+2;
  *p = v;
  p->lo.hi = 5;
  p->xyz.zx *= 2;
  int4 q = as_int4(v);
  q.odd.y++;
  q.even.x--;
  q.wzyx.xy++;
  out[i*4+3] = as_float4(q) + (float4)(v.lo.y, v.hi.xy.x, w.xyz.zy.y, v.xyzw.wzyx.lo.x);
}
