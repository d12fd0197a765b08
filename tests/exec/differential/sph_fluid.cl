// oclc-flags: -cl-std=CL1.2
// Smoothed-particle hydrodynamics (WCSPH) step: float8 particle state (pos/density,
// vel/pressure), a float16 parameter block addressed through swizzle macros, poly6/
// spiky/viscosity kernels with pown(), Tait EOS and select()-based wall reflection;
// neighbour search is an all-pairs sweep over local-memory tiles.

#define PI_F 3.14159265358979f
#define NUM_PARTICLES 64
#define TILE 16

/* parameter block layout (float16) */
#define P_H        s0
#define P_MASS     s1
#define P_REST_RHO s2
#define P_STIFF    s3
#define P_VISC     s4
#define P_DT       s5
#define P_GRAVITY  s678      /* float3 */
#define P_BOXMIN   s9AB      /* float3 */
#define P_BOXMAX   sCDE      /* float3 */
#define P_DAMP     sF

#define SPH_PARAMS (float16)(0.25f, 0.02f, 1000.0f, 3.0f, 0.1f, 0.004f, \
                             0.0f, -9.81f, 0.0f,  0.0f, 0.0f, 0.0f,     \
                             1.0f, 1.0f, 1.0f,  0.5f)

inline float W_poly6(float r2, float h)
{
    float h2 = h * h;
    if (r2 >= h2) return 0.0f;
    float d = h2 - r2;
    return 315.0f / (64.0f * PI_F * pown(h, 9)) * d * d * d;
}

inline float3 gradW_spiky(float3 rij, float r, float h)
{
    if (r >= h || r < 1e-6f) return (float3)(0.0f);
    float d = h - r;
    return (-45.0f / (PI_F * pown(h, 6)) * d * d / r) * rij;
}

inline float lapW_visc(float r, float h)
{
    return r < h ? 45.0f / (PI_F * pown(h, 6)) * (h - r) : 0.0f;
}

/* positions inside the unit box, velocities in [-1,1] */
inline float8 load_particle(__global const float8 *p, int i)
{
    float8 v = p[i];
    v = select((float8)(0.5f), v, isfinite(v));
    float3 pos = clamp(fabs(v.s012) * (1.0f / 32.0f), 0.0f, 1.0f);
    float3 vel = clamp(v.s456 * (1.0f / 32.0f), -1.0f, 1.0f);
    return (float8)(pos, 0.0f, vel, 0.0f);
}

/* density + pressure for particles [0, NUM_PARTICLES) into local arrays */
void compute_density(__global const float8 *particles, const float16 prm,
                     __local float4 *tile, __local float *rho_l, __local float *prs_l)
{
    const int lid = get_local_id(0);
    const float h = prm.P_H;
    float rho[NUM_PARTICLES / TILE];
    float3 pos[NUM_PARTICLES / TILE];
    for (int k = 0; k < NUM_PARTICLES / TILE; ++k) {
        pos[k] = load_particle(particles, lid + k * TILE).s012;
        rho[k] = 0.0f;
    }
    for (int t = 0; t < NUM_PARTICLES; t += TILE) {
        tile[lid] = (float4)(load_particle(particles, t + lid).s012, 0.0f);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < TILE; ++j)
            for (int k = 0; k < NUM_PARTICLES / TILE; ++k) {
                float3 d = pos[k] - tile[j].xyz;
                rho[k] += W_poly6(dot(d, d), h);
            }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int k = 0; k < NUM_PARTICLES / TILE; ++k) {
        float r = rho[k] * prm.P_MASS;
        /* Tait equation of state, gamma = 7 */
        float pressure = prm.P_STIFF * (pown(r / prm.P_REST_RHO, 7) - 1.0f);
        rho_l[lid + k * TILE] = r;
        prs_l[lid + k * TILE] = fmax(pressure, 0.0f);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

__kernel __attribute__((reqd_work_group_size(TILE, 1, 1)))
void sph_density(__global float8 *out, __global const float8 *in)
{
    __local float4 tile[TILE];
    __local float rho_l[NUM_PARTICLES], prs_l[NUM_PARTICLES];
    const float16 prm = SPH_PARAMS;
    compute_density(in, prm, tile, rho_l, prs_l);

    const int i = get_global_id(0);
    float8 pi = load_particle(in, i);
    pi.s3 = rho_l[i];
    pi.s7 = prs_l[i];
    out[i] = pi;
}

__kernel __attribute__((reqd_work_group_size(TILE, 1, 1)))
void sph_forces(__global float4 *out, __global const float8 *in)
{
    __local float4 tile[TILE];
    __local float rho_l[NUM_PARTICLES], prs_l[NUM_PARTICLES];
    const float16 prm = SPH_PARAMS;
    compute_density(in, prm, tile, rho_l, prs_l);

    const int i = get_global_id(0);
    float8 pi = load_particle(in, i);
    pi.s3 = rho_l[i];
    pi.s7 = prs_l[i];
    const float h = prm.P_H;
    const float4 posi = pi.lo, veli = pi.hi;

    float3 fp = (float3)(0.0f), fv = (float3)(0.0f);
    for (int j = 0; j < NUM_PARTICLES; ++j) {
        if (j == i) continue;
        float8 pj = load_particle(in, j);
        pj.s3 = rho_l[j];
        pj.s7 = prs_l[j];
        float3 rij = posi.xyz - pj.s012;
        float r = length(rij);
        if (r >= h) continue;
        fp -= prm.P_MASS * (veli.w + pj.s7) / (2.0f * pj.s3) * gradW_spiky(rij, r, h);
        fv += prm.P_VISC * prm.P_MASS * (pj.s456 - veli.xyz) / pj.s3 * lapW_visc(r, h);
    }
    float3 a = (fp + fv) / posi.w + prm.P_GRAVITY;
    out[i] = (float4)(a, 0.0f);
}

__kernel void sph_integrate(__global float8 *out, __global const float8 *in)
{
    const float16 prm = SPH_PARAMS;
    const int i = get_global_id(0);
    float8 p = load_particle(in, i);
    float8 raw = in[NUM_PARTICLES + i];
    float3 acc = select((float3)(0.0f), clamp(raw.s012, -32.0f, 32.0f), isfinite(raw.s012));
    p.s456 += acc * prm.P_DT * 16.0f;
    p.s012 += p.s456 * prm.P_DT * 16.0f;

    /* reflect off box walls with damping */
    int3 lo = p.s012 < prm.P_BOXMIN;
    int3 hi = p.s012 > prm.P_BOXMAX;
    p.s012 = select(p.s012, prm.P_BOXMIN, lo);
    p.s012 = select(p.s012, prm.P_BOXMAX, hi);
    p.s456 = select(p.s456, -p.s456 * prm.P_DAMP, lo | hi);
    out[i] = p;
}

/* even/odd split of interleaved (x,y) float16 streams into SoA */
__kernel void deinterleave_xy(__global float8 *out, __global const float16 *in)
{
    const int i = get_global_id(0);
    const int n = get_global_size(0);
    float16 v = in[i];
    out[i] = v.even;
    out[n + i] = v.odd;
}

__kernel void shift_points(__global float4 *out, __global const float4 *in)
{
    const float2 delta = (float2)(0.125f, -0.5f);
    const int n = 256;
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        float4 p = in[i];
        p = select((float4)(0.0f), p, isfinite(p));
        p.s01 += delta;
        out[i] = p;
    }
}
