// oclc-flags: -cl-std=CL2.0
// E0415 atomic-var-init-placement: only for program-scope global atomics.
global atomic_int total = ATOMIC_VAR_INIT(0);
global atomic_flag lock = ATOMIC_FLAG_INIT;
global atomic_int wrong = ATOMIC_FLAG_INIT;
//                        ^^^^^^^^^^^^^^^^ error[E0415]: `ATOMIC_FLAG_INIT` initializes `wrong`, which does not have `atomic_flag`

kernel void k(global atomic_int *p) {
    atomic_store(p, ATOMIC_VAR_INIT(3));
//                  ^^^^^^^^^^^^^^^^^^ error[E0415]: `ATOMIC_VAR_INIT` can only initialize a program-scope `global` variable
    // Near miss: atomic_init initializes other atomic objects.
    atomic_init(p, 3);
    atomic_fetch_add(&total, 1);
}

// Near miss: the macros used in a `#if` line initialize nothing.
#if ATOMIC_FLAG_INIT == 0 && ATOMIC_VAR_INIT(1) == 1
global atomic_flag guarded_flag = ATOMIC_FLAG_INIT;
#endif
