# SPDX-License-Identifier: Apache-2.0 OR MIT
# Seed 003, Algorithm 3 with Algorithm 2's theta: the 64-bit unit with LMUL 8 for rho, pi and
# chi (one instruction covers the five planes, vl = 5 * EleNum), LMUL 1 for theta and iota.
# Registers set by the harness: s1 = EleNum, s2 = -1, s3 = first round index, s4 = 24,
# s5 = 5 * EleNum. "# N cc": the seed's clock annotations.
        vsetvli x0, s1, e64, m1, tu, mu      # 2 cc
permutation:
        # theta: column parities B = v0 ^ v1 ^ v2 ^ v3 ^ v4, gathered in v5
        vxor.vv v5, v3, v4                   # 2 cc
        vxor.vv v6, v1, v2                   # 2 cc
        vxor.vv v7, v0, v6                   # 2 cc
        vxor.vv v5, v5, v7                   # 2 cc
        # C[x] = B[x-1] ^ ROT(B[x+1], 1), within each state (modulo-5 slides)
        vslideupm.vi v6, v5, 1               # 2 cc
        vslidedownm.vi v7, v5, 1             # 2 cc
        vrotup.vi v7, v7, 1                  # 2 cc
        vxor.vv v5, v6, v7                   # 2 cc
        # D: C into every plane
        vxor.vv v0, v0, v5                   # 2 cc
        vxor.vv v1, v1, v5                   # 2 cc
        vxor.vv v2, v2, v5                   # 2 cc
        vxor.vv v3, v3, v5                   # 2 cc
        vxor.vv v4, v4, v5                   # 2 cc
        # rho on the five planes; the hardware's lmul_cnt picks each plane's row
        vsetvli x0, s5, e64, m8, tu, mu      # 2 cc
        v64rho.vi v0, v0, -1                 # 6 cc
        # pi: the five rows into columns of v8..v12
        vpi.vi v8, v0, -1                    # 7 cc
        # chi on all five planes at once
        vslidedownm.vi v16, v8, 1            # 6 cc
        vxor.vx v16, v16, s2                 # 6 cc
        vslidedownm.vi v24, v8, 2            # 6 cc
        vand.vv v16, v16, v24                # 6 cc
        vxor.vv v0, v8, v16                  # 6 cc
        # iota back at LMUL 1 (only plane 0 changes)
        vsetvli x0, s1, e64, m1, tu, mu      # 2 cc
        viota.vx v0, v0, s3                  # 2 cc
loop_control:
        addi s3, s3, 1
        blt s3, s4, permutation
