#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_mlkem.py - ML-KEM (FIPS 203) in libkeccakforge.

Sections:
  - ACVP ML-KEM-keyGen-FIPS203: every case (KeyGen_internal(d, z) -> ek, dk).
  - ACVP ML-KEM-encapDecap-FIPS203: every case of every group: encapsulation (Encaps_internal
    with the given m -> c, k), decapsulation (-> k, implicit rejection included), and the
    key-check groups (encapsulationKeyCheck: the §7.2 modulus check; decapsulationKeyCheck:
    the §7.3 hash check) against the expected testPassed.
  - kyber-py (PyPI, when importable): random d, z, m for all three parameter sets: keys,
    ciphertexts and shared secrets equal, decapsulation of valid and tampered ciphertexts.
  - Round trips with the library's own randomness, tampered ciphertexts (the shared secret
    must be J(z || c) = SHAKE256(z || c, 32), computed here with hashlib), tampered keys,
    wrong lengths, unknown parameter sets, the RNG hook.
The random generator is seeded (--seed, default: random; printed) so failures reproduce.
"""
import ctypes
import hashlib
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kf  # noqa: E402

try:
    from kyber_py.ml_kem import ML_KEM_512, ML_KEM_768, ML_KEM_1024
    KYBER_PY = {512: ML_KEM_512, 768: ML_KEM_768, 1024: ML_KEM_1024}
except ImportError:
    KYBER_PY = None

# keccakforge.h
KF_ERR_NULL_POINTER, KF_ERR_BAD_LENGTH, KF_ERR_BAD_ALGORITHM = -1, -5, -6
KF_ERR_BAD_KEY, KF_ERR_RNG = -9, -10
# param: (k, ek, dk, ct bytes)
PARAMS = {512: (2, 800, 1632, 768), 768: (3, 1184, 2400, 1088), 1024: (4, 1568, 3168, 1568)}
ACVP_PARAM = {"ML-KEM-512": 512, "ML-KEM-768": 768, "ML-KEM-1024": 1024}
Q = 3329

RNG_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint8), ctypes.c_size_t)
_p, _sz, _int = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int
SIGS = {
    "kf_mlkem_ek_bytes": (_sz, [_int]),
    "kf_mlkem_dk_bytes": (_sz, [_int]),
    "kf_mlkem_ct_bytes": (_sz, [_int]),
    "kf_mlkem_keygen": (_int, [_int, _p, _p]),
    "kf_mlkem_keygen_internal": (_int, [_int, _p, _p, _p, _p]),
    "kf_mlkem_keygen_seed": (_int, [_int, _p, _p, _p]),
    "kf_mlkem_encaps": (_int, [_int, _p, _p, _p, _sz]),
    "kf_mlkem_encaps_internal": (_int, [_int, _p, _p, _p, _sz, _p]),
    "kf_mlkem_decaps": (_int, [_int, _p, _p, _sz, _p, _sz]),
    "kf_mlkem_check_ek": (_int, [_int, _p, _sz]),
    "kf_mlkem_check_dk": (_int, [_int, _p, _sz]),
    "kf_mlkem_set_rng": (_int, [RNG_FN, _p]),
}


class MlKem:
    """Thin wrappers: each returns (status, outputs...)."""

    def __init__(self, lib):
        self.lib = lib
        for name, (res, args) in SIGS.items():
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = res, args

    def keygen_internal(self, P, d, z):
        _, ekn, dkn, _ = PARAMS[P]
        ek, dk = ctypes.create_string_buffer(ekn), ctypes.create_string_buffer(dkn)
        rc = self.lib.kf_mlkem_keygen_internal(P, ek, dk, d, z)
        return rc, ek.raw, dk.raw

    def keygen(self, P):
        _, ekn, dkn, _ = PARAMS[P]
        ek, dk = ctypes.create_string_buffer(ekn), ctypes.create_string_buffer(dkn)
        rc = self.lib.kf_mlkem_keygen(P, ek, dk)
        return rc, ek.raw, dk.raw

    def keygen_seed(self, P):
        _, ekn, dkn, _ = PARAMS[P]
        ek, dk = ctypes.create_string_buffer(ekn), ctypes.create_string_buffer(dkn)
        seed = ctypes.create_string_buffer(b"\xaa" * 64)
        rc = self.lib.kf_mlkem_keygen_seed(P, ek, dk, seed)
        return rc, ek.raw, dk.raw, seed.raw[:64]

    def encaps_internal(self, P, ek, m, eklen=None):
        ct, ss = ctypes.create_string_buffer(b"\xaa" * PARAMS[P][3]), ctypes.create_string_buffer(b"\xaa" * 32)
        rc = self.lib.kf_mlkem_encaps_internal(P, ct, ss, ek, len(ek) if eklen is None else eklen, m)
        return rc, ct.raw[:PARAMS[P][3]], ss.raw[:32]

    def encaps(self, P, ek):
        ct, ss = ctypes.create_string_buffer(b"\xaa" * PARAMS[P][3]), ctypes.create_string_buffer(b"\xaa" * 32)
        rc = self.lib.kf_mlkem_encaps(P, ct, ss, ek, len(ek))
        return rc, ct.raw[:PARAMS[P][3]], ss.raw[:32]

    def decaps(self, P, ct, dk):
        ss = ctypes.create_string_buffer(b"\xaa" * 32)
        rc = self.lib.kf_mlkem_decaps(P, ss, ct, len(ct), dk, len(dk))
        return rc, ss.raw[:32]


def J(z, c):
    return hashlib.shake_256(z + c).digest(32)


def z_of(dk):
    return dk[-32:]


def h(x):
    return bytes.fromhex(x)


# ---- ACVP ------------------------------------------------------------------------------
def acvp_keygen(m, report):
    prompt = kf.read_json("acvp/ML-KEM-keyGen-FIPS203/prompt.json")
    expected = kf.read_json("acvp/ML-KEM-keyGen-FIPS203/expectedResults.json")
    exp = {t["tcId"]: t for g in expected["testGroups"] for t in g["tests"]}
    for g in prompt["testGroups"]:
        P = ACVP_PARAM[g["parameterSet"]]
        report.section("ACVP keyGen %s (tg %d)" % (g["parameterSet"], g["tgId"]))
        for t in g["tests"]:
            e = exp[t["tcId"]]

            def case(t=t, e=e):
                rc, ek, dk = m.keygen_internal(P, h(t["d"]), h(t["z"]))
                if rc:
                    return "status %d" % rc
                if ek != h(e["ek"]):
                    return "ek differs"
                return True if dk == h(e["dk"]) else "dk differs"
            report.run_case("tc %d" % t["tcId"], case)


def acvp_encap_decap(m, report):
    prompt = kf.read_json("acvp/ML-KEM-encapDecap-FIPS203/prompt.json")
    expected = kf.read_json("acvp/ML-KEM-encapDecap-FIPS203/expectedResults.json")
    exp = {t["tcId"]: t for g in expected["testGroups"] for t in g["tests"]}
    for g in prompt["testGroups"]:
        P = ACVP_PARAM[g["parameterSet"]]
        fn = g["function"]
        report.section("ACVP %s %s (tg %d)" % (fn, g["parameterSet"], g["tgId"]))
        for t in g["tests"]:
            e = exp[t["tcId"]]
            if fn == "encapsulation":
                def case(t=t, e=e):
                    rc, ct, ss = m.encaps_internal(P, h(t["ek"]), h(t["m"]))
                    if rc:
                        return "status %d" % rc
                    if ct != h(e["c"]):
                        return "c differs"
                    return True if ss == h(e["k"]) else "k differs"
            elif fn == "decapsulation":
                def case(t=t, e=e):
                    rc, ss = m.decaps(P, h(t["c"]), h(t["dk"]))
                    if rc:
                        return "status %d" % rc
                    return True if ss == h(e["k"]) else "k differs"
            elif fn == "encapsulationKeyCheck":
                def case(t=t, e=e):
                    ek = h(t["ek"])
                    rc = m.lib.kf_mlkem_check_ek(P, ek, len(ek))
                    rc2 = m.encaps_internal(P, ek, bytes(32))[0]
                    want = 0 if e["testPassed"] else KF_ERR_BAD_KEY
                    if rc != want or rc2 != want:
                        return "check_ek %d, encaps %d, expected %d" % (rc, rc2, want)
                    return True
            elif fn == "decapsulationKeyCheck":
                def case(t=t, e=e):
                    dk = h(t["dk"])
                    rc = m.lib.kf_mlkem_check_dk(P, dk, len(dk))
                    rc2 = m.decaps(P, bytes(PARAMS[P][3]), dk)[0]
                    want = 0 if e["testPassed"] else KF_ERR_BAD_KEY
                    if rc != want or rc2 != want:
                        return "check_dk %d, decaps %d, expected %d" % (rc, rc2, want)
                    return True
            else:
                report.fail("unknown ACVP function %r" % fn)
                break
            report.run_case("tc %d" % t["tcId"], case)


# ---- kyber-py --------------------------------------------------------------------------
def differential(m, report, rng, n):
    for P in PARAMS:
        report.section("kyber-py ML-KEM-%d" % P)
        if KYBER_PY is None:
            report.oracle_missing("kyber-py")
            continue
        ref = KYBER_PY[P]
        for i in range(n):
            d, z, msg = (bytes(rng.getrandbits(8) for _ in range(32)) for _ in range(3))

            def case(d=d, z=z, msg=msg):
                rc, ek, dk = m.keygen_internal(P, d, z)
                rek, rdk = ref._keygen_internal(d, z)
                if rc or ek != rek or dk != rdk:
                    return "keygen (status %d) differs, d=%s z=%s" % (rc, d.hex(), z.hex())
                rc, ct, ss = m.encaps_internal(P, ek, msg)
                rk, rct = ref._encaps_internal(ek, msg)
                if rc or ct != rct or ss != rk:
                    return "encaps (status %d) differs, m=%s" % (rc, msg.hex())
                rc, ss2 = m.decaps(P, ct, dk)
                if rc or ss2 != rk:
                    return "decaps (status %d) differs" % rc
                bad = bytearray(ct)
                pos = rng.randrange(len(bad))
                bad[pos] ^= 1 << rng.randrange(8)
                bad = bytes(bad)
                rc, ss3 = m.decaps(P, bad, dk)
                if rc or ss3 != ref.decaps(dk, bad) or ss3 != J(z, bad):
                    return "decaps of a tampered ciphertext (byte %d) differs" % pos
                return True
            report.run_case("case %d" % i, case)


# ---- round trips, tampering, errors ----------------------------------------------------
def round_trips(m, report, rng, n):
    for P in PARAMS:
        report.section("round trips ML-KEM-%d" % P)
        k, ekn, dkn, ctn = PARAMS[P]
        for i in range(n):
            def case():
                rc, ek, dk = m.keygen(P)
                if rc:
                    return "keygen status %d" % rc
                rc, ct, ss = m.encaps(P, ek)
                if rc:
                    return "encaps status %d" % rc
                rc, ss2 = m.decaps(P, ct, dk)
                if rc or ss2 != ss:
                    return "decaps (status %d) gives another secret" % rc
                # every single-bit flip of a ciphertext gives J(z || c') (implicit rejection)
                bad = bytearray(ct)
                bad[rng.randrange(ctn)] ^= 1 << rng.randrange(8)
                rc, ss3 = m.decaps(P, bytes(bad), dk)
                if rc or ss3 != J(z_of(dk), bytes(bad)) or ss3 == ss:
                    return "tampered ciphertext: not the implicit rejection key"
                # a tampered secret part of dk: still accepted (no hash covers it), wrong secret
                dk2 = bytearray(dk)
                dk2[rng.randrange(384 * k)] ^= 1
                rc, ss4 = m.decaps(P, ct, bytes(dk2))
                if rc != 0 or ss4 == ss:
                    return "decaps with a tampered dk_pke: status %d" % rc
                # a tampered ek copy inside dk fails the hash check
                dk3 = bytearray(dk)
                dk3[384 * k + rng.randrange(ekn)] ^= 1
                rc, ss5 = m.decaps(P, ct, bytes(dk3))
                if rc != KF_ERR_BAD_KEY or ss5 != bytes(32):
                    return "decaps with a tampered ek in dk: status %d" % rc
                return True
            report.run_case("case %d" % i, case)


def set_coeff(ek, idx, value):
    """ek with 12-bit coefficient idx set to value (0..4095)."""
    b = bytearray(ek)
    j, odd = divmod(idx, 2)
    if not odd:
        b[3 * j] = value & 0xFF
        b[3 * j + 1] = (b[3 * j + 1] & 0xF0) | (value >> 8)
    else:
        b[3 * j + 1] = (b[3 * j + 1] & 0x0F) | ((value & 0x0F) << 4)
        b[3 * j + 2] = value >> 4
    return bytes(b)


def errors(m, report, rng):
    lib = m.lib
    for P in PARAMS:
        report.section("input checks ML-KEM-%d" % P)
        k, ekn, dkn, ctn = PARAMS[P]
        report.check(lib.kf_mlkem_ek_bytes(P) == ekn and lib.kf_mlkem_dk_bytes(P) == dkn
                     and lib.kf_mlkem_ct_bytes(P) == ctn, "size functions")
        d, z = os.urandom(32), os.urandom(32)
        _, ek, dk = m.keygen_internal(P, d, z)
        _, ct, ss = m.encaps_internal(P, ek, os.urandom(32))
        for delta in (-1, 1, -ekn):
            e2 = (ek + b"\0")[:ekn + delta] if delta > 0 else ek[:ekn + delta]
            rc, c2, s2 = m.encaps_internal(P, e2 or b"\0", os.urandom(32), eklen=len(e2))
            report.check(rc == KF_ERR_BAD_LENGTH and c2 == bytes(ctn) and s2 == bytes(32),
                         "encaps with ek of %d bytes: status %d, outputs zeroed" % (len(e2), rc))
            report.check(lib.kf_mlkem_check_ek(P, e2 or b"\0", len(e2)) == KF_ERR_BAD_LENGTH,
                         "check_ek of %d bytes" % len(e2))
        for delta in (-1, 1):
            c2 = ct[:-1] if delta < 0 else ct + b"\0"
            rc, s2 = m.decaps(P, c2, dk)
            report.check(rc == KF_ERR_BAD_LENGTH and s2 == bytes(32), "decaps with ct of %d bytes: %d" % (len(c2), rc))
            d2 = dk[:-1] if delta < 0 else dk + b"\0"
            rc, s2 = m.decaps(P, ct, d2)
            report.check(rc == KF_ERR_BAD_LENGTH and s2 == bytes(32), "decaps with dk of %d bytes: %d" % (len(d2), rc))
            report.check(lib.kf_mlkem_check_dk(P, d2, len(d2)) == KF_ERR_BAD_LENGTH, "check_dk of %d bytes" % len(d2))
        # a ciphertext of another parameter set is a wrong length too
        other = {512: 768, 768: 1024, 1024: 512}[P]
        report.check(m.decaps(P, bytes(PARAMS[other][3]), dk)[0] == KF_ERR_BAD_LENGTH, "ct of ML-KEM-%d" % other)
        # modulus check: any coefficient in q..4095 fails; q-1 passes
        for _ in range(8):
            idx = rng.randrange(256 * k)
            bad = set_coeff(ek, idx, rng.choice([Q, Q + 1, 4095, rng.randrange(Q, 4096)]))
            rc, c2, s2 = m.encaps_internal(P, bad, os.urandom(32))
            report.check(rc == KF_ERR_BAD_KEY and c2 == bytes(ctn) and s2 == bytes(32),
                         "encaps with coefficient %d >= q: status %d" % (idx, rc))
            rc = m.encaps(P, bad)[0]
            report.check(rc == KF_ERR_BAD_KEY, "kf_mlkem_encaps with coefficient >= q: %d" % rc)
            good = set_coeff(ek, idx, Q - 1)
            report.check(lib.kf_mlkem_check_ek(P, good, len(good)) == 0, "coefficient q-1 rejected")
        # hash check: the stored H(ek) changed
        bad = bytearray(dk)
        bad[768 * k + 32 + rng.randrange(32)] ^= 0x80
        report.check(lib.kf_mlkem_check_dk(P, bytes(bad), dkn) == KF_ERR_BAD_KEY, "check_dk with a wrong H(ek)")
        report.check(lib.kf_mlkem_check_dk(P, dk, dkn) == 0 and lib.kf_mlkem_check_ek(P, ek, ekn) == 0,
                     "valid keys rejected")
        # NULL pointers
        report.check(lib.kf_mlkem_decaps(P, None, ct, ctn, dk, dkn) == KF_ERR_NULL_POINTER, "decaps NULL ss")
        report.check(lib.kf_mlkem_keygen_internal(P, None, None, d, z) == KF_ERR_NULL_POINTER, "keygen NULL")
        ek0, dk0, seed0 = (ctypes.create_string_buffer(b"\xaa" * n) for n in (ekn, dkn, 64))
        rc = lib.kf_mlkem_keygen_seed(P, ek0, dk0, None)
        report.check(rc == KF_ERR_NULL_POINTER and ek0.raw[:ekn] == bytes(ekn) and dk0.raw[:dkn] == bytes(dkn),
                     "keygen_seed with a NULL seed: %d, ek and dk zeroed" % rc)
        rc = lib.kf_mlkem_keygen_seed(P, None, dk0, seed0)
        report.check(rc == KF_ERR_NULL_POINTER and seed0.raw[:64] == bytes(64), "keygen_seed NULL ek: seed zeroed")

    report.section("parameter sets, status names")
    buf = ctypes.create_string_buffer(4000)
    for bad in (0, 256, 513, 767, 2048, -1):
        report.check(lib.kf_mlkem_ek_bytes(bad) == 0, "ek_bytes(%d)" % bad)
        report.check(lib.kf_mlkem_keygen_internal(bad, buf, buf, bytes(32), bytes(32)) == KF_ERR_BAD_ALGORITHM,
                     "keygen_internal(%d)" % bad)
        report.check(lib.kf_mlkem_decaps(bad, buf, buf, 768, buf, 1632) == KF_ERR_BAD_ALGORITHM, "decaps(%d)" % bad)
        seed0 = ctypes.create_string_buffer(b"\xaa" * 64)
        report.check(lib.kf_mlkem_keygen_seed(bad, buf, buf, seed0) == KF_ERR_BAD_ALGORITHM and
                     seed0.raw[:64] == bytes(64), "keygen_seed(%d): BAD_ALGORITHM, seed zeroed" % bad)
    for code, name in ((KF_ERR_BAD_KEY, "KF_ERR_BAD_KEY"), (KF_ERR_RNG, "KF_ERR_RNG")):
        report.check(lib.strerror(code) == name, "kf_strerror(%d) = %s" % (code, lib.strerror(code)))


def rng_hook(m, report, rng):
    report.section("RNG hook")
    stream = bytes(rng.getrandbits(8) for _ in range(96))
    state = {"pos": 0, "fail": False}

    @RNG_FN
    def fake(arg, out, n):
        if state["fail"]:
            return -1
        chunk = stream[state["pos"]:state["pos"] + n]
        state["pos"] += n
        ctypes.memmove(out, chunk, n)
        return 0

    lib = m.lib
    lib.kf_mlkem_set_rng(fake, None)
    try:
        for P in PARAMS:
            state["pos"] = 0
            rc, ek, dk = m.keygen(P)
            rc2, ek2, dk2 = m.keygen_internal(P, stream[:32], stream[32:64])
            report.check(rc == 0 and ek == ek2 and dk == dk2, "keygen = keygen_internal(d, z) of the hook's bytes")
            state["pos"] = 0
            rc, eks, dks, seed = m.keygen_seed(P)
            report.check(rc == 0 and seed == stream[:64] and eks == ek2 and dks == dk2,
                         "keygen_seed hands back the hook's d || z with the same keys")
            rc, ct, ss = m.encaps(P, ek)
            rc2, ct2, ss2 = m.encaps_internal(P, ek, stream[64:96])
            report.check(rc == 0 and ct == ct2 and ss == ss2, "encaps = encaps_internal(m) of the hook's bytes")
            state["fail"] = True
            rc, ek, dk = m.keygen(P)
            report.check(rc == KF_ERR_RNG and ek == bytes(len(ek)) and dk == bytes(len(dk)), "keygen, failing RNG: %d" % rc)
            rc, eks, dks, seed = m.keygen_seed(P)
            report.check(rc == KF_ERR_RNG and eks == bytes(len(eks)) and dks == bytes(len(dks)) and seed == bytes(64),
                         "keygen_seed, failing RNG: %d, outputs zeroed" % rc)
            rc, ct, ss = m.encaps(P, ek2)
            report.check(rc == KF_ERR_RNG and ss == bytes(32), "encaps, failing RNG: %d" % rc)
            state["fail"] = False
    finally:
        lib.kf_mlkem_set_rng(RNG_FN(), None)  # NULL: back to the operating system
    rc, ek, dk = m.keygen(768)
    rc2, ek2, _ = m.keygen(768)
    report.check(rc == 0 and rc2 == 0 and ek != ek2, "OS randomness after resetting the hook")


def run(args, lib, api, report):
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    print("seed %d" % seed)
    rng = random.Random(seed)
    try:
        m = MlKem(lib)
    except kf.MissingSymbol as e:
        report.fail("library has no %s()" % e)
        return
    if kf.part(args, "vectors"):
        acvp_keygen(m, report)
        acvp_encap_decap(m, report)
    if kf.part(args, "oracles"):
        differential(m, report, rng, args.cases)
        round_trips(m, report, rng, args.cases)
        errors(m, report, rng)
        rng_hook(m, report, rng)


def extra(ap):
    ap.add_argument("--cases", type=int, default=8, help="random cases per parameter set")


if __name__ == "__main__":
    kf.main(run, extra)
