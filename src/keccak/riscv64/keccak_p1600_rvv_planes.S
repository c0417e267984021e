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
 * (tools/cross_bench/cross_bench.py).
 *
 * LMUL grouping: the paper holds a plane in one register and runs rho, pi and chi on all five
 * planes as one LMUL=8 group (Algorithm 3). That needs 5 elements per register, so VLEN >= 512
 * (one state; three at 1024), and below that a plane of even one state spans registers. So
 * here the grouping is per plane instead: each plane of n states is one LMUL=4 group,
 * every instruction of theta, rho and chi works on a whole plane, and n grows with VLEN. Pairs
 * of planes as LMUL=8 groups would halve rho's and chi's logic instructions but need LMUL=8
 * temporaries, which do not fit beside 20 registers of planes.
 */
/* Rho on plane A (in place) with the offsets at (R), then A stored at (P) for pi. */
.macro rho_plane a, r, p
    vle64.v v4, (\r)               /* r */
    vrsub.vi v28, v4, 0             /* -r: vsrl takes it mod 64, so this is 64 - r */
    vsll.vv v4, \a, v4
    vsrl.vv \a, \a, v28
    vor.vv  \a, \a, v4
    vse64.v \a, (\p)
.endm

/* Output plane A: pi gathers its lanes from memory (offsets at (IDX)), then chi. */
.macro pi_chi_plane a, idx
    vle16.v v0, (\idx)
    vluxei16.v \a, (a0), v0        /* F */
    vrgatherei16.vv v4, \a, v1     /* F[x+1] */
    vrgatherei16.vv v28, \a, v2    /* F[x+2] */
    vnot.v  v4, v4
    vand.vv v4, v4, v28
    vxor.vv \a, \a, v4            /* F ^ (~F[x+1] & F[x+2]) */
.endm

    .text
    .p2align 2
    .globl kf_rvv_planes_permute
    .hidden kf_rvv_planes_permute
    .type kf_rvv_planes_permute, @function
kf_rvv_planes_permute:
    addi    sp, sp, -80
    sd      s0, 0(sp)
    sd      s1, 8(sp)
    sd      s2, 16(sp)
    sd      s3, 24(sp)
    sd      s4, 32(sp)
    sd      s5, 40(sp)
    sd      s6, 48(sp)
    sd      s7, 56(sp)
    sd      s8, 64(sp)
    sd      s9, 72(sp)

    slli    t0, a2, 2
    add     t0, t0, a2              /* VL = 5n elements */
    vsetvli zero, t0, e64, m4, ta, mu   /* mu: iota's masked xor keeps the other elements */
    slli    t6, t0, 3               /* plane stride in bytes: 40n */

    mv      t1, a0                  /* t1..t5: plane y in memory */
    add     t2, t1, t6
    add     t3, t2, t6
    add     t4, t3, t6
    add     t5, t4, t6
    mv      s0, a4                  /* s0..s4: rho row y (320 bytes each) */
    addi    s1, s0, 320
    addi    s2, s1, 320
    addi    s3, s2, 320
    addi    s4, s3, 320
    mv      s5, a3                  /* s5..s9: pi row Y (80 bytes each) */
    addi    s6, s5, 80
    addi    s7, s6, 80
    addi    s8, s7, 80
    addi    s9, s8, 80
    vle16.v v1, (a5)                /* x + 1 */
    addi    a5, a5, 80
    vle16.v v2, (a5)                /* x + 2 */
    addi    a5, a5, 80
    vle16.v v3, (a5)                /* x + 4 = x - 1 */
    slli    a1, a1, 3
    add     a1, a6, a1              /* end of the round constants */

    vle64.v v8, (t1)
    vle64.v v12, (t2)
    vle64.v v16, (t3)
    vle64.v v20, (t4)
    vle64.v v24, (t5)

1:
    /* theta */
    vxor.vv v4, v8, v12
    vxor.vv v4, v4, v16
    vxor.vv v4, v4, v20
    vxor.vv v4, v4, v24             /* C[x] */
    vrgatherei16.vv v28, v4, v2     /* C[x+2] */
    vmadc.vv v0, v28, v28           /* carry out of C+C: the top bit */
    vadc.vvm v28, v28, v28, v0      /* rotl(C[x+2], 1) */
    vxor.vv v4, v4, v28             /* Y[x] = C[x] ^ rotl(C[x+2], 1) */
    vrgatherei16.vv v28, v4, v3     /* D[x] = Y[x-1] = C[x-1] ^ rotl(C[x+1], 1) */
    vxor.vv v8, v8, v28
    vxor.vv v12, v12, v28
    vxor.vv v16, v16, v28
    vxor.vv v20, v20, v28
    vxor.vv v24, v24, v28

    /* rho, each plane stored back for pi */
    rho_plane v8, s0, t1
    rho_plane v12, s1, t2
    rho_plane v16, s2, t3
    rho_plane v20, s3, t4
    rho_plane v24, s4, t5

    /* pi (one indexed load per output plane) and chi */
    pi_chi_plane v8, s5
    pi_chi_plane v12, s6
    pi_chi_plane v16, s7
    pi_chi_plane v20, s8
    pi_chi_plane v24, s9

    /* iota */
    vlm.v   v0, (a7)
    ld      t0, 0(a6)
    addi    a6, a6, 8
    vxor.vx v8, v8, t0, v0.t
    bne     a6, a1, 1b

    vse64.v v8, (t1)
    vse64.v v12, (t2)
    vse64.v v16, (t3)
    vse64.v v20, (t4)
    vse64.v v24, (t5)
    ld      s0, 0(sp)
    ld      s1, 8(sp)
    ld      s2, 16(sp)
    ld      s3, 24(sp)
    ld      s4, 32(sp)
    ld      s5, 40(sp)
    ld      s6, 48(sp)
    ld      s7, 56(sp)
    ld      s8, 64(sp)
    ld      s9, 72(sp)
    addi    sp, sp, 80
    ret
    .size kf_rvv_planes_permute, .-kf_rvv_planes_permute
    .section .note.GNU-stack, "", @progbits
