/* backends_aarch64.h - the AArch64 backends (seed 002), declared and listed for dispatch.c. */
#ifndef KF_BACKENDS_AARCH64_H
#define KF_BACKENDS_AARCH64_H
#define KF_ARCH_BACKENDS_X1
#define KF_ARCH_BACKENDS_XN
#endif
