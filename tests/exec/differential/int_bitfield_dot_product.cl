// Codec and quantized-inference idioms on the integer extensions OpenCL C
// 3.1 makes core (cl_khr_extended_bit_ops, cl_khr_integer_dot_product):
// bit-field packing and unpacking of headers and pixels at every integer
// width and on vectors, bit reversal for FFT index permutation, and int8
// dot products of activations and weights in every signedness, with and
// without saturating accumulation, on vectors and on packed words.

#if !defined(cl_khr_extended_bit_ops) || !defined(cl_khr_integer_dot_product)
#error "the integer extensions should be supported"
#endif
#if !defined(__opencl_c_integer_dot_product_input_4x8bit_packed)
#error "the packed input format should be supported"
#endif

typedef struct { uint version, kind, length; int delta; } header_t;

static header_t unpack_header(uint w)
{
    header_t h;
    h.version = bitfield_extract_unsigned(w, 29u, 3u);
    h.kind = bitfield_extract_unsigned(w, 24u, 5u);
    h.length = bitfield_extract_unsigned(w, 8u, 16u);
    h.delta = bitfield_extract_signed(w, 0u, 8u);
    return h;
}

static uint pack_header(header_t h)
{
    uint w = 0;
    w = bitfield_insert(w, h.version, 29u, 3u);
    w = bitfield_insert(w, h.kind, 24u, 5u);
    w = bitfield_insert(w, h.length, 8u, 16u);
    return bitfield_insert(w, (uint)h.delta, 0u, 8u);
}

kernel void bitfields(global uint *out, global const uint *in)
{
    const int g = get_global_id(0);
    const uint w = in[g];
    const uint offset = in[g + 64] % 32u;
    const uint count = (in[g + 128] % 33u) > 32u - offset ? 32u - offset : in[g + 128] % 33u;
    global uint *d = out + g * 32;
    header_t h = unpack_header(w);
    d[0] = h.version;
    d[1] = h.kind;
    d[2] = h.length;
    d[3] = (uint)h.delta;
    h.length ^= 0x5a5a;
    d[4] = pack_header(h);
    d[5] = bitfield_insert(w, in[g + 192], offset, count);
    d[6] = (uint)bitfield_extract_signed(w, offset, count);
    d[7] = bitfield_extract_unsigned((int)w, offset, count);
    d[8] = bit_reverse(w);
    d[9] = bit_reverse((uint)g) >> (32 - 6); /* 6-bit index reversal */
    const uchar c = (uchar)w;
    const short s = (short)(w >> 8);
    const ulong l = upsample(w, in[g + 256]);
    d[10] = bit_reverse(c);
    d[11] = (ushort)bit_reverse(s);
    d[12] = (uint)bitfield_extract_signed(c, 2u, 5u);
    d[13] = (ushort)bitfield_insert(s, (short)-1, 3u, 9u);
    const ulong lr = bit_reverse(l);
    d[14] = (uint)lr;
    d[15] = (uint)(lr >> 32);
    const ulong lf = bitfield_extract_unsigned(l, 20u, 40u);
    d[16] = (uint)lf;
    d[17] = (uint)(lf >> 32);
    const long ls = bitfield_extract_signed((long)l, 33u, 31u);
    d[18] = (uint)ls;
    d[19] = (uint)(ls >> 32);
    const uint4 v = (uint4)(w, in[g + 64], in[g + 128], in[g + 192]);
    const uint4 rv = bit_reverse(v);
    const int4 ev = bitfield_extract_signed(as_int4(v), 4u, 12u);
    const uint4 iv = bitfield_insert(v, (uint4)(0xffffffffu), 16u, 4u);
    vstore4(rv, 5, d);
    vstore4(as_uint4(ev), 6, d);
    vstore4(iv, 7, d);
}

kernel void int8_dot(global int *out, global const uint *in)
{
    const int g = get_global_id(0);
    const uint aw = in[g], bw = in[g + 64];
    const int acc = (int)in[g + 128];
    const uchar4 ua = as_uchar4(aw), ub = as_uchar4(bw);
    const char4 sa = as_char4(aw), sb = as_char4(bw);
    global int *d = out + g * 24;
    d[0] = (int)dot(ua, ub);
    d[1] = dot(sa, sb);
    d[2] = dot(ua, sb);
    d[3] = dot(sa, ub);
    d[4] = (int)dot_acc_sat(ua, ub, (uint)acc);
    d[5] = dot_acc_sat(sa, sb, acc);
    d[6] = dot_acc_sat(ua, sb, acc);
    d[7] = dot_acc_sat(sa, ub, acc);
    d[8] = dot_acc_sat(sa, sb, INT_MAX - 5);
    d[9] = dot_acc_sat(sa, sb, INT_MIN + 5);
    d[10] = (int)dot_acc_sat(ua, ub, UINT_MAX - 7u);
    d[11] = (int)dot_4x8packed_uu_uint(aw, bw);
    d[12] = dot_4x8packed_ss_int(aw, bw);
    d[13] = dot_4x8packed_us_int(aw, bw);
    d[14] = dot_4x8packed_su_int(aw, bw);
    d[15] = (int)dot_acc_sat_4x8packed_uu_uint(aw, bw, (uint)acc);
    d[16] = dot_acc_sat_4x8packed_ss_int(aw, bw, acc);
    d[17] = dot_acc_sat_4x8packed_us_int(aw, bw, INT_MAX - 100);
    d[18] = dot_acc_sat_4x8packed_su_int(aw, bw, INT_MIN + 100);
    /* a quantized 16-tap filter: four packed dot products */
    int sum = 0;
    for (int k = 0; k < 4; ++k)
        sum = dot_acc_sat_4x8packed_ss_int(in[g * 4 + k], in[256 + k], sum);
    d[19] = sum;
}
