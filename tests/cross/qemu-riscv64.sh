#!/bin/sh
# Runs a RISC-V 64 Linux program under qemu-user with the vector extension (RVV 1.0): the
# CMAKE_CROSSCOMPILING_EMULATOR of cmake/toolchains/riscv64-linux-gnu.cmake. The vector length
# in bits is $KF_QEMU_VLEN when set, else DEFAULT_VLEN (the toolchain's KF_QEMU_VLEN), so one
# cross build's tests run at several VLENs by changing only the environment
# (tests/cross/cross_tests.cmake does).
# Usage: qemu-riscv64.sh DEFAULT_VLEN PROGRAM [ARGS...]
vlen=${KF_QEMU_VLEN:-$1}
shift
exec qemu-riscv64 -L /usr/riscv64-linux-gnu -cpu "rv64,v=true,vext_spec=v1.0,vlen=$vlen" "$@"
