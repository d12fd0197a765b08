// oclc-flags: -cl-std=CL2.0
// A backslash at the end of a line joins it with the next one anywhere:
// in directives, in the middle of an identifier or number, in comments.
#define SUM(a, b) \
    ((a) + \
     (b))
#if SUM(1, \
        2) != 3
#error "continued #if"
#endif
// A continued line comment \
int this_line_is_part_of_the_comment = ;
kernel void line_continuation(global int *p) {
    int val\
ue = 1\
2;
    p[0] = SUM(value, 3);
}
