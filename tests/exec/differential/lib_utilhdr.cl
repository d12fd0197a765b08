// oclc-flags: -cl-std=CL2.0 -DWG=16 -DNDEBUG
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION all : disable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
#if !defined(WG) || (WG & (WG - 1))
#error "WG must be a power of two"
#endif
#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define STATIC_ASSERT(c, m) _Static_assert(c, #m)
#define MIN(a,b) ((a) < (b) ? (a) : (b))
#define ROUND_UP(x, a) (((x) + (a) - 1) & ~((a) - 1))
#define BIT(n) (1u << (n))
#define GENMASK(h, l) (((~0u) << (l)) & (~0u >> (31 - (h))))
#define FIELD_GET(m, v) (((v) & (m)) >> ctz(m))
#ifdef NDEBUG
#define ASSERT(x) ((void)0)
#else
#define ASSERT(x) do { if (!(x)) { printf("assert %s\n", #x); } } while (0)
#endif
STATIC_ASSERT(sizeof(long) == 8, long_is_64);
STATIC_ASSERT(sizeof(int4) == 16, int4);
typedef union { uint u; float f; uchar b[4]; ushort h[2]; } pun_t;
typedef struct { ulong lo, hi; } u128;
static inline uint rotl32(uint x, uint r) { return (x << (r & 31)) | (x >> ((32 - r) & 31)); }
static inline uint bswap32(uint x) { return ((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >> 8) & 0xff00) | (x >> 24); }
static inline uint next_pow2(uint v) { v--; v |= v >> 1; v |= v >> 2; v |= v >> 4; v |= v >> 8; v |= v >> 16; return v + 1; }
static inline int is_pow2(uint v) { return v && !(v & (v - 1)); }
static inline uint lowbit(uint v) { return v & -v; }
static inline int sign_extend(uint v, int bits) { int m = 32 - bits; return (int)(v << m) >> m; }
static inline uint morton2(uint x) { x &= 0xffff; x = (x | (x << 8)) & 0x00FF00FF; x = (x | (x << 4)) & 0x0F0F0F0F; x = (x | (x << 2)) & 0x33333333; x = (x | (x << 1)) & 0x55555555; return x; }
static inline uint parity(uint v) { v ^= v >> 16; v ^= v >> 8; v ^= v >> 4; v &= 0xf; return (0x6996 >> v) & 1; }
static inline u128 mul64x64(ulong a, ulong b) { u128 r; r.lo = a * b; r.hi = mul_hi(a, b); return r; }
static inline uint abs_diff_u(int a, int b) { return a > b ? (uint)a - (uint)b : (uint)b - (uint)a; }
static inline float flip_sign(float f, uint s) { pun_t p; p.f = f; p.u ^= s << 31; return p.f; }
static inline int fast_div3(int x) { return (int)(((long)x * 0x55555556L) >> 32) + ((uint)x >> 31); }
__constant uchar popcnt_tbl[16] = { 0,1,1,2,1,2,2,3,1,2,2,3,2,3,3,4 };
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void bits(global uint *out, global const uint *in)
{
  size_t g = get_global_id(0);
  uint a = in[g], b = in[g + 64], c = in[g + 128];
  ASSERT(g < 64);
  uint o[32];
  int n = 0;
  o[n++] = rotl32(a, b);
  o[n++] = bswap32(a);
  o[n++] = next_pow2(a & 0xfffff);
  o[n++] = is_pow2(a);
  o[n++] = lowbit(b);
  o[n++] = sign_extend(a, (b & 15) + 1);
  o[n++] = morton2(a) | (morton2(b) << 1);
  o[n++] = parity(c);
  u128 m = mul64x64(upsample(a, b), upsample(c, a));
  o[n++] = (uint)m.hi; o[n++] = (uint)(m.hi >> 32); o[n++] = (uint)m.lo;
  o[n++] = abs_diff_u((int)a, (int)b);
  o[n++] = as_uint(flip_sign(as_float(c & 0x7f7fffff), a & 1));
  o[n++] = fast_div3((int)a) - (int)a / 3;
  o[n++] = popcnt_tbl[a & 15] + popcount(a >> 4) + clz(b) * 100 + ctz(c) * 10000;
  o[n++] = GENMASK(a & 15, 3) ^ FIELD_GET(0xff0u, b);
  o[n++] = ROUND_UP(a & 0xffff, 64) + BIT(c & 31);
  pun_t p; p.u = c;
  o[n++] = p.b[0] + (p.b[3] << 8) + (p.h[1] << 16);
  o[n++] = likely(a > b) ? hadd(a, b) : rhadd(a, b);
  o[n++] = unlikely(c == 0) ? 7 : rotate(c, a);
  o[n++] = (uint)ARRAY_SIZE(popcnt_tbl) + MIN(a, b);
  o[n++] = (a ? : 5u);
  o[n++] = select(a, b, (uint)(c >> 31) * 0xffffffffu) + bitselect(a, b, c);
  o[n++] = abs((int)a) + abs_diff((int)a, (int)b) + add_sat((int)a, (int)b) + sub_sat(a, b) + mad_hi(a, b, c) + mad_sat((int)a, (int)b, (int)c);
  for (int i = 0; i < n; i++) out[g * 64 + i] = o[i];
  out[g * 64 + 63] = n;
}
