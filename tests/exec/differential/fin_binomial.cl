/* AMD APP SDK BinomialOption style: one option (x4 in float4) per work-group,
   lattice in local memory, ping-pong between callA and callB. */
#define RISKFREE 0.02f
#define VOLATILITY 0.30f
#define NUM_STEPS 15

__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void binomial_options(__global float4 *output, __global const float4 *randArray)
{
    __local float4 callA[NUM_STEPS + 1];
    __local float4 callB[NUM_STEPS + 1];
    size_t tid = get_local_id(0);
    size_t bid = get_group_id(0);
    for (int opt = 0; opt < 4; ++opt) {
        float4 inRand = randArray[bid * 64 + opt * 16 + 3];
        inRand = fabs(inRand);
        inRand = select(inRand, (float4)(0.5f), isnan(inRand) || isinf(inRand) || inRand > 1.0f || inRand < 1e-3f);
        float4 s = (1.0f - inRand) * 5.0f + inRand * 30.f;
        float4 x = (1.0f - inRand) * 1.0f + inRand * 100.f;
        float4 optionYears = (1.0f - inRand) * 0.25f + inRand * 10.f;
        float4 dt = optionYears * (1.0f / (float)NUM_STEPS);
        float4 vsdt = VOLATILITY * sqrt(dt);
        float4 rdt = RISKFREE * dt;
        float4 r = exp(rdt);
        float4 rInv = 1.0f / r;
        float4 u = exp(vsdt);
        float4 d = 1.0f / u;
        float4 pu = (r - d)/(u - d);
        float4 pd = 1.0f - pu;
        float4 puByr = pu * rInv;
        float4 pdByr = pd * rInv;
        float4 profit = s * exp(vsdt * (2.0f * tid - (float)NUM_STEPS)) - x;
        callA[tid].x = profit.x > 0 ? profit.x : 0.0f;
        callA[tid].y = profit.y > 0 ? profit.y : 0.0f;
        callA[tid].z = profit.z > 0 ? profit.z: 0.0f;
        callA[tid].w = profit.w > 0 ? profit.w: 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for(int j = NUM_STEPS; j > 0; j -= 2) {
            if(tid < j)
                callB[tid] = puByr * callA[tid + 1] + pdByr * callA[tid];
            barrier(CLK_LOCAL_MEM_FENCE);
            if(tid < j - 1)
                callA[tid] = puByr * callB[tid + 1] + pdByr * callB[tid];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        // j ends at -1: last step wrote callB[0]
        if(tid == 0) output[bid * 64 + opt] = callB[0];
        output[bid * 64 + 4 + opt * 16 + tid] = callA[tid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
