// oclc-flags: -cl-std=CL2.0
// Malformed character constants: empty, unknown escape, hexadecimal escape
// out of range, more than one character.
kernel void k(global char *p) {
    p[0] = '';
//         ^^ error[E0203]: empty character constant
    p[1] = '\q';
//         ^^^^ error[E0203]: unknown escape sequence `\q`
    p[2] = '\x100';
//         ^^^^^^^ error[E0204]: hex escape sequence out of range
    p[3] = 'ab';
//         ^^^^ error[E0203]: character constant 'ab' has more than one character
    p[4] = '\xg';
//         ^^^^^ error[E0203]: `\x` used with no following hex digits
}
