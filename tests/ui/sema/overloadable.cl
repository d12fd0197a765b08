// oclc-flags: -cl-std=CL2.0
// clang's overloadable functions: calls pick the best candidate; no viable
// candidate, or several equally good ones, is an error listing them.
__attribute__((overloadable)) float scale(float x) { return 2.0f * x; }
__attribute__((overloadable)) int scale(int x) { return 2 * x; }
__attribute__((overloadable)) float4 scale(float4 v, float k) { return v * k; }

kernel void k(global float *o, global float4 *v) {
    o[0] = scale(1.0f) + scale((short)2) + scale(v[0], 0.5f).x;
    o[1] = scale(0.5);
//         ^^^^^^^^^^ error[E0311]: call to `scale(double)` is ambiguous
    o[2] = scale(v);
//         ^^^^^^^^ error[E0311]: no matching function for call to `scale(global float4 *)`
}
