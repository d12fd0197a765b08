// oclc-flags: -cl-std=CL2.0
// `#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif`: nesting, full
// integer constant expressions (C precedence, unsigned arithmetic,
// short-circuit and `?:`, character constants) and `defined` with and
// without parentheses. Skipped groups may hold anything that lexes.
#define ONE 1
#define EMPTY
#define EXPR (ONE + 2 * 3)

#if EXPR != 7 || (EXPR - 1) / 2 != 3 || EXPR % 4 != 3
#error "arithmetic"
#endif
#if (1 << 4) != 16 || (0x80 >> 3) != 16 || (6 & 3) != 2 || (6 | 3) != 7 || (6 ^ 3) != 5
#error "bitwise"
#endif
#if !(-1 < 0) || -1 < 0u || ~0u != 0xffffffffffffffff
#error "signed and unsigned arithmetic"
#endif
#if (1 ? 2 : 3) != 2 || (0 ? 1 / 0 : 4) != 4 || (0 && 1 / 0) || !(1 || 1 / 0)
#error "short circuit"
#endif
#if 'a' != 97 || '\n' != 10 || '\x41' != 65 || 010 != 8 || 10UL != 10 || (2, 3) != 3
#error "literals"
#endif
#if defined ONE && defined(EMPTY) && !defined NOT_DEFINED && undefined_name == 0
#else
#error "defined"
#endif

#ifdef ONE
#  ifndef EMPTY
#    error "EMPTY is defined"
#  elif ONE > 1
#    error "ONE is 1"
#  elif defined(ONE) && ONE == 1
#    define PICKED 3
#  else
#    error "the first true #elif wins"
#  endif
#elif 1 / 0
#else
#  error "ONE is defined"
#endif

#if 0
This text is never parsed: int x = ;
#bogus directives are ignored here
#if 1 / 0
#endif
#elif PICKED == 3
#define BRANCH 2
#else
#define BRANCH 3
#endif

#ifndef BRANCH
#error "BRANCH should be defined"
#endif

kernel void conditionals(global int *p) {
#if BRANCH == 2 && PICKED == 3
    p[0] = BRANCH;
#else
    p[0] = this would not parse;
#endif
}
