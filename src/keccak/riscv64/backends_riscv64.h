/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backends_riscv64.h - the RISC-V 64 backends (seed 003), declared and listed for dispatch.c. */
#ifndef KF_BACKENDS_RISCV64_H
#define KF_BACKENDS_RISCV64_H

/*
 * The RVV backends keep each plane of the state in one LMUL=4 register group (keccak_p1600_rvv.c),
 * so how many states fit side by side depends on VLEN: 5n <= 4 * VLEN / 64. dispatch.c's
 * detect() reports VLEN as the KF_CPU_RVV_VLEN* bits next to KF_CPU_RVV (keccak_backend.h);
 * each rvv-xN requires the smallest VLEN its n fits in.
 */

extern const kf_backend kf_backend_rv64_x1;    /* RV64GC assembly, no vector unit needed */
extern const kf_backend kf_backend_rvv_x1;     /* one state, any VLEN >= 128 */
extern const kf_backend_xn kf_backend_rvv_x3;  /* VLEN >= 256 */
extern const kf_backend_xn kf_backend_rvv_x6;  /* VLEN >= 512 */
extern const kf_backend_xn kf_backend_rvv_x8;  /* VLEN >= 1024 */
/* The same on Zvbb/Zvkb (vror, vrol, vandn; RVA23): KF_CPU_RVV_ZVBB, from riscv_hwprobe */
extern const kf_backend kf_backend_rvv_zvbb_x1;
extern const kf_backend_xn kf_backend_rvv_zvbb_x3;
extern const kf_backend_xn kf_backend_rvv_zvbb_x6;
extern const kf_backend_xn kf_backend_rvv_zvbb_x8;

#define KF_ARCH_BACKENDS_X1 &kf_backend_rv64_x1, &kf_backend_rvv_zvbb_x1, &kf_backend_rvv_x1,
#define KF_ARCH_BACKENDS_XN &kf_backend_rvv_zvbb_x8, &kf_backend_rvv_x8, &kf_backend_rvv_zvbb_x6, \
                            &kf_backend_rvv_x6, &kf_backend_rvv_zvbb_x3, &kf_backend_rvv_x3,
#endif
