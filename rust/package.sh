#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# cargo package for the keccakforge crate. `cargo package` takes only files under rust/, and
# the crate's build script compiles the C library with the project's CMake build, so the C
# tree it needs (the top-level CMakeLists.txt, cmake/, include/, src/ and the licences: the
# files git tracks there) is staged into rust/csrc first, packaged with the crate (build.rs
# prefers csrc/ to ../), and removed again. csrc/ is in rust/.gitignore; nothing is committed.
# Usage: rust/package.sh [cargo package options]   (the .crate lands in rust/target/package/)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
# cargo counts the staged (git-ignored) csrc/ as uncommitted files, so cargo runs with
# --allow-dirty and the check it would make is made here instead: the crate and the staged
# C tree must be committed (unless --allow-dirty is given)
dirty=0
for a in "$@"; do
  shift
  if [ "$a" = --allow-dirty ]; then dirty=1; else set -- "$@" "$a"; fi
done
if [ "$dirty" = 0 ] && [ -n "$(cd "$top" && git status --porcelain -- rust CMakeLists.txt cmake include src LICENSE LICENSE-APACHE LICENSE-MIT)" ]; then
  echo "package.sh: uncommitted changes under rust/ or the C tree (git status); commit them or pass --allow-dirty" >&2
  exit 1
fi
rm -rf "$here/csrc"
trap 'rm -rf "$here/csrc"' EXIT INT TERM
mkdir "$here/csrc"
(cd "$top" && git ls-files -z -- CMakeLists.txt cmake include src LICENSE LICENSE-APACHE LICENSE-MIT \
   | xargs -0 cp --parents -t "$here/csrc")
echo "package.sh: staged $(find "$here/csrc" -type f | wc -l) files of the C tree into csrc/"
cd "$here"
cargo package --allow-dirty "$@"
