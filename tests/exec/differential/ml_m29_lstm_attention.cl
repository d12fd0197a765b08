// LSTM cell (float4 gates) and a tiny single-head attention (dot, scaled softmax via work-group reduce)
#pragma OPENCL FP_CONTRACT OFF
inline float4 sigm(float4 x) { return 1.0f / (1.0f + exp(-x)); }
inline float4 q8(uint w) { return convert_float4(as_char4(w)) * (1.0f / 32.0f); }
__kernel void lstm_cell(__global float4 *out, __global const uint *in) {
  const int g = get_global_id(0);
  float4 x = q8(in[g]), h = q8(in[64 + g]), c = q8(in[128 + g]);
  float4 gates[4];
  for (int k = 0; k < 4; k++) {
    float4 wx = q8(in[256 + k * 64 + g]), wh = q8(in[512 + k * 64 + g]), b = q8(in[768 + k]);
    gates[k] = wx * x + wh * h + b;
  }
  float4 i = sigm(gates[0]), f = sigm(gates[1] + 1.0f), o = sigm(gates[3]);
  float4 gg = tanh(gates[2]);
  float4 c2 = f * c + i * gg;
  float4 h2 = o * tanh(c2);
  out[g] = h2; out[64 + g] = c2; out[128 + g] = clamp(c2, -1.0f, 1.0f);
}
__kernel void attention_head(__global float *out, __global const uint *in) {
  const int t = get_global_id(0), lid = get_local_id(0), grp = get_group_id(0);
  __local float4 K[16][2], V[16][2];
  float4 q0 = q8(in[t * 2]), q1 = q8(in[t * 2 + 1]);
  K[lid][0] = q8(in[128 + t * 2]); K[lid][1] = q8(in[129 + t * 2]);
  V[lid][0] = q8(in[256 + t * 2]); V[lid][1] = q8(in[257 + t * 2]);
  barrier(CLK_LOCAL_MEM_FENCE);
  const float scale = rsqrt(8.0f);
  float s[16];
  float m = -INFINITY;
  for (int j = 0; j < 16; j++) {
    s[j] = (dot(q0, K[j][0]) + dot(q1, K[j][1])) * scale;
    if (j > lid) s[j] = -INFINITY;       // causal mask
    m = fmax(m, s[j]);
  }
  float sum = 0;
  for (int j = 0; j < 16; j++) { s[j] = exp(s[j] - m); sum += s[j]; }
  float4 o0 = 0, o1 = 0;
  for (int j = 0; j < 16; j++) { float p = s[j] / sum; o0 += p * V[j][0]; o1 += p * V[j][1]; }
  vstore4(o0, t * 2, out); vstore4(o1, t * 2 + 1, out);
  float gsum = work_group_reduce_add(sum);
  float gmax = work_group_reduce_max(m);
  if (lid == 0) { out[512 + grp * 2] = gsum; out[513 + grp * 2] = gmax; }
}
