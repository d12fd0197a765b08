// oclc-flags: -cl-std=CL2.0
// `goto`: what C forbids (an undefined label, a label defined twice) is an
// error; jumps into a loop body, out of it and within it compile.
kernel void k(global int *p) {
    int i = 0;
again:
    p[i] = i;
    if (++i < 4)
        goto again;
    goto nowhere;
//  ^^^^^^^^^^^^^ error[E0301]: use of undeclared label `nowhere`
    goto into_loop;
    for (int j = 0; j < 2; j++) {
    into_loop:
        p[j] = 0;
        // Out of the loop, and within it.
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
