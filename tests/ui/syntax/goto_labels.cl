// oclc-flags: -cl-std=CL2.0
// `goto` and labels are valid C but not supported by oclc yet: a clear
// message, not a parse error. Bit-fields likewise.
struct flags { uint a : 3; uint b : 5; };
//                      ^ error[E0206]: bit-fields are not supported by oclc yet
//                                  ^ error[E0206]: bit-fields are not supported by oclc yet
kernel void k(global int *p) {
    int i = 0;
again:
//~^ error[E0206]: labels are not supported by oclc yet
    p[i] = i;
    if (++i < 4)
        goto again;
//      ^^^^^^^^^^^ error[E0206]: `goto` is not supported by oclc yet
}
