// oclc-flags: -cl-std=CL2.0
// `#else`, `#elif` and `#endif` with no `#if`; `#elif` after `#else`; a
// second `#else`; and an `#if` never closed.
#endif
//~^ error[E0107]: `#endif` without `#if`
#else
//~^ error[E0107]: `#else` without `#if`
#elif 1
//~^ error[E0107]: `#elif` without `#if`
#if 1
#else
#elif 1
//~^ error[E0107]: `#elif` after `#else`
#else
//~^ error[E0107]: `#else` after `#else`
#endif
kernel void k(global int *p) { p[0] = 1; }
#ifdef NEVER_CLOSED
//~^ error[E0107]: unterminated conditional directive
