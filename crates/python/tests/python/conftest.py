"""Shared helpers of the oclc package's tests (run by crates/python/tests/pytest.rs)."""

import os

import pytest

# Under CI (scripts/test.sh sets OCLC_REQUIRE_RUNTIME) a missing OpenCL
# runtime or PyOpenCL fails the tests that need them instead of skipping.
REQUIRED = os.environ.get("OCLC_REQUIRE_RUNTIME", "") not in ("", "0")


@pytest.fixture
def cl_context():
    """A PyOpenCL context on the first platform's first device."""
    try:
        import pyopencl as cl

        platform = cl.get_platforms()[0]
        device = platform.get_devices()[0]
    except Exception as error:  # no PyOpenCL, or no usable platform
        if REQUIRED:
            raise
        pytest.skip(f"no PyOpenCL runtime: {error}")
    return cl.Context([device])
