# SPDX-License-Identifier: Apache-2.0 OR MIT
# Beyond the seed, variant b3: theta, rho+pi and chi each one instruction over the five planes,
# and iota on row 0 without leaving LMUL 8 (viota8), so vsetvli runs once, before the loop.
# Registers set by the harness: s1 = EleNum, s2 = -1, s3 = first round index, s4 = 24,
# s5 = 5 * EleNum. `.rho_offsets v24` puts the rho offsets in v24..v28 (element 5i + x of
# v24 + y = r[x, y]) once, before the loop; a real program loads them (one vle64 at LMUL 8).
        vsetvli x0, s5, e64, m8, tu, mu
        .rho_offsets v24
permutation:
        vtheta.vv v0, v0
        vrhopi.vi v8, v0, -1
        vchi.vv v0, v8
        viota8.vx v0, v0, s3
loop_control:
        addi s3, s3, 1
        blt s3, s4, permutation
