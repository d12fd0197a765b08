// oclc-flags: -cl-std=CL2.0
// `#` stringizing: whitespace is collapsed, quotes and backslashes in string
// and character literals are escaped, and the argument is not expanded
// first (the two-level `XSTR` idiom expands it). Each string below
// compiles to a `constant char` array; the spelling of the strings is
// checked by comparing `oclc -E` with clang's.
#define STR(x) #x
#define XSTR(x) STR(x)
#define VALUE 17

kernel void stringize(global char *p) {
    p[0] = STR(a   +    b)[1];
    p[1] = STR("a\n" '\'')[0];
    p[2] = STR(VALUE)[0] + XSTR(VALUE)[0];
    p[3] = STR()[0];
}
