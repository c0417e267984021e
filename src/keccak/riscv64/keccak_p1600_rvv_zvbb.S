/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_rvv_zvbb.S - the RVV plane kernel (keccak_p1600_rvv_planes.S) on the standard
 * vector bit-manipulation extension Zvbb (its subset Zvkb is enough: vror, vrol, vandn), which
 * RVA23 makes mandatory. Same layout, arguments, tables and register use as the RVV 1.0
 * kernel; three things change per round:
 *   theta  rotl(C[x+2], 1) is one vror.vi by 63 instead of vmadc + vadc;
 *   rho    vrol.vv by the per-element offsets instead of vrsub + vsll + vsrl + vor;
 *   chi    F[x+2] & ~F[x+1] is one vandn.vv instead of vnot + vand.
 * 63 instructions per round for any n instead of 84 (bench/cross_bench/cross_bench.py, and
 * README of bench/rvv_ise_model for the seed-003 view of the same steps).
 *
 * void kf_rvv_zvbb_planes_permute(uint64_t *planes, unsigned nr, unsigned n,
 *                                 const uint16_t pi[5][40], const uint64_t rho[5][40],
 *                                 const uint16_t shift[3][40], const uint64_t *rc,
 *                                 const uint8_t mask[8]);
 *
 * Binutils 2.40 (Debian 12) does not know Zvbb's mnemonics, so the three instructions are
 * emitted as words by the macros below (OP-V major opcode 0x57, vm = 1: unmasked). The
 * ctest rvv_zvbb_encodings assembles this file a second time with the mnemonics
 * (KF_ZVBB_MNEMONICS) by a clang that knows Zvbb and compares the two objects' code.
 * Only CPUs whose kernel reports Zvbb or Zvkb run this code (keccak_p1600_rvv.c's
 * rvv-zvbb-* backends require KF_CPU_RVV_ZVBB, which dispatch.c takes from riscv_hwprobe).
 */

#ifdef KF_ZVBB_MNEMONICS
/* For tests/cross/zvbb_encodings.sh only: the same instructions by name, for an assembler that
 * knows Zvbb (clang 17 or later), so the two objects can be compared byte for byte. */
.macro vror_vi vd, vs2, imm
    vror.vi v\vd, v\vs2, \imm
.endm
.macro vrol_vv vd, vs2, vs1
    vrol.vv v\vd, v\vs2, v\vs1
.endm
.macro vandn_vv vd, vs2, vs1
    vandn.vv v\vd, v\vs2, v\vs1
.endm
#else
/* vror.vi vd, vs2, uimm6: funct6 = 01010 with uimm[5] in bit 26, OPIVI (funct3 011) */
.macro vror_vi vd, vs2, imm
    .word (0x0a << 27) | ((((\imm) >> 5) & 1) << 26) | (1 << 25) | ((\vs2) << 20) | (((\imm) & 31) << 15) | (3 << 12) | ((\vd) << 7) | 0x57
.endm
/* vrol.vv vd, vs2, vs1: funct6 010101, OPIVV (funct3 000) */
.macro vrol_vv vd, vs2, vs1
    .word (0x15 << 26) | (1 << 25) | ((\vs2) << 20) | ((\vs1) << 15) | ((\vd) << 7) | 0x57
.endm
/* vandn.vv vd, vs2, vs1 (vd = vs2 & ~vs1): funct6 000001, OPIVV */
.macro vandn_vv vd, vs2, vs1
    .word (0x01 << 26) | (1 << 25) | ((\vs2) << 20) | ((\vs1) << 15) | ((\vd) << 7) | 0x57
.endm
#endif

/* theta's rotation by 1: rotr by 63 */
.macro rotl1_v28
    vror_vi 28, 28, 63
.endm

/* Rho on plane A = v<AN> (in place) with the offsets at (R), then A stored at (P) for pi. */
.macro rho_plane a, an, r, p
    vle64.v v4, (\r)
    vrol_vv \an, \an, 4             /* A = rotl(A, r) element by element */
    vse64.v \a, (\p)
.endm

/* Output plane A = v<AN>: pi gathers its lanes from memory (offsets at (IDX)), then chi. */
.macro pi_chi_plane a, an, idx
    vle16.v v0, (\idx)
    vluxei16.v \a, (a0), v0        /* F */
    vrgatherei16.vv v4, \a, v1     /* F[x+1] */
    vrgatherei16.vv v28, \a, v2    /* F[x+2] */
    vandn_vv 4, 28, 4               /* F[x+2] & ~F[x+1] */
    vxor.vv \a, \a, v4
.endm

#define KF_RVV_PLANES_FN kf_rvv_zvbb_planes_permute
#include "keccak_p1600_rvv_body.S"
