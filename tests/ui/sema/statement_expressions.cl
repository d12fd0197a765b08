// GNU statement expressions compile where they are evaluated exactly once
// at their statement; an operand of `&&`, `||`, `?:` or a loop condition
// or step (evaluated conditionally or repeatedly) is E0309.
kernel void k(global int *out)
{
    int ok = ({ int t = out[0]; t * 2; });
    int a = out[1] && ({ out[2] = 1; 1; });
//                    ^^^^^^^^^^^^^^^^^^^^ error[E0309]: a statement expression evaluated conditionally or repeatedly (in `&&`, `||`, `?:`, or a loop condition or step) is not supported by oclc
    int b = out[3] ? ({ 4; }) : 5;
//                   ^^^^^^^^ error[E0309]: a statement expression evaluated conditionally or repeatedly (in `&&`, `||`, `?:`, or a loop condition or step) is not supported by oclc
    while (({ int q = out[4]; q; }))
//         ^^^^^^^^^^^^^^^^^^^^^^^^ error[E0309]: a statement expression evaluated conditionally or repeatedly (in `&&`, `||`, `?:`, or a loop condition or step) is not supported by oclc
        out[4]--;
    for (int i = 0; i < 4; i += ({ 1; }))
//                              ^^^^^^^^ error[E0309]: a statement expression evaluated conditionally or repeatedly (in `&&`, `||`, `?:`, or a loop condition or step) is not supported by oclc
        out[5] += ok + a + b;
}
