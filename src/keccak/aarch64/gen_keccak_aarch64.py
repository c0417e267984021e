# SPDX-License-Identifier: Apache-2.0 OR MIT
"""gen_keccak_aarch64.py - generates the AArch64 Keccak-p[1600] assembly (seed 002).

    python3 gen_keccak_aarch64.py            write the .S files beside this script
    python3 gen_keccak_aarch64.py --check    run the rounds (keccak_aarch64_rounds.py) against
                                             a Python Keccak-p[1600, nr] for nr = 1..24 on
                                             random states, and fail if a checked-in .S
                                             differs from what this script writes now

The rounds, their register allocation and their lazy rotations are built as data in
keccak_aarch64_rounds.py; this file adds what is around them (prologues, entry for any nr,
loops, the merging of scalar and Neon streams for the hybrids) and prints the text.
"""
import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
from keccak_aarch64_rounds import (MIXED, NEON, RC, SHA3, V_MAP, V_REGS, X_MAP,  # noqa: E402
                                   check_loop_scalar, check_neon, check_scalar, loop_round,
                                   neon_round, scalar_schedule)

HERE = os.path.dirname(os.path.abspath(__file__))


# ---- instructions as text --------------------------------------------------------------------
def fmt_scalar(ins):
    op = ins[0]
    if op in ('eor', 'bic'):
        _, d, n, m, k = ins
        return '%s %s, %s, %s%s' % (op, d, n, m, ', ror #%d' % k if k else '')
    if op == 'ror':
        return 'ror %s, %s, #%d' % ins[1:]
    if op == 'ldrc':
        return 'ldr %s, =0x%016x' % (ins[1], ins[2])
    raise ValueError(op)


def fmt_neon(ins, rc_text):
    op = ins[0]
    r = ins[1:]
    if op in ('eor', 'bic'):
        return '%s %s.16b, %s.16b, %s.16b' % ((op,) + r)
    if op in ('eor3', 'bcax'):
        return '%s %s.16b, %s.16b, %s.16b, %s.16b' % ((op,) + r)
    if op in ('rax1', 'add'):
        return '%s %s.2d, %s.2d, %s.2d' % ((op,) + r)
    if op == 'xar':
        return 'xar %s.2d, %s.2d, %s.2d, #%d' % r
    if op in ('shl', 'sri'):
        return '%s %s.2d, %s.2d, #%d' % ((op,) + r)
    if op == 'rc':
        return rc_text(r[0], r[1])
    raise ValueError(op)


# ---- text output -----------------------------------------------------------------------------
class Asm:
    def __init__(self):
        self.lines = []

    def __call__(self, s=''):
        self.lines.append(('    ' + s) if s and not s.endswith(':') and not s.startswith(('//', '.L', '#')) else s)

    def label(self, name):
        self.lines.append(name + ':')

    def text(self):
        return '\n'.join(self.lines) + '\n'


def func_begin(a, name):
    a('.p2align 6')
    a('.global %s' % name)
    a('.hidden %s' % name)
    a('.type %s, %%function' % name)
    a.label(name)


def func_end(a, name):
    a('.size %s, .-%s' % (name, name))


GPR_SAVE = [('x19', 'x20'), ('x21', 'x22'), ('x23', 'x24'), ('x25', 'x26'), ('x27', 'x28')]


def gpr_prologue(a, frame):
    """Save x19..x30 (every one is a lane or a spare here); frame bytes, 16-aligned."""
    a('stp x29, x30, [sp, #-%d]!' % frame)
    for i, (r1, r2) in enumerate(GPR_SAVE):
        a('stp %s, %s, [sp, #%d]' % (r1, r2, 16 + 16 * i))


def gpr_epilogue(a, frame):
    for i, (r1, r2) in enumerate(GPR_SAVE):
        a('ldp %s, %s, [sp, #%d]' % (r1, r2, 16 + 16 * i))
    a('ldp x29, x30, [sp], #%d' % frame)


