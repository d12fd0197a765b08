// Included from values.h with `"…"`: found next to values.h.
#define NESTED_OFFSET 1
