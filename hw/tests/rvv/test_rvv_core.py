# SPDX-License-Identifier: Apache-2.0 OR MIT
"""cocotb tests of hw/rtl/rvv/rvv_soc.v: the RV32I core (rv32i_core.v) running seed 003's
programs on the vector unit, in lock step with the Python model (bench/rvv_ise_model).

Each program (Algorithm 2 and 3 for ELEN 64, the 32-bit program for ELEN 32) is wrapped in a
prologue (the scalar registers the program expects, vle of the SN states from data memory)
and an epilogue (vse of the states back, ebreak), assembled by GNU as when
riscv64-linux-gnu-as is there (and then required to equal the model's encoder word for word)
or else by the model's encoder, loaded into the instruction memory, and run by the core.
At every retired instruction the trace must equal the model executing the same words:
  pc; the cycle it retired in (relative to the first, the model's costs with the core's
  scalar timing: rvv_ise.core_cost); all 32 vector registers (the model's state before that
  instruction); and the sequence of scalar register writes.
After the halt: the states in data memory equal the model's memory and the C library's
Keccak-p[1600, nr] (KF_LIB; without it bench/cortexm_model/keccak_ref.py, and the log says
so), cycles per round equal the model's (103 / 75 / 147, the seed's), cycles per
permutation equal the model's prediction with the core's timing and lie within 2% of the
seed's published latency.
rv32i_directed: every RV32I instruction, kind by kind and then mixed, in random programs
(random operands; branches and jumps forward) against RefCore, a reference that decodes the
words by their fields and executes them with the core's timing: the retired (pc, cycle)
sequence, the register writes, the data memory and traps (misaligned load/store/jump target,
refused words) must be equal; the test's own encoder must equal GNU as's words when installed.
vsetvli_rd_forward: vsetvli's rd read by the instruction right after it (rs1 of an addi, rs2
of a branch), in lock step with the model.
Environment: RVV_RV32I_N (instructions per kind, default 12), RVV_ELEN, RVV_ELENUM, RVV_NRS (rounds, comma separated, a-b a range; default 24),
RVV_LOCK_NRS (the nr whose runs compare all vector registers at every retired
instruction, comma separated; default every nr), RVV_PROGRAMS (default: the ELEN's seed programs), KF_HW_SEED, KF_LIB, RVV_REPORT (a file to
append "program elenum nr round_cycles permutation_cycles" lines to, for the bench).
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "..", "..", "..", "bench", "rvv_ise_model")
sys.path.insert(0, MODEL)
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.append(os.path.join(MODEL, "..", "cortexm_model"))
import keccak_ref  # noqa: E402
import rvv_encoding as E  # noqa: E402
import rvv_ise as R  # noqa: E402
from rvv_regs import read_vregs, write_vregs  # noqa: E402

ELEN = int(os.environ.get("RVV_ELEN", "64"))
ELENUM = int(os.environ.get("RVV_ELENUM", "5"))
NB = ELEN // 8
SN = ELENUM // 5
EBREAK = 0x00100073
STATE_ADDR = 0x100                     # the low (ELEN 32) or whole (ELEN 64) lanes
HIGH_ADDR = STATE_ADDR + 4 * 5 * ELENUM  # ELEN 32: the high words
PROGRAMS = {64: "alg2_e64_m1,alg3_e64_m8", 32: "e32_m8"}
PAPER = {"alg2_e64_m1": (103, 2564), "alg3_e64_m8": (75, 1892), "e32_m8": (147, 3620)}
# Beyond the paper (bench/rvv_ise_model/README.md): no published figure; their cycles per round
# are the model's (which the lock step and the round check hold the hardware to). Zvbb needs
# the unit built with ZVBB = 1 (run_rvv.py --param ZVBB=1).
BEYOND = ("zvbb_e64_m8", "rvv10_e64_m8")
RHO_ADDR = HIGH_ADDR + 4 * 5 * ELENUM  # `.rho_offsets`: the offsets table, plane-major like a state


def program_text(name):
    with open(os.path.join(MODEL, "programs", name + ".s")) as f:
        return f.read()


def harness_text(name, nr):
    """The seed's program between a prologue and an epilogue of the project's: the register
    contract of rvv_ise.setup_scalars, the states in and out by unit-stride loads/stores."""
    per = 1 if ELEN == 64 else 2
    io = [f"vle{ELEN}.v v0, (a0)"] + ([f"vle{ELEN}.v v16, (a1)"] if ELEN == 32 else [])
    pro = [f"li s1, {ELENUM}", "li s2, -1", f"li s3, {per * (24 - nr)}", f"li s4, {per * 24}",
           f"li s5, {5 * ELENUM}", f"li a0, {STATE_ADDR}", f"li a1, {HIGH_ADDR}",
           f"vsetvli x0, s5, e{ELEN}, m8, tu, mu"] + io
    epi = [f"vsetvli x0, s5, e{ELEN}, m8, tu, mu"] + [w.replace("vle", "vse") for w in io]
    body = program_text(name)
    # `.rho_offsets vN` (the model's directive: the rho offsets in vN..vN+4 once, before the
    # loop) becomes what the model's README says a real program does: one vle64 at LMUL 8 of
    # the table (rho_table_to_mem), here in the prologue
    kept = []
    for ln in body.splitlines():
        words = ln.split("#", 1)[0].split()
        if words[:1] == [".rho_offsets"]:
            pro += [f"li a2, {RHO_ADDR}", f"vle{ELEN}.v {words[1]}, (a2)"]
        else:
            kept.append(ln)
    body = "\n".join(kept) + "\n"
    return ("\n".join("        " + ln for ln in pro) + "\nprogram_start:\n" + body
            + "\nprogram_end:\n" + "\n".join("        " + ln for ln in epi) + "\n")


def rho_table_to_mem(mem):
    """The rho offsets at RHO_ADDR as `.rho_offsets` lays them out: element y * EleNum + 5i + x
    = r[x, y] for every state i (ELEN 64)."""
    for y in range(5):
        for i in range(SN):
            for x in range(5):
                k = y * ELENUM + 5 * i + x
                mem[RHO_ADDR + 8 * k:RHO_ADDR + 8 * k + 8] = R.RHO_TABLE[y][x].to_bytes(8, "little")


def gnu_as_source(text):
    """E.gnu_as_text, with Zvbb's instructions as `.insn r 0x57, ...` of their fields: binutils
    2.40 has no Zvbb, so GNU as checks their field packing (funct6 values: the ratified Zvbb's,
    rvv_encoding.STANDARD) and assembles everything around them."""
    out = []
    for ln in E.gnu_as_text(text).splitlines():
        parts = ln.strip().split(None, 1)
        if parts and parts[0] in E.ZVBB:
            args = [x.strip() for x in parts[1].split(",")]
            funct6, vs2, f15, funct3, vd = E._arith_fields(parts[0], args, E.STANDARD)
            ln = (f"\t.insn r {E.OPCODE_OPV:#x}, {funct3}, {funct6 << 1 | 1:#x}, x{vd}, x{f15}, x{vs2}"
                  f"\t# {parts[0]} {', '.join(args)}")
        out.append(ln)
    return "\n".join(out) + "\n"


def assemble(text, log):
    """Words of the program followed by ebreak: GNU as's when it is installed (checked
    against the model's encoder), else the encoder's. Returns (words, symbols, by)."""
    words, symbols = E.assemble(text)
    words = words + [EBREAK]
    as_exe, objcopy = "riscv64-linux-gnu-as", "riscv64-linux-gnu-objcopy"
    if not (shutil.which(as_exe) and shutil.which(objcopy)):
        log.info("GNU as (%s) not installed: the program is the model's encoder's words", as_exe)
        return words, symbols, "rvv_encoding.py"
    with tempfile.TemporaryDirectory(prefix="kf-rvv-core-") as tmp:
        src, obj, binf = (os.path.join(tmp, "p" + x) for x in (".s", ".o", ".bin"))
        with open(src, "w") as f:
            f.write(gnu_as_source(text) + "\tebreak\n")
        subprocess.run([as_exe, "-march=rv32imv", "-mabi=ilp32", "-mno-relax", src, "-o", obj], check=True)
        subprocess.run([objcopy, "-O", "binary", "-j", ".text", obj, binf], check=True)
        with open(binf, "rb") as f:
            data = f.read()
    gnu = [int.from_bytes(data[k:k + 4], "little") for k in range(0, len(data), 4)]
    assert gnu == words, "GNU as and rvv_encoding.py disagree: " + str(
        [(k, f"{a:08x}", f"{b:08x}") for k, (a, b) in enumerate(zip(gnu, words)) if a != b][:4])
    return gnu, symbols, "GNU as (= rvv_encoding.py)"


def states_to_mem(states, mem):
    """Plane-major, as one vle of 5 * EleNum elements fills v0..v4: element y * EleNum + 5i + x
    is lane (x, y) of state i (ELEN 32: low words at STATE_ADDR, high words at HIGH_ADDR)."""
    for i, a in enumerate(states):
        for y in range(5):
            for x in range(5):
                k = y * ELENUM + 5 * i + x
                lane = a[x + 5 * y]
                if ELEN == 64:
                    mem[STATE_ADDR + 8 * k:STATE_ADDR + 8 * k + 8] = lane.to_bytes(8, "little")
                else:
                    mem[STATE_ADDR + 4 * k:STATE_ADDR + 4 * k + 4] = (lane & 0xFFFFFFFF).to_bytes(4, "little")
                    mem[HIGH_ADDR + 4 * k:HIGH_ADDR + 4 * k + 4] = (lane >> 32).to_bytes(4, "little")


def mem_to_states(mem, n):
    out = []
    for i in range(n):
        a = [0] * 25
        for y in range(5):
            for x in range(5):
                k = y * ELENUM + 5 * i + x
                if ELEN == 64:
                    a[x + 5 * y] = int.from_bytes(mem[STATE_ADDR + 8 * k:STATE_ADDR + 8 * k + 8], "little")
                else:
                    a[x + 5 * y] = (int.from_bytes(mem[STATE_ADDR + 4 * k:STATE_ADDR + 4 * k + 4], "little")
                                    | int.from_bytes(mem[HIGH_ADDR + 4 * k:HIGH_ADDR + 4 * k + 4], "little") << 32)
        out.append(a)
    return out


class ModelStepper:
    """The model executing the same words one instruction at a time, with the core's costs."""

    def __init__(self, words, symbols, mem, vinit):
        self.instrs, self.labels = E.decode_program(words[:-1], symbols)   # all but the ebreak
        self.m = R.Machine(ELENUM, ELEN)
        self.m.v = [list(r) for r in vinit]
        self.m.mem[:len(mem)] = mem
        self.idx, self.cycles, self.writes = 0, 0, []

    def step(self):
        """Execute instruction idx; returns its cost."""
        m, ins = self.m, self.instrs[self.idx]
        op, a = ins.op, ins.args
        taken, backward = False, True
        if op in ("blt", "bne", "bge", "beq"):
            x, y = m.sval(a[0]), m.sval(a[1])
            taken = {"blt": x < y, "bne": x != y, "bge": x >= y, "beq": x == y}[op]
            backward = self.labels[a[-1]] < self.idx     # (offset 0: forward, as the core has it)
        elif op == "j":
            taken = True
        c = R.core_cost(m, ins, taken, backward)
        self.idx += 1
        if op in R.OPS:
            R.OPS[op](m, ins)
        elif op == "vsetvli":
            R.op_vsetvli(m, ins)
            if a[0] not in ("x0", "zero"):
                self.writes.append((E.ABI[a[0]], m.sval(a[0]) & 0xFFFFFFFF))
        elif op == "addi":
            m.sset(a[0], m.sval(a[1]) + int(a[2]))
            if a[0] not in ("x0", "zero"):
                self.writes.append((E.ABI[a[0]], m.sval(a[0]) & 0xFFFFFFFF))
        elif taken:
            self.idx = self.labels[a[-1]]
        elif op not in ("blt", "bne", "bge", "beq"):
            raise AssertionError(f"the stepper does not know {ins.text}")
        self.cycles += c
        return c


