#!/usr/bin/env bash
# The GPU litmus suite (tests/litmus): build it here, run it on any machine
# with a Vulkan driver.
#
#   scripts/gpu-litmus.sh bundle DIR
#       compiles every test of tests/litmus/tests.txt with
#       `oclc -target vulkan1.2` (module + descriptor map) and builds the
#       host, oclc-vkrun (release, x86-64), into DIR with this script.
#   scripts/gpu-litmus.sh run DIR [MIN_INSTANCES] [STRIDE]
#       runs every test of the bundle until at least MIN_INSTANCES
#       instances (default 10,000,000) and prints one JSON line per test,
#       then a table. Exit status 1 if a `forbid` test saw its tuple.
#
# On a machine without a Vulkan loader, unpack Debian's libvulkan1 first
# (see docs/testing.md); for NVIDIA's driver set
# VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
# (done here when that file exists and nothing else is set).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

usage() {
  sed -n '2,17p' "${BASH_SOURCE[0]}" >&2
  exit 2
}

bundle() {
  local out=$1
  local root
  root=$(cd "$here/.." && pwd)
  mkdir -p "$out"
  (cd "$root" && cargo build -q --bin oclc && cargo build -q --release -p oclc-vkrun)
  cp "$root/target/release/oclc-vkrun" "$root/scripts/gpu-litmus.sh" "$root/tests/litmus/tests.txt" "$out/"
  while read -r id file kernel roles results defines expect tuple; do
    case "$id" in '#'* | '') continue ;; esac
    local flags=()
    if [ "$defines" != - ]; then IFS=, read -r -a flags <<<"$defines"; fi
    "$root/target/debug/oclc" -target vulkan1.2 "${flags[@]}" -I "$root/tests/litmus" \
      "$root/tests/litmus/$file" -o "$out/$id.spv" -fdescriptor-map="$out/$id.json"
  done <"$root/tests/litmus/tests.txt"
  # A control: the message-passing module with the Vulkan memory model's
  # availability and visibility operations removed (no NonPrivatePointer,
  # no MakeAvailable/MakeVisible) -- the class of bug clspv had. If the
  # GPU shows stale data for it, the suite can see that bug.
  if command -v spirv-dis >/dev/null && command -v spirv-as >/dev/null; then
    spirv-dis --raw-id "$out/mp.acq_rel.spv" |
      sed -E -e 's/ NonPrivatePointer//' \
        -e 's/(OpConstant %[0-9a-z_]+ )([0-9]+)$/\1\2 SEMANTICS/' |
      awk '/ SEMANTICS$/ { v = $NF; sub(/ SEMANTICS$/, ""); n = $NF;
             if (n >= 8192 && n < 32768) { n = n % 8192; $NF = n } }
           { sub(/ SEMANTICS$/, ""); print }' >"$out/mutant.spvasm"
    spirv-as --target-env vulkan1.2 "$out/mutant.spvasm" -o "$out/mp.no_availability.spv"
    cp "$out/mp.acq_rel.json" "$out/mp.no_availability.json"
    rm "$out/mutant.spvasm"
    echo "mp.no_availability  mp.cl  mp  2 2 -  control 1,0" >>"$out/tests.txt"
  fi
  echo "bundle in $out"
}

run() {
  local dir=$1 min=${2:-10000000} stride=${3:-1}
  if [ -z "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ] &&
    [ -e /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
    export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  fi
  "$dir/oclc-vkrun" info
  local failed=0 groups=512 local_size=256
  local results=()
  while read -r id file kernel roles results_n defines expect tuple; do
    case "$id" in '#'* | '') continue ;; esac
    local per=$((groups / roles * local_size))
    local iterations=$(((min + per - 1) / per))
    local line
    line=$("$dir/oclc-vkrun" litmus "$dir/$id.spv" "$dir/$id.json" "$kernel" \
      --groups "$groups" --local "$local_size" --roles "$roles" --results "$results_n" \
      --iterations "$iterations" --stride "$stride" --weak "$tuple" --forbidden "$tuple" \
      --seed $RANDOM)
    echo "$line"
    local seen instances
    seen=$(sed -E 's/.*"forbidden": ([0-9]+).*/\1/' <<<"$line")
    instances=$(sed -E 's/.*"instances": ([0-9]+).*/\1/' <<<"$line")
    results+=("$(printf '%-20s %-7s %-8s %12s %12s' "$id" "$expect" "$tuple" "$instances" "$seen")")
    if [ "$expect" = forbid ] && [ "$seen" != 0 ]; then failed=1; fi
  done <"$dir/tests.txt"
  printf '\n%-20s %-7s %-8s %12s %12s\n' test expect tuple instances seen
  printf '%s\n' "${results[@]}"
  if [ "$failed" = 1 ]; then
    echo "FORBIDDEN OUTCOMES SEEN" >&2
    return 1
  fi
}

case "${1:-}" in
  bundle) [ $# -eq 2 ] || usage; bundle "$2" ;;
  run) [ $# -ge 2 ] || usage; run "$2" "${3:-}" "${4:-}" ;;
  *) usage ;;
esac
