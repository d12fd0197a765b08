// Narrowing conversions at their rounding boundaries: every way OpenCL C
// narrows a value to a floating-point type (vstore_half[n], vstorea_halfn,
// convert_<float type>[n], casts and implicit conversions) and to an
// integer type (convert_<int type>[_sat]), in each rounding mode. Each
// result must be the source value rounded once, in the named mode
// (tests/suite/exec/narrowing.rs computes the same on the host).
//
// Every kernel writes row `form` of its results for input i at
// out[form * stride + i]; the stride is the number of inputs.

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// The five spellings of a rounding mode, in the order the host expects:
// the default (round to nearest even for conversions to floating-point
// types, toward zero to integers), then _rte, _rtz, _rtp and _rtn.
#define MODES(X) X(, 0) X(_rte, 1) X(_rtz, 2) X(_rtp, 3) X(_rtn, 4)

#define ROW(form) (out + (form) * n)

// double -> half through every store and conversion: rows 0-4 vstore_half
// to global memory, 5-9 to local memory, 10-14 to private memory, 15-19
// through a generic pointer, 20-24 convert_half, 25 a cast, 26 an implicit
// conversion by assignment.
kernel void double_to_half(global const double *in, global ushort *out,
                           local ushort *scratch) {
    size_t i = get_global_id(0), n = get_global_size(0);
    size_t l = get_local_id(0), ls = get_local_size(0);
    double x = in[i];
    ushort priv[5];
#define SCALAR_STORES(S, k)                                              \
    vstore_half##S(x, i, (global half *)ROW(k));                         \
    vstore_half##S(x, l, (local half *)(scratch + (k) * ls));            \
    vstore_half##S(x, 0, (private half *)(priv + (k)));                  \
    vstore_half##S(x, i, (half *)ROW(15 + (k)));                         \
    ROW(20 + (k))[i] = as_ushort(convert_half##S(x));
    MODES(SCALAR_STORES)
    for (int k = 0; k < 5; k++) {
        ROW(5 + k)[i] = scratch[k * ls + l];
        ROW(10 + k)[i] = priv[k];
    }
    ROW(25)[i] = as_ushort((half)x);
    half h = x;
    ROW(26)[i] = as_ushort(h);
}

// doubleN -> halfN: for work-item j, the vector j of the input (N
// consecutive values). Rows (each `stride` halves, the stride 16 times the
// number of work-items): 0-4 vstore_halfN to global memory, 5-9 vstorea_halfN
// to global memory (a 3-vector at 4j), 10-14 vstore_halfN to local memory,
// 15-19 vstorea_halfN to private memory, 20-24 vstore_halfN through a
// generic pointer, 25-29 convert_halfN; all but rows 5-9 at N*j.
#define VECTOR_STORES(N)                                                       \
    kernel void double_to_half##N(global const double *in, global ushort *out, \
                                  local ushort *scratch) {                     \
        size_t j = get_global_id(0), n = get_global_size(0) * 16;              \
        size_t l = get_local_id(0);                                            \
        double##N v = vload##N(j, in);                                         \
        ushort16 priv; /* aligned for vstorea_half16 */                      \
        MODES(VECTOR_STORES_##N)                                               \
    }
#define VECTOR_STORES_MODE(N, S, k)                                            \
    vstore_half##N##S(v, j, (global half *)ROW(k));                            \
    vstorea_half##N##S(v, j, (global half *)ROW(5 + (k)));                     \
    vstore_half##N##S(v, l, (local half *)scratch);                            \
    for (int c = 0; c < N; c++)                                                \
        ROW(10 + (k))[N * j + c] = scratch[N * l + c];                         \
    vstorea_half##N##S(v, 0, (private half *)&priv);                           \
    for (int c = 0; c < N; c++)                                                \
        ROW(15 + (k))[N * j + c] = ((private ushort *)&priv)[c];               \
    vstore_half##N##S(v, j, (half *)ROW(20 + (k)));                            \
    vstore##N(as_ushort##N(convert_half##N##S(v)), j, ROW(25 + (k)));
#define VECTOR_STORES_2(S, k) VECTOR_STORES_MODE(2, S, k)
#define VECTOR_STORES_3(S, k) VECTOR_STORES_MODE(3, S, k)
#define VECTOR_STORES_4(S, k) VECTOR_STORES_MODE(4, S, k)
#define VECTOR_STORES_8(S, k) VECTOR_STORES_MODE(8, S, k)
#define VECTOR_STORES_16(S, k) VECTOR_STORES_MODE(16, S, k)
VECTOR_STORES(2)
VECTOR_STORES(3)
VECTOR_STORES(4)
VECTOR_STORES(8)
VECTOR_STORES(16)

// float -> half: rows 0-4 vstore_half to global memory, 5-9 vstorea_half2
// of (x, x) to private memory (its first half), 10-14 convert_half, 15 a
// cast.
kernel void float_to_half(global const float *in, global ushort *out) {
    size_t i = get_global_id(0), n = get_global_size(0);
    float x = in[i];
    ushort2 priv;
#define FLOAT_STORES(S, k)                                               \
    vstore_half##S(x, i, (global half *)ROW(k));                         \
    vstorea_half2##S((float2)(x, x), 0, (private half *)&priv);          \
    ROW(5 + (k))[i] = priv.x;                                            \
    ROW(10 + (k))[i] = as_ushort(convert_half##S(x));
    MODES(FLOAT_STORES)
    ROW(15)[i] = as_ushort((half)x);
}

// FROM -> TO, a floating-point type, results as the bits BITS: rows 0-4
// convert_TO in each mode, 5 a cast.
#define TO_FLOATING(FROM, TO, BITS)                                            \
    kernel void FROM##_to_##TO(global const FROM *in, global BITS *out) {      \
        size_t i = get_global_id(0), n = get_global_size(0);                   \
        FROM x = in[i];                                                        \
        MODES(TO_FLOATING_##TO)                                                \
        ROW(5)[i] = as_##BITS((TO)x);                                          \
    }
#define TO_FLOATING_half(S, k) ROW(k)[i] = as_ushort(convert_half##S(x));
#define TO_FLOATING_float(S, k) ROW(k)[i] = as_uint(convert_float##S(x));
#define TO_FLOATING_double(S, k) ROW(k)[i] = as_ulong(convert_double##S(x));
TO_FLOATING(double, float, uint)
TO_FLOATING(long, float, uint)
TO_FLOATING(ulong, float, uint)
TO_FLOATING(int, float, uint)
TO_FLOATING(uint, float, uint)
TO_FLOATING(long, double, ulong)
TO_FLOATING(ulong, double, ulong)
TO_FLOATING(long, half, ushort)
TO_FLOATING(ulong, half, ushort)
TO_FLOATING(int, half, ushort)

// double4 -> float4: rows 0-4 convert_float4 in each mode.
kernel void double_to_float4(global const double *in, global uint *out) {
    size_t j = get_global_id(0), n = get_global_size(0) * 4;
#define FLOAT4(S, k) vstore4(as_uint4(convert_float4##S(vload4(j, in))), j, ROW(k));
    MODES(FLOAT4)
}

// FROM -> TO, an integer type, results widened to long: rows 0-4
// convert_TO in each mode, 5-9 convert_TO_sat in each mode, 10 a cast.
#define TO_INTEGER(FROM, TO)                                                   \
    kernel void FROM##_to_##TO(global const FROM *in, global long *out) {      \
        size_t i = get_global_id(0), n = get_global_size(0);                   \
        FROM x = in[i];                                                        \
        MODES(TO_INTEGER_##TO)                                                 \
        ROW(10)[i] = (long)(TO)x;                                              \
    }
#define TO_INTEGER_ROWS(TO, S, k)                                              \
    ROW(k)[i] = (long)convert_##TO##S(x);                                      \
    ROW(5 + (k))[i] = (long)convert_##TO##_sat##S(x);
#define TO_INTEGER_char(S, k) TO_INTEGER_ROWS(char, S, k)
#define TO_INTEGER_uchar(S, k) TO_INTEGER_ROWS(uchar, S, k)
#define TO_INTEGER_short(S, k) TO_INTEGER_ROWS(short, S, k)
#define TO_INTEGER_ushort(S, k) TO_INTEGER_ROWS(ushort, S, k)
#define TO_INTEGER_int(S, k) TO_INTEGER_ROWS(int, S, k)
#define TO_INTEGER_uint(S, k) TO_INTEGER_ROWS(uint, S, k)
#define TO_INTEGER_long(S, k) TO_INTEGER_ROWS(long, S, k)
#define TO_INTEGER_ulong(S, k) TO_INTEGER_ROWS(ulong, S, k)
TO_INTEGER(double, char)
TO_INTEGER(double, uchar)
TO_INTEGER(double, short)
TO_INTEGER(double, ushort)
TO_INTEGER(double, int)
TO_INTEGER(double, uint)
TO_INTEGER(double, long)
TO_INTEGER(double, ulong)
TO_INTEGER(float, int)
TO_INTEGER(float, long)
TO_INTEGER(float, ulong)
