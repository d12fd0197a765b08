#!/usr/bin/env bash
# Runs suites of the OpenCL conformance suite (KhronosGroup/OpenCL-CTS) on
# Intel's CPU OpenCL runtime twice: once with oclc as the suite's offline
# compiler (`--compilation-mode spir-v --compilation-program oclc`: the
# harness calls `oclc --mode=spir-v --source=F.cl --output=F.spv
# --cl-device-info=INFO -- OPTIONS` for every kernel and loads the module
# with clCreateProgramWithIL), once with the runtime's own compiler; then
# prints one table. A third run, `layer`, is the suite's online mode
# through oclc's loader layer (`OPENCL_LAYERS=liboclc_layer.so`,
# `OCLC_LAYER_MODE=compile`): the harness builds from source and the layer
# compiles every program with oclc; its report (one JSON object per
# build) says how many builds used oclc's module.
#
#   scripts/cts.sh SRC_DIR [SUITE...]
#
# SRC_DIR is a checkout of OpenCL-CTS (not part of this repository: fetch
# it yourself); checkouts of OpenCL-Headers and SPIRV-Headers are looked
# for beside it (or set CTS_HEADERS and CTS_SPIRV_HEADERS). SUITE is a directory name under test_conformance (`half`,
# `basic`, `math_brute_force`, `images/kernel_read_write`, ...); default
# `half`. A suite may carry its own arguments after a colon, which then
# replace the defaults: `basic:arraycopy,vec_type_hint`
# (commas become spaces; subtest names select subtests).
#
# Environment:
#   CTS_HEADERS       OpenCL-Headers checkout (default SRC_DIR/../OpenCL-Headers)
#   CTS_SPIRV_HEADERS SPIRV-Headers checkout (default SRC_DIR/../SPIRV-Headers)
#   CTS_BUILD_DIR     CMake build directory (default target/cts/build)
#   CTS_OUT_DIR       logs, results and compilation caches (default target/cts/run-DATE)
#   CTS_TIMEOUT       seconds each run may take (default 600); a run stopped
#                     by it is marked in the table
#   CTS_JOBS          parallel build jobs (default 2)
#   CTS_MODES         which runs, any of "oclc layer runtime" (default
#                     "oclc runtime")
#   OCLC              the oclc binary (default: built as scripts/oclc builds it)
#   OCLC_LAYER        the layer library (default target/debug/deps/liboclc_layer.so,
#                     built with oclc)
#   OCLC_OPENCL_RUNTIME_DIR  Intel's runtime (default .cache/opencl-runtime;
#                     scripts/setup-opencl-runtime.sh installs it)
#
# Reduced modes: `-w` (the suites' "wimpy" mode) for half, conversions,
# math_brute_force, integer_ops and vectors. test_non_uniform_work_group
# gets a dummy first argument (its argument parsing drops one).
set -euo pipefail

project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ $# -lt 1 ] || [ ! -d "$1/test_conformance" ]; then
  echo "usage: scripts/cts.sh OPENCL_CTS_CHECKOUT [SUITE[:ARGS]...]" >&2
  exit 2
fi
src=$(cd "$1" && pwd)
shift
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(half)

headers=${CTS_HEADERS:-$src/../OpenCL-Headers}
[ -f "$headers/CL/cl.h" ] || { echo "cts.sh: no CL/cl.h under $headers (set CTS_HEADERS)" >&2; exit 2; }
headers=$(cd "$headers" && pwd)
spirv_headers=${CTS_SPIRV_HEADERS:-$src/../SPIRV-Headers}
[ -f "$spirv_headers/include/spirv/unified1/spirv.hpp" ] || { echo "cts.sh: no include/spirv/unified1/spirv.hpp under $spirv_headers (set CTS_SPIRV_HEADERS)" >&2; exit 2; }
spirv_headers=$(cd "$spirv_headers" && pwd)
build=${CTS_BUILD_DIR:-$project_root/target/cts/build}
out=${CTS_OUT_DIR:-$project_root/target/cts/run-$(date -u +%Y%m%dT%H%M%SZ)}
limit=${CTS_TIMEOUT:-600}
jobs=${CTS_JOBS:-2}
modes=${CTS_MODES:-oclc runtime}
mkdir -p "$build" "$out"

