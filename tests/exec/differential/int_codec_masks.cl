// oclc-flags: -cl-std=CL2.0
// Bitmask and table constants of an entropy coder written as constant
// expressions: shifts whose counts exceed the operand width in enum values,
// case labels, array bounds and constant tables (OpenCL masks the count),
// narrowing casts of out-of-range literals, unsigned wrap-around in
// constant folding, and the same shifts computed at run time.

enum {
    M_LOW   = (1 << 33) - 1,          /* count masked to 1 */
    M_WIDE  = 0xF0u >> 36,
    M_BYTE  = (uchar)0x1FF,
    M_CHAR  = (char)200,
    M_WRAP  = (int)(0u - 5u),
    M_SHORT = (short)0x12345,
};

constant uint k_masks[6] = { 1u << 40, 0x80000000u >> 33, (uint)(1ul << 40), M_LOW, M_WIDE, (uint)M_CHAR };
constant int k_sized[(1 << 34) + 1] = { 11, 22, 33, 44, 55 };
constant long k_long[3] = { 1l << 65, -1l >> 70, (long)(0xFFFFFFFFu << 31) };

static inline uint classify(uint v)
{
    switch (v & 7) {
    case 1 << 32:  return 10;         /* == 1 */
    case 2:        return 20;
    case (3 << 33) >> 1: return 30;   /* == 3 */
    case 16 >> 34: return 40;         /* == 4 */
    default:       return 99;
    }
}

kernel void masks_from_constants(global uint *out, global const uint *in)
{
    int gid = get_global_id(0);
    global const uint *s = in + gid * 64;
    global uint *d = out + gid * 64;
    d[0] = M_LOW; d[1] = M_WIDE; d[2] = M_BYTE; d[3] = (uint)M_CHAR;
    d[4] = (uint)M_WRAP; d[5] = (uint)M_SHORT;
    for (int k = 0; k < 6; ++k) d[6 + k] = k_masks[k];
    d[12] = sizeof(k_sized) / sizeof(k_sized[0]);
    d[13] = (uint)k_long[0]; d[14] = (uint)(k_long[1] >> 32); d[15] = (uint)(k_long[2] >> 32);
    for (int k = 16; k < 64; ++k) {
        uint v = s[k];
        d[k] = classify(v) + (v & k_masks[k % 6]) + (uint)k_sized[k & 3];
    }
}

kernel void runtime_shifts_match(global uint *out, global const uint *in)
{
    int gid = get_global_id(0);
    global const uint *s = in + gid * 64;
    global uint *d = out + gid * 64;
    for (int k = 0; k < 32; ++k) {
        uint v = s[k];
        uint n = s[32 + k];
        uchar b = (uchar)v;
        ushort h = (ushort)v;
        /* scalar char/short promote to int before the shift; the count is
         * masked to 32 bits, not 8/16 */
        uint r0 = (uint)(b << (n & 15));
        uint r1 = (uint)(h >> (n & 31));
        uchar2 b2 = (uchar2)(b, (uchar)n);
        uchar2 r2 = b2 << (uchar2)(9, (uchar)(n & 15));   /* masked to 8 */
        ushort2 h2 = (ushort2)(h) >> (ushort2)(17, 31);
        int sv = (int)v;
        d[k] = r0 ^ r1 ^ (uint)(sv >> (int)n) ^ (v << n);
        d[32 + k] = as_ushort(r2) ^ ((uint)as_uint(h2) >> 3) ^ (uint)((long)((ulong)(long)sv << 40) >> 40)
                  ^ (uint)(((ulong)v << n) >> 32) ^ (uint)((char)v >> 9);
    }
}