class Soc:
    def __init__(self, dut):
        self.dut = dut

    async def start(self):
        cocotb.start_soon(Clock(self.dut.clk, 10, unit="ns").start())

    async def load(self, words, mem, vinit):
        """Hold reset, write the program and the data memory through the loader port, and
        give the vector registers the contents vinit (what they hold at power-up is
        arbitrary; the test makes it random and tells the model)."""
        dut = self.dut
        dut.rst.value = 1
        write_vregs(dut.u, vinit, ELEN)
        dut.ld_dmem_we.value = 0
        dut.rb_addr.value = 0
        for k, w in enumerate(words):
            await FallingEdge(dut.clk)
            dut.ld_imem_we.value, dut.ld_addr.value, dut.ld_data.value = 1, 4 * k, w
        await FallingEdge(dut.clk)
        dut.ld_imem_we.value = 0
        for k in range(0, len(mem), 4):
            await FallingEdge(dut.clk)
            dut.ld_dmem_we.value, dut.ld_addr.value = 1, k
            dut.ld_data.value = int.from_bytes(mem[k:k + 4], "little")
        await FallingEdge(dut.clk)
        dut.ld_dmem_we.value = 0
        await FallingEdge(dut.clk)
        dut.rst.value = 0

    async def read_mem(self, nbytes):
        dut, out = self.dut, bytearray()
        for k in range(0, nbytes, 4):
            dut.rb_addr.value = k
            await FallingEdge(dut.clk)
            out += int(dut.rb_data.value).to_bytes(4, "little")
        return out


def reference():
    """(name, Keccak-p function) of the reference: the library, or the Python model."""
    path = os.environ.get("KF_LIB")
    if path and os.path.exists(path):
        from kfhw import Lib
        lib = Lib(path)
        return f"the C library ({os.path.basename(path)})", lib.keccak_p
    return "bench/cortexm_model/keccak_ref.py (KF_LIB not set: NOT the C library)", keccak_ref.keccak_p


async def run_locked(dut, soc, name, text, mem, rng, lockstep=True):
    """Assemble text (+ ebreak), run it on the processor in lock step with the model (see the
    module docstring). Returns (assembler, retired [(pc, cycle from the first)], final data
    memory)."""
    words, symbols, by = assemble(text, dut._log)
    vinit = [[rng.getrandbits(ELEN) for _ in range(ELENUM)] for _ in range(32)]
    model = ModelStepper(words, symbols, mem, vinit)
    await soc.load(words, mem, vinit)
    hw_writes, first, trace = [], None, []
    for _ in range(500000):
        await FallingEdge(dut.clk)
        if int(dut.tr_wb.value):
            hw_writes.append((int(dut.tr_wb_rd.value), int(dut.tr_wb_val.value)))
        if not int(dut.tr_valid.value):
            if int(dut.halted.value):
                break
            continue
        pc, cyc = int(dut.tr_pc.value), int(dut.tr_cycle.value)
        first = cyc if first is None else first
        trace.append((pc, cyc - first))
        if pc == 4 * (len(words) - 1):          # the ebreak
            assert model.idx == len(model.instrs), f"{name}: halted at {pc:#x}, model at {4 * model.idx:#x}"
            assert cyc - first == model.cycles, f"{name}: ebreak at cycle {cyc - first}, model {model.cycles}"
            continue
        assert pc == 4 * model.idx, f"{name}: retired pc {pc:#x}, model pc {4 * model.idx:#x}"
        assert cyc - first == model.cycles, (f"{name}: {model.instrs[model.idx].text} at {pc:#x} retired in "
                                             f"cycle {cyc - first}, model {model.cycles}")
        if lockstep:
            got = read_vregs(dut.u, ELEN, ELENUM)
            if got != model.m.v:
                bad = [(q, e) for q in range(32) for e in range(ELENUM) if got[q][e] != model.m.v[q][e]]
                raise AssertionError(f"{name}: before {model.instrs[model.idx].text} at {pc:#x}: "
                                     f"{len(bad)} vector elements differ from the model, first {bad[:4]}")
        model.step()
    else:
        raise AssertionError(f"{name}: no halt")
    assert int(dut.halted.value) and not int(dut.trap.value), \
        f"{name}: trap at {int(dut.trap_pc.value):#x}"
    assert hw_writes == model.writes, f"{name}: scalar writes differ: {hw_writes[:8]} vs {model.writes[:8]}"
    got_mem = await soc.read_mem(len(mem))
    assert got_mem == model.m.mem[:len(mem)], f"{name}: data memory differs from the model's"
    return by, trace, got_mem, symbols


def trace_rounds(trace, symbols):
    """(cycles of each round, cycle of program_start, cycle of program_end) from a retire trace of
    (pc, cycle): a round runs from the label permutation to loop_control."""
    start, stop = symbols["permutation"], symbols["loop_control"]
    rounds, t_round, t_start, t_end = [], None, None, None
    for pc, cyc in trace:
        if pc == start:
            t_round = cyc
        if pc == stop and t_round is not None:
            rounds.append(cyc - t_round)
            t_round = None
        if pc == symbols["program_start"]:
            t_start = cyc
        if pc == symbols["program_end"]:
            t_end = cyc
    return rounds, t_start, t_end


async def run_program(dut, soc, name, nr, states, ref, rng, lockstep=True):
    mem = bytearray(RHO_ADDR + 8 * 5 * ELENUM + 64)
    states_to_mem(states, mem)
    if ELEN == 64:
        rho_table_to_mem(mem)
    by, trace, got_mem, symbols = await run_locked(dut, soc, name, harness_text(name, nr), mem, rng, lockstep)
    rounds, t_start, t_end = trace_rounds(trace, symbols)
    out = mem_to_states(got_mem, len(states))
    want = [ref(s, nr) for s in states]
    assert out == want, f"{name} nr {nr}: states differ from the reference"
    # the model's own run of the program text (rounds by its cost rule)
    _, mrun, _ = R.permute(R.parse(program_text(name)), ELENUM, ELEN, states, nr)
    assert rounds == mrun.round_cycles, f"{name}: rounds {rounds}, model {mrun.round_cycles}"
    return by, len(trace), rounds, t_end - t_start


