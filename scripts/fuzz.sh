#!/usr/bin/env bash
# Runs one of oclc's fuzz targets (fuzz/fuzz_targets/*.rs) with cargo-fuzz
# for a fixed time, seeded with every kernel in the repository.
#
#   scripts/fuzz.sh <preprocess|parse|compile|lint> <seconds> [extra libFuzzer args...]
#
# * Needs cargo-fuzz (`cargo install cargo-fuzz`). cargo-fuzz passes
#   nightly-only flags to rustc; RUSTC_BOOTSTRAP=1 lets the stable
#   toolchain accept them, so no nightly toolchain is needed.
# * Builds without a sanitizer (oclc has no `unsafe`; panics, stack
#   overflows, timeouts and out-of-memory are what we hunt) but with debug
#   assertions and overflow checks. The build goes to fuzz/target (the
#   first build compiles SPIRV-Tools' C++ validator: several minutes).
# * Seeds fuzz/corpus/<target>/ with tests/**/*.cl,
#   crates/syntax/tests/data/*.cl and tests/regressions/*.cl, each prefixed
#   with the options byte the targets read first (see fuzz/src/lib.rs);
#   for `lint`, then a level byte (see fuzz/fuzz_targets/lint.rs), varied
#   across seeds.
# * Runs niced, with a 2 GiB RSS limit and a 10 s per-input timeout.
#   Findings land in fuzz/artifacts/<target>/; turn each into a fixture in
#   tests/regressions/ (see docs/reliability.md).
# * Prints one summary line at the end (target, seconds actually run,
#   executions, findings) and appends it to fuzz/runs.log.
set -euo pipefail

project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$project_root"

usage() {
  echo "usage: scripts/fuzz.sh <preprocess|parse|compile|lint> <seconds> [libFuzzer args...]" >&2
  exit 2
}
[ $# -ge 2 ] || usage
target=$1
seconds=$2
shift 2
case "$target" in preprocess | parse | compile | lint) ;; *) usage ;; esac
case "$seconds" in '' | *[!0-9]*) usage ;; esac

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz.sh: cargo-fuzz is missing; install it with \`cargo install cargo-fuzz\`" >&2
  exit 2
fi

# The options byte for a kernel: its `// oclc-flags:` -cl-std, if any.
options_byte() {
  if grep -q -- '-cl-std=CL1' "$1"; then
    printf '\000'
  elif grep -q -- '-cl-std=CL3' "$1"; then
    printf '\003'
  else
    printf '\001'
  fi
}

corpus=fuzz/corpus/$target
mkdir -p "$corpus" "fuzz/artifacts/$target"
seeds=0
while IFS= read -r -d '' kernel; do
  seed=$corpus/seed-$(printf '%s' "$kernel" | tr '/.' '__')
  {
    options_byte "$kernel"
    if [ "$target" = lint ]; then
      # The level byte: each seed a different mix of lint levels.
      printf "\\$(printf '%03o' $((seeds % 32)))"
    fi
    cat "$kernel"
  } >"$seed"
  seeds=$((seeds + 1))
done < <(find tests crates/syntax/tests/data -name '*.cl' -print0)

before=$(find "fuzz/artifacts/$target" -type f | wc -l)
started=$SECONDS
log=$(mktemp)
status=0
(
  cd fuzz
  RUSTC_BOOTSTRAP=1 nice -n 10 cargo fuzz run --sanitizer none --debug-assertions "$target" \
    "corpus/$target" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
    -dict=opencl.dict -print_final_stats=1 "$@"
) 2>&1 | tee "$log" || status=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
after=$(find "fuzz/artifacts/$target" -type f | wc -l)
# The seconds it actually ran: a finding stops libFuzzer before the time
# asked for, and the log must not count time that was not fuzzed.
summary="$(date -u +%Y-%m-%dT%H:%MZ) target=$target seconds=$((SECONDS - started)) execs=${execs:-?} new_findings=$((after - before)) exit=$status"
echo "$summary" | tee -a fuzz/runs.log
rm -f "$log"
exit "$status"
