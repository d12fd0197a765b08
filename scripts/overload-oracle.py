#!/usr/bin/env python3
"""Record how clang-15 resolves calls of the OpenCL C built-ins.

Writes tests/overloads/library.txt and tests/overloads/others.txt: one
call per line, as

    fmin(float4, double) -> ambiguous
    fmin(float4, float) -> float4
    any(uint4) -> none

`none` means no overload matches, `ambiguous` that several match and none
is better than the others. The suite's `overloads` tests compile the same
calls with oclc and compare: for the library functions every answer must
agree; for the others (conversions, loads and stores, collectives, legacy
atomics, work-item functions) every call clang accepts must resolve to the
same type. The library calls are generated from the library table
(crates/ir/src/library.rs): every argument type for one-argument
functions, and a fixed pseudo-random sample of scalar, vector, mixed and
pointer argument lists for the others, denser for the first functions of
each shape. Run it again after changing the table:

    scripts/overload-oracle.py            # needs clang-15
"""

import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "overloads"
FLAGS = ["-cl-std=CL2.0", "-target", "spir64", "-fsyntax-only", "-ferror-limit=0"]

SCALARS = ["char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
           "float", "double", "half"]
LENGTHS = [2, 3, 4, 8, 16]
VECTORS = [f"{s}{n}" for s in SCALARS for n in LENGTHS]
# Pointer arguments: (spelling in the probe, the variable that holds it).
POINTERS = {
    "global float*": "gp_float", "global float4*": "gp_float4",
    "global double2*": "gp_double2", "global int*": "gp_int",
    "global int4*": "gp_int4", "local float*": "lp_float",
    "local int8*": "lp_int8", "private float*": "&v_float",
    "private int*": "&v_int", "private float3*": "&v_float3",
    "private int3*": "&v_int3", "constant float*": "cp_float",
    "global const float*": "gcp_float", "global uint*": "gp_uint",
    "global half*": "gp_half", "global long*": "gp_long", "global uchar*": "gp_uchar",
    "local int*": "lp_int", "volatile global int*": "vgp_int",
    "global atomic_int*": "ap_int", "local float4*": "lp_float4",
}
# The other built-ins: name and the argument pool of each position.
VALUES = "values"
OTHERS = [
    ("convert_int", [VALUES]), ("convert_float4", [VALUES]),
    ("convert_uchar4_sat", [VALUES]), ("convert_float_rtz", [VALUES]),
    ("convert_ushort2_sat_rte", [VALUES]),
    ("vload4", [SCALARS, "pointers"]), ("vload2", [SCALARS, "pointers"]),
    ("vstore4", [VALUES, SCALARS, "pointers"]), ("vstore3", [VALUES, SCALARS, "pointers"]),
    ("vload_half", [SCALARS, "pointers"]), ("vload_half4", [SCALARS, "pointers"]),
    ("vstore_half", [VALUES, SCALARS, "pointers"]),
    ("vstore_half4_rte", [VALUES, SCALARS, "pointers"]),
    ("vloada_half4", [SCALARS, "pointers"]),
    ("work_group_reduce_add", [VALUES]), ("work_group_scan_inclusive_max", [VALUES]),
    ("work_group_broadcast", [VALUES, SCALARS]), ("work_group_all", [VALUES]),
    ("sub_group_reduce_add", [VALUES]), ("sub_group_broadcast", [VALUES, SCALARS]),
    ("sub_group_any", [VALUES]),
    ("atomic_add", ["pointers", VALUES]), ("atomic_inc", ["pointers"]),
    ("atomic_cmpxchg", ["pointers", VALUES, VALUES]), ("atomic_xchg", ["pointers", VALUES]),
    ("atom_add", ["pointers", VALUES]), ("atomic_min", ["pointers", VALUES]),
    ("get_global_id", [VALUES]), ("get_local_size", [VALUES]), ("popcount", [VALUES]),
]

ARITY = {
    "F1": 1, "Float1": 1, "I1": 1, "IAbs": 1, "Length": 1, "Test": 1,
    "AnyAll": 1, "FToInt": 1, "Nan": 1,
    "F2": 2, "Float2": 2, "F2Scalar": 2, "FStep": 2, "FPowInt": 2,
    "FLdexp": 2, "I2": 2, "I2Scalar": 2, "IAbsDiff": 2, "I2Int32": 2,
    "Dot": 2, "Distance": 2, "Cross": 2, "Compare": 2, "Upsample": 2,
    "FPtr": 2, "FIntPtr": 2,
    "F3": 3, "FMix": 3, "FClamp": 3, "FSmoothstep": 3, "I3": 3,
    "IClamp": 3, "I3Int32": 3, "Any3": 3, "Select": 3, "F2IntPtr": 3,
}
POINTER_SLOTS = {"FPtr": [1], "FIntPtr": [1], "F2IntPtr": [2]}


def library():
    text = (ROOT / "crates" / "ir" / "src" / "library.rs").read_text()
    return re.findall(r'= "(\w+)": (\w+)', text)


def variable(ty):
    return POINTERS.get(ty, "v_" + ty)


