// oclc-flags: -cl-std=CL1.2
// D2Q9 lattice Boltzmann: BGK collision with pull streaming over a
// structure-of-arrays f[q*NX*NY + y*NX + x] layout, __constant weights and
// int2 lattice velocities, wall bounce-back, Zou-He-style inlet, a params
// struct, and a velocity-magnitude visualisation kernel.

#ifndef NX
#define NX 16
#endif
#ifndef NY
#define NY 8
#endif
#define Q 9
#define IDX(x, y) ((y) * NX + (x))
#define FIDX(q, x, y) ((q) * NX * NY + IDX(x, y))
#define NCELLS (NX * NY)

/* out layout (floats) for lbm_stream_collide */
#define OUT_VEL  (Q * NCELLS)                 /* float2 per cell */
#define OUT_RHO  (OUT_VEL + 2 * NCELLS)
#define FLAGS_OFFSET (Q * NCELLS)             /* word offset of cell flags in `in` */

enum cell_type { FLUID = 0, WALL = 1, INLET = 2, OUTLET = 3 };

__constant float w[Q] = {
    4.0f / 9.0f,
    1.0f / 9.0f, 1.0f / 9.0f, 1.0f / 9.0f, 1.0f / 9.0f,
    1.0f / 36.0f, 1.0f / 36.0f, 1.0f / 36.0f, 1.0f / 36.0f
};
__constant int2 e[Q] = {
    (int2)( 0,  0),
    (int2)( 1,  0), (int2)( 0,  1), (int2)(-1,  0), (int2)( 0, -1),
    (int2)( 1,  1), (int2)(-1,  1), (int2)(-1, -1), (int2)( 1, -1)
};
__constant int opposite[Q] = { 0, 3, 4, 1, 2, 7, 8, 5, 6 };
/* obstacle map decode: mostly fluid, some solid cells */
__constant uchar cell_map[8] = { FLUID, FLUID, WALL, FLUID, FLUID, WALL, FLUID, FLUID };

typedef struct {
    float omega;      // 1/tau
    float u_inlet;
    float rho_outlet;
    int   step;
} lbm_params;

static inline float feq(int q, float rho, float2 u, float usq)
{
    float eu = dot(convert_float2(e[q]), u);
    return w[q] * rho * (1.0f + 3.0f * eu + 4.5f * eu * eu - 1.5f * usq);
}

/* populations are perturbations of the rest equilibrium, always positive */
static inline float load_f(__global const float *f, int q, int x, int y)
{
    float v = f[FIDX(q, x, y)];
    v = isfinite(v) ? clamp(v, -32.0f, 32.0f) : 0.0f;
    return w[q] * (1.0f + 0.01f * v);
}

__kernel void lbm_init(__global float *out, __global const float *in)
{
    const float rho0 = 1.0f;
    for (uint c = get_global_id(0); c < NCELLS; c += get_global_size(0)) {
        const int x = (int)(c % NX), y = (int)(c / NX);
        float s = in[c];
        s = isfinite(s) ? clamp(s, -32.0f, 32.0f) : 0.0f;
        const float2 u0 = (float2)(0.05f + s * 1e-3f, s * 5e-4f);
        float usq = dot(u0, u0);
        for (int q = 0; q < Q; q++)
            out[FIDX(q, x, y)] = feq(q, rho0, u0, usq);
        vstore2(u0, IDX(x, y), out + OUT_VEL);
    }
}

__kernel void lbm_stream_collide(__global float *out, __global const float *in)
{
    const lbm_params prm = { 1.25f, 0.04f, 1.0f, 0 };
    __global const float *f_in = in;
    __global const uint *flags = (__global const uint *)in + FLAGS_OFFSET;
    __global float *f_out = out;
    __global float2 *velocity = (__global float2 *)(out + OUT_VEL);
    __global float *density = out + OUT_RHO;

    for (uint c = get_global_id(0); c < NCELLS; c += get_global_size(0)) {
        const int x = (int)(c % NX);
        const int y = (int)(c / NX);

        float fl[Q];
        uchar type = cell_map[flags[IDX(x, y)] & 7u];
        if (x == 0) type = INLET;
        if (x == NX - 1) type = OUTLET;

        /* pull: gather from upstream neighbours (periodic in x) */
        #pragma unroll
        for (int q = 0; q < Q; q++) {
            int xs = (x - e[q].x + NX) % NX;
            int ys = clamp(y - e[q].y, 0, NY - 1);
            fl[q] = load_f(f_in, q, xs, ys);
        }

        float rho = 0.0f;
        float2 u = (float2)(0.0f);
        switch (type) {
        case WALL:
            /* full-way bounce back */
            #pragma unroll
            for (int q = 0; q < Q; q++)
                f_out[FIDX(opposite[q], x, y)] = fl[q];
            velocity[IDX(x, y)] = (float2)(0.0f, 0.0f);
            density[IDX(x, y)] = 1.0f;
            continue;
        case INLET:
            u = (float2)(prm.u_inlet, 0.0f);
            rho = (fl[0] + fl[2] + fl[4] + 2.0f * (fl[3] + fl[6] + fl[7])) / (1.0f - u.x);
            break;
        case OUTLET:
            rho = prm.rho_outlet;
            /* fall through: compute velocity from moments */
        case FLUID:
        default: {
            float r = 0.0f;
            #pragma unroll
            for (int q = 0; q < Q; q++) {
                r += fl[q];
                u += fl[q] * convert_float2(e[q]);
            }
            if (type != OUTLET) rho = r;
            u /= r;
            break;
        }
        }

        const float usq = dot(u, u);
        #pragma unroll
        for (int q = 0; q < Q; q++) {
            float fq = fl[q];
            f_out[FIDX(q, x, y)] = fq - prm.omega * (fq - feq(q, rho, u, usq));
        }

        velocity[IDX(x, y)] = u;
        density[IDX(x, y)] = rho;
    }
}

__kernel void lbm_visualize(__global uchar4 *out, __global const float2 *in)
{
    const float umax = 0.1f;
    for (int i = get_global_id(0); i < 2048; i += get_global_size(0)) {
        float2 v = in[i];
        v = select((float2)(0.0f), clamp(v, -1.0f, 1.0f) * 0.05f, isfinite(v));
        float s = clamp(length(v) / umax, 0.0f, 1.0f);
        float4 c = mix((float4)(0.0f, 0.0f, 0.5f, 1.0f), (float4)(1.0f, 0.9f, 0.2f, 1.0f), s);
        out[i] = convert_uchar4_sat_rte(c * 255.0f);
    }
}
