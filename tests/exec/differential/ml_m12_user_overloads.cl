#define OVL __attribute__((overloadable))
OVL float act(float x) { return fmax(x, 0.0f); }
OVL float4 act(float4 x) { return fmax(x, 0.0f) * 2.0f; }
OVL int act(int x) { return max(x, 0) + 1; }
OVL uint act(uint x) { return x + 100u; }
OVL float dotp(float4 a, float4 b) { return dot(a, b); }
OVL float dotp(float a, float b) { return a * b; }
OVL int scale(global int *p) { return *p * 2; }
OVL int scale(local int *p) { return *p * 3; }
OVL int scale(private int *p) { return *p * 4; }
kernel void user_overloads(global float4 *out, global const int *in) {
  local int l[1];
  int g = get_global_id(0);
  if (get_local_id(0) == 0) l[0] = 7;
  barrier(CLK_LOCAL_MEM_FENCE);
  int p = in[g];
  float f = as_float(in[g]);
  out[g] = (float4)(act(f), act(p), act((uint)p), act(3u));
  out[64 + g] = act((float4)(f, -f, 1, -1));
  out[128 + g] = (float4)(act('a'), act((short)-5), act((char)-2), dotp(f, 2));
  out[192 + g] = (float4)(scale((global int*)in + g), scale(l), scale(&p), dotp((float4)f, (float4)(1.0f)));
}
