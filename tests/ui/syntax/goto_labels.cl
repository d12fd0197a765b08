// oclc-flags: -cl-std=CL2.0
// `goto` and labels parse (tests/ui/sema/goto.cl has their errors);
// bit-fields are valid C that oclc does not support yet: a clear message,
// not a parse error.
struct flags { uint a : 3; uint b : 5; };
//                      ^ error[E0206]: bit-fields are not supported by oclc yet
//                                  ^ error[E0206]: bit-fields are not supported by oclc yet
kernel void k(global int *p) {
    int i = 0;
again:
    p[i] = i;
    if (++i < 4)
        goto again;
}
