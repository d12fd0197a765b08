// oclc-flags: -cl-std=CL2.0
// Comments become one space: they separate tokens, may appear inside
// directives and macro arguments, and `//` inside `/* */` (and the
// reverse) means nothing.
#define A /* comment */ 1 // trailing comment
#if A /* inside #if */ == 1
#else
#error "comment in #if"
#endif
/* a block comment
   spanning lines // with a line comment inside
   and a "quote */
#define NOT_PASTED(a, b) a/**/b
kernel void comments(global int *p) {
    // `NOT_PASTED(A, -2)` is `1 -2`, not `1-2` glued into one token.
    int/**/x = NOT_PASTED(A, -2);
    p[0] = x /* / */ / 1;
    p[1] = A;
}
