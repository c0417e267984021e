# SPDX-License-Identifier: Apache-2.0 OR MIT
# clang with its sanitizer runtimes and libFuzzer (Debian 12: clang 14; libclang-rt-14-dev
# holds ASan/UBSan/TSan/MSan and libFuzzer): the clang ASan+UBSan suite, ThreadSanitizer,
# the MemorySanitizer constant-time check and the fuzz smoke runs (.ci/stages/3x-5x);
# llvm-profdata/llvm-cov (package llvm-14) for the fuzz corpora's coverage summary.
command -v clang >/dev/null || need_pkgs+=(clang)
clang_rt=$(clang -print-runtime-dir 2>/dev/null || true)
{ [ -n "$clang_rt" ] && [ -e "$clang_rt/libclang_rt.fuzzer-x86_64.a" ]; } || [ "$(uname -m)" != x86_64 ] \
  || need_pkgs+=(libclang-rt-14-dev)
unset clang_rt
command -v llvm-profdata-14 >/dev/null || command -v llvm-profdata >/dev/null || need_pkgs+=(llvm-14)
