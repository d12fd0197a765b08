// constant-expression folding in program-scope initializers vs runtime evaluation
#define E00 ((uchar)300)
#define E01 (-1u >> 3)
#define E02 ((int)-7 / 2)
#define E03 (-7 % 3)
#define E04 ((char)200 >> 1)
#define E05 (0x80000000 >> 31)
#define E06 ((int)3.99f)
#define E07 ((uint)-0.5f)
#define E08 ((ushort)-1 / 3)
#define E09 ((short)0x8000 / 2)
#define E10 (sizeof(int) * 3 - 20)     /* size_t wraps */
#define E11 (5 > 3 ? -1 : 1u)          /* unsigned result */
#define E12 ((long)-1 < 1u)
#define E13 (-1 < 1u)
#define E14 ((uchar)-1 > (char)-1)
#define E15 (~0u << 4 >> 4)
#define E16 (~(uchar)0)
#define E17 ((ulong)-1 / 10)
#define E18 (-9223372036854775807L / -10)
#define E19 ((0x7fffffff + 1u) / 3)
#define E20 ((int)(1.0f / 3.0f * 3000000.0f))
#define E21 (1.0f / 3.0f)
#define E22 (0.1f + 0.2f)
#define E23 ((float)(0.1 + 0.2))
#define E24 ((float)0xffffffff)
#define E25 ((float)0x7fffffbf)
#define E26 ((float)16777217)
#define E27 ((float)(double)16777217.0)
#define E28 (1e-40f)
#define E29 (-0.0f * 1.0f)
#define E30 ((float)9007199254740993L)
#define E31 ((int)(1.0 / 3.0 * 1e9))
#define E32 ((int)(ulong)(1.0 / 3.0 * 1e18))
#define E33 ((float)(1.0 / 3.0))
#define E34 (3.0f * 0.1f)
#define E35 (16777216.0f + 1.0f)
#define E36 ((int)(2.5f + 0.5f))
#define E37 ((float)(uint)4294967295.0)
#define E38 ((int)(ulong)1.8446743e19f)
#define E39 ((int)((ulong)1.8446743e19f >> 32))
#define E40 (1.0f + FLT_EPSILON / 2)
#define E41 (1.0f + FLT_EPSILON / 2 + FLT_EPSILON / 2)
#define E42 ((int)(char)(uchar)0x80 * 2)
#define E43 (((uint)-5) % 7)
#define E44 ((-5L) % 7u)
#define E45 ((short)-5 % (ushort)7)
#define E46 ((1 ? (uchar)200 : (char)0) + 100)
#define E47 (0 ? 1 : sizeof(char) - 2)
#define E48 ((int)(long)(uint)(short)-2)
#define E49 (1e38f * 10.0f)
#define E50 (-(1e-45f / 2))
#define E51 ((float)-0x1p-150)
#define E52 ((float)0x1.000001p0)
#define E53 ((float)0x1.0000010000001p0)

#define ILIST E00,E01,E02,E03,E04,E05,E06,E07,E08,E09,E10,E11,E12,E13,E14,E15,E16,E17,E18,E19,E20,E31,E32,E36,E38,E39,E42,E43,E44,E45,E46,E47,E48
#define FLIST E21,E22,E23,E24,E25,E26,E27,E28,E29,E30,E33,E34,E35,E37,E40,E41,E49,E50,E51,E52,E53
constant uint folded[] = { ILIST };
constant float ffolded[] = { FLIST };

kernel void constfold(global uint *out, global const uint *in) {
  size_t g = get_global_id(0);
  global uint *q = out + g * 64;
  const uint n = sizeof(folded) / sizeof(folded[0]);
  if (g == 0) {
    for (uint i = 0; i < n; i++) q[i] = folded[i];
  } else if (g == 1) {
    uint local_fold[] = { ILIST };   /* runtime-built initializer */
    for (uint i = 0; i < n; i++) q[i] = local_fold[i];
  } else if (g == 2) {
    const uint m = sizeof(ffolded) / sizeof(float);
    for (uint i = 0; i < m; i++) q[i] = as_uint(ffolded[i]);
  } else if (g == 3) {
    float lf[] = { FLIST };
    const uint m = sizeof(lf) / sizeof(float);
    for (uint i = 0; i < m; i++) q[i] = as_uint(lf[i]);
  } else if (g == 4) {
    q[0] = n;
  }
}
