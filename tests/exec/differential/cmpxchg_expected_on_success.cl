// oclc-flags: -cl-std=CL2.0
// C11 compare-exchange writes `*expected` only when it fails: with
// `expected` pointing at the object itself, a successful exchange leaves
// the desired value there (a store of the loaded value afterwards would
// put the old value back).
kernel void k(global int *out, global const uint *in)
{
    global int *p = out + get_global_id(0);
    *p = (int)(in[get_global_id(0)] & 7);
    int seen = *p;
    bool swapped = atomic_compare_exchange_strong((global atomic_int *)p, p, seen + 100);
    out[64 + get_global_id(0)] = swapped;
    int wrong = seen + 1;
    bool failed = !atomic_compare_exchange_weak((global atomic_int *)(out + 128 + get_global_id(0)), &wrong, 5);
    out[192 + get_global_id(0)] = failed * 1000 + wrong;
}
