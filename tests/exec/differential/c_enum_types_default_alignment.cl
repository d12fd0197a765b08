// Enumerations whose values need a wider type keep it when named by tag
// (enum Flags with 0x80000000u is unsigned, enum Big with 2^32 is long), and
// `__attribute__((aligned))` without an argument means 16 on spir64, as
// clang has it.
enum Flags { F_READ = 1, F_HIGH = 0x80000000u };
enum Big { BA = 0x100000000L, BB };
kernel void en(global long *out, global const int *in) {
    int g = get_global_id(0);
    enum Flags f = (in[g] & 1) ? F_HIGH : F_READ;
    enum Big b = (in[g] & 2) ? BA : BB;
    out[g * 4 + 0] = (long)f;
    out[g * 4 + 1] = f > 0;
    out[g * 4 + 2] = (long)b;
    out[g * 4 + 3] = sizeof(enum Big);
}

typedef struct __attribute__((aligned)) { char c; } S3;
kernel void al(global int *out, global const int *in) {
    out[get_global_id(0)] = (int)sizeof(S3) * 1000 + (int)__alignof__(S3);
}
