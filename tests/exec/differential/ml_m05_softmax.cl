// Caffe softmax channel kernels fused into one work-group-per-row softmax with local tree reductions
#define LS 16
#define ROW 64
inline float sanit(float x) { return isfinite(x) ? fmin(fmax(x, -50.0f), 50.0f) : 0.0f; }
__kernel __attribute__((reqd_work_group_size(LS,1,1)))
void softmax_fwd(__global float *out, __global const float *in) {
  __local float scratch[LS];
  const int lid = get_local_id(0);
  const int row = get_group_id(0);
  __global const float *x = in + row * ROW;
  __global float *y = out + row * ROW;
  float m = -INFINITY;
  for (int i = lid; i < ROW; i += LS) m = fmax(m, sanit(x[i]));
  scratch[lid] = m;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = LS / 2; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] = fmax(scratch[lid], scratch[lid + s]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  m = scratch[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  float sum = 0.0f;
  for (int i = lid; i < ROW; i += LS) { float e = exp(sanit(x[i]) - m); y[i] = e; sum += e; }
  scratch[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  for (int s = LS / 2; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  sum = scratch[0];
  for (int i = lid; i < ROW; i += LS) y[i] = y[i] / sum;
  // log-softmax alongside
  for (int i = lid; i < ROW; i += LS) y[1024 + i] = sanit(x[i]) - m - log(sum);
}
__kernel void softmax_wg(__global float *out, __global const float *in) {
  const size_t g = get_global_id(0);
  float v = sanit(in[g]);
  float m = work_group_reduce_max(v);
  float e = exp(v - m);
  float s = work_group_reduce_add(e);
  out[g] = e / s;
  out[64 + g] = work_group_scan_inclusive_max(v);
  out[128 + g] = (float)work_group_reduce_min((int)(v * 100.0f));
  out[192 + g] = work_group_broadcast(v, 3);
  out[256 + g] = (float)work_group_any(v > 40.0f) + 2.0f * work_group_all(v > -49.0f);
}
