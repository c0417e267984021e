/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_rvv_planes.S - Keccak-p[1600, nr] on n states at once with RVV 1.0, plane by
 * plane (seed 003 §3.1 and §4.1), in standard RVV 1.0 only (no Zvbb, no custom instructions).
 *
 * void kf_rvv_planes_permute(uint64_t *planes, unsigned nr, unsigned n,
 *                            const uint16_t pi[5][40], const uint64_t rho[5][40],
 *                            const uint16_t shift[3][40], const uint64_t *rc,
 *                            const uint8_t mask[8]);
 *
 * planes: the n states plane-major: lane (x, y) of state s at word 5n*y + 5s + x, so plane y
 *   of all n states is 5n contiguous words and loads into one vector register group with
 *   element index 5s + x (element index mod 5 is x, as the paper's Fig. 5). For n = 1 this is
 *   the plain FIPS 202 lane order.
 * nr: rounds 1..24; rc: &RC[24 - nr] (the last nr round constants).
 * The tables (keccak_p1600_rvv.c) are 40 entries per row, one entry per element up to 8 states:
 *   pi[Y]     byte offset in `planes` of the lane that pi brings to element e of output plane Y
 *             (it depends on n through the plane stride);
 *   rho[y]    the rho offset of element e of plane y;
 *   shift[k]  for k = 0, 1, 2: the element with the same state and x + 1, x + 2, x + 4 (mod 5);
 *   mask      bits 5s set: the x = 0 elements, for iota.
 *
 * Registers: every plane is an LMUL=4 group: A0..A4 = v8, v12, v16, v20, v24; v4 and v28 are
 * the temporaries; v1, v2, v3 hold shift[0..2] (16-bit indices: EMUL 1 under e64/m4) for the
 * whole call; v0 holds pi indices and masks. VL = 5n <= 4 * VLEN / 64, so VLEN >= 128 holds one
 * state, 256 three, 512 six, 1024 eight: the same instruction stream serves more states as
 * VLEN grows, and the caller chooses n from VLEN.
 *
 * Standard RVV has no rotate, no slide modulo 5 and no pi (the paper's custom vrotup,
 * vslideupm/vslidedownm, v64rho, vpi), so per round:
 *   theta  C = xor of the planes; D[x] = C[x-1] ^ rotl(C[x+1], 1) is computed as
 *          Y = C ^ rotl(C[x+2], 1), D = Y[x-1]: two vrgatherei16 and no third temporary; the
 *          rotation by 1 is vmadc (the carry out of C+C is the top bit) + vadc (C+C+carry).
 *   rho    vsll/vsrl by the per-element offsets (the right shift by -r: vsrl uses r mod 64).
 *   pi     through memory: each plane is stored back to `planes`, then each output plane is
 *          one indexed load (vluxei16) of the lanes pi sends there.
 *   chi    F ^ (~F[x+1] & F[x+2]) with two vrgatherei16 per plane.
 *   iota   one masked vxor.vx on the x = 0 elements of plane 0.
 * That is 84 instructions per round for any n (plus ~80 per call), so instructions per state
 * fall as 1/n: 87.5, 29.2, 14.6, 10.9 per state per round at VLEN 128, 256, 512, 1024
 * (bench/cross_bench/cross_bench.py).
 *
 * LMUL grouping: the paper holds a plane in one register and runs rho, pi and chi on all five
 * planes as one LMUL=8 group (Algorithm 3). That needs 5 elements per register, so VLEN >= 512
 * (one state; three at 1024), and below that a plane of even one state spans registers. So
 * here the grouping is per plane instead: each plane of n states is one LMUL=4 group,
 * every instruction of theta, rho and chi works on a whole plane, and n grows with VLEN. Pairs
 * of planes as LMUL=8 groups would halve rho's and chi's logic instructions but need LMUL=8
 * temporaries, which do not fit beside 20 registers of planes.
 */
/* theta's rotation by 1: the carry out of C+C is the top bit, C+C+carry the rotation */
.macro rotl1_v28
    vmadc.vv v0, v28, v28
    vadc.vvm v28, v28, v28, v0
.endm

/* Rho on plane A (in place) with the offsets at (R), then A stored at (P) for pi. */
.macro rho_plane a, an, r, p
    vle64.v v4, (\r)               /* r */
    vrsub.vi v28, v4, 0             /* -r: vsrl takes it mod 64, so this is 64 - r */
    vsll.vv v4, \a, v4
    vsrl.vv \a, \a, v28
    vor.vv  \a, \a, v4
    vse64.v \a, (\p)
.endm

/* Output plane A: pi gathers its lanes from memory (offsets at (IDX)), then chi. */
.macro pi_chi_plane a, an, idx
    vle16.v v0, (\idx)
    vluxei16.v \a, (a0), v0        /* F */
    vrgatherei16.vv v4, \a, v1     /* F[x+1] */
    vrgatherei16.vv v28, \a, v2    /* F[x+2] */
    vnot.v  v4, v4
    vand.vv v4, v4, v28
    vxor.vv \a, \a, v4            /* F ^ (~F[x+1] & F[x+2]) */
.endm

#define KF_RVV_PLANES_FN kf_rvv_planes_permute
#include "keccak_p1600_rvv_body.S"
