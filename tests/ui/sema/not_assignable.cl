// oclc-flags: -cl-std=CL2.0
// E0305: assigning to something that is not a modifiable object; near
// misses: a dereferenced pointer and an array element are assignable.
kernel void k(global int *p, const int c) {
    const int x = 1;
    int arr[2];
    x = 2;
//  ^ error[E0305]: cannot assign to a `const`-qualified object
    c++;
//  ^ error[E0305]: cannot increment a `const`-qualified object
    1 = p[0];
//  ^ error[E0305]: expression is not assignable (cannot assign to a value)
    p[0] + 1 = 2;
//  ^^^^^^^^ error[E0305]: expression is not assignable (cannot assign to a value)
    arr = arr;
//  ^^^ error[E0305]: array type `int[2]` is not assignable
    *p = 3;
    arr[1] = x;
    p[1] = arr[1];
}

// A `const` parameter is read-only in the body; a pointer to `const` data
// may itself be reassigned.
void const_params(const int c, int *const p, const int *q) {
    c++;
//  ^ error[E0305]: cannot increment a `const`-qualified object
    c = 2;
//  ^ error[E0305]: cannot assign to a `const`-qualified object
    p = 0;
//  ^ error[E0305]: cannot assign to a `const`-qualified object
    q = 0;
}

// `constant` memory is read-only, through any pointer.
kernel void constant_memory(constant int *c, global int *g) {
    c[0] = 1;
//  ^^^^ error[E0305]: cannot assign to an object in the `constant` address space (it is read-only)
    g[0] = c[0];
}
