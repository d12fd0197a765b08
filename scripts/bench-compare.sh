#!/usr/bin/env bash
# Measure oclc against the clang-15 + llvm-spirv-15 reference pipeline and
# write docs/performance.md (see benches/compare/ for what is measured).
#
# Installs clang-15, llvm-spirv-15 and GNU time from Debian when missing,
# builds the shipped oclc (scripts/build-release.sh), sources the OpenCL runtime's environment
# when scripts/setup-opencl-runtime.sh has installed it (the execution
# section is skipped, and says why, otherwise), then runs the comparison.
#
# Usage: scripts/bench-compare.sh [--quick] [--runs N] [--skip-exec] [--out FILE]
#        scripts/bench-compare.sh --corpus-only [--corpus-runs N]
# Takes 10-20 minutes on 2 cores (--quick: a few minutes), plus the first
# release build (~5-9 minutes for the spirv-tools C++ library).
# --corpus-only measures only section 6 (corpus kernels executed three
# ways: oclc, the runtime's compiler from source, clang -O2 +
# llvm-spirv-15; about 5 minutes) and replaces it in docs/performance.md;
# it measures the modules, not the compiler, so it also runs from the debug
# build: `cargo test --bench compare -- --bench --corpus-only`.
set -euo pipefail

project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$project_root"

log() { printf 'bench-compare: %s\n' "$*" >&2; }

missing=()
command -v clang-15 >/dev/null 2>&1 || missing+=(clang-15)
command -v llvm-spirv-15 >/dev/null 2>&1 || missing+=(llvm-spirv-15)
[ -x /usr/bin/time ] || missing+=(time)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]} from Debian"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

runtime_env=${OCLC_OPENCL_RUNTIME_DIR:-$project_root/.cache/opencl-runtime}/env.sh
if [ -f "$runtime_env" ]; then
  # shellcheck disable=SC1090
  . "$runtime_env"
else
  log "no OpenCL runtime at $runtime_env; the execution section will say so"
fi

# The execution section compares kernel times to within a few percent. With
# both cores, launches of contended atomics vary by 10% and more (the same
# module built twice differed by up to 11%); with one runtime worker thread
# by under 1%. Every atomic instruction still executes. Set the variable to
# time with more workers; docs/performance.md records the setting.
export CL_CONFIG_CPU_TBB_NUM_WORKERS="${CL_CONFIG_CPU_TBB_NUM_WORKERS:-1}"

case " $* " in
  *" --corpus-only "*) ;;  # measures modules only: no shipped binary needed
  *)
    log "building the shipped oclc (static; cargo bench then builds the dynamic one)"
    scripts/build-release.sh >/dev/null
    ;;
esac

exec cargo bench --bench compare -- "$@"
