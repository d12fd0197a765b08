// Producer/consumer pipelines through OpenCL 2.0 pipes, in the style of
// the SDK pipe samples: a filter stage that writes the survivors packet by
// packet, a stage that reserves room for a whole work-group and writes at
// reserved indices, and a consumer that drains what is there and reports
// the pipe's packet counts.

typedef struct {
    float value;
    int index;
} Sample;

kernel void produce(global const float *in, write_only pipe Sample out, global int *written)
{
    int gid = get_global_id(0);
    Sample s = { in[gid] * 2.0f, gid };
    // Keep the positive samples.
    if (s.value > 0.0f && write_pipe(out, &s) == 0)
        atomic_inc(written);
}

kernel void produce_grouped(global const float *in, write_only pipe Sample out)
{
    int lid = get_local_id(0);
    reserve_id_t rid = work_group_reserve_write_pipe(out, get_local_size(0));
    if (is_valid_reserve_id(rid)) {
        Sample s = { in[get_global_id(0)] + 1.0f, (int)get_global_id(0) };
        write_pipe(out, rid, lid, &s);
        work_group_commit_write_pipe(out, rid);
    }
}

kernel void consume(read_only pipe Sample in, global float *values, global int *indices,
                    global uint *counts)
{
    int gid = get_global_id(0);
    if (gid == 0) {
        counts[0] = get_pipe_num_packets(in);
        counts[1] = get_pipe_max_packets(in);
    }
    Sample s;
    if (read_pipe(in, &s) == 0) {
        values[gid] = s.value;
        indices[gid] = s.index;
    } else {
        indices[gid] = -1;
    }
}
