// side-effect ordering in comma, &&, ||, ?:, and macros with side-effect args
#define MAX(a,b) ((a) > (b) ? (a) : (b))
#define SQR(x) ((x) * (x))
#define SWAP(T,a,b) do { T _t = (a); (a) = (b); (b) = _t; } while (0)

static int bump(int *c, int v) { *c = *c * 3 + v; return v; }
static int log_and(int *c, int a, int b) { return bump(c, a) && bump(c, b); }
static int log_or(int *c, int a, int b) { return bump(c, a) || bump(c, b); }

kernel void sequencing(global int *out, global const int *in) {
  size_t g = get_global_id(0);
  const global int *p = in + g * 64;
  global int *q = out + g * 64;
  int k = 0;
  int a = p[0] & 15, b = p[1] & 7, c = 0;
  int i = 0;
  int m = MAX(i++, b);            /* i incremented once or twice */
  q[k++] = m; q[k++] = i;
  int j = 3;
  int s = SQR(j += 1) ;           /* unsequenced? no: (j+=1)*(j+=1) is UB; avoid */
  (void)s;
  int t = (j++, j++, j * 10);
  q[k++] = t; q[k++] = j;
  c = 1;
  q[k++] = log_and(&c, a & 1, b); q[k++] = c;
  q[k++] = log_and(&c, 0, 99); q[k++] = c;
  q[k++] = log_or(&c, a & 2, 5); q[k++] = c;
  q[k++] = log_or(&c, 0, 0); q[k++] = c;
  int x = a;
  int r = (x > 4) ? (x -= 4, x * 2) : (x += 10, x);
  q[k++] = r; q[k++] = x;
  int n = 0;
  for (int z = 0; z < 5 && (n += z, 1); z++) {}
  q[k++] = n;
  int cnt = 0;
  int w = a;
  while (w-- > 0 || (cnt++ < 2)) { cnt += 10; }
  q[k++] = cnt; q[k++] = w;
  int u = b, v = a;
  SWAP(int, u, v);
  q[k++] = u * 100 + v;
  int arr[4] = {p[2], p[3], p[4], p[5]};
  int idx = 0;
  arr[idx++] += 5;          /* idx evaluated once */
  arr[idx++] ^= arr[3];
  q[k++] = idx; q[k++] = arr[0]; q[k++] = arr[1];
  int *pp = arr;
  *pp++ = 7;
  *++pp = 9;
  q[k++] = arr[0]; q[k++] = arr[1]; q[k++] = arr[2];
  q[k++] = (int)(pp - arr);
  int e = (a > 3) && (b++ > 2) || (c++ < 0);
  q[k++] = e; q[k++] = b; q[k++] = c & 0xffff;
  int f = a ? b ? 1 : 2 : 3;   /* right-assoc */
  q[k++] = f;
  int h = 0;
  h = (h++, h + 1);
  q[k++] = h;
  int z1 = 5, z2;
  z2 = (z1 += 2) + 1;
  q[k++] = z1 * 1000 + z2;
  int ch = a;
  ch = ch * 2 + (ch > 5 ? -1 : 1), ch <<= 1;
  q[k++] = ch;
}
