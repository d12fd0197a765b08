// oclc-flags: -cl-std=CL2.0
// `goto`: what C forbids (an undefined label, a label defined twice) and
// what oclc cannot express (a jump into a loop or switch body from outside
// it) are errors; the near misses compile.
kernel void k(global int *p) {
    int i = 0;
again:
    p[i] = i;
    if (++i < 4)
        goto again;
    goto nowhere;
//  ^^^^^^^^^^^^^ error[E0301]: use of undeclared label `nowhere`
    goto into_loop;
//  ^^^^^^^^^^^^^^^ error[E0309]: a `goto` into a loop or `switch` body is not supported by oclc
    for (int j = 0; j < 2; j++) {
    into_loop:
        p[j] = 0;
        // Near miss: out of the loop, and within it.
        if (p[j])
            goto out;
        goto next;
    next:;
    }
out:
again:
//~^ error[E0302]: redefinition of label `again`
    ;
}
