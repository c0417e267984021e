# SPDX-License-Identifier: Apache-2.0 OR MIT
# Beyond the seed, variant a0: Algorithm 3 with the custom rotates (vrotup, v64rho) replaced by
# plain RVV 1.0 shifts; the custom slides, vpi and viota stay. s6 = 63 (shift immediates are
# 5 bits in RVV 1.0).
# Registers set by the harness: s1 = EleNum, s2 = -1, s3 = first round index, s4 = 24,
# s5 = 5 * EleNum. `.rho_offsets v24` puts the rho offsets in v24..v28 (element 5i + x of
# v24 + y = r[x, y]) once, before the loop; a real program loads them (one vle64 at LMUL 8).
        vsetvli x0, s1, e64, m1, tu, mu
        .rho_offsets v24
        li s6, 63
permutation:
        # theta at LMUL 1: parities into v5, C = B[x-1] ^ ROT(B[x+1], 1), C into every plane
        vxor.vv v5, v3, v4
        vxor.vv v6, v1, v2
        vxor.vv v7, v0, v6
        vxor.vv v5, v5, v7
        vslideupm.vi v6, v5, 1
        vslidedownm.vi v7, v5, 1
        # ROT(B[x+1], 1) = (B << 1) | (B >> 63)
        vsll.vi v8, v7, 1
        vsrl.vx v7, v7, s6
        vor.vv v7, v7, v8
        vxor.vv v5, v6, v7
        vxor.vv v0, v0, v5
        vxor.vv v1, v1, v5
        vxor.vv v2, v2, v5
        vxor.vv v3, v3, v5
        vxor.vv v4, v4, v5
        vsetvli x0, s5, e64, m8, tu, mu
        # rho: (a << r) | ((a >> 1) >> (63 - r)); 63 - r is the low 6 bits of ~r (also right for r = 0)
        vsll.vv v8, v0, v24
        vsrl.vi v0, v0, 1
        vxor.vi v16, v24, -1
        vsrl.vv v0, v0, v16
        vor.vv v8, v8, v0
        vpi.vi v0, v8, -1
        # chi as in the seed
        vslidedownm.vi v8, v0, 1
        vxor.vx v8, v8, s2
        vslidedownm.vi v16, v0, 2
        vand.vv v8, v8, v16
        vxor.vv v0, v0, v8
        vsetvli x0, s1, e64, m1, tu, mu
        viota.vx v0, v0, s3
loop_control:
        addi s3, s3, 1
        blt s3, s4, permutation
