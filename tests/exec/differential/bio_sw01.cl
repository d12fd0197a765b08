// Smith-Waterman with anti-diagonal wavefront in local memory
#define MATCH 2
#define MISMATCH (-1)
#define GAP_OPEN 3
#define GAP_EXT 1
#define SEQ_LEN 16
typedef uchar base_t;

inline short score_of(base_t a, base_t b) { return (a == b) ? (short)MATCH : (short)MISMATCH; }

kernel void sw_diag(global int *out, global const uint *in)
{
    local short H[3][SEQ_LEN + 1];
    local short E[2][SEQ_LEN + 1];
    local base_t q[SEQ_LEN], s[SEQ_LEN];
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    int grp = get_group_id(0);
    uint w = in[grp * 16 + lid];
    q[lid] = (base_t)(w & 3u);
    s[lid] = (base_t)((w >> 8) & 3u);
    for (int i = lid; i <= SEQ_LEN; i += get_local_size(0)) {
        H[0][i] = 0; H[1][i] = 0; H[2][i] = 0; E[0][i] = 0; E[1][i] = 0;
    }
    if (lid == 0) { H[0][SEQ_LEN] = 0; H[1][SEQ_LEN] = 0; H[2][SEQ_LEN]=0; E[0][SEQ_LEN]=0; E[1][SEQ_LEN]=0; }
    barrier(CLK_LOCAL_MEM_FENCE);
    short best = 0;
    int i = lid + 1;
    for (int d = 2; d <= 2 * SEQ_LEN; ++d) {
        int cur = d % 3, p1 = (d + 2) % 3, p2 = (d + 1) % 3;
        int j = d - i;
        short h = 0;
        if (j >= 1 && j <= SEQ_LEN) {
            short diag = H[p2][i - 1];
            short up = H[p1][i - 1];
            short left = H[p1][i];
            short e = max((short)(left - GAP_OPEN), (short)(E[(d + 1) & 1][i] - GAP_EXT));
            short f = (short)(up - GAP_OPEN);
            h = max((short)0, (short)(diag + score_of(q[i - 1], s[j - 1])));
            h = max(h, max(e, f));
            E[d & 1][i] = e;
            best = max(best, h);
        }
        H[cur][i] = h;
        if (lid == 0) H[cur][0] = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid] = best;
    out[gid + 64] = work_group_reduce_max((int)best);
}
