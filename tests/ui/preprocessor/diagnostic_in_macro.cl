// oclc-flags: -cl-std=CL2.0
// A diagnostic about code that came from a macro points at the macro's use
// (with a note naming the macro and a label at its definition); when the
// offending token was a macro argument it points at the argument itself.
#define STORE_ACQUIRE(obj, v) atomic_store_explicit(obj, v, memory_order_acquire)
#define LOAD(obj, order) atomic_load_explicit(obj, order)
kernel void k(global atomic_int *p, global int *out) {
    STORE_ACQUIRE(p, 1);
//  ^^^^^^^^^^^^^^^^^^^ error[E0401]: atomic store cannot have `memory_order_acquire` ordering
    out[0] = LOAD(p, memory_order_release);
//                   ^^^^^^^^^^^^^^^^^^^^ error[E0402]: atomic load cannot have `memory_order_release` ordering
    out[1] = undeclared_name + LOAD(p, memory_order_relaxed);
//           ^^^^^^^^^^^^^^^ error[E0301]: use of undeclared identifier `undeclared_name`
}
