#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ct_msan.sh [BUILD_DIR] - the constant-time check of the AVX-512 code under clang's
# MemorySanitizer (tests/test_ct_msan.c), and the proof that it can fail.
#
# 1. Builds the library and the test with -fsanitize=memory (everything instrumented; we are
#    plain C, so no instrumented C++ library is needed), -fsanitize-memory-param-retval and
#    -mllvm -msan-check-access-address=1 (a load or store through a secret-dependent address
#    is reported: LLVM's default, made explicit so that it cannot silently change).
# 2. Runs test_backends, test_backends_xn, test_mlkem_simd and test_mldsa_simd in that build:
#    they compare the AVX-512 Keccak backends with the reference and the AVX2 / AVX-512
#    arithmetic with the portable C, so the few MSan-only stand-ins (vpternlogq, 512-bit
#    vpmaddwd, the x4 lane gather; see keccak_p1600_avx512_rounds.h, reduce_avx512.h,
#    sampling_avx512.c) compute the same.
# 3. Runs test_keyed_ct (KMAC, cSHAKE, every hash on secret input, every backend) and
#    test_ct_msan unmutated: must pass.
# 4. Mutation 1 (-DKF_CT_MUTATION=1): a branch on a secret coefficient at the start of
#    kf_mlkem_poly_ntt_avx512 and of kf_mlkem_poly_ntt2_avx512 (KeyGen's s_i and e_i at once).
#    Must fail, MSan's report in one of the two.
#    Mutation 2 (-DKF_CT_MUTATION=2): a table load indexed by a secret byte at the start of
#    kf_mlkem_cbd2_avx512 / kf_mlkem_cbd3_avx512. Must fail, report in the CBD.
#    (Only those two files are recompiled for a mutation: CMakeLists.txt, KF_CT_MUTATION.)
# Exit 0 if all hold, 1 if not, 77 (skipped) without clang's MSan or without AVX-512.
# ct_msan.sh BUILD_DIR --build-only: step 1 only (.ci/stages/45-msan-ct.sh prepare).
set -uo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
b=${1:-$src/build-ct-msan}
mkdir -p "$b"
command -v clang >/dev/null || { echo "ct_msan: clang not installed: skipped"; exit 77; }
echo 'int main(void){return 0;}' | clang -fsanitize=memory -x c - -o /dev/null 2>/dev/null \
  || { echo "ct_msan: clang has no MemorySanitizer runtime: skipped"; exit 77; }
flags="-fsanitize=memory -fsanitize-memory-param-retval -fno-omit-frame-pointer -mllvm -msan-check-access-address=1"
export MSAN_OPTIONS="exitcode=66"   # MSan's default exit code 77 would read as "skipped"
passed=0 failed=0
ok()  { echo "ok   $*"; passed=$((passed + 1)); }
bad() { echo "FAIL $*"; failed=$((failed + 1)); }

configure() {
  CC=clang cmake -S "$src" -B "$b" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKF_BUILD_TOOLS=OFF \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=memory \
    -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=memory -DKF_CT_MUTATION="$1" >"$b/ct_msan.cmake.log" 2>&1 \
    || { cat "$b/ct_msan.cmake.log"; exit 1; }
}

configure 0
cmake --build "$b" -j"$(nproc)" --target test_ct_msan test_keyed_ct test_backends test_backends_xn test_mlkem_simd test_mldsa_simd >"$b/ct_msan.build.log" 2>&1 \
  || { tail -30 "$b/ct_msan.build.log"; exit 1; }
[ "${2:-}" = --build-only ] && exit 0
for t in test_backends test_backends_xn test_mlkem_simd test_mldsa_simd; do
  # the backend lists as tests/CMakeLists.txt passes them
  args=$(sed -n "s/^add_test(\[=\[${t}\]=\] \"[^\"]*\" *\(.*\))$/\1/p" "$b/tests/CTestTestfile.cmake" | tr -d '"')
  # shellcheck disable=SC2086
  if "$b/tests/$t" $args >"$b/$t.log" 2>&1; then ok "$t under MSan (stand-ins compute the same)"
  else bad "$t under MSan"; tail -20 "$b/$t.log"; fi
done
# KMAC, cSHAKE and every hash on secret input, on every backend this CPU runs (the AVX-512
# ones included, which valgrind's keyed_ct cannot run): any CPU, so before the AVX-512 check
if "$b/tests/test_keyed_ct" >"$b/keyed.log" 2>&1; then ok "test_keyed_ct under MSan: $(grep -c ': outputs right' "$b/keyed.log") backend pairs"
else bad "test_keyed_ct under MSan"; grep -m5 -A4 'WARNING\|FAIL' "$b/keyed.log"; fi
"$b/tests/test_ct_msan" >"$b/ct0.log" 2>&1
rc=$?
if [ $rc = 77 ]; then cat "$b/ct0.log"; echo "ct_msan: skipped"; exit 77; fi
if [ $rc = 0 ]; then ok "test_ct_msan, unmutated: no secret-dependent branch or address ($(grep -c '^test_ct_msan:' "$b/ct0.log") runs)"
else bad "test_ct_msan, unmutated (exit $rc)"; head -40 "$b/ct0.log"; fi

for m in 1 2; do
  case $m in
    1) what="secret branch in the AVX-512 NTT"; where="kf_mlkem_poly_ntt2?_avx512" ;;
    2) what="secret-indexed load in the AVX-512 CBD"; where="kf_mlkem_cbd[23]_avx512" ;;
  esac
  configure $m
  cmake --build "$b" -j"$(nproc)" --target test_ct_msan >"$b/ct_msan.build.log" 2>&1 || { tail -30 "$b/ct_msan.build.log"; exit 1; }
  "$b/tests/test_ct_msan" >"$b/ct$m.log" 2>&1
  rc=$?
  top=$(grep -m1 -A1 'WARNING: MemorySanitizer: use-of-uninitialized-value' "$b/ct$m.log" | grep -m1 '#0' || true)
  if [ $rc = 66 ] && echo "$top" | grep -Eq " in $where "; then
    ok "mutation $m ($what) is reported:$(echo "$top" | sed -E 's/.* in / /')"
  else
    bad "mutation $m ($what) not reported as expected (exit $rc; first report: ${top:-none})"
  fi
done
configure 0 # leave the build unmutated
echo "ct_msan: $passed passed, $failed failed"
[ "$failed" = 0 ]
