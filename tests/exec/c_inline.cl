// A plain `inline` function (C99: an inline definition, with no external
// definition in this unit). oclc emits it as an ordinary function, never
// an import; llvm-spirv-15 at -O0 imports it as an undefined symbol, which
// the runtime cannot link.
inline int thrice(int x) { return 3 * x; }
extern inline int four_times(int x);
inline int four_times(int x) { return 4 * x; }

kernel void scale(global int *out)
{
    int i = get_global_id(0);
    out[i] = thrice(i) + four_times(i);
}
