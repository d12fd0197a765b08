// oclc-flags: -cl-std=CL2.0
// An enumeration whose values need 64 bits and none negative is `ulong`,
// and so is an enumerator that does not fit in `int` (clang for C).
// clang: an enum whose (non-negative) enumerators need 64 bits gets underlying type `unsigned long`,
// and the out-of-int-range enumerators have that type. oclc uses `long`.
// Differential: runtime's compiler 0x320 (800) in every word; oclc 0x32b / 0x32a.
// Also max(F_BIG, sz) is accepted by clang (ulong) but oclc says "call to `max` is ambiguous",
// and max(F_BIG, l) is ambiguous in clang but accepted by oclc.
enum Flags { F_NONE = 0, F_BIG = 0x100000000L };
kernel void k(global long *out, global const long *in) {
  size_t g = get_global_id(0);
  enum Flags f = F_BIG;
  out[g] = (F_BIG > -1) * 10 + (f > in[g] ? 1 : 0) + (long)sizeof(enum Flags) * 100;
}
