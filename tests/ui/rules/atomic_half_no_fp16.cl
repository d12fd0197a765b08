// oclc-flags: -cl-std=CL3.0 -cl-ext=-cl_khr_fp16
// E0417 unavailable: atomic_half needs cl_khr_fp16.
kernel void k(global atomic_half *p) {
//                   ^^^^^^^^^^^ error[E0417]: `atomic_half` requires the `cl_khr_fp16` extension
}
