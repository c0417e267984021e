# SPDX-License-Identifier: Apache-2.0 OR MIT
# Beyond the seed, variant b1: variant a with rho and pi fused into one instruction (vrhopi:
# every lane rotated by its rho offset on its way into its pi column).
# Registers set by the harness: s1 = EleNum, s2 = -1, s3 = first round index, s4 = 24,
# s5 = 5 * EleNum. `.rho_offsets v24` puts the rho offsets in v24..v28 (element 5i + x of
# v24 + y = r[x, y]) once, before the loop; a real program loads them (one vle64 at LMUL 8).
        vsetvli x0, s1, e64, m1, tu, mu
        .rho_offsets v24
permutation:
        # theta at LMUL 1: parities into v5, C = B[x-1] ^ ROT(B[x+1], 1), C into every plane
        vxor.vv v5, v3, v4
        vxor.vv v6, v1, v2
        vxor.vv v7, v0, v6
        vxor.vv v5, v5, v7
        vslideupm.vi v6, v5, 1
        vslidedownm.vi v7, v5, 1
        vror.vi v7, v7, 63
        vxor.vv v5, v6, v7
        vxor.vv v0, v0, v5
        vxor.vv v1, v1, v5
        vxor.vv v2, v2, v5
        vxor.vv v3, v3, v5
        vxor.vv v4, v4, v5
        vsetvli x0, s5, e64, m8, tu, mu
        vrhopi.vi v8, v0, -1
        vslidedownm.vi v0, v8, 1
        vslidedownm.vi v16, v8, 2
        vandn.vv v0, v16, v0
        vxor.vv v0, v8, v0
        vsetvli x0, s1, e64, m1, tu, mu
        viota.vx v0, v0, s3
loop_control:
        addi s3, s3, 1
        blt s3, s4, permutation
