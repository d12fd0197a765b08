// oclc-flags: -cl-std=CL2.0
// A string or character literal without its closing quote ends at the end
// of the line, with an error.
kernel void k(global int *p) {
    p[0] = 'a;
//         ^^^ error[E0102]: missing terminating `'` character
    p[1] = "abc[0];
//         ^^^^^^^^ error[E0102]: missing terminating `"` character
    p[2] = 1;
}
