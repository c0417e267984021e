# SPDX-License-Identifier: Apache-2.0 OR MIT
"""cocotb tests of hw/rtl/rvv/rvv_soc.v: the RV32I core (rv32i_core.v) running seed 003's
programs on the vector unit, in lock step with the Python model (tools/rvv_ise_model).

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
Keccak-p[1600, nr] (KF_LIB; without it tools/cortexm_model/keccak_ref.py, and the log says
so), cycles per round equal the model's (103 / 75 / 147, the seed's), cycles per
permutation equal the model's prediction with the core's timing and lie within 2% of the
seed's published latency.
Environment: RVV_ELEN, RVV_ELENUM, RVV_NRS (rounds, comma separated; default 24),
RVV_PROGRAMS (default: the ELEN's seed programs), KF_HW_SEED, KF_LIB, RVV_REPORT (a file to
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
MODEL = os.path.join(HERE, "..", "..", "..", "tools", "rvv_ise_model")
sys.path.insert(0, MODEL)
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.append(os.path.join(MODEL, "..", "cortexm_model"))
import keccak_ref  # noqa: E402
import rvv_encoding as E  # noqa: E402
import rvv_ise as R  # noqa: E402

ELEN = int(os.environ.get("RVV_ELEN", "64"))
ELENUM = int(os.environ.get("RVV_ELENUM", "5"))
NB = ELEN // 8
SN = ELENUM // 5
EBREAK = 0x00100073
STATE_ADDR = 0x100                     # the low (ELEN 32) or whole (ELEN 64) lanes
HIGH_ADDR = STATE_ADDR + 4 * 5 * ELENUM  # ELEN 32: the high words
PROGRAMS = {64: "alg2_e64_m1,alg3_e64_m8", 32: "e32_m8"}
PAPER = {"alg2_e64_m1": (103, 2564), "alg3_e64_m8": (75, 1892), "e32_m8": (147, 3620)}


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
    return ("\n".join("        " + ln for ln in pro) + "\nprogram_start:\n" + body
            + "\nprogram_end:\n" + "\n".join("        " + ln for ln in epi) + "\n")


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
            f.write(E.gnu_as_text(text) + "\tebreak\n")
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


def vregs(dut):
    value = int(dut.u.vrf.value)
    mask = (1 << ELEN) - 1
    return [[(value >> ((q * ELENUM + e) * ELEN)) & mask for e in range(ELENUM)] for q in range(32)]


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
        taken = False
        if op in ("blt", "bne", "bge", "beq"):
            x, y = m.sval(a[0]), m.sval(a[1])
            taken = {"blt": x < y, "bne": x != y, "bge": x >= y, "beq": x == y}[op]
        elif op == "j":
            taken = True
        c = R.core_cost(m, ins, taken)
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
        value = 0
        for q in range(32):
            for e in range(ELENUM):
                value |= vinit[q][e] << ((q * ELENUM + e) * ELEN)
        dut.u.vrf.value = value
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
    return "tools/cortexm_model/keccak_ref.py (KF_LIB not set: NOT the C library)", keccak_ref.keccak_p


async def run_program(dut, soc, name, nr, states, ref, rng, lockstep=True):
    text = harness_text(name, nr)
    words, symbols, by = assemble(text, dut._log)
    mem = bytearray(HIGH_ADDR + 4 * 5 * ELENUM + 64)
    states_to_mem(states, mem)
    vinit = [[rng.getrandbits(ELEN) for _ in range(ELENUM)] for _ in range(32)]
    model = ModelStepper(words, symbols, mem, vinit)
    await soc.load(words, mem, vinit)
    hw_writes, first, rounds, t_round, t_start, t_end, retired = [], None, [], None, None, None, 0
    start, stop = symbols["permutation"], symbols["loop_control"]
    for _ in range(200000):
        await FallingEdge(dut.clk)
        if int(dut.tr_wb.value):
            hw_writes.append((int(dut.tr_wb_rd.value), int(dut.tr_wb_val.value)))
        if not int(dut.tr_valid.value):
            if int(dut.halted.value):
                break
            continue
        pc, cyc = int(dut.tr_pc.value), int(dut.tr_cycle.value)
        retired += 1
        first = cyc if first is None else first
        if pc == start:
            t_round = cyc
        if pc == stop and t_round is not None:
            rounds.append(cyc - t_round)
            t_round = None
        if pc == symbols["program_start"]:
            t_start = cyc
        if pc == symbols["program_end"]:
            t_end = cyc
        if pc == 4 * (len(words) - 1):          # the ebreak
            assert model.idx == len(model.instrs), f"{name}: halted at {pc:#x}, model at {4 * model.idx:#x}"
            assert cyc - first == model.cycles, f"{name}: ebreak at cycle {cyc - first}, model {model.cycles}"
            continue
        assert pc == 4 * model.idx, f"{name}: retired pc {pc:#x}, model pc {4 * model.idx:#x}"
        assert cyc - first == model.cycles, (f"{name}: {model.instrs[model.idx].text} at {pc:#x} retired in "
                                             f"cycle {cyc - first}, model {model.cycles}")
        if lockstep:
            got = vregs(dut)
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
    out = mem_to_states(got_mem, len(states))
    want = [ref(s, nr) for s in states]
    assert out == want, f"{name} nr {nr}: states differ from the reference"
    # the model's own run of the program text (rounds by its cost rule)
    _, mrun, _ = R.permute(R.parse(program_text(name)),
                           ELENUM, ELEN, states, nr)
    assert rounds == mrun.round_cycles, f"{name}: rounds {rounds}, model {mrun.round_cycles}"
    perm = t_end - t_start
    return by, retired, rounds, perm


@cocotb.test()
async def programs_lockstep(dut):
    """Each program, every retired instruction against the model, states against the reference."""
    rng = random.Random(int(os.environ.get("KF_HW_SEED", "1")) + 10)
    nrs = [int(v) for v in os.environ.get("RVV_NRS", "24").split(",")]
    names = os.environ.get("RVV_PROGRAMS", PROGRAMS[ELEN]).split(",")
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
            by, retired, rounds, perm = await run_program(dut, soc, name, nr, states, ref, rng)
            per_round, paper_latency = PAPER[name]
            assert set(rounds) == {per_round}, f"{name}: {sorted(set(rounds))} cycles per round, seed {per_round}"
            # the model's latency with the core's timing: vsetvli, nr rounds, nr - 1 taken
            # loop branches and one not taken, each after its addi
            predicted = (R.VSETVLI_CYCLES + nr * per_round
                         + (nr - 1) * (R.CORE_SCALAR_CYCLES + R.CORE_BRANCH_TAKEN_CYCLES)
                         + R.CORE_SCALAR_CYCLES + R.CORE_BRANCH_NOT_TAKEN_CYCLES)
            assert perm == predicted, f"{name}: {perm} cycles per permutation, model with the core's timing {predicted}"
            if nr == 24:
                dev = (perm - paper_latency) / paper_latency
                assert abs(dev) <= 0.02, f"{name}: {perm} cycles per permutation, seed {paper_latency} ({dev:+.2%})"
            dut._log.info("%s EleNum %d nr %d (%s): %d instructions retired in lock step with the model; "
                          "%d cycles/round, %d cycles/permutation (seed %d for nr 24); %d states = %s",
                          name, ELENUM, nr, by, retired, per_round, perm, paper_latency, SN, ref_name)
            if report:
                with open(report, "a") as f:
                    f.write(f"{name} {ELENUM} {nr} {per_round} {perm}\n")
