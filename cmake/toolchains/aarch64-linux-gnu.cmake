# SPDX-License-Identifier: Apache-2.0 OR MIT
# Cross build for AArch64 Linux (Debian's gcc-aarch64-linux-gnu); tests run under qemu-aarch64
# through tests/cross/qemu-aarch64.sh. KF_QEMU_CPU picks the emulated CPU: "max" (the default)
# has the SHA-3 instructions, "cortex-a72" does not; the environment variable of the same name
# overrides it when the tests run.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
if(NOT KF_QEMU_CPU)
  set(KF_QEMU_CPU max)
endif()
get_filename_component(KF_QEMU_WRAPPER ${CMAKE_CURRENT_LIST_DIR}/../../tests/cross/qemu-aarch64.sh ABSOLUTE)
set(CMAKE_CROSSCOMPILING_EMULATOR ${KF_QEMU_WRAPPER};${KF_QEMU_CPU})
