// switch, for, while, do-while, break/continue, && and ?: around atomics.
kernel void steps(global atomic_int *state, global int *out, int n) {
    int acc = 0;
    for (int i = 0; i < n; ++i) {
        if (i % 3 == 0)
            continue;
        switch (i & 3) {
        case 0:
            acc += 1;
            break;
        case 1:
            acc += atomic_load_explicit(state, memory_order_acquire);
            /* fall through */
        case 2:
            acc -= 2;
            break;
        default:
            acc ^= i;
        }
        if (acc > 100 && atomic_fetch_sub(state, 1) > 0)
            break;
    }
    int k = n;
    while (k > 0)
        k -= 2;
    do {
        k++;
    } while (k < 3);
    out[get_global_id(0)] = k > 1 ? acc : -acc;
}
