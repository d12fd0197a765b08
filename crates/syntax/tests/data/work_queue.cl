// A lock-free single-producer/multi-consumer queue: acquire/release
// orderings, compare-exchange loops, flags and fences.

typedef struct {
    atomic_int head;
    atomic_int tail;
    int capacity;
} queue_header;

typedef struct task {
    int id;
    float payload[4];
    struct task *next;
} task_t;

enum status { EMPTY = -1, OK = 0, RETRY };

int try_pop(__global queue_header *q, __global const task_t *tasks, task_t *out)
{
    int head = atomic_load_explicit(&q->head, memory_order_acquire, memory_scope_device);
    int tail;
    do {
        tail = atomic_load_explicit(&q->tail, memory_order_acquire, memory_scope_device);
        if (head >= tail)
            return EMPTY;
    } while (!atomic_compare_exchange_weak_explicit(&q->head, &head, head + 1,
                                                     memory_order_acq_rel,
                                                     memory_order_acquire,
                                                     memory_scope_device));
    *out = tasks[head % q->capacity];
    return OK;
}

__kernel void consume(__global queue_header *q, __global const task_t *tasks,
                      __global float4 *results, __global atomic_flag *done)
{
    task_t t;
    int spins = 0;
    for (;;) {
        int status = try_pop(q, tasks, &t);
        if (status == EMPTY) {
            if (atomic_flag_test_and_set_explicit(done, memory_order_acquire,
                                                  memory_scope_device))
                break;
            atomic_flag_clear_explicit(done, memory_order_release, memory_scope_device);
            if (++spins > 1000)
                break;
            continue;
        }
        float4 v = (float4)(t.payload[0], t.payload[1], t.payload[2], t.payload[3]);
        results[t.id] = v * (float4)(2.0f) + (float4){ 1.0f, 0.0f, 0.0f, 0.0f };
        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                               memory_scope_device);
    }
}

__kernel void produce(__global queue_header *q, int count)
{
    if (get_global_id(0) != 0)
        return;
    int expected = atomic_load_explicit(&q->tail, memory_order_relaxed, memory_scope_device);
    while (!atomic_compare_exchange_strong_explicit(&q->tail, &expected, expected + count,
                                                    memory_order_release, memory_order_relaxed,
                                                    memory_scope_device))
        ;
    atomic_store_explicit(&q->head, 0, memory_order_release, memory_scope_all_svm_devices);
}
