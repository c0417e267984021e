# SPDX-License-Identifier: Apache-2.0 OR MIT
# Seed 003, Algorithm 2: Keccak-p[1600] on the 64-bit unit, LMUL 1 (one register per
# instruction). Planes y = 0..4 in v0..v4, SN states side by side (element 5i + x).
# Registers set by the harness: s1 = EleNum, s2 = -1, s3 = first round index, s4 = 24.
# "# N cc" comments: the seed's clock annotations; the model's cost rule is checked against
# each (an annotation applies to the instruction it is written on).
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
        # rho: each plane rotated by its row of the offset table (immediate = row)
        v64rho.vi v0, v0, 0                  # 2 cc
        v64rho.vi v1, v1, 1                  # 2 cc
        v64rho.vi v2, v2, 2                  # 2 cc
        v64rho.vi v3, v3, 3                  # 2 cc
        v64rho.vi v4, v4, 4                  # 2 cc
        # pi: row y goes into column y of v5..v9
        vpi.vi v5, v0, 0                     # 3 cc
        vpi.vi v5, v1, 1                     # 3 cc
        vpi.vi v5, v2, 2                     # 3 cc
        vpi.vi v5, v3, 3                     # 3 cc
        vpi.vi v5, v4, 4                     # 3 cc
        # chi: A = F ^ (~F[x+1] & F[x+2]), NOT as XOR with s2 = -1
        vslidedownm.vi v10, v5, 1            # 2 cc
        vslidedownm.vi v11, v6, 1            # 2 cc
        vslidedownm.vi v12, v7, 1            # 2 cc
        vslidedownm.vi v13, v8, 1            # 2 cc
        vslidedownm.vi v14, v9, 1            # 2 cc
        vxor.vx v10, v10, s2                 # 2 cc
        vxor.vx v11, v11, s2                 # 2 cc
        vxor.vx v12, v12, s2                 # 2 cc
        vxor.vx v13, v13, s2                 # 2 cc
        vxor.vx v14, v14, s2                 # 2 cc
        vslidedownm.vi v15, v5, 2            # 2 cc
        vslidedownm.vi v16, v6, 2            # 2 cc
        vslidedownm.vi v17, v7, 2            # 2 cc
        vslidedownm.vi v18, v8, 2            # 2 cc
        vslidedownm.vi v19, v9, 2            # 2 cc
        vand.vv v10, v10, v15                # 2 cc
        vand.vv v11, v11, v16                # 2 cc
        vand.vv v12, v12, v17                # 2 cc
        vand.vv v13, v13, v18                # 2 cc
        vand.vv v14, v14, v19                # 2 cc
        vxor.vv v0, v5, v10                  # 2 cc
        vxor.vv v1, v6, v11                  # 2 cc
        vxor.vv v2, v7, v12                  # 2 cc
        vxor.vv v3, v8, v13                  # 2 cc
        vxor.vv v4, v9, v14                  # 2 cc
        # iota: round constant s3 into lane (0, 0) of every state
        viota.vx v0, v0, s3                  # 2 cc
loop_control:
        addi s3, s3, 1
        blt s3, s4, permutation
