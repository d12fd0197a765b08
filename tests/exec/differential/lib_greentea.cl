// oclc-flags: -cl-std=CL1.2 -DTYPE=1 -DTYPE_FLOAT=1 -DTYPE_DOUBLE=2
#ifndef __OPENCL_C_VERSION__
#include "header.cl"
#endif
#define CONCAT(A,B) A##_##B
#define TEMPLATE(name,type) CONCAT(name,type)
#define KERNEL_ARG_DTYPE float
#define int_tp int
#define uint_tp unsigned int
#define int_tpc int
#define uint_tpc unsigned int
#if TYPE == TYPE_DOUBLE
#define Dtype double
#else
#define Dtype float
#define Dtype2 float2
#define Dtype4 float4
#define as_Dtype as_float
#endif
#define OCL_KERNEL_LOOP(i, n) for (int_tp i = get_global_id(0); i < (n); i += get_global_size(0))
#define DTYPE_MAX FLT_MAX
__kernel void TEMPLATE(relu_forward,Dtype)(__global Dtype* out, __global const uint_tp* in) {
  const int_tp n = 64 * 8;
  KERNEL_ARG_DTYPE negative_slope = 0.01f;
  OCL_KERNEL_LOOP(index, n) {
    Dtype v = (Dtype)((int)in[index] >> 8) / 256.0f;
    out[index] = v > 0 ? v : v * negative_slope;
  }
}
__kernel void TEMPLATE(max_pool_forward,Dtype)(__global Dtype* top_data, __global const uint_tp* in) {
  const int_tp nthreads = 64, channels = 1, height = 16, width = 16;
  const int_tp pooled_height = 8, pooled_width = 8, kernel_h = 3, kernel_w = 3;
  const int_tp stride_h = 2, stride_w = 2, pad_h = 1, pad_w = 1;
  for (int_tp index = get_global_id(0); index < nthreads; index += get_global_size(0)) {
    const int_tp pw = index % pooled_width;
    const int_tp ph = (index / pooled_width) % pooled_height;
    int_tp hstart = ph * stride_h - pad_h;
    int_tp wstart = pw * stride_w - pad_w;
    const int_tp hend = min(hstart + kernel_h, height);
    const int_tp wend = min(wstart + kernel_w, width);
    hstart = max(hstart, (int_tp)0);
    wstart = max(wstart, (int_tp)0);
    Dtype maxval = -DTYPE_MAX;
    int_tp maxidx = -1;
    for (int_tp h = hstart; h < hend; ++h) {
      for (int_tp w = wstart; w < wend; ++w) {
        Dtype v = (Dtype)((int)in[h * width + w] >> 4);
        if (v > maxval) { maxidx = h * width + w; maxval = v; }
      }
    }
    top_data[index] = maxval;
    top_data[64 + index] = as_Dtype(maxidx);
  }
}
__kernel void TEMPLATE(softmax_loss_forward,Dtype)(__global Dtype* loss, __global const uint_tp* in) {
  int_tp index = get_global_id(0);
  const int_tp label_value = (int_tp)(in[index] & 7u);
  const int_tp has_ignore_label_ = 1, ignore_label_ = 5;
  Dtype prob = (Dtype)(in[index+64] & 0xffff) / 65536.0f;
  if (has_ignore_label_ == 1 && label_value == ignore_label_) {
    loss[index] = 0; loss[index+64] = 0;
  } else {
    loss[index] = -log(max((Dtype)prob, (Dtype)FLT_MIN));
    loss[index+64] = 1;
  }
}