def lanes_io(a, op, regs_of_lane, base, offset=0, stride=8):
    """ldp/stp the 25 lanes (lane i at base + offset + stride*i), pairs of neighbours. For
    loads, the pair holding the base register goes last."""
    pairs = [(2 * j, 2 * j + 1) for j in range(12)] + [(24,)]
    if op.startswith('ld'):
        pairs.sort(key=lambda p: base in [regs_of_lane[i] for i in p])
    for p in pairs:
        off = offset + stride * p[0]
        if len(p) == 2 and stride == 8:
            a('%sp %s, %s, [%s, #%d]' % (op[:2], regs_of_lane[p[0]], regs_of_lane[p[1]], base, off))
        else:
            for i in p:
                a('%s %s, [%s, #%d]' % (op, regs_of_lane[i], base, offset + stride * i))


SCALAR_FRAME = 112  # x29..x28 (96 bytes), the state pointer, padding


def emit_scalar(a, name, tag):
    """The x1 routine: void name(uint64_t state[25], unsigned nr)."""
    rounds, defer = scalar_schedule()
    func_begin(a, name)
    gpr_prologue(a, SCALAR_FRAME)
    a('str x0, [sp, #96]')
    a('cmp w1, #24')
    a('csel w1, wzr, w1, hi              // nr > 24: entry 0, state left as it is')
    a('adr x2, .L%s_entry' % tag)
    a('ldrsw x3, [x2, w1, uxtw #2]')
    a('add x2, x2, x3')
    lanes_io(a, 'ldr', X_MAP, 'x0')
    a('br x2')
    a('.p2align 2')
    a.label('.L%s_entry' % tag)
    a('.word .L%s_store - .L%s_entry      // nr = 0' % (tag, tag))
    for nr in range(1, 25):
        k = 24 - nr
        tgt = '.L%s_stub%d' % (tag, k) if any(defer[k]) else '.L%s_round%d' % (tag, k)
        a('.word %s - .L%s_entry' % (tgt, tag))
    # entry stubs: put the loaded lanes into the lazy form round k expects
    for k in range(24):
        if not any(defer[k]):
            continue
        a.label('.L%s_stub%d' % (tag, k))
        for i in range(25):
            if defer[k][i]:
                a('ror %s, %s, #%d' % (X_MAP[i], X_MAP[i], defer[k][i]))
        a('b .L%s_round%d' % (tag, k))
    for ir in range(24):
        a.label('.L%s_round%d' % (tag, ir))
        for ins in rounds[ir]:
            a(fmt_scalar(ins))
    # leave: the last deferred rotations, then the lanes back to memory
    for i in range(25):
        if defer[24][i]:
            a('ror %s, %s, #%d' % (X_MAP[i], X_MAP[i], (64 - defer[24][i]) % 64))
    a.label('.L%s_store' % tag)
    a('ldr x1, [sp, #96]')
    lanes_io(a, 'str', X_MAP, 'x1')
    gpr_epilogue(a, SCALAR_FRAME)
    a('ret')
    a('.ltorg')
    func_end(a, name)


def neon_prologue(a):
    """d8..d15 are callee-saved (AAPCS64), and every v register is a lane or a spare here."""
    a('stp d8, d9, [sp, #-64]!')
    a('stp d10, d11, [sp, #16]')
    a('stp d12, d13, [sp, #32]')
    a('stp d14, d15, [sp, #48]')


def neon_epilogue(a):
    a('ldp d10, d11, [sp, #16]')
    a('ldp d12, d13, [sp, #32]')
    a('ldp d14, d15, [sp, #48]')
    a('ldp d8, d9, [sp], #64')


