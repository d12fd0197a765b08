// oclc-flags: -cl-std=CL2.0
// `##` token pasting: identifiers, numbers, punctuators, an empty operand,
// and pasting that forms a macro name which is then expanded.
#define CAT(a, b) a ## b
#define XCAT(a, b) CAT(a, b)
#define SUFFIXED(x) x ## u
#define PREFIX_VALUE 5
#define COMPOUND(op) op ## =
#define SIZE 64

#if CAT(PREFIX, _VALUE) != 5 || CAT(1, 2) != 12 || CAT(, 3) != 3
#error "pasting formed the wrong tokens"
#endif
#if CAT(0x, 1f) != 31 || XCAT(PREFIX, _VALUE) != 5
#error "pasting formed the wrong number"
#endif

kernel void paste(global int *p) {
    CAT(u, int) CAT(count, 1) = SUFFIXED(7);
    int XCAT(value_, SIZE) = 3;
    p[0] = (int)count1 + value_64;
    p[1] COMPOUND(+) 2;
    p[2] = CAT(p, )[0] CAT(<, <) 1;
    p[3] = p[2] CAT(>, =) 0;
}
