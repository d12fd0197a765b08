// GNU range designators: a range must be non-empty, inside the array, and
// on an array; after another designator it is not supported yet.
typedef struct { int a[4]; } S;
kernel void k(global int *out)
{
    int ok[8] = { [1 ... 3] = 1, [5 ... 7] = 2 };
    int empty[4] = { [3 ... 1] = 0 };
//                    ^^^^^^^ error[E0321]: array designator range [3, 1] is empty
    int outside[4] = { [2 ... 4] = 0 };
//                      ^^^^^^^ error[E0321]: array designator range [2, 4] is out of bounds
    S nested = { .a[0 ... 1] = 5 };
//                  ^ error[E0309]: a range designator after another designator is not supported by oclc
    int scalar = { [0 ... 1] = 1 };
//                  ^ error[E0321]: array designator used for non-array type `int`
    out[0] = ok[0] + empty[0] + outside[0] + nested.a[0] + scalar;
}
