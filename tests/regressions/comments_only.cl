// A translation unit with nothing but comments compiles to an empty
// library module (see no_kernels.cl).
// expect: module
/* nothing here */
