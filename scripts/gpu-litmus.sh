#!/usr/bin/env bash
# The GPU litmus suite (tests/litmus): build it here, run it on any machine
# with a Vulkan driver.
#
#   scripts/gpu-litmus.sh bundle DIR
#       compiles every test of tests/litmus/tests.txt with
#       `oclc -target vulkan1.2` (module + descriptor map), and every
#       forbidding test again with each compiler mutant (an oclc built with
#       the test-only feature `oclc/mutants`, one broken place of the
#       Vulkan mapping at a time, chosen by OCLC_SPIRV_MUTANT); builds the
#       host, oclc-vkrun (release, x86-64); puts it all and this script in
#       DIR.
#   scripts/gpu-litmus.sh run DIR [OPTIONS...]
#       runs the campaign (`oclc-vkrun suite`: tuning search per shape,
#       every test, test mutant and compiler mutant) and prints one JSON
#       line per run, then the report. OPTIONS go to `oclc-vkrun suite`
#       (--forbid-seconds S, --mutant-seconds S, --tune-envs N, ...).
#       Exit status 1 if a forbidding test saw its outcome.
#
# On a machine without a Vulkan loader, unpack Debian's libvulkan1 first
# (see docs/testing.md); for NVIDIA's driver set
# VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
# (done here when that file exists and nothing else is set).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# The compiler mutants (crates/spirv/src/mutant.rs).
mutants="no-availability no-nonprivate acquire-relaxed workgroup-scope seq-cst-plain"

usage() {
  sed -n '2,22p' "${BASH_SOURCE[0]}" >&2
  exit 2
}

compile() { # OCLC ROOT DEFINES FILE OUT: OUT (both kernels), OUT.test, OUT.check
  local flags=() part
  if [ "$3" != - ]; then IFS=, read -r -a flags <<<"$3"; fi
  "$1" -target vulkan1.2 "${flags[@]}" -I "$2/tests/litmus" "$2/tests/litmus/$4" \
    -o "$5.spv" -fdescriptor-map="$5.json"
  for part in test check; do
    "$1" -target vulkan1.2 "${flags[@]}" -DLITMUS_${part^^}_ONLY -I "$2/tests/litmus" \
      "$2/tests/litmus/$4" -o "$5.$part.spv" -fdescriptor-map="$5.$part.json"
  done
}

bundle() {
  local out=$1 root
  root=$(cd "$here/.." && pwd)
  local target=${CARGO_TARGET_DIR:-$root/target}
  mkdir -p "$out"
  # The mutant compiler first, copied aside; then the normal one.
  # OCLC_LITMUS_CARGO_FLAGS: more flags for the two builds of oclc (say
  # --no-default-features, to build without the in-process validator).
  local flags=(${OCLC_LITMUS_CARGO_FLAGS:-})
  (cd "$root" && cargo build -q --bin oclc "${flags[@]}" --features oclc/mutants)
  cp "$target/debug/oclc" "$out/oclc-mutants"
  (cd "$root" && cargo build -q --bin oclc "${flags[@]}" && cargo build -q --release -p oclc-vkrun)
  cp "$target/release/oclc-vkrun" "$root/scripts/gpu-litmus.sh" "$out/"
  grep -v '^#' "$root/tests/litmus/tests.txt" | grep . >"$out/tests.txt.new"
  local forbid=() id file defines kind outcome parent operator
  while read -r id file defines kind outcome parent operator; do
    compile "$target/debug/oclc" "$root" "$defines" "$file" "$out/$id"
    if [ "$kind" = forbid ]; then forbid+=("$id $file $defines $outcome"); fi
  done <"$out/tests.txt.new"
  local line m
  for line in "${forbid[@]}"; do
    read -r id file defines outcome <<<"$line"
    for m in $mutants; do
      OCLC_SPIRV_MUTANT=$m compile "$out/oclc-mutants" "$root" "$defines" "$file" "$out/$id@$m"
      # A mutant that leaves this test's module unchanged cannot be
      # caught by it: no run.
      if cmp -s "$out/$id.spv" "$out/$id@$m.spv"; then
        rm "$out/$id@$m".*
      else
        echo "$id@$m $file $defines compiler $outcome $id $m" >>"$out/tests.txt.new"
      fi
    done
  done
  mv "$out/tests.txt.new" "$out/tests.txt"
  # The pairing check the run starts with (tests/litmus/pairing.cl).
  compile "$target/debug/oclc" "$root" -DROLES=4 pairing.cl "$out/pairing"
  rm "$out/oclc-mutants"
  # Every mutant changed some module.
  for m in $mutants; do
    grep -q "@$m " "$out/tests.txt" || { echo "mutant $m changed no module" >&2; exit 1; }
  done
  echo "bundle in $out: $(grep -c ' forbid ' "$out/tests.txt") forbidding tests," \
    "$(grep -c ' mutant ' "$out/tests.txt") test mutants," \
    "$(grep -c ' compiler ' "$out/tests.txt") compiler-mutant modules"
}

run() {
  local dir=$1
  shift
  if [ -z "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ] &&
    [ -e /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
    export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  fi
  # First the harness itself on this driver: every instance must get each
  # of its roles once, from different work-groups.
  "$dir/oclc-vkrun" litmus "$dir/pairing.spv" "$dir/pairing.json" --outcome 1,1 \
    --env local=64,testing=16,max_groups=20 --instances 5000 | grep -q '"outcomes": {"1,1": [0-9]*}}' || {
    echo "the harness's pairing check failed on this device" >&2
    return 1
  }
  "$dir/oclc-vkrun" suite "$dir" "$@"
}

case "${1:-}" in
  bundle) [ $# -eq 2 ] || usage; bundle "$2" ;;
  run) [ $# -ge 2 ] || usage; shift; run "$@" ;;
  *) usage ;;
esac
