// Message passing between work-groups. Work-groups come in pairs: group 2k
// writes WORDS plain data words for message k, then stores flag k with
// release; group 2k+1 spins (at most spin_limit times) on an acquire load of
// flag k and, if it saw the flag, reads the data. Each group has one
// work-item. A reader that saw the flag must see every data word.

#define WORDS 64

kernel void message_passing(global int *data, global atomic_int *flags, global int *seen,
                            global int *wrong, int spin_limit) {
    size_t pair = get_group_id(0) / 2;
    global int *message = data + pair * WORDS;
    if (get_group_id(0) % 2 == 0) {
        for (int w = 0; w < WORDS; w++) {
            message[w] = (int)pair * WORDS + w + 1;
        }
        atomic_store_explicit(&flags[pair], 1, memory_order_release, memory_scope_device);
        return;
    }
    int flag = 0;
    for (int spin = 0; spin < spin_limit && flag == 0; spin++) {
        flag = atomic_load_explicit(&flags[pair], memory_order_acquire, memory_scope_device);
    }
    seen[pair] = flag;
    int mismatches = 0;
    if (flag != 0) {
        for (int w = 0; w < WORDS; w++) {
            mismatches += message[w] != (int)pair * WORDS + w + 1;
        }
    }
    wrong[pair] = mismatches;
}
