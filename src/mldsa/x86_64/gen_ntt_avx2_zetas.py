#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes ntt_avx2_zetas.h: the zetas of ML-DSA's AVX2 and AVX-512 NTTs (ntt_avx2.c,
ntt_avx512.c) in the layouts they load, and the AVX-512 NTT's lane permutations.

    python3 gen_ntt_avx2_zetas.py            rewrite ntt_avx2_zetas.h beside this script
    python3 gen_ntt_avx2_zetas.py --check    fail if the checked-in header differs (a ctest)

The zetas are computed here from their definition (FIPS 204 Alg. 41: zeta = 1753, the m-th
zeta is 1753^BitRev8(m) mod q), times R = 2^32 for Montgomery form and centered, as poly.c's
table (which tests/test_mldsa_arith.c checks the same way).

ntt_avx2.c runs the layers len 128 .. 8 with one zeta for a whole register (kf_mldsa_zetas256,
the plain table, broadcast). For the layers len 4, 2, 1 it transposes each group g of 64
coefficients (8 registers of 8) so that register i holds position i of the 8 blocks of 8 of
the group, lane j block b = 8 g + j; the butterflies are then between registers, lane j with
block b's zeta:
  forward  len 4: zetas[32 + b];       len 2: zetas[64 + 2 b + t], t = 0, 1;
           len 1: zetas[128 + 4 b + t], t = 0..3
  inverse  len 1: -zetas[255 - 4 b - t]; len 2: -zetas[127 - 2 b - t]; len 4: -zetas[63 - b]