# The runtime, and the ICD loader inside its wheel for the suites to link.
runtime_dir=${OCLC_OPENCL_RUNTIME_DIR:-$project_root/.cache/opencl-runtime}
if [ ! -f "$runtime_dir/env.sh" ]; then
  OCLC_OPENCL_RUNTIME_DIR=$runtime_dir "$project_root/scripts/setup-opencl-runtime.sh"
fi
# shellcheck source=/dev/null
. "$runtime_dir/env.sh"
loader=$(dirname "$OPENCL_DYLIB_PATH")

# oclc itself.
if [ -z "${OCLC:-}" ]; then
  cargo build --manifest-path "$project_root/Cargo.toml" --workspace --tests --quiet
  OCLC=$project_root/target/debug/oclc
fi
OCLC=$(cd "$(dirname "$OCLC")" && pwd)/$(basename "$OCLC")
layer=${OCLC_LAYER:-$project_root/target/debug/deps/liboclc_layer.so}
case " $modes " in
  *" layer "*) [ -f "$layer" ] || { echo "cts.sh: no layer library at $layer (set OCLC_LAYER)" >&2; exit 2; } ;;
esac

# Suite directory -> CMake target (the executable's name).
target_of() {
  local dir=$src/test_conformance/$1
  local module
  module=$(sed -n 's/^ *set *( *MODULE_NAME  *\([A-Za-z0-9_]*\).*/\1/p' "$dir/CMakeLists.txt" | head -1)
  [ -n "$module" ] || { echo "cts.sh: no MODULE_NAME in $dir/CMakeLists.txt" >&2; return 1; }
  echo "test_$(echo "$module" | tr 'A-Z' 'a-z')"
}

default_args() {
  case "$1" in
    half|conversions|math_brute_force|integer_ops|vectors) echo "-w" ;;
    non_uniform_work_group) echo "dummy" ;;
    *) echo "" ;;
  esac
}

# The libOpenCL.so.1 in the wheel leaves two Intel compiler run-time
# symbols to libintlc, which it finds at run time: allow that at link time.
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DCL_INCLUDE_DIR="$headers" -DCL_LIB_DIR="$loader" -DOPENCL_LIBRARIES=OpenCL \
  -DSPIRV_INCLUDE_DIR="$spirv_headers" \
  -DCMAKE_EXE_LINKER_FLAGS=-Wl,--allow-shlib-undefined >"$out/cmake.log" 2>&1 \
  || { tail -20 "$out/cmake.log" >&2; exit 1; }

commit=$(git -C "$src" rev-parse --short=8 HEAD 2>/dev/null || echo unknown)

# Counts a run's subtests: from the results file the harness writes at
# the end (CL_CONFORMANCE_RESULTS_FILENAME), else (a run stopped by the
# time limit) from its log: `NAME passed`, `NAME FAILED` (some suites
# print them after other text on the line), and the harness's three ways
# of skipping.
count() {
  local log=$1 what=$2 json=${1%.log}.json
  if [ -f "$json" ]; then
    case "$what" in
      passed) grep -cE '": "pass"' "$json" || true ;;
      failed) grep -cE '": "fail"' "$json" || true ;;
      skipped) grep -cE '": "skip"' "$json" || true ;;
    esac
    return
  fi
  case "$what" in
    passed) grep -cE '(^|[.])[A-Za-z0-9_]+ passed$' "$log" || true ;;
    failed) grep -cE '(^|[.])[A-Za-z0-9_]+ FAILED$' "$log" || true ;;
    skipped) grep -cE ' test not supported$|is not supported in offline compiler|^[A-Za-z0-9_]+ skipped \(requires' "$log" || true ;;
  esac
}

