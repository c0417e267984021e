# SPDX-License-Identifier: Apache-2.0 OR MIT
# The AArch64 and RISC-V suites under qemu-user (tests/cross/cross_tests.cmake), the ARMv7-M
# bare-metal tests (tests/armv7m/) and the Cortex-M cycle model (bench/cortexm_model/).
command -v aarch64-linux-gnu-gcc >/dev/null || need_pkgs+=(gcc-aarch64-linux-gnu)
command -v riscv64-linux-gnu-gcc >/dev/null || need_pkgs+=(gcc-riscv64-linux-gnu)
{ command -v qemu-aarch64 >/dev/null && command -v qemu-riscv64 >/dev/null; } || need_pkgs+=(qemu-user)
command -v arm-none-eabi-gcc >/dev/null || need_pkgs+=(gcc-arm-none-eabi)
[ -e /usr/lib/arm-none-eabi/newlib/libc.a ] || need_pkgs+=(libnewlib-arm-none-eabi)
command -v qemu-system-arm >/dev/null || need_pkgs+=(qemu-system-arm)
need_pip+=(unicorn capstone)   # the Cortex-M cycle model: Unicorn runs the code, Capstone decodes it
