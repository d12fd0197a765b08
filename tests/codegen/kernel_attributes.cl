// Attributes with a SPIR-V meaning, emitted as llvm-spirv emits them:
// work_group_size_hint (LocalSizeHint), vec_type_hint (VecTypeHint:
// components << 16 | element type), intel_reqd_sub_group_size
// (SubgroupSize, SPIR-V 1.1), and noinline / always_inline (DontInline /
// Inline function control). The hint may name a typedef, `size_t` too.
__attribute__((noinline)) float scale(float x, float k) { return x * k; }
__attribute__((always_inline)) float bias(float x) { return x + 0.5f; }

typedef int index_t;

kernel __attribute__((work_group_size_hint(64, 1, 1))) __attribute__((vec_type_hint(float4)))
void axpy(global float4 *y, global const float4 *x, float a)
{
    size_t i = get_global_id(0);
    y[i] = (float4)(scale(x[i].x, a), scale(x[i].y, a), bias(x[i].z), x[i].w) + y[i];
}

kernel __attribute__((vec_type_hint(index_t))) __attribute__((intel_reqd_sub_group_size(16)))
void lanes(global uint *out)
{
    out[get_global_id(0)] = get_sub_group_local_id();
}

// Typedef names that end in digits, as hashing code spells its words, and
// `size_t`.
typedef uint u32;

kernel __attribute__((vec_type_hint(u32)))
void words(global u32 *out)
{
    out[get_global_id(0)] = 0x9e3779b9u;
}

kernel __attribute__((vec_type_hint(size_t)))
void sizes(global size_t *out)
{
    out[get_global_id(0)] = get_global_size(0);
}
