// oclc-flags: -cl-std=CL1.2
// Character constants above 0x7f ('\xff', '\377') are int (char)0xff == -1
// (char is signed, as clang folds them): a JPEG marker scanner comparing a
// char against '\xff'.

kernel void jpeg_markers(global int *out, global const char *in)
{
    const int gid = get_global_id(0);
    global const char *p = in + gid * 256;
    int markers = 0;
    for (int i = 0; i + 1 < 256; i++)
        if (p[i] == '\xff' && p[i + 1] != '\0')
            markers++;
    out[gid * 4 + 0] = markers + 1;
    out[gid * 4 + 1] = '\xff';
    out[gid * 4 + 2] = '\377' * 1000 + '\x80';
    out[gid * 4 + 3] = (p[0] == (char)'\xff') * 10 + (p[1] == '\xfe');
}
