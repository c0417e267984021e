# SPDX-License-Identifier: Apache-2.0 OR MIT
"""board_rvv_e2e.py - the processor's ULX3S board top end to end without a board:
hw/rtl/board/ulx3s_rvv.v (the serial bridge, rvv_axil, rvv_soc: rv32i_core + rvv_unit, ELEN 64
EleNum 5 as the bitstream) built by Verilator with sim_ulx3s.cpp (-DSIM_RVV), which puts its
serial pins behind a pseudo-terminal; the real host driver (python/keccakforge/hw.py, RvvBoard)
opens that pty as it would the board's /dev/ttyUSB0 and
  - checks the ID and CONFIG registers (64 x 5) and the slave's refusals (SLVERR through the
    bridge's status byte: a write of ID, a read of the instruction memory, a data memory write
    while RUN);
  - runs each of the processor's three ELEN 64 programs (seed 003's Algorithm 2 and 3, the
    model's RVV 1.0 variant: hw.RVV_PROGRAMS[64]) for one permutation (nr 24) on a random state,
    loaded over the bridge, run, and read back: the state must equal the C library's
    kf_keccak_p1600 (--lib) and the model's run of the same program (bench/rvv_ise_model), the
    cycles per round and per permutation the board's marks measure must equal the model's
    (103 / 75 / 103 and 2,548 / 1,876 / 2,549 with the four-stage core: hw/rtl/rvv/README.md);
  - (with cocotb) the driver's program words and data layout equal tests/rvv/test_rvv_core.py's,
    the harness the RTL tests and `kforge bench --suite rvv-ise` run;
  - runs keccakforge.hw.rvv_selftest (the three programs again against the Python Keccak-p, and
    a SHAKE128 block against keccakforge's SHAKE128).
With --elen 32 (KF_SLOW_TESTS: hw_board_rvv_e2e_e32) the board is built 32 x 5 and runs the
32-bit program (e32_m8) the same way.

  python3 board_rvv_e2e.py --build DIR --lib build/libkeccakforge.so [--elen 64] [--cpb 8]
Needs verilator (5.x), a C++ compiler and keccakforge importable (PYTHONPATH=build/python): exit
77 with the reason when one is missing; 0 passed, 1 failed.
"""
import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
HW = os.path.normpath(os.path.join(HERE, "..", ".."))
RTL = os.path.join(HW, "rtl")
MODEL = os.path.normpath(os.path.join(HW, "..", "bench", "rvv_ise_model"))
SOURCES = ["rvv/rv32i_core.v", "rvv/rvv_unit.v", "rvv/rvv_soc.v", "bus/rvv_axil.v",
           "board/uart_rx.v", "board/uart_tx.v", "board/uart_axil_bridge.v", "board/ulx3s_rvv.v"]
SKIP = 77
sys.path.insert(0, HERE)
import simboard  # noqa: E402  (the build and start-up shared with board_e2e.py)


def build(where, cpb, elen):
    """The simulator, rebuilt when a source or the settings changed; its path."""
    # TIMEOUT: a frame left incomplete 100,000 clocks is dropped (the driver's resynchronisation)
    return simboard.build(where, "ulx3s_rvv", [os.path.join(RTL, s) for s in SOURCES],
                          [os.path.join(RTL, "rvv", "rvv_tables.vh")],
                          [f"-GCPB={cpb}", "-GTIMEOUT=100000", f"-GELEN={elen}", "-GELENUM=5",
                           "-CFLAGS", f"-DSIM_CPB={cpb}", "-CFLAGS", "-DSIM_RVV"], os.path.join(RTL, "rvv"))


def bench_harness(elen):
    """tests/rvv/test_rvv_core.py (the RTL tests' and the bench's prologue, epilogue and layout),
    imported for ELEN elen and EleNum 5; None without cocotb (it imports it)."""
    os.environ["RVV_ELEN"], os.environ["RVV_ELENUM"] = str(elen), "5"
    sys.path.insert(0, os.path.join(HW, "tests", "rvv"))
    try:
        import test_rvv_core
    except ImportError as e:
        print(f"(tests/rvv/test_rvv_core.py not importable: {e}; the driver's program is not compared with it)")
        return None
    return test_rvv_core


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True, help="the Verilator build directory (kept between runs)")
    ap.add_argument("--lib", default=os.environ.get("KF_LIB"), help="libkeccakforge.so (the reference Keccak-p)")
    ap.add_argument("--elen", type=int, default=64, choices=(64, 32))
    ap.add_argument("--cpb", type=int, default=8, help="clocks per serial bit in the simulation")
    a = ap.parse_args()
    why = simboard.tools_missing()
    if why:
        print("SKIPPED: " + why)
        return SKIP
    try:
        from keccakforge import hw
    except ImportError as e:
        print(f"SKIPPED: keccakforge (with keccakforge.hw) not importable ({e}): PYTHONPATH=build/python")
        return SKIP
    if not a.lib or not os.path.exists(a.lib):
        print("FAILED: --lib libkeccakforge.so (the C library's kf_keccak_p1600 is the reference)")
        return 1
    sys.path.insert(0, os.path.join(HW, "tests"))
    sys.path.insert(0, MODEL)
    try:
        from kfhw import Lib  # kfhw imports cocotb (an optional tool, .ci/deps)
    except ImportError as e:
        print(f"SKIPPED: {e} (pip install cocotb: hw/tests' helpers need it)")
        return SKIP
    import rvv_ise as R
    lib = Lib(a.lib)
    exe = build(a.build, a.cpb, a.elen)
    try:
        with simboard.running(exe) as pty:
            run(hw, lib, R, pty, a.elen)
    except simboard.Skip as e:
        print(f"SKIPPED: {e}")
        return SKIP
    return 0


