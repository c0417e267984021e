/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backends_aarch64.h - the AArch64 backends (seed 002), declared and listed for dispatch.c. */
#ifndef KF_BACKENDS_AARCH64_H
#define KF_BACKENDS_AARCH64_H

extern const kf_backend kf_backend_aarch64_x1;        /* scalar, lazy rotations (§3.1) */

extern const kf_backend_xn kf_backend_x2_neon;        /* Armv8-A Neon (§3.3) */
extern const kf_backend_xn kf_backend_x2_sha3;        /* Armv8.4-A SHA-3 (§3.2) */
extern const kf_backend_xn kf_backend_x2_neonsha3;    /* Neon/Neon+SHA-3 hybrid (§4.4) */
extern const kf_backend_xn kf_backend_x3_hybrid;      /* Scalar/Neon hybrids (§4.4) */
extern const kf_backend_xn kf_backend_x3_hybrid_sha3;
extern const kf_backend_xn kf_backend_x4_hybrid;
extern const kf_backend_xn kf_backend_x4_hybrid_sha3;
extern const kf_backend_xn kf_backend_x5_hybrid;
extern const kf_backend_xn kf_backend_x5_hybrid_sha3;

#define KF_ARCH_BACKENDS_X1 &kf_backend_aarch64_x1,
/* the preference is each backend's .rank; why these ranks: keccak_p1600_hybrid_backend.c */
#define KF_ARCH_BACKENDS_XN \
    &kf_backend_x4_hybrid_sha3, &kf_backend_x3_hybrid_sha3, &kf_backend_x5_hybrid_sha3, \
    &kf_backend_x4_hybrid, &kf_backend_x5_hybrid, &kf_backend_x3_hybrid, \
    &kf_backend_x2_neonsha3, &kf_backend_x2_sha3, &kf_backend_x2_neon,
#endif
