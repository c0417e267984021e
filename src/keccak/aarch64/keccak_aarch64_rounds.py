# SPDX-License-Identifier: Apache-2.0 OR MIT
"""keccak_aarch64_rounds.py - the Keccak-p[1600] rounds of the AArch64 backends as data, for
gen_keccak_aarch64.py (which prints them as assembly) and for its --check (which runs them).

A round is a list of instruction tuples over named registers. simulate() / simulate_neon()
execute such a list on Python integers, and keccak_p() is an independent Keccak-p[1600, nr]
(FIPS 202 Algorithms 1-7), so the register allocation and the lazy-rotation bookkeeping are
tested before any assembler runs.

Notation: lane (x, y) is index x + 5y; rot(v, n) is a left rotation. B[y, 2x+3y] =
rot(A[x,y] ^ D[x], r[x,y]) is theta+rho+pi, A'[x,y] = B[x,y] ^ (~B[x+1,y] & B[x+2,y]) chi.

Register allocation (seed 002 §3.1, "Register Allocation"), shared by the scalar and the Neon
code: with loc A the lane -> register map, B[x,y] is written to loc A[x,y] for x >= 2, to
loc A[x,(y+1)%5] for x in {0,1}, y >= 1, and B[0,0], B[1,0] to registers outside the state.
Theta+rho+pi then runs as a chain (each B goes where the A just consumed was), and chi, row
by row in the order y = 1,2,3,4,0, writes A'[0,y], A'[1,y] into loc A[0,y], loc A[1,y] (freed
by the previous row) and A'[2..4,y] in place. The map is the same after every round (the
cycle of maps has length 1), so there is not a single MOV, and a loop or a straight run of
rounds both work.
"""