def vlanes_io(a, op, base, offset=0):
    """ldp/stp q: lane j of the two states is the 16 bytes at base + offset + 16j."""
    for j in range(12):
        a('%sp q%s, q%s, [%s, #%d]' % (op, V_MAP[2 * j][1:], V_MAP[2 * j + 1][1:], base, offset + 32 * j))
    a('%sr q%s, [%s, #%d]' % (op, V_MAP[24][1:], base, offset + 384))


def emit_neon_x2(a, name, tag, style):
    """void name(uint64_t states[50], unsigned nr): lane j of state i at word 2j + i."""
    func_begin(a, name)
    a('sub w3, w1, #1')
    a('cmp w3, #23')
    a('b.hi .L%s_ret                 // nr outside 1..24: nothing to do' % tag)
    neon_prologue(a)
    a('adrp x2, kf_aarch64_rc')
    a('add x2, x2, :lo12:kf_aarch64_rc')
    a('add x2, x2, #192')
    a('sub x2, x2, w1, uxtw #3        // &RC[24 - nr]')
    vlanes_io(a, 'ld', 'x0')
    a('.p2align 4')
    a.label('.L%s_loop' % tag)
    for ins in neon_round(V_MAP, None, V_REGS, style):
        a(fmt_neon(ins, lambda d, v: 'ld1r {%s.2d}, [x2], #8' % d))
    a('subs w1, w1, #1')
    a('b.ne .L%s_loop' % tag)
    vlanes_io(a, 'st', 'x0')
    neon_epilogue(a)
    a.label('.L%s_ret' % tag)
    a('ret')
    func_end(a, name)


def interleave(xs, ys):
    """Merge two instruction streams evenly (neither reorders), so an out-of-order core sees
    scalar and Neon work in every stretch of its window (§4.4, Fig. 6)."""
    out, i, j = [], 0, 0
    while i < len(xs) or j < len(ys):
        if j >= len(ys) or (i < len(xs) and i * len(ys) <= j * len(xs)):
            out.append(xs[i])
            i += 1
        else:
            out.append(ys[j])
            j += 1
    return out


HYBRID_FRAME = 176   # x19..x30 (96), the states pointer (16), d8..d15 (64)


def emit_hybrid_x3(a, name, tag, style):
    """void name(uint64_t states[75], unsigned nr): states 0, 1 interleaved in words 0..49
    (as the x2 routines), state 2 plain lanes in words 50..74. One scalar round and one Neon
    round per round position, merged; the 24 positions written out as in the x1 routine."""
    rounds, defer = scalar_schedule()
    func_begin(a, name)
    gpr_prologue(a, HYBRID_FRAME)
    for i in range(4):
        a('stp d%d, d%d, [sp, #%d]' % (8 + 2 * i, 9 + 2 * i, 112 + 16 * i))
    a('str x0, [sp, #96]')
    a('cmp w1, #24')
    a('csel w1, wzr, w1, hi              // nr > 24: entry 0, states left as they are')
    a('adr x2, .L%s_entry' % tag)
    a('ldrsw x3, [x2, w1, uxtw #2]')
    a('add x2, x2, x3')
    vlanes_io(a, 'ld', 'x0')
    a('add x0, x0, #400                // state 2 (ldp reaches 504 bytes)')
    lanes_io(a, 'ldr', X_MAP, 'x0')
    a('br x2')
    a('.p2align 2')
    a.label('.L%s_entry' % tag)
    a('.word .L%s_store - .L%s_entry      // nr = 0' % (tag, tag))
    for nr in range(1, 25):
        k = 24 - nr
        tgt = '.L%s_stub%d' % (tag, k) if any(defer[k]) else '.L%s_round%d' % (tag, k)
        a('.word %s - .L%s_entry' % (tgt, tag))
    for k in range(24):
        if not any(defer[k]):
            continue
        a.label('.L%s_stub%d' % (tag, k))
        for i in range(25):
            if defer[k][i]:
                a('ror %s, %s, #%d' % (X_MAP[i], X_MAP[i], defer[k][i]))
        a('b .L%s_round%d' % (tag, k))
    for ir in range(24):
        a.label('.L%s_round%d' % (tag, ir))
        sc = [fmt_scalar(i) for i in rounds[ir]]
        vc = [fmt_neon(i, lambda d, v, ir=ir: 'ldr q%s, .L%s_rc%d' % (d[1:], tag, ir))
              for i in neon_round(V_MAP, RC[ir], V_REGS, style)]
        for line in interleave(sc, vc):
            a(line)
    for i in range(25):
        if defer[24][i]:
            a('ror %s, %s, #%d' % (X_MAP[i], X_MAP[i], (64 - defer[24][i]) % 64))
    a.label('.L%s_store' % tag)
    a('ldr x1, [sp, #96]')
    a('add x2, x1, #400')
    lanes_io(a, 'str', X_MAP, 'x2')
    vlanes_io(a, 'st', 'x1')
    for i in range(4):
        a('ldp d%d, d%d, [sp, #%d]' % (8 + 2 * i, 9 + 2 * i, 112 + 16 * i))
    gpr_epilogue(a, HYBRID_FRAME)
    a('ret')
    a('.ltorg')
    a('.p2align 4')
    for ir in range(24):
        a.label('.L%s_rc%d' % (tag, ir))
        a('.quad 0x%016x, 0x%016x' % (RC[ir], RC[ir]))
    func_end(a, name)


