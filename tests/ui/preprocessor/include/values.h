// Included by include_quoted.cl and include_angled.cl.
#ifndef VALUES_H
#define VALUES_H
#define VALUES_BASE 100
#include "nested.h"
int values_add(int a, int b) { return a + b + NESTED_OFFSET; }
#endif
