// oclc-flags: -cl-std=CL1.2 -DT=float -DTo=float -DDIMX=16 -DTHREADS_PER_GROUP=16 -DIS_CPLX=0 -Dinit=0 -DbinOp(a,b)=((a)+(b)) -DtransformOp(x)=((x)*(x)) -cl-mad-enable
#if defined(USE_DOUBLE) || IS_CPLX
#error "unexpected path"
#endif
#ifdef USE_DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
typedef struct { int dims[4]; int strides[4]; int offset; } KParam;
static inline To sanitize(uint w) { return (To)((int)w >> 16) * (To)0.25f; }
__kernel void reduce_dim(__global To *oData, __global const uint *iData)
{
    const uint lidx = get_local_id(0);
    const uint lidy = get_local_id(1);
    const uint lid  = lidy * DIMX + lidx;
    const uint zid = get_group_id(0);
    KParam iInfo = { {64, 4, 1, 1}, {1, 64, 256, 256}, 0 };
    __local To s_val[THREADS_PER_GROUP];
    To out_val = init;
    for (int id = 0; id < iInfo.dims[1]; id++) {
        uint idx = zid * 256 + id * iInfo.strides[1] + lid * 4;
        To in_val = transformOp(sanitize(iData[idx]));
        out_val = binOp(in_val, out_val);
    }
    s_val[lid] = out_val;
    barrier(CLK_LOCAL_MEM_FENCE);
    __local To *s_ptr = s_val + lid;
    if (THREADS_PER_GROUP >= 16 && lid < 8) *s_ptr = binOp(*s_ptr, s_ptr[8]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 4) *s_ptr = binOp(*s_ptr, s_ptr[4]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 2) *s_ptr = binOp(*s_ptr, s_ptr[2]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 1) *s_ptr = binOp(*s_ptr, s_ptr[1]);
    barrier(CLK_LOCAL_MEM_FENCE);
    oData[get_global_id(0)] = out_val;
    if (lid == 0) oData[64 + zid] = *s_ptr;
}
