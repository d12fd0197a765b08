// bit tricks: popcount/clz/ctz/rotate/bitselect/upsample/hadd/rhadd/mul_hi/mad_hi/sat ops, mixed types
#define ROTL64(x,n) rotate((ulong)(x), (ulong)(n))
typedef ulong u64; typedef uint u32; typedef ushort u16; typedef uchar u8;
kernel void bits(global ulong *out, global const uint *in)
{
    size_t g = get_global_id(0);
    const global uint *p = in + g * 64;
    global ulong *o = out + g * 32;
    u32 a = p[0], b = p[1], c = p[2];
    int sa = (int)p[3], sb = (int)p[4];
    u64 w = upsample(a, b);
    long sw = upsample(sa, b);
    o[0] = popcount(w) + ((u64)clz(a) << 8) + ((u64)ctz(b) << 16) + ((u64)clz(w) << 24) + ((u64)ctz(sw) << 32);
    o[1] = ROTL64(w, 13UL) ^ rotate(w, (ulong)c) ^ rotate(sw, -3L);
    o[2] = upsample(rotate(a, 7u), rotate(sb, sa));
    o[3] = bitselect(w, ~w, (ulong)sw) ^ as_ulong(bitselect(as_double(w), as_double(~w), as_double(sw)));
    o[4] = upsample(hadd(a, b), rhadd(a, c)) ^ upsample(hadd(sa, sb), (uint)rhadd(sa, sb));
    o[5] = upsample(mul_hi(a, b), mad_hi(a, b, c)) ^ (u64)mul_hi(w, (ulong)sw) ^ (u64)mul_hi(sw, -sw);
    o[6] = as_ulong((uint2)(add_sat(a, b), sub_sat(a, c))) + as_ulong((int2)(add_sat(sa, sb), sub_sat(sa, sb)));
    o[7] = add_sat(w, (ulong)sw) ^ sub_sat(sw, (long)w) ^ mad_sat(sw, 3L, (long)w) ^ mad_sat(w, 5UL, w);
    o[8] = as_ulong(convert_uchar8_sat(as_short8(vload2(0, (const global ulong*)p))));
    o[9] = as_ulong(convert_char8_sat(vload8(1, p)));
    o[10] = as_ulong(convert_ushort4_sat(vload4(2, (const global int*)p)));
    o[11] = as_ulong(convert_short4_sat(vload4(3, (const global long*)p)));
    o[12] = as_ulong(abs(vload8(0, (const global char*)p))) ^ as_ulong(abs_diff(vload4(0, (const global short*)p), vload4(1,(const global short*)p)));
    o[13] = (u64)(a << (b & 31)) | ((u64)(sa >> (b & 31)) << 32);
    o[14] = (w << (c & 63)) ^ (sw >> (c & 63)) ^ (w >> (a % 64));
    // shift by large counts: OpenCL masks shift count
    o[15] = (a << b) ^ ((u64)(sa >> c) << 32) ^ (w << a) ^ (u64)(sw >> b);
    o[16] = as_ulong(vload8(0, (const global uchar*)p) << vload8(1, (const global uchar*)p));
    o[17] = as_ulong(vload4(0, (const global short*)p) >> vload4(1, (const global short*)p));
    o[18] = as_ulong(rotate(vload8(0, (const global uchar*)p), vload8(1, (const global uchar*)p)));
    o[19] = as_ulong(popcount(vload4(0, (const global ushort*)p))) ^ as_ulong(clz(vload2(0, (const global int*)p)));
    o[20] = mul24(sa, sb) ^ ((u64)mad24(a, b, c) << 20) ^ ((u64)mul24(a & 0xffffff, b & 0xffffff));
    o[21] = as_ulong(hadd(vload8(0, (const global uchar*)p), vload8(2, (const global uchar*)p)) ) ^ as_ulong(rhadd(vload4(0,(const global short*)p), vload4(3,(const global short*)p)));
    o[22] = as_ulong(upsample(vload4(0,(const global uchar*)p), vload4(1,(const global uchar*)p))) ^ as_ulong(upsample(vload2(0,(const global short*)p), vload2(1,(const global ushort*)p)));
    o[23] = as_ulong(ctz(vload2(5, p))) ^ as_ulong(ctz(vload8(3,(const global char*)p)));
    o[24] = min(w, (ulong)a) + max(sw, (long)sa) + clamp(w, (ulong)b, (ulong)c) + (u64)clamp(sa, -5, 5);
    o[25] = as_ulong(clamp(vload4(0,(const global ushort*)p), (ushort)100, (ushort)60000)) ^ as_ulong(clamp(vload4(1,(const global ushort*)p), 1000, 2000));
    o[26] = as_ulong(select(vload2(0,p), vload2(1,p), vload2(2,(const global int*)p))) ^ as_ulong(select(vload2(0,p), vload2(1,p), vload2(2,p) > (uint2)0x80000000u));
    o[27] = as_ulong(select(vload4(0,(const global short*)p), (short4)7, vload4(1,(const global ushort*)p))) ^ select(w, ~w, (ulong)sw) ^ select(a, b, sa);
    o[28] = as_ulong(min(vload4(0,p), 5u).lo) ^ (ulong)max(vload2(0,(const global long*)p), (long)sb).y ^ min(vload2(0,(const global ulong*)p), 99UL).x;
    o[29] = as_ulong(mad_sat(vload8(0,(const global char*)p), vload8(1,(const global char*)p), vload8(2,(const global char*)p)));
    o[30] = as_ulong(sub_sat(vload4(0,(const global ushort*)p), vload4(1,(const global ushort*)p))) ^ as_ulong(add_sat(vload4(2,(const global short*)p), vload4(3,(const global short*)p)));
    o[31] = as_ulong(mul_hi(vload8(0,(const global uchar*)p), vload8(1,(const global uchar*)p))) ^ as_ulong(mad_hi(vload2(0,(const global int*)p), vload2(1,(const global int*)p), (int2)sa));
}