def run(hw, lib, R, pty, elen):
    """The session over the simulated board's serial port."""
    rng = random.Random(int(os.environ.get("KF_HW_SEED", "1")))
    t0 = time.time()
    with hw.RvvBoard(pty, timeout=120) as b:
        print(f"bridge found on {pty}: ID {b.read(hw.R_ID)[0]:#010x}, ELEN {b.elen} EleNum {b.elenum}, "
              f"ZVBB {int(b.zvbb)}, {b.imem_bytes} B program / {b.dmem_bytes} B data memory")
        assert (b.elen, b.elenum, b.zvbb) == (elen, 5, False), "CONFIG differs from the build"
        # the slave's refusals, through the bridge's status byte
        assert b.write(hw.R_ID, bytes(4), check=False) is False, "a write of ID was not refused"
        assert b.read_bytes(hw.RVV_IMEM, 4, check=False) == bytes(4)
        try:
            b.read_bytes(hw.RVV_IMEM, 4)
            raise AssertionError("a read of the instruction memory was not refused")
        except hw.BridgeError:
            pass
        assert b.read_bytes(hw.RVV_DMEM + b.dmem_bytes, 4, check=False) == bytes(4)
        bench = bench_harness(elen)
        for name in hw.RVV_PROGRAMS[elen]:
            prog = hw.RvvProgram(name, b.elen, b.elenum, 24, MODEL)
            if bench:   # the driver's program image is the one the RTL tests and the bench run
                words, syms = bench.E.assemble(bench.harness_text(name, 24))
                assert prog.words == words + [bench.EBREAK] and prog.symbols == syms, \
                    f"{name}: keccakforge.hw's program differs from tests/rvv/test_rvv_core.py's"
                mem = bytearray(prog.size)
                st = [[rng.getrandbits(64) for _ in range(25)] for _ in range(prog.sn)]
                bench.states_to_mem(st, mem)
                if prog.uses_rho:
                    bench.rho_table_to_mem(mem)
                assert prog.image(st) == bytes(mem), f"{name}: keccakforge.hw's data layout differs"
            states = [[rng.getrandbits(64) for _ in range(25)] for _ in range(prog.sn)]
            got, run = b.permute(prog, states)
            want = [lib.keccak_p(s, 24) for s in states]
            assert got == want, f"{name}: the board's state differs from the C library's Keccak-p[1600, 24]"
            mstates, mrun, _ = R.permute(R.parse(open(os.path.join(MODEL, "programs", name + ".s")).read()),
                                         b.elenum, b.elen, states, 24)
            assert got == mstates, f"{name}: the board's state differs from the model's run"
            per_round = mrun.round_cycles[0]
            assert set(mrun.round_cycles) == {per_round} and run["round"] == per_round, \
                f"{name}: {run['round']} cycles in the first round, the model {per_round}"
            predicted = R.core_permutation_cycles(
                R.parse(open(os.path.join(MODEL, "programs", name + ".s")).read()), per_round, 24)
            assert run["permutation"] == predicted, \
                f"{name}: {run['permutation']} cycles per permutation, the model with the core's timing {predicted}"
            print(f"{name}: loaded ({4 * len(prog.words)} B program, {prog.size} B data), run and read back "
                  f"over the bridge: {prog.sn} state(s) = the C library's Keccak-p[1600, 24] and the model's; "
                  f"{run['round']} cycles/round, {run['permutation']} cycles/permutation (= the model), "
                  f"{run['instret']} retired, {run['cycles']} cycles to the ebreak")
        # after the run: RUN = 1 and halted; a data memory write is refused (the loader is
        # the reset's), the memory keeps the state
        assert b.status() & (hw.RVV_HALTED | hw.RVV_RUN | hw.RVV_TRAP) == hw.RVV_HALTED | hw.RVV_RUN
        before = b.read_data(0x100, 8)
        assert b.write(hw.RVV_DMEM + 0x100, bytes(8), check=False) is False, "a write while RUN was not refused"
        assert b.read_data(0x100, 8) == before, "a refused write changed the data memory"
        hw.rvv_selftest(b, model_dir=MODEL)
        print(f"board (processor) end to end: passed in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
