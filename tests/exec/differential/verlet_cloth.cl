// oclc-flags: -cl-std=CL1.2
// Game-physics style integrators: position Verlet with gravity, drag and a
// restitution ground plane on float4 particles, and a mass-spring cloth
// patch (structural, shear and bend springs) relaxed Jacobi-style in local
// memory with pinned corners, as in the OpenCL cloth demos.

#define DT          (1.0f / 60.0f)
#define GRAVITY     (float4)(0.0f, -9.81f, 0.0f, 0.0f)
#define DRAG        0.995f
#define RESTITUTION 0.6f
#define STEPS       32

typedef struct {
    float4 pos;
    float4 prev;
} Particle;

inline float4 sane4(float4 v, float lim)
{
    return select((float4)(0.0f), clamp(v, -lim, lim), isfinite(v));
}

inline void verlet_step(Particle *p, float4 accel)
{
    float4 vel = (p->pos - p->prev) * DRAG;
    p->prev = p->pos;
    p->pos = p->pos + vel + accel * (DT * DT);
    if (p->pos.y < 0.0f) {                     /* ground plane y = 0 */
        float vy = p->pos.y - p->prev.y;
        p->pos.y = -p->pos.y * RESTITUTION;
        p->prev.y = p->pos.y + vy * RESTITUTION;
    }
}

__kernel void verlet_particles(__global float4 *out, __global const float4 *in)
{
    const int gid = get_global_id(0);
    for (int k = 0; k < 8; k++) {
        int i = gid * 8 + k;
        Particle p;
        p.pos = sane4(in[i], 10.0f);
        p.pos.y = fabs(p.pos.y);
        p.pos.w = 1.0f;
        float4 v0 = sane4(in[512 + i], 5.0f) * DT;
        p.prev = p.pos - (float4)(v0.xyz, 0.0f);
        float4 wind = (float4)(0.5f * sin(p.pos.z), 0.0f, 0.25f * cos(p.pos.x), 0.0f);
        for (int s = 0; s < STEPS; s++)
            verlet_step(&p, GRAVITY + wind);
        out[i * 2] = p.pos;
        out[i * 2 + 1] = (p.pos - p.prev) / DT;
    }
}

/* --------------------------- cloth, 8x8 per group --------------------------- */
#define CW 8
#define CH 8
#define NP (CW * CH)
#define WG 16
#define PER_WI (NP / WG)
#define REST   0.1f
#define STIFF  0.5f
#define RELAX_ITERS 16

inline float4 spring_correction(float4 a, float4 b, float rest)
{
    float4 d = b - a;
    d.w = 0.0f;
    float len = length(d);
    if (len < 1e-6f)
        return (float4)(0.0f);
    return d * ((len - rest) / len) * (0.5f * STIFF);
}

__constant int2 spring_offsets[12] = {
    (int2)( 1, 0), (int2)(-1, 0), (int2)(0,  1), (int2)(0, -1),     /* structural */
    (int2)( 1, 1), (int2)(-1, -1), (int2)(1, -1), (int2)(-1, 1),    /* shear      */
    (int2)( 2, 0), (int2)(-2, 0), (int2)(0,  2), (int2)(0, -2),     /* bend       */
};
__constant float spring_rest[3] = { REST, REST * 1.41421356f, REST * 2.0f };

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void cloth_relax(__global float4 *out, __global const float4 *in)
{
    __local float4 pos[NP];
    __local float4 next[NP];
    const int lid = get_local_id(0);
    const int grp = get_group_id(0);

    for (int k = 0; k < PER_WI; k++) {
        int p = lid * PER_WI + k;
        int x = p & (CW - 1), y = p / CW;
        float4 jitter = sane4(in[grp * NP + p], 32.0f) * 0.001f;
        pos[p] = (float4)(x * REST, 0.0f, y * REST, 0.0f) + (float4)(jitter.xyz, 0.0f);
        pos[p].y -= 0.02f * (float)(y * y);    /* sag */
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int it = 0; it < RELAX_ITERS; it++) {
        for (int k = 0; k < PER_WI; k++) {
            int p = lid * PER_WI + k;
            int x = p & (CW - 1), y = p / CW;
            float4 me = pos[p];
            float4 corr = (float4)(0.0f);
            for (int s = 0; s < 12; s++) {
                int nx = x + spring_offsets[s].x, ny = y + spring_offsets[s].y;
                if (nx >= 0 && nx < CW && ny >= 0 && ny < CH)
                    corr += spring_correction(me, pos[ny * CW + nx], spring_rest[s >> 2]);
            }
            bool pinned = (p == 0) || (p == CW - 1);      /* top corners */
            next[p] = pinned ? me : me + corr * (1.0f / 6.0f) + (float4)(0.0f, -0.001f, 0.0f, 0.0f);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < PER_WI; k++) {
            int p = lid * PER_WI + k;
            pos[p] = next[p];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int k = 0; k < PER_WI; k++) {
        int p = lid * PER_WI + k;
        out[grp * NP + p] = pos[p];
    }
}
