// oclc-flags: -cl-std=CL2.0
// The `_Pragma("…")` operator (C99 §6.10.9), written directly or produced
// by a macro, is a pragma; `_Pragma` not followed by `( "…" )` is an
// ordinary name.
#define UNROLL(n) _Pragma("unroll") for (int i = 0; i < n; i++)
kernel void k(global int *o) {
    _Pragma("unroll 4")
    for (int i = 0; i < 4; i++) {
        o[i] = i;
    }
    UNROLL(8) o[i] += 1;
    int _Pragma = 3;
    o[9] = _Pragma;
}
