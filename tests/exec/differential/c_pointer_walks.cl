// oclc-flags: -cl-std=CL1.2
// Pointer-heavy C ported to kernels: Gaussian elimination with partial
// pivoting that swaps row pointers (float ** in private memory, ptrdiff_t to
// recover row numbers), a binary max-heap for k-nearest selection walked
// through struct pointers, and bucket chains of structs in local memory
// linked by pointers stored in the nodes.

#define N         6
#define K_NEAREST 8
#define N_CAND    48
#define WG        16
#define N_BUCKETS 8
#define NODES     (WG * 4)

static inline float clean(float f) { return isfinite(f) ? clamp(f, -16.0f, 16.0f) : 0.25f; }

/* solve A x = b in place on an augmented [N][N+1] matrix; returns the
 * permutation as original row numbers and the determinant sign */
static int gauss_solve(float (*a)[N + 1], float *x, int *perm)
{
    float *rows[N];
    float **rp = rows;
    for (int i = 0; i < N; ++i)
        *rp++ = a[i];

    int sign = 1;
    for (int k = 0; k < N; ++k) {
        float **pivot = rows + k;
        for (float **r = rows + k + 1; r < rows + N; ++r)
            if (fabs((*r)[k]) > fabs((*pivot)[k]))
                pivot = r;
        if (pivot != rows + k) {
            float *t = *pivot;
            *pivot = rows[k];
            rows[k] = t;
            sign = -sign;
        }
        float *pk = rows[k];
        if (pk[k] == 0.0f)
            continue;                          /* singular column: skip */
        for (int i = k + 1; i < N; ++i) {
            float *ri = rows[i];
            float f = ri[k] / pk[k];
            for (int j = k; j <= N; ++j)
                ri[j] -= f * pk[j];
        }
    }
    for (int i = N - 1; i >= 0; --i) {
        const float *ri = rows[i];
        float s = ri[N];
        for (int j = i + 1; j < N; ++j)
            s -= ri[j] * x[j];
        x[i] = ri[i] != 0.0f ? s / ri[i] : 0.0f;
    }
    for (int i = 0; i < N; ++i) {
        ptrdiff_t off = rows[i] - &a[0][0];
        perm[i] = (int)(off / (N + 1));
    }
    return sign;
}

kernel void gauss_pivot_rows(global float *out, global const float *in)
{
    const int gid = get_global_id(0);
    float a[N][N + 1];
    global const float *src = in + gid * N * (N + 1);
    for (int i = 0; i < N; ++i)
        for (int j = 0; j <= N; ++j)
            a[i][j] = clean(src[i * (N + 1) + j]) + (i == j ? 4.0f : 0.0f);
    float x[N];
    int perm[N];
    int sign = gauss_solve(a, x, perm);
    float det = (float)sign;
    for (int i = 0; i < N; ++i)
        det *= a[perm[i]][i];
    global float *o = out + gid * 16;
    for (int i = 0; i < N; ++i) {
        o[i] = x[i];
        o[N + i] = (float)perm[i];
    }
    o[12] = det;
    o[13] = (float)sign;
    o[14] = (float)sizeof(a) / (float)sizeof(a[0]);
    o[15] = 1.0f;
}

typedef struct {
    float dist;
    int   id;
} neighbor_t;

static inline int nb_less(const neighbor_t *a, const neighbor_t *b)
{
    /* branch-free: both fields are always loaded */
    const int lt = a->dist < b->dist, eq = a->dist == b->dist, idlt = a->id < b->id;
    return lt | (eq & idlt);
}

static void sift_down(neighbor_t *heap, int n, int i)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, big = i;
        if (l < n && nb_less(heap + big, heap + l)) big = l;
        if (r < n && nb_less(heap + big, heap + r)) big = r;
        if (big == i)
            break;
        neighbor_t t = heap[i];
        heap[i] = heap[big];
        heap[big] = t;
        i = big;
    }
}

kernel void knn_heap(global int *out, global const float *in)
{
    const int gid = get_global_id(0);
    const float4 q = (float4)(clean(in[4 * gid]), clean(in[4 * gid + 1]),
                              clean(in[4 * gid + 2]), 0.0f);
    neighbor_t heap[K_NEAREST];
    int n = 0;
    for (int c = 0; c < N_CAND; ++c) {
        global const float *p = in + 256 + 3 * (c + gid * 7 % 16);
        float4 pt = (float4)(clean(p[0]), clean(p[1]), clean(p[2]), 0.0f);
        float4 d = pt - q;
        neighbor_t cand = { dot(d, d), c };
        if (n < K_NEAREST) {
            /* sift up */
            int i = n++;
            heap[i] = cand;
            while (i > 0) {
                int parent = (i - 1) / 2;
                if (!nb_less(heap + parent, heap + i))
                    break;
                neighbor_t t = heap[parent]; heap[parent] = heap[i]; heap[i] = t;
                i = parent;
            }
        } else if (nb_less(&cand, heap)) {
            heap[0] = cand;
            sift_down(heap, n, 0);
        }
    }
    /* heap sort in place: ascending by distance */
    for (int end = n - 1; end > 0; --end) {
        neighbor_t t = heap[0]; heap[0] = heap[end]; heap[end] = t;
        sift_down(heap, end, 0);
    }
    global int *o = out + gid * (K_NEAREST + 1);
    const neighbor_t *it = heap, *stop = heap + n;
    while (it != stop)
        *o++ = (it++)->id;
    *o = (int)(stop - heap) * 1000 + (int)(heap[0].dist * 16.0f);
}

typedef struct node {
    uint key;
    uint value;
    local struct node *next;
} node_t;

kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void local_bucket_chains(global uint *out, global const uint *in)
{
    local node_t pool[NODES];
    local node_t *local heads[N_BUCKETS];         /* local array of pointers to local nodes */
    const int lid = get_local_id(0);
    const int grp = get_group_id(0);
    global const uint *src = in + grp * NODES * 2;

    for (int k = lid; k < NODES; k += WG) {
        pool[k].key = src[2 * k] & 0xffu;
        pool[k].value = src[2 * k + 1];
        pool[k].next = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    /* one work-item links the chains in index order: deterministic */
    if (lid == 0) {
        local node_t *local *tails[N_BUCKETS];     /* private array of pointers to local pointers */
        for (int b = 0; b < N_BUCKETS; ++b) {
            heads[b] = 0;
            tails[b] = &heads[b];
        }
        for (local node_t *p = pool; p < pool + NODES; ++p) {
            uint b = p->key & (N_BUCKETS - 1);
            *tails[b] = p;
            tails[b] = &p->next;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    /* every work-item looks up two keys by walking the chains */
    uint found = 0, sum = 0, steps = 0;
    for (int q = 0; q < 2; ++q) {
        uint key = (uint)(lid * 2 + q) * 8u + (uint)grp;
        key &= 0xffu;
        for (local node_t *p = heads[key & (N_BUCKETS - 1)]; p; p = p->next) {
            ++steps;
            if (p->key == key) {
                ++found;
                sum += p->value;
            }
        }
    }
    local node_t *h = heads[lid & (N_BUCKETS - 1)];
    uint chain_len = 0;
    while (h && chain_len < NODES) {
        ++chain_len;
        h = h->next;
    }
    global uint *o = out + get_global_id(0) * 4;
    o[0] = found;
    o[1] = sum;
    o[2] = steps;
    o[3] = chain_len | 0x10000u;
}
