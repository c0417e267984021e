#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Runs an AArch64 Linux program under qemu-user: the CMAKE_CROSSCOMPILING_EMULATOR of
# cmake/toolchains/aarch64-linux-gnu.cmake. The emulated CPU is $KF_QEMU_CPU when set, else
# DEFAULT_CPU (the toolchain's KF_QEMU_CPU), so one cross build's tests run on several CPUs
# by changing only the environment (tests/cross/cross_tests.cmake does).
# "max" has the SHA-3 instructions (FEAT_SHA3), "cortex-a72" has Neon without them.
# Usage: qemu-aarch64.sh DEFAULT_CPU PROGRAM [ARGS...]
cpu=${KF_QEMU_CPU:-$1}
shift
exec qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu "$cpu" "$@"
