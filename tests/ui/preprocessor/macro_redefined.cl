// oclc-flags: -cl-std=CL2.0
// Redefining a macro differently warns; an identical redefinition (up to
// whitespace) is fine; redefining a predefined macro warns too.
#define A 1
#define A 1
#define A   1
#define A 2
//      ^ warning[W0102]: macro `A` redefined
#define F(x) ((x) + 1)
#define F(x) ((x)  +  1)
#define F(y) ((y) + 1)
//      ^ warning[W0102]: macro `F` redefined
#define CL_VERSION_2_0 1
//      ^^^^^^^^^^^^^^ warning[W0102]: macro `CL_VERSION_2_0` redefined
kernel void k(global int *p) { p[0] = A; }
