// oclc-flags: -cl-std=CL2.0
// Enumerators whose values do not fit in int, as flag enums in ported C
// code have (a 0x80000000 member) and 64-bit tags: clang gives such an
// enumerator (and the enumeration) `unsigned int`, else `long`, so
// (long)BIG is 2147483648, BIG > 0 holds and sizeof is 8 for a 64-bit one.

typedef enum { F_READ = 1, F_WRITE = 2, F_HIGH = 0x80000000u, F_AFTER } Flags;
typedef enum { L0 = 0x100000000L, L1 } Wide;

kernel void flag_enums(global long *out, global const uint *in)
{
    const int gid = get_global_id(0);
    uint f = in[gid * 64];
    out[gid * 8 + 0] = (long)F_HIGH;
    out[gid * 8 + 1] = F_HIGH > 0;
    out[gid * 8 + 2] = (long)F_AFTER >> 31;
    out[gid * 8 + 3] = (f & F_HIGH) ? 1 : 2;
    out[gid * 8 + 4] = (ulong)F_HIGH >> 16;
    out[gid * 8 + 5] = sizeof(Wide) * 10 + sizeof(L1);
    out[gid * 8 + 6] = L1;
    out[gid * 8 + 7] = F_HIGH / 2;
}
