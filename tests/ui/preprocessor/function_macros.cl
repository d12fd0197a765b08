// oclc-flags: -cl-std=CL2.0
// Function-like macros: parameters, nested parentheses and commas inside
// arguments, empty arguments, a name not followed by `(`, and arguments
// that are themselves macro invocations.
#define ADD(a, b) ((a) + (b))
#define FIRST(a, b) a
#define SECOND(a, b) b
#define CALL(f, x) f(x)
#define NEG(x) (-(x))
#define IDENT(x) x
#define NOARGS() 42

#if ADD(1, 2) != 3 || FIRST(7, 8) != 7 || SECOND(, 9) != 9 || NOARGS() != 42
#error "function-like macros expanded wrongly"
#endif
#if ADD((1, 2), 3) != 5
#error "a parenthesized comma does not split arguments"
#endif

// A function-like macro's name without `(` is an ordinary identifier.
int NEG = 3;

kernel void function_macros(global int *p) {
    p[0] = ADD(ADD(1, 2), ADD(3, 4));
    p[1] = CALL(NEG, p[0]);
    p[2] = IDENT(ADD)(5, 6);
    p[3] = ADD
        (p[1],
         p[2]);
    p[4] = FIRST(,) 1;
    p[5] = NOARGS() + NEG;
}
