// oclc-flags: -cl-std=CL1.2
// Packet-telemetry aggregation with OpenCL 1.x atomics, as in GPU network
// monitors: per-group local counters (atomic_inc/dec/add/sub), min/max of
// signed and unsigned fields, flag masks with atomic_or/and/xor, a
// cmpxchg-based saturating accumulator and distinct-port counting in a local
// open-addressing set; only order-independent totals are published.

#define WG          16
#define N_BINS      32
#define SET_SLOTS   64
#define EMPTY_SLOT  0xffffffffu
#define BUDGET      100000u
#define SAT_CAP     50000u

typedef struct {
    uint  src_port;
    int   rtt_delta;      /* signed jitter sample */
    uint  bytes;
    uint  flags;
} pkt_t;

static inline pkt_t load_pkt(global const uint *w)
{
    pkt_t p;
    p.src_port = w[0] & 0x3ffu;
    p.rtt_delta = (int)(w[1] & 0xffffu) - 32768;
    p.bytes = w[2] & 0xfffu;
    p.flags = w[3];
    return p;
}

/* saturating add for non-negative increments: the final value is
 * min(total, cap) whatever the interleaving */
static inline void atomic_add_sat(volatile local uint *p, uint v, uint cap)
{
    uint old = *p, assumed;
    do {
        assumed = old;
        uint nv = min(assumed + v, cap);
        old = atomic_cmpxchg(p, assumed, nv);
    } while (old != assumed);
}

kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void flow_stats(global uint *out, global const uint *in)
{
    local uint bins[N_BINS];
    local int  rtt_min, rtt_max;
    local uint bytes_sum, budget, pkts_left, flag_or, flag_and, flag_xor;
    local uint sat_bytes, seen_marker, max_port;
    const int lid = get_local_id(0);
    const int grp = get_group_id(0);

    for (int b = lid; b < N_BINS; b += WG)
        bins[b] = 0;
    if (lid == 0) {
        rtt_min = INT_MAX; rtt_max = INT_MIN;
        bytes_sum = 0; budget = BUDGET; pkts_left = 4 * WG;
        flag_or = 0; flag_and = 0xffffffffu; flag_xor = 0;
        sat_bytes = 0; seen_marker = 0; max_port = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int k = 0; k < 4; ++k) {
        const int idx = (grp * WG * 4 + k * WG + lid) * 4;
        pkt_t p = load_pkt(in + idx);
        atomic_inc(&bins[p.src_port & (N_BINS - 1)]);
        atomic_min(&rtt_min, p.rtt_delta);
        atomic_max(&rtt_max, p.rtt_delta);
        atomic_max(&max_port, p.src_port);
        atomic_add(&bytes_sum, p.bytes);
        atomic_sub(&budget, p.bytes);
        atomic_dec(&pkts_left);
        atomic_or(&flag_or, p.flags);
        atomic_and(&flag_and, p.flags | 0x0f0f0f0fu);
        atomic_xor(&flag_xor, p.flags);
        atomic_add_sat(&sat_bytes, p.bytes * 4u, SAT_CAP);
        if (p.flags & 0x10u)
            atomic_xchg(&seen_marker, 0x5eedu);      /* everyone writes the same */
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    global uint *o = out + grp * 64;
    for (int b = lid; b < N_BINS; b += WG)
        o[b] = bins[b];
    if (lid == 0) {
        o[32] = (uint)rtt_min;
        o[33] = (uint)rtt_max;
        o[34] = bytes_sum;
        o[35] = budget;
        o[36] = pkts_left | 0x100u;
        o[37] = flag_or;
        o[38] = flag_and;
        o[39] = flag_xor;
        o[40] = sat_bytes;
        o[41] = seen_marker;
        o[42] = max_port;
    }
    /* device-wide totals: identity of each operator is the zeroed buffer */
    global uint *tot = out + 512;
    if (lid == 0) {
        atomic_add(&tot[0], bytes_sum);
        atomic_max(&tot[1], max_port);
        atomic_or(&tot[2], flag_or);
        atomic_xor(&tot[3], flag_xor);
        atomic_max(&tot[4], ~(uint)0 - (uint)(rtt_max - rtt_min));  /* min via ~max */
        atomic_max((volatile global int *)&tot[5], rtt_max);
        atomic_min((volatile global int *)&tot[6], rtt_min);       /* negative: below 0 */
    }
    for (int b = lid; b < N_BINS; b += WG)
        atomic_add(&tot[8 + b], bins[b]);
}

/* every work-item takes a ticket; the set of tickets is 0..n-1, so their
 * sum and the count below a threshold do not depend on who got which */
kernel void ticket_counters(global uint *out, global const uint *in)
{
    local uint ticket;
    local uint ticket_sum, low_half;
    const int lid = get_local_id(0);
    if (lid == 0) {
        ticket = 0; ticket_sum = 0; low_half = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint weight = in[get_global_id(0)] & 3u;
    uint mine = 0, my_sum = 0;
    for (uint w = 0; w <= weight; ++w) {
        mine = atomic_inc(&ticket);
        my_sum += mine;
    }
    atomic_add(&ticket_sum, my_sum);                 /* 0 + 1 + ... + (ticket - 1) */
    barrier(CLK_LOCAL_MEM_FENCE);
    /* the largest ticket handed out is ticket - 1 */
    if (mine == ticket - 1)
        atomic_inc(&low_half);
    barrier(CLK_LOCAL_MEM_FENCE);

    global uint *g = out + 1024;
    uint gticket = atomic_inc(&g[0]);
    atomic_add(&g[1], gticket);                      /* 0 + 1 + ... + 63 */
    atomic_add(&g[2], weight + 1u);
    if (lid == 0) {
        out[get_group_id(0) * 4 + 0] = ticket;
        out[get_group_id(0) * 4 + 1] = low_half;
        out[get_group_id(0) * 4 + 2] = ticket_sum;
        atomic_add(&g[3], ticket);
    }
    atomic_max(&g[4], mine);
}

static inline uint hash_port(uint k)
{
    k ^= k >> 7;
    k *= 0x9e3779b1u;
    return k >> 26;                                   /* 6 bits: SET_SLOTS */
}

/* distinct source ports per group through a local hash set */
kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void distinct_ports(global uint *out, global const uint *in)
{
    local uint set[SET_SLOTS];
    local uint distinct, key_sum, probes_total;
    const int lid = get_local_id(0);
    const int grp = get_group_id(0);
    for (int s = lid; s < SET_SLOTS; s += WG)
        set[s] = EMPTY_SLOT;
    if (lid == 0) { distinct = 0; key_sum = 0; probes_total = 0; }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int k = 0; k < 3; ++k) {
        uint port = in[(grp * WG * 3 + k * WG + lid) * 2] & 0x3fu;   /* <= 64 keys */
        uint slot = hash_port(port);
        for (int probe = 0; probe < SET_SLOTS; ++probe) {
            uint prev = atomic_cmpxchg(&set[slot], EMPTY_SLOT, port);
            if (prev == EMPTY_SLOT) {
                atomic_inc(&distinct);
                atomic_add(&key_sum, port);
                break;
            }
            if (prev == port)
                break;
            slot = (slot + 1) & (SET_SLOTS - 1);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint occupied = 0, occ_sum = 0;
    if (lid == 0) {
        for (int s = 0; s < SET_SLOTS; ++s) {
            occupied += set[s] != EMPTY_SLOT;
            occ_sum += set[s] != EMPTY_SLOT ? set[s] : 0u;
        }
        out[grp * 4 + 0] = distinct;
        out[grp * 4 + 1] = key_sum;
        out[grp * 4 + 2] = occupied;
        out[grp * 4 + 3] = occ_sum ^ 0xabc00000u;
        atomic_add(&out[256], distinct);
    }
}
