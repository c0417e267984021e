# SPDX-License-Identifier: Apache-2.0 OR MIT
"""cortexm4.py - a Cortex-M3/M4 cycle model: run a function of an arm-none-eabi ELF in unicorn,
trace every executed instruction, and price the trace with the Cortex-M4 TRM timings.

Usage:
    m = Machine("image.elf")            # flash image loaded at its load addresses
    m.call("kfm_startup")              # .data/.bss set up by the image's own startup code
    r = m.call("f", arg0, arg1, ...)   # r.cycles, r.instructions, r.stack_bytes, r.functions, ...

The timing rules (TRM = Cortex-M4 Technical Reference Manual r0p1, Table 3-1 and section 3.3.2,
zero wait states; the same figures as the Cortex-M3 TRM except multiplies):

  data processing        1   also with a constant-shifted/rotated operand (the barrel shifter is
                             free). Register-specified shifts (LSL/LSR/ASR/ROR Rd, Rn, Rm) are 1
                             as well: Table 3-1 gives them 1 cycle. The extra cycle the paper
                             mentions for a register-shifted *operand* is an A32 form; Thumb-2 has no
                             such operand, so it cannot occur here.
  MUL, MLA, MLS, xMULL, xMLAL, DSP multiplies           1   (Cortex-M4 single-cycle MAC)
  SDIV, UDIV            12   the TRM says 2..12 (early termination on the operands); priced at the
                             bound and counted in CallResult.approximated
  LDR (any single load)  2   1 directly after a single load, unless an address register of this
                             load is the register that load loaded ("LDR [any] are pipelined...")
  STR (any single store) 1   0 directly after a single load, with the same exception
  LDR after STR         +1   (the store's data phase holds the bus)
  address dependency    +1   a load or store (any kind) whose base or index register was written
                             by the previous instruction, when that instruction is not itself a
                             load or store (no forwarding path from the ALU to the address
                             generator). Base write-back of a previous load/store is forwarded
                             by the address generator: no penalty.
  LDRD, STRD             3   (1+N, N = 2); not pipelined with neighbours
  LDM, STM, PUSH, POP  1+N   N registers, PC included
  branches             1+P   when taken, P = 2 (pipeline refill; the TRM says 1..3): B, BL, BX,
                             BLX, CBZ/CBNZ, POP {..pc} (1+N+P), LDR pc (2+P), MOV/ADD pc (1+P),
                             TBB/TBH (2+P). Untaken conditional branches: 1.
  IT                     1   (folding onto a previous 16-bit instruction is not modelled)
  skipped in an IT block 1   an instruction whose condition fails still passes the pipeline; it
                             is not a load or store for its neighbours' pipelining
  anything else          1   (NOP, barriers, system and bit-field instructions, ...)

Whether a conditional branch was taken is read off the trace (the next executed address).
Skipped IT-block instructions do not appear in unicorn's trace: they are the gap between two
traced instructions when the first is no branch (at most four, as an IT block allows; more
stops the model with an error).

A call is priced from the function's first instruction to its return instruction inclusive
(the caller's BL, +3 in a DWT_CYCCNT measurement around a call, is not included).
"""
import array
from collections import Counter, namedtuple

import capstone
from capstone import arm_const as A
from unicorn import Uc, UC_ARCH_ARM, UC_MODE_THUMB, UC_MODE_MCLASS, UC_HOOK_CODE, UC_HOOK_MEM_READ
from unicorn import arm_const as U

from elf32 import Elf32

FLASH_BASE, FLASH_SIZE = 0x00000000, 0x00100000   # as cortexm4.ld
RAM_BASE, RAM_SIZE = 0x20000000, 0x00040000
STACK_TOP = RAM_BASE + RAM_SIZE
RETURN_MAGIC = 0x0FFF0000                         # the called function returns here
MAX_INSTRUCTIONS = 200_000_000

P = 2  # pipeline refill after a taken branch

# instruction kinds
DP, MUL, DIV, LOAD, STORE, DUAL, MULTI, IT, BRANCH = ("dp", "mul", "div", "load", "store", "dual", "multi",
                                                     "it", "branch")

