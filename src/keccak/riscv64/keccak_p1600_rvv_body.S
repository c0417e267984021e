/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_p1600_rvv_body.S - the body of the RVV plane kernel, shared by
 * keccak_p1600_rvv_planes.S (RVV 1.0) and keccak_p1600_rvv_zvbb.S (Zvbb/Zvkb), which include
 * it after defining what differs: KF_RVV_PLANES_FN (the function's name) and three macros,
 *   rotl1_v28                 v28 = rotl(v28, 1) (theta)
 *   rho_plane a, an, r, p     rho on plane a = v<an> with the offsets at (r), then a stored at (p)
 *   pi_chi_plane a, an, idx   output plane a = v<an>: pi's gather from memory, then chi
 * The layout, arguments, tables and registers are described in keccak_p1600_rvv_planes.S.
 * Not assembled on its own (sources.cmake lists only the two files that include it).
 */
    .text
    .p2align 2
    .globl KF_RVV_PLANES_FN
    .hidden KF_RVV_PLANES_FN
    .type KF_RVV_PLANES_FN, @function
KF_RVV_PLANES_FN:
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
    rotl1_v28                       /* rotl(C[x+2], 1) */
    vxor.vv v4, v4, v28             /* Y[x] = C[x] ^ rotl(C[x+2], 1) */
    vrgatherei16.vv v28, v4, v3     /* D[x] = Y[x-1] = C[x-1] ^ rotl(C[x+1], 1) */
    vxor.vv v8, v8, v28
    vxor.vv v12, v12, v28
    vxor.vv v16, v16, v28
    vxor.vv v20, v20, v28
    vxor.vv v24, v24, v28

    /* rho, each plane stored back for pi */
    rho_plane v8, 8, s0, t1
    rho_plane v12, 12, s1, t2
    rho_plane v16, 16, s2, t3
    rho_plane v20, 20, s3, t4
    rho_plane v24, 24, s4, t5

    /* pi (one indexed load per output plane) and chi */
    pi_chi_plane v8, 8, s5
    pi_chi_plane v12, 12, s6
    pi_chi_plane v16, 16, s7
    pi_chi_plane v20, 20, s8
    pi_chi_plane v24, 24, s9

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
    .size KF_RVV_PLANES_FN, .-KF_RVV_PLANES_FN
    .section .note.GNU-stack, "", @progbits
