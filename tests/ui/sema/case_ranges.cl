// oclc-flags: -cl-std=CL2.0
// GNU case ranges: overlapping values are duplicates, as for single labels;
// a range too large to expand is reported; an empty range labels nothing.
kernel void k(global int *o, int c) {
    switch (c) {
    case 'a' ... 'z': o[0] = 1; break;
    case 'x' ... 'y': o[0] = 2; break;
//       ^^^ error[E0316]: duplicate case value `120`
    case 9 ... 1: o[0] = 3; break;
    case 1000 ... 100000: o[0] = 4; break;
//       ^^^^ error[E0309]: a case range of more than 4096 values is not supported by oclc yet
    }
}