SINGLE_LOADS = {A.ARM_INS_LDR, A.ARM_INS_LDRB, A.ARM_INS_LDRH, A.ARM_INS_LDRSB, A.ARM_INS_LDRSH,
                A.ARM_INS_LDREX, A.ARM_INS_LDREXB, A.ARM_INS_LDREXH, A.ARM_INS_LDRT, A.ARM_INS_LDRBT,
                A.ARM_INS_LDRHT, A.ARM_INS_LDRSBT, A.ARM_INS_LDRSHT}
SINGLE_STORES = {A.ARM_INS_STR, A.ARM_INS_STRB, A.ARM_INS_STRH, A.ARM_INS_STREX, A.ARM_INS_STREXB,
                 A.ARM_INS_STREXH, A.ARM_INS_STRT, A.ARM_INS_STRBT, A.ARM_INS_STRHT}
DUALS = {A.ARM_INS_LDRD, A.ARM_INS_STRD}
MULTIS = {A.ARM_INS_LDM, A.ARM_INS_LDMDB, A.ARM_INS_STM, A.ARM_INS_STMDB, A.ARM_INS_PUSH, A.ARM_INS_POP}
MULTIPLIES = {getattr(A, "ARM_INS_" + n) for n in (
    "MUL MLA MLS SMULL UMULL SMLAL UMLAL UMAAL SMULBB SMULBT SMULTB SMULTT SMULWB SMULWT "
    "SMLABB SMLABT SMLATB SMLATT SMLAWB SMLAWT SMLAD SMLADX SMLSD SMLSDX SMLALD SMLALDX SMLSLD "
    "SMLSLDX SMLALBB SMLALBT SMLALTB SMLALTT SMMUL SMMULR SMMLA SMMLAR SMMLS SMMLSR SMUAD SMUADX "
    "SMUSD SMUSDX").split() if hasattr(A, "ARM_INS_" + n)}
DIVIDES = {A.ARM_INS_SDIV, A.ARM_INS_UDIV}
BRANCHES = {A.ARM_INS_B, A.ARM_INS_BL, A.ARM_INS_BLX, A.ARM_INS_BX, A.ARM_INS_CBZ, A.ARM_INS_CBNZ,
            A.ARM_INS_TBB, A.ARM_INS_TBH}

Insn = namedtuple("Insn", "addr size next text kind base branch nregs addr_regs loaded writes")
# base: cycles before context rules and the taken-branch refill; branch: can write PC
# addr_regs: registers that form the address; loaded: registers a single load loads
# writes: registers written (for the address-dependency rule)


def _decoder():
    md = capstone.Cs(capstone.CS_ARCH_ARM, capstone.CS_MODE_THUMB | capstone.CS_MODE_MCLASS)
    md.detail = True
    return md


def classify(ci):
    """An Insn from a capstone instruction."""
    _, written = ci.regs_access()
    written = frozenset(written)
    writes_pc = A.ARM_REG_PC in written or ci.id in BRANCHES
    mems = [op.mem for op in ci.operands if op.type == A.ARM_OP_MEM]
    addr_regs = frozenset(r for m in mems for r in (m.base, m.index) if r not in (0, A.ARM_REG_PC))
    regs = [op.reg for op in ci.operands if op.type == A.ARM_OP_REG]
    kind, base, nregs, loaded = DP, 1, 0, frozenset()
    if ci.id in SINGLE_LOADS:
        kind, base, loaded = LOAD, 2, frozenset(regs[:1])
    elif ci.id in SINGLE_STORES:
        kind, base = STORE, 1
    elif ci.id in DUALS:
        kind, base = DUAL, 3
    elif ci.id in MULTIS:
        if ci.id in (A.ARM_INS_PUSH, A.ARM_INS_POP):
            addr_regs, nregs = frozenset([A.ARM_REG_SP]), len(regs)
        else:
            addr_regs, nregs = frozenset(regs[:1]), len(regs) - 1
        kind, base = MULTI, 1 + nregs
    elif ci.id in (A.ARM_INS_TBB, A.ARM_INS_TBH):
        kind, base = LOAD, 2          # 2+P: a table load, then the branch; never pipelined
        loaded = frozenset([A.ARM_REG_PC])
    elif ci.id in MULTIPLIES:
        kind = MUL
    elif ci.id in DIVIDES:
        kind, base = DIV, 12
    elif ci.id == A.ARM_INS_IT:
        kind = IT
    elif ci.id in BRANCHES:
        kind = BRANCH
    if writes_pc and kind == LOAD:
        loaded = frozenset([A.ARM_REG_PC])  # LDR pc: a branch, not pipelined with what follows
    return Insn(ci.address, ci.size, ci.address + ci.size, f"{ci.mnemonic} {ci.op_str}".strip(),
                kind, base, writes_pc, nregs, addr_regs, loaded, written)


