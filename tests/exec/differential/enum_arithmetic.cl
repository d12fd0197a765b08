// oclc-flags: -cl-std=CL2.0
// Enumerations without negative values have type `unsigned int` in C (as
// clang types them): arithmetic on an enum-typed value is unsigned, so a
// difference below zero wraps, compares as large and converts as such.
typedef enum { NORTH, EAST, SOUTH, WEST } heading;
enum offset { BACK = -1, STAY, AHEAD };

heading turn(heading h, int steps)
{
    return (heading)((h + steps) & 3);
}

kernel void k(global uint *out, global const uint *in)
{
    size_t i = get_global_id(0);
    heading h = (heading)(in[i] & 3);
    enum offset o = (enum offset)((int)(in[i] % 3) - 1);
    out[i] = (h - 2) < 0;
    out[64 + i] = (uint)((long)(h - 2) >> 8);
    out[128 + i] = as_uint((float)(h - 3));
    out[192 + i] = (h - 5) / 2;
    out[256 + i] = (o - 1) < 0;
    out[320 + i] = (uint)((long)(o - 1));
    out[384 + i] = turn(h, (int)(in[i] >> 2) & 7) + (uint)min(h, 2u) + (h > STAY);
}
