#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# fuzz/coverage.sh COV_BUILD_DIR [TARGET...] - what the kept corpora cover: builds the fuzz
# targets with clang's source-based coverage (-fprofile-instr-generate -fcoverage-mapping, no
# sanitizers) in COV_BUILD_DIR, replays each target's corpus fuzz/corpus/<target> once
# (libFuzzer -runs=0), merges the profiles (llvm-profdata) and prints one line per target and
# one for all of them together: the region / function / line coverage of src/ (the library)
# and provider/ (llvm-cov report's totals). The corpora are fixed, so the figures change only
# when the code or the corpora do: a drop shows. See fuzz/README.md.
# fuzz/coverage.sh COV_BUILD_DIR --build-only: the configure and build only (.ci/stages/55-fuzz-coverage.sh).
set -euo pipefail
cov=$1
shift
src=$(cd "$(dirname "$0")/.." && pwd)
build_only=0
if [ "${1:-}" = --build-only ]; then build_only=1; shift; fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_modes fuzz_batch fuzz_mlkem_encaps fuzz_mlkem_decaps fuzz_slhdsa_verify fuzz_mldsa
                                     fuzz_sum_check fuzz_key_decode fuzz_provider fuzz_cli_keyfile fuzz_mldsa_backends
                                     fuzz_mldsa_batch fuzz_key_grammar)
tool() { # llvm-profdata / llvm-cov of the clang in use (Debian: llvm-profdata-14, package llvm-14)
  local v
  v=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
  for c in "$1-$v" "$1"; do command -v "$c" >/dev/null && { echo "$c"; return; }; done
  return 1
}
profdata=$(tool llvm-profdata) && llvmcov=$(tool llvm-cov) || {
  echo "coverage: llvm-profdata/llvm-cov not found (Debian: apt-get install llvm-14): skipped"
  exit 0
}
mkdir -p "$cov"
cov=$(cd "$cov" && pwd)
CC=clang cmake -S "$src" -B "$cov" -DCMAKE_BUILD_TYPE=Release -DKF_FUZZ=ON -DKF_BUILD_TESTS=OFF \
  -DCMAKE_C_FLAGS="-fprofile-instr-generate -fcoverage-mapping" \
  -DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate" >"$cov/coverage-cmake.log" 2>&1 || {
  cat "$cov/coverage-cmake.log"
  exit 1
}
cmake --build "$cov" -j"$(nproc)" --target fuzz_targets >"$cov/coverage-build.log" 2>&1 || {
  tail -30 "$cov/coverage-build.log"
  exit 1
}
[ $build_only = 1 ] && exit 0
rm -rf "$cov/profiles"
mkdir -p "$cov/profiles"
# Report's totals of files under one top directory of the tree: the others are ignored.
root_re=$(printf '%s' "$src" | sed 's/[][\.*^$+?(){}|]/\\&/g')
totals() { # totals PROFDATA DIR OBJECT-ARGS... -> "regions R% functions F% lines L%"
  local prof=$1 dir=$2
  shift 2
  local others=()
  for d in src provider fuzz tools tests python hw; do [ "$d" = "$dir" ] || others+=("$d"); done
  local re="^$root_re/($(IFS='|'; echo "${others[*]}"))/"
  "$llvmcov" report "$@" -instr-profile="$prof" -ignore-filename-regex="$re" 2>/dev/null |
    awk '$1 == "TOTAL" { printf "regions %s functions %s lines %s", $4, $7, $10; found = 1 }
         END { if (!found) printf "none" }'
}
objects=()
profiles=()
for t in "${targets[@]}"; do
  bin="$cov/fuzz/$t"
  corpus="$src/fuzz/corpus/$t"
  if [ ! -x "$bin" ]; then echo "coverage $t: not built (skipped)"; continue; fi
  if [ ! -d "$corpus" ]; then echo "coverage $t: no corpus in fuzz/corpus/ (skipped)"; continue; fi
  mask=0
  case $t in fuzz_sum_check|fuzz_cli_keyfile) mask=2 ;; esac
  if ! LLVM_PROFILE_FILE="$cov/profiles/$t-%p.profraw" "$bin" -runs=0 -close_fd_mask=$mask -rss_limit_mb=2560 \
      "$corpus" >"$cov/profiles/$t.log" 2>&1; then
    echo "coverage $t: the corpus replay failed (log $cov/profiles/$t.log)"
    tail -5 "$cov/profiles/$t.log"
    exit 1
  fi
  "$profdata" merge -sparse "$cov/profiles/$t"-*.profraw -o "$cov/profiles/$t.profdata"
  n=$(find "$corpus" -type f ! -name '*.md' | wc -l)
  # the two reports at once (each ~1.8 s of llvm-cov; 26 of them were ~45 s of the CI's fuzz stage)
  totals "$cov/profiles/$t.profdata" provider "$bin" >"$cov/profiles/$t.provider" &
  src_t=$(totals "$cov/profiles/$t.profdata" src "$bin")
  wait $!
  printf 'coverage %-20s %4d inputs  src/: %s  provider/: %s\n' "$t" "$n" "$src_t" "$(cat "$cov/profiles/$t.provider")"
  objects+=(-object "$bin")
  profiles+=("$cov/profiles/$t.profdata")
done
if [ ${#profiles[@]} -gt 0 ]; then
  "$profdata" merge -sparse "${profiles[@]}" -o "$cov/profiles/all.profdata"
  # the first object is named plainly, the rest with -object
  first=${objects[1]}
  rest=("${objects[@]:2}")
  printf 'coverage %-20s        src/: %s  provider/: %s\n' "all targets" \
    "$(totals "$cov/profiles/all.profdata" src "$first" "${rest[@]}")" \
    "$(totals "$cov/profiles/all.profdata" provider "$first" "${rest[@]}")"
fi