(the portable loops' m for start = 8 b + 2 t, 8 b + 4 t and 8 b), 7 rows per group and
direction, in the order above. The AVX-512 layout is described where it is built
(arrangement() below).

Each zeta z comes with its twisted constant zq = z q^-1 mod 2^32 (signed 32 bits), so that a
Montgomery product b z / 2^32 takes its t = b zq mod 2^32 from one multiplication by a
constant (reduce_avx2.h, montmul_pre, montmul_lane): kf_mldsa_zq32[m] beside
kf_mldsa_zetas256[m] for the broadcast layers (m < 32; kf_mldsa_nz32, kf_mldsa_nzq32 the same
negated, for the inverse), and the transposed layers' rows in four forms each,
kf_mldsa_zetas_fwd8q[g][row][form][j] and kf_mldsa_zetas_inv8q[g][row][form][j]: form 0 the
row itself (z), 1 its odd lanes moved down to the even ones (z o), 2 zq, 3 zq o. vpmuldq reads
the even lanes, so the odd lanes' products need the o forms; loading them spares a shuffle
and a multiplication's latency in the NTT.
"""
import os
import sys

Q = 8380417


def bitrev8(k):
    return int(format(k, "08b")[::-1], 2)


def centered(x):
    x %= Q
    return x - Q if x > Q // 2 else x


ZETAS = [centered(pow(1753, bitrev8(m), Q) * (1 << 32)) for m in range(256)]
ZETAS[0] = 0  # unused by the NTT; poly.c's table has 0 there too


QINV = pow(Q, -1, 1 << 32)


def s32(x):
    x %= 1 << 32
    return x - (1 << 32) if x >= 1 << 31 else x


def twisted(z):
    return s32(z * QINV)


def odd_down(row):
    return [row[j | 1] for j in range(8)]


def fwd_rows(g):
    rows = []
    b = [8 * g + j for j in range(8)]
    rows.append([ZETAS[32 + x] for x in b])
    for t in range(2):
        rows.append([ZETAS[64 + 2 * x + t] for x in b])
    for t in range(4):
        rows.append([ZETAS[128 + 4 * x + t] for x in b])
    return rows


def inv_rows(g):
    rows = []
    b = [8 * g + j for j in range(8)]
    for t in range(4):
        rows.append([-ZETAS[255 - 4 * x - t] for x in b])
    for t in range(2):
        rows.append([-ZETAS[127 - 2 * x - t] for x in b])
    rows.append([-ZETAS[63 - x] for x in b])
    return rows


# ---- ntt_avx512.c: 16 lanes, the polynomial in 16 zmm registers ----------------------------
# Layers len 128 .. 16 run between registers (a broadcast zeta, kf_mldsa_zetas256). Layers
# len 8, 4, 2, 1 run on each pair p of registers (coefficients 32 p .. 32 p + 31) rearranged
# so that X lane k holds the k-th top of the layer's butterflies (offset o, o mod 2 len < len,
# in increasing order) and Y lane k its partner o + len: "arrangement len". The standard order
# is arrangement 16. One vpermt2d per output register moves from one arrangement to the next.


def arrangement(length):
    tops = [o for o in range(32) if o % (2 * length) < length]
    return tops, [o + length for o in tops]


def transition(a, b):
    """vpermt2d index vectors (for X, for Y) taking arrangement a to arrangement b."""
    xa, ya = arrangement(a)
    out = []
    for reg in arrangement(b):
        out.append([xa.index(o) if o in xa else 16 + ya.index(o) for o in reg])
    return out


FWD_STEPS = [(16, 8), (8, 4), (4, 2), (2, 1), (1, 16)]
INV_STEPS = [(16, 1), (1, 2), (2, 4), (4, 8), (8, 16)]


def zeta512(p, length, inverse):
    """The zeta of each X lane of pair p at layer len (inverse: negated, Alg. 42's order)."""
    out = []
    for o in arrangement(length)[0]:
        s = 32 * p + o - o % (2 * length)  # the butterfly block's start
        if inverse:
            out.append(-ZETAS[256 // length - 1 - s // (2 * length)])
        else:
            out.append(ZETAS[(256 + s) // (2 * length)])
    return out


def table512(w):
    w("/* AVX-512 (ntt_avx512.c): vpermt2d indices from arrangement a to b, [step][0] for X,")
    w(" * [step][1] for Y; forward steps 16->8->4->2->1->16, inverse 16->1->2->4->8->16 */")
    for name, steps in (("kf_mldsa_perm512_fwd", FWD_STEPS), ("kf_mldsa_perm512_inv", INV_STEPS)):
        w("static const _Alignas(64) int32_t %s[5][2][16] = {" % name)
        for a, b in steps:
            x, y = transition(a, b)
            w("    {{%s}, {%s}}," % (", ".join(map(str, x)), ", ".join(map(str, y))))
        w("};")
    w("/* the X lanes' zetas of pair p, layers len 8, 4, 2, 1 (forward) and 1, 2, 4, 8 (inverse,")
    w(" * negated) */")
    for name, lens, inv in (("kf_mldsa_zetas512_fwd", (8, 4, 2, 1), False),
                            ("kf_mldsa_zetas512_inv", (1, 2, 4, 8), True)):
        w("static const _Alignas(64) int32_t %s[8][4][16] = {" % name)
        for p in range(8):
            w("    {")
            for length in lens:
                w("        {%s}," % ", ".join(map(str, zeta512(p, length, inv))))
            w("    },")
        w("};")


def table_q(w, name, rows_of):
    w("static const _Alignas(32) int32_t %s[4][7][4][8] = {" % name)
    for g in range(4):
        w("    {")
        for r in rows_of(g):
            zq = [twisted(z) for z in r]
            w("        {")
            for form in (r, odd_down(r), zq, odd_down(zq)):
                w("            {%s}," % ", ".join(str(v) for v in form))
            w("        },")
        w("    },")
    w("};")


def render():
    out = []
    w = out.append
    w("/* SPDX-License-Identifier: Apache-2.0 OR MIT */")
    w("/* ntt_avx2_zetas.h - the zetas of ML-DSA's AVX2 NTT (ntt_avx2.c). Generated by")
    w(" * gen_ntt_avx2_zetas.py (which says how they are computed and laid out); do not edit,")
    w(" * rerun the script. */")
    w("#ifndef KF_MLDSA_NTT_AVX2_ZETAS_H")
    w("#define KF_MLDSA_NTT_AVX2_ZETAS_H")
    w("")
    w("#include <stdint.h>")
    w("")
    w("/* zetas[m] = 1753^BitRev8(m) 2^32 mod q, centered (m = 0 unused) */")
    w("static const int32_t kf_mldsa_zetas256[256] = {")
    for i in range(0, 256, 8):
        w("    %s," % ", ".join(str(v) for v in ZETAS[i:i + 8]))
    w("};")
    w("")
    w("/* the broadcast layers' zetas (m < 32) with their twisted constants: zq32[m] = zetas[m] q^-1")
    w(" * mod 2^32 (signed), and both negated for the inverse NTT */")
    for name, vals in (("kf_mldsa_zq32", [twisted(z) for z in ZETAS[:32]]),
                       ("kf_mldsa_nz32", [-z for z in ZETAS[:32]]),
                       ("kf_mldsa_nzq32", [twisted(-z) for z in ZETAS[:32]])):
        w("static const int32_t %s[32] = {" % name)
        for i in range(0, 32, 8):
            w("    %s," % ", ".join(str(v) for v in vals[i:i + 8]))
        w("};")
    w("")
    w("/* the forward layers len 4, 2 (t = 0, 1), 1 (t = 0..3) on the transposed group g, and the")
    w(" * inverse layers len 1 (t = 0..3), 2 (t = 0, 1), 4; each row in four forms: z, z's odd lanes")
    w(" * moved down, zq, zq's odd lanes moved down */")
    table_q(w, "kf_mldsa_zetas_fwd8q", fwd_rows)
    table_q(w, "kf_mldsa_zetas_inv8q", inv_rows)
    w("")
    table512(w)
    w("")
    w("#endif")
    return "\n".join(out) + "\n"


def main():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ntt_avx2_zetas.h")
    text = render()
    if len(sys.argv) > 1 and sys.argv[1] == "--check":
        with open(path, encoding="utf-8") as f:
            if f.read() != text:
                print("%s differs from what gen_ntt_avx2_zetas.py writes" % path)
                return 1
        print("ok: %s" % path)
        return 0
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