# ---- Keccak constants and a reference (FIPS 202 Algorithms 1-7) --------------------------
RHO = [0] * 25
_x, _y = 1, 0
for _t in range(24):
    RHO[_x + 5 * _y] = ((_t + 1) * (_t + 2) // 2) % 64
    _x, _y = _y, (2 * _x + 3 * _y) % 5


def _rc_bit(t):
    """rc(t), FIPS 202 Algorithm 5."""
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(1, t % 255 + 1):
        r = [0] + r
        r[0] ^= r[8]
        r[4] ^= r[8]
        r[5] ^= r[8]
        r[6] ^= r[8]
        r = r[:8]
    return r[0]


RC = []
for _ir in range(24):
    _v = 0
    for _j in range(7):
        _v |= _rc_bit(_j + 7 * _ir) << ((1 << _j) - 1)
    RC.append(_v)

M64 = (1 << 64) - 1


def rol(v, n):
    n %= 64
    return ((v << n) | (v >> (64 - n))) & M64 if n else v


def ror(v, n):
    return rol(v, 64 - (n % 64))


def keccak_p(lanes, nr):
    a = list(lanes)
    for ir in range(24 - nr, 24):
        c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
        d = [c[(x - 1) % 5] ^ rol(c[(x + 1) % 5], 1) for x in range(5)]
        b = [0] * 25
        for x in range(5):
            for y in range(5):
                b[y + 5 * ((2 * x + 3 * y) % 5)] = rol(a[x + 5 * y] ^ d[x], RHO[x + 5 * y])
        a = [b[i] ^ (~b[(i % 5 + 1) % 5 + 5 * (i // 5)] & b[(i % 5 + 2) % 5 + 5 * (i // 5)])
             for i in range(25)]
        a[0] ^= RC[ir]
    return a


def lane(x, y):
    return x % 5 + 5 * (y % 5)


def pi_src(p):
    """The input lane feeding B position p (B[y, 2x+3y] comes from A[x, y])."""
    for x in range(5):
        for y in range(5):
            if lane(y, 2 * x + 3 * y) == p:
                return lane(x, y)
    raise AssertionError


def b_target(p):
    """Where B position p lives, relative to loc A (see the module docstring): a lane index
    whose register it takes, or None for the two positions that take a spare register."""
    x, y = p % 5, p // 5
    if x >= 2:
        return p
    if y == 0:
        return None
    return lane(x, y + 1)


# ---- the round as a dataflow over registers ------------------------------------------------
class Regs:
    """Which registers hold live values; hands out spare ones."""

    def __init__(self, all_regs, state_map):
        self.all = list(all_regs)
        self.state = set(state_map)
        self.live = set(state_map)

    def take(self, reg=None):
        """Mark reg live, or else a spare register (never one of the map's: those are
        spoken for by chi, even while free)."""
        if reg is None:
            reg = next(r for r in self.all if r not in self.live and r not in self.state)
        assert reg not in self.live, reg
        self.live.add(reg)
        return reg

    def free(self, reg):
        self.live.discard(reg)


def theta_pi_plan(state_map):
    """The chain order of theta+rho+pi: a list of (B position, source lane, destination
    register) such that each destination is free when written. B[0,0] and B[1,0] take spare
    registers (the second once the chain has freed one)."""
    dest_of = {}
    for p in range(25):
        t = b_target(p)
        dest_of[p] = None if t is None else state_map[t]
    holder = {state_map[i]: i for i in range(25)}  # register -> lane of A still held
    pending = set(range(25))
    order = []
    while pending:
        ready = [p for p in pending if dest_of[p] is not None and dest_of[p] not in holder]
        if not ready:
            p = min(q for q in pending if dest_of[q] is None)  # B[0,0] first, then B[1,0]
            dest_of[p] = 'spare'
            ready = [p]
        p = ready[0]
        src = pi_src(p)
        order.append((p, src, dest_of[p]))
        del holder[state_map[src]]
        pending.discard(p)
    return order


# ---- scalar (GPR) code -----------------------------------------------------------------------
# Instructions: ('eor'|'bic', d, n, m, k) d = n op ror(m, k); ('ror', d, n, k);
# ('ldrc', d, value) d = value (a literal load); ('ldp'|'stp'|...) only in text.

def scalar_round(state_map, defer, rc, all_regs, choose):
    """One round, lanes in state_map (lane -> register) with deferred rotations defer
    (true lane = rol(register, defer)). Returns (instructions, new defer). The map is
    unchanged at the end. choose(...) picks among the lazy-rotation options."""
    regs = Regs(all_regs, state_map)
    code = []
    s = list(defer)
    # theta: column parities C[x], deferral t[x] = the first lane's (it is never shifted).
    # The five chains are interleaved, so an in-order core always has an independent EOR to
    # pair (seed 002 Fig. 4).
    t = [0] * 5
    creg = [None] * 5
    chains = []
    for x in range(5):
        ys = choose.column_order(x, s)
        c = creg[x] = regs.take()
        a0, a1 = state_map[lane(x, ys[0])], state_map[lane(x, ys[1])]
        s0, s1 = s[lane(x, ys[0])], s[lane(x, ys[1])]
        chain = [('eor', c, a0, a1, (s0 - s1) % 64)]
        t[x] = s0
        for y in ys[2:]:
            chain.append(('eor', c, c, state_map[lane(x, y)], (s0 - s[lane(x, y)]) % 64))
        chains.append(chain)
    for step in range(4):
        code.extend(chain[step] for chain in chains)
    # D[x] = C[x-1] ^ rol(C[x+1], 1), deferral u[x] = t[x-1]; in place where possible
    tmp = regs.take()
    dreg = [None] * 5
    u = [0] * 5

    def mk_d(x, dst):
        code.append(('eor', dst, creg[(x - 1) % 5], creg[(x + 1) % 5],
                     (t[(x - 1) % 5] - t[(x + 1) % 5] - 1) % 64))
        dreg[x] = dst
        u[x] = t[(x - 1) % 5]

    mk_d(1, tmp)
    mk_d(3, creg[2])
    mk_d(0, creg[4])
    mk_d(2, creg[1])
    mk_d(4, creg[3])
    regs.free(creg[0])
    if choose.true_d:
        # break the chain of deferrals here (§3.1): then every round has the same deferrals
        # (those rho gives), at the price of an explicit rotation of each D with u != 0
        for x in range(5):
            if u[x]:
                code.append(('ror', dreg[x], dreg[x], (64 - u[x]) % 64))
                u[x] = 0
    # theta + rho + pi (lazy: B keeps a deferred rotation, rho costs nothing)
    bdef = [0] * 25
    breg = [None] * 25
    uses = {x: 5 for x in range(5)}
    for p, src, dst in theta_pi_plan(state_map):
        x = src % 5
        if dst == 'spare':
            dst = regs.take()
        else:
            regs.take(dst)
        areg = state_map[src]
        if choose.b_from_d(p, u[x], s[src]):
            code.append(('eor', dst, dreg[x], areg, (u[x] - s[src]) % 64))
            d0 = u[x]
        else:
            code.append(('eor', dst, areg, dreg[x], (s[src] - u[x]) % 64))
            d0 = s[src]
        bdef[p] = (d0 + RHO[src]) % 64
        breg[p] = dst
        regs.free(areg)
        uses[x] -= 1
        if uses[x] == 0:
            regs.free(dreg[x])
    # chi, rows 1,2,3,4,0. Each output is a BIC then an EOR; the BIC of the next output is
    # issued before the EOR of this one, and the in-place outputs alternate between two
    # temporaries, so neighbouring instructions are independent (seed 002 Fig. 5).
    new = [0] * 25
    for y in (1, 2, 3, 4, 0):
        b = [breg[lane(x, y)] for x in range(5)]
        bd = [bdef[lane(x, y)] for x in range(5)]
        temps = [regs.take(), regs.take()]
        pairs = []
        for x in range(5):
            if x < 2:
                dst = tr = regs.take(state_map[lane(x, y)])
            else:
                dst, tr = b[x], temps[x % 2]
            b1, b2 = (x + 1) % 5, (x + 2) % 5
            bic = ('bic', tr, b[b2], b[b1], (bd[b2] - bd[b1]) % 64)
            if choose.chi_keep_b2(lane(x, y), bd[b2], bd[x]):
                eor = ('eor', dst, tr, b[x], (bd[b2] - bd[x]) % 64)
                new[lane(x, y)] = bd[b2]
            else:
                eor = ('eor', dst, b[x], tr, (bd[x] - bd[b2]) % 64)
                new[lane(x, y)] = bd[x]
            pairs.append((bic, eor))
        # B[x] is overwritten (x >= 2) only after its last reader: outputs x-2, x-1, x
        code.append(pairs[0][0])
        for x in range(5):
            if x + 1 < 5:
                code.append(pairs[x + 1][0])
            code.append(pairs[x][1])
        for r in temps + b[:2]:
            regs.free(r)
    r = regs.take()
    code.append(('ldrc', r, ror(rc, new[0])))
    code.append(('eor', state_map[0], state_map[0], r, 0))
    regs.free(r)
    return code, new


class ZeroPreferring:
    """Lazy-rotation choices for rounds written out one by one: prefer those that leave a
    deferred rotation of 0, so that fewer lanes need an explicit rotation where the code is
    entered (nr < 24) and left."""
    true_d = False

    def column_order(self, x, s):
        ys = list(range(5))
        # the first lane's deferral becomes the parity's: take a zero one if there is one
        ys.sort(key=lambda y: s[lane(x, y)] != 0)
        return ys

    def b_from_d(self, p, ux, sa):
        src = pi_src(p)
        return (ux + RHO[src]) % 64 == 0 or (sa + RHO[src]) % 64 != 0

    def chi_keep_b2(self, i, d2, d0):
        return d2 == 0 or d0 != 0


class SamePattern(ZeroPreferring):
    """Lazy-rotation choices for a round in a loop (the paper's Fig. 3): D made true, B
    deferred by its rho offset only, chi keeping B[x+2]'s deferral (B[x]'s for lane (0,0),
    which makes it 0), so the output pattern does not depend on the input pattern. The
    parities take a lane with deferral 0 unshifted where the column has one, which leaves
    three D values to rotate."""
    true_d = True

    def b_from_d(self, p, ux, sa):
        return True

    def chi_keep_b2(self, i, d2, d0):
        return i != 0


def loop_round(state_map=None, all_regs=None):
    """The scalar round of the loops, and its deferral pattern S (input = output)."""
    state_map, all_regs = state_map or X_MAP, all_regs or X_REGS
    _, pattern = scalar_round(state_map, [0] * 25, 0, all_regs, SamePattern())
    code, out = scalar_round(state_map, pattern, 0, all_regs, SamePattern())
    assert out == pattern and pattern[0] == 0
    return code, pattern


def simulate(code, regs):
    """Execute a scalar instruction list on a dict of 64-bit register values."""
    for ins in code:
        op = ins[0]
        if op == 'eor':
            _, d, n, m, k = ins
            regs[d] = regs[n] ^ ror(regs[m], k)
        elif op == 'bic':
            _, d, n, m, k = ins
            regs[d] = regs[n] & ~ror(regs[m], k) & M64
        elif op == 'ror':
            _, d, n, k = ins
            regs[d] = ror(regs[n], k)
        elif op == 'ldrc':
            regs[ins[1]] = ins[2]
        else:
            raise ValueError(op)
    return regs


# The scalar map: lanes in x0 and x6..x29; x1..x5 and x30 are the six spare registers a round
# needs (five parities, one more for the first D). x18 is free for programs on Linux.
X_REGS = ['x%d' % i for i in range(31)]
X_MAP = ['x0'] + ['x%d' % i for i in range(6, 30)]


def scalar_schedule(state_map=X_MAP, all_regs=X_REGS):
    """Rounds 0..23 with their deferrals: returns (rounds, defer) where rounds[i] is the code
    of round i and defer[i] the deferral pattern at its input (defer[24] at the end)."""
    defer = [[0] * 25]
    rounds = []
    ch = ZeroPreferring()
    for ir in range(24):
        code, nd = scalar_round(state_map, defer[-1], RC[ir], all_regs, ch)
        rounds.append(code)
        defer.append(nd)
    return rounds, defer


def check_scalar(rng):
    rounds, defer = scalar_schedule()
    for nr in range(1, 25):
        k = 24 - nr
        st = [rng.getrandbits(64) for _ in range(25)]
        regs = {r: rng.getrandbits(64) for r in X_REGS}
        for i in range(25):
            regs[X_MAP[i]] = ror(st[i], defer[k][i])  # the entry stub's rotations
        for ir in range(k, 24):
            simulate(rounds[ir], regs)
        got = [rol(regs[X_MAP[i]], defer[24][i]) for i in range(25)]
        assert got == keccak_p(st, nr), 'scalar nr=%d' % nr


# ---- Neon code (two states, one per 64-bit element of a v register) -------------------------
# Instructions (element-wise on each 64-bit half): ('eor', d, n, m), ('eor3', d, a, b, c),
# ('bic', d, n, m) d = n & ~m, ('bcax', d, n, m, k) d = n ^ (m & ~k), ('rax1', d, n, m)
# d = n ^ rol(m, 1), ('xar', d, n, m, k) d = ror(n ^ m, k), ('shl', d, n, k), ('sri', d, n, k)
# shift right by k and insert (d keeps its top k bits), ('add', d, n, m), ('rc', d, value):
# d = value in both halves (how it is loaded is up to the caller).

class NeonStyle:
    """Which steps use the Armv8.4-A SHA-3 instructions (§3.2) and which plain Armv8-A Neon
    (§3.3): parities (EOR3), D (RAX1), theta+rho+pi (XAR), chi (BCAX)."""

    def __init__(self, eor3, rax1, xar, bcax):
        self.eor3, self.rax1, self.xar, self.bcax = eor3, rax1, xar, bcax


NEON = NeonStyle(False, False, False, False)
SHA3 = NeonStyle(True, True, True, True)
# Neon/Neon+SHA-3 hybrid (§4.4): the SHA-3 unit takes parities, D and chi (40 instructions),
# the other Neon pipes rho as EOR+SHL+SRI (73), about the 1:2 between the 1:1 the paper asks
# for on Cortex-A710 (one SHA-3 pipe of two) and the 1:3 on Cortex-X2 (one of four).
MIXED = NeonStyle(True, True, False, True)


def rol_into(code, dst, src, n):
    """dst = rol(src, n), dst != src: SHL+SRI, or ADD+SRI for n = 1 (ADD runs on every Neon
    pipe, SHL and SRI on half of them, §4.2)."""
    assert dst != src
    if n == 1:
        code.append(('add', dst, src, src))
    else:
        code.append(('shl', dst, src, n))
    code.append(('sri', dst, src, 64 - n))


def neon_round(state_map, rc, all_regs, style):
    regs = Regs(all_regs, state_map)
    code = []
    creg = [None] * 5
    for x in range(5):
        a = [state_map[lane(x, y)] for y in range(5)]
        c = creg[x] = regs.take()
        if style.eor3:
            code.append(('eor3', c, a[0], a[1], a[2]))
            code.append(('eor3', c, c, a[3], a[4]))
        else:
            code.append(('eor', c, a[0], a[1]))
            for y in range(2, 5):
                code.append(('eor', c, c, a[y]))
    first = regs.take()
    tmp = None if style.rax1 else regs.take()
    dreg = [None] * 5

    def mk_d(x, dst):
        cm, cp = creg[(x - 1) % 5], creg[(x + 1) % 5]
        if style.rax1:
            code.append(('rax1', dst, cm, cp))
        else:
            r = dst if dst not in (cm, cp) else tmp
            rol_into(code, r, cp, 1)
            code.append(('eor', dst, cm, r))
        dreg[x] = dst

    mk_d(1, first)
    mk_d(3, creg[2])
    mk_d(0, creg[4])
    mk_d(2, creg[1])
    mk_d(4, creg[3])
    regs.free(creg[0])
    if tmp:
        regs.free(tmp)
    breg = [None] * 25
    uses = {x: 5 for x in range(5)}
    for p, src, dst in theta_pi_plan(state_map):
        x = src % 5
        dst = regs.take() if dst == 'spare' else regs.take(dst)
        areg, r = state_map[src], RHO[src]
        if r == 0:
            code.append(('eor', dst, areg, dreg[x]))
        elif style.xar:
            code.append(('xar', dst, areg, dreg[x], 64 - r))
        else:
            code.append(('eor', areg, areg, dreg[x]))  # the lane's last use: xor in place
            rol_into(code, dst, areg, r)
        breg[p] = dst
        regs.free(areg)
        uses[x] -= 1
        if uses[x] == 0:
            regs.free(dreg[x])
    for y in (1, 2, 3, 4, 0):
        b = [breg[lane(x, y)] for x in range(5)]
        for x in range(5):
            dst = regs.take(state_map[lane(x, y)]) if x < 2 else b[x]
            b1, b2 = b[(x + 1) % 5], b[(x + 2) % 5]
            if style.bcax:
                code.append(('bcax', dst, b[x], b2, b1))
            else:
                t = dst if x < 2 else regs.take()
                code.append(('bic', t, b2, b1))
                code.append(('eor', dst, t, b[x]))
                if x >= 2:
                    regs.free(t)
        regs.free(b[0])
        regs.free(b[1])
    r = regs.take()
    code.append(('rc', r, rc))
    code.append(('eor', state_map[0], state_map[0], r))
    regs.free(r)
    return code


def simulate_neon(code, regs):
    """Run a Neon instruction list on one 64-bit half (both halves compute alike)."""
    for ins in code:
        op, d = ins[0], ins[1]
        v = [regs.get(q) for q in ins[2:]]
        if op == 'eor':
            regs[d] = v[0] ^ v[1]
        elif op == 'eor3':
            regs[d] = v[0] ^ v[1] ^ v[2]
        elif op == 'bic':
            regs[d] = v[0] & ~v[1] & M64
        elif op == 'bcax':
            regs[d] = v[0] ^ (v[1] & ~v[2] & M64)
        elif op == 'rax1':
            regs[d] = v[0] ^ rol(v[1], 1)
        elif op == 'xar':
            regs[d] = ror(v[0] ^ v[1], ins[4])
        elif op == 'shl':
            regs[d] = (v[0] << ins[3]) & M64
        elif op == 'sri':
            k = ins[3]
            regs[d] = (regs[d] & ~(M64 >> k) & M64) | (v[0] >> k)
        elif op == 'add':
            regs[d] = (v[0] + v[1]) & M64
        elif op == 'rc':
            regs[d] = ins[2]
        else:
            raise ValueError(op)
    return regs


V_REGS = ['v%d' % i for i in range(32)]
V_MAP = ['v%d' % i for i in range(25)]   # v25..v31: parities, D values, temporaries


def check_neon(rng, style):
    for nr in range(1, 25):
        for half in range(2):
            st = [rng.getrandbits(64) for _ in range(25)]
            regs = {r: rng.getrandbits(64) for r in V_REGS}
            for i in range(25):
                regs[V_MAP[i]] = st[i]
            for ir in range(24 - nr, 24):
                simulate_neon(neon_round(V_MAP, RC[ir], V_REGS, style), regs)
            assert [regs[V_MAP[i]] for i in range(25)] == keccak_p(st, nr), 'neon nr=%d' % nr


def check_loop_scalar(rng):
    """The loop round of the x4/x5 hybrids: S -> S, for every nr."""
    code, pat = loop_round()
    for nr in range(1, 25):
        st = [rng.getrandbits(64) for _ in range(25)]
        regs = {r: rng.getrandbits(64) for r in X_REGS}
        for i in range(25):
            regs[X_MAP[i]] = ror(st[i], pat[i])
        for ir in range(24 - nr, 24):
            simulate(code[:-2] + [('ldrc', code[-2][1], RC[ir])] + code[-1:], regs)
        assert [rol(regs[X_MAP[i]], pat[i]) for i in range(25)] == keccak_p(st, nr), nr
