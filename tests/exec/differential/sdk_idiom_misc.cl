// oclc-flags: -cl-std=CL1.2
// Miscellany of SDK samples: async_work_group_copy, enums, designated
// initializers, # and ## macros, double precision.
#pragma OPENCL EXTENSION all : disable
#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define HAVE_DP 1
#else
#define HAVE_DP 0
#endif

#define CAT(a, b) a##b
#define STR(x) #x
#define XSTR(x) STR(x)
#define LOADN(n) CAT(vload, n)
#define DBG(fmt, ...) /* printf(fmt, __VA_ARGS__) */

typedef enum { OP_ADD = 1, OP_SUB, OP_XOR = 8, OP_LAST } op_t;
typedef struct __attribute__((aligned(16))) { float4 pos; int id; op_t op; } rec_t;

__constant char banner[] = "SHOC-" XSTR(__OPENCL_C_VERSION__);
__constant rec_t table[3] = { { (float4)(1.0f, 2.0f, 3.0f, 4.0f), 7, OP_SUB },
                              { .pos = (float4)(0.5f), .id = 9, .op = OP_XOR },
                              [2] = { .id = -1 } };

static int apply(op_t op, int a, int b)
{
    switch (op) {
    case OP_ADD: return a + b;
    case OP_SUB: return a - b;
    case OP_XOR: return a ^ b;
    default: break;
    }
    return -1;
}

__kernel __attribute__((vec_type_hint(float4))) __attribute__((work_group_size_hint(16, 1, 1)))
void misc(__global int *out, __global const int *in)
{
    __local int tile[64];
    __local int tile2[16];
    int lid = get_local_id(0), gid = get_global_id(0);
    event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
    wait_group_events(1, &e);
    prefetch(in + gid, 4);
    event_t e2 = async_work_group_strided_copy(tile2, in + 1024 + get_group_id(0), 16, 4, 0);
    wait_group_events(1, &e2);
    int4 v = LOADN(4)(lid, tile);
    int r = apply((op_t)((v.x & 1) ? OP_ADD : OP_XOR), v.y, v.z);
    r += apply(table[gid % 3].op, table[gid % 3].id, (int)table[gid % 3].pos.y);
    out[gid] = r + tile2[lid];
    out[64 + gid] = banner[gid % (sizeof(banner) - 1)] + (int)get_work_dim() * 1000 + (int)get_global_offset(0);
    out[128 + gid] = (int)(sizeof(rec_t) * 100 + __alignof__(rec_t) + HAVE_DP * 10000);
    out[192 + gid] = CHAR_BIT + (INT_MAX == 2147483647) + (int)(FLT_EPSILON * 1e9f) + (int)(M_PI_F * 1000.f) + (int)(MAXFLOAT > 1e38f) + isinf(HUGE_VALF) * 2;
    mem_fence(CLK_LOCAL_MEM_FENCE);
    read_mem_fence(CLK_GLOBAL_MEM_FENCE);
    write_mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    DBG("%d\n", gid);
    __local int (*rowp)[4] = (__local int (*)[4])&tile[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[256 + gid] = rowp[lid][lid & 3];
    int w = v.w; int *pp[2] = { &r, &w }; int **ppp = pp; out[320 + gid] = **ppp + *ppp[1];
}
