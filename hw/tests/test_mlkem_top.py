# SPDX-License-Identifier: Apache-2.0 OR MIT
"""cocotb tests of mlkem_top (hw/rtl/mlkem/mlkem_top.v): ML-KEM KeyGen_internal, Encaps_internal
and Decaps for ML-KEM-512/768/1024 against the C library (kf_mlkem_*_internal, kf_mlkem_decaps
through ctypes), byte for byte.

- keygen: random (d, z): ek and dk equal kf_mlkem_keygen_internal's.
- encaps: the library's ek and a random m: ct and K equal kf_mlkem_encaps_internal's.
- decaps: the library's dk with the library's ct (K equals the encapsulated key) and with a
  corrupted ct (one random bit flipped: K equals kf_mlkem_decaps's implicit-rejection key), and
  with the lowest bit of c's last coefficient flipped (decryption mostly still gives m, so the
  re-encryption differs from c in that bit of the last word only: the compare's last word).
- key_checks: an ek with a coefficient >= q (status bit 0, ct and K zero, and the library
  rejects it too) and a dk whose stored H(ek) is wrong (status bit 1, K zero).
- acvp: the official ACVP ML-KEM vectors (../shared/vectors/acvp, KF_VECTORS_DIR): keyGen
  (ek, dk), encapsulation (c, k), decapsulation (k; valid and invalid ciphertexts), and the
  encapsulation- and decapsulation-key checks (status bit 0 / 1 against testPassed; every key
  has its set's length, which a bus in front of the unit checks); KF_HW_ACVP_MAX cases per group
  (0 = all); skipped without the vectors.
Each operation's clocks (start to done, inputs already in the unit's buffer) are logged, and
written to KF_HW_CLOCKS_JSON when set (the acvp test's under acvp-mlkem<set>-<op>). Environment:
KF_HW_SEED, KF_HW_MLKEM_CASES (cases per parameter set and operation, default 1),
KF_HW_MLKEM_SETS (default 512,768,1024), KF_HW_MLKEM_PROFILE (a per-instruction clock profile of
the first run of each operation, for hw/tests/mlkem_phases.py).
"""
import ctypes
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

KEYGEN, ENCAPS, DECAPS = 0, 1, 2
WIN = {"D": 0, "M": 0, "Z": 4, "K": 8, "CT": 32, "DK": 424, "EK": 820}   # gen_mlkem_prog.py's BB
SIZES = {512: (2, 800, 1632, 768), 768: (3, 1184, 2400, 1088), 1024: (4, 1568, 3168, 1568)}
CLOCKS = {}
# KF_HW_MLKEM_PROFILE=file: the first run of each operation and set written there instruction by
# instruction (hw/tests/mlkem_phases.py prints where the clocks go)
PROFILE_PATH = os.environ.get("KF_HW_MLKEM_PROFILE")
PROFILE = {}


class KemLib:
    def __init__(self):
        self.l = ctypes.CDLL(os.environ["KF_LIB"])
        c = ctypes.c_char_p
        self.l.kf_mlkem_keygen_internal.argtypes = [ctypes.c_int, c, c, c, c]
        self.l.kf_mlkem_encaps_internal.argtypes = [ctypes.c_int, c, c, c, ctypes.c_size_t, c]
        self.l.kf_mlkem_decaps.argtypes = [ctypes.c_int, c, c, ctypes.c_size_t, c, ctypes.c_size_t]
        self.l.kf_mlkem_check_ek.argtypes = [ctypes.c_int, c, ctypes.c_size_t]

    def keygen(self, p, d, z):
        _, ekn, dkn, _ = SIZES[p]
        ek, dk = ctypes.create_string_buffer(ekn), ctypes.create_string_buffer(dkn)
        assert self.l.kf_mlkem_keygen_internal(p, ek, dk, d, z) == 0
        return ek.raw, dk.raw

    def encaps(self, p, ek, m):
        ct, ss = ctypes.create_string_buffer(SIZES[p][3]), ctypes.create_string_buffer(32)
        assert self.l.kf_mlkem_encaps_internal(p, ct, ss, ek, len(ek), m) == 0
        return ct.raw, ss.raw

    def decaps(self, p, dk, ct):
        ss = ctypes.create_string_buffer(32)
        assert self.l.kf_mlkem_decaps(p, ss, ct, len(ct), dk, len(dk)) == 0
        return ss.raw

    def check_ek(self, p, ek):
        return self.l.kf_mlkem_check_ek(p, ek, len(ek))


def rng():
    return random.Random(int(os.environ.get("KF_HW_SEED", "1")))


def sets():
    return [int(x) for x in os.environ.get("KF_HW_MLKEM_SETS", "512,768,1024").split(",")]


