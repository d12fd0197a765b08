// Stores through a selection of a selection (`v.lo.x`, `v.s4567.wz`) reach
// the vector itself, as in clang. What is still no object: a selection
// with a repeated component (`v.xx.y`), a component past the selection's
// width, and a selection of a call's result.
int4 make(void) { return (int4)(1); }

kernel void k(global int8 *out)
{
    int8 v = out[0];
    v.lo.x = 7;
    v.s4567.wz = (int2)(1, 2);
    v.hi.even.y++;
    v.lo.hi += (int2)(3);
    v.s00.y = 1;
//  ^^^^^ error[E0304]: vector is not assignable (it contains duplicate components)
    v.lo.s5 = 2;
//       ^^ error[E0314]: invalid vector component selection `.s5` on `int4`: component 5 is out of range for a vector of 4 components
    make().xy.x = 3;
//  ^^^^^^^^^^^ error[E0305]: expression is not assignable (cannot assign to a part of a temporary value)
    out[1] = v;
}
