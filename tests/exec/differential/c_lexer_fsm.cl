// oclc-flags: -cl-std=CL1.2
// Text scanning code ported from C parsers: an unrolled copy with a
// fallthrough switch tail into a private buffer followed by Fletcher-16, and
// a bracket matcher with a private stack, switch fallthrough between token
// classes, do/while blank skipping and comma-operator loops.

#define CHUNK      256            /* bytes of input per work-item */
#define MAX_STACK  32
#define COPY_MAX   128

typedef unsigned char u8;
typedef unsigned int  u32;

/* every input byte is mapped onto a C-like alphabet */
constant char code_alphabet[16] = {
    '(', ')', '[', ']', '{', '}', ' ', '\t', 'a', 'b', '=', ';', '\n', '/', '*', '"'
};

static inline char map_code(u8 b) { return code_alphabet[(b ^ (b >> 4)) & 15]; }

/* memcpy-style unrolled copy: 8 bytes per trip, then the tail through a
 * fallthrough switch (the case labels stay at the top of the switch) */
__attribute__((noinline))
static void unrolled_copy(u8 *to, const global u8 *from, int count)
{
    /* callers guarantee count > 0 */
    int blocks = count / 8;
    while (blocks-- > 0) {
        to[0] = from[0]; to[1] = from[1]; to[2] = from[2]; to[3] = from[3];
        to[4] = from[4]; to[5] = from[5]; to[6] = from[6]; to[7] = from[7];
        to += 8;
        from += 8;
    }
    switch (count % 8) {
    case 7: *to++ = *from++;
    case 6: *to++ = *from++;
    case 5: *to++ = *from++;
    case 4: *to++ = *from++;
    case 3: *to++ = *from++;
    case 2: *to++ = *from++;
    case 1: *to++ = *from++;
    case 0:
    default:
        break;
    }
}

static ushort fletcher16(const u8 *data, int len)
{
    u32 s1 = 0xff, s2 = 0xff;
    while (len) {
        int tlen = len > 20 ? 20 : len;
        len -= tlen;
        do {
            s2 += s1 += *data++;
        } while (--tlen);
        s1 = (s1 & 0xff) + (s1 >> 8);
        s2 = (s2 & 0xff) + (s2 >> 8);
    }
    s1 = (s1 & 0xff) + (s1 >> 8);
    s2 = (s2 & 0xff) + (s2 >> 8);
    return (ushort)(s2 << 8 | s1);
}

kernel void unrolled_copy_fletcher(global uint *out, global const uchar *in)
{
    const int gid = get_global_id(0);
    u8 buf[COPY_MAX];
    for (int i = 0; i < COPY_MAX; ++i)
        buf[i] = 0;
    const global u8 *src = in + gid * CHUNK;
    const int count = 1 + (src[CHUNK - 1] & (COPY_MAX - 1));
    unrolled_copy(buf, src, count);
    /* a second, overlapping copy shifted by a few bytes */
    const int off = src[0] & 7;
    unrolled_copy(buf + off, src + 100, min(count, COPY_MAX - off));

    out[4 * gid + 0] = fletcher16(buf, count);
    out[4 * gid + 1] = fletcher16(buf, COPY_MAX);
    out[4 * gid + 2] = (u32)count << 16 | (u32)off;
    out[4 * gid + 3] = (u32)buf[0] | (u32)buf[count - 1] << 8 | 0x01000000u;
}

typedef enum { TOK_SPACE, TOK_OPEN, TOK_CLOSE, TOK_IDENT, TOK_OP, TOK_QUOTE, TOK_COMMENT } tok_t;

static inline tok_t classify(char c)
{
    switch (c) {
    case '(': case '[': case '{':
        return TOK_OPEN;
    case ')': case ']': case '}':
        return TOK_CLOSE;
    case ' ': case '\t': case '\n':
        return TOK_SPACE;
    case '"':
        return TOK_QUOTE;
    case '/':
        return TOK_COMMENT;
    case '=': case ';': case '*':
        return TOK_OP;
    default:
        return TOK_IDENT;
    }
}

static inline char matching(char open)
{
    return open == '(' ? ')' : open == '[' ? ']' : open == '{' ? '}' : '?';
}

kernel void bracket_matcher(global int *out, global const uchar *in)
{
    const int gid = get_global_id(0);
    char text[CHUNK];
    for (int i = 0; i < CHUNK; ++i)
        text[i] = map_code(in[gid * CHUNK + i]);

    char stack[MAX_STACK];
    int sp = 0, max_depth = 0, mismatches = 0, overflows = 0;
    int idents = 0, ops = 0, strings = 0, comments = 0, weight = 0;
    int i = 0;
    while (i < CHUNK) {
        char c = text[i];
        tok_t t = classify(c);
        switch (t) {
        case TOK_SPACE:
            /* skip a run of blanks */
            do { ++i; } while (i < CHUNK && classify(text[i]) == TOK_SPACE);
            continue;
        case TOK_COMMENT:
            if (i + 1 < CHUNK && text[i + 1] == '*') {
                /* block comment: scan for the closing star-slash */
                int j;
                for (j = i + 2; j + 1 < CHUNK; ++j)
                    if (text[j] == '*' && text[j + 1] == '/')
                        break;
                comments++;
                i = j + 2;
                continue;
            }
            /* a lone slash is an operator */
            ops++;
            /* fallthrough */
        case TOK_OP:
            ops++;
            break;
        case TOK_QUOTE: {
            int j = i + 1;
            while (j < CHUNK && text[j] != '"')
                ++j;
            strings++;
            i = j;
            break;
        }
        case TOK_OPEN:
            if (sp < MAX_STACK)
                stack[sp++] = c;
            else
                overflows++;
            max_depth = max(max_depth, sp);
            break;
        case TOK_CLOSE:
            if (sp > 0 && matching(stack[sp - 1]) == c)
                --sp;
            else
                mismatches++, sp = sp > 0 ? sp - 1 : 0;
            break;
        default:
            idents++;
            weight += (c == 'a') ? 1 : (c == 'b') ? 2 : 3;
            break;
        }
        ++i;
    }

    /* nested scan: count palindromic windows of the bracket skeleton */
    int pal = 0;
    for (int s = 0; s + 8 <= CHUNK; s += 8) {
        int a, b, ok = 1;
        for (a = s, b = s + 7; a < b; ++a, --b) {
            if (classify(text[a]) != TOK_OPEN && classify(text[a]) != TOK_CLOSE)
                continue;
            if (text[a] != text[b]) { ok = 0; break; }
        }
        pal += ok;
    }

    global int *o = out + 12 * gid;
    o[0] = sp;  o[1] = max_depth;  o[2] = mismatches;  o[3] = overflows;
    o[4] = idents;  o[5] = ops;  o[6] = strings;  o[7] = comments;
    o[8] = weight;  o[9] = pal;
    o[10] = sp > 0 ? (int)stack[sp - 1] : -1;
    o[11] = (int)sizeof(tok_t) * 100 + (int)sizeof(stack);
}