@cocotb.test()
async def programs_lockstep(dut):
    """Each program, every retired instruction against the model, states against the reference."""
    rng = random.Random(int(os.environ.get("KF_HW_SEED", "1")) + 10)
    nrs = [n for v in os.environ.get("RVV_NRS", "24").split(",")      # "24" or "1,12,24" or "1-24"
           for n in range(int(v.split("-")[0]), int(v.split("-")[-1]) + 1)]
    names = os.environ.get("RVV_PROGRAMS", PROGRAMS[ELEN]).split(",")
    # RVV_LOCK_NRS: the nr at which all 32 vector registers are compared at every retired
    # instruction (default: every nr); at the others pc, cycle, scalar writes, the data memory
    # and the states are compared (reading the registers is most of Icarus's time)
    lock = ([int(v) for v in os.environ["RVV_LOCK_NRS"].split(",")] if os.environ.get("RVV_LOCK_NRS") else None)
    ref_name, ref = reference()
    dut._log.info("reference: %s", ref_name)
    soc = Soc(dut)
    await soc.start()
    report = os.environ.get("RVV_REPORT")
    for name in names:
        for nr in nrs:
            # SN states side by side, all different (the first all zero when there is room)
            states = [[rng.getrandbits(64) for _ in range(25)] for _ in range(SN)]
            if SN > 1:
                states[0] = [0] * 25
            by, retired, rounds, perm = await run_program(dut, soc, name, nr, states, ref, rng,
                                                          lockstep=lock is None or nr in lock)
            if name in PAPER:
                per_round, paper_latency = PAPER[name]
                assert set(rounds) == {per_round}, f"{name}: {sorted(set(rounds))} cycles per round, seed {per_round}"
            else:   # the model's figure (run_program required the rounds equal to the model's)
                assert len(set(rounds)) == 1, f"{name}: rounds of different cost {sorted(set(rounds))}"
                per_round, paper_latency = rounds[0], None
            # the model's latency with the core's timing: vsetvli (and the scalar set-up before
            # the loop: rvv10's li), nr rounds, nr - 1 taken loop branches and one not taken,
            # each after its addi
            predicted = R.core_permutation_cycles(R.parse(program_text(name)), per_round, nr)
            assert perm == predicted, f"{name}: {perm} cycles per permutation, model with the core's timing {predicted}"
            if nr == 24 and paper_latency:
                dev = (perm - paper_latency) / paper_latency
                assert abs(dev) <= 0.02, f"{name}: {perm} cycles per permutation, seed {paper_latency} ({dev:+.2%})"
            dut._log.info("%s EleNum %d nr %d (%s): %d instructions retired in lock step with the model (%s); "
                          "%d cycles/round, %d cycles/permutation (seed %s for nr 24); %d states = %s",
                          name, ELENUM, nr, by, retired,
                          "pc, cycle, scalar writes, all vector registers" if lock is None or nr in lock
                          else "pc, cycle, scalar writes; registers at the end",
                          per_round, perm, paper_latency or "-", SN, ref_name)
            if report:
                with open(report, "a") as f:
                    f.write(f"{name} {ELENUM} {nr} {per_round} {perm}\n")


# ---- RV32I directed tests: the core against a reference decoder/executor ----------------------
R_OPS = {"add": (0, 0), "sub": (0, 0x20), "sll": (1, 0), "slt": (2, 0), "sltu": (3, 0), "xor": (4, 0),
         "srl": (5, 0), "sra": (5, 0x20), "or": (6, 0), "and": (7, 0)}
I_OPS = {"addi": 0, "slti": 2, "sltiu": 3, "xori": 4, "ori": 6, "andi": 7}
SH_OPS = {"slli": (1, 0), "srli": (5, 0), "srai": (5, 0x20)}
B_OPS = {"beq": 0, "bne": 1, "blt": 4, "bge": 5, "bltu": 6, "bgeu": 7}
L_OPS = {"lb": 0, "lh": 1, "lw": 2, "lbu": 4, "lhu": 5}
S_OPS = {"sb": 0, "sh": 1, "sw": 2}
DATA_BASE = 0x400            # x30 holds it in the directed programs; x31 is the jalr base


def _u(v):
    return v & 0xFFFFFFFF


