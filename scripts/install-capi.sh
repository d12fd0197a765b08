#!/usr/bin/env bash
# Installs the oclc C library into PREFIX:
#   PREFIX/include/oclc.h
#   PREFIX/lib/liboclc.so.<version> (SONAME liboclc.so.<ABI>) with the
#     links liboclc.so.<ABI> and liboclc.so
#   PREFIX/lib/liboclc.a
#   PREFIX/lib/pkgconfig/oclc.pc
#
#   scripts/install-capi.sh PREFIX            # builds with the release-ffi profile
#   scripts/install-capi.sh --from DIR PREFIX # installs what cargo already
#                                             # built into DIR (e.g. target/debug)
#
# The release-ffi profile is the release profile with panics that unwind,
# so that the library can catch them (docs/c-api.md). Its first build
# compiles SPIRV-Tools' C++ sources (about 9 minutes on 2 cores).
set -euo pipefail

project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
from=""
if [ "${1:-}" = "--from" ]; then
  from=$2
  shift 2
fi
if [ $# -ne 1 ]; then
  echo "usage: $0 [--from CARGO_OUTPUT_DIR] PREFIX" >&2
  exit 2
fi
prefix=$1

if [ -z "$from" ]; then
  (cd "$project_root" && cargo build -p oclc-capi --profile release-ffi)
  from="$project_root/target/release-ffi"
fi

# cargo puts the libraries in DIR/deps and copies them up into DIR.
for name in liboclc_capi.so liboclc_capi.a; do
  if [ ! -e "$from/$name" ] && [ -e "$from/deps/$name" ]; then
    from_deps=1
  fi
done
if [ -n "${from_deps:-}" ]; then
  from="$from/deps"
fi

version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$project_root/Cargo.toml" | head -1)
abi=$(sed -n 's/^#define OCLC_ABI_VERSION \([0-9]*\)$/\1/p' "$project_root/crates/capi/include/oclc.h")
# What a static link needs besides liboclc.a: the Rust standard library's
# system libraries and SPIRV-Tools' C++ runtime.
private_libs="-lstdc++ -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc"

mkdir -p "$prefix/include" "$prefix/lib/pkgconfig"
install -m 644 "$project_root/crates/capi/include/oclc.h" "$prefix/include/oclc.h"
# put SRC DEST MODE: a hard link where SRC and DEST share a file system
# and SRC already has MODE (the tests install cargo's fresh build this way,
# so a second copy of the libraries costs no disk), else a copy.
put() {
  rm -f "$2"
  if [ "$(stat -c %a "$1")" = "$3" ] && ln "$1" "$2" 2>/dev/null; then
    return
  fi
  install -m "$3" "$1" "$2"
}
put "$from/liboclc_capi.so" "$prefix/lib/liboclc.so.$version" 755
ln -sf "liboclc.so.$version" "$prefix/lib/liboclc.so.$abi"
ln -sf "liboclc.so.$abi" "$prefix/lib/liboclc.so"
put "$from/liboclc_capi.a" "$prefix/lib/liboclc.a" 644
sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" -e "s|@PRIVATE_LIBS@|$private_libs|" \
  "$project_root/crates/capi/oclc.pc.in" > "$prefix/lib/pkgconfig/oclc.pc"
echo "installed oclc $version (ABI $abi) into $prefix" >&2
