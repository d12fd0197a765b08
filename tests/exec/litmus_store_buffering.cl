// Store buffering litmus test. Built with -DSTORE_ORDER=<order>
// -DLOAD_ORDER=<order>. Work-groups (one work-item each) come in pairs; in
// iteration i both sides of pair p use fresh cells x[c], y[c] (c = p *
// iterations + i): side 0 stores 1 to x[c] then loads y[c], side 1 stores 1
// to y[c] then loads x[c]. Under seq_cst some store comes first in the single
// total order, so at least one load sees 1: the outcome (0, 0) is forbidden.
// With release/acquire or relaxed it is allowed, and x86 store buffers
// produce it when both sides run at the same moment.
//
// Before each iteration a side publishes its progress and waits, at most
// spin_limit polls (64 times that in the first iteration), for its partner
// to reach the same iteration. Waiting cannot deadlock (a side waits only
// while its partner is behind it). A side stops waiting for good if its
// partner has not even started when the first wait times out (the runtime
// did not run the pair at the same time), or after MAX_TIMEOUTS timeouts
// (a busy machine keeps descheduling the partner), which bounds the run
// time. Then each side polls its own progress a varying number of times
// (0..31, different per side and iteration) so that the relative timing of
// the two sides sweeps across the window where both stores are still in
// flight. Timing only affects how often (0, 0) can appear, never whether it
// is allowed, because every iteration uses its own cells. `waited[side]`
// tells the host in how many iterations a side met its partner.

#define MAX_TIMEOUTS 1024

kernel void store_buffering(global atomic_int *x, global atomic_int *y, global int *results,
                            global atomic_int *progress, global atomic_int *tickets,
                            global int *waited, int iterations, int spin_limit) {
    // Sides are handed out in the order the work-groups start, so the two
    // halves of a pair are work-groups that were running at the same time.
    int ticket = atomic_fetch_add_explicit(&tickets[0], 1, memory_order_relaxed);
    int side = ticket % 2;
    size_t pair = (size_t)(ticket / 2);
    global atomic_int *mine = side == 0 ? x : y;
    global atomic_int *theirs = side == 0 ? y : x;
    global atomic_int *my_progress = &progress[2 * pair + side];
    global atomic_int *their_progress = &progress[2 * pair + 1 - side];
    bool partner_running = true;
    int met = 0;
    int timeouts = 0;
    for (int i = 0; i < iterations; i++) {
        atomic_store_explicit(my_progress, i, memory_order_relaxed);
        if (partner_running) {
            // Worker threads may take a while to wake up: wait longer for
            // the partner to start than for it to finish an iteration.
            int limit = i == 0 ? 64 * spin_limit : spin_limit;
            int spin = 0;
            int theirs_now = atomic_load_explicit(their_progress, memory_order_relaxed);
            while (theirs_now < i && spin < limit) {
                theirs_now = atomic_load_explicit(their_progress, memory_order_relaxed);
                spin++;
            }
            met += theirs_now >= i;
            timeouts += theirs_now < i;
            // Stop waiting if the partner never started, or has kept us
            // waiting too often (a busy machine deschedules it).
            partner_running = theirs_now >= 0 && timeouts < MAX_TIMEOUTS;
        }
        int delay = (i * 7 + side * 13) % 32;
        for (int d = 0; d < delay; d++) {
            atomic_load_explicit(my_progress, memory_order_relaxed);
        }
        size_t cell = pair * iterations + i;
        atomic_store_explicit(&mine[cell], 1, STORE_ORDER);
        results[2 * cell + side] = atomic_load_explicit(&theirs[cell], LOAD_ORDER);
    }
    waited[2 * pair + side] = met;
}
