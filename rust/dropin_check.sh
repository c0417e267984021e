#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The drop-in check of rust/README.md: a fresh cargo project hashes with sha3 0.12's Sha3_256,
# then `cargo add --path` adds this crate and the one `use sha3::...` line becomes
# `use keccakforge::...` (no other change); both builds must print the same digests.
# Usage: dropin_check.sh [work dir]   (uses the registry cache; KECCAKFORGE_LIB_DIR is honoured)
set -eu
crate=$(cd "$(dirname "$0")" && pwd)
work=${1:-$(mktemp -d)}
cargo=$(command -v cargo || echo "$HOME/.cargo/bin/cargo")
rm -rf "$work/app"
mkdir -p "$work"
cd "$work"
"$cargo" new --quiet --vcs none app
cd app
"$cargo" add --quiet sha3@0.12 hex@0.4
cat > src/main.rs <<'RS'
// SPDX-License-Identifier: Apache-2.0 OR MIT
use sha3::{Digest, Sha3_256};

fn main() {
    let data: Vec<u8> = (0..100_000u32).map(|i| (i * 7 + i / 251) as u8).collect();
    for len in [0usize, 1, 135, 136, 137, 1000, 8192, 100_000] {
        println!("{len} {}", hex::encode(Sha3_256::digest(&data[..len])));
    }
    let mut h = Sha3_256::new();
    for chunk in data.chunks(997) {
        h.update(chunk);
    }
    let copy = h.clone();
    println!("incremental {}", hex::encode(h.finalize_reset()));
    println!("clone {}", hex::encode(copy.finalize()));
    h.update(b"abc");
    println!("after reset {}", hex::encode(h.finalize()));
    let w = Sha3_256::new_with_prefix(b"prefix").chain_update(b" and more");
    println!("prefix {}", hex::encode(w.finalize()));
}
RS
"$cargo" run --quiet --release > ../with_sha3.txt
"$cargo" add --quiet --path "$crate"
sed -i 's/^use sha3::{Digest, Sha3_256};/use keccakforge::{Digest, Sha3_256};/' src/main.rs
grep -q '^use keccakforge::{Digest, Sha3_256};' src/main.rs
"$cargo" run --quiet --release > ../with_keccakforge.txt
if cmp -s ../with_sha3.txt ../with_keccakforge.txt && [ "$(wc -l < ../with_sha3.txt)" -eq 12 ]; then
  echo "drop-in check: the same $(wc -l < ../with_sha3.txt) digests with sha3::Sha3_256 and keccakforge::Sha3_256"
  exit 0
fi
echo "drop-in check FAILED:"; diff ../with_sha3.txt ../with_keccakforge.txt || true
exit 1
