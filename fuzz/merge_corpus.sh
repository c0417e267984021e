#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# fuzz/merge_corpus.sh BUILD_DIR [TARGET...] - refresh the corpora kept in the tree: for each
# target, libFuzzer's merge keeps, out of the tree's corpus fuzz/corpus/<target>, fresh
# seeds (BUILD_DIR/fuzz-seeds/<target>, fuzz_make_seeds) and what fuzz/run.sh found
# (BUILD_DIR/fuzz-corpus/<target>), a small set of inputs with the same coverage, and the
# result replaces fuzz/corpus/<target>. The merge is -set_cover_merge=1 (-merge=1 with a
# greedy set cover) on edges alone (-use_counters=0: hit counts do not count as coverage):
# a third of the bytes of a plain -merge=1 for the same edges, which keeps the tree small. BUILD_DIR is a fuzz build (fuzz/README.md). Prints the
# count and size of each corpus; commit them (fuzz/corpus/README.md).
set -euo pipefail
b=$(cd "$1" && pwd)
shift
src=$(cd "$(dirname "$0")/.." && pwd)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_modes fuzz_batch fuzz_mlkem_encaps fuzz_mlkem_decaps fuzz_slhdsa_verify fuzz_mldsa
                                     fuzz_sum_check fuzz_key_decode fuzz_provider fuzz_cli_keyfile fuzz_mldsa_backends
                                     fuzz_mldsa_batch fuzz_key_grammar)
[ -d "$b/fuzz-seeds" ] || "$b/fuzz/fuzz_make_seeds" "$b/fuzz-seeds" >/dev/null
for t in "${targets[@]}"; do
  [ -x "$b/fuzz/$t" ] || { echo "$t: not built (skipped)"; continue; }
  new="$b/fuzz-merge/$t"
  rm -rf "$new"
  mkdir -p "$new"
  dirs=()
  for d in "$src/fuzz/corpus/$t" "$b/fuzz-seeds/$t" "$b/fuzz-corpus/$t"; do [ -d "$d" ] && dirs+=("$d"); done
  mask=0
  case $t in fuzz_sum_check|fuzz_cli_keyfile) mask=2 ;; esac
  "$b/fuzz/$t" -set_cover_merge=1 -use_counters=0 -close_fd_mask=$mask -timeout=30 -rss_limit_mb=2560 "$new" "${dirs[@]}" \
    >"$b/fuzz-merge/$t.log" 2>&1 || { echo "$t: merge failed (log $b/fuzz-merge/$t.log)"; exit 1; }
  rm -rf "$src/fuzz/corpus/$t"
  mkdir -p "$src/fuzz/corpus"
  cp -r "$new" "$src/fuzz/corpus/$t"
  echo "$t: $(find "$src/fuzz/corpus/$t" -type f | wc -l) inputs," \
    "$(find "$src/fuzz/corpus/$t" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }') bytes"
done
