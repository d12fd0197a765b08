// oclc-flags: -cl-std=CL2.0
// Loop pragmas apply to the `for`, `while` or `do` loop right after them;
// anything else there is an error with clang's wording, and so are two
// pragmas on one loop.
kernel void k(global int *p, int n) {
#pragma unroll
    p[0] = 1;
//  ^ error[E0209]: expected a for, while, or do-while loop to follow '#pragma unroll'
#pragma nounroll
    {
//  ^ error[E0209]: expected a for, while, or do-while loop to follow '#pragma nounroll'
        p[1] = 2;
    }
#pragma unroll
#pragma nounroll
//~^ error[E0209]: duplicate directives '#pragma unroll' and '#pragma nounroll'
    for (int i = 0; i < n; i++)
        p[i] = 0;
#pragma unroll 2
    if (n > 2)
//  ^^ error[E0209]: expected a for, while, or do-while loop to follow '#pragma unroll'
        p[2] = 3;
}