def ncases():
    return int(os.environ.get("KF_HW_MLKEM_CASES", "1"))


async def setup(dut):
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.start.value = 0
    dut.host_we.value = 0
    dut.host_addr.value = 0
    dut.host_wdata.value = 0
    dut.op_sel.value = 0
    dut.k_sel.value = 0
    dut.rst.value = 1
    await FallingEdge(dut.clk)
    await FallingEdge(dut.clk)
    dut.rst.value = 0
    await FallingEdge(dut.clk)


async def write(dut, addr, data):
    assert len(data) % 8 == 0
    for i in range(0, len(data), 8):
        dut.host_we.value = 1
        dut.host_addr.value = addr + i // 8
        dut.host_wdata.value = int.from_bytes(data[i:i + 8], "little")
        await FallingEdge(dut.clk)
    dut.host_we.value = 0


async def read(dut, addr, nbytes):
    out = b""
    for i in range(nbytes // 8):
        dut.host_addr.value = addr + i
        await FallingEdge(dut.clk)
        out += int(dut.host_rdata.value).to_bytes(8, "little")
    return out


async def run(dut, op, k, what):
    dut.op_sel.value = op
    dut.k_sel.value = k
    dut.start.value = 1
    await FallingEdge(dut.clk)
    dut.start.value = 0
    n = 0
    prof = PROFILE_PATH and what not in PROFILE
    rows = []   # per instruction run: [pc, clocks, clocks waiting for the NTT unit]
    while True:
        await ReadOnly()
        if int(dut.done.value):
            break
        if prof:
            # st 1 fetch (of mlkem_prog(pc)), 2 execute
            st, pc = int(dut.st.value), int(dut.pc.value)
            if st == 1:
                rows.append([pc, 0, 0])
            if rows:
                rows[-1][1] += 1
                if st == 2 and int(dut.i_op.value) == 11 and int(dut.ph.value) == 0:
                    rows[-1][2] += 1
        await FallingEdge(dut.clk)
        n += 1
        assert n < 400000, f"{what}: no done"
    await FallingEdge(dut.clk)
    clocks = int(dut.clocks.value)
    CLOCKS.setdefault(what, []).append(clocks)
    if prof:
        PROFILE[what] = {"clocks": clocks, "entry": rows[0][0] if rows else 0, "rows": rows}
        with open(PROFILE_PATH, "w") as f:
            json.dump(PROFILE, f)
    return int(dut.status.value), clocks


def save_clocks():
    path = os.environ.get("KF_HW_CLOCKS_JSON")
    if path:
        old = {}
        if os.path.exists(path):
            with open(path) as f:
                old = json.load(f)
        for key, v in CLOCKS.items():
            old.setdefault(key, []).extend(v)
        with open(path, "w") as f:
            json.dump(old, f)
    CLOCKS.clear()   # each test saves its own


@cocotb.test()
async def keygen(dut):
    await setup(dut)
    lib, r = KemLib(), rng()
    for p in sets():
        k, ekn, dkn, _ = SIZES[p]
        for _ in range(ncases()):
            d, z = r.randbytes(32), r.randbytes(32)
            await write(dut, WIN["D"], d)
            await write(dut, WIN["Z"], z)
            st, clocks = await run(dut, KEYGEN, k, f"mlkem{p}-keygen")
            ek, dk = await read(dut, WIN["EK"], ekn), await read(dut, WIN["DK"], dkn)
            want_ek, want_dk = lib.keygen(p, d, z)
            assert st == 0, f"ML-KEM-{p} KeyGen: status {st}"
            assert ek == want_ek, f"ML-KEM-{p} KeyGen: ek differs from kf_mlkem_keygen_internal (first at byte " \
                f"{next(i for i in range(ekn) if ek[i] != want_ek[i])})"
            assert dk == want_dk, f"ML-KEM-{p} KeyGen: dk differs (first at byte " \
                f"{next(i for i in range(dkn) if dk[i] != want_dk[i])})"
            dut._log.info("ML-KEM-%d KeyGen: ek, dk equal the library's; %d clocks", p, clocks)
    save_clocks()


@cocotb.test()
async def encaps(dut):
    await setup(dut)
    lib, r = KemLib(), rng()
    for p in sets():
        k, ekn, dkn, ctn = SIZES[p]
        for _ in range(ncases()):
            ek, _ = lib.keygen(p, r.randbytes(32), r.randbytes(32))
            m = r.randbytes(32)
            await write(dut, WIN["EK"], ek)
            await write(dut, WIN["M"], m)
            st, clocks = await run(dut, ENCAPS, k, f"mlkem{p}-encaps")
            ct, kk = await read(dut, WIN["CT"], ctn), await read(dut, WIN["K"], 32)
            want_ct, want_k = lib.encaps(p, ek, m)
            assert st == 0, f"ML-KEM-{p} Encaps: status {st}"
            assert ct == want_ct, f"ML-KEM-{p} Encaps: ct differs from kf_mlkem_encaps_internal (first at byte " \
                f"{next(i for i in range(ctn) if ct[i] != want_ct[i])})"
            assert kk == want_k, f"ML-KEM-{p} Encaps: K differs"
            dut._log.info("ML-KEM-%d Encaps: ct, K equal the library's; %d clocks", p, clocks)
    save_clocks()


@cocotb.test()
async def decaps(dut):
    await setup(dut)
    lib, r = KemLib(), rng()
    for p in sets():
        k, ekn, dkn, ctn = SIZES[p]
        for _ in range(ncases()):
            ek, dk = lib.keygen(p, r.randbytes(32), r.randbytes(32))
            ct, key = lib.encaps(p, ek, r.randbytes(32))
            dv = 4 if p < 1024 else 5
            bits = (r.randrange(8 * ctn), 8 * ctn - dv)
            bad_cts = []
            for bit in bits:
                bad_ct = bytearray(ct)
                bad_ct[bit // 8] ^= 1 << (bit % 8)
                bad_cts.append(bytes(bad_ct))
                assert lib.decaps(p, dk, bad_cts[-1]) != key
            await write(dut, WIN["DK"], dk)
            for c, want, what in ((ct, key, "valid"), *((b, lib.decaps(p, dk, b), f"corrupted, bit {bit} flipped")
                                                        for b, bit in zip(bad_cts, bits))):
                await write(dut, WIN["CT"], c)
                st, clocks = await run(dut, DECAPS, k, f"mlkem{p}-decaps")
                kk = await read(dut, WIN["K"], 32)
                assert st == 0, f"ML-KEM-{p} Decaps: status {st}"
                assert kk == want, f"ML-KEM-{p} Decaps of a {what} ciphertext: K differs from the library's"
                dut._log.info("ML-KEM-%d Decaps (%s ciphertext): K equals the library's; %d clocks", p, what, clocks)
    save_clocks()


@cocotb.test()
async def key_checks(dut):
    await setup(dut)
    lib, r = KemLib(), rng()
    for p in sets():
        k, ekn, dkn, ctn = SIZES[p]
        ek, dk = lib.keygen(p, r.randbytes(32), r.randbytes(32))
        # a coefficient of t^ set to q + i (12 bits, little-endian, at an even coefficient index)
        i = 2 * r.randrange(128 * k)
        bad = bytearray(ek)
        v = 3329 + r.randrange(4096 - 3329)
        bad[3 * i // 2] = v & 0xFF
        bad[3 * i // 2 + 1] = (bad[3 * i // 2 + 1] & 0xF0) | (v >> 8)
        bad = bytes(bad)
        assert lib.check_ek(p, bad) != 0
        await write(dut, WIN["EK"], bad)
        await write(dut, WIN["M"], r.randbytes(32))
        await write(dut, WIN["K"], b"\xaa" * 32)
        st, _ = await run(dut, ENCAPS, k, "check")
        assert st & 1, f"ML-KEM-{p} Encaps: an ek with a coefficient {v} >= q passed (status {st})"
        assert await read(dut, WIN["CT"], ctn) == bytes(ctn) and await read(dut, WIN["K"], 32) == bytes(32), \
            f"ML-KEM-{p} Encaps: outputs not zero after a failed modulus check"
        # the good ek passes
        await write(dut, WIN["EK"], ek)
        st, _ = await run(dut, ENCAPS, k, "check")
        assert st == 0
        # a dk whose H(ek) field is wrong: a random bit, and the last bit (the compare's last word)
        ct, _ = lib.encaps(p, ek, r.randbytes(32))
        for hb in (r.randrange(256), 255):
            bad_dk = bytearray(dk)
            bad_dk[768 * k + 32 + hb // 8] ^= 1 << (hb % 8)
            await write(dut, WIN["DK"], bytes(bad_dk))
            await write(dut, WIN["CT"], ct)
            st, _ = await run(dut, DECAPS, k, "check")
            assert st & 2, f"ML-KEM-{p} Decaps: a dk with a wrong H(ek) (bit {hb}) passed (status {st})"
            assert await read(dut, WIN["K"], 32) == bytes(32), \
                f"ML-KEM-{p} Decaps: K not zero after a failed hash check"
        dut._log.info("ML-KEM-%d: ek modulus check (coefficient %d) and dk hash check flagged, outputs zero", p, v)
    # an undefined parameter set
    st, _ = await run(dut, KEYGEN, 5, "check")
    assert st == 4, f"k = 5: status {st}"


def acvp_dir():
    d = os.environ.get("KF_VECTORS_DIR", "")
    return os.path.join(d, "acvp") if d and os.path.isdir(os.path.join(d, "acvp", "ML-KEM-keyGen-FIPS203")) else None


def acvp_groups(name):
    base = os.path.join(acvp_dir(), name)
    with open(os.path.join(base, "prompt.json")) as f:
        prompt = json.load(f)
    with open(os.path.join(base, "expectedResults.json")) as f:
        expected = json.load(f)
    exp = {t["tcId"]: t for g in expected["testGroups"] for t in g["tests"]}
    limit = int(os.environ.get("KF_HW_ACVP_MAX", "0"))
    for g in prompt["testGroups"]:
        p = int(g["parameterSet"].split("-")[-1])
        if p not in sets():
            continue
        tests = g["tests"][:limit] if limit else g["tests"]
        yield g.get("function", "keyGen"), p, [(t, exp[t["tcId"]]) for t in tests]


@cocotb.test()
async def acvp(dut):
    # run.py --needs-vectors reports the ctest skipped before it gets here
    assert acvp_dir() is not None, "the ACVP vectors are not there (KF_VECTORS_DIR)"
    await setup(dut)
    h = bytes.fromhex
    counts = {}
    for fn, p, cases in acvp_groups("ML-KEM-keyGen-FIPS203"):
        k, ekn, dkn, _ = SIZES[p]
        for t, e in cases:
            await write(dut, WIN["D"], h(t["d"]))
            await write(dut, WIN["Z"], h(t["z"]))
            st, _ = await run(dut, KEYGEN, k, f"acvp-mlkem{p}-keygen")
            assert st == 0 and await read(dut, WIN["EK"], ekn) == h(e["ek"]), f"ACVP keyGen tc {t['tcId']}: ek differs"
            assert await read(dut, WIN["DK"], dkn) == h(e["dk"]), f"ACVP keyGen tc {t['tcId']}: dk differs"
            counts["keyGen"] = counts.get("keyGen", 0) + 1
    for fn, p, cases in acvp_groups("ML-KEM-encapDecap-FIPS203"):
        k, ekn, dkn, ctn = SIZES[p]
        for t, e in cases:
            tc = t["tcId"]
            if fn == "encapsulation":
                await write(dut, WIN["EK"], h(t["ek"]))
                await write(dut, WIN["M"], h(t["m"]))
                st, _ = await run(dut, ENCAPS, k, f"acvp-mlkem{p}-encaps")
                assert st == 0, f"ACVP encapsulation tc {tc}: status {st}"
                assert await read(dut, WIN["CT"], ctn) == h(e["c"]), f"ACVP encapsulation tc {tc}: c differs"
                assert await read(dut, WIN["K"], 32) == h(e["k"]), f"ACVP encapsulation tc {tc}: k differs"
            elif fn == "decapsulation":
                await write(dut, WIN["DK"], h(t["dk"]))
                await write(dut, WIN["CT"], h(t["c"]))
                st, _ = await run(dut, DECAPS, k, f"acvp-mlkem{p}-decaps")
                assert st == 0, f"ACVP decapsulation tc {tc}: status {st}"
                assert await read(dut, WIN["K"], 32) == h(e["k"]), f"ACVP decapsulation tc {tc}: k differs"
            elif fn == "encapsulationKeyCheck":
                assert len(h(t["ek"])) == ekn
                await write(dut, WIN["EK"], h(t["ek"]))
                await write(dut, WIN["M"], bytes(32))
                st, _ = await run(dut, ENCAPS, k, "check")
                assert bool(st & 1) == (not e["testPassed"]), \
                    f"ACVP encapsulationKeyCheck tc {tc}: status {st}, testPassed {e['testPassed']}"
            elif fn == "decapsulationKeyCheck":
                assert len(h(t["dk"])) == dkn
                await write(dut, WIN["DK"], h(t["dk"]))
                await write(dut, WIN["CT"], bytes(ctn))
                st, _ = await run(dut, DECAPS, k, "check")
                assert bool(st & 2) == (not e["testPassed"]), \
                    f"ACVP decapsulationKeyCheck tc {tc}: status {st}, testPassed {e['testPassed']}"
            else:
                assert False, f"unknown ACVP function {fn!r}"
            counts[fn] = counts.get(fn, 0) + 1
    dut._log.info("ACVP ML-KEM on the unit: %s cases passed (sets %s)",
                  ", ".join(f"{n} {c}" for n, c in counts.items()), sets())
    save_clocks()
