// oclc-flags: -cl-std=CL2.0
// A record walker in the style of C packet decoders: `void *` cursors
// advanced by byte counts (GNU C's arithmetic on `void *`, which clang
// accepts), with differences of cursors in bytes.

typedef struct {
    uint tag;
    uint len;   /* payload bytes after the header, a multiple of 4 */
} header_t;

inline global const void *next_record(global const void *at)
{
    const global header_t *h = at;
    return at + sizeof(header_t) + (h->len & 28u);
}

__kernel void walk_records(__global uint *out, __global const uint *in)
{
    size_t gid = get_global_id(0);
    global const void *base = in + gid * 64;
    global const void *end = base + 128;   /* headers live in the first half */
    global uint *o = out + gid * 64;
    uint sum = 0, count = 0;
    for (global const void *p = base; p + sizeof(header_t) <= end; p = next_record(p)) {
        const global header_t *h = p;
        global const uint *payload = (global const uint *)(h + 1);
        uint words = (h->len & 28u) / 4u;
        for (uint i = 0; i < words; ++i)
            sum = rotate(sum, 5u) ^ payload[i];
        o[1 + (count & 15)] = (uint)(p - base);
        ++count;
    }
    o[0] = count;
    o[20] = sum;
}

__kernel void cursor_steps(__global int *out, __global const int *in)
{
    size_t gid = get_global_id(0);
    global const void *start = in + gid * 64;
    global const void *p = start;
    global int *o = out + gid * 64;
    int step = in[gid * 64] & 7;
    p += 4 * step;          /* compound assignment moves by bytes */
    p++;                    /* one byte */
    ++p;
    p--;
    global const void *before = p++;
    o[0] = (int)(p - start);
    o[1] = (int)(before - start);
    o[2] = (int)(start - p);
    p -= 2;
    o[3] = *(global const int *)(start + 4 * (step + 1));
    o[4] = (int)((global const char *)p - (global const char *)start);
    /* Unaligned byte loads through a moved cursor. */
    global const uchar *bytes = (global const uchar *)(start + 3);
    o[5] = bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (bytes[3] << 24);
}
