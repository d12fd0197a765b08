// oclc-flags: -cl-std=CL2.0
// half a*b+c is not fused by either compiler: the runtime's compiler
// evaluates clang's llvm.fmuladd(a, b, c) as (a*b) + c, and c - a*b as
// (-a)*b + c, and so does oclc. With two NaN operands x86 returns the first
// one's payload, so source order (c + (a*b)) would give other NaN bits.
// oclc-corpus: needs fma
// (checks which NaN payload half arithmetic keeps on an instruction set with FMA and F16C; without them the
// runtime evaluates differently, as the specification allows)
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void nan_order(global uint *out, global const uint *in)
{
    int i = get_global_id(0);
    uint z = in[i] & 0u;
    half n1 = as_half((ushort)(0x7e01u | z)), n2 = as_half((ushort)(0x7e02u | z)), n3 = as_half((ushort)(0x7e04u | z));
    half one = (half)(1.0f + as_float(z));
    out[i * 4 + 0] = as_ushort(n1 + n2 * one) | 0x10000u;   /* oclc 0x7e01, runtime 0x7e02 */
    out[i * 4 + 1] = as_ushort(n1 - n2 * n3) | 0x10000u;    /* oclc 0x7e01, runtime 0xfe02 */
    out[i * 4 + 2] = as_ushort(n1 * one + n2) | 0x10000u;   /* agrees */
    out[i * 4 + 3] = as_ushort(n1 + n2) | 0x10000u;         /* agrees */
}
