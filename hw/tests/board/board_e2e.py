# SPDX-License-Identifier: Apache-2.0 OR MIT
"""board_e2e.py - the ULX3S board top end to end without a board: hw/rtl/board/ulx3s_mlkem.v (the
serial bridge, mlkem_axil, the unit) built by Verilator with sim_ulx3s.cpp, which puts its serial
pins behind a pseudo-terminal; the real host driver (python/keccakforge/hw.py, keccakforge.hw)
opens that pty as it would the board's /dev/ttyUSB0 and runs:
  - ACVP ML-KEM cases (KF_VECTORS_DIR/acvp): the first KF_HW_ACVP_MAX (default 1) of each keyGen,
    encapsulation and decapsulation group of the sets asked for, outputs against expectedResults
    and against keccakforge.mlkem (the C library) for the same inputs; without the vectors this
    part says SKIPPED and the rest runs;
  - keccakforge.hw.selftest: a random KeyGen / Encaps / Decaps (valid and corrupted ciphertext)
    per set against keccakforge.mlkem;
  - an encapsulation key failing the modulus check raises InvalidKey, as keccakforge.mlkem does;
  - ZEROIZE: ek and dk read back as zero afterwards; the bridge's status byte reports the slave's
    SLVERR (a write of K, a read of an unmapped address);
  - with --kforge: the command line on top of the driver, `kforge hw mlkem keygen / encaps /
    decaps --port PTY` (hex, raw and PEM inputs, files and NAME=hex outputs) against
    keccakforge.mlkem; a bad ek and a short seed exit 1 with the error named, leaving an
    existing output file as it was.

  python3 board_e2e.py --build DIR [--sets 512,768,1024] [--cpb 8] [--kforge PATH]
Needs verilator (any 5.x) and a C++ compiler, and keccakforge importable (PYTHONPATH=build/python):
exit 77 with the reason when one is missing; 0 passed, 1 failed.
"""
import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
HW = os.path.normpath(os.path.join(HERE, "..", ".."))
RTL = os.path.join(HW, "rtl")
SOURCES = ["keccak/keccak_round.v", "keccak/keccak_core.v", "keccak/keccak_sponge.v", "mlkem/mlkem_sampler.v",
           "mlkem/mlkem_hash_top.v", "mlkem/mlkem_reduce.v", "mlkem/mlkem_modmul.v", "mlkem/mlkem_butterfly.v",
           "mlkem/mlkem_polymem.v", "mlkem/mlkem_polymem4.v", "mlkem/mlkem_ntt_agen.v", "mlkem/mlkem_ntt.v",
           "mlkem/mlkem_basemul.v", "mlkem/mlkem_compress.v", "mlkem/mlkem_decompress.v", "mlkem/mlkem_addsub.v",
           "mlkem/mlkem_byteenc.v", "mlkem/mlkem_bytedec.v", "mlkem/mlkem_top.v", "bus/mlkem_axil.v",
           "board/uart_rx.v", "board/uart_tx.v", "board/uart_axil_bridge.v", "board/ulx3s_mlkem.v"]
SKIP = 77
sys.path.insert(0, HERE)
import simboard  # noqa: E402  (the build and start-up shared with board_rvv_e2e.py)


def build(where, cpb):
    """The simulator, rebuilt when a source or the settings changed; its path."""
    # TIMEOUT: a frame left incomplete 100,000 clocks is dropped (the driver's resynchronisation)
    return simboard.build(where, "ulx3s_mlkem", [os.path.join(RTL, s) for s in SOURCES],
                          [os.path.join(RTL, "mlkem", "mlkem_prog.vh"), os.path.join(RTL, "mlkem", "mlkem_zetas.vh")],
                          [f"-GCPB={cpb}", "-GTIMEOUT=100000", "-CFLAGS", f"-DSIM_CPB={cpb}"], os.path.join(RTL, "mlkem"))


