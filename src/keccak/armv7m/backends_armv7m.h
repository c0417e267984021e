/* backends_armv7m.h - the ARMv7-M backends (seed 000), declared and listed for dispatch.c. */
#ifndef KF_BACKENDS_ARMV7M_H
#define KF_BACKENDS_ARMV7M_H
#define KF_ARCH_BACKENDS_X1
#define KF_ARCH_BACKENDS_XN
#endif
