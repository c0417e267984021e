#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""gen_rv64_x1.py - writes keccak_p1600_rv64_x1.S, Keccak-p[1600, nr] for plain RV64GC (no Zbb:
no rotate, no andn), from the description below. Run it after changing it:

    python3 src/keccak/riscv64/gen_rv64_x1.py > src/keccak/riscv64/keccak_p1600_rv64_x1.S

`gen_rv64_x1.py --check FILE` exits 1 when FILE is not what it would write (for a test).

Why generated: one round is ~210 instructions whose register names follow from pi's lane cycle
and from the lane-complement pattern; writing them by hand invites slips a test only finds
after the fact. The generator states the rules once.

The method:
  * All 25 lanes live in registers for the whole call (a0-a7, s0-s11, t3-t6, ra); t0-t2 are
    the temporaries; sp stays the stack pointer (signal frames need it) and gp/tp are left
    alone. Theta's five column parities do not fit as well, so four of them go to the stack.
  * Rho and pi together walk pi's single 24-lane cycle backwards, so each rotated lane lands in
    the register whose old value was just consumed: 3 instructions a lane, no moves.
  * Chi without andn costs a not per lane. The lane-complementing transform (Keccak team,
    "Keccak implementation overview" §2.2: keep some lanes complemented between rounds) lets
    most outputs use a plain and/or instead: ~a & b with a stored complemented is a & b, and
    with b stored complemented it is ~(a | b). The set below keeps every column's count even,
    so theta's parities, and hence theta, are unchanged by it; it was found by exhaustive
    search over such sets for the fewest nots per round (8 instead of 25). The generator
    derives each chi output's formula from the set.
