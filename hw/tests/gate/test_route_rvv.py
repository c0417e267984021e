# SPDX-License-Identifier: Apache-2.0 OR MIT
"""cocotb test of the processor behind the soc's place-and-route wrapper (hw/synth/ecp5_wrap_rvv.v:
rvv_soc 64 x 5 behind a byte bus), for route_sim.py --design rvv (the routed netlist) and the RTL.

The wrapper's only view of the processor is its byte bus: bytes shift into an address and a word
register, a word is written to the program or data memory under reset, and a snapshot of the
processor's outputs (halted, trap, the trace port tr_*, cycle, the read-back word) is captured and
shifted out a byte a clock (30 bytes, so one snapshot every 30 clocks). The test therefore:
  - loads each program (test_rvv_core.py's harness around seed 003's Algorithm 2, Algorithm 3 and
    the model's RVV 1.0 variant, nr 24, ebreak at the end: the words the RTL tests run) and the
    data memory (the states, plane-major, and the rho offsets' table) through the loader;
  - runs it from reset PHASES times (30 by default), the snapshots of run p taken at clocks
    p, p + 30, p + 60, ... after the reset's release, until one shows the core halted; the
    programs' timing and scalar writes do not depend on the data, so the runs' snapshots together
    hold every cycle of one run (checked: their `cycle` values must cover 0 to the halt);
  - after the first run reads the data memory back (word by word through rb_addr);
and then holds the processor to the model as test_rvv_core.py's programs_lockstep does, except for
the vector registers (the netlist has no test-bench port into them): the retired pcs and the cycle
each retired in (against the model stepping the same words with the core's costs), the scalar
register writes, the data memory (the model's with zeroed vector registers: the programs write
every register they store), the states (the C library's Keccak-p[1600, 24], KF_LIB, and the model's
run of the program), the cycles per round (the model's: 103 / 75 / 103) and per permutation (the
model's prediction with the core's timing; within 2% of the seed's latency for its two programs).
Environment: KF_LIB, KF_HW_SEED, RVV_ROUTE_PROGRAMS (default the three), RVV_ROUTE_PHASES (default
30: the whole trace; fewer checks the sampled cycles only, for a quick look).
"""
import os
import random
import sys

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "rvv"))
os.environ.setdefault("RVV_ELEN", "64")
os.environ.setdefault("RVV_ELENUM", "5")
import test_rvv_core as T  # noqa: E402  (the harness, the layouts, the model stepper, the reference)

R, E = T.R, T.E
PROGRAMS = ("alg2_e64_m1", "alg3_e64_m8", "rvv10_e64_m8")
SHIFT_W, SHIFT_A, WR_I, WR_D, CAPTURE, SHIFT_OUT, IDLE = 0, 1, 2, 3, 4, 5, 7
PERIOD = 30                      # clocks from one snapshot to the next (1 capture + 29 shifts)
# the snapshot (ecp5_wrap_rvv.v's cap, byte 0 first): the fields' byte offsets and widths
FIELDS = {"rb_data": (0, 4), "tr_wb_val": (4, 4), "tr_cycle": (8, 4), "tr_insn": (12, 4), "tr_pc": (16, 4),
          "cycle": (20, 4), "trap_pc": (24, 4), "tr_wb_rd": (28, 1), "flags": (29, 1)}


class Bus:
    """ecp5_wrap_rvv's byte bus, one operation a clock: operation i is set after a falling edge,
    taken by the next rising edge into the wrapper's input registers and acted on at the one
    after. tap[i] is bus_out as operation i is set (the output register after the rising edge
    before it): a snapshot captured by operation c has its byte k in tap[c + 3 + k] when the k
    operations after the capture shift it out."""

    def __init__(self, dut):
        self.dut = dut
        self.tap = []

    async def op(self, code, byte=0):
        await FallingEdge(self.dut.clk)
        v = self.dut.bus_out.value
        self.tap.append(int(v) if v.is_resolvable else None)   # (the RTL's X before a capture)
        self.dut.bus_op.value = code
        self.dut.bus_in.value = byte

    async def idle(self, n=1):
        for _ in range(n):
            await self.op(IDLE)

    async def shift(self, code, value):
        for k in (24, 16, 8, 0):          # the registers shift left: the high byte first
            await self.op(code, (value >> k) & 0xFF)

    async def write(self, code, addr, word):
        await self.shift(SHIFT_A, addr)
        await self.shift(SHIFT_W, word)
        await self.op(code)
        await self.idle()

    async def capture(self, shifts=PERIOD - 1):
        """A capture and its shifts (PERIOD clocks for the whole snapshot); the capture's index in tap."""
        c = len(self.tap)
        await self.op(CAPTURE)
        for _ in range(shifts):
            await self.op(SHIFT_OUT)
        return c

    def snapshot(self, c, nbytes=PERIOD):
        """The snapshot captured by operation c (its first nbytes), once tap holds them."""
        return decode(self.tap[c + 3:c + 3 + nbytes])

    async def reset(self, on):
        await FallingEdge(self.dut.clk)
        self.dut.rst_in.value = 1 if on else 0


