// oclc-flags: -cl-std=CL2.0
// __builtin_offsetof (what stddef.h's offsetof expands to in clang) on
// nested members, anonymous members and array elements: record parsers
// that read fields by byte offset.

typedef struct { char kind; int len; short port; } Hdr;
typedef struct __attribute__((packed)) { char kind; int len; short port; } PackedHdr;

kernel void offsets(global int *out, global const int *in)
{
    const int gid = get_global_id(0);
    out[gid] = (int)__builtin_offsetof(Hdr, port) * 100 + (int)__builtin_offsetof(PackedHdr, port) + in[gid] * 0 + 1;
}
