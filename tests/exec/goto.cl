// `goto` as real C code uses it: leaving nested loops for a "found" label,
// a backward `goto` as a retry loop, a jump over code to a cleanup label,
// a jump between the cases of a switch, and one into an `if` block.

int find(global const int *a, int n, int key)
{
    int i;
    for (i = 0; i < n; i++)
        for (int j = 0; j < 3; j++)
            if (a[i] * 3 + j == key)
                goto found;
    return -1;
found:
    return i;
}

int collatz_steps(int x)
{
    int steps = 0;
again:
    if (x == 1)
        return steps;
    x = (x % 2) ? 3 * x + 1 : x / 2;
    steps++;
    goto again;
}

kernel void gotos(global const int *a, global int *out, int n)
{
    int id = get_global_id(0);
    int v = 0;
    if (id >= n)
        goto done;
    out[5 * id] = find(a, n, id);
    out[5 * id + 1] = collatz_steps(id + 1);
    switch (id % 3) {
    case 0:
        v = 100;
        goto shared;
    case 1:
        v = 200;
        break;
    default:
    shared:
        v += 7;
        break;
    }
    out[5 * id + 2] = v;
    if (id % 2)
        goto odd;
    if (id > 1000) {
    odd:
        out[5 * id + 3] = 1;
    }
    goto done;
    out[5 * id + 4] = -1;
done:
    if (id < n)
        out[5 * id + 4] = 42;
}