def decode(b):
    """The snapshot's fields from its bytes (a field with an unknown byte is None; the flags must
    be known)."""
    out = {k: None if None in b[o:o + n] else int.from_bytes(bytes(b[o:o + n]), "little")
           for k, (o, n) in FIELDS.items() if o + n <= len(b)}
    if "flags" in out:
        f = out.pop("flags")
        assert f is not None, "the snapshot's flags are unknown (X)"
        out.update(halted=f >> 7 & 1, trap=f >> 6 & 1, tr_valid=f >> 5 & 1, tr_wb=f >> 4 & 1)
        if out["tr_wb_rd"] is not None:
            out["tr_wb_rd"] &= 0x1F
    return out


async def run_phase(bus, phase, limit=20000):
    """Release the reset, idle phase clocks, then snapshots every PERIOD clocks until one shows
    the core halted with nothing retiring; the snapshots."""
    await bus.reset(False)
    await bus.idle(phase)
    snaps, prev = [], None
    for _ in range(limit // PERIOD):
        c = await bus.capture()
        if prev is not None:              # (its last bytes came out during this capture's clocks)
            s = bus.snapshot(prev)
            snaps.append(s)
            if s["halted"] and not s["tr_valid"]:
                return snaps
        prev = c
    raise AssertionError(f"no halt within {limit} clocks (phase {phase})")


async def read_mem(bus, nbytes):
    out = bytearray()
    for k in range(0, nbytes, 4):
        await bus.shift(SHIFT_A, k)
        await bus.idle(2)                  # the address register, then the block RAM's read
        c = await bus.capture(3)
        await bus.idle(3)
        out += bus.snapshot(c, 4)["rb_data"].to_bytes(4, "little")
    return out


def check_trace(name, by_cycle, words, symbols, mem):
    """The snapshots of every cycle against the model stepping the same words (test_rvv_core's
    run_locked without the vector registers); the trace [(pc, cycle from the first)]."""
    halt = min(c for c, s in by_cycle.items() if s["halted"] and not s["tr_valid"])
    # (cycle 0 is the reset's: the core's cycle, tr_valid and tr_wb leave the reset together, the
    # first clock after it shows cycle 1)
    missing = [c for c in range(1, halt + 1) if c not in by_cycle]
    assert not missing, f"{name}: cycles not sampled: {missing[:8]} ({len(missing)})"
    model = T.ModelStepper(words, symbols, mem, [[0] * T.ELENUM for _ in range(32)])
    hw_writes, first, trace = [], None, []
    for c in range(1, halt + 1):
        s = by_cycle[c]
        assert not s["trap"], f"{name}: trap at {s['trap_pc']:#x}"
        if s["tr_wb"]:
            hw_writes.append((s["tr_wb_rd"], s["tr_wb_val"]))
        if not s["tr_valid"]:
            continue
        pc, cyc = s["tr_pc"], s["tr_cycle"]
        first = cyc if first is None else first
        trace.append((pc, cyc - first))
        if pc == 4 * (len(words) - 1):
            assert model.idx == len(model.instrs), f"{name}: halted at {pc:#x}, model at {4 * model.idx:#x}"
            assert cyc - first == model.cycles, f"{name}: ebreak at cycle {cyc - first}, model {model.cycles}"
            continue
        assert pc == 4 * model.idx, f"{name}: retired pc {pc:#x}, model pc {4 * model.idx:#x}"
        assert s["tr_insn"] == words[model.idx], f"{name}: word {s['tr_insn']:#010x} at {pc:#x}"
        assert cyc - first == model.cycles, (f"{name}: {model.instrs[model.idx].text} at {pc:#x} retired in "
                                             f"cycle {cyc - first}, model {model.cycles}")
        model.step()
    assert trace and trace[-1][0] == 4 * (len(words) - 1), f"{name}: the ebreak did not retire"
    assert hw_writes == model.writes, f"{name}: scalar writes differ: {hw_writes[:8]} vs {model.writes[:8]}"
    return trace, model


@cocotb.test()
async def programs(dut):
    """Each program for one permutation on the netlist, against the model and the C library."""
    rng = random.Random(int(os.environ.get("KF_HW_SEED", "1")) + 20)
    names = os.environ.get("RVV_ROUTE_PROGRAMS", ",".join(PROGRAMS)).split(",")
    phases = int(os.environ.get("RVV_ROUTE_PHASES", str(PERIOD)))
    ref_name, ref = T.reference()
    dut._log.info("reference: %s", ref_name)
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    bus = Bus(dut)
    dut.rst_in.value = 1
    dut.bus_op.value = IDLE
    dut.bus_in.value = 0
    await bus.idle(4)
    for name in names:
        text = T.harness_text(name, 24)
        words, symbols, by = T.assemble(text, dut._log)
        states = [[rng.getrandbits(64) for _ in range(25)] for _ in range(T.SN)]
        mem = bytearray(T.RHO_ADDR + 8 * 5 * T.ELENUM + 64)
        T.states_to_mem(states, mem)
        T.rho_table_to_mem(mem)
        await bus.reset(True)
        for k, w in enumerate(words):
            await bus.write(WR_I, 4 * k, w)
        for k in range(0, len(mem), 4):
            await bus.write(WR_D, k, int.from_bytes(mem[k:k + 4], "little"))
        by_cycle = {}
        for p in range(phases):
            await bus.reset(True)
            await bus.idle(3)
            for s in await run_phase(bus, p):
                by_cycle.setdefault(s["cycle"], s)
            if p == 0:   # the first run's memory (the later runs permute it again)
                got_mem = await read_mem(bus, len(mem))
        out = T.mem_to_states(got_mem, len(states))
        assert out == [ref(s, 24) for s in states], f"{name}: states differ from the reference"
        mstates, mrun, _ = R.permute(R.parse(T.program_text(name)), T.ELENUM, T.ELEN, states, 24)
        assert out == mstates, f"{name}: states differ from the model's run of the program"
        if phases < PERIOD:
            dut._log.warning("%s: %d state(s) = %s and the model's run; %d of %d phases: %d cycles sampled, "
                             "the trace NOT checked", name, T.SN, ref_name, phases, PERIOD, len(by_cycle))
            continue
        trace, model = check_trace(name, by_cycle, words, symbols, mem)
        assert got_mem == model.m.mem[:len(mem)], f"{name}: data memory differs from the model's"
        rounds, t_start, t_end = T.trace_rounds(trace, symbols)
        assert rounds == mrun.round_cycles, f"{name}: rounds {rounds}, model {mrun.round_cycles}"
        per_round = rounds[0]
        assert set(rounds) == {per_round}, f"{name}: rounds of different cost {sorted(set(rounds))}"
        if name in T.PAPER:
            assert per_round == T.PAPER[name][0], f"{name}: {per_round} cycles per round, seed {T.PAPER[name][0]}"
        predicted = R.core_permutation_cycles(R.parse(T.program_text(name)), per_round, 24)
        perm = t_end - t_start
        assert perm == predicted, f"{name}: {perm} cycles per permutation, the model with the core's timing {predicted}"
        if name in T.PAPER:
            dev = (perm - T.PAPER[name][1]) / T.PAPER[name][1]
            assert abs(dev) <= 0.02, f"{name}: {perm} cycles per permutation, seed {T.PAPER[name][1]} ({dev:+.2%})"
        dut._log.info("%s (%s): %d instructions retired as the model's (pc, cycle, word, scalar writes: %d cycles "
                      "in %d runs), %d cycles/round, %d cycles/permutation; data memory = the model's, %d state(s) "
                      "= %s and the model's run", name, by, len(trace), len(by_cycle), phases, per_round, perm,
                      T.SN, ref_name)
