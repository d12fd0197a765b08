// oclc-flags: -cl-std=CL2.0
// GNU statement expressions compile wherever an expression is evaluated
// (their statements run there: conditionally in `&&`, `||` and `?:`, at
// each iteration in a loop condition or step); outside a function there
// is nothing to run them, an error.
constant int outside = ({ 3; });
//                     ^^^^^^^^ error[E0309]: a statement expression outside a function

kernel void k(global int *out)
{
    int ok = ({ int t = out[0]; t * 2; });
    int a = out[1] && ({ out[2] = 1; 1; });
    int b = out[3] ? ({ 4; }) : 5;
    while (({ int q = out[4]; q; }))
        out[4]--;
    for (int i = 0; i < 4; i += ({ 1; }))
        out[5] += ok + a + b + outside;
}
