// Float-heavy kernels in the style of physics, filtering and linear
// algebra code, run twice: from oclc's module and from the runtime's own
// compiler on this source. The results must agree to the bit, which needs
// the same floating-point contraction (`a * b + c` as one fused operation
// under the default FP_CONTRACT ON) as the runtime's compiler.

float horner(float x, global const float *c, int n)
{
    float r = c[n - 1];
    for (int i = n - 2; i >= 0; i--)
        r = r * x + c[i];
    return r;
}

kernel void polynomials(global const float *x, global const float *coeffs, global float *out)
{
    int i = get_global_id(0);
    out[i] = horner(x[i], coeffs, 8);
}

kernel void dots(global const float4 *a, global const float4 *b, global float *out, int n)
{
    int i = get_global_id(0);
    float sum = 0.0f;
    float4 acc = (float4)(0.0f);
    for (int k = 0; k < n; k++) {
        sum += a[i * n + k].x * b[k].y;
        sum -= a[i * n + k].z * b[k].w;
        acc += a[i * n + k] * b[k];
    }
    out[i] = sum + acc.x * acc.y - acc.z * acc.w;
}

kernel void integrate(global float4 *pos, global float4 *vel, float dt, float damping)
{
    int i = get_global_id(0);
    float4 p = pos[i], v = vel[i];
    float4 accel = (float4)(0.0f, -9.81f, 0.0f, 0.0f) - v * damping;
    v = v + accel * dt;
    p = p + v * dt + 0.5f * accel * dt * dt;
    pos[i] = p;
    vel[i] = v;
}

kernel void blend(global const float *a, global const float *b, global float *out, float t)
{
    int i = get_global_id(0);
    float lerp = a[i] + (b[i] - a[i]) * t;
    float minus = a[i] - b[i] * t;
    out[i] = lerp * minus - (a[i] * b[i]) + t;
}
