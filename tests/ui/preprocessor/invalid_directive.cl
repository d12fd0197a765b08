// oclc-flags: -cl-std=CL2.0
// Unknown directives and directives with extra tokens; a lone `#` is a
// null directive; unknown directives in skipped groups are ignored.
#
#defined X
//~^ error[E0103]: invalid preprocessing directive `#defined`
#includ "x.h"
//~^ error[E0103]: invalid preprocessing directive `#includ`
#if 0
#unknown
#endif
#ifdef X Y
//       ^ warning[W0104]: extra tokens at end of `#ifdef` directive
#endif Z
//     ^ warning[W0104]: extra tokens at end of `#endif` directive
#undef X Y
//       ^ warning[W0104]: extra tokens at end of `#undef` directive
#define 3 4
//      ^ error[E0104]: macro name must be an identifier
#define
//~^ error[E0104]: macro name missing in `#define`
#undef
//~^ error[E0114]: macro name missing in `#undef`
#define defined
//      ^^^^^^^ error[E0104]: `defined` cannot be used as a macro name
kernel void k(global int *p) { p[0] = 1; }
