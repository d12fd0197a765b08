// oclc-flags: -cl-std=CL1.2
// Scalar select() on every element width (char/uchar, short/ushort,
// long/ulong, double), as branch-free clamping in a byte-oriented codec
// writes it: the selector is an integer of the values' width, which
// OpenCL.std select needs (a 32-bit one made the module invalid).

kernel void select_narrow(global int *out, global const int *in)
{
    const int gid = get_global_id(0);
    int c = in[gid * 64];
    char a = (char)in[gid * 64 + 1], b = (char)in[gid * 64 + 2];
    out[gid * 4 + 0] = select(a, b, (char)c);
    out[gid * 4 + 1] = select((short)a, (short)b, (short)(c >> 16));
    out[gid * 4 + 2] = (int)select((ulong)5, (ulong)9, (long)(c & 0x100));
    out[gid * 4 + 3] = (int)select(1.5, 2.5, (long)c);
}
