// CLBlast-style tiled GEMM: C = alpha*A*B + beta*C, 32x32x32, exact small-int floats
#define MWG 16
#define NWG 16
#define KWG 8
#define MDIMC 4
#define NDIMC 4
#define MWI (MWG/MDIMC)
#define NWI (NWG/NDIMC)
#define VWM 4
#define VWN 4
#define SA 1
#define SB 1
#if VWM == 4
  typedef float4 realM;
#elif VWM == 8
  typedef float8 realM;
#else
  typedef float realM;
#endif
typedef float real;
#define ZERO 0.0f
#define MultiplyAdd(c,a,b) c = mad(a, b, c)
#define SetToZero(a) a = ZERO
#define M 32
#define N 32
#define K 32

inline real sanitize(uint w) { return (real)((int)(w & 15u) - 8); }


__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void Xgemm(__global float *out, __global const uint *in) {
  // the contract launches 1D: 64 items, 16 per group -> 4 groups = 2x2 tiles
  const int gid = get_group_id(0);
  const int tid = get_local_id(0);
  __local real alm[KWG*MWG];
  __local real blm[KWG*NWG];
  // each group writes its own private copy of A/B to avoid races: use per-group scratch
  real acc[MWI][NWI];
  for (int a = 0; a < MWI; a++)
    for (int b = 0; b < NWI; b++) SetToZero(acc[a][b]);
  const int tm = gid & 1, tn = gid >> 1;
  const int tidm = tid % MDIMC, tidn = tid / MDIMC;
  for (int kwg = 0; kwg < K; kwg += KWG) {
    for (int l = 0; l < (KWG*MWG)/(MDIMC*NDIMC); l++) {
      int idx = tid + l * (MDIMC*NDIMC);
      int kk = idx / MWG, mm = idx % MWG;
      alm[kk*MWG + mm] = sanitize(in[(kwg + kk)*M + tm*MWG + mm]);
      blm[kk*NWG + mm] = sanitize(in[1024 + (kwg + kk)*N + tn*NWG + mm]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int pwi = 0; pwi < KWG; pwi++) {
      realM apm = vload4(0, alm + pwi*MWG + tidm*VWM);
      realM bpm = vload4(0, blm + pwi*NWG + tidn*VWN);
      for (int ni = 0; ni < NWI; ni++) {
        real bv = ((real*)&bpm)[ni];
        MultiplyAdd(acc[0][ni], apm.x, bv);
        MultiplyAdd(acc[1][ni], apm.y, bv);
        MultiplyAdd(acc[2][ni], apm.s2, bv);
        MultiplyAdd(acc[3][ni], apm.s3, bv);
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  const real alpha = 2.0f, beta = -1.0f;
  for (int ni = 0; ni < NWI; ni++) {
    int n = tn*NWG + tidn*VWN + ni;
    int m0 = tm*MWG + tidm*VWM;
    float4 cold = (float4)(sanitize(in[2048 + n*M + m0]), sanitize(in[2048 + n*M + m0 + 1]),
                           sanitize(in[2048 + n*M + m0 + 2]), sanitize(in[2048 + n*M + m0 + 3]));
    float4 r = (float4)(acc[0][ni], acc[1][ni], acc[2][ni], acc[3][ni]);
    vstore4(alpha * r + beta * cold, 0, out + n*M + m0);
  }
}
