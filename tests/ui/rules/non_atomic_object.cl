// oclc-flags: -cl-std=CL2.0
// E0411 non-atomic-object: C11 atomics need atomic objects of the right kind.
kernel void k(global int *plain, global atomic_int *counter, global atomic_flag *flag, global int *out) {
    atomic_fetch_add(plain, 1);
//                   ^^^^^ error[E0411]: `atomic_fetch_add` requires a pointer to an atomic type, found a pointer to `int`
    atomic_load(flag);
//              ^^^^ error[E0411]: `atomic_load` cannot be used on an `atomic_flag`
    atomic_flag_clear(counter);
//                    ^^^^^^^ error[E0411]: `atomic_flag_clear` requires a pointer to `atomic_flag`
    // Near misses.
    atomic_fetch_add(counter, 1);
    atomic_flag_clear(flag);
    atomic_add(plain, 1);
}
