// oclc-flags: -cl-std=CL1.2
// RFC 4180 CSV record scanner written as a goto-driven state machine, as in
// small C parsers: labels per state, a jump into the middle of the unquoted
// state, fallthrough between labels, and an enum tracking the last state.

#define CHUNK      256            /* bytes of input per work-item */

typedef unsigned char u8;
typedef unsigned int  u32;

/* every input byte is mapped onto a CSV-ish alphabet */
constant char csv_alphabet[16] = {
    '0', '1', '2', '7', '9', ',', '"', ' ', '\n', '.', 'a', 'x', '-', ',', '"', '5'
};

typedef enum { ST_FIELD_START, ST_UNQUOTED, ST_QUOTED, ST_QUOTE_IN_QUOTED } csv_state_t;

typedef struct {
    u32 records, fields, quoted, numeric, errors, num_sum, max_field_len;
} csv_stats_t;

static inline char map_csv(u8 b) { return csv_alphabet[b & 15]; }

static inline int is_digit(char c) { return c >= '0' && c <= '9'; }

kernel void csv_scan_goto(global uint *out, global const uchar *in)
{
    const int gid = get_global_id(0);
    const global u8 *p = in + gid * CHUNK;
    const global u8 *const end = p + CHUNK;
    csv_stats_t st = { 0 };
    u32 value = 0, flen = 0;
    int all_digits = 1;
    csv_state_t state = ST_FIELD_START;
    char c;

field_start:
    state = ST_FIELD_START;
    value = 0; flen = 0; all_digits = 1;
    if (p == end) goto done;
    c = map_csv(*p++);
    if (c == '"') { st.quoted++; goto quoted; }
    if (c == ',') { st.fields++; goto field_start; }
    if (c == '\n') { st.fields++; st.records++; goto field_start; }
    goto unquoted_char;

unquoted:
    state = ST_UNQUOTED;
    if (p == end) goto end_field;
    c = map_csv(*p++);
    if (c == ',' || c == '\n') goto end_field;
    if (c == '"') { st.errors++; goto unquoted; }
unquoted_char:
    ++flen;
    if (is_digit(c))
        value = value * 10u + (u32)(c - '0');
    else
        all_digits = 0;
    goto unquoted;

quoted:
    state = ST_QUOTED;
    if (p == end) { st.errors++; goto end_field; }
    c = map_csv(*p++);
    if (c == '"') goto quote_in_quoted;
    ++flen;
    all_digits = 0;
    goto quoted;

quote_in_quoted:
    state = ST_QUOTE_IN_QUOTED;
    if (p == end) goto end_field;
    c = map_csv(*p++);
    if (c == '"') { ++flen; goto quoted; }      /* escaped "" */
    if (c != ',' && c != '\n') st.errors++;
    /* fall into end_field with c as the delimiter */

end_field:
    st.fields++;
    st.max_field_len = max(st.max_field_len, flen);
    if (all_digits && flen > 0 && state == ST_UNQUOTED) {
        st.numeric++;
        st.num_sum += value;
    }
    if (c == '\n' && state != ST_QUOTED)
        st.records++;
    goto field_start;

done:
    out[8 * gid + 0] = st.records;
    out[8 * gid + 1] = st.fields;
    out[8 * gid + 2] = st.quoted;
    out[8 * gid + 3] = st.numeric;
    out[8 * gid + 4] = st.errors;
    out[8 * gid + 5] = st.num_sum;
    out[8 * gid + 6] = st.max_field_len;
    out[8 * gid + 7] = (u32)state | 0x100u;
}


/* "goto fail" error handling as in C record decoders: every check jumps to
 * a single exit that records why decoding stopped */
typedef enum { DEC_OK = 0, DEC_SHORT, DEC_BAD_MAGIC, DEC_BAD_LEN, DEC_BAD_SUM } dec_err_t;

typedef struct {
    ushort magic;
    uchar  version;
    uchar  len;
    u32    sum;
} rec_header_t;

kernel void record_decode_goto(global uint *out, global const uchar *in)
{
    const int gid = get_global_id(0);
    const global u8 *p = in + gid * CHUNK;
    int pos = 0, records = 0, resyncs = 0;
    u32 payload_sum = 0;
    dec_err_t err = DEC_OK;
    rec_header_t h;

next_record:
    if (pos + 6 > CHUNK) { err = DEC_SHORT; goto out_label; }
    h.magic = (ushort)(p[pos] | p[pos + 1] << 8);
    h.version = p[pos + 2];
    h.len = p[pos + 3] & 31;
    h.sum = p[pos + 4] ^ p[pos + 5];
    pos += 6;
    /* magic: exactly one of the two low bits of its bytes set (either
     * byte order), so about half of the headers pass */
    if (((h.magic ^ (h.magic >> 8)) & 1) == 0) {
        err = DEC_BAD_MAGIC;
        goto fail;
    }
    if (pos + h.len > CHUNK) { err = DEC_BAD_LEN; goto fail; }
    {
        u32 s = 0;
        for (int k = 0; k < h.len; ++k)
            s ^= p[pos + k];
        if (h.version & 0x80) {
            /* checksummed record */
            if ((s & 0x3u) != (h.sum & 0x3u)) { err = DEC_BAD_SUM; goto fail; }
        }
        payload_sum += s + h.len;
    }
    pos += h.len;
    records++;
    goto next_record;

fail:
    /* resynchronize one byte past the broken header, a bounded number of times */
    if (resyncs < 48) {
        pos -= 5;
        resyncs++;
        goto next_record;
    }
out_label:
    out[4 * gid + 0] = (u32)records | (u32)resyncs << 16;
    out[4 * gid + 1] = payload_sum;
    out[4 * gid + 2] = (u32)err | (u32)pos << 8;
    out[4 * gid + 3] = 0xdec0de00u | sizeof(rec_header_t);
}
