// type punning via unions and pointer casts (byte access to private objects, vector as array)
typedef union { float f; uint u; ushort h[2]; uchar b[4]; } w32;
typedef union { double d; ulong l; uint u[2]; float f[2]; uchar4 c4[2]; } w64;
typedef struct { uchar a; uint b; ushort c; } padded_t;

static void bytecopy(void *dst, const void *src, int n) {
  uchar *d = (uchar *)dst; const uchar *s = (const uchar *)src;
  for (int i = 0; i < n; i++) d[i] = s[i];
}
static uint load_le(const uchar *b) { return b[0] | b[1] << 8 | b[2] << 16 | (uint)b[3] << 24; }
static void set_byte(uint *x, int i, uchar v) { ((uchar *)x)[i] = v; }
static float vsum(float4 v) { const float *f = (const float *)&v; float s = 0; for (int i = 0; i < 4; i++) s += f[i]; return s; }
static void vset(int4 *v, int i, int val) { ((int *)v)[i] = val; }

kernel void punning(global uint *out, global const uint *in) {
  size_t g = get_global_id(0);
  const global uint *p = in + g * 64;
  global uint *q = out + g * 64;
  int k = 0;
  w32 a; a.u = p[0];
  q[k++] = a.b[0] + a.b[3] * 3 + a.h[1];
  a.b[2] = 0x7f;
  q[k++] = a.u;
  a.h[0] ^= 0xffff;
  q[k++] = as_uint(a.f);
  w64 d; d.l = ((ulong)p[1] << 32) | p[2];
  q[k++] = d.u[0] ^ d.u[1];
  d.f[1] = 1.0f;
  q[k++] = (uint)(d.l >> 24);
  d.c4[0].y = 9;
  q[k++] = d.u[0];
  uint x = p[3];
  set_byte(&x, 1, 0xAB);
  set_byte(&x, 3, (uchar)p[4]);
  q[k++] = x;
  q[k++] = load_le((const uchar *)&p[5]);
  uint y; float fy = as_float(p[6]);
  bytecopy(&y, &fy, 4);
  q[k++] = y;
  q[k++] = *(const uint *)&fy;
  float4 v = as_float4(vload4(2, p) & 0x3fffffffu);
  q[k++] = as_uint(vsum(v));
  int4 iv = (int4)(1, 2, 3, 4);
  vset(&iv, 2, (int)p[12]);
  vset(&iv, 0, -5);
  q[k++] = iv.x + iv.y + iv.z + iv.w;
  padded_t s1 = { (uchar)p[13], p[14], (ushort)p[15] };
  padded_t s2;
  bytecopy(&s2, &s1, sizeof s1);
  q[k++] = s2.a + s2.b + s2.c;
  ushort hs[4];
  *(ulong *)hs = ((ulong)p[16] << 32) | p[17];
  q[k++] = hs[0] ^ hs[3] << 16;
  ulong big[2] = { ((ulong)p[18] << 32) | p[19], 0 };
  uchar *bb = (uchar *)big;
  bb[8] = bb[0]; bb[15] = bb[7];
  q[k++] = (uint)(big[1] >> 32) ^ (uint)big[1];
  char carr[8];
  for (int i = 0; i < 8; i++) carr[i] = (char)(p[20] >> (i * 4));
  q[k++] = *(uint *)&carr[4];
  q[k++] = ((ushort *)carr)[1];
  uint2 pair = *(uint2 *)carr;
  q[k++] = pair.x - pair.y;
  w32 arr[2] = { { .u = p[21] }, { .f = 2.0f } };
  q[k++] = arr[0].b[1] + arr[1].b[3];
}
