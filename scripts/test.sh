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
# The loader layer's tests (crates/layer/tests): a C compiler and OpenCL's
# headers for their C host, Debian's ICD loader (ocl-icd) as the second
# loader, and venv for PyOpenCL.
command -v cc >/dev/null 2>&1 || missing_packages+=(gcc libc6-dev)
[ -e /usr/include/CL/cl.h ] || missing_packages+=(opencl-c-headers)
[ -e /usr/lib/x86_64-linux-gnu/libOpenCL.so.1 ] || missing_packages+=(ocl-icd-libopencl1)
python3 -c 'import ensurepip' >/dev/null 2>&1 || missing_packages+=(python3-venv)
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

# PyOpenCL (from PyPI; its wheel bundles ocl-icd) for the layer's tests.
pyopencl_venv="$project_root/.cache/pyopencl-venv"
if [ ! -x "$pyopencl_venv/bin/python" ] || ! "$pyopencl_venv/bin/python" -c 'import pyopencl' >/dev/null 2>&1; then
  log "installing PyOpenCL into .cache/pyopencl-venv"
  python3 -m venv "$pyopencl_venv" && "$pyopencl_venv/bin/pip" install -q pyopencl numpy ||
    log "PyOpenCL could not be installed; its layer test will skip (or fail under CI)"
fi

if [ -n "${CI:-}" ]; then
  export OCLC_REQUIRE_RUNTIME=1
fi

if [ ! -d target/debug/build ] || ! ls target/debug/build | grep -q '^spirv-tools-sys-'; then
  log "first build: compiling SPIRV-Tools' C++ sources takes about 9 minutes on 2 cores, silently"
fi
exec cargo test --workspace --no-fail-fast "$@"
