// integer promotions and usual arithmetic conversions in every operator
typedef unsigned char u8;
typedef signed char s8;
typedef unsigned short u16;
typedef short s16;
typedef unsigned int u32;
typedef int s32;
typedef unsigned long u64;
typedef long s64;

#define IN(k) in[base + (k)]
#define EMIT(v) out[o++] = (uint)(v)

static int cmp_mixed(int a, uint b) { return a < b; }   /* a converted to unsigned */
static int cmp_long(int a, uint b) { return (long)a < (long)b; }
static int char_arith(u8 a, u8 b) { return a - b; } /* promoted to int, may be negative */
static uint char_arith_u(u8 a, u8 b) { return a - b; }
static long short_mul(u16 a, u16 b) { return (long)a * b; }
static int sc(s8 a) { return a; }
static uint neg_u8(u8 x) { return -x; }          /* -(int)x then converted */
static uint compl_u8(u8 x) { return ~x; }        /* ~(int)x */
static u8 compl_u8_trunc(u8 x) { return ~x; }
static u16 shl_u16(u16 x, int n) { return x << n; }
static int shl_u16_int(u16 x, int n) { return x << n; }

kernel void promotions(global uint *out, global const uint *in) {
  size_t g = get_global_id(0);
  size_t base = g * 64;
  int o = (int)(g * 64);
  u32 w0 = IN(0), w1 = IN(1), w2 = IN(2), w3 = IN(3);
  u8 a = (u8)w0, b = (u8)w1;
  s8 c = (s8)w2, d = (s8)(w3 >> 8);
  u16 e = (u16)w1, f = (u16)(w2 >> 16);
  s16 h = (s16)w3, i = (s16)(w0 >> 16);
  EMIT(a + b);
  EMIT(a - b);
  EMIT(c - d);
  EMIT(c * d);
  EMIT((u32)e * f >> 3);
  EMIT(cmp_mixed(c, w1));
  EMIT(cmp_long(c, w1));
  EMIT(char_arith(a, b));
  EMIT(char_arith_u(a, b));
  EMIT(short_mul(e, f));
  EMIT(short_mul(e, f) >> 32);
  EMIT(sc(c));
  EMIT(neg_u8(a));
  EMIT(compl_u8(a));
  EMIT(compl_u8_trunc(a));
  EMIT(shl_u16(e, 7));
  EMIT(shl_u16_int(e, 7));
  EMIT(c < 0u);                  /* always 0 after conversion? no: c converted to uint */
  EMIT(c < 0);
  EMIT(h > (u16)i);
  EMIT(h > (u32)i);
  EMIT((s64)h * (u32)i);
  EMIT(((s64)h * (u32)i) >> 32);
  EMIT((u64)(s64)c);
  EMIT((u64)(s64)c >> 40);
  EMIT(a ? c : e);               /* ?: with mixed types -> int */
  EMIT(c > 0 ? c : w0);          /* -> uint */
  EMIT((c > 0 ? c : 2u) > 5);    /* conversion inside ?: */
  EMIT((c > 0 ? (long)c : w0) >> 33);
  u8 ca = a; ca += 200; EMIT(ca);
  s8 cb = c; cb -= 100; EMIT(cb); /* implementation-defined narrow, OpenCL: wrap */
  u16 cc = e; cc *= 3; EMIT(cc);
  u16 cd = e; cd >>= 3; EMIT(cd);
  s16 ce = h; ce >>= 2; EMIT(ce);
  s16 cf = h; cf /= 7; EMIT(cf);
  s16 cg = h; cg %= -5; EMIT(cg);
  u8 ch = a; ch <<= 3; EMIT(ch);
  u8 ci = a; ci |= 0x100; EMIT(ci);
  u32 cj = w0; cj -= (u8)250; EMIT(cj);
  s32 ck = (s32)(w0 & 0xffff); ck *= -3; EMIT(ck);
  long cl = c; cl += w1; EMIT(cl); EMIT(cl >> 32);
  uint cm = w2; cm += (char)-1; EMIT(cm);
  bool bb = w0 & 4; EMIT(bb + bb);
  bool bc = (bool)(w0 & 0x30); bc += 1; EMIT(bc);
  EMIT(sizeof(a + b)); EMIT(sizeof(c ? a : e)); EMIT(sizeof(+a)); EMIT(sizeof(-e)); EMIT(sizeof(w0 + 1L));
  EMIT((int)-1 < (uint)0);
  EMIT(-1L < 0u);
  EMIT(-1 < (u16)1);
  EMIT((u8)255 + (u8)1);
  EMIT((u8)((u8)255 + (u8)1));
  EMIT(-(u16)1);
  EMIT((e & 0xff) * (f & 0xff) >> 3);
  EMIT(!a + !!b);
  EMIT((c, e));
}
