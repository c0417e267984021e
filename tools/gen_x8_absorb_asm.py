#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""gen_x8_absorb_asm.py - writes src/keccak/x86_64/keccak_p1600_x8_absorb_asm.h, the avx512-x8
fused absorb loop (issue 24) as GCC extended assembly with every zmm register chosen here.

    python3 tools/gen_x8_absorb_asm.py > src/keccak/x86_64/keccak_p1600_x8_absorb_asm.h

Why (docs/BENCHMARK_HISTORY.md, "x8 absorb loop in assembly"): the C loop
(keccak_p1600_x8_avx512.c, x8_absorb_fused_body) needs at most 32 live zmm values per round
and GCC 12 fits that with ~3 spill slots, ~42 spill stores and ~35 register copies per block.
Here the allocation is exact: 25 lanes and 7 scratch registers, no spills, 25 copies per round
(the ones vpternlogq needs because it overwrites an input), in the instruction order of
keccak_p1600_avx512_rounds.h (parities, D, theta+rho in output-row order, chi rows with the
newest input overwritten), which measured faster than the other orders tried.

One function per (rounds, lanes): 12 or 24 rounds, 21 lanes (rate 168) or 17 (rate 136).
Registers: lane j of the state lives in a register that moves (pi is a renaming, not a
move); at the end of each block a parallel move puts lane j back in zmm<j>, so every block
starts from the same allocation. The block's input is transposed 8 lanes at a time
(as kf_xn_transpose8: unpack, then 128-bit, then 256-bit blocks) in the 7 scratch registers,
in two halves (Gen.absorb_group says how).
"""
import sys

RHO = {(0, 0): 0, (1, 0): 1, (2, 0): 62, (3, 0): 28, (4, 0): 27, (0, 1): 36, (1, 1): 44, (2, 1): 6,
       (3, 1): 55, (4, 1): 20, (0, 2): 3, (1, 2): 10, (2, 2): 43, (3, 2): 25, (4, 2): 39,
       (0, 3): 41, (1, 3): 45, (2, 3): 15, (3, 3): 21, (4, 3): 8, (0, 4): 18, (1, 4): 2,
       (2, 4): 61, (3, 4): 56, (4, 4): 14}
LANES = [(x, y) for y in range(5) for x in range(5)]  # lane j = x + 5y
# pi: position x of output row y is fed by lane ((x + 3y) mod 5, x)
PI_ROW = [[((x + 3 * y) % 5, x) for x in range(5)] for y in range(5)]

TT_XOR3, TT_CHI_ABC, TT_CHI_CAB, TT_CHI_BAC = 0x96, 0xD2, 0x9C, 0xC6


def z(r):
    return "%%%%zmm%d" % r


class Gen:
    """Emits instructions and tracks which register holds which lane."""

    def __init__(self):
        self.out = []
        self.lane = {l: j for j, l in enumerate(LANES)}  # lane -> register
        self.free = list(range(25, 32))

    def e(self, s):
        self.out.append(s)

    def new(self):
        return self.free.pop(0)

    def rel(self, r):
        self.free.append(r)

    # dst = f(dst, b, c) (Intel operand order dst, b, c; AT&T reversed)
    def tern(self, imm, dst, b, c):
        self.e("vpternlogq $0x%02x, %s, %s, %s" % (imm, z(c), z(b), z(dst)))

    def mov(self, dst, src):
        self.e("vmovdqa64 %s, %s" % (z(src), z(dst)))

    def xor(self, dst, a, b):
        self.e("vpxorq %s, %s, %s" % (z(b), z(a), z(dst)))

    def rol(self, dst, src, n):
        self.e("vprolq $%d, %s, %s" % (n, z(src), z(dst)))

    def round(self, ir):
        """One round, as KF_ROUND in keccak_p1600_avx512_rounds.h."""
        A = self.lane
        C = {}
        for x in range(5):  # parity: rows 0..2 into a copy of row 2's lane, then rows 3, 4
            t = self.new()
            C[x] = t
            self.mov(t, A[(x, 2)])
            self.tern(TT_XOR3, t, A[(x, 0)], A[(x, 1)])
            self.tern(TT_XOR3, t, A[(x, 3)], A[(x, 4)])
        # D[x] = C[x-1] ^ rot(C[x+1], 1), in the order in which each parity dies early;
        # peak 25 lanes + 5 parities + 1 = 31 registers
        D = {}
        t = self.new()
        self.rol(t, C[1], 1)
        self.xor(t, t, C[4])
        D[0] = t
        for d, cm, cp in ((2, 1, 3), (4, 3, 0), (1, 0, 2)):
            t = self.new()
            self.rol(t, C[cp], 1)
            self.xor(C[cm], t, C[cm])
            D[d] = C[cm]
            self.rel(t)
        self.rol(C[4], C[4], 1)
        self.xor(C[2], C[4], C[2])
        D[3] = C[2]
        self.rel(C[4])
        # theta + rho in place, in the order chi reads them; each D freed after its 5th use
        uses = {x: 5 for x in range(5)}
        for y in range(5):
            for (x, yy) in PI_ROW[y]:
                r = A[(x, yy)]
                self.xor(r, r, D[x])
                if RHO[(x, yy)]:
                    self.rol(r, r, RHO[(x, yy)])
                uses[x] -= 1
                if uses[x] == 0:
                    self.rel(D[x])
        # chi, row by row, each output written over a copy of its newest input
        new = {}
        for y in range(5):
            b = [A[l] for l in PI_ROW[y]]
            o = []
            for (imm, d, p, q) in ((TT_CHI_CAB, 2, 0, 1), (TT_CHI_CAB, 3, 1, 2), (TT_CHI_CAB, 4, 2, 3),
                                   (TT_CHI_BAC, 4, 3, 0)):
                t = self.new()
                self.mov(t, b[d])
                self.tern(imm, t, b[p], b[q])
                o.append(t)
            self.tern(TT_CHI_ABC, b[4], b[0], b[1])
            o.append(b[4])
            for k in range(4):
                self.rel(b[k])
            for x in range(5):
                new[(x, y)] = o[x]
        # iota: the round constant broadcast from memory
        self.e("vpxorq %d(%%[rc])%%{1to8%%}, %s, %s" % (8 * ir, z(new[(0, 0)]), z(new[(0, 0)])))
        self.lane = new

    def absorb_group(self, g, lanes):
        """Lanes 8g .. of the block at p[i] + off, transposed in registers (as kf_xn_transpose8)
        and xored in, in two halves: the even output lanes come from the low words of each
        pair of rows (vpunpcklqdq), the odd ones from the high words, so each half needs at
        most 6 registers and the 7 free ones suffice (no lane of the state goes to memory).
        The rows are read twice (once per half), from the L1 cache. A full group takes the
        second row of each pair as the memory operand of the unpack; a partial one (the
        block's last lanes) loads both rows masked, never reading past the block."""
        cnt = min(8, lanes - 8 * g)
        full = cnt == 8
        mask = "" if full else "%{%%k1%}%{z%}"

        def row(i):
            return "%d(%%[p%d],%%[off])" % (64 * g, i)

        for a in (0, 1):  # 0: even output lanes, 1: odd
            ops = []
            for k in (0, 2, 4, 6):
                ops.append(("unpack", ("t", k + a), k))
            for b in (0, 4):
                ops.append(("shuf", 0x88, ("u", a + b), ("t", a + b), ("t", a + b + 2)))
                ops.append(("shuf", 0xDD, ("u", a + b + 2), ("t", a + b), ("t", a + b + 2)))
            for k in (a, a + 2):
                ops.append(("shuf", 0x88, ("o", k), ("u", k), ("u", k + 4)))
                ops.append(("shuf", 0xDD, ("o", k + 4), ("u", k), ("u", k + 4)))
            need = {("o", t) for t in range(cnt)}
            keep = []
            for op in reversed(ops):
                dst = op[1] if op[0] == "unpack" else op[2]
                if dst in need:
                    keep.append(op)
                    if op[0] == "shuf":
                        need |= {op[3], op[4]}
            keep.reverse()
            last = {}
            for n, op in enumerate(keep):
                if op[0] == "shuf":
                    last[op[3]] = n
                    last[op[4]] = n
            reg = {}
            for n, op in enumerate(keep):
                if op[0] == "unpack":
                    _, d, k = op
                    name = "vpunpckhqdq" if a else "vpunpcklqdq"
                    r0 = self.new()
                    self.e("vmovdqu64 %s, %s%s" % (row(k), z(r0), mask))
                    if full:
                        self.e("%s %s, %s, %s" % (name, row(k + 1), z(r0), z(r0)))
                    else:
                        r1 = self.new()
                        self.e("vmovdqu64 %s, %s%s" % (row(k + 1), z(r1), mask))
                        self.e("%s %s, %s, %s" % (name, z(r1), z(r0), z(r0)))
                        self.rel(r1)
                    reg[d] = r0
                    continue
                _, imm, d, x, y = op
                rx, ry = reg[x], reg[y]
                for v in (x, y):
                    if last.get(v) == n and v in reg:
                        self.rel(reg.pop(v))
                rd = self.new()
                self.e("vshufi64x2 $0x%02x, %s, %s, %s" % (imm, z(ry), z(rx), z(rd)))
                if d[0] == "o":  # an output lane: into the state at once
                    lr = self.lane[LANES[8 * g + d[1]]]
                    self.xor(lr, lr, rd)
                    self.rel(rd)
                else:
                    reg[d] = rd
            assert not reg and len(self.free) == 7

    def restore(self):
        """Parallel move: lane j back to zmm<j>."""
        want = {self.lane[LANES[j]]: j for j in range(25)}  # src -> dst
        pending = {s: d for s, d in want.items() if s != d}
        while pending:
            # a move whose destination is not a pending source can go now
            ready = [s for s, d in pending.items() if d not in pending]
            if ready:
                s = ready[0]
                self.mov(pending.pop(s), s)
                continue
            # only cycles left: break one through a register of 25..31 that holds no lane
            # (every lane there is a pending source: no lane stays above 24)
            s, d = next(iter(pending.items()))
            t = next(r for r in range(25, 32) if r not in pending)
            self.mov(t, s)
            del pending[s]
            pending[t] = d
        self.lane = {l: j for j, l in enumerate(LANES)}
        self.free = list(range(25, 32))


def function(nr, lanes):
    g = Gen()
    for grp in range((lanes + 7) // 8):
        g.absorb_group(grp, lanes)
    for ir in range(nr):
        g.round(ir)
    g.restore()
    body = g.out
    name = "x8_absorb_asm_%d_%d" % (nr, lanes)
    cnt = lanes % 8
    o = []
    o.append("/* %d rounds, %d lanes (rate %d): all full blocks of in[0..7] + 0 .. len, state s; the "
             "bytes absorbed */" % (nr, lanes, 8 * lanes))
    o.append("static size_t %s(__m512i *s, const uint8_t *const *in, size_t len)" % name)
    o.append("{")
    o.append("    size_t blocks = len / %d, off = 0;" % (8 * lanes))
    o.append("    if (blocks == 0) return 0;")
    o.append("    const uint8_t *p0 = in[0], *p1 = in[1], *p2 = in[2], *p3 = in[3];")
    o.append("    const uint8_t *p4 = in[4], *p5 = in[5], *p6 = in[6], *p7 = in[7];")
    o.append("    const uint64_t *rc = kf_keccak_rc + %d;" % (24 - nr))
    o.append("    __asm__ volatile(")
    if cnt:
        o.append('        "movl $%d, %%%%eax\\n\\t"' % ((1 << cnt) - 1))
        o.append('        "kmovw %%eax, %%k1\\n\\t"')
    for j in range(25):
        o.append('        "vmovdqa64 %d(%%[s]), %s\\n\\t"' % (64 * j, z(j)))
    o.append('        "1:\\n\\t"')
    for ins in body:
        o.append('        "%s\\n\\t"' % ins)
    o.append('        "add $%d, %%[off]\\n\\t"' % (8 * lanes))
    o.append('        "dec %[n]\\n\\t"')
    o.append('        "jnz 1b\\n\\t"')
    for j in range(25):
        o.append('        "vmovdqa64 %s, %d(%%[s])\\n\\t"' % (z(j), 64 * j))
    o.append('        : [off] "+r"(off), [n] "+r"(blocks)')
    o.append('        : [s] "r"(s), [rc] "r"(rc), [p0] "r"(p0), [p1] "r"(p1), [p2] "r"(p2),')
    o.append('          [p3] "r"(p3), [p4] "r"(p4), [p5] "r"(p5), [p6] "r"(p6), [p7] "r"(p7)')
    clob = ", ".join('"xmm%d"' % i for i in range(32))
    o.append('        : "memory", "cc", %s%s);' % ('"rax", "k1", ' if cnt else "", clob))
    o.append("    return off;")
    o.append("}")
    return o


def main():
    print("/* SPDX-License-Identifier: Apache-2.0 OR MIT */")
    print("/* Generated by tools/gen_x8_absorb_asm.py: do not edit; change the generator and rerun it.")
    print(" * Included by keccak_p1600_x8_avx512.c (GCC or Clang on x86-64 with -mavx512f, not under")
    print(" * MemorySanitizer, which cannot see into assembly); why and how: the generator's docstring. */")
    print("#ifndef KF_KECCAK_P1600_X8_ABSORB_ASM_H")
    print("#define KF_KECCAK_P1600_X8_ABSORB_ASM_H")
    for nr in (12, 24):
        for lanes in (21, 17):
            print()
            print("\n".join(function(nr, lanes)))
    print()
    print("#endif")


if __name__ == "__main__":
    sys.exit(main())
