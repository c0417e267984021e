#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# fuzz/run.sh BUILD_DIR SECONDS [JOBS] [TARGET...] - run each fuzz target for SECONDS, JOBS
# targets at a time (default 2). Each starts from the tree's corpus fuzz/corpus/<target>
# (read only: minimised, kept in git), the regression inputs fuzz/regress/<target> (inputs
# that found bugs) and fresh seeds from fuzz_make_seeds; what it finds
# goes to BUILD_DIR/fuzz-corpus/<target> (kept between runs). Crashes land in
# BUILD_DIR/fuzz-artifacts/. A target that was not built (fuzz_provider without OpenSSL 3)
# is reported as skipped. Prints the executions of each target and "N passed, N failed"
# (failed: a target that found a crash, leak, timeout or a failed check). See fuzz/README.md.
set -uo pipefail
b=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
secs=$2
jobs=${3:-2}
shift 3 2>/dev/null || shift $#
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_modes fuzz_batch fuzz_mlkem_encaps fuzz_mlkem_decaps fuzz_slhdsa_verify fuzz_mldsa
                                     fuzz_sum_check fuzz_key_decode fuzz_provider fuzz_cli_keyfile fuzz_mldsa_backends
                                     fuzz_mldsa_batch fuzz_key_grammar)
built=()
for t in "${targets[@]}"; do
  if [ -x "$b/fuzz/$t" ]; then built+=("$t"); else echo "skip $t: not built (see the cmake output)"; fi
done
targets=("${built[@]}")
mkdir -p "$b/fuzz-corpus" "$b/fuzz-artifacts" "$b/fuzz-logs"
rm -rf "$b/fuzz-seeds"
"$b/fuzz/fuzz_make_seeds" "$b/fuzz-seeds" || exit 1
run_one() {
  local t=$1
  mkdir -p "$b/fuzz-corpus/$t"
  # fuzz_sum_check, fuzz_cli_keyfile: kforge's own messages on stderr are dropped
  # (-close_fd_mask=2); the sanitizers' and libFuzzer's reports still reach the log
  local mask=0
  case $t in fuzz_sum_check|fuzz_cli_keyfile) mask=2 ;; esac
  # new units go to the first directory (the build's); the tree's corpus is only read
  local dirs=("$b/fuzz-corpus/$t")
  [ -d "$src/fuzz/corpus/$t" ] && dirs+=("$src/fuzz/corpus/$t")
  [ -d "$src/fuzz/regress/$t" ] && dirs+=("$src/fuzz/regress/$t")
  [ -d "$b/fuzz-seeds/$t" ] && dirs+=("$b/fuzz-seeds/$t")
  "$b/fuzz/$t" -max_total_time="$secs" -timeout=30 -rss_limit_mb=2560 -close_fd_mask=$mask \
    -print_final_stats=1 -artifact_prefix="$b/fuzz-artifacts/$t-" \
    "${dirs[@]}" >"$b/fuzz-logs/$t.log" 2>&1
  echo $? >"$b/fuzz-logs/$t.rc"
}
running=0
for t in "${targets[@]}"; do
  run_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait
passed=0 failed=0
for t in "${targets[@]}"; do
  rc=$(cat "$b/fuzz-logs/$t.rc" 2>/dev/null || echo 1)
  execs=$(sed -n 's/^stat::number_of_executed_units: //p' "$b/fuzz-logs/$t.log")
  cov=$(grep -o 'cov: [0-9]*' "$b/fuzz-logs/$t.log" | tail -1)
  if [ "$rc" = 0 ]; then
    echo "ok   $t: ${execs:-?} executions in ${secs} s, ${cov:-cov: ?}"
    passed=$((passed + 1))
  else
    echo "FAIL $t (exit $rc): ${execs:-?} executions; log $b/fuzz-logs/$t.log"
    grep -E 'ERROR|fuzz check failed|runtime error|SUMMARY|Test unit written' "$b/fuzz-logs/$t.log" | head -10
    failed=$((failed + 1))
  fi
done
rm -rf /tmp/kf-fuzz-sum-* 2>/dev/null
echo "fuzz: $passed passed, $failed failed"
[ "$failed" = 0 ]