"""

import sys

# ---- the Keccak-f[1600] facts ------------------------------------------------------------
RHO = [[0, 36, 3, 41, 18], [1, 44, 10, 45, 2], [62, 6, 43, 15, 61], [28, 55, 25, 21, 56], [27, 20, 39, 8, 14]]  # RHO[x][y]


def pi_dest(x, y):
    """Pi (FIPS 202 Algorithm 3) moves lane (x, y) to (y, 2x + 3y)."""
    return (y, (2 * x + 3 * y) % 5)


# Lanes stored complemented between rounds: COMPLEMENTED[y] lists the x of plane y.
COMPLEMENTED = {0: [1, 3], 1: [3], 2: [0, 1], 3: [0, 3, 4], 4: [3, 4]}


def comp(x, y):
    return x in COMPLEMENTED[y]


# ---- registers ---------------------------------------------------------------------------
POOL = ["a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s0", "s1", "s2", "s3", "s4", "s5",
        "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6", "ra"]
REG = {(x, y): POOL[x + 5 * y] for y in range(5) for x in range(5)}
T0, T1, T2 = "t0", "t1", "t2"
SAVED = ["ra"] + [f"s{i}" for i in range(12)]
F_STATE, F_RC, F_RC_END, F_C = 8 * len(SAVED), 8 * len(SAVED) + 8, 8 * len(SAVED) + 16, 8 * len(SAVED) + 24
FRAME = (F_C + 4 * 8 + 15) // 16 * 16

out = []


def op(*parts):
    out.append("    " + parts[0] + " " + ", ".join(parts[1:]) if len(parts) > 1 else "    " + parts[0])


def comment(text):
    out.append(f"    /* {text} */")


def rotl(dst, src, r, tmp):
    """dst = src rotated left by r (dst != src, tmp != both)."""
    op("slli", tmp, src, str(r))
    op("srli", dst, src, str(64 - r))
    op("or", dst, dst, tmp)


def theta():
    comment("theta: C[x] = xor of column x (C0..C3 to the stack, C4 in t0)")
    for x in range(5):
        op("xor", T0, REG[x, 0], REG[x, 1])
        for y in range(2, 5):
            op("xor", T0, T0, REG[x, y])
        if x < 4:
            op("sd", T0, f"{F_C + 8 * x}(sp)")

    def apply(d, x):
        for y in range(5):
            op("xor", REG[x, y], REG[x, y], d)

    comment("D[x] = C[x-1] ^ rotl(C[x+1], 1), applied to column x")
    op("ld", T1, f"{F_C + 8}(sp)")          # D0 = C4 ^ rotl(C1)
    op("slli", T2, T1, "1")
    op("srli", T1, T1, "63")
    op("or", T1, T1, T2)
    op("xor", T1, T1, T0)
    apply(T1, 0)
    rotl(T1, T0, 1, T2)                      # D3 = C2 ^ rotl(C4)
    op("ld", T2, f"{F_C + 16}(sp)")
    op("xor", T1, T1, T2)
    apply(T1, 3)
    for x, (cm, cp) in ((1, (0, 2)), (2, (1, 3)), (4, (3, 0))):
        op("ld", T0, f"{F_C + 8 * cp}(sp)")
        op("slli", T1, T0, "1")
        op("srli", T0, T0, "63")
        op("or", T0, T0, T1)
        op("ld", T1, f"{F_C + 8 * cm}(sp)")
        op("xor", T0, T0, T1)
        apply(T0, x)


def rho_pi():
    comment("rho and pi: walk pi's 24-lane cycle backwards, rotating each lane into place")
    cycle = [(1, 0)]
    while True:
        nxt = pi_dest(*cycle[-1])
        if nxt == cycle[0]:
            break
        cycle.append(nxt)
    assert len(cycle) == 24
    last = cycle[-1]
    r = RHO[last[0]][last[1]]
    op("slli", T2, REG[last], str(r))        # the last lane's value goes to cycle[0] at the end
    op("srli", T1, REG[last], str(64 - r))
    for k in range(len(cycle) - 2, -1, -1):
        src, dst = cycle[k], cycle[k + 1]
        rotl(REG[dst], REG[src], RHO[src[0]][src[1]], T0)
    op("or", REG[cycle[0]], T1, T2)


def chi_term(dst, b1, c1, b2, c2, want_comp):
    """dst = ~B1 & B2 (or its complement if want_comp) from registers b1, b2 holding B1, B2
    complemented when c1, c2. Returns the complement flag of what dst holds."""
    if c1 and not c2:                         # ~B1 & B2 = b1 & b2
        op("and", dst, b1, b2)
        return 0
    if not c1 and c2:                         # ~B1 & B2 = ~b1 & ~b2 = ~(b1 | b2)
        op("or", dst, b1, b2)
        return 1
    # one not is needed; choose the form that lands on the wanted complement
    if not c1:                                # ~B1 & B2 = ~b1 & b2;  complement: b1 | ~b2
        if want_comp:
            op("not", dst, b2)
            op("or", dst, dst, b1)
        else:
            op("not", dst, b1)
            op("and", dst, dst, b2)
    else:                                     # ~B1 & B2 = b1 & ~b2;  complement: ~b1 | b2
        if want_comp:
            op("not", dst, b1)
            op("or", dst, dst, b2)
        else:
            op("not", dst, b2)
            op("and", dst, dst, b1)
    return want_comp


def chi():
    for y in range(5):
        comment(f"chi, plane {y}")
        # flags of the chi inputs: after pi, position (x, y) holds lane ((x + 3y) mod 5, x)
        cin = [comp((x + 3 * y) % 5, x) for x in range(5)]
        reg = [REG[x, y] for x in range(5)]

        def term(x, dst):
            # out_x (stored) = b_x ^ term ^ (flags): the term absorbs the flags when it can
            need = cin[x] ^ comp(x, y)
            got = chi_term(dst, reg[(x + 1) % 5], cin[(x + 1) % 5], reg[(x + 2) % 5], cin[(x + 2) % 5], need)
            if got != need:
                op("not", dst, dst)

        term(3, T1)                           # outputs 3 and 4 read B0 and B1: terms first
        term(4, T2)
        for x in range(3):
            term(x, T0)
            op("xor", reg[x], reg[x], T0)
        op("xor", reg[3], reg[3], T1)
        op("xor", reg[4], reg[4], T2)


def complement_lanes():
    for y in range(5):
        for x in COMPLEMENTED[y]:
            op("not", REG[x, y], REG[x, y])


def generate():
    out.append("/* SPDX-License-Identifier: Apache-2.0 OR MIT */")
    out.append("/* keccak_p1600_rv64_x1.S - generated by gen_rv64_x1.py (how it works: there); do not edit. */")
    out.append("/* void kf_rv64_x1_permute(void *state, unsigned nr): plain lanes, 1 <= nr <= 24 */")
    out.append("    .text")
    out.append("    .p2align 2")
    out.append("    .globl kf_rv64_x1_permute")
    out.append("    .hidden kf_rv64_x1_permute")
    out.append("    .type kf_rv64_x1_permute, @function")
    out.append("kf_rv64_x1_permute:")
    op("addi", "sp", "sp", str(-FRAME))
    for i, r in enumerate(SAVED):
        op("sd", r, f"{8 * i}(sp)")
    op("sd", "a0", f"{F_STATE}(sp)")
    op("lla", T0, "kf_keccak_rc")
    op("addi", T2, T0, "192")                 # end of the round constants
    op("slli", T1, "a1", "3")
    op("sub", T1, T2, T1)                     # RC[24 - nr]
    op("sd", T1, f"{F_RC}(sp)")
    op("sd", T2, f"{F_RC_END}(sp)")
    op("mv", T0, "a0")
    for i in range(25):
        op("ld", REG[i % 5, i // 5], f"{8 * i}({T0})")
    complement_lanes()
    out.append("1:")
    theta()
    rho_pi()
    chi()
    comment("iota")
    op("ld", T0, f"{F_RC}(sp)")
    op("ld", T1, f"0({T0})")
    op("addi", T0, T0, "8")
    op("sd", T0, f"{F_RC}(sp)")
    op("xor", REG[0, 0], REG[0, 0], T1)
    op("ld", T1, f"{F_RC_END}(sp)")
    op("bne", T0, T1, "1b")
    complement_lanes()
    op("ld", T0, f"{F_STATE}(sp)")
    for i in range(25):
        op("sd", REG[i % 5, i // 5], f"{8 * i}({T0})")
    for i, r in enumerate(SAVED):
        op("ld", r, f"{8 * i}(sp)")
    op("addi", "sp", "sp", str(FRAME))
    op("ret")
    out.append("    .size kf_rv64_x1_permute, .-kf_rv64_x1_permute")
    out.append('    .section .note.GNU-stack, "", @progbits')
    return "\n".join(out) + "\n"


def main():
    text = generate()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2]) as f:
            if f.read() != text:
                print(f"{sys.argv[2]} is not what gen_rv64_x1.py writes: regenerate it", file=sys.stderr)
                return 1
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
