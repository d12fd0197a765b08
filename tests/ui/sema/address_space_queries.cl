// oclc-flags: -cl-std=CL2.0
// `to_global`, `to_local`, `to_private` and `get_fence` take a pointer that
// can become generic: not `constant` memory, not a value.
kernel void k(global int *g, constant int *c, int x) {
    global int *a = to_global(g);
    local int *b = to_local(c);
//                          ^ error[E0310]: no matching overload of `to_local`: expected a pointer that is not to `constant` memory, found `constant int *`
    private int *d = to_private(x);
//                              ^ error[E0310]: no matching overload of `to_private`: expected a pointer, found `int`
    int f = get_fence(g, g);
//          ^^^^^^^^^^^^^^^ error[E0310]: `get_fence` expects 1 argument, found 2
    global int *e = to_local(g);
//                  ^^^^^^^^^^^ error[E0306]: cannot convert a pointer to the `local` address space to a pointer to the `global` address space
}
