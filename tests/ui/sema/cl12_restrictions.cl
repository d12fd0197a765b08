// oclc-flags: -cl-std=CL1.2
// OpenCL C 1.2 has `static` functions and program-scope `constant` data,
// but no `static` variables in functions, no `read_write` images and no
// struct kernel parameters holding pointers (all from 2.0), as clang
// reports them; no version has `static` kernels.
static constant int table[2] = { 1, 2 };
static int twice(int x) { return 2 * x; }

kernel void k(global int *out)
{
    static int calls = 0;
//             ^^^^^ error[E0315]: variables in function scope cannot be declared `static` before OpenCL C 2.0
    out[0] = twice(table[1]) + calls + popcount(out[1]);
}

kernel void in_place(read_write image2d_t img) { }
//                   ^^^^^^^^^^ error[E0315]: `read_write` images need OpenCL C 2.0 (or 3.0 with `__opencl_c_read_write_images`)

typedef struct { global float *data; int n; } view_t;
kernel void by_view(view_t v) { v.data[0] = v.n; }
//                  ^^^^^^^^ error[E0315]: struct kernel parameters may not contain pointers before OpenCL C 2.0
  static kernel void hidden(global int *out) { out[0] = 1; }
//^^^^^^ error[E0315]: kernel function `hidden` cannot be declared `static`

// Program-scope variables outside `constant` come with OpenCL C 2.0.
int counter = 1;
//  ^^^^^^^ error[E0306]: program scope variable must reside in the `constant` address space
kernel void reads_counter(global int *out) { out[0] = counter + table[0]; }
