// oclc-flags: -cl-std=CL2.0
// E0310: a built-in called with the wrong number or types of arguments;
// near misses: correct calls.
kernel void k(global int *p, global atomic_int *a) {
    p[0] = get_global_id();
//         ^^^^^^^^^^^^^^^ error[E0310]: `get_global_id` expects 1 argument, found 0
    p[1] = atomic_load(p);
//                     ^ error[E0411]: `atomic_load` requires a pointer to an atomic type, found a pointer to `int`
    atomic_store(a, 1, 2);
//  ^^^^^^^^^^^^^^^^^^^^^ error[E0310]: `atomic_store` expects 2 arguments, found 3
    p[2] = get_global_id(0) + atomic_load(a);
    barrier(CLK_LOCAL_MEM_FENCE);
}

// The pointer argument of an atomic built-in: not a value, and of the
// type the family takes.
kernel void atomic_pointers(int x, float y, global int *p, global atomic_int *a) {
    atomic_fetch_add(x, 1);
//                   ^ error[E0310]: no matching overload of `atomic_fetch_add`: expected a pointer to an atomic object, found `int`
    atomic_add(y, 1);
//             ^ error[E0310]: no matching overload of `atomic_add`: expected a pointer to `int` or `uint`, found `float`
    atomic_add(p, 1);
    atomic_fetch_add(a, 1);
}
