"""A PyOpenCL application as PyOpenCL users write one, for the layer's
tests (crates/layer/tests/layer.rs):

    python pyopencl_host.py SOURCE.cl "BUILD OPTIONS"

Builds SOURCE with ``pyopencl.Program(ctx, src).build(options)`` (PyOpenCL
adds its own ``-I`` options), runs kernel ``run(out, in)`` over 64
work-items with in[i] = i, and prints ``out: v0 v1 ...`` and the build log
between ``log-begin`` and ``log-end``.
"""

import sys
import warnings

import numpy as np
import pyopencl as cl


def main():
    source = open(sys.argv[1]).read()
    options = sys.argv[2].split()
    device = cl.get_platforms()[0].get_devices()[0]
    ctx = cl.Context(devices=[device])
    queue = cl.CommandQueue(ctx)
    with warnings.catch_warnings():
        # PyOpenCL warns when a build log is not empty.
        warnings.simplefilter("ignore")
        program = cl.Program(ctx, source).build(options=options)
    inputs = np.arange(64, dtype=np.int32)
    outputs = np.zeros_like(inputs)
    mf = cl.mem_flags
    in_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=inputs)
    out_buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=outputs)
    program.run(queue, (64,), None, out_buf, in_buf)
    cl.enqueue_copy(queue, outputs, out_buf)
    queue.finish()
    print("out: " + " ".join(str(v) for v in outputs))
    print("log-begin")
    print(program.get_build_info(device, cl.program_build_info.LOG))
    print("log-end")


if __name__ == "__main__":
    main()
