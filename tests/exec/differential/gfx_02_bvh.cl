// Recursion-free BVH traversal with explicit stack (LuxRays-style flattened BVH)
#define STACK_SIZE 24
typedef struct { float3 bboxMin, bboxMax; int left, right, primStart, primCount; } BVHNode;
typedef struct { float4 v0, v1, v2; } Triangle;
typedef struct { float3 o, d, invd; float mint, maxt; } Ray;
typedef struct { float t, b1, b2; uint index; } RayHit;

constant BVHNode nodes[7] = {
  { (float3)(-4, -4, -4), (float3)(4, 4, 4), 1, 4, -1, 0 },
  { (float3)(-4, -4, -4), (float3)(0, 4, 4), 2, 3, -1, 0 },
  { (float3)(-4, -4, -4), (float3)(0, 0, 4), -1, -1, 0, 2 },
  { (float3)(-4, 0, -4), (float3)(0, 4, 4), -1, -1, 2, 2 },
  { (float3)(0, -4, -4), (float3)(4, 4, 4), 5, 6, -1, 0 },
  { (float3)(0, -4, -4), (float3)(4, 0, 4), -1, -1, 4, 2 },
  { (float3)(0, 0, -4), (float3)(4, 4, 4), -1, -1, 6, 2 },
};

inline bool BBox_IntersectP(float3 mn, float3 mx, const Ray *ray, float *tnear) {
  float3 t0 = (mn - ray->o) * ray->invd;
  float3 t1 = (mx - ray->o) * ray->invd;
  float3 tmin = fmin(t0, t1), tmax = fmax(t0, t1);
  float a = fmax(fmax(tmin.x, tmin.y), fmax(tmin.z, ray->mint));
  float b = fmin(fmin(tmax.x, tmax.y), fmin(tmax.z, ray->maxt));
  *tnear = a;
  return a <= b;
}

inline void Triangle_Intersect(const Triangle *tri, const Ray *ray, RayHit *hit, uint idx) {
  const float3 e1 = tri->v1.xyz - tri->v0.xyz, e2 = tri->v2.xyz - tri->v0.xyz;
  const float3 s1 = cross(ray->d, e2);
  const float div = dot(s1, e1);
  if (div == 0.f) return;
  const float invDivisor = 1.f / div;
  const float3 d = ray->o - tri->v0.xyz;
  const float b1 = dot(d, s1) * invDivisor;
  if (b1 < 0.f) return;
  const float3 s2 = cross(d, e1);
  const float b2 = dot(ray->d, s2) * invDivisor;
  if (b2 < 0.f || b1 + b2 > 1.f) return;
  const float t = dot(e2, s2) * invDivisor;
  if (t < ray->mint || t > hit->t) return;
  hit->t = t; hit->b1 = b1; hit->b2 = b2; hit->index = idx;
}

kernel void Intersect(global float4 *out, global const float *in) {
  const size_t gid = get_global_id(0);
  global const float *p = in + gid * 64;
  Triangle tris[8];
  #pragma unroll
  for (int i = 0; i < 8; ++i) {
    float3 c = (float3)((i & 4) ? 2.0f : -2.0f, (i & 2) ? 2.0f : -2.0f, (i & 1) ? 1.0f : -1.0f);
    float s = 0.5f + fract(fabs(p[16 + i]), &(float){0});
    if (!isfinite(s)) s = 0.75f;
    tris[i].v0 = (float4)(c + (float3)(-s, -s, 0), 0);
    tris[i].v1 = (float4)(c + (float3)(s, -s, 0.25f), 0);
    tris[i].v2 = (float4)(c + (float3)(0, s, -0.25f), 0);
  }
  Ray ray;
  float3 o = (float3)(p[0], p[1], p[2]);
  o = select(o, (float3)(0.5f), isnan(o) || isinf(o));
  ray.o = clamp(o, -3.0f, 3.0f) + (float3)(0, 0, 10);
  ray.d = normalize((float3)(copysign(0.1f, p[3]), copysign(0.05f, p[4]), -1.0f));
  ray.invd = 1.0f / ray.d;
  ray.mint = 1e-4f; ray.maxt = INFINITY;
  RayHit hit = { INFINITY, 0, 0, 0xffffffffu };
  int stack[STACK_SIZE];
  int sp = 0; stack[sp++] = 0;
  uint visited = 0;
  while (sp > 0) {
    const int ni = stack[--sp];
    constant BVHNode *n = &nodes[ni];
    float tn;
    ++visited;
    if (!BBox_IntersectP(n->bboxMin, n->bboxMax, &ray, &tn) || tn > hit.t) continue;
    if (n->left < 0) {
      for (int k = 0; k < n->primCount; ++k) {
        Triangle tri = tris[n->primStart + k];
        Triangle_Intersect(&tri, &ray, &hit, n->primStart + k);
      }
    } else {
      stack[sp++] = n->right;
      stack[sp++] = n->left;
    }
  }
  out[gid * 2] = (float4)(hit.t, hit.b1, hit.b2, as_float(hit.index));
  out[gid * 2 + 1] = (float4)(ray.invd, (float)visited);
}
