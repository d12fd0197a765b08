// oclc-flags: -cl-std=CL2.0
// `_Generic` selections: a type with no association, two `default`s, and
// an unselected association that does not type-check (clang checks them
// all, though only the selected one is evaluated).
kernel void k(global int *o, global float4 *f) {
    o[0] = _Generic(o[1], int: 1, float: 2);
    o[1] = _Generic(f[0], int: 1, float: 2);
//                  ^^^^ error[E0303]: controlling expression type `float4` is not compatible with any `_Generic` association
    o[2] = _Generic(o[1], default: 1, int: 2, default: 3);
//                                            ^^^^^^^^^^ error[E0303]: duplicate `default` association in `_Generic`
    o[3] = _Generic(o[1], int: 4, float4: f[0] + o);
//                                        ^^^^^^^^ error[E0304]: invalid operands to binary expression (`float4` and `global int *`)
    o[4] = _Generic(1.0f, const float: 1, default: 2);
}