def acvp_cases(sets, limit):
    """(function, set, prompt case, expected) of the ACVP ML-KEM files, or None without them."""
    d = os.environ.get("KF_VECTORS_DIR", "")
    base = os.path.join(d, "acvp") if d else ""
    if not base or not os.path.isdir(os.path.join(base, "ML-KEM-keyGen-FIPS203")):
        return None
    out = []
    for name in ("ML-KEM-keyGen-FIPS203", "ML-KEM-encapDecap-FIPS203"):
        with open(os.path.join(base, name, "prompt.json")) as f:
            prompt = json.load(f)
        with open(os.path.join(base, name, "expectedResults.json")) as f:
            exp = {t["tcId"]: t for g in json.load(f)["testGroups"] for t in g["tests"]}
        for g in prompt["testGroups"]:
            p = int(g["parameterSet"].split("-")[-1])
            fn = g.get("function", "keyGen")
            if p in sets and fn in ("keyGen", "encapsulation", "decapsulation"):
                out += [(fn, p, t, exp[t["tcId"]]) for t in g["tests"][:limit]]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True, help="the Verilator build directory (kept between runs)")
    ap.add_argument("--sets", default="512,768,1024")
    ap.add_argument("--cpb", type=int, default=8, help="clocks per serial bit in the simulation")
    ap.add_argument("--kforge", default=None, help="the kforge binary: test `kforge hw mlkem` too")
    a = ap.parse_args()
    sets = [int(x) for x in a.sets.split(",")]
    why = simboard.tools_missing()
    if why:
        print("SKIPPED: " + why)
        return SKIP
    try:
        from keccakforge import hw, mlkem, InvalidKey
    except ImportError as e:
        print(f"SKIPPED: keccakforge (with keccakforge.hw) not importable ({e}): PYTHONPATH=build/python")
        return SKIP
    exe = build(a.build, a.cpb)
    try:
        with simboard.running(exe) as pty:
            run(hw, mlkem, InvalidKey, pty, sets)
            if a.kforge:
                cli(a.kforge, mlkem, pty, 768 if 768 in sets else sets[0])
    except simboard.Skip as e:
        print(f"SKIPPED: {e}")
        return SKIP
    return 0


def run(hw, mlkem, InvalidKey, pty, sets):
    """The session over the simulated board's serial port."""
    t0 = time.time()
    with hw.Board(pty, timeout=120) as b:
        print(f"bridge found on {pty}: ID {b.read(hw.R_ID)[0]:#010x}")
        # the bridge's status byte carries the slave's SLVERR (K is read only, 0x0200 unmapped)
        assert b.write(hw.W_K, bytes(4), check=False) is False, "a write of K was not refused"
        assert b.read_bytes(0x0200, 4, check=False) == bytes(4)
        try:
            b.read_bytes(0x0200, 4)
            raise AssertionError("a read of an unmapped address was not refused")
        except hw.BridgeError:
            pass
        h = bytes.fromhex
        cases = acvp_cases(sets, int(os.environ.get("KF_HW_ACVP_MAX", "1")))
        if cases is None:
            print("SKIPPED (this part): ACVP cases: KF_VECTORS_DIR/acvp not found")
        else:
            n = 0
            for fn, p, t, e in cases:
                ref, tc = getattr(mlkem, f"ML_KEM_{p}"), t["tcId"]
                if fn == "keyGen":
                    seed = h(t["d"]) + h(t["z"])
                    got = b.keygen(p, seed)
                    assert got == (h(e["ek"]), h(e["dk"])), f"ACVP keyGen tc {tc} (ML-KEM-{p}): differs"
                    assert got == ref.keygen(seed)
                elif fn == "encapsulation":
                    got = b.encaps(p, h(t["ek"]), h(t["m"]))
                    assert got == (h(e["k"]), h(e["c"])), f"ACVP encapsulation tc {tc} (ML-KEM-{p}): differs"
                    assert got == ref.encaps(h(t["ek"]), h(t["m"]))
                else:
                    got = b.decaps(p, h(t["dk"]), h(t["c"]))
                    assert got == h(e["k"]), f"ACVP decapsulation tc {tc} (ML-KEM-{p}): K differs"
                    assert got == ref.decaps(h(t["dk"]), h(t["c"]))
                n += 1
            assert n, "no ACVP case ran"
            print(f"ACVP: {n} cases (keyGen, encapsulation, decapsulation; ML-KEM-{'/'.join(map(str, sets))}) "
                  f"through the driver, the serial bridge and the unit equal expectedResults and keccakforge.mlkem")
        hw.selftest(b, sets)
        # an encapsulation key failing FIPS 203's modulus check: InvalidKey, as from the library
        p = sets[0]
        ref = getattr(mlkem, f"ML_KEM_{p}")
        ek, dk = ref.keygen(os.urandom(64))
        bad = bytes([0xFF, ek[1] | 0x0F]) + ek[2:]      # coefficient 0 = 4,095 >= q
        for who, call in (("board", lambda: b.encaps(p, bad, bytes(32))), ("library", lambda: ref.encaps(bad))):
            try:
                call()
                raise AssertionError(f"{who}: an ek with a coefficient >= q was accepted")
            except InvalidKey:
                pass
        # ZEROIZE: the KeyGen's kept outputs are gone
        b.keygen(p)
        b.zeroize()
        k, ekn, dkn, _ = hw.SIZES[p]
        assert b.read_bytes(hw.W_EK, ekn) == bytes(ekn) and b.read_bytes(hw.W_DK, dkn) == bytes(dkn), \
            "ek / dk left after ZEROIZE"
        print("InvalidKey for an ek failing the modulus check (board and library); ZEROIZE clears ek and dk")
        print(f"board end to end: passed in {time.time() - t0:.0f} s")



