/* backends_riscv64.h - the RISC-V 64 backends (seed 003), declared and listed for dispatch.c. */
#ifndef KF_BACKENDS_RISCV64_H
#define KF_BACKENDS_RISCV64_H
#define KF_ARCH_BACKENDS_X1
#define KF_ARCH_BACKENDS_XN
#endif
