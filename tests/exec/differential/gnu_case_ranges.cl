// oclc-flags: -cl-std=CL2.0
// GNU case ranges (`case 'A' ... 'Z':`), which clang accepts in OpenCL C:
// a character classifier of the kind lexers and parsers use.

inline int classify_char(char c)
{
    switch (c) {
    case -128 ... -1: return 1;
    case '\0': return 3;
    case 'A' ... 'Z': return 4;
    case '0' ... '9': return 5;
    default: return 7;
    }
}

kernel void lex(global int *out, global const char *in)
{
    const int gid = get_global_id(0);
    int h = 0;
    for (int i = 0; i < 16; i++)
        h = h * 8 + classify_char(in[gid * 256 + i]);
    out[gid] = h;
}
