// designated / nested initializers, brace elision, compound literals
typedef struct { int x, y; } pt_t;
typedef struct { pt_t a, b; uint tag; } seg_t;
typedef struct { char name[6]; short vals[3]; pt_t pts[2]; } rec_t;
typedef union { uint u; float f; uchar b[4]; } pun_t;

static int seg_len2(seg_t s) { int dx = s.b.x - s.a.x, dy = s.b.y - s.a.y; return dx * dx + dy * dy; }
static pt_t mid(const pt_t *a, const pt_t *b) { return (pt_t){ (a->x + b->x) / 2, .y = (a->y + b->y) / 2 }; }
static int sum_rec(rec_t r) {
  int s = 0;
  for (int i = 0; i < 6; i++) s = s * 31 + r.name[i];
  for (int i = 0; i < 3; i++) s += r.vals[i] << i;
  return s + r.pts[0].x * 7 + r.pts[1].y * 11 + r.pts[1].x;
}

kernel void initializers(global int *out, global const int *in) {
  size_t g = get_global_id(0);
  const global int *p = in + g * 64;
  global int *q = out + g * 64;
  int k = 0;
  int a = p[0] % 1000, b = p[1] % 1000, c = p[2] % 1000, d = p[3] % 1000;
  seg_t s1 = { { a, b }, { c, d }, 7 };
  seg_t s2 = { a, b, c, d };                /* brace elision, tag zero */
  seg_t s3 = { .b.y = d, .a = { .y = b }, .tag = 3, .b.x = c };
  seg_t s4 = { .b = { c }, a };             /* after .b, next is tag = a */
  q[k++] = seg_len2(s1); q[k++] = s1.tag;
  q[k++] = seg_len2(s2); q[k++] = (int)s2.tag;
  q[k++] = s3.a.x; q[k++] = s3.a.y; q[k++] = s3.b.x; q[k++] = s3.b.y; q[k++] = s3.tag;
  q[k++] = s4.a.x; q[k++] = s4.b.x; q[k++] = s4.b.y; q[k++] = (int)s4.tag;
  rec_t r1 = { "ab\x7f", { 1, -2 }, { { 5, 6 }, 7 } };
  rec_t r2 = { { 'q', 'r' }, .pts[1] = { .y = a }, .vals = { [2] = (short)b, [0] = 4 } };
  rec_t r3 = { "hello", 1, 2, 3, 4, 5, 6, 7 };
  q[k++] = sum_rec(r1); q[k++] = sum_rec(r2); q[k++] = sum_rec(r3);
  int arr[10] = { [1] = a, [5] = b, c };
  (void)arr;
  int arr2[] = { 1, [7] = 2, 3, [3] = d };
  q[k++] = sizeof(arr2) / sizeof(arr2[0]);
  for (int i = 0; i < 9; i++) q[k++] = arr2[i];
  int mat[3][3] = { 1, 2, 3, { 4 }, [2][1] = a };
  for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) q[k++] = mat[i][j];
  pt_t m = mid(&(pt_t){ a, b }, &(pt_t){ .y = d, .x = c });
  q[k++] = m.x; q[k++] = m.y;
  int *cl = (int[]){ a, b, c, d };
  cl[2] += 5;
  q[k++] = cl[0] + cl[1] + cl[2] + cl[3];
  pun_t pu = { .f = 1.5f };
  q[k++] = (int)pu.u;
  pun_t pv = { 0x01020304u };
  q[k++] = pv.b[0] | pv.b[3] << 8;
  q[k++] = ((pun_t){ .u = (uint)a }).b[1];
  int4 vi = (int4)(a, (int2)(b, c), d);
  int vv[2][2] = { { vi.x, vi.y }, { vi.z, vi.w } };
  q[k++] = vv[1][0] - vv[0][1];
  char str[] = "x\0y";
  q[k++] = sizeof(str);
  q[k++] = str[2];
}
