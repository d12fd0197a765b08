// oclc-flags: -cl-std=CL1.2
// AMD SDK NBody: tiled all-pairs gravitational force computation with
// positions (xyz) and mass (w) packed into float4, local-memory tiles and an
// unrolled inner loop, plus a float3 naive variant using dot/length built-ins.
// oclc-corpus: ulp 16 for nbody_naive
// (nbody_naive sums 64 terms m * rsqrt(r2)^3 * d per body: rsqrt is within
// 2 ulp (OpenCL C 3.0 section 7.4), so a term carries up to 6, and the sum
// partly cancels. The runtime's compilers differ by up to 9 ulp between
// instruction sets; docs/mapping.md compares them with a double-precision
// evaluation. Contraction and rounding are checked exactly elsewhere.)

#define UNROLL_FACTOR 8
#define GROUP_SIZE 16
#define DELTA_TIME 0.005f
#define EPS_SQR 50.0f
#define SOFTENING 0.5f

/* positions in [-100,100], masses in (0.1, 10.1] */
inline float4 load_body(__global const float4 *p, uint i)
{
    float4 v = p[i];
    v = select((float4)(0.0f), clamp(v, -100.0f, 100.0f), isfinite(v));
    v.w = 0.1f + fabs(v.w) * 0.1f;
    return v;
}

inline float4 load_vel(__global const float4 *p, uint i)
{
    float4 v = p[i];
    v = select((float4)(0.0f), clamp(v, -10.0f, 10.0f), isfinite(v));
    v.w = 0.0f;
    return v;
}

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void nbody_sim(__global float4 *out, __global const float4 *in)
{
    __local float4 localPos[GROUP_SIZE];

    unsigned int tid = get_local_id(0);
    unsigned int gid = get_global_id(0);
    unsigned int localSize = get_local_size(0);
    int numBodies = get_global_size(0);
    float deltaTime = DELTA_TIME;
    float epsSqr = EPS_SQR;
    __global float4 *newPosition = out;
    __global float4 *newVelocity = out + numBodies;

    /* Number of tiles we need to iterate */
    unsigned int numTiles = numBodies / localSize;

    /* position of this work-item */
    float4 myPos = load_body(in, gid);
    float4 acc = (float4)(0.0f, 0.0f, 0.0f, 0.0f);

    for (int i = 0; i < numTiles; ++i) {
        /* load one tile into local memory */
        int idx = i * localSize + tid;
        localPos[tid] = load_body(in, idx);

        /* Synchronize to make sure data is available for processing */
        barrier(CLK_LOCAL_MEM_FENCE);

        /* a[i->j] = m[j] * r[i->j] / (r^2 + epsSqr)^(3/2) */
        for (int j = 0; j < localSize; ) {
            for (int k = 0; k < UNROLL_FACTOR && j < localSize; ++k, ++j) {
                float4 r = localPos[j] - myPos;
                float distSqr = r.x * r.x + r.y * r.y + r.z * r.z;
                float invDist = rsqrt(distSqr + epsSqr);
                float invDistCube = invDist * invDist * invDist;
                float s = localPos[j].w * invDistCube;
                acc += s * r;
            }
        }
        /* Synchronize so that next tile can be loaded */
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    float4 oldVel = load_vel(in, numBodies + gid);

    /* updated position and velocity */
    float4 newPos = myPos + oldVel * deltaTime + acc * 0.5f * deltaTime * deltaTime;
    newPos.w = myPos.w;

    float4 newVel = oldVel + acc * deltaTime;

    /* write to global memory */
    newPosition[gid] = newPos;
    newVelocity[gid] = newVel;
}

/* float3-based variant using built-in geometric functions. */
kernel void nbody_naive(global float4 *restrict out, global const float4 *restrict in)
{
    int i = get_global_id(0);
    int n = get_global_size(0);
    float dt = DELTA_TIME, soft = SOFTENING;
    global float4 *pOut = out;
    global float4 *v = out + n;

    float4 self = load_body(in, i);
    float3 pi = self.xyz;
    float3 a = (float3)(0.0f);
    for (int j = 0; j < n; j++) {
        float4 pj = load_body(in, j);
        float3 d = pj.xyz - pi;
        float r2 = dot(d, d) + soft * soft;
        float inv = rsqrt(r2);
        a = fma((float3)(pj.w * inv * inv * inv), d, a);
    }
    float3 vi = load_vel(in, n + i).xyz + a * dt;
    v[i] = (float4)(vi, length(vi));
    pOut[i] = (float4)(pi + vi * dt, self.w);
}
