// oclc-flags: -cl-std=CL1.2
// Telephony codecs ported from the Sun/CCITT reference C (g711.c) and the
// IMA/DVI ADPCM coder: short/uchar/char casts, static const step tables,
// segment search through a pointer, and a pixel-math kernel exercising the
// usual integer promotions (uchar*uchar, short shifts, unsigned vs -1).

#define SIGN_BIT    0x80
#define QUANT_MASK  0x0f
#define SEG_SHIFT   4
#define SEG_MASK    0x70
#define BIAS        0x84
#define CLIP        8159
#define SAMPLES     64            /* ADPCM samples per work-item */

constant short seg_aend[8] = { 0x1F, 0x3F, 0x7F, 0xFF, 0x1FF, 0x3FF, 0x7FF, 0xFFF };
constant short seg_uend[8] = { 0x3F, 0x7F, 0xFF, 0x1FF, 0x3FF, 0x7FF, 0xFFF, 0x1FFF };

constant int ima_index_table[16] = {
    -1, -1, -1, -1, 2, 4, 6, 8,
    -1, -1, -1, -1, 2, 4, 6, 8
};

constant short ima_step_table[89] = {
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41,
    45, 50, 55, 60, 66, 73, 80, 88, 97, 107, 118, 130, 143, 157, 173, 190,
    209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724,
    796, 876, 963, 1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272,
    2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484, 7132,
    7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500,
    20350, 22385, 24623, 27086, 29794, 32767
};

static short search(short val, constant short *table, short size)
{
    for (short i = 0; i < size; i++) {
        if (val <= *table++)
            return i;
    }
    return size;
}

static uchar linear2alaw(short pcm_val)       /* 2's complement (16-bit range) */
{
    short mask, seg;
    uchar aval;

    pcm_val = pcm_val >> 3;
    if (pcm_val >= 0) {
        mask = 0xD5;                           /* sign (7th) bit = 1 */
    } else {
        mask = 0x55;                           /* sign bit = 0 */
        pcm_val = -pcm_val - 1;
    }
    seg = search(pcm_val, seg_aend, 8);
    if (seg >= 8)
        return (uchar)(0x7F ^ mask);
    aval = (uchar)seg << SEG_SHIFT;
    if (seg < 2)
        aval |= (pcm_val >> 1) & QUANT_MASK;
    else
        aval |= (pcm_val >> seg) & QUANT_MASK;
    return aval ^ mask;
}

static short alaw2linear(uchar a_val)
{
    short t, seg;
    a_val ^= 0x55;
    t = (a_val & QUANT_MASK) << 4;
    seg = ((unsigned)a_val & SEG_MASK) >> SEG_SHIFT;
    if (seg == 0) {
        t += 8;
    } else {
        t += 0x108;
        if (seg > 1)
            t <<= seg - 1;
    }
    return (a_val & SIGN_BIT) ? t : -t;
}

static uchar linear2ulaw(short pcm_val)
{
    short mask, seg;
    uchar uval;

    pcm_val = pcm_val >> 2;
    if (pcm_val < 0) {
        pcm_val = -pcm_val;
        mask = 0x7F;
    } else {
        mask = 0xFF;
    }
    if (pcm_val > CLIP) pcm_val = CLIP;
    pcm_val += (BIAS >> 2);
    seg = search(pcm_val, seg_uend, 8);
    if (seg >= 8)
        return (uchar)(0x7F ^ mask);
    uval = (uchar)(seg << 4) | ((pcm_val >> (seg + 1)) & 0xF);
    return uval ^ mask;
}

static short ulaw2linear(uchar u_val)
{
    short t;
    u_val = ~u_val;
    t = ((u_val & QUANT_MASK) << 3) + BIAS;
    t <<= ((unsigned)u_val & SEG_MASK) >> SEG_SHIFT;
    return (u_val & SIGN_BIT) ? (BIAS - t) : (t - BIAS);
}

kernel void g711_codec(global short *out, global const short *in)
{
    const int gid = get_global_id(0);
    const int gsz = get_global_size(0);
    for (int i = gid; i < 8192 / 4; i += gsz) {
        short s = in[2 * i + 1];            /* high halves: full 16-bit range */
        uchar a = linear2alaw(s);
        uchar u = linear2ulaw(s);
        short ra = alaw2linear(a);
        short ru = ulaw2linear(u);
        out[4 * i + 0] = (short)((ushort)a << 8 | u);
        out[4 * i + 1] = ra;
        out[4 * i + 2] = ru;
        /* transcoding error of both laws, as the reference test prints */
        out[4 * i + 3] = (short)abs(ra - ru);
    }
}

typedef struct {
    short predicted;      /* last decoded sample */
    char  index;          /* step-table index, 0..88 */
} ima_state_t;

