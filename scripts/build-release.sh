#!/usr/bin/env bash
# Build the `oclc` command as it is meant to be shipped: the release
# profile, linked statically (a static-pie executable: glibc, libstdc++ and
# SPIRV-Tools inside one position-independent file that needs nothing at
# run time) and copied to target/dist/oclc.
#
# Why static: a dynamically linked oclc spends a fifth of a small kernel's
# compile time in the dynamic loader — mapping libc and libgcc_s, resolving
# symbols, copying relocated pages (docs/performance.md measures both
# builds). Cargo cannot ask for static linking of one binary without also
# applying it to proc-macros and the test binaries (which load the OpenCL
# driver dynamically), so this script passes the target feature to the
# final `oclc` link only. `cargo build --release` and `cargo install` still
# give a working, dynamically linked oclc.
#
# Usage: scripts/build-release.sh   (prints the path of the binary)
set -euo pipefail

project_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$project_root"

if [ "$(uname -s)" != Linux ]; then
  echo "build-release: static linking is set up for Linux (glibc) only; use cargo build --release" >&2
  exit 2
fi

# pack-relative-relocs (DT_RELR): the position-independent binary applies
# its ~5,000 start-up relocations from a 1 KB bitmap instead of a 130 KB
# table (glibc 2.36 or later, which Debian 12 has).
cargo rustc --release --locked --bin oclc -- \
  -C target-feature=+crt-static -C link-arg=-Wl,-z,pack-relative-relocs >&2
mkdir -p target/dist
cp target/release/oclc target/dist/oclc.tmp
mv target/dist/oclc.tmp target/dist/oclc
echo "$project_root/target/dist/oclc"
