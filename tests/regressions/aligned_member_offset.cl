// expect-code: E0309
// Found by the differential probe: `aligned(16)` on a struct member was
// ignored, so the struct was laid out naturally (sizeof 12 where clang says
// 32) and every read through a pointer to it used the wrong offsets. A
// member alignment that moves members is not expressible yet (SPIR-V
// consumers lay structs out from their members): an error at the struct
// naming the member (semantic analysis reports it; the back end keeps its
// own E0902 as a safety net), never a wrong layout. A member alignment that moves nothing compiles (aligned_member_fine
// in tests/exec/differential/c_struct_member_alignment.cl).
typedef struct {
    uchar kind;
    uint len __attribute__((aligned(16)));
    ushort port;
} Header;

kernel void parse(global int *out, global const Header *h)
{
    out[0] = h->port + (int)sizeof(Header);
}