static uchar ima_encode(ima_state_t *st, short sample)
{
    int step = ima_step_table[st->index];
    int diff = sample - st->predicted;
    uchar code = 0;
    if (diff < 0) { code = 8; diff = -diff; }
    int vpdiff = step >> 3;
    if (diff >= step)        { code |= 4; diff -= step; vpdiff += step; }
    step >>= 1;
    if (diff >= step)        { code |= 2; diff -= step; vpdiff += step; }
    step >>= 1;
    if (diff >= step)        { code |= 1; vpdiff += step; }
    int pred = st->predicted + ((code & 8) ? -vpdiff : vpdiff);
    st->predicted = (short)clamp(pred, -32768, 32767);
    st->index = (char)clamp(st->index + ima_index_table[code], 0, 88);
    return code;
}

static short ima_decode(ima_state_t *st, uchar code)
{
    int step = ima_step_table[st->index];
    int vpdiff = step >> 3;
    if (code & 4) vpdiff += step;
    if (code & 2) vpdiff += step >> 1;
    if (code & 1) vpdiff += step >> 2;
    int pred = st->predicted + ((code & 8) ? -vpdiff : vpdiff);
    st->predicted = (short)clamp(pred, -32768, 32767);
    st->index = (char)clamp((int)st->index + ima_index_table[code & 15], 0, 88);
    return st->predicted;
}

kernel void ima_adpcm_roundtrip(global uchar *out, global const short *in)
{
    const int gid = get_global_id(0);
    global const short *pcm = in + gid * SAMPLES * 2;
    ima_state_t enc = { 0, 0 }, dec = { 0, 0 };
    uchar packed[SAMPLES / 2];
    long sq_err = 0;
    short prev = 0;
    for (int n = 0; n < SAMPLES; ++n) {
        /* a slowly varying signal: smooth the raw words */
        short x = (short)((prev * 3 + (pcm[2 * n + 1] >> 2)) >> 2);
        prev = x;
        uchar code = ima_encode(&enc, x);
        if (n & 1)
            packed[n >> 1] |= (uchar)(code << 4);
        else
            packed[n >> 1] = code;
        short y = ima_decode(&dec, code);
        int e = x - y;
        sq_err += (long)e * e;
    }
    global uchar *o = out + gid * 64;
    for (int k = 0; k < SAMPLES / 2; ++k)
        o[k] = packed[k];
    vstore2(as_uchar2(dec.predicted), 16, o);
    o[34] = (uchar)dec.index;
    o[35] = (uchar)(enc.index == dec.index && enc.predicted == dec.predicted);
    vstore4(as_uchar4((uint)(sq_err >> 4)), 9, o);
    vstore4(as_uchar4((uint)(sq_err >> 36)), 10, o);
}

/* pixel helpers that lean on C's integer promotions */
static inline uchar div255(uint x) { return (uchar)((x + 128 + ((x + 128) >> 8)) >> 8); }

kernel void promotion_pixels(global int *out, global const uchar *in)
{
    const int gid = get_global_id(0);
    const global uchar *px = in + gid * 256;
    int acc_mul = 0, acc_sh = 0, cmp_neg = 0, char_sum = 0, wrap = 0;
    uint blend_sum = 0;
    for (int i = 0; i < 64; ++i) {
        uchar a = px[4 * i], b = px[4 * i + 1], alpha = px[4 * i + 2], m = px[4 * i + 3];
        acc_mul += a * b;                     /* uchar*uchar promotes to int: up to 65025 */
        uchar wrapped = a * b;                /* ... and truncates on store */
        wrap += wrapped;
        short s = (short)((ushort)a << 8 | b);
        acc_sh += (s >> 4) + ((ushort)s >> 12);     /* arithmetic vs logical */
        /* unsigned comparison against a negative int: -1 becomes UINT_MAX */
        uint u = (uint)m * 16843009u;           /* m replicated into 4 bytes */
        cmp_neg += (u < -1) ? 1 : 0;
        cmp_neg += ((int)m - 128 < 0u) ? 2 : 0; /* int converted to unsigned */
        char c = (char)a;                       /* negative for a >= 128 */
        char_sum += c + (uchar)c;
        blend_sum += div255((uint)a * alpha + (uint)b * (255 - alpha));
        long l = (long)(char)m * (ushort)(b << 8);
        acc_sh ^= (int)(l >> 8);
    }
    out[8 * gid + 0] = acc_mul;
    out[8 * gid + 1] = acc_sh;
    out[8 * gid + 2] = cmp_neg;
    out[8 * gid + 3] = char_sum;
    out[8 * gid + 4] = wrap;
    out[8 * gid + 5] = (int)blend_sum;
    out[8 * gid + 6] = (int)sizeof(short) << 8 | (int)sizeof(ima_state_t);
    out[8 * gid + 7] = (short)0x8000 >> 4;
}
