#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""
gen_keccak_armv7m.py - generates the ARMv7-M (Cortex-M3/M4/M7) Keccak-p[1600] assembly.

    python3 gen_keccak_armv7m.py            # rewrite the .S files beside this script
    python3 gen_keccak_armv7m.py --check    # exit 1 if a checked-in .S differs from the output
    python3 gen_keccak_armv7m.py --stats    # static Cortex-M4 cycle estimate per variant

Contract of the generated code (shared with bench/cortexm_model, keep it exact):
    void kf_armv7m_permute_V(uint32_t state[50], unsigned nr),  V in {lazy3, lazy4, m7}
AAPCS; nr in 1..24 applies the LAST nr rounds of Keccak-f[1600] (Keccak-p[1600, nr], FIPS 202
§3.3). The state is the bit-interleaved format of keccak_p1600_opt32bi.c in the standard lane
order at entry and at exit: lane i = x + 5y is w[2i] (its even bits) and w[2i+1] (its odd
bits). No DSP-extension instruction is used, so the code runs on the Cortex-M3.

Techniques (seed 000, Adomnicai, "An update on Keccak performance on ARMv7-M"):

* Bit-interleaving (§2.3.1): a 64-bit rotation is two 32-bit rotations.
* In-place processing (§2.3.1) with the Keccak team's lane map of order 4, as the paper uses:
  output lane (X, Y) is written into the storage of input lane (X, X + 2Y). A round works in
  groups of five words - one output row, one half - and a group may only write the words it
  has just read; for a lane rotated by an odd amount, output half h comes from input half
  1 - h, so a lane's two words also trade places. With this map both the lanes and the
  halves are back in place after every four rounds, and the code is a loop over a block of
  four rounds. (keccak_p1600_opt32bi.c uses a map of order 2 for the lanes; with half-word
  groups its words too return only after four rounds, so it would save no code here.) The
  generator tracks, for every logical word (x, y, half), its memory word and its frame.
* Memory accesses grouped (§3.1.1, M3/M4): a group's loads run back to back (n loads in n + 1
  cycles), the previous group's last store follows the run (a store after a load is free).
  A round's last group keeps its five outputs in registers: the next round's column
  parities use them without loading them and store them behind their load runs (M4
  variants; m7 keeps one word, in r1). A last pass (schedule_m4) moves single loads and
  stores to where the M4 prices them lowest: behind the last load of a run, never an LDR
  right after an STR. Theta's
  ten parity words D live in registers as far as they fit (a cache of seven, refilled from
  the stack in an order found by search), the column parities C are computed along the
  C-D-C cycle so that few D have to go to the stack at all.
* Lazy rotations (§3.2): rho is never executed. A word is stored "pending": its true value
  is rotl(word, s) for a frame s known to the generator, and every later use applies the
  rotation in the barrel shifter of the operand that reads it. The theta parities D are
  brought to frame 0 (three explicit rotations per round, the paper's count: the generator
  picks the column-parity frames that need fewest), so each stored word's frame is a fixed
  function of its lane and half and the same round code serves every block.
  "lazy4" defers on every round; it needs a first round reading aligned words and a last
  round writing aligned words, besides the four rounds of the loop (six rounds of code).
  "lazy3" realigns in the fourth round of each block (four rounds of code, less speed).
* "m7" (§3.1.2, Cortex-M7): no lazy rotation (a shifted operand does not dual-issue on the
  M7), loads interleaved with logic, and a rotation never reads the result of the
  instruction just before it.

nr not a multiple of 4 enters the block at round 4 - (nr mod 4); the words are first moved
(and rotated into their frames) in place by a small table-driven loop.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------------------------------
# Keccak constants (FIPS 202), derived here from their definitions
# ---------------------------------------------------------------------------------------


