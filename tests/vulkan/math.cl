// The library functions the Vulkan target maps to GLSL.std.450, on
// vectors and scalars, as a particle update would use them.
kernel void particles(global float4 *pos, global const float4 *vel, global float *energy,
                      global int *bins, float dt)
{
    uint i = get_global_id(0);
    float4 p = pos[i] + vel[i] * dt;
    p.xyz = clamp(p.xyz, -1.0f, 1.0f);
    pos[i] = p;
    float speed = length(vel[i].xyz);
    energy[i] = 0.5f * dot(vel[i], vel[i]) + sqrt(fabs(p.w)) + fmax(speed, 0.25f)
              + mix(p.x, p.y, 0.25f) + floor(p.z * 4.0f);
    bins[i] = clamp((int)(p.x * 8.0f), -4, 4) + max(abs((int)i - 8), 3u) + min((int)i, 5);
}
