#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Runs a RISC-V 64 Linux program under qemu-user with the vector extension (RVV 1.0): the
# CMAKE_CROSSCOMPILING_EMULATOR of cmake/toolchains/riscv64-linux-gnu.cmake. The vector length
# in bits is $KF_QEMU_VLEN when set, else DEFAULT_VLEN (the toolchain's KF_QEMU_VLEN), so one
# cross build's tests run at several VLENs by changing only the environment
# (tests/cross/cross_tests.cmake does).
# Two more variables, for the Zvbb runs (tests/cross/run-zvbb.sh): $KF_QEMU_RISCV64, the QEMU
# to use (default: qemu-riscv64 from PATH), and $KF_QEMU_CPU_EXTRA, properties appended to
# -cpu (e.g. "zvbb=true"; QEMU >= 8 only: then vext_spec is left out, as QEMU 10 has only v1.0).
# Usage: qemu-riscv64.sh DEFAULT_VLEN PROGRAM [ARGS...]
vlen=${KF_QEMU_VLEN:-$1}
shift
if [ -n "$KF_QEMU_CPU_EXTRA" ]; then
  exec "${KF_QEMU_RISCV64:-qemu-riscv64}" -L /usr/riscv64-linux-gnu -cpu "rv64,v=true,vlen=$vlen,$KF_QEMU_CPU_EXTRA" "$@"
fi
exec "${KF_QEMU_RISCV64:-qemu-riscv64}" -L /usr/riscv64-linux-gnu -cpu "rv64,v=true,vext_spec=v1.0,vlen=$vlen" "$@"
