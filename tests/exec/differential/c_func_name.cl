// oclc-flags: -cl-std=CL1.2
// `__func__` and `__FUNCTION__` as debug and tracing macros use them: the
// enclosing function's name as a constant string.
#define TAG(out, i) trace_tag(out, i, __func__)

void trace_tag(global uchar *out, int i, constant char *name)
{
    for (int k = 0; k < 12; ++k) {
        out[i * 16 + k] = (uchar)name[k];
        if (name[k] == 0)
            break;
    }
}

int name_hash(constant char *s)
{
    int h = 5381;
    for (int k = 0; s[k] != 0; ++k)
        h = h * 33 + s[k];
    return h;
}

kernel void stage_one(global uchar *out, global const uchar *in)
{
    int i = get_global_id(0);
    TAG(out, i);
    out[i * 16 + 12] = (uchar)name_hash(__FUNCTION__) ^ in[i];
    out[i * 16 + 13] = (uchar)sizeof(__func__);
}
