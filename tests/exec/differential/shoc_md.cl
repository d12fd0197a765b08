// oclc-flags: -cl-std=CL1.2
// SHOC MD: Lennard-Jones force computation over a precomputed neighbour list
// (uncoalesced position gathers, cutoff test, r^-6 terms), compiled through
// the POSVECTYPE/FPTYPE precision macros, plus an energy/virial variant.

#define SINGLE_PRECISION

#ifdef SINGLE_PRECISION
#define POSVECTYPE float4
#define FORCEVECTYPE float4
#define FPTYPE float
#elif defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define POSVECTYPE double4
#define FORCEVECTYPE double4
#define FPTYPE double
#else
#define POSVECTYPE float4
#define FORCEVECTYPE float4
#define FPTYPE float
#endif

#define NUM_ATOMS    64
#define NEIGH_COUNT  16
#define NEIGH_OFFSET 256           /* word offset of the neighbour list in `in` */
#define CUTSQ  16.0f
#define LJ1    1.5f
#define LJ2    2.0f
#define BOX    8.0f
#define R2_MIN 0.25f              /* soft core: keeps r^-14 finite for near-overlapping atoms */

/* atom positions live in a BOX^3 cell; w carries a type id */
inline POSVECTYPE load_pos(__global const uint *in, int i)
{
    uint4 b = vload4(i, in);
    POSVECTYPE p = convert_float4(b & 0xFFFFu) * (BOX / 65536.0f);
    p.w = (FPTYPE)(b.w >> 30);
    return p;
}

inline int load_neigh(__global const uint *in, int j, int inum, int idx)
{
    int jidx = (int)(in[NEIGH_OFFSET + j * inum + idx] & (NUM_ATOMS - 1));
    return (jidx == idx) ? (jidx + 1) & (NUM_ATOMS - 1) : jidx;   /* lists never hold self */
}

__kernel void compute_lj_force(__global FORCEVECTYPE *out, __global const uint *in)
{
    const int neighCount = NEIGH_COUNT;
    const int inum = get_global_size(0);
    const FPTYPE cutsq = CUTSQ, lj1 = LJ1, lj2 = LJ2;
    __global FORCEVECTYPE *force = out;
    uint idx = get_global_id(0);

    POSVECTYPE ipos = load_pos(in, idx);
    FORCEVECTYPE f = { 0.0f, 0.0f, 0.0f, 0.0f };

    int j = 0;
    while (j < neighCount) {
        int jidx = load_neigh(in, j, inum, idx);

        // Uncoalesced read
        POSVECTYPE jpos = load_pos(in, jidx);

        // Calculate distance
        FPTYPE delx = ipos.x - jpos.x;
        FPTYPE dely = ipos.y - jpos.y;
        FPTYPE delz = ipos.z - jpos.z;
        FPTYPE r2inv = delx * delx + dely * dely + delz * delz;

        // If distance is less than cutoff, calculate force
        if (r2inv < cutsq && r2inv > 0.0f) {
            r2inv = 1.0f / fmax(r2inv, R2_MIN);
            FPTYPE r6inv = r2inv * r2inv * r2inv;
            FPTYPE forceC = r2inv * r6inv * (lj1 * r6inv - lj2);

            f.x += delx * forceC;
            f.y += dely * forceC;
            f.z += delz * forceC;
        }
        j++;
    }
    f.w = ipos.w;
    // store the results
    force[idx] = f;
}

/* Energy + virial variant using vector ops; skips self and NaN-poisoned pairs. */
__kernel void compute_lj_energy(__global FPTYPE *out, __global const uint *in)
{
    const int neighCount = NEIGH_COUNT;
    const int inum = get_global_size(0);
    const FPTYPE cutsq = CUTSQ, lj1 = LJ1, lj2 = LJ2;
    __global FPTYPE *energy = out;
    __global FPTYPE *virial = out + inum;

    int i = get_global_id(0);
    if (i >= inum) return;
    POSVECTYPE pi = load_pos(in, i);
    FPTYPE e = 0, v = 0;
    for (int n = 0; n < neighCount; n++) {
        int jj = (int)(in[NEIGH_OFFSET + n * inum + i] & (NUM_ATOMS - 1));
        if (jj == i) continue;
        POSVECTYPE d = pi - load_pos(in, jj);
        d.w = 0;
        FPTYPE r2 = dot(d, d);
        if (r2 >= cutsq || isnan(r2) || r2 == 0.0f) continue;
        FPTYPE r2i = 1 / fmax(r2, R2_MIN);
        FPTYPE r6i = r2i * r2i * r2i;
        e += r6i * (lj1 * r6i - lj2) / 12;
        v += r6i * (lj1 * r6i - lj2);
    }
    energy[i] = e;
    virial[i] = v;
}
