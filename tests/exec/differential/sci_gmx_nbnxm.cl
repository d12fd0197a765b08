// GROMACS nbnxm-style cluster pair kernel adapted to the corpus contract
#define CL_SIZE 4
#define NTHREAD_Z 1
#define WARP_SIZE (CL_SIZE*CL_SIZE/2)
#define ONE_SIXTH_F 0.16666667f
#define ONE_TWELVETH_F 0.08333333f
#ifndef REDUCE_SHUFFLE
#define REDUCE_SHUFFLE 0
#endif
typedef struct { float c6; float c12; } nbparam_t;
typedef struct {
    float   ewald_beta, epsfac, rlist_sq, rvdw_sq, sh_ewald, rcoulomb_sq;
    float   two_k_rf, c_rf;
} cl_nbparam_params_t;

__constant nbparam_t lj_table[4] = {{1.0e-3f, 1.0e-6f}, {2.0e-3f, 3.0e-6f}, {0.5e-3f, 0.7e-6f}, {1.5e-3f, 2.5e-6f}};

static inline float2 pmecorrF_dummy(float z2) {
    const float FN6 = -1.7357322914161492954e-8f;
    const float FN5 = 1.4703624142580877519e-6f;
    const float FN4 = -0.000053401640219807709149f;
    float z4 = z2 * z2;
    float polyFN0 = FN6 * z4 + FN4;
    float polyFN1 = FN5 * z4;
    polyFN0 = polyFN0 * z4 + polyFN1 * z2;
    return (float2)(polyFN0, z4);
}

static inline void reduce_force_j_generic(__local float *f_buf, float3 fcj_buf, __global float *fout, int tidxi, int tidxj, int aidx)
{
    const int tidx = tidxi + tidxj * CL_SIZE;
    f_buf[tidx] = fcj_buf.x;
    f_buf[CL_SIZE*CL_SIZE + tidx] = fcj_buf.y;
    f_buf[2*CL_SIZE*CL_SIZE + tidx] = fcj_buf.z;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tidxi < 3) {
        float f = 0.0f;
        for (int j = tidxj * CL_SIZE; j < (tidxj + 1) * CL_SIZE; j++)
            f += f_buf[CL_SIZE*CL_SIZE*tidxi + j];
        fout[3 * aidx + tidxi] = f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

__attribute__((reqd_work_group_size(16, 1, 1)))
kernel void gmx_nbnxm(global float *out, global const float *in)
{
    __local float f_buf[CL_SIZE*CL_SIZE*3];
    const int tid = get_local_id(0);
    const int tidxi = tid % CL_SIZE, tidxj = tid / CL_SIZE;
    const int gid = get_group_id(0);
    cl_nbparam_params_t nbp = { .ewald_beta = 3.12f, .epsfac = 138.935f, .rlist_sq = 1.44f,
                                .rvdw_sq = 1.0f, .sh_ewald = 1e-5f, .rcoulomb_sq = 1.0f,
                                .two_k_rf = 0.5f, .c_rf = 1.2f };
    global const float4 *xq = (global const float4 *)in;
    float4 xqi = xq[gid*64 + tidxi];
    xqi.xyz = fmod(fabs(xqi.xyz), 2.0f);
    xqi.w = clamp(xqi.w, -1.0f, 1.0f);
    if (isnan(xqi.w)) xqi.w = 0.0f;
    float3 fci = (float3)(0.0f);
    float E_lj = 0.0f, E_el = 0.0f;
    #pragma unroll 4
    for (int jm = 0; jm < CL_SIZE; jm++) {
        float4 xqj = xq[gid*64 + 16 + tidxj*CL_SIZE + jm];
        xqj.xyz = fmod(fabs(xqj.xyz), 2.0f);
        float qj = isnan(xqj.w) ? 0.0f : clamp(xqj.w, -1.0f, 1.0f);
        float3 rv = xqi.xyz - xqj.xyz;
        float r2 = dot(rv, rv);
        float int_bit = (r2 < nbp.rlist_sq) ? 1.0f : 0.0f;
        nbparam_t p = lj_table[(tidxi + jm) & 3];
        r2 = fmax(r2, 1.0e-4f);
        float inv_r = rsqrt(r2);
        float inv_r2 = inv_r * inv_r;
        float inv_r6 = inv_r2 * inv_r2 * inv_r2;
        inv_r6 *= int_bit;
        float F_invr = (p.c12 * inv_r6 - p.c6) * inv_r6 * inv_r2;
        E_lj += int_bit * (p.c12 * (inv_r6 * inv_r6 + nbp.sh_ewald) * ONE_TWELVETH_F
                           - p.c6 * (inv_r6 + nbp.sh_ewald) * ONE_SIXTH_F);
        float qi_qj = xqi.w * qj * nbp.epsfac;
        F_invr += qi_qj * (int_bit * inv_r2 * inv_r - nbp.two_k_rf);
        E_el += qi_qj * (int_bit * inv_r + 0.5f * nbp.two_k_rf * r2 - nbp.c_rf);
        float2 pc = pmecorrF_dummy(r2);
        F_invr += pc.x * 1e-3f;
        float3 f_ij = rv * F_invr;
        fci += f_ij;
    }
    reduce_force_j_generic(f_buf, fci, out, tidxi, tidxj, get_global_id(0));
    out[192 + get_global_id(0)*2] = E_lj;
    out[192 + get_global_id(0)*2+1] = E_el;
}
