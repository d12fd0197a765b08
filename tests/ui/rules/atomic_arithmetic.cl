// oclc-flags: -cl-std=CL2.0
// E0414 atomic-arithmetic: no operators on atomic objects.
kernel void k(global atomic_int *p, global int *out) {
    (*p)++; //~ error[E0414]: `++` cannot be applied to an atomic object
    *p = 1; //~ error[E0414]: an atomic object cannot be assigned directly
    *p += 2; //~ error[E0414]: compound assignment cannot be applied to an atomic object
    out[0] = *p; //~ error[E0414]: an atomic object cannot be read directly
    // Near misses: the atomic functions, and operators on plain integers.
    atomic_fetch_add(p, 1);
    atomic_store(p, 1);
    out[1] = atomic_load(p);
    out[2]++;
}
