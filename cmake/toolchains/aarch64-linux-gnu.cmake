# Cross build for AArch64 Linux (Debian's gcc-aarch64-linux-gnu); tests run under qemu-aarch64.
# KF_QEMU_CPU picks the emulated CPU: "max" has the SHA-3 instructions, "cortex-a72" does not.
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
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/aarch64-linux-gnu;-cpu;${KF_QEMU_CPU})
