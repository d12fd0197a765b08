// oclc-flags: -cl-std=CL2.0
// Pipes: reads need a `read_only` pipe, writes a `write_only` one, the
// packet pointer must point to the packet type, and a pipe is never
// `read_write`.
kernel void k(read_only pipe int in, write_only pipe float out, global int *p) {
    int v;
    read_pipe(in, &v);
    write_pipe(in, &v);
//             ^^ error[E0310]: `write_pipe` writes the pipe, which needs a `write_only` pipe, found `read_only pipe int`
    write_pipe(out, p);
//                  ^ error[E0310]: no matching overload of `write_pipe`: expected a pointer to `float`
    reserve_id_t r = reserve_read_pipe(in, 4);
    commit_read_pipe(in, 3);
//                       ^ error[E0310]: no matching overload of `commit_read_pipe`: expected a `reserve_id_t`
    p[0] = get_pipe_num_packets(in) + is_valid_reserve_id(r);
}

kernel void both(read_write pipe int p) {}
//               ^^^^^^^^^^ error[E0315]: a pipe is `read_only` or `write_only`, not `read_write`