def rho_offsets():
    """r[x][y] from FIPS 202 Algorithm 2."""
    r = [[0] * 5 for _ in range(5)]
    x, y = 1, 0
    for t in range(24):
        r[x][y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return r


def round_constants():
    """RC[ir] from FIPS 202 Algorithm 5 (rc(t) LFSR)."""
    def rc(t):
        if t % 255 == 0:
            return 1
        R = 1
        for _ in range(t % 255):
            R <<= 1
            if R & 0x100:
                R ^= 0x171
        return R & 1
    out = []
    for ir in range(24):
        v = 0
        for j in range(7):
            v |= rc(j + 7 * ir) << ((1 << j) - 1)
        out.append(v)
    return out


RHO = rho_offsets()
RC = round_constants()


def even_bits(v):
    return sum(((v >> (2 * k)) & 1) << k for k in range(32))


def rh(x, y, h):
    """Rotation of output half h of lane (x, y) by rho: r = 2m rotates both words by m;
    r = 2m + 1 makes the even word from the odd one rotated by m + 1, the odd from the even
    one rotated by m (keccak_p1600_opt32bi.c, rot_bi)."""
    r = RHO[x][y]
    if r % 2 == 0:
        return r // 2
    return (r + 1) // 2 if h == 0 else (r - 1) // 2


def op2(reg, k):
    """Operand 'reg' rotated left by k (a frame change), for the barrel shifter."""
    k %= 32
    return reg if k == 0 else "%s, ror #%d" % (reg, 32 - k)


LOW = {"r%d" % i for i in range(8)}
WORK = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr"]
STATE = "r0"
CARRY = "r1"    # chi's temporary: a group's last output, stored after the next group's loads
SP_D = 0        # D[x][h] spill slots: sp + 4 * (2x + h)
SP_RCP = 40     # round-constant pointer of the current block
SP_END = 44     # its value in the last block (lazy4) or after the last block
FRAME = 48      # bytes below the pushed registers


# ---------------------------------------------------------------------------------------
# Instructions and the static Cortex-M4 cycle count
# ---------------------------------------------------------------------------------------


class Ins:
    """One instruction: op, its text, the register it writes, its address register, the
    registers it reads and, for a load or store, the word it accesses (base, offset)."""

    def __init__(self, op, text, dst=None, addr=None, srcs=(), mem=None):
        self.op, self.text, self.dst, self.addr = op, text, dst, addr
        self.srcs, self.mem = set(srcs), mem

    def kind(self):
        return {"ldr": "L", "str": "S", "comment": "-"}.get(self.op, "A")


def m4_cost(prev, ins):
    """Cortex-M4 cycles of ins after prev (None: after anything else), by the rules of the
    project's cycle model (bench/cortexm_model): data-processing 1, a shifted operand
    included; LDR 2, but 1 right after an LDR unless its address register came from that
    LDR; STR 1, but 0 right after an LDR; LDR right after STR +1; address register written
    by the previous instruction +1."""
    k = ins.kind()
    p = prev.kind() if prev else None
    addr_dep = prev is not None and prev.dst is not None and prev.dst == ins.addr
    if k == "L":
        return (1 if p == "L" and not addr_dep else 2) + (p == "S") + addr_dep
    if k == "S":
        return (0 if p == "L" else 1) + addr_dep
    return 1


def m4_cycles(seq):
    """Cortex-M4 timing of a straight-line sequence (m4_cost, comments skipped)."""
    total, prev = 0, None
    for ins in seq:
        if ins.kind() != "-":
            total += m4_cost(prev, ins)
            prev = ins
    return total


def independent(a, b):
    """Whether two instructions may trade places: no register written by one is read or
    written by the other, and not the same memory word with a store among them."""
    wa, wb = {a.dst} - {None}, {b.dst} - {None}
    if wa & (b.srcs | wb) or wb & a.srcs:
        return False
    return not (a.mem is not None and a.mem == b.mem and "S" in (a.kind(), b.kind()))


def schedule_m4(seq):
    """Moves loads and stores, one at a time to the place that prices lowest, until no move
    gains: a store gets to ride behind the last load of a run, an LDR no longer follows an
    STR. Comments stay before the instruction they preceded."""
    body, notes, waiting = [], {}, []
    for ins in seq:
        if ins.kind() == "-":
            waiting.append(ins)
        else:
            notes[id(ins)], waiting = waiting, []
            body.append(ins)

    def cost(a, b):
        return 0 if b is None else m4_cost(a, b)
    gained = True
    while gained:
        gained = False
        for ins in [x for x in body if x.kind() in "LS"]:
            i = body.index(ins)
            rest = body[:i] + body[i + 1:]
            before = body[i - 1] if i else None
            after = body[i + 1] if i + 1 < len(body) else None
            removed = cost(before, after) - cost(before, ins) - cost(ins, after)
            best, where = 0, i
            lo = i
            while lo > 0 and independent(ins, rest[lo - 1]):
                lo -= 1
            hi = i
            while hi < len(rest) and independent(ins, rest[hi]):
                hi += 1
            for j in range(lo, hi + 1):      # ins goes before rest[j]
                if j == i:
                    continue
                a = rest[j - 1] if j else None
                b = rest[j] if j < len(rest) else None
                d = removed - cost(a, b) + cost(a, ins) + cost(ins, b)
                if d < best:
                    best, where = d, j
            if where != i:
                body = rest[:where] + [ins] + rest[where:]
                gained = True
    out = []
    for ins in body:
        out += notes[id(ins)] + [ins]
    return out + waiting


class Emitter:
    def __init__(self):
        self.seq = []

    def raw(self, op, text, **kw):
        self.seq.append(Ins(op, text, **kw))

    def comment(self, text):
        self.raw("comment", "    @ " + text)

    def ldr(self, rt, base, off):
        self.raw("ldr", "    ldr %s, [%s, #%d]" % (rt, base, off), dst=rt, addr=base,
                 srcs=(base,), mem=(base, off))

    def str_(self, rt, base, off):
        self.raw("str", "    str %s, [%s, #%d]" % (rt, base, off), addr=base,
                 srcs=(rt, base), mem=(base, off))

    def alu(self, op, rd, rn, rm, k=0):
        """rd = rn OP rotl(rm, k); the 16-bit flag-setting form where it exists."""
        o2 = op2(rm, k)
        if op == "ror":
            self.raw("ror", "    ror %s, %s, #%d" % (rd, rn, (32 - k) % 32), dst=rd, srcs=(rn,))
            return
        if rd == rn and rd in LOW and rm in LOW and k % 32 == 0 and op in ("eor", "bic"):
            text = "    %ss %s, %s" % (op, rd, rm)
        else:
            text = "    %s %s, %s, %s" % (op, rd, rn, o2)
        self.raw(op, text, dst=rd, srcs=(rn, rm))


# ---------------------------------------------------------------------------------------
# State bookkeeping
# ---------------------------------------------------------------------------------------


def standard_config():
    """Logical word (x, y, h) -> (memory word index, frame)."""
    return {(x, y, h): (2 * (x + 5 * y) + h, 0) for x in range(5) for y in range(5) for h in range(2)}


def group_sources(Y, h):
    """For output row Y, half h: per X the input word feeding B[X] and B[X]'s rho rotation."""
    out = []
    for X in range(5):
        xs, ys = (X + 3 * Y) % 5, X
        hin = h ^ (RHO[xs][ys] & 1)
        out.append(((xs, ys, hin), rh(xs, ys, h), xs, hin))
    return out


def aligned_rotations(fr):
    """Fewest B words to rotate explicitly so that every output X has B[X] or B[X+2] at
    frame 0 (chi can produce its output in the frame of either)."""
    best = None
    for mask in range(32):
        if all(fr[X] % 32 == 0 or mask >> X & 1 or fr[(X + 2) % 5] % 32 == 0
               or mask >> ((X + 2) % 5) & 1 for X in range(5)):
            if best is None or bin(mask).count("1") < bin(best).count("1"):
                best = mask
    return [X for X in range(5) if best >> X & 1 and fr[X] % 32]


# theta's D[x][h] = C[x-1][h] ^ rotl^(1-h)(C[x+1][1-h]) joins two column parities, and each
# C word feeds two D words: the ten C and ten D form one cycle C -D- C -D- ... Walking it,
# only the first C, the current one and the finished D are live, so the parities fit the
# registers with few D sent to the stack.
def parity_cycle():
    ends = {}
    for x in range(5):
        for h in range(2):
            ends[(x, h)] = (((x - 1) % 5, h), ((x + 1) % 5, 1 - h))
    nodes, edges = [(0, 0)], []
    while len(edges) < 10:
        cur = nodes[-1]
        d = next(d for d, (p, q) in ends.items() if cur in (p, q) and d not in edges
                 and (not edges or d != edges[-1]))
        edges.append(d)
        p, q = ends[d]
        nodes.append(q if p == cur else p)
    assert nodes[-1] == nodes[0] and len(set(nodes[:-1])) == 10
    return nodes[:-1], edges, ends


PARITY_NODES, PARITY_EDGES, D_ENDS = parity_cycle()


# Outputs X of a round's last group kept in registers for the next round's parity (M4
# variants): each saves a load there; all five cost no D reload more (--stats).
HOLD = (0, 1, 2, 3, 4)

# Output groups (row Y, half h) in processing order, found by --search-order (hill climbing
# on lazy4's static cycle count, which the order changes through reloads of D words from the
# stack: a group needs five of the ten, seven registers hold them). Row-major order costs
# about 15 cycles per round more.
GROUP_ORDER = [(3, 1), (2, 0), (1, 1), (4, 0), (0, 1), (1, 0), (4, 1), (3, 0), (2, 1), (0, 0)]


class RoundGen:
    """Emits one round.
    cfg       logical word (x, y, h) -> (memory word, frame) at entry
    rc_off    byte offset of this round's constant pair from the block's RC pointer
    lazy_out  write words in their rho frames (else aligned: frame 0)
    style     'm4' (grouped loads) or 'm7' (loads interleaved with logic)
    carry     (memory word, register): words the round before left in registers, unstored
    keep_regs registers for the outputs the last group keeps (HOLD), when prescribed"""

    def __init__(self, em, cfg, rc_off, lazy_out, style, carry, keep_regs=None):
        self.em, self.cfg, self.rc_off = em, cfg, rc_off
        self.keep_regs = keep_regs
        self.lazy_out, self.style = lazy_out, style
        self.carry = dict(carry)  # memory word -> register: values not yet stored
        self.new = {}

    # -- theta parities ------------------------------------------------------------------
    def parity(self, store_set):
        """C[x][h] (five loads, four eor) and D[x][h] in frame 0. A D the main part reloads
        (store_set) goes to the stack right after the next load run, where a store is free;
        when registers run out, the D used last in the main part is dropped (stored first
        if need be). The previous round's words still in registers (self.carry) are used
        without a load and stored behind a load run before their registers are reused; when
        C needs more registers than are free, it is computed in two load runs rather than a D
        sent to the stack. Stores still waiting at the end (self.leftover) ride behind the
        main part's first loads. Returns the D still in registers and the set stored."""
        em, cfg = self.em, self.cfg
        carry = self.carry
        col_of = {cfg[k][0]: (k[0], k[2]) for k in cfg if cfg[k][0] in carry}
        free = [r for r in WORK if r not in carry.values()]
        C, Cf, D = {}, {}, {}
        uses = {(x, h): 2 for x in range(5) for h in range(2)}
        # stores waiting for a load run to follow: the previous round's words still in
        # registers ("carry", memory word), then the D the main part reloads
        pending, stored = [("carry", m) for m in sorted(carry)], set()
        first_use = {}
        for gi, (Y, h) in enumerate(GROUP_ORDER):
            for (_, _, xs, hin) in group_sources(Y, h):
                first_use.setdefault((xs, hin), gi)

        def store(d):
            if d[0] == "carry":
                em.str_(carry[d[1]], STATE, 4 * d[1])
            else:
                em.str_(D[d], "sp", SP_D + 4 * (2 * d[0] + d[1]))
                stored.add(d)
            if d in pending:
                pending.remove(d)

        def after_loads(keys):
            """Right after a load run: the carried words of the columns just loaded (their
            registers are overwritten next), at least one store if any waits (it is free)."""
            must = [d for d in pending if d[0] == "carry" and col_of[d[1]] in keys]
            for d in must:
                store(d)
            if not must and pending:
                order = {k: i for i, k in enumerate(todo)}
                store(min(pending, key=lambda d: (d[0] != "carry",
                                                  order.get(col_of.get(d[1]), 99))))

        def make_room(n):
            while len(free) < n:
                victim = max((d for d in D), key=lambda d: first_use[d])
                if victim in pending or victim not in stored:
                    store(victim)
                free.append(D.pop(victim))

        def frames_plan():
            """Frame of each C: a D needs no rotation when its first C is at frame 0 or its
            second C, after the rotation by 1 - h, is. Options per C: a frame one of its words
            has (free), or 0 / 31 by an explicit rotation (1). Exhaustive over the cycle."""
            def natural(k):
                return {cfg[(k[0], y, k[1])][1] % 32 for y in range(5)}
            opts = []
            for k in PARITY_NODES:
                nat = natural(k)
                o = [(f, 0) for f in (0, 31) if f in nat]
                o += [(f, 1) for f in (0, 31) if f not in nat]
                o.append((min(nat - {0, 31}, default=None), 0) if nat - {0, 31} else (None, 99))
                opts.append(o)

            def edge_cost(d, fr):
                ka, kb = D_ENDS[d]
                fa, fb = fr[ka], fr[kb]
                ok = fa == 0 or (fb is not None and (fb + 1 - d[1]) % 32 == 0)
                return 0 if ok else 1
            # dynamic programming around the cycle N0 -E0- N1 -E1- ... N9 -E9- N0
            n = len(PARITY_NODES)
            best = None
            for o0 in opts[0]:
                # table: option of the current node -> (cost so far, choices)
                table = {o0: (o0[1], [o0])}
                for i in range(1, n):
                    nxt = {}
                    for oi in opts[i]:
                        for prev, (c, ch) in table.items():
                            fr = {PARITY_NODES[i - 1]: prev[0], PARITY_NODES[i]: oi[0]}
                            cc = c + oi[1] + edge_cost(PARITY_EDGES[i - 1], fr)
                            if oi not in nxt or cc < nxt[oi][0]:
                                nxt[oi] = (cc, ch + [oi])
                    table = nxt
                for last, (c, ch) in table.items():
                    fr = {PARITY_NODES[n - 1]: last[0], PARITY_NODES[0]: o0[0]}
                    cc = c + edge_cost(PARITY_EDGES[n - 1], fr)
                    if best is None or cc < best[0]:
                        best = (cc, ch)
            return {k: c for k, c in zip(PARITY_NODES, best[1])}

        plan = frames_plan()

        def load(r, x, y, h):
            if cfg[(x, y, h)][0] not in self.carry:   # a carried word is in its register
                em.ldr(r, STATE, 4 * cfg[(x, y, h)][0])

        def compute_C(keys):
            """One load run for the C words in keys, then their eor chains."""
            runs = []
            for (x, h) in keys:
                f, rot = plan[(x, h)]
                nat = [cfg[(x, y, h)][1] % 32 for y in range(5)]
                if rot or f is None:
                    f0 = nat[0]
                else:
                    f0 = f
                ys = sorted(range(5), key=lambda y: (nat[y] != f0, y))
                regs = [self.carry[cfg[(x, y, h)][0]] if cfg[(x, y, h)][0] in self.carry
                        else free.pop(0) for y in ys]
                runs.append((x, h, f0, ys, regs, f if rot else None))
            if self.style == "m7":
                # xor5 as a load/eor alternation: on the M7 loads do not pair with loads
                for i, (x, h, f0, ys, regs, rot_to) in enumerate(runs):
                    load(regs[0], x, ys[0], h)
                    load(regs[1], x, ys[1], h)
                    after_loads([(x, h)])
                    for j in range(1, 5):
                        if j + 1 < 5:
                            load(regs[j + 1], x, ys[j + 1], h)
                        em.alu("eor", regs[0], regs[0], regs[j], cfg[(x, ys[j], h)][1] - f0)
            else:
                for (x, h, f0, ys, regs, rot_to) in runs:
                    for r, y in zip(regs, ys):
                        load(r, x, y, h)
                after_loads(keys)
                for (x, h, f0, ys, regs, rot_to) in runs:
                    for r, y in zip(regs[1:], ys[1:]):
                        em.alu("eor", regs[0], regs[0], r, cfg[(x, y, h)][1] - f0)
            for (x, h, f0, ys, regs, rot_to) in runs:
                if rot_to is not None:
                    em.alu("ror", regs[0], regs[0], regs[0], f0 - rot_to)  # explicit (§3.2)
                    f0 = rot_to
                free[:0] = regs[1:]
                C[(x, h)], Cf[(x, h)] = regs[0], f0

        def compute_D(x, h):
            # D[x][0] = C[x-1][0] ^ rotl(C[x+1][1], 1);  D[x][1] = C[x-1][1] ^ C[x+1][0]
            ka, kb = D_ENDS[(x, h)]
            extra = 1 - h
            make_room(1)
            # not r1 if another register is free: the main part's chi temporary is r1
            d = free.pop(next((i for i, r in enumerate(free) if r != CARRY), 0))
            if (Cf[kb] + extra) % 32 == 0:
                em.alu("eor", d, C[kb], C[ka], Cf[ka])
                f = 0
            else:
                em.alu("eor", d, C[ka], C[kb], Cf[kb] + extra - Cf[ka])
                f = Cf[ka] % 32
            if f:
                em.alu("ror", d, d, d, f)   # the explicit rotations of §3.2
            for k in (ka, kb):
                uses[k] -= 1
                if uses[k] == 0:
                    free.insert(0, C[k])
            D[(x, h)] = d
            if (x, h) in store_set:
                pending.append((x, h))

        def fresh(keys):
            """Registers the loads of the C words in keys need (carried words need none)."""
            return sum(cfg[(x, y, h)][0] not in self.carry for (x, h) in keys for y in range(5))

        # walk the cycle: C(N0), C(N1), D(E0), C(N2), D(E1), ..., C(N9), D(E8), D(E9)
        todo = list(PARITY_NODES)
        for i, e in enumerate(PARITY_EDGES):
            ka, kb = D_ENDS[e]
            need = [k for k in todo if k in (ka, kb)]
            if not need:
                pass
            elif len(need) == 2 and fresh(need) > len(free):
                for k in need:       # two load runs rather than a D sent to the stack
                    make_room(fresh([k]))
                    todo.remove(k)
                    compute_C([k])
            else:
                make_room(fresh(need))
                keys = list(need)
                # a longer load run when the registers allow (one cycle less per run)
                nxt = [k for k in todo if k not in keys][:1]
                if nxt and len(free) >= fresh(keys + nxt) + 2:
                    keys += nxt
                for k in keys:
                    todo.remove(k)
                compute_C(keys)
            compute_D(*e)
        # what still waits is stored after the main part's first loads
        assert all(d[0] != "carry" for d in pending)
        self.leftover = list(pending)
        stored.update(pending)
        return dict(D), stored

    # -- theta (xor D), rho (frames only), pi (addresses), chi, iota -----------------------
    def main(self, dregs):
        em = self.em
        T = CARRY
        cache = {d: r for d, r in dregs.items() if r != T}
        # stores done after the next group's loads (free after a load): (register, base,
        # offset); first the D the parity left, then each group's last output
        held = [(dregs[d], "sp", SP_D + 4 * (2 * d[0] + d[1])) for d in self.leftover]
        reloaded = set()
        needs = [[(xs, hin) for (_, _, xs, hin) in group_sources(Y, h)] for (Y, h) in GROUP_ORDER]
        for gi, (Y, h) in enumerate(GROUP_ORDER):
            src = group_sources(Y, h)
            want = needs[gi]
            has_rc = Y == 0
            limit = len(WORK) - 1 - 5 - (1 if has_rc else 0)

            def next_use(d):
                return next((gj for gj in range(gi + 1, len(GROUP_ORDER)) if d in needs[gj]), 99)
            missing = [d for d in want if d not in cache]
            while len(cache) + len(missing) > limit:
                victim = max((d for d in cache if d not in want), key=next_use)
                del cache[victim]
            used = set(cache.values()) | {T}
            pool = [r for r in WORK if r not in used]
            B = [pool.pop(0) for _ in range(5)]
            for d in missing:
                cache[d] = pool.pop(0)
            reloaded.update(missing)
            p = pool.pop(0) if has_rc else None
            for st in [st for st in held if st[0] not in cache.values() and st[0] != T]:
                em.str_(*st)             # its register is loaded next
                held.remove(st)
            em.comment("row %d, %s words: theta, rho, pi, chi%s" % (
                Y, "even" if h == 0 else "odd", ", iota" if has_rc else ""))
            if self.style == "m7":
                self.group_m7(src, B, cache, missing, p, held, h, T)
            else:
                self.group_m4(src, B, cache, missing, p, held, h, T)
            keep = None
            if gi == len(GROUP_ORDER) - 1:
                # the round's last outputs stay in registers: the next round's parity uses
                # them without loading them (and stores them after a load)
                keep = {}
                hold = HOLD if self.style == "m4" else (4,)
                for i, X in enumerate(hold):
                    # not a B word chi still reads, not the RC before iota, not T while
                    # outputs that are not kept go through it
                    busy = {B[k % 5] for j in range(X, 5) for k in (j, j + 1, j + 2)}
                    busy |= set(keep.values()) | ({p} if X == 0 else set())
                    busy |= {T} if X < 4 and any(j not in hold for j in range(X + 1, 5)) else set()
                    if self.keep_regs:
                        keep[X] = self.keep_regs[i]
                        assert keep[X] not in busy, "no register for a kept output"
                    else:
                        keep[X] = T if X == 4 else next(r for r in reversed(WORK) if r not in busy)
            out = self.chi(src, B, Y, h, T, p, keep)
            held = [(r, STATE, 4 * mem) for mem, r in out]
        self.held = out
        return reloaded

    def theta(self, src, B, cache, X):
        w, _, xs, hin = src[X]
        s = self.cfg[w][1]
        if not self.lazy_out and self.frames[X] % 32 and (s + self.frames[X]) % 32 == 0:
            # an aligned output wanted, and A's own frame undoes rho: B = A ^ rotl(D, -s)
            # in A's frame needs no explicit rotation
            self.em.alu("eor", B[X], B[X], cache[(xs, hin)], -s)
            self.frames[X] = 0
            return
        # B[X] = D ^ rotl(A, s): the word's pending rotation is done by the barrel shifter
        self.em.alu("eor", B[X], cache[(xs, hin)], B[X], s)

    def group_m4(self, src, B, cache, missing, p, held, h, T):
        em = self.em
        if p:
            em.ldr(p, "sp", SP_RCP)
        for X in range(5):
            em.ldr(B[X], STATE, 4 * self.cfg[src[X][0]][0])
        for d in missing:
            em.ldr(cache[d], "sp", SP_D + 4 * (2 * d[0] + d[1]))
        if p:
            em.ldr(p, p, self.rc_off + 4 * h)
        for st in held:
            em.str_(*st)                     # right after the loads: the first is free
        self.frames = [src[X][1] for X in range(5)]
        for X in range(5):
            self.theta(src, B, cache, X)
        if not self.lazy_out:
            for X in aligned_rotations(self.frames):
                em.alu("ror", B[X], B[X], B[X], self.frames[X])
                self.frames[X] = 0

    def group_m7(self, src, B, cache, missing, p, held, h, T):
        """Each load followed by logic (loads do not pair on the M7), and every explicit
        rotation kept away from the instruction that produced its input (seed 000 §4.2.2)."""
        em = self.em
        for st in held:
            em.str_(*st)
        loads = []
        if p:
            loads.append(("p0", None))
        for d in missing:
            loads.append(("D", d))
        for X in range(5):
            loads.append(("A", X))
        if p:
            loads.append(("p1", None))
        self.frames = [src[X][1] for X in range(5)]
        ready, done, rot_wait = [], set(), []
        dset = set(missing)

        def emit_load(kind, v):
            if kind == "p0":
                em.ldr(p, "sp", SP_RCP)
            elif kind == "p1":
                em.ldr(p, p, self.rc_off + 4 * h)
            elif kind == "D":
                em.ldr(cache[v], "sp", SP_D + 4 * (2 * v[0] + v[1]))
                dset.discard(v)
            else:
                em.ldr(B[v], STATE, 4 * self.cfg[src[v][0]][0])
                ready.append(v)

        def one_alu():
            # a rotation whose input was made at least one instruction ago, else a theta xor
            if rot_wait and rot_wait[0][1] < len(em.seq) - 1:
                X = rot_wait.pop(0)[0]
                em.alu("ror", B[X], B[X], B[X], self.frames[X])
                self.frames[X] = 0
                return True
            for X in ready:
                if (src[X][2], src[X][3]) not in dset:
                    ready.remove(X)
                    self.theta(src, B, cache, X)
                    done.add(X)
                    if self.frames[X] % 32:
                        rot_wait.append((X, len(em.seq) - 1))
                    return True
            return False

        for kind, v in loads:
            emit_load(kind, v)
            one_alu()
        while ready or rot_wait:
            if not one_alu():
                X = rot_wait.pop(0)[0]
                em.alu("ror", B[X], B[X], B[X], self.frames[X])
                self.frames[X] = 0

    def chi(self, src, B, Y, h, T, p, keep=None):
        """out[X] = B[X] ^ (~B[X+1] & B[X+2]), written into the input word of B[X + 2Y]
        (the lane map of order 4); the last output stays in T for a free store. keep: X ->
        register for outputs that stay in registers (the round's last group)."""
        em, fr = self.em, self.frames
        keep = keep or {4: T}
        held = []
        for X in range(5):
            X1, X2 = (X + 1) % 5, (X + 2) % 5
            T = keep.get(X, CARRY)
            em.alu("bic", T, B[X2], B[X1], fr[X1] - fr[X2])
            if self.lazy_out and fr[X] % 32 not in (0, 31) and fr[X2] % 32 in (0, 31):
                f = fr[X2]                              # see the parity's frames_plan
                em.alu("eor", T, T, B[X], fr[X] - f)
            elif self.lazy_out or fr[X] % 32 == 0:
                f = fr[X]                               # output in the frame of B[X]
                em.alu("eor", T, B[X], T, fr[X2] - f)
            else:
                f = fr[X2]                              # aligned output: B[X+2] is at 0
                em.alu("eor", T, T, B[X], fr[X] - f)
            if Y == 0 and X == 0:
                em.alu("eor", T, T, p, -f)              # iota (RC halves are in frame 0)
            mem = self.cfg[src[(X + 2 * Y) % 5][0]][0]
            self.new[(X, Y, h)] = (mem, f % 32)
            if X in keep:
                held.append((mem, T))
            else:
                em.str_(T, STATE, 4 * mem)
        return held

    def run(self):
        # a first pass finds the D the main part reloads: only those are stored
        real, self.em = self.em, Emitter()
        dregs, _ = self.parity(set())
        store_set = self.main(dregs)
        self.em, self.new = real, {}
        dregs, stored = self.parity(store_set)
        assert self.main(dregs) <= stored, "a D is reloaded that was never stored"
        return self.new


# ---------------------------------------------------------------------------------------
# Variants: rounds of a block, loop, entry for any nr
# ---------------------------------------------------------------------------------------

VARIANTS = {
    # lazy: per block round, whether it writes lazy (rho-pending) words; style: instruction
    # scheduling; lazy4: the block loops on lazy rounds, with a first round reading aligned
    # words and a last round writing them
    "lazy3": dict(lazy=[True, True, True, False], style="m4", lazy4=False),
    "lazy4": dict(lazy=[True, True, True, True], style="m4", lazy4=True),
    "m7": dict(lazy=[False, False, False, False], style="m7", lazy4=False),
}


def rc_table():
    lines = []
    for i, c in enumerate(RC):
        lines.append("    .word 0x%08x, 0x%08x    @ RC[%d] even, odd bits" % (
            even_bits(c), even_bits(c >> 1), i))
    return lines


def move_table(cfg):
    """In-place move from the standard aligned state to cfg: cycles of (offset, rotation)
    byte pairs, bit 7 of the rotation byte ending a cycle; 0xff ends the table.
    new[a_i] = ror(old[a_(i+1)], rot_i), the last entry of a cycle reads old[a_0]."""
    dst_of = {}
    rot_of = {}
    for (x, y, h), (m, s) in cfg.items():
        dst_of[2 * (x + 5 * y) + h] = m
        rot_of[m] = s % 32
    src_of = {m: a for a, m in dst_of.items()}
    seen, out = set(), []
    for start in range(50):
        if start in seen or (src_of[start] == start and rot_of[start] == 0):
            continue
        cyc, a = [], start
        while a not in seen:
            seen.add(a)
            cyc.append(a)
            a = src_of[a]
        for i, a in enumerate(cyc):
            out += [4 * a, rot_of[a] | (0x80 if i == len(cyc) - 1 else 0)]
    out.append(0xFF)
    return out


def generate(name):
    v = VARIANTS[name]
    sym = "kf_armv7m_permute_" + name
    rounds, helds = {}, {}

    def build(carry):
        """All round codes; carry: round tag -> (memory word, register) the round before it
        left in registers, not stored.
        Returns the configurations at the start of block rounds 0..4."""
        def round_code(tag, cfg, pos, lazy_out, keep_regs=None):
            # lazy4 advances its RC pointer before round 3 (in the loop test)
            rc_off = 8 * pos - (32 if v["lazy4"] and pos == 3 else 0)
            sub = Emitter()
            g = RoundGen(sub, cfg, rc_off, lazy_out, v["style"], carry.get(tag, ()), keep_regs)
            new = g.run()
            seq = schedule_m4(sub.seq) if v["style"] == "m4" else sub.seq
            rounds[tag], helds[tag] = seq, g.held
            return new
        # Block: R0 reads aligned words in the lazy variants (the first round), R3 writes
        # aligned words in lazy3 and m7. lazy4 adds R0 reading lazy words and R3 writing lazy
        # words for its loop.
        cfgs = [standard_config()]
        c = cfgs[0]
        for pos in range(4):
            c = round_code("R%d" % pos, c, pos, v["lazy"][pos] and not (v["lazy4"] and pos == 3))
            cfgs.append(c)
        if v["lazy4"]:
            lazy_in = round_code("R3lazy", cfgs[3], 3, True)
            again = round_code("R0lazy", lazy_in, 0, True)
            assert again == cfgs[1], "lazy4: the loop round R0 must write what R0 (first) writes"
            if helds["R0lazy"] != helds["R0"]:
                # both go on to R1: the first round keeps its outputs where the loop's does
                round_code("R0", cfgs[0], 0, True, [r for _, r in helds["R0lazy"]])
            assert helds["R0lazy"] == helds["R0"]
        assert {k: m for k, (m, s) in cfgs[4].items()} == {k: m for k, (m, s) in cfgs[0].items()}
        assert all(s == 0 for (m, s) in cfgs[4].values())
        return cfgs

    # which words each round leaves in registers does not depend on what it receives: learn
    # it, then build every round with the words it receives
    build({})
    carry = {"R1": helds["R0"], "R2": helds["R1"], "R3": helds["R2"]}
    if v["lazy4"]:
        carry.update(R3lazy=helds["R2"], R0lazy=helds["R3lazy"])
    else:
        carry["R0"] = helds["R3"]
    cfgs = build(carry)

    out = []
    w = out.append
    w("@ SPDX-License-Identifier: Apache-2.0 OR MIT")
    w("@ Generated by gen_keccak_armv7m.py - do not edit; change the generator and rerun it.")
    w("@ Keccak-p[1600, nr] for ARMv7-M, variant %s (see the generator for the design)." % name)
    w("@ void %s(uint32_t state[50], unsigned nr), nr = 1..24" % sym)
    w("")
    w("    .syntax unified")
    w("    .thumb")
    w("    .text")
    w("")
    w("    .p2align 3")
    w(".Lrc_%s:" % name)
    out.extend(rc_table())
    for q in (1, 2, 3):
        w(".Lmoves%s_%s:" % ("" if q == 1 else q, name))
        w("    @ standard aligned words -> the places and frames block round %d reads" % q)
        tab = move_table(cfgs[q])
        for i in range(0, len(tab), 16):
            w("    .byte " + ", ".join("%d" % b for b in tab[i:i + 16]))
    w("")
    w("    .global %s" % sym)
    w("    .type %s, %%function" % sym)
    w("    .p2align 2")
    w("%s:" % sym)
    w("    push {r4-r11, lr}")
    w("    sub sp, #%d" % FRAME)
    w("    adr r2, .Lrc_%s" % name)
    w("    rsb r3, r1, #24")
    w("    add r2, r2, r3, lsl #3            @ &RC[24 - nr]")
    w("    ands r3, r1, #3")
    w("    beq .Lenter0_%s" % name)
    w("    @ nr = 4k + j, j > 0: start at block round q = 4 - j, words moved to that round's places")
    w("    rsb r3, r3, #4                    @ q")
    w("    sub r2, r2, r3, lsl #3            @ the block's RC pointer: RC of its round 0")
    w("    str r2, [sp, #%d]" % SP_RCP)
    w("    adr r1, .Lrc_%s + %d" % (name, 20 * 8 if v["lazy4"] else 24 * 8))
    w("    str r1, [sp, #%d]" % SP_END)
    w("    adr r4, .Lmoves_%s" % name)
    w("    cmp r3, #2")
    w("    it eq")
    w("    addeq r4, r4, #(.Lmoves2_%s - .Lmoves_%s)" % (name, name))
    w("    cmp r3, #3")
    w("    it eq")
    w("    addeq r4, r4, #(.Lmoves3_%s - .Lmoves_%s)" % (name, name))
    w(".Lmove_cycle_%s:" % name)
    w("    ldrb r5, [r4], #1                 @ a0 (byte offset), 0xff: done")
    w("    cmp r5, #255")
    w("    beq .Lmoved_%s" % name)
    w("    ldr r7, [r0, r5]                  @ old[a0], written last")
    w(".Lmove_step_%s:" % name)
    w("    ldrb r6, [r4], #1                 @ rotation | end of cycle")
    w("    and r8, r6, #31")
    w("    tst r6, #0x80")
    w("    bne .Lmove_close_%s" % name)
    w("    ldrb r9, [r4], #1                 @ a_(i+1)")
    w("    ldr r10, [r0, r9]")
    w("    ror r10, r10, r8")
    w("    str r10, [r0, r5]")
    w("    mov r5, r9")
    w("    b .Lmove_step_%s" % name)
    w(".Lmove_close_%s:" % name)
    w("    ror r7, r7, r8")
    w("    str r7, [r0, r5]")
    w("    b .Lmove_cycle_%s" % name)
    w(".Lmoved_%s:" % name)
    w("    @ each round expects in registers the words the round before it left there unstored")
    w("    cmp r3, #2")
    w("    blo .Lenter1_%s" % name)
    w("    beq .Lenter2_%s" % name)
    for q in (3, 1, 2):
        w(".Lenter%d_%s:" % (q, name))
        for mem, r in carry["R%d" % q]:
            w("    ldr %s, [r0, #%d]" % (r, 4 * mem))
        w("    b .Lround%d_%s" % (q, name))
    w(".Lenter0_%s:" % name)
    w("    str r2, [sp, #%d]" % SP_RCP)
    w("    adr r1, .Lrc_%s + %d            @ the RC pointer of the %s block" % (
        name, 20 * 8 if v["lazy4"] else 24 * 8, "last" if v["lazy4"] else "block after the last"))
    w("    str r1, [sp, #%d]" % SP_END)
    for mem, r in carry.get("R0", ()):
        w("    ldr %s, [r0, #%d]" % (r, 4 * mem))

    def scratch(tag):
        """Two registers the loop test may use between round tag and the next."""
        busy = {r for _, r in helds[tag]}
        return [r for r in WORK if r not in busy][:2]

    def put(tag):
        for ins in rounds[tag]:
            w(ins.text)

    if not v["lazy4"]:
        w(".Lblock_%s:" % name)
        for pos in range(4):
            w(".Lround%d_%s:" % (pos, name))
            w("    @ ---- block round %d ----" % pos)
            put("R%d" % pos)
        a, b = scratch("R3")
        w("    ldr %s, [sp, #%d]" % (a, SP_RCP))
        w("    ldr %s, [sp, #%d]" % (b, SP_END))
        w("    adds %s, %s, #32" % (a, a))
        w("    str %s, [sp, #%d]" % (a, SP_RCP))
        w("    cmp %s, %s" % (a, b))
        w("    bne .Lblock_%s" % name)
    else:
        w("    @ ---- block round 0, first round: reads aligned words ----")
        put("R0")
        w("    b .Lround1_%s" % name)
        w(".Lloop_%s:" % name)
        w("    @ ---- block round 3, not the last: writes lazy words ----")
        put("R3lazy")
        w("    @ ---- block round 0, in the loop: reads lazy words ----")
        put("R0lazy")
        w(".Lround1_%s:" % name)
        w("    @ ---- block round 1 ----")
        put("R1")
        w(".Lround2_%s:" % name)
        w("    @ ---- block round 2 ----")
        put("R2")
        w(".Lround3_%s:" % name)
        w("    @ the next block's RC pointer; round 3 reads its constants at -8")
        a, b = scratch("R2")
        w("    ldr %s, [sp, #%d]" % (a, SP_RCP))
        w("    ldr %s, [sp, #%d]" % (b, SP_END))
        w("    cmp %s, %s" % (a, b))
        w("    add.w %s, %s, #32" % (a, a))
        w("    str %s, [sp, #%d]" % (a, SP_RCP))
        w("    bne .Lloop_%s" % name)
        w("    @ ---- block round 3, the last round: writes aligned words ----")
        put("R3")
    for mem, r in helds["R3"]:
        w("    str %s, [r0, #%d]" % (r, 4 * mem))
    w("    add sp, #%d" % FRAME)
    w("    pop {r4-r11, pc}")
    w("    .size %s, . - %s" % (sym, sym))
    w("")
    return "\n".join(out) + "\n", rounds, helds


def static_cycles(rounds, helds, name, nr):
    """Cortex-M4 estimate for nr a multiple of 4, by the rules of m4_cycles: the rounds as
    generated plus the entry, loop and exit code along the path nr takes."""
    c = {k: m4_cycles(v) for k, v in rounds.items()}
    blocks = nr // 4
    push_pop = (1 + 9) + (1 + 9 + 2)        # push {r4-r11, lr}; pop {r4-r11, pc} (+ refill)
    entry = push_pop + 5 + 3 + 1 + 1 + 1    # sub adr rsb add ands, beq taken, str adr str
    if not VARIANTS[name]["lazy4"]:
        entry += len(helds["R3"]) + 1       # the words R0 expects in registers: one load run
    exit_ = len(helds["R3"]) + 1            # the last round's words still in registers, add sp
    if VARIANTS[name]["lazy4"]:
        check = 2 + 1 + 1 + 1 + 1           # ldr ldr cmp add str, then bne
        return (entry + c["R0"] + 3 + blocks * (c["R1"] + c["R2"] + check)
                + (blocks - 1) * (3 + c["R3lazy"] + c["R0lazy"]) + 1 + c["R3"] + exit_)
    block_end = 2 + 1 + 1 + 1 + 1 + 3       # ldr ldr adds str cmp, bne taken
    return entry + 2 + blocks * (sum(c["R%d" % i] for i in range(4)) + block_end) - 2 + exit_


def search_group_order(seed, restarts=4, steps=300):
    """Hill climbing over GROUP_ORDER by swaps, scoring lazy4's Keccak-p[1600, 24]."""
    import random
    rng = random.Random(seed)

    def cost(order):
        GROUP_ORDER[:] = order
        try:
            _, rounds, helds = generate("lazy4")
        except (AssertionError, ValueError, StopIteration):
            return 10 ** 6                  # registers do not suffice for this order
        return static_cycles(rounds, helds, "lazy4", 24)
    best = (cost(list(GROUP_ORDER)), list(GROUP_ORDER))
    for _ in range(restarts):
        cur = list(best[1])
        rng.shuffle(cur)
        cc = cost(cur)
        for _ in range(steps):
            i, j = rng.sample(range(10), 2)
            n = list(cur)
            n[i], n[j] = n[j], n[i]
            c = cost(n)
            if c <= cc:
                cur, cc = n, c
        best = min(best, (cc, cur))
    GROUP_ORDER[:] = best[1]
    print("GROUP_ORDER = %s  # lazy4 Keccak-p[1600, 24] ~%d cycles" % (best[1], best[0]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--stats", action="store_true")
    ap.add_argument("--outdir", default=HERE)
    ap.add_argument("--search-order", type=int, metavar="SEED",
                    help="search a group order (minutes) and print it; writes nothing")
    a = ap.parse_args()
    if a.search_order is not None:
        search_group_order(a.search_order)
        return 0
    bad = 0
    for name in VARIANTS:
        text, rounds, helds = generate(name)
        path = os.path.join(a.outdir, "keccak_p1600_armv7m_%s.S" % name)
        if a.stats:
            per = {k: m4_cycles(v) for k, v in rounds.items()}
            print("%-6s Keccak-p[1600,24] ~%d, [1600,12] ~%d cycles (Cortex-M4, static); rounds: %s"
                  % (name, static_cycles(rounds, helds, name, 24),
                     static_cycles(rounds, helds, name, 12),
                     ", ".join("%s %d" % kv for kv in sorted(per.items()))))
        if a.check:
            try:
                same = open(path).read() == text
            except OSError:
                same = False
            if not same:
                print("%s differs from the generator's output" % path)
                bad = 1
        elif not a.stats:
            with open(path, "w") as f:
                f.write(text)
    return bad


if __name__ == "__main__":
    sys.exit(main())