def calls_for(name, shape, dense, rng):
    arity = ARITY.get(shape)
    if arity is None:
        return []
    values = SCALARS + VECTORS
    slots = POINTER_SLOTS.get(shape, [])
    pool = [list(POINTERS) if i in slots else values for i in range(arity)]
    if arity == 1:
        return [(t,) for t in pool[0] if dense or rng.random() < 0.4]
    out = set()
    # Every scalar combination for two arguments, a sample for three.
    scalars = [SCALARS if i not in slots else list(POINTERS) for i in range(arity)]
    if arity == 2 and not slots and dense:
        out.update((a, b) for a in SCALARS for b in SCALARS)
    else:
        for _ in range(60 if dense else 20):
            out.add(tuple(rng.choice(p) for p in scalars))
    # Vectors with scalars and vectors of their length or element type.
    for _ in range(250 if dense else 40):
        vec = rng.choice(VECTORS)
        elem = vec.rstrip("0123456789")
        n = vec[len(elem):]
        args = []
        for i in range(arity):
            if i in slots:
                args.append(rng.choice(list(POINTERS)))
                continue
            roll = rng.random()
            if roll < 0.45:
                args.append(vec)
            elif roll < 0.65:
                args.append(elem)
            elif roll < 0.8:
                args.append(rng.choice(SCALARS))
            elif roll < 0.95:
                args.append(rng.choice(SCALARS) + n)
            else:
                args.append(rng.choice(VECTORS))
        out.add(tuple(args))
    return sorted(out)


def others(rng):
    calls = set()
    for name, pools in OTHERS:
        pools = [SCALARS + VECTORS if p == VALUES else list(POINTERS) if p == "pointers" else p
                 for p in pools]
        if len(pools) == 1:
            calls.update((name, (t,)) for t in pools[0])
        else:
            for _ in range(150):
                calls.add((name, tuple(rng.choice(p) for p in pools)))
    return sorted(calls)


def declarations():
    lines = ["#pragma OPENCL EXTENSION cl_khr_fp16 : enable", "struct P { int x; };"]
    params = ", ".join(
        ["global float *gp_float", "global float4 *gp_float4", "global double2 *gp_double2",
         "global int *gp_int", "global int4 *gp_int4", "local float *lp_float",
         "local int8 *lp_int8", "constant float *cp_float", "global const float *gcp_float",
         "global uint *gp_uint", "global half *gp_half", "global long *gp_long",
         "global uchar *gp_uchar", "local int *lp_int", "volatile global int *vgp_int",
         "global atomic_int *ap_int", "local float4 *lp_float4"])
    lines.append(f"kernel void probe({params}) {{")
    for t in SCALARS + VECTORS:
        lines.append(f"  {t} v_{t} = 0;")
    return lines


def normalise(ty):
    ty = ty.replace("__private ", "").replace("const ", "").strip()
    m = re.fullmatch(r"(.+) __attribute__\(\(ext_vector_type\((\d+)\)\)\)", ty)
    n = ""
    if m:
        ty, n = m.group(1), m.group(2)
    ty = {"unsigned char": "uchar", "unsigned short": "ushort", "unsigned int": "uint",
          "unsigned long": "ulong"}.get(ty, ty)
    return ty + n


def verdicts(calls):
    """clang's verdict on each call."""
    src = declarations()
    first = len(src) + 1
    for name, args in calls:
        src.append(f"  {{ struct P r = {name}({', '.join(variable(a) for a in args)}); }}")
    src.append("}")
    with tempfile.NamedTemporaryFile("w", suffix=".cl", delete=False) as f:
        f.write("\n".join(src) + "\n")
        path = f.name
    run = subprocess.run(["clang-15", *FLAGS, path], capture_output=True, text=True)
    found = {}
    for line in run.stderr.splitlines():
        m = re.match(re.escape(path) + r":(\d+):\d+: error: (.*)", line)
        if not m:
            continue
        number, message = int(m.group(1)), m.group(2)
        if number < first:
            sys.exit(f"unexpected error in the declarations: {line}")
        t = re.search(r"initializing '[^']*struct P' with an expression of incompatible "
                      r"type '([^']*)'", message)
        if "is ambiguous" in message:
            verdict = "ambiguous"
        elif "no matching function" in message or "passing" in message:
            verdict = "none"
        elif t:
            verdict = normalise(t.group(1))
        else:
            sys.exit(f"unexpected error: {line}")
        found.setdefault(number, verdict)
    out = []
    for i, (name, args) in enumerate(calls):
        verdict = found.get(first + i)
        if verdict is None:
            sys.exit(f"no verdict for {name}{args}")
        out.append(f"{name}({', '.join(args)}) -> {verdict}")
    return out


def write(name, lines, what):
    path = OUT / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f"# How clang-15 (-cl-std=CL2.0, spir64) resolves these calls of {what};\n"
        "# written by scripts/overload-oracle.py. `none`: no overload matches.\n"
        + "\n".join(lines) + "\n")
    print(f"{len(lines)} calls -> {path.relative_to(ROOT)}")


def main():
    rng = random.Random(14)
    calls = []
    seen = {}
    for name, shape in library():
        seen[shape] = seen.get(shape, 0) + 1
        dense = seen[shape] <= 2
        calls += [(name, args) for args in calls_for(name, shape, dense, rng)]
    write("library.txt", verdicts(calls), "the library functions")
    write("others.txt", verdicts(others(rng)), "the other built-ins")


if __name__ == "__main__":
    main()
