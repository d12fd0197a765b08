// Structs holding atomics, reached through pointer arithmetic.
typedef struct {
    atomic_int count;
    int payload[4];
} slot;
kernel void fill(global slot *slots, int n) {
    int id = get_global_id(0);
    global slot *s = slots + (id % n);
    int index = atomic_fetch_add_explicit(&s->count, 1, memory_order_relaxed) & 3;
    s->payload[index] = id;
    global int *p = &s->payload[0];
    *(p + 1) += 1;
}
