// Vector literals and component selection: one component is an element
// pointer (OpAccessChain), several are read into a temporary and
// rebuilt with OpCompositeConstruct of scalars, and a multi-component
// store writes each component in turn.
kernel void swizzle(global float4 *p, float2 f) {
    float4 v = p[0];
    v.zw = v.xy + f;
    p[1] = (float4)(f, v.wz);
    p[2].x = v.y;
}
