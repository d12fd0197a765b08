// OpenMM-style nonbonded: tile of atoms in local memory, shuffled pairs
#define TILE_SIZE 16
#define real float
#define real2 float2
#define real3 float3
#define real4 float4
#define make_real3 (real3)
#define CUTOFF_SQUARED 4.0f
#define EPSILON_FACTOR 138.935456f
#define SYNC_WARPS barrier(CLK_LOCAL_MEM_FENCE)
typedef struct {
    real x, y, z;
    real q;
    real sig, eps;
    real fx, fy, fz;
} AtomData;

inline real3 trimTo3(real4 v) { return (real3)(v.x, v.y, v.z); }
#define APPLY_PERIODIC_TO_DELTA(delta) { \
    delta.x -= floor(delta.x*invBox.x+0.5f)*box.x; \
    delta.y -= floor(delta.y*invBox.y+0.5f)*box.y; \
    delta.z -= floor(delta.z*invBox.z+0.5f)*box.z; }

kernel void openmm_nonbonded(global real4 *out, global const uint *in)
{
    __local AtomData localData[TILE_SIZE];
    const real4 box = (real4)(3.0f, 3.5f, 4.0f, 0.0f);
    const real4 invBox = (real4)(1.0f/3.0f, 1.0f/3.5f, 1.0f/4.0f, 0.0f);
    const unsigned int tgx = get_local_id(0) & (TILE_SIZE-1);
    const unsigned int atom1 = get_global_id(0);
    uint4 w = vload4(atom1, in);
    real4 posq1 = (real4)((w.x & 0xffff) * (3.0f/65536.0f), (w.x >> 16) * (3.5f/65536.0f),
                          (w.y & 0xffff) * (4.0f/65536.0f), ((int)(w.y >> 16) - 32768) * (1.0f/32768.0f));
    real2 sigEps1 = (real2)(0.1f + (w.z & 255) * 0.001f, 0.2f + ((w.z >> 8) & 255) * 0.002f);
    localData[tgx].x = posq1.x; localData[tgx].y = posq1.y; localData[tgx].z = posq1.z;
    localData[tgx].q = posq1.w; localData[tgx].sig = sigEps1.x; localData[tgx].eps = sigEps1.y;
    localData[tgx].fx = localData[tgx].fy = localData[tgx].fz = 0;
    SYNC_WARPS;
    real3 force = (real3) 0;
    real energy = 0;
    unsigned int tj = tgx;
    for (unsigned int j = 0; j < TILE_SIZE; j++) {
        if (tj != tgx) {
            real3 posq2 = make_real3(localData[tj].x, localData[tj].y, localData[tj].z);
            real3 delta = make_real3(posq2.x-posq1.x, posq2.y-posq1.y, posq2.z-posq1.z);
            APPLY_PERIODIC_TO_DELTA(delta)
            real r2 = delta.x*delta.x + delta.y*delta.y + delta.z*delta.z;
            if (r2 < CUTOFF_SQUARED) {
                real invR = rsqrt(r2);
                real r = r2*invR;
                real sig = sigEps1.x + localData[tj].sig;
                real eps = sigEps1.y * localData[tj].eps;
                real sig2 = invR*sig; sig2 *= sig2;
                real sig6 = sig2*sig2*sig2;
                real dEdR = eps*(12.0f*sig6 - 6.0f)*sig6;
                real tempEnergy = eps*(sig6-1.0f)*sig6;
                const real prefactor = EPSILON_FACTOR*posq1.w*localData[tj].q;
                tempEnergy += prefactor*(invR - 0.25f*r);
                dEdR += prefactor*(invR - 0.5f*r2*invR*0.25f*r);
                dEdR *= invR*invR;
                energy += 0.5f*tempEnergy;
                delta *= dEdR;
                force -= delta;
            }
        }
        tj = (tj + 1) & (TILE_SIZE - 1);
    }
    out[atom1] = (real4)(force, energy);
}