def context_cost(prev, cur):
    """Cycles added to cur's base cost by the instruction executed just before it; prev is None
    when that one was a skipped IT-block instruction, which is no load or store."""
    if prev is None or cur.kind not in (LOAD, STORE, DUAL, MULTI):
        return 0
    extra = 0
    if cur.kind in (LOAD, STORE) and not cur.branch and prev.kind == LOAD and not prev.branch:
        if not (cur.addr_regs & prev.loaded):
            extra -= 1   # pipelined behind the previous load
    elif prev.kind not in (LOAD, STORE, DUAL, MULTI) and cur.addr_regs & prev.writes:
        extra += 1       # address generated from the previous data-processing result
    if cur.kind == LOAD and prev.kind == STORE:
        extra += 1
    return extra


Pricing = namedtuple("Pricing", "cycles skipped approximated by_kind per_addr")
CallResult = namedtuple("CallResult", "ret cycles instructions skipped stack_bytes functions objects "
                                      "approximated by_kind per_addr trace")


class Machine:
    """One Cortex-M4 with the image of an ELF file in its flash."""

    def __init__(self, elf_path):
        self.elf = Elf32(elf_path)
        self.uc = Uc(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS)
        if hasattr(U, "UC_CPU_ARM_CORTEX_M4"):   # unicorn >= 2.0; older ones emulate a Cortex-M3
            self.uc.ctl_set_cpu_model(U.UC_CPU_ARM_CORTEX_M4)
        self.uc.mem_map(FLASH_BASE, FLASH_SIZE)
        self.uc.mem_map(RAM_BASE, RAM_SIZE)
        self.uc.mem_map(RETURN_MAGIC, 0x1000)
        for seg in self.elf.segments:
            if seg.data:
                self.uc.mem_write(seg.paddr, seg.data)
        self.md = _decoder()
        self.decoded = {}
        self.symbols = self.elf.sized_symbols() + self.elf.unnamed_ranges()
        self._by_addr = sorted((s.value, s.value + s.size, s) for s in self.symbols)
        self._symbol_cache = {}

    # ---- memory and symbols -----------------------------------------------------------
    def address(self, name):
        s = self.elf.symbol(name)
        if s is None:
            raise KeyError(f"no symbol {name} in the image")
        return s.value & ~1 if s.kind == "func" else s.value

    def write(self, addr, data):
        self.uc.mem_write(addr, bytes(data))

    def read(self, addr, n):
        return bytes(self.uc.mem_read(addr, n))

    def read32(self, addr):
        return int.from_bytes(self.read(addr, 4), "little")

    def symbol_at(self, addr, kinds=("func",)):
        """The sized symbol of one of kinds containing addr, else None."""
        key = (addr, kinds)
        if key not in self._symbol_cache:
            self._symbol_cache[key] = self._find_symbol(addr, kinds)
        return self._symbol_cache[key]

    def _find_symbol(self, addr, kinds):
        best = None
        for start, end, s in self._by_addr:
            if start > addr:
                break
            if addr < end and s.kind in kinds and (best is None or s.size < best.size):
                best = s
        return best

    # ---- decoding ---------------------------------------------------------------------
    def insn(self, addr):
        i = self.decoded.get(addr)
        if i is None:
            ci = next(self.md.disasm(self.read(addr, 4), addr, 1), None)
            if ci is None:
                raise ValueError(f"cannot decode the instruction at {addr:#x}")
            i = self.decoded[addr] = classify(ci)
        return i

    def _skipped(self, prev, cur):
        """Addresses between prev (not a branch) and cur: condition-failed IT-block members."""
        out, a = [], prev.next
        while a != cur.addr:
            out.append(a)
            if len(out) > 4:
                raise RuntimeError(f"control went from {prev.addr:#x} ({prev.text}) to {cur.addr:#x} "
                                   "without a branch: not an IT block; the model cannot price this")
            a = self.insn(a).next
        return out

    # ---- running ----------------------------------------------------------------------
    def call(self, func, *args, regs=None, max_instructions=MAX_INSTRUCTIONS):
        """Call func (a symbol name or an address) with integer arguments (AAPCS: four in
        r0-r3, the rest on the stack) and price the call. regs presets other registers
        ({4: value} is r4). Returns a CallResult."""
        uc = self.uc
        entry = self.address(func) if isinstance(func, str) else func
        sp = STACK_TOP - 4 * max(0, len(args) - 4)
        sp &= ~7
        for k, v in enumerate(args[4:]):
            uc.mem_write(sp + 4 * k, (v & 0xFFFFFFFF).to_bytes(4, "little"))
        for k, v in enumerate(args[:4]):
            uc.reg_write(U.UC_ARM_REG_R0 + k, v & 0xFFFFFFFF)
        for k, v in (regs or {}).items():
            uc.reg_write(U.UC_ARM_REG_R0 + k, v & 0xFFFFFFFF)
        uc.reg_write(U.UC_ARM_REG_SP, sp)
        uc.reg_write(U.UC_ARM_REG_LR, RETURN_MAGIC | 1)

        trace = array.array("I")
        append = trace.append
        low = [sp]
        sp_reg = U.UC_ARM_REG_SP
        decoded = self.decoded
        watch = [False]

        # After an instruction that writes SP, read SP at the next hook: the deepest SP is exact.
        def on_code(uc_, addr, size, _):
            append(addr)
            if watch[0]:
                v = uc_.reg_read(sp_reg)
                if v < low[0]:
                    low[0] = v
            i = decoded.get(addr)
            if i is None:
                i = self.insn(addr)
            watch[0] = A.ARM_REG_SP in i.writes

        flash_reads = set()

        def on_read(uc_, access, addr, size, value, _):
            flash_reads.add(addr)

        h1 = uc.hook_add(UC_HOOK_CODE, on_code)
        h2 = uc.hook_add(UC_HOOK_MEM_READ, on_read, None, FLASH_BASE, FLASH_BASE + FLASH_SIZE - 1)
        try:
            uc.emu_start(entry | 1, RETURN_MAGIC, count=max_instructions)
        finally:
            uc.hook_del(h1)
            uc.hook_del(h2)
        pc = uc.reg_read(U.UC_ARM_REG_PC)
        if pc != RETURN_MAGIC:
            raise RuntimeError(f"{func}: stopped at {pc:#x}, not at the return address "
                               f"(instruction limit {max_instructions}?)")
        if watch[0]:
            low[0] = min(low[0], uc.reg_read(sp_reg))
        priced = self.price(trace)
        functions = {s.name: s for s in (self.symbol_at(a, ("func", "notype", "unnamed")) for a in set(trace)) if s}
        objects = {s.name: s for s in (self.symbol_at(a, ("object", "unnamed")) for a in flash_reads) if s}
        return CallResult(uc.reg_read(U.UC_ARM_REG_R0), priced.cycles, len(trace), priced.skipped,
                          sp - low[0], functions, objects, priced.approximated, priced.by_kind,
                          priced.per_addr, trace)

    def price(self, trace):
        """Price a trace of executed addresses. Returns a Pricing: total cycles, skipped IT
        instructions, approximately priced ones (divides), cycles per instruction kind and
        cycles per address (a skipped instruction's cycle and a branch's refill go to it)."""
        insn = self.insn
        by_kind, per_addr = Counter(), Counter()
        skipped = approx = 0
        if trace:
            first = insn(trace[0])
            by_kind[first.kind] += first.base
            per_addr[first.addr] += first.base
            approx += first.kind == DIV
        for (a, b), n in Counter(zip(trace, trace[1:])).items():
            prev, cur = insn(a), insn(b)
            ctx = prev
            if prev.branch:
                if b != prev.next:
                    by_kind["branch-refill"] += P * n
                    per_addr[a] += P * n
            elif b != prev.next:
                ctx = None
                for s in self._skipped(prev, cur):
                    by_kind["it-skipped"] += n
                    per_addr[s] += n
                    skipped += n
            c = (cur.base + context_cost(ctx, cur)) * n
            by_kind[cur.kind] += c
            per_addr[b] += c
            if cur.kind == DIV:
                approx += n
        if trace and insn(trace[-1]).branch:
            by_kind["branch-refill"] += P   # the return to the caller
            per_addr[trace[-1]] += P
        return Pricing(sum(by_kind.values()), skipped, approx, dict(by_kind), dict(per_addr))
