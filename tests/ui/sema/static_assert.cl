// oclc-flags: -cl-std=CL2.0
// E0323: `_Static_assert` at file and block scope, with and without a
// message (C23); near misses: assertions that hold.
typedef struct { float3 position; float mass; } Particle;

_Static_assert(sizeof(float3) == 16, "a float3 occupies 16 bytes");
_Static_assert(sizeof(Particle) == 32);
_Static_assert(sizeof(Particle) == 16, "particles are packed");
//             ^^^^^^^^^^^^^^^^^^^^^^ error[E0323]: static assertion failed: particles are packed

kernel void k(global int *p) {
    _Static_assert(vec_step(int3) == 4, "vec_step counts the padding");
    _Static_assert(sizeof(long) == 4);
//                 ^^^^^^^^^^^^^^^^^ error[E0323]: static assertion failed
    _Static_assert(p != 0, "not constant");
//                 ^^^^^^ error[E0313]: a static assertion's condition is not a compile-time constant
    p[0] = 1;
}
