#!/usr/bin/env bash
# The test command: installs what the test suite needs, then runs the whole
# workspace's tests (debug build; no release builds, to keep CI fast).
#
#   scripts/test.sh [extra cargo test arguments...]
#
# 1. scripts/setup-opencl-runtime.sh puts Intel's CPU OpenCL runtime (and
#    the ICD loader it ships) into .cache/opencl-runtime/ — nothing goes
#    into the system.
# 2. Debian packages are installed only if something needed is missing and
#    we are root: python3-pip (to download the runtime), lavapipe
#    (mesa-vulkan-drivers) and the Vulkan loader (libvulkan1) for the
#    Vulkan execution tests, and clang-15 with
#    llvm-spirv-15 only when OCLC_EXEC_COMPILER=clang selects the reference
#    compiler for the execution tests; for the loader layer's tests a C
#    compiler, OpenCL's C headers, Debian's ICD loader (ocl-icd) and
#    python3-venv, and PyOpenCL from PyPI into .cache/pyopencl-venv/.
# 3. With CI set, OCLC_REQUIRE_RUNTIME=1 makes the execution tests fail
#    instead of skipping when the runtime cannot be used.
set -euo pipefail

project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$project_root"

log() { printf 'test.sh: %s\n' "$*" >&2; }

missing_packages=()
if ! python3 -m pip --version >/dev/null 2>&1; then
  missing_packages+=(python3-pip)
fi
# The Vulkan execution tests run on lavapipe (Mesa's CPU Vulkan driver)
# through the system's Vulkan loader.
if [ ! -e /usr/share/vulkan/icd.d/lvp_icd.x86_64.json ]; then
  missing_packages+=(mesa-vulkan-drivers)
fi
if ! ldconfig -p 2>/dev/null | grep -q 'libvulkan\.so\.1'; then
  missing_packages+=(libvulkan1)
fi
# The C library's tests (crates/capi/tests) build C and C++ hosts with the
# system compilers, the OpenCL headers, pkg-config, and the sanitizers'
# runtimes (libasan, libubsan: Debian installs them with gcc). The loader
# layer's tests (crates/layer/tests) need a C compiler and the headers too,
# and Debian's ICD loader (ocl-icd) as the second loader.
command -v cc >/dev/null 2>&1 || missing_packages+=(gcc libc6-dev)
[ -e /usr/include/CL/cl.h ] || missing_packages+=(opencl-c-headers)
command -v pkg-config >/dev/null 2>&1 || missing_packages+=(pkg-config)
command -v c++ >/dev/null 2>&1 || missing_packages+=(g++)
if ! ls /usr/lib/gcc/*/*/libasan.so >/dev/null 2>&1; then
  missing_packages+=(libasan8 libubsan1)
fi
[ -e /usr/lib/x86_64-linux-gnu/libOpenCL.so.1 ] || missing_packages+=(ocl-icd-libopencl1)
# The Python package's and the layer's PyOpenCL tests need a virtual
# environment.
python3 -m venv --help >/dev/null 2>&1 && python3 -c 'import ensurepip' >/dev/null 2>&1 ||
  missing_packages+=(python3-venv)
if [ "${OCLC_EXEC_COMPILER:-}" = clang ]; then
  command -v clang-15 >/dev/null 2>&1 || missing_packages+=(clang-15)
  command -v llvm-spirv-15 >/dev/null 2>&1 || missing_packages+=(llvm-spirv-15)
fi
if [ "${#missing_packages[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing ${missing_packages[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing_packages[@]}"
  else
    log "missing ${missing_packages[*]}; install them (as root: apt-get install ${missing_packages[*]})"
  fi
fi

if scripts/setup-opencl-runtime.sh; then
  # shellcheck source=/dev/null
  . "${OCLC_OPENCL_RUNTIME_DIR:-$project_root/.cache/opencl-runtime}/env.sh"
else
  log "the OpenCL runtime could not be installed; execution tests will skip (or fail under CI)"
fi

if [ -n "${CI:-}" ]; then
  export OCLC_REQUIRE_RUNTIME=1
fi

# The Python package's tests (crates/python/tests/pytest.rs) and the layer's
# PyOpenCL test run in one virtual environment under .cache/ with pytest,
# PyOpenCL (its wheel bundles ocl-icd) and numpy from PyPI.
python_venv="$project_root/.cache/python-venv"
if [ ! -x "$python_venv/bin/python" ] ||
  ! "$python_venv/bin/python" -c 'import pytest, pyopencl, numpy' >/dev/null 2>&1; then
  log "installing pytest and pyopencl into $python_venv"
  python3 -m venv "$python_venv" &&
    "$python_venv/bin/python" -m pip install -q --disable-pip-version-check pytest pyopencl numpy ||
    log "the Python test environment could not be installed; the Python tests will fail under CI"
fi
export OCLC_PYTHON="$python_venv/bin/python"

if [ ! -d target/debug/build ] || ! ls target/debug/build | grep -q '^spirv-tools-sys-'; then
  log "first build: compiling SPIRV-Tools' C++ sources takes about 9 minutes on 2 cores, silently"
fi
exec cargo test --workspace --no-fail-fast "$@"
