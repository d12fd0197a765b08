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

// Elements of arrays and members of structs are atomic objects of their
// own (the conformance suite initializes arrays this way).
global volatile atomic_int slots[3] = { ATOMIC_VAR_INIT(-1), ATOMIC_VAR_INIT(2), ATOMIC_VAR_INIT(3) };
global atomic_flag flags[2] = { ATOMIC_FLAG_INIT, ATOMIC_FLAG_INIT };
typedef struct { int plain; atomic_int counter; atomic_flag busy; } Slot;
global Slot slot = { 7, ATOMIC_VAR_INIT(0), ATOMIC_FLAG_INIT };
global Slot mixed_up = { ATOMIC_VAR_INIT(1), ATOMIC_FLAG_INIT, ATOMIC_FLAG_INIT };
//                       ^^^^^^^^^^^^^^^^^^ error[E0415]: `ATOMIC_VAR_INIT` initializes an element of `mixed_up` that does not have an atomic type such as `atomic_int`
//                                           ^^^^^^^^^^^^^^^^ error[E0415]: `ATOMIC_FLAG_INIT` initializes an element of `mixed_up` that does not have `atomic_flag`
global int numbers[2] = { ATOMIC_VAR_INIT(1), 2 };
//                        ^^^^^^^^^^^^^^^^^^ error[E0415]: `ATOMIC_VAR_INIT` initializes an element of `numbers` that does not have an atomic type such as `atomic_int`
