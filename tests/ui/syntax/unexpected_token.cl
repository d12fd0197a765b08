// oclc-flags: -cl-std=CL2.0
// Tokens that cannot appear where they do: a stray `else`, a keyword as a
// name, a type where an expression must be, two expressions in a row, a
// function with no body, a stray `}` at top level.
kernel void k(global int *p) {
    else p[0] = 1;
//  ^^^^ error[E0201]: unexpected `else` without a matching `if`
    int kernel = 2;
//             ^ error[E0201]: expected identifier or `(`
    p[1] = int;
//         ^^^ error[E0201]: expected expression
    p[2] = 3 4;
//          ^ error[E0201]: expected `;` after expression
}
}
//~^ error[E0201]: unexpected closing `}`
