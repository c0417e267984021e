#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest rvv_zvbb_encodings: the Zvbb kernel (src/keccak/riscv64/keccak_p1600_rvv_zvbb.S) emits
# vror.vi, vrol.vv and vandn.vv as .word for binutils 2.40; assemble it once that way (GNU as)
# and once with the mnemonics (KF_ZVBB_MNEMONICS) by a clang that knows Zvbb, without the C
# extension so neither assembler compresses, and compare the code byte for byte.
# Usage: zvbb_encodings.sh KERNEL.S GCC CLANG OBJCOPY WORKDIR
# Exit 77 (skipped, saying why) when the clang cannot assemble Zvbb (clang 17 or later can).
src=$1 gcc=$2 clang=$3 objcopy=$4 work=$5
mkdir -p "$work" || exit 1
if ! printf 'vandn.vv v1, v2, v3\n' | "$clang" --target=riscv64-linux-gnu -march=rv64imafdv_zvbb \
     -c -x assembler - -o "$work/probe.o" 2>/dev/null; then
  echo "skipped: $clang cannot assemble Zvbb (Debian 12: apt-get install clang-19)"
  exit 77
fi
"$gcc" -march=rv64imafdv -c "$src" -o "$work/words.o" || exit 1
"$clang" --target=riscv64-linux-gnu -march=rv64imafdv_zvbb -mno-relax -DKF_ZVBB_MNEMONICS -c "$src" -o "$work/names.o" || exit 1
"$objcopy" -O binary -j .text "$work/words.o" "$work/words.bin" || exit 1
"$objcopy" -O binary -j .text "$work/names.o" "$work/names.bin" || exit 1
if cmp "$work/words.bin" "$work/names.bin"; then
  echo "ok: $(wc -c < "$work/words.bin") bytes of code identical ($gcc's .word vs $clang's mnemonics)"
  exit 0
fi
echo "FAIL: the .word encodings differ from $clang's"
exit 1
