// oclc-flags: -cl-std=CL2.0
// Initializers with elided inner braces, as C allows and clang accepts:
// `int g[3][4] = {1,2,3,4,{5},{9,10}}`, `struct {int a; int b[2];} s =
// {1,2,3}`, and char-array members set from strings (`{ "cd", 3 }`,
// `{ .name = "ab" }`).

typedef struct { short tag; int value; char name[6]; } Field;
typedef struct { Field f[2]; float w; } Record;

kernel void elision(global int *out, global const int *in)
{
    const int gid = get_global_id(0);
    int grid[3][4] = { 1, 2, 3, 4, { 5 }, { 9, 10 } };
    Record r = { .f[1] = { .value = in[gid], .tag = 3 }, .w = 0.5f, .f[0].name = "ab" };
    int sum = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            sum = sum * 3 + grid[i][j];
    out[gid * 4 + 0] = sum;
    out[gid * 4 + 1] = r.f[0].name[0] + r.f[0].name[1] * 3 + r.f[0].name[2] * 5;
    out[gid * 4 + 2] = r.f[1].tag + r.f[1].value;
}

typedef struct { char name[6]; int v; } Named;

kernel void string_members(global int *out, global const int *in)
{
    const int gid = get_global_id(0);
    Named g = { "cd", 3 };
    Named f = { .name = "ab" };
    out[gid] = g.name[0] + f.name[1] + g.v + in[gid] * 0;
}

/* A scalar takes the first value of a braced list, in a declaration and as
 * a member (the rest is ignored with a warning, as clang does). */
typedef struct { short m[2]; char tag; } tagged_t;

kernel void scalar_braces(global int *out, global const int *in)
{
    const int g = get_global_id(0);
    int s = { in[g], 6 };
    tagged_t p = { { 7 }, { 8, 9 } };
    out[g * 2] = s;
    out[g * 2 + 1] = p.tag + p.m[0] * 16 + p.m[1] * 256;
}
