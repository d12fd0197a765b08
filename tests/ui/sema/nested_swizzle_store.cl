// A store through a selection of a selection (`v.lo.x`, `v.s4567.wz`) would
// land in a temporary copy: E0305 instead of a silently lost store (clang
// accepts these; oclc does not express them yet). A single-level
// selection stores as usual.
kernel void k(global int8 *out)
{
    int8 v = out[0];
    v.lo.x = 7;
//  ^^^^^^ error[E0305]: expression is not assignable (cannot assign to a part of a temporary value)
    v.s4567.wz = (int2)(1, 2);
//  ^^^^^^^^^^ error[E0305]: expression is not assignable (cannot assign to a part of a temporary value)
    v.lo = (int4)(0);
    out[1] = v;
}
