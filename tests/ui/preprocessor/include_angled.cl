// oclc-flags: -cl-std=CL2.0 -I tests/ui/preprocessor/include
// `#include <…>` searches the `-I` directories (relative ones against the
// current directory); `"…"` falls back to them too; a macro can name the
// header.
#include <sys/config.h>
#include "values.h"
#define HEADER <sys/config.h>
#include HEADER

kernel void include_angled(global int *p) {
    p[0] = CONFIG_WIDTH + values_add(1, 2);
}
