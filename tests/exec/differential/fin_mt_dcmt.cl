/* NVIDIA SDK MersenneTwister style (dcmt, MEXP=607, N=19) with Box-Muller. */
#define   MT_RNG_COUNT 4096
#define          MT_MM 9
#define          MT_NN 19
#define       MT_WMASK 0xFFFFFFFFU
#define       MT_UMASK 0xFFFFFFFEU
#define       MT_LMASK 0x1U
#define      MT_SHIFT0 12
#define      MT_SHIFTB 7
#define      MT_SHIFTC 15
#define      MT_SHIFT1 18
#define PI 3.14159265358979f

typedef struct{
    unsigned int matrix_a;
    unsigned int mask_b;
    unsigned int mask_c;
    unsigned int seed;
} mt_struct_stripped;

__constant mt_struct_stripped MT_PARAMS[4] = {
    {0x9e4f0000u, 0x7b3e5680u, 0xdf7e0000u, 1u},
    {0xa37d0001u, 0x3ebd5680u, 0xef5f0000u, 2u},
    {0xc1b70000u, 0x5d9e5680u, 0xfbef0000u, 3u},
    {0x8fa50001u, 0x7b5b5680u, 0xef7b8000u, 4u},
};

void mt_generate(uint *dst, int n, uint seedx, int gid)
{
    int iState, iState1, iStateM, iOut;
    unsigned int mti, mti1, mtiM, x;
    unsigned int mt[MT_NN], matrix_a, mask_b, mask_c;
    matrix_a = MT_PARAMS[gid & 3].matrix_a;
    mask_b = MT_PARAMS[gid & 3].mask_b;
    mask_c = MT_PARAMS[gid & 3].mask_c;
    mt[0] = seedx;
    for (iState = 1; iState < MT_NN; iState++)
        mt[iState] = (1812433253U * (mt[iState - 1] ^ (mt[iState - 1] >> 30)) + iState) & MT_WMASK;
    iState = 0;
    mti1 = mt[0];
    for (iOut = 0; iOut < n; iOut++) {
        iState1 = iState + 1;
        iStateM = iState + MT_MM;
        if(iState1 >= MT_NN) iState1 -= MT_NN;
        if(iStateM >= MT_NN) iStateM -= MT_NN;
        mti  = mti1;
        mti1 = mt[iState1];
        mtiM = mt[iStateM];
        x = (mti & MT_UMASK) | (mti1 & MT_LMASK);
        x = mtiM ^ (x >> 1) ^ ((x & 1) ? matrix_a : 0);
        mt[iState] = x;
        iState = iState1;
        x ^= (x >> MT_SHIFT0);
        x ^= (x << MT_SHIFTB) & mask_b;
        x ^= (x << MT_SHIFTC) & mask_c;
        x ^= (x >> MT_SHIFT1);
        dst[iOut] = x;
    }
}

__kernel void MersenneTwister(__global uint *out, __global const uint *in)
{
    int gid = get_global_id(0);
    uint buf[32];
    mt_generate(buf, 32, in[gid * 64] ^ MT_PARAMS[gid & 3].seed, gid);
    for (int i = 0; i < 32; i++) out[gid * 64 + i] = buf[i];
    for (int i = 0; i < 32; i += 2) {
        float u1 = ((float)buf[i] + 1.0f) / 4294967296.0f;
        float u2 = ((float)buf[i+1] + 1.0f) / 4294967296.0f;
        float r = sqrt(-2.0f * log(u1));
        float phi = 2 * PI * u2;
        out[gid * 64 + 32 + i] = as_uint(r * cos(phi));
        out[gid * 64 + 32 + i + 1] = as_uint(r * sin(phi));
    }
}