run_one() { # suite target args mode
  local suite=$1 target=$2 args=$3 mode=$4
  local exe name log status start end
  exe=$(find "$build/test_conformance" -name "$target" -type f -perm -u+x | head -1)
  name=$(echo "$suite" | tr '/' '_')
  log=$out/$name-$mode.log
  local extra=() env=()
  case "$mode" in
    oclc)
      rm -rf "$out/$name-cache"
      mkdir -p "$out/$name-cache"
      extra=(--compilation-mode spir-v --compilation-cache-path "$out/$name-cache"
             --compilation-program "$OCLC") ;;
    layer)
      rm -f "$out/$name-layer-report.json"
      env=(OPENCL_LAYERS="$layer" OCLC_LAYER_MODE=compile
           OCLC_LAYER_REPORT="$out/$name-layer-report.json") ;;
  esac
  start=$(date +%s)
  # shellcheck disable=SC2086 # $args is a list of words
  (cd "$(dirname "$exe")" && env CL_CONFORMANCE_RESULTS_FILENAME="$out/$name-$mode.json" "${env[@]}" \
     timeout --kill-after=10 "$limit" "$exe" $args "${extra[@]}") >"$log" 2>&1 && status=0 || status=$?
  end=$(date +%s)
  echo "$status $((end - start))" >"$out/$name-$mode.status"
}

for spec in "${suites[@]}"; do
  suite=${spec%%:*}
  if [ "$spec" != "$suite" ]; then args=${spec#*:}; args=${args//,/ }; else args=$(default_args "$suite"); fi
  target=$(target_of "$suite")
  echo "cts.sh: building $target" >&2
  cmake --build "$build" --target "$target" -j "$jobs" >"$out/build-$target.log" 2>&1 \
    || { echo "cts.sh: $target did not build; see $out/build-$target.log" >&2; continue; }
  for mode in $modes; do
    echo "cts.sh: running $target $args ($mode)" >&2
    run_one "$suite" "$target" "$args" "$mode"
  done
  # (A second invocation with the same CTS_OUT_DIR adds the other mode.)
  grep -qxF "$suite|$target|$args" "$out/suites" 2>/dev/null || echo "$suite|$target|$args" >>"$out/suites"
done

# The table.
printf '\nOpenCL-CTS %s, %s, %s\n\n' "$commit" "$(date -u +%Y-%m-%d)" "$(grep -m1 -h 'NAME' "$out"/*-cache/clDeviceInfo-* 2>/dev/null | sed 's/.*="\(.*\)"/\1/' || true)"
printf '| suite | subtests | passed through oclc (offline) | through the layer (online) | passed with the runtime'"'"'s compiler | time (oclc / layer / runtime) |\n'
printf '|---|---|---|---|---|---|\n'
while IFS='|' read -r suite target args; do
  name=$(echo "$suite" | tr '/' '_')
  cells=()
  total=""
  times=()
  for mode in oclc layer runtime; do
    log=$out/$name-$mode.log
    if [ ! -f "$log" ]; then cells+=("—"); times+=("—"); continue; fi
    read -r status seconds <"$out/$name-$mode.status"
    p=$(count "$log" passed); f=$(count "$log" failed); s=$(count "$log" skipped)
    cell="$p"
    [ "$f" -gt 0 ] && cell="$cell, $f failed"
    [ "$s" -gt 0 ] && cell="$cell, $s skipped"
    if [ "$status" = 124 ] || [ "$status" = 137 ]; then
      cell="$cell (stopped at ${limit}s)"
    elif [ "$f" = 0 ] && [ "$status" != 0 ]; then
      cell="$cell (exit $status)"
    fi
    if [ -f "$out/$name-$mode.json" ]; then
      total=$(grep -cE '": "(pass|fail|skip)"' "$out/$name-$mode.json" || true)
    fi
    if [ "$mode" = layer ]; then
      # Builds that ran oclc's module, of all the builds the layer saw.
      report=$out/$name-layer-report.json
      builds=$(grep -c . "$report" 2>/dev/null || true)
      modules=$(grep -c '"outcome": *"oclc-module"' "$report" 2>/dev/null || true)
      cell="$cell; ${modules:-0} of ${builds:-0} builds oclc's"
    fi
    cells+=("$cell")
    times+=("${seconds}s")
  done
  printf '| %s%s | %s | %s | %s | %s | %s / %s / %s |\n' "$suite" "${args:+ ($args)}" "${total:-?}" \
    "${cells[0]}" "${cells[1]}" "${cells[2]}" "${times[0]}" "${times[1]}" "${times[2]}"
done <"$out/suites"
printf '\nLogs: %s\n' "$out"