LOOP_FRAME = 208  # x19..x30 (96), 5 words of loop state (96..135), pad, d8..d15 (144..207)


def emit_hybrid_loop(a, name, tag, style, ns):
    """void name(uint64_t states[25 * (2 + ns)], unsigned nr): states 0, 1 on Neon (words
    0..49), states 2 .. 1+ns in the general-purpose registers one after another (plain lanes,
    words 50 + 25s ..). The Neon round is cut into ns pieces and piece c is merged into
    every scalar round that is the c-th of its group of ns, so Neon does one round while
    the scalar code does ns: the paper's balance of one Neon x2 with ns scalar states (§4.4).
    The scalar rounds are the loop round of Fig. 3 (3 RORs each, the same every round), the
    round constants come from a table through pointers on the stack (no free register), and
    a pass ends when the scalar pointer reaches the 256-byte boundary the table ends on."""
    sc, pat = loop_round()
    rcreg = sc[-2][1]
    p1, p2 = [r for r in ('x1', 'x2', 'x3', 'x4') if r != rcreg][:2]  # pointer registers
    sc = [fmt_scalar(i) for i in sc[:-2]]
    vc = neon_round(V_MAP, 0, V_REGS, style)
    vrc = vc[-2][1]
    vc = [fmt_neon(i, None) for i in vc[:-2]]
    cuts = [len(vc) * c // ns for c in range(ns + 1)]
    tab = '.L%s_rc' % tag
    func_begin(a, name)
    a('sub w3, w1, #1')
    a('cmp w3, #23')
    a('b.hi .L%s_ret                 // nr outside 1..24: nothing to do' % tag)
    gpr_prologue(a, LOOP_FRAME)
    for i in range(4):
        a('stp d%d, d%d, [sp, #%d]' % (8 + 2 * i, 9 + 2 * i, 144 + 16 * i))
    a('adrp x2, %s' % tab)
    a('add x2, x2, :lo12:%s' % tab)
    a('add x2, x2, #192')
    a('sub x2, x2, w1, uxtw #3        // &RC[24 - nr]')
    a('add x3, x0, #400')
    a('stp x0, x2, [sp, #96]          // the states; the scalar round constants')
    a('stp x2, x3, [sp, #112]         // the Neon round constants; this pass\'s scalar state')
    a('str w1, [sp, #128]             // nr (a 32-bit argument: the upper half is not defined)')
    vlanes_io(a, 'ld', 'x0')
    lanes_io(a, 'ldr', X_MAP, 'x3')
    rors = [(X_MAP[i], pat[i]) for i in range(25) if pat[i]]
    for r, k in rors:
        a('ror %s, %s, #%d' % (r, r, k))
    for c in range(ns):
        a.label('.L%s_body%d' % (tag, c))
        for line in interleave(sc, vc[cuts[c]:cuts[c + 1]]):
            a(line)
        a('ldr %s, [sp, #104]' % p1)
        a('ldr %s, [%s], #8' % (rcreg, p1))
        a('str %s, [sp, #104]' % p1)
        a('eor %s, %s, %s' % (X_MAP[0], X_MAP[0], rcreg))
        if c == ns - 1:
            a('ldr %s, [sp, #112]' % p2)
            a('ld1r {%s.2d}, [%s], #8' % (vrc, p2))
            a('str %s, [sp, #112]' % p2)
            a('eor %s.16b, %s.16b, %s.16b' % (V_MAP[0], V_MAP[0], vrc))
        a('tst %s, #0xff                  // the table ends on a 256-byte boundary' % p1)
        a('b.eq .L%s_next%d' % (tag, c))
        if c == ns - 1:
            a('b .L%s_body0' % tag)
    for c in range(ns):
        # this scalar state is done: store it, then the next one, or finish
        a.label('.L%s_next%d' % (tag, c))
        for r, k in rors:
            a('ror %s, %s, #%d' % (r, r, 64 - k))
        a('ldr x1, [sp, #120]')
        lanes_io(a, 'str', X_MAP, 'x1')
        a('ldr x2, [sp, #96]')
        a('add x2, x2, #%d' % (400 + 200 * ns))
        a('add x1, x1, #200')
        a('cmp x1, x2')
        a('b.eq .L%s_done' % tag)
        a('str x1, [sp, #120]')
        a('ldr x2, [sp, #104]')
        a('ldr w3, [sp, #128]')
        a('sub x2, x2, w3, uxtw #3        // back to &RC[24 - nr]')
        a('str x2, [sp, #104]')
        lanes_io(a, 'ldr', X_MAP, 'x1')
        for r, k in rors:
            a('ror %s, %s, #%d' % (r, r, k))
        a('b .L%s_body%d' % (tag, (c + 1) % ns))
    a.label('.L%s_done' % tag)
    a('ldr x0, [sp, #96]')
    vlanes_io(a, 'st', 'x0')
    for i in range(4):
        a('ldp d%d, d%d, [sp, #%d]' % (8 + 2 * i, 9 + 2 * i, 144 + 16 * i))
    gpr_epilogue(a, LOOP_FRAME)
    a.label('.L%s_ret' % tag)
    a('ret')
    func_end(a, name)
    a('.section .rodata')
    a('.p2align 8')
    a('.skip 64')
    a.label(tab)
    for v in RC:
        a('.quad 0x%016x' % v)
    a('.text')


def emit_rc_table(a):
    a('.section .rodata')
    a('.p2align 3')
    a('.global kf_aarch64_rc')
    a('.hidden kf_aarch64_rc')
    a('.type kf_aarch64_rc, %object')
    a.label('kf_aarch64_rc')
    for v in RC:
        a('.quad 0x%016x' % v)
    a('.size kf_aarch64_rc, .-kf_aarch64_rc')


# ---- files -----------------------------------------------------------------------------------
HEADER = """// SPDX-License-Identifier: Apache-2.0 OR MIT
// %s - GENERATED by gen_keccak_aarch64.py (edit that, then run it); do not edit.
//
%s
"""

SCALAR_DOC = """\
// void kf_aarch64_x1_permute(uint64_t state[25], unsigned nr): Keccak-p[1600, nr], the last nr
// rounds of Keccak-f[1600], on 25 plain little-endian lanes (seed 002 §3.1).
//
// The 25 lanes live in x0, x6..x29; x1..x5, x30 are the parities, D values and temporaries.
// Lazy rotations: a register holds its lane rotated right by a per-lane amount that the
// generator tracks, so rho and theta's rotation by 1 ride on the shifted-register operand of
// EOR/BIC (ror #k) and no round has an explicit rotation. The amounts differ from round to
// round, so the 24 rounds are written out; nr < 24 enters at round 24 - nr through a stub that
// rotates the freshly loaded lanes into that round's form, and the exit rotates them back.
// Per round: 20 EOR (parities) + 5 EOR (D) + 25 EOR (theta, rho, pi) + 25 BIC + 25 EOR (chi)
// + LDR + EOR (iota) = 102 instructions, no MOV; the five parity chains are interleaved and
// chi's BIC/EOR pairs staggered (seed 002 Figs. 4, 5) for in-order dual and triple issue.
// x18 is used as a lane: on Linux it is an ordinary temporary register."""


NEON_DOC = """\
// void kf_aarch64_x2_neon_permute(uint64_t states[50], unsigned nr): Keccak-p[1600, nr] on two
// states at once, Armv8-A Neon only (seed 002 §3.3, §4.2). Lane j of state i is the 64-bit
// word 2j + i, so v register = one lane of both states.
//
// The lanes live in v0..v24; v25..v31 hold the parities, the D values and temporaries. The
// lane -> register map is the same after every round (the scalar code's allocation, §3.1),
// so the round is a loop with no MOV. Rotations are SHL+SRI, ADD+SRI where the shift is 1.
// Per round: 76 EOR, 25 BIC, 23 SHL, 6 ADD, 29 SRI, LD1R (iota) = 160 instructions.
// Also here: kf_aarch64_rc, the 24 round constants, for the Neon loops."""

SHA3_DOC = """\
// The two-state routines with the Armv8.4-A SHA-3 instructions (seed 002 §3.2, §4.4); same
// state format and register use as keccak_p1600_x2_neon.S.
//   kf_aarch64_x2_sha3_permute      EOR3 (parities), RAX1 (D), XAR (theta+rho+pi), BCAX
//                                   (chi): 66 instructions per round + LD1R.
//   kf_aarch64_x2_neonsha3_permute  the Neon/Neon+SHA-3 hybrid: EOR3, RAX1 and BCAX on the
//                                   SHA-3 pipe, rho as EOR+SHL+SRI on the others (40 SHA-3 +
//                                   74 plain Neon per round), for cores where one Neon pipe
//                                   of two or four has the SHA-3 instructions."""


HYBRID_DOC = """\
// void kf_aarch64_x3_hybrid_permute(uint64_t states[75], unsigned nr): Keccak-p[1600, nr] on
// three states, the Scalar/Neon hybrid of seed 002 §4.4: states 0 and 1 on Neon (as
// keccak_p1600_x2_neon.S, words 0..49), state 2 in the general-purpose registers (as
// keccak_p1600_x1_scalar.S, plain lanes in words 50..74), the two instruction streams merged
// round by round so that the integer and the Neon pipes work at the same time. The two
// halves share nothing but the stack frame; the Neon round constants are 16-byte literals.
// Per round position: 102 scalar + 160 Neon instructions."""

HYBRID_SHA3_DOC = """\
// void kf_aarch64_x3_hybrid_sha3_permute(uint64_t states[75], unsigned nr): as
// keccak_p1600_x3_hybrid.S with the Neon/Neon+SHA-3 rounds of kf_aarch64_x2_neonsha3_permute:
// the Scalar/Neon/Neon+SHA-3 hybrid of seed 002 §4.4 (the paper's fastest on Cortex-X2).
// Per round position: 102 scalar + 115 Neon instructions (40 of them SHA-3)."""


HYBRID45_DOC = """\
// The Scalar/Neon hybrids with {n} states (seed 002 §4.4): two states on Neon (words 0..49,
// as the x2 routines) and the others in the general-purpose registers, one after another
// (plain lanes, 25 words each, after the Neon ones). The Neon round is spread over as many
// scalar rounds as there are scalar states, so both finish together.
//   kf_aarch64_x{n}_hybrid_permute       Neon part in Armv8-A Neon (Scalar/Neon)
//   kf_aarch64_x{n}_hybrid_sha3_permute  Neon part with the SHA-3 instructions (Scalar/Neon+SHA-3;
//                                       this file is assembled with .arch armv8.2-a+sha3, and
//                                       only this routine uses them)
// Scalar rounds: the loop round of seed 002 Fig. 3 (76 EOR, 25 BIC, 3 ROR), the round
// constants through pointers kept on the stack, since all 31 registers hold lanes."""


def gen_files():
    out = {}
    a = Asm()
    a('.text')
    emit_scalar(a, 'kf_aarch64_x1_permute', 'x1')
    out['keccak_p1600_x1_scalar.S'] = HEADER % ('keccak_p1600_x1_scalar.S', SCALAR_DOC) + a.text()
    a = Asm()
    a('.text')
    emit_neon_x2(a, 'kf_aarch64_x2_neon_permute', 'neon', NEON)
    emit_rc_table(a)
    out['keccak_p1600_x2_neon.S'] = HEADER % ('keccak_p1600_x2_neon.S', NEON_DOC) + a.text()
    a = Asm()
    a('.arch armv8.2-a+sha3')
    a('.text')
    emit_neon_x2(a, 'kf_aarch64_x2_sha3_permute', 'sha3', SHA3)
    emit_neon_x2(a, 'kf_aarch64_x2_neonsha3_permute', 'neonsha3', MIXED)
    out['keccak_p1600_x2_sha3.S'] = HEADER % ('keccak_p1600_x2_sha3.S', SHA3_DOC) + a.text()
    a = Asm()
    a('.text')
    emit_hybrid_x3(a, 'kf_aarch64_x3_hybrid_permute', 'hy', NEON)
    out['keccak_p1600_x3_hybrid.S'] = HEADER % ('keccak_p1600_x3_hybrid.S', HYBRID_DOC) + a.text()
    a = Asm()
    a('.arch armv8.2-a+sha3')
    a('.text')
    emit_hybrid_x3(a, 'kf_aarch64_x3_hybrid_sha3_permute', 'hys', MIXED)
    out['keccak_p1600_x3_hybrid_sha3.S'] = (HEADER % ('keccak_p1600_x3_hybrid_sha3.S', HYBRID_SHA3_DOC)
                                            + a.text())
    for ns in (2, 3):
        doc = HYBRID45_DOC.replace('{n}', str(ns + 2))
        fn = 'keccak_p1600_x%d_hybrid.S' % (ns + 2)
        a = Asm()
        a('.arch armv8.2-a+sha3')
        a('.text')
        emit_hybrid_loop(a, 'kf_aarch64_x%d_hybrid_permute' % (ns + 2), 'hy%d' % (ns + 2), NEON, ns)
        emit_hybrid_loop(a, 'kf_aarch64_x%d_hybrid_sha3_permute' % (ns + 2), 'hys%d' % (ns + 2), SHA3, ns)
        out[fn] = HEADER % (fn, doc) + a.text()
    return out


def main():
    files = gen_files()
    if '--check' in sys.argv[1:]:
        rng = random.Random(2026)
        check_scalar(rng)
        check_loop_scalar(rng)
        for style in (NEON, SHA3, MIXED):
            check_neon(rng, style)
        bad = 0
        for name, text in files.items():
            with open(os.path.join(HERE, name)) as f:
                if f.read() != text:
                    print('%s differs from the generator output: run gen_keccak_aarch64.py' % name)
                    bad = 1
        if not bad:
            print('ok: simulation matches Keccak-p[1600, nr] for nr = 1..24; %d files up to date'
                  % len(files))
        return bad
    for name, text in files.items():
        with open(os.path.join(HERE, name), 'w') as f:
            f.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
