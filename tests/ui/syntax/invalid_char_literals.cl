// oclc-flags: -cl-std=CL2.0
// Malformed character constants: empty, unknown escape, hexadecimal escape
// out of range, more than four characters, a character wider than `char`.
kernel void k(global char *p) {
    p[0] = '';
//         ^^ error[E0203]: empty character constant
    p[1] = '\q';
//         ^^^^ error[E0203]: unknown escape sequence `\q`
    p[2] = '\x100';
//         ^^^^^^^ error[E0204]: hex escape sequence out of range
    p[3] = 'abcde';
//         ^^^^^^^ error[E0203]: character constant 'abcde' is too long for its type
    p[4] = '\xg';
//         ^^^^^ error[E0203]: `\x` used with no following hex digits
    p[5] = 'é';
//         ^^^^ error[E0203]: character constant 'é' holds a character too large for `char`
}
