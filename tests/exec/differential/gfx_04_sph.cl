// SPH fluid: density / pressure / forces with poly6, spiky, viscosity kernels; local tiles
#define WG 16
#define H 0.5f
#define MASS 0.02f
#define REST_DENSITY 1000.0f
#define GAS_K 3.0f
#define VISC 0.25f
typedef struct __attribute__((aligned(16))) { float4 pos; float4 vel; } Particle;
typedef struct { float h, h2, poly6, spiky, visc; } SimParams;

static SimParams make_params(float h) {
  SimParams sp;
  sp.h = h; sp.h2 = h * h;
  sp.poly6 = 315.0f / (64.0f * M_PI_F * pown(h, 9));
  sp.spiky = -45.0f / (M_PI_F * pown(h, 6));
  sp.visc = 45.0f / (M_PI_F * pown(h, 6));
  return sp;
}
inline float W_poly6(float r2, const SimParams *sp) {
  float d = sp->h2 - r2;
  return r2 < sp->h2 ? sp->poly6 * d * d * d : 0.0f;
}
inline float4 gradW_spiky(float4 rij, float r, SimParams sp) {
  float d = sp.h - r;
  return (r > 0.0f && r < sp.h) ? rij * (sp.spiky * d * d / r) : (float4)(0.0f);
}

kernel void sph_step(global float4 *out, global const float *in) {
  local Particle tile[WG];
  local float dens[WG];
  const int gid = get_global_id(0), lid = get_local_id(0);
  global const float *p = in + gid * 64;
  Particle me;
  me.pos = (float4)(p[0], p[1], p[2], 0.0f);
  me.pos = select(me.pos, (float4)(lid * 0.1f), isnan(me.pos) || isinf(me.pos) || fabs(me.pos) > 1.0f);
  me.pos.w = 0.0f;
  me.vel = clamp((float4)(p[3], p[4], p[5], 0.0f), -1.0f, 1.0f);
  me.vel = select(me.vel, 0.0f, isnan(me.vel));
  tile[lid] = me;
  barrier(CLK_LOCAL_MEM_FENCE);
  const SimParams sp = make_params(H);
  float rho = 0.0f;
  for (int j = 0; j < WG; ++j) {
    float4 d = me.pos - tile[j].pos;
    rho += MASS * W_poly6(dot(d, d), &sp);
  }
  dens[lid] = rho;
  barrier(CLK_LOCAL_MEM_FENCE);
  float press_i = GAS_K * (rho - REST_DENSITY);
  float4 f = 0.0f;
  for (int j = 0; j < WG; ++j) {
    if (j == lid) continue;
    float4 rij = me.pos - tile[j].pos;
    float r = length(rij);
    float press_j = GAS_K * (dens[j] - REST_DENSITY);
    f += -MASS * (press_i + press_j) / (2.0f * dens[j]) * gradW_spiky(rij, r, sp);
    f += (r < sp.h) ? VISC * MASS * (tile[j].vel - me.vel) / dens[j] * sp.visc * (sp.h - r) : (float4)0;
  }
  float4 acc = f / rho + (float4)(0.0f, -9.8f, 0.0f, 0.0f);
  float4 v = me.vel + 0.001f * acc;
  float4 x = me.pos + 0.001f * v;
  // boundary reflection
  int4 hit = isless(x, (float4)(-1.0f)) | isgreater(x, 1.0f);
  v = select(v, -0.5f * v, hit);
  x = clamp(x, -1.0f, 1.0f);
  out[gid * 3] = x;
  out[gid * 3 + 1] = v;
  out[gid * 3 + 2] = (float4)(rho, press_i, length(f), as_float(hit.x & 7 | hit.y & 0x70));
}