def _s(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >> 31 else v


def enc_rv32i(op, a):
    """(assembly text, word) of one RV32I instruction; a: operands as integers."""
    if op in R_OPS:
        f3, f7 = R_OPS[op]
        rd, rs1, rs2 = a
        return f"{op} x{rd}, x{rs1}, x{rs2}", f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | 0x33
    if op in I_OPS:
        rd, rs1, imm = a
        return f"{op} x{rd}, x{rs1}, {imm}", (imm & 0xFFF) << 20 | rs1 << 15 | I_OPS[op] << 12 | rd << 7 | 0x13
    if op in SH_OPS:
        f3, f7 = SH_OPS[op]
        rd, rs1, sh = a
        return f"{op} x{rd}, x{rs1}, {sh}", f7 << 25 | sh << 20 | rs1 << 15 | f3 << 12 | rd << 7 | 0x13
    if op in L_OPS:
        rd, rs1, imm = a
        return f"{op} x{rd}, {imm}(x{rs1})", (imm & 0xFFF) << 20 | rs1 << 15 | L_OPS[op] << 12 | rd << 7 | 0x03
    if op in S_OPS:
        rs2, rs1, imm = a
        i = imm & 0xFFF
        return (f"{op} x{rs2}, {imm}(x{rs1})",
                (i >> 5) << 25 | rs2 << 20 | rs1 << 15 | S_OPS[op] << 12 | (i & 31) << 7 | 0x23)
    if op in B_OPS:
        rs1, rs2, off = a
        o = off & 0x1FFF
        return (f"{op} x{rs1}, x{rs2}, .{off:+d}", (o >> 12 & 1) << 31 | (o >> 5 & 0x3F) << 25 | rs2 << 20
                | rs1 << 15 | B_OPS[op] << 12 | (o >> 1 & 0xF) << 8 | (o >> 11 & 1) << 7 | 0x63)
    if op == "jal":
        rd, off = a
        o = off & 0x1FFFFF
        return (f"jal x{rd}, .{off:+d}", (o >> 20 & 1) << 31 | (o >> 1 & 0x3FF) << 21 | (o >> 11 & 1) << 20
                | (o >> 12 & 0xFF) << 12 | rd << 7 | 0x6F)
    if op == "jalr":
        rd, rs1, imm = a
        return f"jalr x{rd}, {imm}(x{rs1})", (imm & 0xFFF) << 20 | rs1 << 15 | rd << 7 | 0x67
    if op in ("lui", "auipc"):
        rd, imm20 = a
        return f"{op} x{rd}, {imm20}", imm20 << 12 | rd << 7 | (0x37 if op == "lui" else 0x17)
    if op == "ebreak":
        return "ebreak", EBREAK
    raise ValueError(op)


class RefCore:
    """The reference: decodes words by their fields (independently of the RTL) and executes
    them, with the core's timing (rvv_ise.CORE_*: branches, jumps, loads)."""

    def __init__(self, words, mem):
        self.words, self.mem = words, bytearray(mem)
        self.x = [0] * 32
        self.pc, self.cycles, self.writes, self.trace, self.trap = 0, 0, [], [], None

    def run(self, limit=10000):
        for _ in range(limit):
            w = self.words[self.pc // 4]
            self.trace.append((self.pc, self.cycles))
            if w in (EBREAK, 0x00000073):
                return
            if not self.step(w):
                return
        raise AssertionError("reference: no halt")

    def wr(self, rd, v):
        if rd:
            self.x[rd] = _u(v)
            self.writes.append((rd, _u(v)))

    def step(self, w):
        opc, rd, f3 = w & 0x7F, w >> 7 & 31, w >> 12 & 7
        rs1, rs2, f7 = w >> 15 & 31, w >> 20 & 31, w >> 25
        a, b = self.x[rs1], self.x[rs2]
        imm_i = _s(w) >> 20
        cost, nxt = R.CORE_SCALAR_CYCLES, self.pc + 4
        if opc == 0x33 or (opc == 0x13 and f3 in (1, 5)):
            if opc == 0x13:
                b = rs2
                if f7 not in ((0, 0x20) if f3 == 5 else (0,)):
                    self.trap = self.pc
                    return False
            elif not (f7 == 0 or (f7 == 0x20 and f3 in (0, 5))):
                self.trap = self.pc
                return False
            sh = b & 31
            v = {0: (a - b) if (opc == 0x33 and f7) else (a + b), 1: a << sh, 2: int(_s(a) < _s(b)),
                 3: int(a < b), 4: a ^ b, 5: (_s(a) >> sh) if f7 else (a >> sh), 6: a | b, 7: a & b}[f3]
            self.wr(rd, v)
            if f3 in (1, 5):
                # a shift retires in its second cycle (CORE_SHIFT_CYCLES, session 66: its result
                # registered in the first): the trace's cycle is that one, the next a cycle later
                self.trace[-1] = (self.pc, self.cycles + R.CORE_SHIFT_CYCLES - 1)
                cost = R.CORE_SHIFT_CYCLES
        elif opc == 0x13:
            v = {0: a + imm_i, 2: int(_s(a) < imm_i), 3: int(a < _u(imm_i)), 4: a ^ _u(imm_i),
                 6: a | _u(imm_i), 7: a & _u(imm_i)}[f3]
            self.wr(rd, v)
        elif opc in (0x37, 0x17):
            self.wr(rd, (w & 0xFFFFF000) + (self.pc if opc == 0x17 else 0))
        elif opc == 0x63:
            off = _s((w >> 31) << 12 | (w >> 7 & 1) << 11 | (w >> 25 & 0x3F) << 5 | (w >> 8 & 0xF) << 1 | (
                0xFFFFE000 if w >> 31 else 0))
            t = {0: a == b, 1: a != b, 4: _s(a) < _s(b), 5: _s(a) >= _s(b), 6: a < b, 7: a >= b}[f3]
            if t and (self.pc + off) % 4:
                self.trap = self.pc
                return False
            # (the core predicts a backward branch taken, a forward one not: session 65)
            if t:
                nxt = self.pc + off
            cost = R.core_branch_cycles(t, off < 0)
        elif opc == 0x6F:
            raw = (w >> 31) << 20 | (w >> 12 & 0xFF) << 12 | (w >> 20 & 1) << 11 | (w >> 21 & 0x3FF) << 1
            off = raw - (1 << 21) if raw >> 20 else raw
            if (self.pc + off) % 4:
                self.trap = self.pc
                return False
            self.wr(rd, self.pc + 4)
            nxt, cost = self.pc + off, R.CORE_BRANCH_TAKEN_CYCLES
        elif opc == 0x67:
            t = _u(a + imm_i) & ~1
            if t % 4 or f3:
                self.trap = self.pc
                return False
            self.wr(rd, self.pc + 4)
            nxt, cost = t, R.CORE_BRANCH_MISPREDICT_CYCLES
        elif opc == 0x03:
            addr = _u(a + imm_i)
            n = {0: 1, 4: 1, 1: 2, 5: 2, 2: 4}[f3]
            if addr % n:
                self.trap = self.pc
                return False
            v = int.from_bytes(self.mem[addr:addr + n], "little")
            if f3 in (0, 1) and v >> (8 * n - 1):
                v -= 1 << (8 * n)
            self.wr(rd, v)
            # a load retires in its last cycle (CORE_LOAD_CYCLES: since session 66 its data arrives
            # in the second and is registered): the trace's cycle is that one, the next a cycle later
            self.trace[-1] = (self.pc, self.cycles + R.CORE_LOAD_CYCLES - 1)
            cost = R.CORE_LOAD_CYCLES
        elif opc == 0x23:
            addr = _u(a + (_s((w >> 25) << 5 | (w >> 7 & 31) | (0xFFFFF000 if w >> 31 else 0))))
            n = {0: 1, 1: 2, 2: 4}[f3]
            if addr % n:
                self.trap = self.pc
                return False
            self.mem[addr:addr + n] = (b & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
        else:
            self.trap = self.pc
            return False
        self.pc, self.cycles = nxt, self.cycles + cost
        return True


def random_rv32i(rng, kinds, n):
    """A program: x1..x29 and memory set up, then n instructions of the given kinds with
    random operands (branches and jumps forward only), then ebreak."""
    prog = []
    for r in range(1, 30):
        v = rng.choice([rng.getrandbits(32), rng.randrange(-8, 8) & 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF])
        hi, lo = (v + 0x800) >> 12 & 0xFFFFF, _s(v << 20) >> 20
        prog += [("lui", (r, hi)), ("addi", (r, r, lo))]
    prog += [("lui", (30, DATA_BASE >> 12)), ("addi", (30, 30, DATA_BASE & 0xFFF))]
    body = []
    for _ in range(n):
        op = rng.choice(kinds)
        rd, r1, r2 = rng.randrange(30), rng.randrange(30), rng.randrange(30)
        if op in R_OPS:
            body.append([(op, (rd, r1, r2))])
        elif op in I_OPS:
            body.append([(op, (rd, r1, rng.choice([rng.randrange(-2048, 2048), -1, 0, 2047, -2048])))])
        elif op in SH_OPS:
            body.append([(op, (rd, r1, rng.randrange(32)))])
        elif op in L_OPS or op in S_OPS:
            size = {"lb": 1, "lbu": 1, "sb": 1, "lh": 2, "lhu": 2, "sh": 2, "lw": 4, "sw": 4}[op]
            off = size * rng.randrange(-64 // size, 64 // size)
            body.append([(op, (rd if op in L_OPS else r2, 30, off))])
        elif op in B_OPS:
            skip = rng.randrange(1, 4)
            body.append([(op, (r1, r2 if rng.random() < 0.8 else r1, 4 * (skip + 1)))]
                        + [("addi", (rng.randrange(1, 30), rng.randrange(30), rng.randrange(-50, 50)))
                           for _ in range(skip)])
        elif op == "jal":
            skip = rng.randrange(0, 3)
            body.append([("jal", (rd, 4 * (skip + 1)))]
                        + [("addi", (rng.randrange(1, 30), 0, 99)) for _ in range(skip)])
        elif op == "jalr":
            skip = rng.randrange(0, 3)
            body.append([("auipc", (31, 0)), ("jalr", (rd, 31, 4 * (skip + 2)))]
                        + [("addi", (rng.randrange(1, 30), 0, 77)) for _ in range(skip)])
        elif op in ("lui", "auipc"):
            body.append([(op, (rd, rng.getrandbits(20)))])
    for grp in body:
        prog += grp
    prog.append(("ebreak", ()))
    return [enc_rv32i(op, a) for op, a in prog]


def gnu_words(texts):
    """GNU as's words for the instruction texts (branch offsets `.+N`), or None without it."""
    as_exe, objcopy = "riscv64-linux-gnu-as", "riscv64-linux-gnu-objcopy"
    if not (shutil.which(as_exe) and shutil.which(objcopy)):
        return None
    with tempfile.TemporaryDirectory(prefix="kf-rv32i-") as tmp:
        src, obj, binf = (os.path.join(tmp, "p" + x) for x in (".s", ".o", ".bin"))
        with open(src, "w") as f:
            f.write(".option norvc\n.option norelax\n.text\n" + "".join(f"\t{t}\n" for t in texts))
        subprocess.run([as_exe, "-march=rv32i", "-mabi=ilp32", "-mno-relax", src, "-o", obj], check=True)
        subprocess.run([objcopy, "-O", "binary", "-j", ".text", obj, binf], check=True)
        with open(binf, "rb") as f:
            data = f.read()
    return [int.from_bytes(data[k:k + 4], "little") for k in range(0, len(data), 4)]


async def run_scalar(dut, soc, words, mem, name, glitch=False):
    """glitch: a reset of one cycle in the first load's last cycle (rv32i_core.v's ld_wait),
    then the program runs again from its start (it must not store before that load)."""
    ref = RefCore(words, mem)
    ref.run()
    await soc.load(words, mem, [[0] * ELENUM for _ in range(32)])
    if glitch:
        for _ in range(200):
            await FallingEdge(dut.clk)
            if int(dut.core.ld_wait.value):
                break
        else:
            raise AssertionError(f"{name}: no load's second cycle")
        dut.rst.value = 1
        await FallingEdge(dut.clk)
        dut.rst.value = 0
    trace, writes = [], []
    for _ in range(20000):
        await FallingEdge(dut.clk)
        if int(dut.tr_wb.value):
            writes.append((int(dut.tr_wb_rd.value), int(dut.tr_wb_val.value)))
        if int(dut.tr_valid.value):
            trace.append((int(dut.tr_pc.value), int(dut.tr_cycle.value)))
        elif int(dut.halted.value):
            break
    else:
        raise AssertionError(f"{name}: no halt")
    t0 = trace[0][1] - ref.trace[0][1]   # (a load first retires in its third cycle: 2)
    trace = [(pc, c - t0) for pc, c in trace]
    if trace != ref.trace:
        k = next((k for k, (a, b) in enumerate(zip(trace, ref.trace)) if a != b), min(len(trace), len(ref.trace)))
        raise AssertionError(f"{name}: retired (pc, cycle) from #{k}: {trace[k:k + 4]}, reference "
                             f"{ref.trace[k:k + 4]} ({len(trace)} / {len(ref.trace)} retired)")
    assert writes == ref.writes, f"{name}: register writes differ: " + str(
        [(k, w, r) for k, (w, r) in enumerate(zip(writes, ref.writes)) if w != r][:3])
    assert int(dut.trap.value) == (ref.trap is not None), f"{name}: trap {int(dut.trap.value)}, reference {ref.trap}"
    if ref.trap is not None:
        assert int(dut.trap_pc.value) == ref.trap, f"{name}: trap at {int(dut.trap_pc.value):#x}, reference {ref.trap:#x}"
    got = await soc.read_mem(len(mem))
    assert got == ref.mem[:len(mem)], f"{name}: data memory differs from the reference's"
    return len(trace)


@cocotb.test()
async def rv32i_directed(dut):
    """Each RV32I instruction (kind by kind, then all mixed) on random operands: retired pcs,
    cycles, register writes, memory and traps equal the reference decoder/executor's; the
    words equal GNU as's when it is installed."""
    rng = random.Random(int(os.environ.get("KF_HW_SEED", "1")) + 20)
    n = int(os.environ.get("RVV_RV32I_N", "12"))
    soc = Soc(dut)
    await soc.start()
    kinds = (list(R_OPS) + list(I_OPS) + list(SH_OPS) + list(L_OPS) + list(S_OPS) + list(B_OPS)
             + ["jal", "jalr", "lui", "auipc"])
    checked_as, total = 0, 0
    mem_size = DATA_BASE + 256
    for kind in kinds + ["mixed"]:
        prog = random_rv32i(rng, kinds if kind == "mixed" else [kind, "sw", "lw"] if kind in L_OPS else [kind],
                            n * 4 if kind == "mixed" else n)
        texts, words = [t for t, _ in prog], [w for _, w in prog]
        gw = gnu_words(texts)
        if gw is not None:
            assert gw == words, f"{kind}: GNU as {[(t, hex(a), hex(b)) for t, a, b in zip(texts, gw, words) if a != b][:3]}"
            checked_as += 1
        mem = bytearray(rng.getrandbits(8) for _ in range(mem_size))
        total += await run_scalar(dut, soc, words, mem, kind)
    # traps: misaligned load / store / jump target, an unknown opcode, a refused vector word
    traps = [[("addi", (1, 0, 0x401)), ("lw", (2, 1, 0))], [("addi", (1, 0, 0x402)), ("sw", (2, 1, 0))],
             [("addi", (1, 0, 0x403)), ("lh", (2, 1, 0))], [("jal", (1, 6))], [("auipc", (31, 0)), ("jalr", (1, 31, 10))],
             # a branch to a misaligned target: taken (traps, one cycle later in rv32i_core: br_mq; the
             # word behind it, dropped, an ebreak), not taken
             [("addi", (1, 0, 3)), ("beq", (1, 1, 6)), ("ebreak", ())], [("addi", (1, 0, 3)), ("bne", (1, 1, 6))],
             # session 67 (rv32i_core's e_imm / e_ldm / e_stm, the offset and the alignment decoded
             # in stage 2): the offset's low bits decide, the base read from the register file (an
             # addi between, no forward) and forwarded; a store's offset is imm_s (rs2 x0 or x4:
             # imm_i's bits 21:20 would be 0): sw 2(0x400) traps, sh 1(0x401) and lw 3(0x401) do not
             [("addi", (1, 0, 0x400)), ("addi", (3, 0, 0)), ("sw", (0, 1, 2))],
             [("addi", (1, 0, 0x401)), ("addi", (3, 0, 0)), ("sh", (0, 1, 1))],
             [("addi", (1, 0, 0x401)), ("addi", (3, 0, 0)), ("lw", (2, 1, 3))],
             [("addi", (1, 0, 0x402)), ("lh", (2, 1, 1))],
             [("addi", (4, 0, 0x5a)), ("addi", (1, 0, 0x401)), ("sb", (4, 1, 2)), ("lbu", (2, 1, 2))]]
    for k, t in enumerate(traps):
        words = [w for _, w in (enc_rv32i(op, a) for op, a in t)] + [0x0000000B, EBREAK]
        await run_scalar(dut, soc, words, bytearray(mem_size), f"trap {k}")
    bad = [0x0000000B, 0xFFFFFFFF, 0x40001033]   # custom-0, all ones, "sub" with funct3 001
    for w in bad:
        await run_scalar(dut, soc, [w, EBREAK], bytearray(mem_size), f"word {w:08x}")
    dut._log.info("RV32I: %d kinds + mixed, %d instructions retired equal to the reference; %d programs' "
                  "words equal to GNU as's; %d trap cases", len(kinds), total, checked_as, len(traps) + len(bad))


@cocotb.test()
async def vsetvli_rd_forward(dut):
    """vsetvli's rd (written in the unit's last cycle) read by the next instruction, which has
    read its operands while the unit ran: as rs1 of an addi and as rs2 of a branch (and an
    addi whose immediate's rs2 field is that rd: not taken for the immediate), in lock
    step with the model (rv32i_core.v's forward of it, e_res and the flags; the seed's programs
    all use vsetvli x0). The registers hold another value before, so a stale read differs."""
    rng = random.Random(int(os.environ.get("KF_HW_SEED", "1")) + 40)
    soc = Soc(dut)
    await soc.start()
    text = f"""
        li t0, 100
        li t2, 100
        li s5, 3
        vsetvli t0, s5, e{ELEN}, m1, tu, mu
        addi t1, t0, 0
        vsetvli t2, s5, e{ELEN}, m1, tu, mu
        beq s5, t2, fwd_ok
        addi t3, x0, 7
fwd_ok:
        addi t4, t1, 1
        vsetvli t0, s5, e{ELEN}, m1, tu, mu
        addi t5, s5, 5
"""
    _, trace, _, _ = await run_locked(dut, soc, "vsetvli rd", text, bytearray(64), rng)
    dut._log.info("vsetvli rd: %d instructions in lock step with the model", len(trace))


@cocotb.test()
async def forward_operands(dut):
    """Each operand that can take the result of the instruction just before it (rv32i_core.v:
    e_f1 / e_f2 / e_fb, e_res), from an ALU instruction, a load's data, LUI, AUIPC and JAL's
    link: rs1 and rs2 of the ALU, a branch's two operands, a store's address and data, a load's
    address, JALR's base (and its target's alignment through the low bits' carry); each with a
    stale value that differs, checked against the reference (retired pcs and cycles, register
    writes, memory)."""
    soc = Soc(dut)
    await soc.start()
    b = DATA_BASE
    prog = [("lui", (30, b >> 12)), ("addi", (30, 30, b & 0xFFF)), ("addi", (5, 0, 1)),
            ("addi", (8, 0, 5)), ("addi", (7, 0, 5)), ("beq", (8, 7, 8)), ("addi", (9, 0, 1)),     # branch rs2
            ("addi", (10, 0, 3)), ("bne", (10, 0, 8)), ("addi", (9, 0, 2)),                        # branch rs1
            ("addi", (8, 0, -3)), ("bge", (8, 5, 8)), ("addi", (9, 0, 7)),                         # rs1, signed
            ("addi", (7, 0, -2)), ("bltu", (8, 7, 8)), ("addi", (9, 0, 8)),                        # rs2, unsigned
            ("addi", (7, 0, 9)), ("bne", (7, 7, 8)), ("addi", (9, 0, 9)),                          # both (rs1 == rs2)
            ("addi", (7, 0, 4)), ("bgeu", (7, 7, 8)), ("addi", (9, 0, 10)),                        # both, taken
            ("addi", (11, 0, 0x5A)), ("sw", (11, 30, 0)),                                          # store data
            ("addi", (12, 30, 8)), ("sw", (5, 12, 0)),                                             # store address
            ("addi", (25, 0, 9)), ("sub", (26, 5, 25)), ("addi", (27, 0, 0x1AB)), ("sh", (27, 30, 16)),
            ("lw", (13, 30, 0)), ("add", (14, 13, 0)),                                             # load -> rs1
            ("lw", (15, 30, 0)), ("sub", (16, 0, 15)),                                             # load -> rs2
            ("lw", (17, 30, 0)), ("sw", (17, 30, 4)),                                              # load -> store data
            ("lw", (18, 30, 0)), ("beq", (11, 18, 8)), ("addi", (9, 0, 3)),                        # load -> branch rs2
            ("lw", (19, 30, 0)), ("blt", (19, 5, 8)), ("addi", (9, 0, 4)),                         # load -> branch rs1
            ("sw", (30, 30, 12)), ("lw", (22, 30, 12)), ("lw", (23, 22, 0)),                       # load -> load address
            ("addi", (19, 30, 4)), ("lw", (20, 19, 0)),                                            # ALU -> load address
            ("lh", (21, 30, 16)), ("addi", (21, 21, 1)), ("lbu", (24, 30, 16)), ("xori", (24, 24, -1)),
            ("addi", (0, 0, 7)), ("add", (24, 0, 0)),                                              # x0 is not forwarded
            ("lui", (28, 0x12345)), ("add", (29, 28, 5)),                                          # LUI -> rs1
            ("auipc", (3, 0)), ("add", (4, 5, 3)),                                                 # AUIPC -> rs2
            ("jal", (1, 4)), ("add", (2, 1, 0)),                                                   # JAL's link
            ("auipc", (31, 0)), ("jalr", (6, 31, 12)), ("addi", (9, 0, 5)), ("addi", (6, 6, 1)),   # JALR base
            # an odd base and an odd offset: their carry makes the target's bit 1 (aligned here)
            ("auipc", (31, 0)), ("addi", (31, 31, 1)), ("jalr", (6, 31, 15)), ("addi", (9, 0, 6)),
            # SLT / SLTU / SLTI / SLTIU (their comparators on registers, as a branch's)
            ("addi", (7, 0, -5)), ("slt", (13, 5, 7)),                                             # rs2, signed
            ("addi", (7, 0, 0)), ("sltu", (14, 5, 7)),                                             # rs2, unsigned
            ("addi", (8, 0, -7)), ("slti", (15, 8, -6)),                                           # rs1, signed
            ("addi", (8, 0, 2)), ("sltiu", (16, 8, 3)),                                            # rs1, unsigned
            ("addi", (7, 0, 9)), ("addi", (9, 0, 0)), ("addi", (7, 0, 3)), ("slt", (17, 7, 7)),    # both: 0
            ("ebreak", ())]
    words = [w for _, w in (enc_rv32i(op, a) for op, a in prog)]
    mem = bytearray(DATA_BASE + 256)
    n = await run_scalar(dut, soc, words, mem, "forward_operands")
    dut._log.info("forward_operands: %d instructions retired equal to the reference", n)


@cocotb.test()
async def forward_pending(dut):
    """Each operand that stage 2 takes from the pending write (rv32i_core.v: the write-back
    register wb_*, the instruction two before, whose write lands in the register file a cycle
    after it retires): rs1 and rs2 of OP, a branch's two operands, a store's data, and OP-IMM
    and a load whose immediate's rs2 field (bits 24:20) is that rd (the immediate, not the
    register: e_bop's forward is for OP / a branch only, session 64); each with a stale
    value that differs, checked against the reference."""
    soc = Soc(dut)
    await soc.start()
    b = DATA_BASE
    nop = ("addi", (9, 0, 0))
    prog = [("lui", (30, b >> 12)), ("addi", (30, 30, b & 0xFFF)),
            ("addi", (5, 0, 21)), ("addi", (6, 0, 22)), ("addi", (7, 0, 23)), ("addi", (8, 0, 24)),
            ("addi", (5, 0, 9)), nop, ("addi", (10, 0, 5)),           # OP-IMM, imm[4:0] = 5: 5, not x5
            ("addi", (6, 0, 3)), nop, ("xori", (11, 5, 6)),           # the same with rs1 = x5 (not pending)
            ("addi", (7, 0, 11)), nop, ("add", (12, 0, 7)),           # OP rs2
            ("addi", (8, 0, 13)), nop, ("sub", (13, 8, 0)),           # OP rs1
            ("addi", (5, 0, 2)), nop, ("sltu", (14, 6, 5)),           # OP rs2 (the comparison's): 3 < 2
            ("addi", (6, 0, 11)), nop, ("beq", (6, 7, 8)), ("addi", (15, 0, 1)),  # branch rs1: taken
            ("addi", (7, 0, 7)), nop, ("bne", (6, 7, 8)), ("addi", (16, 0, 1)),   # branch rs2: taken
            ("addi", (8, 0, 0x66)), nop, ("sw", (8, 30, 0)),          # store data
            ("addi", (6, 0, 8)), nop, ("lbu", (17, 30, 6)),           # load, imm 6 = rd 6
            ("addi", (4, 0, 4)), nop, ("lw", (18, 30, 0x84)),         # load, imm 0x84: bits 24:20 = 4
            ("addi", (8, 0, 1)), nop, ("ori", (19, 5, 8)),            # OP-IMM, imm 8 = rd 8
            ("ebreak", ())]
    words = [w for _, w in (enc_rv32i(op, a) for op, a in prog)]
    mem = bytearray(DATA_BASE + 256)
    mem[b + 0x84:b + 0x88] = (0x5A3C1E0F).to_bytes(4, "little")
    n = await run_scalar(dut, soc, words, mem, "forward_pending")
    dut._log.info("forward_pending: %d instructions retired equal to the reference", n)


def resolve_labels(items):
    """Words of a list of (op, args) and label names: a branch's or JAL's last argument may be a
    label (its offset from the instruction)."""
    at, k = {}, 0
    for it in items:
        if isinstance(it, str):
            at[it] = 4 * k
        else:
            k += 1
    words, k = [], 0
    for it in items:
        if isinstance(it, str):
            continue
        op, a = it
        if a and isinstance(a[-1], str):
            a = a[:-1] + (at[a[-1]] - 4 * k,)
        words.append(enc_rv32i(op, a)[1])
        k += 1
    return words


@cocotb.test()
async def redirect_drops(dut):
    """Session 66: the two words behind a redirect (execute's: a forward branch taken, a backward
    one not taken) move on with it, into execute and stage 2, and are dropped in the cycle after
    on r_mis (rv32i_core.v: run, take and v_valid low then, e_valid / q_valid cleared). Vector
    words and scalar writes in both places behind forward branches taken, and a loop whose body
    starts with vector words (the backward branch's exit: its target's words are the dropped
    ones), in lock step with the model (cycles, scalar writes, every vector register)."""
    rng = random.Random(int(os.environ.get("KF_HW_SEED", "1")) + 66)
    soc = Soc(dut)
    await soc.start()
    text = f"""
        li t0, 100
        li s5, 3
        li t2, 2
        beq s5, s5, over1
        vsetvli t0, s5, e{ELEN}, m1, tu, mu
        vxor.vv v1, v2, v3
over1:
        addi t1, t0, 0
        vsetvli x0, s5, e{ELEN}, m1, tu, mu
        blt x0, t2, over2
        vxor.vv v4, v5, v6
        addi t0, t0, 7
over2:
        addi t1, t1, 1
        bne s5, x0, over3
        addi t1, t1, 9
        vxor.vv v7, v8, v9
over3:
        addi t3, t1, 2
loop:
        vxor.vv v10, v10, v11
        vxor.vv v12, v12, v10
        addi t2, t2, -1
        bne t2, x0, loop
        addi t4, t3, 1
"""
    _, trace, _, _ = await run_locked(dut, soc, "redirect drops", text, bytearray(64), rng)
    dut._log.info("redirect_drops: %d instructions in lock step with the model", len(trace))


@cocotb.test()
async def branch_prediction(dut):
    """Stage 2's static prediction (rv32i_core.v, session 65: the fetched word registered; a
    backward branch and JAL predicted taken there, a forward branch not): backward loops of
    each branch kind, taken (2 cycles) and at their exit not taken (4: execute's registered redirect to pc +
    4), the comparison's operands forwarded from the instruction before (e_res), from the
    pending write and from a load; nested loops (an inner exit right before the outer
    branch); a backward and a forward JAL and their links; JALR backward (4); a forward
    branch taken (4) and one of offset 0 not taken (1); a backward taken branch to a
    misaligned target (a trap, nothing after it retiring). Retired pcs and cycles, register
    writes and memory against the reference (RefCore: the model's CORE_* costs). Mutants
    rejected (session 65): no prediction (q_bk 0), e_alt pc + 8, no redirect for a forward
    branch taken, the target's bit 1 from ir[9], the memory's word loaded in r_mis's cycle,
    r_tgt from e_alt (JALR's target lost)."""
    soc = Soc(dut)
    await soc.start()
    b = DATA_BASE
    nop = ("addi", (9, 0, 0))
    prog = [("lui", (30, b >> 12)), ("addi", (30, 30, b & 0xFFF)),
            ("addi", (5, 0, 3)), ("addi", (8, 0, 1)), ("addi", (6, 0, 40)),
            "l1", ("addi", (6, 6, 3)), ("addi", (5, 5, -1)), ("bne", (5, 0, "l1")),     # rs1 forwarded
            ("addi", (7, 6, 1)),                                                      # after the exit
            ("addi", (5, 0, 3)), "l2", ("addi", (5, 5, -1)), ("blt", (0, 5, "l2")),   # rs2 forwarded
            ("addi", (5, 0, 2)), "l3", ("addi", (5, 5, -1)), nop, ("bge", (5, 8, "l3")),  # pending write
            ("addi", (5, 0, 2)), "l4", ("addi", (5, 5, -1)), ("bltu", (0, 5, "l4")),
            ("addi", (5, 0, 2)), "l5", ("addi", (5, 5, -1)), ("bgeu", (5, 8, "l5")),
            ("addi", (5, 0, 3)), "l6", ("addi", (5, 5, -1)), ("sltiu", (10, 5, 1)), ("beq", (10, 0, "l6")),
            ("addi", (11, 0, 2)), "outer", ("addi", (5, 0, 2)),                       # nested
            "inner", ("addi", (5, 5, -1)), ("bne", (5, 0, "inner")),
            ("addi", (11, 11, -1)), ("bne", (11, 0, "outer")),
            ("addi", (12, 0, 2)), ("sw", (12, 30, 0)),                                # a load's data
            "ld1", ("lw", (13, 30, 0)), ("addi", (13, 13, -1)), ("sw", (13, 30, 0)), ("bne", (13, 0, "ld1")),
            ("addi", (15, 0, 2)),
            "ld2", ("addi", (15, 15, -1)), ("sw", (15, 30, 4)), ("lw", (14, 30, 4)), ("bne", (14, 0, "ld2")),
            ("jal", (1, "j2")), "j1", ("addi", (16, 1, 4)), ("jal", (0, "j3")),        # JAL forward, backward
            "j2", ("jal", (2, "j1")), "j3", ("addi", (17, 2, 0)),
            ("addi", (18, 0, 2)), "jr", ("addi", (18, 18, -1)), ("beq", (18, 0, "jx")),  # forward taken at the end
            ("auipc", (31, 0)), ("jalr", (3, 31, -8)),                                # JALR backward
            "jx", ("addi", (19, 3, 0)), ("bne", (0, 0, 0)), ("addi", (20, 19, 1)),    # offset 0, not taken
            ("ebreak", ())]
    words = resolve_labels(prog)
    mem = bytearray(DATA_BASE + 64)
    n = await run_scalar(dut, soc, words, mem, "branch_prediction")
    # a backward taken branch to a misaligned target: it retires, the core stops before its target
    trap = [("addi", (1, 0, 3)), ("addi", (2, 0, 4)), ("beq", (1, 1, -6)), ("addi", (3, 0, 1)), ("ebreak", ())]
    await run_scalar(dut, soc, resolve_labels(trap), bytearray(DATA_BASE + 16), "backward misaligned")
    dut._log.info("branch_prediction: %d instructions retired equal to the reference; a misaligned "
                  "backward target traps", n)


@cocotb.test()
async def load_use(dut):
    """Session 66: a load's data memory word is registered (rv32i_core.v's ld_q, its selects set
    in its second cycle) and the load retires in its third (CORE_LOAD_CYCLES). Loads back to back,
    each used by the next word (rs1, rs2, a store's data, a load's address, a branch) or the one
    after it (the pending write), every width and sign, both halves of the 64-bit row, a store
    then a load of its address right after it, and a load into the register it addresses by;
    cycles, writes and memory against the reference."""
    soc = Soc(dut)
    await soc.start()
    b = DATA_BASE
    nop = ("addi", (9, 0, 0))
    prog = [("lui", (30, b >> 12)), ("addi", (30, 30, b & 0xFFF)),
            ("lw", (5, 30, 0)), ("lw", (6, 30, 4)), ("add", (7, 5, 6)),          # two loads, then both
            ("lb", (8, 30, 3)), ("lh", (10, 30, 6)), ("sub", (11, 10, 8)),      # signed bytes / halves
            ("lbu", (12, 30, 5)), ("lhu", (13, 30, 2)), ("xor", (14, 12, 13)),
            ("lw", (15, 30, 8)), ("lw", (16, 15, 0)), ("lw", (16, 16, 4)),      # pointer chase, rd = rs1
            ("lw", (17, 30, 4)), nop, ("or", (18, 17, 0)),                     # the pending write
            ("lw", (19, 30, 0)), ("sw", (19, 30, 12)), ("lw", (20, 30, 12)),   # store data, store -> load
            ("lb", (21, 30, 7)), ("bge", (21, 0, 8)), ("addi", (22, 0, 1)),     # branch on a load (not taken)
            ("lw", (23, 30, 4)), ("beq", (23, 6, 8)), ("addi", (22, 0, 2)),     # taken (forward: 4)
            ("lhu", (24, 30, 4)), ("slli", (25, 24, 3)), ("srai", (26, 8, 1)),  # shifts after a load
            ("lw", (27, 30, 0)), ("sltu", (28, 27, 6)),
            ("ebreak", ())]
    words = [w for _, w in (enc_rv32i(op, a) for op, a in prog)]
    mem = bytearray(DATA_BASE + 256)
    mem[b:b + 8] = (0x8A7B6C5D).to_bytes(4, "little") + (0xF1E2D3C4).to_bytes(4, "little")
    mem[b + 8:b + 12] = (b + 16).to_bytes(4, "little")
    mem[b + 16:b + 24] = (b + 32).to_bytes(4, "little") + (b + 4).to_bytes(4, "little")
    n = await run_scalar(dut, soc, words, mem, "load_use")
    dut._log.info("load_use: %d instructions retired equal to the reference", n)


@cocotb.test()
async def shift_use(dut):
    """Session 66: a shift takes two cycles (rv32i_core.v: its result registered in the first,
    sh_q, 0 in every other cycle, and written in the second; CORE_SHIFT_CYCLES). Every shift,
    each used by the next word (rs1, rs2, the next shift's value and amount, a store's data and
    address, a load's address, a branch, JALR's base) or the one after it (the pending write),
    shifts back to back, a shift after an ALU word and a load, and the words after a shift that
    write nothing or do not use it (sh_q must be 0 then); against the reference."""
    soc = Soc(dut)
    await soc.start()
    b = DATA_BASE
    nop = ("addi", (9, 0, 0))
    prog = [("lui", (30, b >> 12)), ("addi", (30, 30, b & 0xFFF)), ("addi", (5, 0, -77)),
            ("addi", (6, 0, 35)),                                                  # amount 3 (35 & 31)
            ("sll", (7, 5, 6)), ("srl", (8, 7, 6)), ("sra", (10, 8, 6)),          # back to back, rs1
            ("slli", (11, 5, 31)), ("srli", (12, 11, 1)), ("srai", (13, 12, 4)),
            ("srli", (14, 6, 1)), ("sra", (15, 5, 14)),                            # amount from a shift
            ("slli", (16, 5, 2)), ("add", (17, 16, 5)), ("sub", (18, 5, 16)),       # rs1, rs2 of the ALU
            ("srai", (19, 5, 0)), nop, ("xor", (20, 19, 5)),                       # the pending write
            ("slli", (21, 6, 1)), ("sw", (21, 30, 0)), ("lw", (22, 30, 0)),         # store data, then load
            ("srli", (23, 30, 0)), ("sw", (5, 23, 4)), ("lw", (24, 23, 4)),         # store address
            ("srli", (25, 30, 0)), ("lw", (26, 25, 4)),                             # load address
            ("lw", (27, 30, 4)), ("srai", (28, 27, 7)),                             # a load then a shift
            ("addi", (29, 0, 12)), ("sll", (3, 5, 29)),                             # an ALU word then a shift
            ("srli", (4, 5, 28)), ("bne", (4, 0, 8)), ("addi", (9, 0, 1)),         # branch (taken: 4)
            ("slli", (4, 0, 5)), ("beq", (4, 0, 8)), ("addi", (9, 0, 2)),          # x0 << 5 == 0: taken
            ("sll", (0, 5, 6)), ("add", (3, 0, 0)),                                 # rd x0: not forwarded
            ("sll", (2, 5, 6)), ("sw", (5, 30, 8)), ("addi", (1, 0, 0)), ("lw", (1, 30, 8)),  # then no use
            ("auipc", (31, 0)), ("srli", (31, 31, 0)), ("jalr", (1, 31, 16)), ("addi", (9, 0, 3)),
            ("ebreak", ())]
    words = [w for _, w in (enc_rv32i(op, a) for op, a in prog)]
    mem = bytearray(DATA_BASE + 256)
    n = await run_scalar(dut, soc, words, mem, "shift_use")
    dut._log.info("shift_use: %d instructions retired equal to the reference", n)


@cocotb.test()
async def reset_in_load(dut):
    """A reset of one cycle while a load's data is on the data memory's port (its second
    cycle): reset writes x0 = 0 then (rv32i_core.v: xwd), not the load's data, so after the
    program runs again x0 still reads 0 (addi / add from x0, a store of x0), equal to the
    reference's run from the start."""
    soc = Soc(dut)
    await soc.start()
    b = DATA_BASE
    prog = [("lw", (1, 0, b)), ("addi", (2, 0, 5)), ("add", (3, 0, 0)), ("sw", (0, 0, b + 4)),
            ("lw", (4, 0, b + 4)), ("ebreak", ())]
    words = [w for _, w in (enc_rv32i(op, a) for op, a in prog)]
    mem = bytearray(DATA_BASE + 16)
    mem[b:b + 8] = (0xA5C3E18F).to_bytes(4, "little") + (0x3C5A7E91).to_bytes(4, "little")
    n = await run_scalar(dut, soc, words, mem, "reset_in_load", glitch=True)
    dut._log.info("reset_in_load: %d instructions retired equal to the reference after the reset", n)


@cocotb.test()
async def readback_collision(dut):
    """The read-back port in a clock that writes the word it reads. The data memory has
    no_rw_check (rvv_soc.v: no read-first emulation, so the block RAM's answer to such a read
    is undefined), and the read-back takes the bytes written in its read's clock from the
    write (rb_be, rb_w): rb_data is the word after that clock's write. Checked for the
    loader's writes (each word, and with ELEN 64 the row's other half, which the write leaves
    alone, and a word of another row: the read's index is compared, session 64) and for the core's stores (sb / sh / sw, the read-back held on the stored word
    while the program runs: its sample in the clock after the store's is the new word)."""
    rng = random.Random(int(os.environ.get("KF_HW_SEED", "1")) + 55)
    soc = Soc(dut)
    await soc.start()
    n = 64
    old = [rng.getrandbits(32) for _ in range(n // 4)]
    mem = bytearray(b"".join(w.to_bytes(4, "little") for w in old))
    await soc.load([EBREAK], mem, [[0] * ELENUM for _ in range(32)])
    dut.rst.value = 1
    cur = list(old)
    for k in range(n // 4):
        for other in ((0, 1, 2) if ELEN == 64 else (0, 2)):
            w = rng.getrandbits(32)
            ra = (4 * k) ^ 4 if other == 1 else (4 * k + 8) % n if other == 2 else 4 * k
            await FallingEdge(dut.clk)
            dut.ld_dmem_we.value, dut.ld_addr.value, dut.ld_data.value = 1, 4 * k, w
            dut.rb_addr.value = ra
            await FallingEdge(dut.clk)
            dut.ld_dmem_we.value = 0
            cur[k] = w
            got = int(dut.rb_data.value)
            assert got == cur[ra // 4], (f"read-back of {ra:#x} in the clock the loader writes {4 * k:#x}: "
                                         f"{got:#010x}, the word after the write {cur[ra // 4]:#010x}")
    await FallingEdge(dut.clk)
    dut.rst.value = 0
    # the core's stores: each program stores x1 (a random word) at DATA_BASE + off, the read-back on it
    b = DATA_BASE
    for op, off, sh in (("sb", 5, 8), ("sh", 6, 16), ("sw", 4, 32), ("sw", 8, 32)):
        val = rng.getrandbits(32)
        prog = [("lui", (1, (val + 0x800) >> 12 & 0xFFFFF)), ("addi", (1, 1, (val & 0xFFF) - ((val & 0x800) << 1))),
                (op, (1, 0, b + off)), ("ebreak", ())]
        words = [w for _, w in (enc_rv32i(o, a) for o, a in prog)]
        data = bytearray(rng.getrandbits(8) for _ in range(b + 16))
        await soc.load(words, data, [[0] * ELENUM for _ in range(32)])
        wa = (b + off) & ~3
        dut.rb_addr.value = wa
        new = bytearray(data)
        new[b + off:b + off + sh // 8] = (val & ((1 << sh) - 1)).to_bytes(sh // 8, "little")
        want_old = int.from_bytes(data[wa:wa + 4], "little")
        want_new = int.from_bytes(new[wa:wa + 4], "little")
        seen, stored = None, False
        for _ in range(200):
            await FallingEdge(dut.clk)
            if stored:
                seen = int(dut.rb_data.value)
                break
            stored = bool(int(dut.core.dmem_valid.value) and int(dut.core.dmem_we.value))
            if not stored:
                got = int(dut.rb_data.value)
                assert got == want_old, f"{op}: read-back {got:#010x} before the store, memory {want_old:#010x}"
        assert seen is not None, f"{op}: no store"
        assert seen == want_new, (f"{op}: read-back {seen:#010x} in the clock after the store's (read with it), "
                                  f"the word after the store {want_new:#010x} (before {want_old:#010x})")
    dut._log.info("readback_collision: %d loader writes and 4 stores read back in their clock", n // 4 * (3 if ELEN == 64 else 2))


# ---- the sponge driver: SHA3-256 / SHAKE128 of SN messages side by side ---------------------
MSG_ADDR = 0x600                       # after the states (EleNum 30: 0x100 + 1,200 bytes)


def sponge_text(nblocks):
    """Absorb nblocks blocks (plane-major like the states, one per state side by side, padded
    by the host: the program XORs whole blocks) with Algorithm 3's permutation after each,
    then store the state (the host reads the digest or up to one rate of XOF output from it).
    The permutation is the seed's program text itself, run with s3 = 0 (24 rounds)."""
    blk = 8 * 5 * ELENUM
    body = program_text("alg3_e64_m8")
    return f"""
        li s1, {ELENUM}
        li s2, -1
        li s4, 24
        li s5, {5 * ELENUM}
        li a0, {STATE_ADDR}
        li a2, {MSG_ADDR}
        li a3, {nblocks}
        vsetvli x0, s5, e64, m8, tu, mu
        vxor.vv v0, v0, v0
absorb:
        vsetvli x0, s5, e64, m8, tu, mu
        vle64.v v8, (a2)
        vxor.vv v0, v0, v8
        li s3, 0
{body}
        addi a2, a2, {blk}
        addi a3, a3, -1
        bne a3, x0, absorb
        vsetvli x0, s5, e64, m8, tu, mu
        vse64.v v0, (a0)
"""


def pad_blocks(msg, rate, dsbyte):
    """The message padded (FIPS 202: domain bits, then pad10*1) and cut into rate-byte blocks,
    each as 25 lanes (capacity lanes zero)."""
    p = bytearray(msg) + bytes([dsbyte])
    p += bytes(-len(p) % rate)
    p[-1] |= 0x80
    return [[int.from_bytes(p[k + 8 * j:k + 8 * j + 8], "little") if 8 * j < rate else 0 for j in range(25)]
            for k in range(0, len(p), rate)]


@cocotb.test()
async def sponge_driver(dut):
    """SHA3-256 and SHAKE128 of SN random messages at once on the processor (ELEN 64,
    Algorithm 3), in lock step with the model; digests against the library."""
    if ELEN != 64:
        dut._log.info("sponge driver: ELEN 64 only (Algorithm 3); nothing to run for ELEN %d", ELEN)
        return
    path = os.environ.get("KF_LIB")
    rng = random.Random(int(os.environ.get("KF_HW_SEED", "1")) + 30)
    soc = Soc(dut)
    await soc.start()
    if path and os.path.exists(path):
        from kfhw import Lib
        lib = Lib(path)
        ref_name = "the C library"
        sha3_256, shake128 = (lambda m: lib.sha3(256, m)), (lambda m, n: lib.shake(128, m, n))
    else:
        import hashlib
        ref_name = "Python hashlib (KF_LIB not set: NOT the C library)"
        sha3_256, shake128 = (lambda m: hashlib.sha3_256(m).digest()), (lambda m, n: hashlib.shake_128(m).digest(n))
    done = 0
    for algo, rate, ds in (("SHA3-256", 136, 0x06), ("SHAKE128", 168, 0x1F)):
        nblocks = int(os.environ.get("RVV_SPONGE_BLOCKS", "2"))
        # SN messages with the same number of blocks, lengths spread over the last block
        msgs = [bytes(rng.getrandbits(8) for _ in range(rng.randrange((nblocks - 1) * rate, nblocks * rate)))
                for _ in range(SN)]
        blocks = [pad_blocks(m, rate, ds) for m in msgs]
        mem = bytearray(MSG_ADDR + nblocks * 8 * 5 * ELENUM)
        for b in range(nblocks):
            base = MSG_ADDR + b * 8 * 5 * ELENUM
            for i in range(SN):
                for y in range(5):
                    for x in range(5):
                        k = y * ELENUM + 5 * i + x
                        mem[base + 8 * k:base + 8 * k + 8] = blocks[i][b][x + 5 * y].to_bytes(8, "little")
        _, trace, got, _ = await run_locked(dut, soc, algo, sponge_text(nblocks), mem, rng)
        states = mem_to_states(got, SN)
        for i, m in enumerate(msgs):
            out = b"".join(lane.to_bytes(8, "little") for lane in states[i])
            if algo == "SHA3-256":
                assert out[:32] == sha3_256(m), f"{algo} of {len(m)} bytes (state {i}) differs from {ref_name}"
            else:
                assert out[:rate] == shake128(m, rate), f"{algo} of {len(m)} bytes (state {i}) differs from {ref_name}"
            done += 1
        dut._log.info("%s: %d messages of %s bytes side by side, %d blocks each, %d cycles (%d instructions) "
                      "in lock step with the model; outputs = %s", algo, SN, [len(m) for m in msgs], nblocks,
                      trace[-1][1], len(trace), ref_name)
    assert done == 2 * SN
