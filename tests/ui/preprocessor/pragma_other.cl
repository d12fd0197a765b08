// oclc-flags: -cl-std=CL2.0
// Pragmas oclc does not know are ignored silently (as C requires), and so
// is the empty pragma; `#pragma once` stops a second inclusion; a loop
// pragma applies to the loop after it.
#pragma
#pragma clang diagnostic push
#pragma STDC FP_CONTRACT OFF
#pragma once
kernel void k(global int *p) {
#pragma unroll 4
    for (int i = 0; i < 4; i++)
        p[i] = i;
}
