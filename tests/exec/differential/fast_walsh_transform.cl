// oclc-flags: -cl-std=CL1.2
// AMD/NVIDIA SDK FastWalshTransform: the one-step in-place butterfly kernel,
// the local-memory batch kernel with an odd radix-2 stage followed by radix-4
// float4 even/odd butterflies, and the spectrum modulation kernel.

#define FWT_STEP 4
#define LOG2N 9                        /* 512 points per work-group */
#define MOD_N 1024

inline float sample(float x)
{
    return isfinite(x) ? clamp(x, -32.0f, 32.0f) : 0.0f;
}

__kernel
void fastWalshTransform(__global float *out, __global const float *in)
{
    const int step = FWT_STEP;
    unsigned int tid = get_global_id(0);

    const unsigned int q     = tid / step;
    const unsigned int group = tid - q * step;        /* tid % step */
    const unsigned int pair  = 2 * step * q + group;

    const unsigned int match = pair + step;

    float T1 = sample(in[pair]);
    float T2 = sample(in[match]);

    out[pair]  = T1 + T2;
    out[match] = T1 - T2;
}

kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void fwtBatch1Kernel(global float *out, global const float *in)
{
    local float l_Data[1 << LOG2N];
    const int log2N = LOG2N;
    const int N = 1 << log2N;
    const int base = get_group_id(0) << log2N;

    global const float *d_Src = in + base;
    global float *d_Dst = out + base;

    for (int pos = get_local_id(0); pos < N; pos += get_local_size(0))
        l_Data[pos] = sample(d_Src[pos]);

    int stride = N;
    /* Do single radix-2 stage for odd power of two */
    if (log2N & 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int pos = get_local_id(0); pos < N / 2; pos += get_local_size(0)) {
            int i0 = pos << 1;
            int i1 = i0 + 1;
            float D0 = l_Data[i0];
            float D1 = l_Data[i1];
            l_Data[i0] = D0 + D1;
            l_Data[i1] = D0 - D1;
        }
    }

    /* Main radix-4 stages */
    for (stride >>= 2; stride > 0; stride >>= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int pos = get_local_id(0); pos < N / 4; pos += get_local_size(0)) {
            int lo = pos & (stride - 1);
            int i0 = ((pos - lo) << 2) + lo;
            int i1 = i0 + stride;
            int i2 = i1 + stride;
            int i3 = i2 + stride;

            float4 D = (float4)(l_Data[i0], l_Data[i1], l_Data[i2], l_Data[i3]);
            float2 T = D.even + D.odd;      /* D0+D1, D2+D3 */
            float2 U = D.even - D.odd;      /* D0-D1, D2-D3 */

            l_Data[i0] = T.x + T.y;
            l_Data[i2] = T.x - T.y;
            l_Data[i1] = U.x + U.y;
            l_Data[i3] = U.x - U.y;
        }
    }

    barrier(CLK_LOCAL_MEM_FENCE);
    for (int pos = get_local_id(0); pos < N; pos += get_local_size(0))
        d_Dst[pos] = l_Data[pos];
}

kernel void modulateKernel(global float *out, global const float *in)
{
    const int N = MOD_N;
    global const float *d_A = in;
    global const float *d_B = in + N;
    int tid = get_global_id(0);
    int numThreads = get_global_size(0);
    float rcpN = 1.0f / (float)N;
    for (int pos = tid; pos < N; pos += numThreads)
        out[pos] = sample(d_A[pos]) * (sample(d_B[pos]) * rcpN);
}
