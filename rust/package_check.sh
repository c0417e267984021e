#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Checks that the packaged crate ships: rust/package.sh, then the .crate unpacked into an empty
# directory (no keccakforge checkout around it, a fresh target directory) must build and pass
# `cargo test --release` from the archive alone.
# Usage: rust/package_check.sh [package.sh options, e.g. --allow-dirty]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
"$here/package.sh" "$@"
crate=$(ls -t "$here"/target/package/keccakforge-*.crate | head -1)
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT INT TERM
tar xzf "$crate" -C "$empty"
dir=$(ls -d "$empty"/keccakforge-*)
[ ! -e "$empty/CMakeLists.txt" ] && [ -f "$dir/csrc/CMakeLists.txt" ]
unset KECCAKFORGE_C_SRC KECCAKFORGE_LIB_DIR
cd "$dir"
CARGO_TARGET_DIR="$empty/target" cargo test --release
echo "package_check: $(basename "$crate") built and passed its tests in an empty directory ($dir)"
