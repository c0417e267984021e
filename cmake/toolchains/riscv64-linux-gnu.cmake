# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross build for RISC-V 64 Linux (Debian's gcc-riscv64-linux-gnu); tests run under qemu-riscv64
# through tests/cross/qemu-riscv64.sh, with the vector extension at VLEN = KF_QEMU_VLEN bits
# (128, 256, 512, ...; default 128); the environment variable of the same name overrides it
# when the tests run.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR riscv64)
set(CMAKE_C_COMPILER riscv64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/riscv64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
if(NOT KF_QEMU_VLEN)
  set(KF_QEMU_VLEN 128)
endif()
get_filename_component(KF_QEMU_WRAPPER ${CMAKE_CURRENT_LIST_DIR}/../../tests/cross/qemu-riscv64.sh ABSOLUTE)
set(CMAKE_CROSSCOMPILING_EMULATOR ${KF_QEMU_WRAPPER};${KF_QEMU_VLEN})
