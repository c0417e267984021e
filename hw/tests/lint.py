# SPDX-License-Identifier: Apache-2.0 OR MIT
"""lint.py - `verilator --lint-only -Wall` over hw/rtl (every module as top once it is
reached from mlkem_hash_top) and a yosys read + hierarchy check, and the whole ML-KEM unit through
yosys's proc/flatten/check -assert (multiple drivers); exit 77 without verilator."""
import os
import shutil
import subprocess
import sys

RTL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "rtl")
FILES = ["keccak/keccak_round.v", "keccak/keccak_core.v", "keccak/keccak_sponge.v", "mlkem/mlkem_sampler.v",
         "mlkem/mlkem_hash_top.v"]
# the ML-KEM arithmetic (its own tops; mlkem_zetas.vh from gen_mlkem_zetas.py is included)
ARITH = ["mlkem/mlkem_reduce.v", "mlkem/mlkem_modmul.v", "mlkem/mlkem_butterfly.v", "mlkem/mlkem_polymem.v",
         "mlkem/mlkem_polymem4.v",
         "mlkem/mlkem_ntt_agen.v", "mlkem/mlkem_ntt.v", "mlkem/mlkem_basemul.v", "mlkem/mlkem_compress.v",
         "mlkem/mlkem_decompress.v", "mlkem/mlkem_addsub.v", "mlkem/mlkem_byteenc.v", "mlkem/mlkem_bytedec.v"]


def main():
    if not shutil.which("verilator"):
        print("SKIPPED: verilator not installed")
        return 77
    bad = 0
    for top, params in (("mlkem_hash_top", []), ("keccak_sponge", ["-GRPC=2"]), ("keccak_core", ["-GRPC=2"])):
        r = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", top] + params +
                           [os.path.join(RTL, f) for f in FILES], capture_output=True, text=True)
        print(f"verilator --lint-only -Wall --top-module {top} {' '.join(params)}: "
              + ("clean" if r.returncode == 0 and not r.stderr.strip() else "WARNINGS"))
        if r.returncode != 0 or r.stderr.strip():
            print(r.stderr)
            bad += 1
    inc = "-I" + os.path.join(RTL, "mlkem")
    for top, params in (("mlkem_ntt", []), ("mlkem_ntt", ["-GBF=2"]), ("mlkem_basemul", []), ("mlkem_modmul", []),
                        ("mlkem_compress", []), ("mlkem_decompress", []), ("mlkem_addsub", []),
                        ("mlkem_byteenc", []), ("mlkem_bytedec", [])):
        r = subprocess.run(["verilator", "--lint-only", "-Wall", inc, "--top-module", top] + params +
                           [os.path.join(RTL, f) for f in ARITH], capture_output=True, text=True)
        print(f"verilator --lint-only -Wall --top-module {top} {' '.join(params)}: "
              + ("clean" if r.returncode == 0 and not r.stderr.strip() else "WARNINGS"))
        if r.returncode != 0 or r.stderr.strip():
            print(r.stderr)
            bad += 1
    # the whole ML-KEM unit (mlkem_top: the hash unit, the arithmetic and the coders)
    r = subprocess.run(["verilator", "--lint-only", "-Wall", inc, "--top-module", "mlkem_top"] +
                       [os.path.join(RTL, f) for f in FILES + ARITH + ["mlkem/mlkem_top.v"]], capture_output=True, text=True)
    print("verilator --lint-only -Wall --top-module mlkem_top: "
          + ("clean" if r.returncode == 0 and not r.stderr.strip() else "WARNINGS"))
    if r.returncode != 0 or r.stderr.strip():
        print(r.stderr)
        bad += 1
    # the unit behind its AXI4-Lite slave (rtl/bus/mlkem_axil.v)
    r = subprocess.run(["verilator", "--lint-only", "-Wall", inc, "--top-module", "mlkem_axil"] +
                       [os.path.join(RTL, f) for f in FILES + ARITH + ["mlkem/mlkem_top.v", "bus/mlkem_axil.v"]],
                       capture_output=True, text=True)
    print("verilator --lint-only -Wall --top-module mlkem_axil: "
          + ("clean" if r.returncode == 0 and not r.stderr.strip() else "WARNINGS"))
    if r.returncode != 0 or r.stderr.strip():
        print(r.stderr)
        bad += 1
    # the ULX3S board top (rtl/board/: the serial bridge in front of mlkem_axil)
    board = FILES + ARITH + ["mlkem/mlkem_top.v", "bus/mlkem_axil.v", "board/uart_rx.v", "board/uart_tx.v",
                             "board/uart_axil_bridge.v", "board/ulx3s_mlkem.v"]
    r = subprocess.run(["verilator", "--lint-only", "-Wall", inc, "--top-module", "ulx3s_mlkem"] +
                       [os.path.join(RTL, f) for f in board], capture_output=True, text=True)
    print("verilator --lint-only -Wall --top-module ulx3s_mlkem: "
          + ("clean" if r.returncode == 0 and not r.stderr.strip() else "WARNINGS"))
    if r.returncode != 0 or r.stderr.strip():
        print(r.stderr)
        bad += 1
    if shutil.which("yosys"):
        def yosys(what, files, script):
            r = subprocess.run(["yosys", "-q", "-p", f"read_verilog {inc} "
                                + " ".join(os.path.join(RTL, f) for f in files) + "; " + script],
                               capture_output=True, text=True)
            print(f"yosys {what}: " + ("ok" if r.returncode == 0 else "FAILED"))
            if r.returncode != 0:
                print(r.stdout[-2000:], r.stderr[-2000:])
            return r.returncode != 0
        bad += yosys("read_verilog + hierarchy -check", FILES, "hierarchy -check -top mlkem_hash_top")
        bad += yosys("read_verilog + hierarchy -check (ML-KEM arithmetic)", ARITH, "hierarchy -check")
        # the whole unit elaborated, flattened and checked: a reg assigned from two always blocks
        # simulates in Verilator but yosys builds it wrong (it made basemul's products constant
        # once); `check -assert` fails on such multiple drivers, undriven wires and loops
        bad += yosys("proc; flatten; check -assert (mlkem_axil)", FILES + ARITH + ["mlkem/mlkem_top.v", "bus/mlkem_axil.v"],
                     "hierarchy -check -top mlkem_axil; proc; flatten; check -assert")
        bad += yosys("proc; flatten; check -assert (ulx3s_mlkem)", board,
                     "hierarchy -check -top ulx3s_mlkem; proc; flatten; check -assert")
    else:
        print("(yosys not installed: its parse check skipped)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
