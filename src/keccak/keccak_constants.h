/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_constants.h - the Keccak-f[1600] constants, in one place.
 *
 * Macros, so that unrolled code can use them as instruction immediates (a rotation by a
 * literal is one rotate-immediate; a load from another file's table is not foldable).
 * keccak_constants.c builds the run-time tables kf_keccak_rc / kf_keccak_rho from the same
 * macros. The ref backend derives both independently from FIPS 202 Algorithms 2 and 5, and
 * every backend is tested against ref, so a wrong entry here cannot pass.
 */
#ifndef KF_KECCAK_CONSTANTS_H
#define KF_KECCAK_CONSTANTS_H

/* rho offsets r[x][y], FIPS 202 §3.2.2 Table 2: KF_RHO_<x>_<y> */
#define KF_RHO_0_0 0
#define KF_RHO_1_0 1
#define KF_RHO_2_0 62
#define KF_RHO_3_0 28
#define KF_RHO_4_0 27
#define KF_RHO_0_1 36
#define KF_RHO_1_1 44
#define KF_RHO_2_1 6
#define KF_RHO_3_1 55
#define KF_RHO_4_1 20
#define KF_RHO_0_2 3
#define KF_RHO_1_2 10
#define KF_RHO_2_2 43
#define KF_RHO_3_2 25
#define KF_RHO_4_2 39
#define KF_RHO_0_3 41
#define KF_RHO_1_3 45
#define KF_RHO_2_3 15
#define KF_RHO_3_3 21
#define KF_RHO_4_3 8
#define KF_RHO_0_4 18
#define KF_RHO_1_4 2
#define KF_RHO_2_4 61
#define KF_RHO_3_4 56
#define KF_RHO_4_4 14

/* The 25 offsets in lane order x + 5y, for table initializers. */
#define KF_RHO_TABLE_INIT { \
    KF_RHO_0_0, KF_RHO_1_0, KF_RHO_2_0, KF_RHO_3_0, KF_RHO_4_0, \
    KF_RHO_0_1, KF_RHO_1_1, KF_RHO_2_1, KF_RHO_3_1, KF_RHO_4_1, \
    KF_RHO_0_2, KF_RHO_1_2, KF_RHO_2_2, KF_RHO_3_2, KF_RHO_4_2, \
    KF_RHO_0_3, KF_RHO_1_3, KF_RHO_2_3, KF_RHO_3_3, KF_RHO_4_3, \
    KF_RHO_0_4, KF_RHO_1_4, KF_RHO_2_4, KF_RHO_3_4, KF_RHO_4_4 }

/* Round constants RC[ir], FIPS 202 §3.2.5, ir = 0..23: KF_RC_LIST(X) expands X(RC) for each. */
#define KF_RC_LIST(X) \
    X(0x0000000000000001ULL) X(0x0000000000008082ULL) X(0x800000000000808aULL) X(0x8000000080008000ULL) \
    X(0x000000000000808bULL) X(0x0000000080000001ULL) X(0x8000000080008081ULL) X(0x8000000000008009ULL) \
    X(0x000000000000008aULL) X(0x0000000000000088ULL) X(0x0000000080008009ULL) X(0x000000008000000aULL) \
    X(0x000000008000808bULL) X(0x800000000000008bULL) X(0x8000000000008089ULL) X(0x8000000000008003ULL) \
    X(0x8000000000008002ULL) X(0x8000000000000080ULL) X(0x000000000000800aULL) X(0x800000008000000aULL) \
    X(0x8000000080008081ULL) X(0x8000000000008080ULL) X(0x0000000080000001ULL) X(0x8000000080008008ULL)

#endif
