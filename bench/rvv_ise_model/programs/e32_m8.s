# SPDX-License-Identifier: Apache-2.0 OR MIT
# Seed 003's 32-bit program, reconstructed (the seed's text stops before its listing; every
# assumption is in ../README.md, "The 32-bit program"). ELEN 32: the low words of plane y in
# v<y> (v0..v4), the high words in v<16+y> (v16..v20), as in the seed's Figure 6. Theta and
# iota run at LMUL 1, rho/pi/chi at LMUL 8 (seed §4.1). No "# N cc" here: the seed gives none.
# Registers set by the harness: s1 = EleNum, s2 = -1, s3 = 2 * (24 - nr) (index into the
# 48-word split round-constant table: low word, high word), s4 = 48, s5 = 5 * EleNum.
        vsetvli x0, s1, e32, m1, tu, mu
permutation:
        # theta, low words: parities into v5
        vxor.vv v5, v3, v4
        vxor.vv v6, v1, v2
        vxor.vv v7, v0, v6
        vxor.vv v5, v5, v7
        # theta, high words: parities into v21
        vxor.vv v21, v19, v20
        vxor.vv v22, v17, v18
        vxor.vv v23, v16, v22
        vxor.vv v21, v21, v23
        # B[x-1] (both halves) and B[x+1] (both halves)
        vslideupm.vi v6, v5, 1
        vslideupm.vi v22, v21, 1
        vslidedownm.vi v7, v5, 1
        vslidedownm.vi v23, v21, 1
        # ROT(B[x+1], 1) on the 64-bit lane high || low, one half per instruction
        v32lrotup.vi v8, v23, v7
        v32hrotup.vi v24, v23, v7
        # C = B[x-1] ^ ROT(B[x+1], 1)
        vxor.vv v5, v6, v8
        vxor.vv v21, v22, v24
        # C into every plane, low then high
        vxor.vv v0, v0, v5
        vxor.vv v1, v1, v5
        vxor.vv v2, v2, v5
        vxor.vv v3, v3, v5
        vxor.vv v4, v4, v5
        vxor.vv v16, v16, v21
        vxor.vv v17, v17, v21
        vxor.vv v18, v18, v21
        vxor.vv v19, v19, v21
        vxor.vv v20, v20, v21
        # rho at LMUL 8: lmul_cnt walks the five planes; both halves read high || low
        vsetvli x0, s5, e32, m8, tu, mu
        v32lrho.vi v8, v16, v0
        v32hrho.vi v24, v16, v0
        # pi: each half's rows into columns (low -> v0..v4, high -> v16..v20)
        vpi.vi v0, v8, -1
        vpi.vi v16, v24, -1
        # chi, low words
        vslidedownm.vi v8, v0, 1
        vxor.vx v8, v8, s2
        vslidedownm.vi v24, v0, 2
        vand.vv v8, v8, v24
        vxor.vv v0, v0, v8
        # chi, high words
        vslidedownm.vi v8, v16, 1
        vxor.vx v8, v8, s2
        vslidedownm.vi v24, v16, 2
        vand.vv v8, v8, v24
        vxor.vv v16, v16, v8
        # iota: two viota per round (low word, then high word of the round constant)
        vsetvli x0, s1, e32, m1, tu, mu
        viota.vx v0, v0, s3
        addi s3, s3, 1
        viota.vx v16, v16, s3
loop_control:
        addi s3, s3, 1
        blt s3, s4, permutation
