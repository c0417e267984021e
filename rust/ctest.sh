#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The ctest entry rust_crate: `cargo test --release` of the crate in rust/ (its tests compare it
# with RustCrypto's crates; see rust/README.md), then rust/dropin_check.sh. Reports Skipped (77) when cargo is not
# installed or the crate's dependencies are neither cached nor downloadable from the registry.
# Usage: ctest.sh <rust dir> <cargo target dir> [dir of the build's libkeccakforge.a]
set -u
crate=$1
target=$2
libdir=${3:-}
if command -v cargo >/dev/null 2>&1; then
  cargo=cargo
elif [ -x "$HOME/.cargo/bin/cargo" ]; then
  cargo="$HOME/.cargo/bin/cargo"
else
  echo "SKIPPED: cargo is not installed (https://rustup.rs); the Rust crate's tests did not run"
  exit 77
fi
export CARGO_TARGET_DIR="$target"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"
[ -n "$libdir" ] && export KECCAKFORGE_LIB_DIR="$libdir"
cd "$crate" || exit 1
"$cargo" --version
# the dependencies, at the versions Cargo.lock pins (--locked: a Cargo.toml change that needs a
# new lock fails here instead of resolving the newest crates silently): the local cache if it has
# them, else the registry
if ! "$cargo" fetch --locked --offline >/dev/null 2>&1; then
  echo "dependencies not all cached: fetching from the registry"
  if ! "$cargo" fetch --locked; then
    echo "SKIPPED: the crate's dev-dependencies (RustCrypto oracles) are not cached and the registry is unreachable"
    exit 77
  fi
fi
# Cargo.toml builds no unit-test harness for the library ([lib] test = false: src/ has no test):
# a #[test] or #[cfg(test)] added to src/ must turn it back on, not go unrun
if grep -rqE '#\[(cfg\()?test\b' src; then
  echo "rust_crate: src/ has unit tests but Cargo.toml's [lib] says test = false: set it to true"
  exit 1
fi
if ! nice -n 10 "$cargo" test --release --locked --offline; then
  echo "rust_crate: cargo test failed"
  exit 1
fi
# the README's drop-in claim: sha3::Sha3_256 -> keccakforge::Sha3_256 in a fresh project
export CARGO_NET_OFFLINE=true
if ! nice -n 10 sh "$crate/dropin_check.sh" "$target/dropin"; then
  echo "rust_crate: the drop-in check failed"
  exit 1
fi
