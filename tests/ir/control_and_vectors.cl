// oclc-flags: -cl-std=CL2.0
// Loops, switch, goto and vector swizzles as the IR states them: a `for`
// loop's step is its `continuing` block, `&&` is lazy, `v.yx = …` stores
// through component pointers, and a compound literal is a temporary.
typedef struct { float x, y; } pair;

kernel void shapes(global float4 *v, global int *out, int n)
{
    int sum = 0;
    for (int i = 0; i < n && i < 8; i++) {
        switch (i % 3) {
        case 0:
            sum += i;
            break;
        default:
            continue;
        }
    }
    if (sum > 100)
        goto done;
    float4 a = v[0];
    a.yx = a.xy * 2.0f + a.zw;
    v[1] = a;
    out[0] = sum + (int)((pair){ 1.0f, 2.0f }).y;
done:
    out[1] = 1;
}
