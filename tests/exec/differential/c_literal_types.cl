// oclc-flags: -cl-std=CL1.2
// The types of C literals and the usual arithmetic conversions, as ported
// hashing, parsing and bit-manipulation code depends on them: decimal
// literals past INT_MAX become long, hex ones become uint first, suffixes
// u/l/ul, character constants (signed char, octal and hex escapes),
// sizeof of each, comparisons mixing signed and unsigned of several
// widths, and size_t arithmetic on work-item ids that wraps.

__kernel void literal_types(__global long *out, __global const int *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 32;
    int x = in[gid * 64];
    out[b + 0] = sizeof(2147483647) * 1000 + sizeof(2147483648) * 100 + sizeof(0x7fffffff) * 10 + sizeof(0x80000000);
    out[b + 1] = sizeof(4294967295) * 1000 + sizeof(0xffffffff) * 100 + sizeof(0x100000000) * 10 + sizeof(1u << 31);
    out[b + 2] = sizeof('a') * 100 + sizeof(L'a') * 10 + sizeof("abc");
    out[b + 3] = '\x7f' + '\177' * 1000 + '\n' * 1000000 + '\0';
    out[b + 4] = '\\' * 100 + '\'' + '\"' * 3;
    out[b + 5] = -2147483648 + (x < 0x80000000) * 10 + (x < 2147483648) * 100 + (x < -1) * 1000;
    out[b + 6] = (x < 0u) + (x > 0xffffffffu) * 2 + ((long)x < 0xffffffffu) * 4 + (x == -1u) * 8;
    out[b + 7] = 0x7fffffff + 1L + (long)(0x7fffffff + 1u);
    out[b + 8] = -1 > 0u ? 1 : 2;
    out[b + 9] = (short)-1 < (ushort)1 ? 3 : 4;
    out[b + 10] = (int)-1 < (uint)1 ? 5 : 6;
    out[b + 11] = (long)-1 < (uint)1 ? 7 : 8;
    out[b + 12] = -1L < 1ul ? 9 : 10;
    out[b + 13] = (uchar)200 + (char)100;
    out[b + 14] = (ushort)60000 * (ushort)2;
    out[b + 15] = (uint)x / 3 + x / 3u + (x >> 1u);
    size_t gid_s = get_global_id(0);
    out[b + 16] = (long)(gid_s - 100);
    out[b + 17] = (int)(gid_s - 100);
    out[b + 18] = (gid_s - 100) / 2 > 5 ? 11 : 12;
    out[b + 19] = (long)(get_local_id(0) - get_local_size(0));
    out[b + 20] = 0x1p-3f * 64 + 0x1.8p1 + 1e1f;
    out[b + 21] = 1000000 * 3000L;
    out[b + 22] = 07777 + 0x10l * 2 + 0X1fUL;
}
