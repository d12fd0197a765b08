// user overloads
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
enum E { EA, EB, EC };
__attribute__((overloadable)) int f1(uchar x) { return 1; }
__attribute__((overloadable)) int f1(ushort x) { return 2; }
__attribute__((overloadable)) int f1(uint x) { return 3; }
__attribute__((overloadable)) int f1(ulong x) { return 4; }
__attribute__((overloadable)) int f2(int x) { return 1; }
__attribute__((overloadable)) int f2(uint x) { return 2; }
__attribute__((overloadable)) int f3(char x) { return 1; }
__attribute__((overloadable)) int f3(short x) { return 2; }
__attribute__((overloadable)) int f3(int x) { return 3; }
__attribute__((overloadable)) int f3(long x) { return 4; }
__attribute__((overloadable)) int f4(int x) { return 1; }
__attribute__((overloadable)) int f4(float x) { return 2; }
__attribute__((overloadable)) int f5(uint x) { return 1; }
__attribute__((overloadable)) int f5(long x) { return 2; }
__attribute__((overloadable)) int f6(ushort x) { return 1; }
__attribute__((overloadable)) int f6(int x) { return 2; }
__attribute__((overloadable)) int f7(uint4 x) { return 1; }
__attribute__((overloadable)) int f7(int4 x) { return 2; }
__attribute__((overloadable)) int f7(float4 x) { return 3; }
__attribute__((overloadable)) int f8(ulong x) { return 1; }
__attribute__((overloadable)) int f8(double x) { return 2; }
__attribute__((overloadable)) int f9(global int* x) { return 1; }
__attribute__((overloadable)) int f9(local int* x) { return 2; }
__attribute__((overloadable)) int f9(int* x) { return 3; }
__attribute__((overloadable)) int fa(const global uint* x) { return 1; }
__attribute__((overloadable)) int fa(global uint* x) { return 2; }
__attribute__((overloadable)) int fb(bool x) { return 1; }
__attribute__((overloadable)) int fb(int x) { return 2; }
__attribute__((overloadable)) int fc(size_t x) { return 1; }
__attribute__((overloadable)) int fc(uint x) { return 2; }
__attribute__((overloadable)) int fd(enum E x) { return 1; }
__attribute__((overloadable)) int fd(int x) { return 2; }

kernel void uo(global int *out, global const uint *in0) {
 local int lbuf[16];
 const global uint *in = in0 + get_global_id(0)*64;
 global int *gi = out + 4096 - 1 - get_global_id(0); local int *li = lbuf; global uint *gu = (global uint*)gi; const global uint *cgu = in;
 uchar uc = in[0]; char sc = in[1]; ushort us = in[2]; short ss = in[3]; uint ui = in[4]; int si = in[5]; ulong ul = in[6]; long sl = in[7]; size_t sz = in[8]; float f = in[9]; double d = in[10]; bool bb = in[11]; enum E e = in[12] % 3; uint4 ui4 = vload4(0,in); int4 si4 = as_int4(ui4); float4 f4 = convert_float4(ui4); uchar4 uc4 = as_uchar4(in[13]); int *pi = gi;
 global int *o = out + get_global_id(0)*32; int r = 0, k = 0;
 r = r * 5 + f1(uc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f1(us); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f1(ui); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f1(ul); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f1(sz); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f1(e); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f1(1u); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f1(1UL); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f1(e+1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f1((enum E)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(uc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(sc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(us); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(ss); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(ui); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(si); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(bb); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(e); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(1u); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2('a'); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(true); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2((char)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2((short)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(0); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(uc+uc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(ss*2); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(e+1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2(EA); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f2((enum E)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(uc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(sc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(us); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(ss); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(si); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(sl); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(bb); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(1L); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3('a'); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(true); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3((char)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3((short)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(0); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(uc+uc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(ss*2); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f3(EA); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f5(ui); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f5(sl); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f5(e); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f5(1u); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f5(1L); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f5(e+1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f5((enum E)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6(uc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6(sc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6(us); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6(ss); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6(si); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6(bb); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6(1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6('a'); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6(true); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6((char)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6((short)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6(0); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6(uc+uc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6(ss*2); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f6(EA); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f7(ui4); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f7(si4); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f7(f4); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f8(ul); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f8(sz); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f8(f); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f8(d); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f8(1UL); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f8(1.0f); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f8(1.0); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f9(gi); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f9(li); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + f9(pi); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb(uc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb(sc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb(us); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb(ss); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb(si); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb(bb); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb(1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb('a'); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb((bool)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb((char)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb((short)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb(0); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb(uc+uc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb(ss*2); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fb(EA); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fc(ui); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fc(ul); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fc(sz); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fc(e); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fc(1u); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fc(1UL); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fc(e+1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fc((enum E)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(uc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(sc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(us); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(ss); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(si); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(bb); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(e); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd('a'); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(true); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd((char)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd((short)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(0); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(uc+uc); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(ss*2); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd(EA); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 r = r * 5 + fd((enum E)1); if (++k == 8) { *o++ = r; r = 0; k = 0; }
 *o = r;
}
