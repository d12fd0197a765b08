// oclc-flags: -cl-std=CL2.0
// A missing header is one error at the `#include`; `<…>` does not look
// next to the including file.
#include "include/no_such_header.h"
//~^ error[E0109]: file `include/no_such_header.h` not found
#include <values.h>
//~^ error[E0109]: file `values.h` not found
#include
//~^ error[E0114]: expected `"FILENAME"` or `<FILENAME>` after `#include`
#include no_quotes.h
//~^ error[E0114]: expected `"FILENAME"` or `<FILENAME>` after `#include`
kernel void k(global int *p) { p[0] = 1; }
