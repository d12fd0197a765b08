// oclc-flags: -cl-std=CL2.0
// `as_T` of a `bool` reinterprets its byte, and of a pointer its bits as
// the unsigned integer of the pointer's width; `as_size_t`, `as_uintptr_t`,
// `as_ptrdiff_t` and `as_intptr_t` are the macros of clang's header.
kernel void k(global ulong *out, global const float *in)
{
    bool b = in[0] > 1.0f;
    out[0] = as_size_t(in) + as_uintptr_t(out) + (ulong)as_ptrdiff_t((ptrdiff_t)1);
    out[1] = as_ulong(in) + (ulong)as_intptr_t(out) + (ulong)as_uchar(b) + (ulong)as_char(b);
}