def cli(kforge, mlkem, pty, p):
    """`kforge hw mlkem` (tools/kforge/hw_cli.c running keccakforge.hw's command line) on the
    simulated board, against keccakforge.mlkem."""
    import stat
    import subprocess
    import tempfile
    t0 = time.time()
    ref = getattr(mlkem, f"ML_KEM_{p}")

    def run_cli(*args, rc=0):
        r = subprocess.run([kforge, "hw", "mlkem", *args, "--port", pty, "--timeout", "120"],
                           capture_output=True, text=True, timeout=600)
        assert r.returncode == rc, f"kforge hw mlkem {args[0]}: exit {r.returncode}, not {rc}: {r.stderr.strip()}"
        return r

    with tempfile.TemporaryDirectory() as d:
        f = lambda name: os.path.join(d, name)       # noqa: E731
        seed, m = os.urandom(64), os.urandom(32)
        with open(f("seed.hex"), "w") as o:
            o.write(seed.hex() + "\n")
        run_cli("keygen", "-p", str(p), "--seed-file", f("seed.hex"), "--ek-out", f("ek"), "--dk-out", f("dk"),
                "--seed-out", f("seed"))
        ek, dk = (open(f(n), "rb").read() for n in ("ek", "dk"))
        assert (ek, dk) == ref.keygen(seed), "kforge hw mlkem keygen: differs from keccakforge.mlkem"
        assert open(f("seed"), "rb").read() == seed
        for n in ("dk", "seed"):
            assert stat.S_IMODE(os.stat(f(n)).st_mode) == 0o600, f"--{n}-out: not mode 0600"
        # encaps: ek as PEM without -p (the set from its OID), m raw, outputs as NAME=hex lines
        with open(f("ek.pem"), "wb") as o:
            o.write(ref.public_bytes(ek))
        with open(f("m"), "wb") as o:
            o.write(m)
        r = run_cli("encaps", "--ek-file", f("ek.pem"), "--m-file", f("m"))
        out = dict(line.split("=", 1) for line in r.stdout.split())
        K, c = bytes.fromhex(out["k"]), bytes.fromhex(out["c"])
        assert (K, c) == ref.encaps(ek, m), "kforge hw mlkem encaps: differs from keccakforge.mlkem"
        with open(f("c"), "wb") as o:
            o.write(c)
        run_cli("decaps", "--dk-file", f("dk"), "--c-file", f("c"), "--k-out", f("k"))
        assert open(f("k"), "rb").read() == K, "kforge hw mlkem decaps: K differs"
        # a failing modulus check and a short seed: exit 1, the error named, the old output kept
        bad = bytes([0xFF, ek[1] | 0x0F]) + ek[2:]
        with open(f("bad"), "wb") as o:
            o.write(bad)
        r = run_cli("encaps", "-p", str(p), "--ek-file", f("bad"), "--c-out", f("c"), rc=1)
        assert "InvalidKey" in r.stderr and "modulus" in r.stderr, r.stderr
        assert open(f("c"), "rb").read() == c, "--c-out: the old file changed on a failure"
        with open(f("short"), "wb") as o:
            o.write(seed[:63])
        r = run_cli("keygen", "-p", str(p), "--seed-file", f("short"), "--ek-out", f("ek"), rc=1)
        assert "LengthError" in r.stderr and "64" in r.stderr, r.stderr
        assert open(f("ek"), "rb").read() == ek, "--ek-out: the old file changed on a failure"
    print(f"kforge hw mlkem keygen / encaps / decaps (ML-KEM-{p}) on the board equal keccakforge.mlkem; a bad ek "
          f"and a short seed exit 1 named, outputs kept ({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    sys.exit(main())
