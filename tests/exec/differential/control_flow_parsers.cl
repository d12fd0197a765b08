// oclc-flags: -cl-std=CL1.2
// Control flow the way decoders and parsers write it: a switch with
// fall-through cases (an unrolled copy's remainder), nested loops
// with break/continue and a goto out of two levels, do-while loops that
// run at least once, helpers with several early returns, and a small
// bytecode interpreter driven by a switch inside a loop.

inline int classify(int c)
{
    if (c < 0) return -1;
    if (c == 0) return 0;
    if (c < 10) return 1;
    if ((c & 1) == 0) return 2;
    for (int d = 3; d * d <= c && d < 64; d += 2)
        if (c % d == 0) return 3;
    return 4;
}

__kernel void duff_copy(__global uint *out, __global const uint *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    int count = in[b] % 29 + 1;
    __global const uint *from = in + b + 1;
    __global uint *to = out + b;
    /* unrolled-by-8 copy: a fall-through switch handles the remainder */
    int rem = count % 8;
    switch (rem) {
    case 7: *to++ = *from++ ^ 0x22u;
    case 6: *to++ = *from++ ^ 0x33u;
    case 5: *to++ = *from++ ^ 0x44u;
    case 4: *to++ = *from++ ^ 0x55u;
    case 3: *to++ = *from++ ^ 0x66u;
    case 2: *to++ = *from++ ^ 0x77u;
    case 1: *to++ = *from++ ^ 0x88u;
    case 0: break;
    }
    for (int n = count / 8; n > 0; n--) {
        uint8 v = vload8(0, from);
        vstore8(v ^ (uint8)(0x11u, 0x22u, 0x33u, 0x44u, 0x55u, 0x66u, 0x77u, 0x88u), 0, to);
        to += 8;
        from += 8;
    }
    out[b + 40] = count;
    uint acc = 0;
    for (int i = 0; i < 8; i++) {
        switch (in[b + 32 + i] % 6) {
        case 0:
            acc += 1;
        case 1:
            acc *= 3;
            break;
        case 2:
        case 3:
            acc ^= 0xdeadu;
            if (acc & 1) break;
            acc += 100;
        default:
            acc = rotate(acc, 5u);
        }
    }
    out[b + 41] = acc;
    out[b + 42] = classify((int)in[b + 48] % 2000) + 10 * classify((int)(in[b + 49] % 200u));
}

__kernel void nested_search(__global int *out, __global const int *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    int target = in[b] & 15;
    int fi = -1, fj = -1, visited = 0;
    for (int i = 0; i < 8; i++) {
        if ((in[b + i] & 3) == 3)
            continue;
        for (int j = 0; j < 8; j++) {
            int v = in[b + 8 * i + j] & 31;
            if (v > 28)
                break;
            visited++;
            if (v == target) {
                fi = i; fj = j;
                goto found;
            }
        }
    }
    out[b] = -visited;
    goto done;
found:
    out[b] = fi * 8 + fj;
done:
    out[b + 1] = visited;
    /* do-while with continue: continue jumps to the condition */
    int k = 0, steps = 0;
    uint x = in[b + 3] & 0xffff;
    do {
        steps++;
        if (x & 1) { x = 3u * x + 1u; continue; }
        x >>= 1;
        k++;
    } while (x > 1u && steps < 200);
    out[b + 2] = steps * 1000 + k;
    /* loop whose body never runs but whose do-while counterpart runs once */
    int w = 0;
    for (int i = 10; i < 5; i++) w++;
    do w += 10; while (w < 5);
    out[b + 3] = w;
}

enum { OP_PUSH, OP_ADD, OP_MUL, OP_DUP, OP_SWAP, OP_JNZ, OP_HALT, OP_NEG };

__kernel void bytecode_vm(__global int *out, __global const uint *in)
{
    const int gid = get_global_id(0);
    const int b = gid * 64;
    int stack[16];
    int sp = 0, pc = 0, executed = 0;
    stack[sp++] = (int)(in[b] & 0xff);
    while (executed < 100) {
        uint ins = in[b + 1 + (pc & 31)];
        int op = ins % 8u;
        int arg = (int)(ins >> 8) & 0x3f;
        executed++;
        switch (op) {
        case OP_PUSH:
            if (sp < 16) stack[sp++] = arg;
            pc++;
            break;
        case OP_ADD:
        case OP_MUL:
            if (sp < 2) { pc++; break; }
            sp--;
            stack[sp - 1] = op == OP_ADD ? (stack[sp - 1] + stack[sp]) & 0xffffff : (int)(((uint)stack[sp - 1] * (uint)stack[sp]) & 0xffffu);
            pc++;
            break;
        case OP_DUP:
            if (sp < 16) { stack[sp] = stack[sp - 1]; sp++; }
            /* fall through */
        case OP_SWAP:
            if (sp >= 2) { int t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; }
            pc++;
            break;
        case OP_JNZ:
            pc = stack[sp - 1] != 0 ? (pc + arg) & 31 : pc + 1;
            stack[sp - 1] -= stack[sp - 1] > 0;
            break;
        case OP_NEG:
            stack[sp - 1] = -stack[sp - 1];
            pc++;
            break;
        default:
            goto halt;
        }
        if (sp == 0) stack[sp++] = 1;
    }
halt:
    out[b] = executed;
    out[b + 1] = sp;
    out[b + 2] = pc;
    for (int i = 0; i < sp; i++)
        out[b + 3 + i] = stack[i];
}
