// oclc-flags: -cl-std=CL2.0
// Invalid `#if` expressions: each is one error, and the group counts as
// false.
#if
//~^ error[E0108]: expected value in expression
#endif
#if 1 +
//     ^ error[E0108]: expected value in expression
#endif
#if (1
//    ^ error[E0108]: expected `)` in preprocessor expression
#endif
#if 1 / 0
//    ^ error[E0108]: division by zero in preprocessor expression
#endif
#if 1.5
//  ^^^ error[E0108]: floating-point literal in preprocessor expression
#endif
#if x = 1
//    ^ error[E0108]: token is not a valid binary operator in a preprocessor subexpression
#endif
#if 1, 2
//   ^ error[E0108]: comma operator in operand of `#if`
#endif
#if 1 ? 2
//       ^ error[E0108]: expected `:` in conditional expression
#endif
#if defined
//  ^^^^^^^ error[E0108]: macro name missing after `defined`
#endif
#if defined(ONE
//          ^^^ error[E0108]: missing `)` after `defined`
#endif
#if 99999999999999999999
//  ^^^^^^^^^^^^^^^^^^^^ error[E0108]: integer literal `99999999999999999999` is too large for any integer type
#endif
#ifdef
//~^ error[E0114]: macro name missing in `#ifdef`
#endif
#ifdef 3
//     ^ error[E0114]: macro name missing in `#ifdef`
#endif
kernel void k(global int *p) { p[0] = 1; }
