// oclc-flags: -cl-std=CL1.2 -D__KERNEL_OPENCL__ -D__KERNEL_OPENCL_INTEL_CPU__ -D__SPLIT_KERNEL__ -D__NO_HAIR__
#ifndef __KERNEL_OPENCL__
#  error "wrong kernel"
#endif
#define ccl_device static inline
#define ccl_device_inline static inline __attribute__((always_inline))
#define ccl_device_forceinline static inline __attribute__((always_inline))
#define ccl_device_noinline static __attribute__((noinline))
#define ccl_may_alias
#define ccl_constant __constant
#define ccl_global __global
#define ccl_local __local
#define ccl_local_param __local
#define ccl_private __private
#define ccl_restrict restrict
#define ccl_ref
#define ccl_align(n) __attribute__((aligned(n)))
#define ccl_optional_struct_init
#define ccl_addr_space
#define ATTR_FALLTHROUGH
#define kernel_assert(cond)
#define ccl_static_constant static __constant
#define make_float2(x, y) ((float2)(x, y))
#define make_float3(x, y, z) ((float3)(x, y, z))
#define make_float4(x, y, z, w) ((float4)(x, y, z, w))
#define make_int2(x, y) ((int2)(x, y))
#define make_int4(x, y, z, w) ((int4)(x, y, z, w))
#define __uint_as_float(x) as_float(x)
#define __float_as_uint(x) as_uint(x)
#define __float_as_int(x) as_int(x)
#define __int_as_float(x) as_float(x)
#define sqrtf(x) sqrt(((float)x))
#define fabsf(x) fabs(((float)x))
#define copysignf(x, y) copysign(((float)(x)), ((float)(y)))
#define fminf(x, y) fmin(((float)(x)), ((float)(y)))
#define fmaxf(x, y) fmax(((float)(x)), ((float)(y)))
#define floorf(x) floor(((float)x))
#define M_PI_F (3.1415926535897932f)
#define M_1_PI_F (0.3183098861837067f)
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
typedef unsigned int uint32_t;
typedef unsigned long uint64_t;
typedef struct ccl_align(16) KernelCamera { float4 cameratoworld_x, cameratoworld_y, cameratoworld_z; int type; float fov; int pad0, pad1; } KernelCamera;
typedef ccl_addr_space struct Ray { float3 P; float3 D; float t; } Ray;
typedef struct ShaderData { float3 P, N, Ng, I; int flag; float u, v; } ShaderData;
enum PathRayFlag { PATH_RAY_CAMERA = (1 << 0), PATH_RAY_REFLECT = (1 << 1), PATH_RAY_TRANSMIT = (1 << 2), PATH_RAY_DIFFUSE = (1 << 3) };
ccl_device_inline float3 float4_to_float3(const float4 a) { return make_float3(a.x, a.y, a.z); }
ccl_device_inline float len_squared(const float3 a) { return dot(a, a); }
ccl_device_inline float3 safe_normalize(const float3 a) { float t = length(a); return (t != 0.0f) ? a * (1.0f / t) : a; }
ccl_device_inline float3 transform_direction(const KernelCamera *t, const float3 a)
{
  float3 c = make_float3(a.x * t->cameratoworld_x.x + a.y * t->cameratoworld_x.y + a.z * t->cameratoworld_x.z,
                         a.x * t->cameratoworld_y.x + a.y * t->cameratoworld_y.y + a.z * t->cameratoworld_y.z,
                         a.x * t->cameratoworld_z.x + a.y * t->cameratoworld_z.y + a.z * t->cameratoworld_z.z);
  return c;
}
ccl_device uint hash_uint2(uint kx, uint ky)
{
#define rot(x, k) (((x) << (k)) | ((x) >> (32 - (k))))
  uint a, b, c;
  a = b = c = 0xdeadbeef + (2 << 2) + 13;
  b += ky; a += kx;
  c ^= b; c -= rot(b, 14);
  a ^= c; a -= rot(c, 11);
  b ^= a; b -= rot(a, 25);
  c ^= b; c -= rot(b, 16);
  a ^= c; a -= rot(c, 4);
  b ^= a; b -= rot(a, 14);
  c ^= b; c -= rot(b, 24);
  return c;
#undef rot
}
ccl_device_forceinline float cmj_randfloat(uint i, uint p)
{
  return (float)(hash_uint2(i, p) >> 8) * (1.0f / 16777216.0f);
}
ccl_device_inline float2 concentric_sample_disk(float u1, float u2)
{
  float r, theta;
  float a = 2.0f * u1 - 1.0f, b = 2.0f * u2 - 1.0f;
  if (a == 0.0f && b == 0.0f) return make_float2(0.0f, 0.0f);
  if (a * a > b * b) { r = a; theta = (M_PI_F / 4) * (b / a); }
  else { r = b; theta = (M_PI_F / 2) - (M_PI_F / 4) * (a / b); }
  return make_float2(r * cos(theta), r * sin(theta));
}
ccl_device_noinline void camera_sample_perspective(const KernelCamera *cam, float raster_x, float raster_y, float lens_u, float lens_v, ccl_addr_space Ray *ray)
{
  float3 Pcamera = make_float3(raster_x, raster_y, 1.0f);
  float3 P = make_float3(0.0f, 0.0f, 0.0f);
  float3 D = Pcamera;
  float2 lensuv = concentric_sample_disk(lens_u, lens_v) * 0.1f;
  P = make_float3(lensuv.x, lensuv.y, 0.0f);
  D = safe_normalize(Pcamera - P);
  ray->P = P;
  ray->D = transform_direction(cam, D);
  ray->t = 1e30f;
}
__kernel void kernel_ocl_path_trace_camera(ccl_global float4 *buffer, ccl_global const uint *rng_state)
{
  int x = get_global_id(0) % 8, y = get_global_id(0) / 8;
  KernelCamera cam ccl_optional_struct_init;
  cam.cameratoworld_x = make_float4(1.0f, 0.0f, 0.0f, 0.0f);
  cam.cameratoworld_y = make_float4(0.0f, 0.8f, -0.6f, 0.0f);
  cam.cameratoworld_z = make_float4(0.0f, 0.6f, 0.8f, 0.0f);
  cam.type = 0;
  uint rng = rng_state[get_global_id(0)];
  Ray ray;
  int flag = PATH_RAY_CAMERA;
  float lu = cmj_randfloat(rng, 0), lv = cmj_randfloat(rng, 1);
  if (unlikely(lu > 0.99f)) flag |= PATH_RAY_TRANSMIT;
  else if (likely(lv < 0.5f)) flag |= PATH_RAY_DIFFUSE;
  camera_sample_perspective(&cam, (float)x / 8.0f, (float)y / 8.0f, lu, lv, &ray);
  switch (flag & 0xc) {
    case PATH_RAY_DIFFUSE: ray.t = 2.0f; ATTR_FALLTHROUGH;
    case PATH_RAY_TRANSMIT: ray.t += 1.0f; break;
    default: break;
  }
  buffer[get_global_id(0) * 4 + 0] = make_float4(ray.P.x, ray.P.y, ray.P.z, ray.t);
  buffer[get_global_id(0) * 4 + 1] = (float4)(ray.D, (float)flag);
  buffer[get_global_id(0) * 4 + 2] = (float4)(__uint_as_float(hash_uint2(x, y) & 0x3fffffffu), copysignf(lu, -1.0f), fminf(lu, lv), sqrtf(lu));
}
