"""oclc.pyopencl: build a PyOpenCL program from oclc's SPIR-V and run it."""

import pytest

import oclc
import oclc.pyopencl

HISTOGRAM = """
kernel void histogram(global const uint *values, global atomic_uint *bins) {
    uint v = values[get_global_id(0)];
    atomic_fetch_add_explicit(&bins[v % BINS], 1u, memory_order_relaxed,
                              memory_scope_device);
}
"""


def test_build_runs_a_kernel_with_atomics(cl_context):
    import numpy as np
    import pyopencl as cl

    queue = cl.CommandQueue(cl_context)
    program = oclc.pyopencl.build(cl_context, HISTOGRAM, "-DBINS=16")
    assert isinstance(program, cl.Program)
    values = (np.arange(10000, dtype=np.uint32) * np.uint32(2654435761)).astype(np.uint32)
    bins = np.zeros(16, dtype=np.uint32)
    mf = cl.mem_flags
    values_buf = cl.Buffer(cl_context, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=values)
    bins_buf = cl.Buffer(cl_context, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=bins)
    program.histogram(queue, values.shape, None, values_buf, bins_buf)
    cl.enqueue_copy(queue, bins, bins_buf)
    queue.finish()
    expected = np.bincount(values % 16, minlength=16).astype(np.uint32)
    assert (bins == expected).all()


def test_options_come_from_the_devices(cl_context):
    device = cl_context.devices[0]
    version, bits, names = oclc.pyopencl.device_info(device)
    assert version.startswith("OpenCL C ")
    assert bits == device.address_bits
    assert set(device.extensions.split()) <= set(names)
    # Compiled for the device as its runtime would.
    module = oclc.pyopencl.compile_for([device], HISTOGRAM, "-DBINS=4")
    assert module.spirv[:4] == (0x07230203).to_bytes(4, "little")
    # Each extension macro is defined exactly when the device reports it.
    for name in ("cl_khr_fp64", "cl_khr_fp16", "cl_khr_int64_base_atomics",
                 "cl_khr_subgroups"):
        probe = f"#ifdef {name}\n#error defined\n#endif\nkernel void k() {{}}\n"
        if name in names:
            with pytest.raises(oclc.CompileError):
                oclc.pyopencl.compile_for([device], probe)
        else:
            oclc.pyopencl.compile_for([device], probe)


def test_build_reports_oclc_errors(cl_context):
    with pytest.raises(oclc.CompileError) as info:
        oclc.pyopencl.build(cl_context, "kernel void k() { undeclared = 1; }")
    assert info.value.diagnostics[0].is_error
