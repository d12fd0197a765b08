// Control flow C allows and structured SPIR-V cannot express: Duff's device
// (case labels inside a do-while), case and default labels inside if and for
// bodies, dead statements before the first label, and a goto into a loop
// body (a scheduler entering its loop mid-way). oclc lowers such switches to
// labels and gotos and gives these functions unstructured control flow.
static void duff_copy(global uint *to, const global uint *from, int count)
{
    int n = (count + 7) / 8;
    if (count <= 0)
        return;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

static int classify(uint v)
{
    int r = 100, i = 0;
    switch (v & 7) {
        r = -1; /* never runs */
    case 0:
        r = 0;
        if (v & 8) {
    case 1:
            r += 10;
            break;
        }
    case 2:
        for (; i < 3; ++i) {
            r += i;
    default:
            r ^= (int)v;
        }
        break;
    case 3: {
        switch (v >> 3 & 3) { case 0: r = 7; break; case 1: r = 9; /* fallthrough */ default: r += 1; }
        }
    }
    return r;
}

kernel void duff_and_labels(global uint *out, global const uint *in)
{
    const int g = get_global_id(0);
    duff_copy(out + g * 64, in + g * 64, (int)(in[g] % 50u));
    out[g * 64 + 60] = (uint)classify(in[g + 64]);
    out[g * 64 + 61] = (uint)classify((uint)g);
}

static uint enter_mid_loop(const global uint *in, uint g)
{
    uint x = 0;
    int i = 0;
    if (in[g] & 1)
        goto inside;
    while (i < 16) {
        x += in[g * 64 + i];
inside:
        x ^= rotate(x, 5u) + (uint)i;
        i++;
    }
    return x;
}

kernel void goto_into_loop(global uint *out, global const uint *in)
{
    const uint g = get_global_id(0);
    out[g] = enter_mid_loop(in, g);
}
