// oclc-flags: -cl-std=CL3.0
// Chase-Lev style work-stealing deque per work-group + lock-free allocator, with atomics through generic pointers
#if !defined(__opencl_c_generic_address_space) || !defined(__opencl_c_atomic_order_seq_cst)
#error "needs generic AS and seq_cst"
#endif
#define QCAP 64
typedef struct { atomic_int top; atomic_int bottom; int tasks[QCAP]; } deque_t;

static int cas_add(volatile atomic_int *p, int v) {     // generic pointer
    int old = atomic_load_explicit(p, memory_order_relaxed, memory_scope_work_group);
    while (!atomic_compare_exchange_weak_explicit(p, &old, old + v, memory_order_acq_rel, memory_order_relaxed, memory_scope_work_group)) ;
    return old;
}
static void push(local deque_t *q, int t) {
    int b = atomic_load_explicit(&q->bottom, memory_order_relaxed, memory_scope_work_group);
    q->tasks[b % QCAP] = t;
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
    atomic_store_explicit(&q->bottom, b + 1, memory_order_relaxed, memory_scope_work_group);
}
static int steal(local deque_t *q, int *out) {
    for (;;) {
        int t = atomic_load_explicit(&q->top, memory_order_acquire, memory_scope_work_group);
        atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_seq_cst, memory_scope_work_group);
        int b = atomic_load_explicit(&q->bottom, memory_order_acquire, memory_scope_work_group);
        if (t >= b) return 0;
        int task = q->tasks[t % QCAP];
        if (atomic_compare_exchange_strong_explicit(&q->top, &t, t + 1, memory_order_seq_cst, memory_order_relaxed, memory_scope_work_group)) { *out = task; return 1; }
    }
}
kernel void ws_queue(global int *out, global const int *in)
{
    local deque_t q;
    local atomic_int done_sum;
    local atomic_int processed;
    int l = get_local_id(0), g = get_global_id(0);
    if (l == 0) {
        atomic_init(&q.top, 0); atomic_init(&q.bottom, 0); atomic_init(&done_sum, 0); atomic_init(&processed, 0);
        for (int i = 0; i < 48; i++) push(&q, in[get_group_id(0) * 48 + i] & 0xffff);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
    int task, mine = 0;
    while (steal(&q, &task)) {
        cas_add(&done_sum, task);          // local -> generic
        atomic_fetch_add_explicit(&processed, 1, memory_order_relaxed, memory_scope_work_group);
        mine++;
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    global atomic_int *gcount = (global atomic_int *)(out + 256);
    cas_add(gcount, 1);                    // global -> generic
    int total_mine = work_group_reduce_add(mine);
    if (l == 0) {
        out[get_group_id(0) * 4 + 0] = atomic_load(&done_sum);
        out[get_group_id(0) * 4 + 1] = atomic_load_explicit(&processed, memory_order_seq_cst, memory_scope_work_group);
        out[get_group_id(0) * 4 + 2] = total_mine;
        out[get_group_id(0) * 4 + 3] = atomic_load(&q.top);
    }
#if defined(__opencl_c_subgroups)
    local atomic_uint sgc[8];
    if (l < 8) atomic_init(&sgc[l], 0u);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add_explicit(&sgc[get_sub_group_id() & 7], 1u, memory_order_relaxed, memory_scope_sub_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 8) out[64 + get_group_id(0) * 8 + l] = atomic_load_explicit(&sgc[l], memory_order_relaxed, memory_scope_work_group);
#endif
}
