// oclc-flags: -cl-std=CL1.2
// Monte-Carlo pricing of arithmetic Asian options with a counter-based
// Philox4x32-10 generator (Random123 style, mul_hi rounds), Box-Muller via
// sincos, antithetic paths and per-group local-memory tree reduction, plus a
// 64-bit LCG skip-ahead kernel.

#define PHILOX_M4x32_0 ((uint)0xD2511F53)
#define PHILOX_M4x32_1 ((uint)0xCD9E8D57)
#define PHILOX_W32_0   ((uint)0x9E3779B9)
#define PHILOX_W32_1   ((uint)0xBB67AE85)

#define GROUP_SIZE 16
#define MC_STEPS 16
#define MC_PATHS 4
#define LCG_NSKIP 1000003UL

typedef struct { uint4 v; } philox4x32_ctr_t;
typedef struct { uint2 v; } philox4x32_key_t;

typedef struct {
    float S0;
    float K;
    float r;
    float sigma;
    float T;
    uint  steps;
    uint  paths_per_item;
    uint  seed;
} option_t;

inline uint4 philox_round(uint4 ctr, uint2 key)
{
    uint hi0 = mul_hi(PHILOX_M4x32_0, ctr.x);
    uint lo0 = PHILOX_M4x32_0 * ctr.x;
    uint hi1 = mul_hi(PHILOX_M4x32_1, ctr.z);
    uint lo1 = PHILOX_M4x32_1 * ctr.z;
    return (uint4)(hi1 ^ ctr.y ^ key.x, lo1, hi0 ^ ctr.w ^ key.y, lo0);
}

inline uint4 philox4x32_10(philox4x32_ctr_t c, philox4x32_key_t k)
{
    uint4 x = c.v;
    uint2 key = k.v;
#pragma unroll
    for (int i = 0; i < 9; i++) {
        x = philox_round(x, key);
        key += (uint2)(PHILOX_W32_0, PHILOX_W32_1);
    }
    return philox_round(x, key);
}

/* [0,1) -> (0,1] float with 24 bits of randomness */
inline float4 u01(uint4 r)
{
    return (convert_float4(r >> 8) + 1.0f) * (1.0f / 16777216.0f);
}

inline float2 box_muller(float2 u)
{
    float c;
    float s = sincos(2.0f * M_PI_F * u.y, &c);
    float rad = sqrt(-2.0f * log(u.x));
    return rad * (float2)(c, s);
}

inline float param(uint bits, float lo, float hi)
{
    return lo + (hi - lo) * (float)(bits & 0xFFFFu) * (1.0f / 65535.0f);
}

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void asian_mc(__global float2 *restrict out, __global const uint *restrict in)
{
    __local float2 scratch[GROUP_SIZE];
    option_t opt;
    opt.S0 = param(in[0], 50.0f, 150.0f);
    opt.K = param(in[1], 10.0f, 60.0f);
    opt.r = param(in[2], 0.0f, 0.08f);
    opt.sigma = param(in[3], 0.05f, 0.6f);
    opt.T = param(in[4], 0.25f, 3.0f);
    opt.steps = MC_STEPS;
    opt.paths_per_item = MC_PATHS;
    opt.seed = in[5];
    __global float2 *partial = out;           /* (sum, sum^2) per group */

    const uint gid = get_global_id(0);
    const uint lid = get_local_id(0);
    const uint lsz = get_local_size(0);

    const float dt = opt.T / (float)opt.steps;
    const float drift = (opt.r - 0.5f * opt.sigma * opt.sigma) * dt;
    const float vol = opt.sigma * sqrt(dt);

    philox4x32_key_t key = {{ opt.seed, 0xCAFEF00Du }};
    philox4x32_ctr_t ctr = {{ 0u, 0u, gid, 0u }};

    float2 acc = (float2)(0.0f);
    for (uint p = 0; p < opt.paths_per_item; p++) {
        float S = opt.S0, Sa = opt.S0;   /* antithetic path */
        float avg = 0.0f, avga = 0.0f;
        for (uint t = 0; t < opt.steps; t += 2) {
            ctr.v.x = p;
            ctr.v.y = t;
            float4 u = u01(philox4x32_10(ctr, key));
            float2 z = box_muller(u.xy);
            S  *= exp(drift + vol * z.x);
            Sa *= exp(drift - vol * z.x);
            avg += S; avga += Sa;
            if (t + 1 < opt.steps) {
                S  *= exp(drift + vol * z.y);
                Sa *= exp(drift - vol * z.y);
                avg += S; avga += Sa;
            }
        }
        float payoff = 0.5f * (fmax(avg / opt.steps - opt.K, 0.0f) +
                               fmax(avga / opt.steps - opt.K, 0.0f));
        acc += (float2)(payoff, payoff * payoff);
    }
    partial[get_num_groups(0) + gid] = acc;

    scratch[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = lsz >> 1; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0] * exp(-opt.r * opt.T);
}

/* raw Philox stream: one 128-bit block per counter */
__kernel void philox_fill(__global uint4 *out, __global const uint2 *in)
{
    const uint gid = get_global_id(0);
    philox4x32_key_t key = {{ in[0].x, in[0].y }};
    for (uint blk = gid; blk < 1024u; blk += get_global_size(0)) {
        philox4x32_ctr_t ctr = {{ blk, 0u, 0u, 0x5eedu }};
        out[blk] = philox4x32_10(ctr, key);
    }
}

/* 64-bit LCG skip-ahead used to seed per-stream state for legacy code paths */
__kernel void lcg_skipahead(__global ulong *out, __global const ulong *in)
{
    const ulong nskip = LCG_NSKIP;
    const ulong A = 6364136223846793005UL, C = 1442695040888963407UL;
    ulong acc_mult = 1, acc_plus = 0;
    ulong cur_mult = A, cur_plus = C;
    ulong delta = nskip * get_global_id(0);
    while (delta > 0) {
        if (delta & 1UL) {
            acc_mult *= cur_mult;
            acc_plus = acc_plus * cur_mult + cur_plus;
        }
        cur_plus = (cur_mult + 1UL) * cur_plus;
        cur_mult *= cur_mult;
        delta >>= 1;
    }
    ulong s = in[get_global_id(0)];
    out[get_global_id(0)] = acc_mult * s + acc_plus;
}
