// oclc-flags: -cl-std=CL2.0
// `#include "…"` looks next to the including file first; the header's own
// `#include "nested.h"` is found next to the header. Including twice is
// harmless thanks to the include guard.
#include "include/values.h"
#include "include/values.h"

#if VALUES_BASE != 100 || NESTED_OFFSET != 1
#error "the headers were not included"
#endif

kernel void include_quoted(global int *p) {
    p[0] = values_add(VALUES_BASE, 2);
}
