// oclc-flags: -cl-std=CL1.2
// Uniform-grid spatial hashing for particle simulations (as in the CUDA
// "particles" sample and SPH codes): cell counts with global atomic_inc,
// a deterministic per-group counting sort of particles by cell, and
// neighbour pair counting with cutoff radius using local tiles.

#define GRID_DIM   8
#define NUM_CELLS  (GRID_DIM * GRID_DIM * GRID_DIM)
#define WORLD_MIN  (-32.0f)
#define CELL_SIZE  8.0f
#define WG         16
#define PPW        16                 /* particles per work-item */
#define PPG        (WG * PPW)         /* particles per group     */
#define CUTOFF     6.0f

typedef struct {
    float x, y, z, r;
} particle_t;

inline float3 load_pos(__global const float *in, uint p)
{
    uint b = (p * 3u) & 4095u;
    float3 v = (float3)(in[b], in[(b + 1u) & 4095u], in[(b + 2u) & 4095u]);
    return select((float3)(0.0f), clamp(v, -31.9f, 31.9f), isfinite(v));
}

inline int3 cell_of(float3 p)
{
    int3 c = convert_int3_rtn((p - WORLD_MIN) * (1.0f / CELL_SIZE));
    return clamp(c, 0, GRID_DIM - 1);
}

inline uint cell_hash(int3 c)
{
    return (uint)((c.z * GRID_DIM + c.y) * GRID_DIM + c.x);
}

__kernel void bin_count_atomic(__global uint *out, __global const float *in)
{
    const uint gid = get_global_id(0);
    for (uint k = 0; k < PPW; k++) {
        uint p = gid * PPW + k;
        uint h = cell_hash(cell_of(load_pos(in, p)));
        atomic_inc(&out[h]);
        atomic_max(&out[NUM_CELLS + (h & 63u)], p);
        atomic_or(&out[NUM_CELLS + 64 + (p & 31u)], 1u << (h & 31u));
    }
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void counting_sort_by_cell(__global uint *out, __global const float *in)
{
    __local uint cell_start[NUM_CELLS];
    __local uint hashes[PPG];
    const uint lid = get_local_id(0);
    const uint grp = get_group_id(0);

    for (uint c = lid; c < NUM_CELLS; c += WG)
        cell_start[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint k = 0; k < PPW; k++) {
        uint local_p = lid * PPW + k;
        uint h = cell_hash(cell_of(load_pos(in, grp * PPG + local_p)));
        hashes[local_p] = h;
        atomic_inc(&cell_start[h]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    /* exclusive scan of 512 counts: 16 chunks of 32, chunk sums, fixup */
    uint chunk[32];
    uint run = 0;
    for (uint i = 0; i < 32; i++) {
        chunk[i] = run;
        run += cell_start[lid * 32 + i];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    cell_start[lid * 32 + 31] = run;            /* temporarily: chunk total */
    barrier(CLK_LOCAL_MEM_FENCE);
    uint base = 0;
    for (uint j = 0; j < lid; j++)
        base += cell_start[j * 32 + 31];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = 0; i < 32; i++)
        cell_start[lid * 32 + i] = base + chunk[i];
    barrier(CLK_LOCAL_MEM_FENCE);

    /* stable placement: rank among earlier particles of the same cell */
    __global uint *sorted = out + grp * PPG;
    for (uint k = 0; k < PPW; k++) {
        uint local_p = lid * PPW + k;
        uint h = hashes[local_p];
        uint rank = 0;
        for (uint q = 0; q < local_p; q++)
            rank += (hashes[q] == h) ? 1u : 0u;
        uint slot = (cell_start[h] + rank) & (PPG - 1);
        sorted[slot] = (h << 16) | local_p;
    }
    for (uint c = lid; c < NUM_CELLS; c += WG)
        out[1024 + grp * NUM_CELLS + c] = cell_start[c];
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void neighbour_pairs(__global uint *out, __global const float *in)
{
    __local float4 tile[PPG];
    const uint lid = get_local_id(0);
    const uint grp = get_group_id(0);

    for (uint k = 0; k < PPW; k++) {
        uint lp = lid * PPW + k;
        tile[lp] = (float4)(load_pos(in, grp * PPG + lp), 0.0f);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    const float cut2 = CUTOFF * CUTOFF;
    for (uint k = 0; k < PPW; k++) {
        uint lp = lid * PPW + k;
        float4 me = tile[lp];
        uint n = 0;
        float closest = cut2;
        for (uint q = 0; q < PPG; q++) {
            if (q == lp)
                continue;
            float4 d = tile[q] - me;
            float r2 = dot(d, d);
            if (r2 < cut2) {
                n++;
                closest = fmin(closest, r2);
            }
        }
        out[grp * PPG + lp] = n;
        out[2048 + grp * PPG + lp] = as_uint(sqrt(closest));
        atomic_add(&out[3072 + grp], n);
        atomic_max(&out[3076], n);
    }
}
