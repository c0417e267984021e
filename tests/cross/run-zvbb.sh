#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The riscv64 cross build's tests of the Zvbb backends once more on a CPU with Zvbb: the
# every_cpu tests (and those labelled EXTRA_LABELS) that are test_backends* (every backend the
# CPU runs against ref, every nr) or name an rvv-zvbb backend (KATs, differential, ML-KEM)
# (tests/cross/cross_tests.cmake: cross_riscv64_zvbb[VLEN]). The other tests ran already
# under the system's QEMU.
# Usage: run-zvbb.sh QEMU CROSS_BUILD_DIR VLEN JOBS [EXTRA_LABELS]
# Exit 77 (skipped, with one line saying why) when QEMU cannot emulate Zvbb: Debian 12's QEMU
# 7.2 cannot; .ci/deps/40-rvv.sh unpacks QEMU 10 from bookworm-backports into .ci-cache/.
qemu=$1 dir=$2 vlen=$3 jobs=$4 extra=$5
cpu="rv64,v=true,vlen=$vlen,zvbb=true"
if ! command -v "$qemu" >/dev/null 2>&1; then
  echo "skipped: no QEMU for the Zvbb runs ($qemu; set KF_QEMU_ZVBB, or .ci/deps/40-rvv.sh)"
  exit 77
fi
if ! out=$("$qemu" -L /usr/riscv64-linux-gnu -cpu "$cpu" "$dir/kforge" backends 2>&1); then
  echo "skipped: $qemu cannot emulate -cpu $cpu ($("$qemu" --version | head -n 1)): $(echo "$out" | head -n 1)"
  exit 77
fi
echo "$out"
if ! echo "$out" | grep '^rvv-zvbb-x1 ' | grep -v 'not runnable' | grep -q 'runnable'; then
  # QEMU takes zvbb=true, so its riscv_hwprobe should say so (QEMU 9 and later do)
  major=$("$qemu" --version | sed -n 's/.*version \([0-9]*\)\..*/\1/p' | head -n 1)
  if [ "${major:-0}" -lt 9 ]; then
    echo "skipped: QEMU $major emulates Zvbb but its riscv_hwprobe does not report it"
    exit 77
  fi
  echo "FAIL: QEMU $major reports Zvbb through riscv_hwprobe, but rvv-zvbb-x1 is not runnable: detection is broken"
  exit 1
fi
labels=every_cpu
[ -n "$extra" ] && labels="every_cpu|$extra"
KF_QEMU_VLEN=$vlen KF_QEMU_RISCV64=$qemu KF_QEMU_CPU_EXTRA=zvbb=true
export KF_QEMU_VLEN KF_QEMU_RISCV64 KF_QEMU_CPU_EXTRA
exec ctest --test-dir "$dir" --output-on-failure -j "$jobs" -L "$labels" -R 'zvbb|^test_backends' --output-log "$dir/ctest-zvbb-$vlen.log"
