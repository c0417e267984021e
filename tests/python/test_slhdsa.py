#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_slhdsa.py - SLH-DSA (FIPS 205), SHAKE parameter sets, through the shared library.

Sections:
  - ACVP keyGen (every case; the SHA2 parameter sets are counted as skipped);
  - ACVP sigGen: every case of the 'f' sets; of the slow 's' sets, by default only the first
    S_SAMPLE cases of each group (the rest counted as skipped; --slow runs them all); the
    pre-hash cases with a SHA-2 pre-hash function are counted as skipped (out of scope);
  - ACVP sigVer (v1.1.0.35 sample, internal interface; the SHA2 sets are skipped);
  - differential tests against the `slh-dsa` PyPI package on random seeds (skipped if it is
    not importable): keygen roots, deterministic pure and pre-hash signatures byte for byte,
    hedged signatures verified both ways;
  - round trips for every set (OS-random keys, hedged and deterministic, every pre-hash);
  - single-bit flips of signature, message, context and public key (samples of bits) make
    verification fail; named errors for bad sizes and contexts.
--quick (for a library running under an emulator, where signing is ~50x slower): the 'f'
parameter sets only, and S_SAMPLE sigGen cases per group for them too.
"""
import ctypes
import hashlib
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kf  # noqa: E402

S_SAMPLE = 1   # ACVP sigGen cases run per 's' group by default

KF_ERR_NULL_POINTER = -1
KF_ERR_BAD_LENGTH = -5
KF_ERR_BAD_ALGORITHM = -6
KF_ERR_BAD_KEY = -9
KF_ERR_BAD_SIGNATURE = -11
KF_ERR_BAD_SIGNATURE_SIZE = -12
KF_ERR_BAD_CONTEXT = -13

# parameter set name -> (kf_slhdsa_param, n, pk bytes, sk bytes, sig bytes)
SETS = {
    "SLH-DSA-SHAKE-128s": (1, 16, 32, 64, 7856),
    "SLH-DSA-SHAKE-128f": (2, 16, 32, 64, 17088),
    "SLH-DSA-SHAKE-192s": (3, 24, 48, 96, 16224),
    "SLH-DSA-SHAKE-192f": (4, 24, 48, 96, 35664),
    "SLH-DSA-SHAKE-256s": (5, 32, 64, 128, 29792),
    "SLH-DSA-SHAKE-256f": (6, 32, 64, 128, 49856),
}
# ACVP hashAlg -> (kf_slhdsa_prehash, Python pre-hash, DER OID)
_OID = bytes.fromhex("06096086480165030402")   # 2.16.840.1.101.3.4.2, then the hash's number
PREHASH = {
    "SHA3-224": (1, lambda m: hashlib.sha3_224(m).digest(), _OID + b"\x07"),
    "SHA3-256": (2, lambda m: hashlib.sha3_256(m).digest(), _OID + b"\x08"),
    "SHA3-384": (3, lambda m: hashlib.sha3_384(m).digest(), _OID + b"\x09"),
    "SHA3-512": (4, lambda m: hashlib.sha3_512(m).digest(), _OID + b"\x0a"),
    "SHAKE-128": (5, lambda m: hashlib.shake_128(m).digest(32), _OID + b"\x0b"),
    "SHAKE-256": (6, lambda m: hashlib.shake_256(m).digest(64), _OID + b"\x0c"),
}

_p, _sz, _int = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int
kf._SIGS.update({
    "kf_slhdsa_pk_bytes": (_sz, [_int]),
    "kf_slhdsa_sk_bytes": (_sz, [_int]),
    "kf_slhdsa_sig_bytes": (_sz, [_int]),
    "kf_slhdsa_n": (_sz, [_int]),
    "kf_slhdsa_keygen": (_int, [_int, _p, _p]),
    "kf_slhdsa_keygen_internal": (_int, [_int, _p, _p, _p, _p, _p]),
    "kf_slhdsa_sign": (_int, [_int, _p, _sz, _p, _sz, _p, _sz, _p, _p, _sz]),
    "kf_slhdsa_verify": (_int, [_int, _p, _sz, _p, _sz, _p, _sz, _p, _sz]),
    "kf_slhdsa_hash_sign": (_int, [_int, _int, _p, _sz, _p, _sz, _p, _sz, _p, _p, _sz]),
    "kf_slhdsa_hash_verify": (_int, [_int, _int, _p, _sz, _p, _sz, _p, _sz, _p, _sz]),
    "kf_slhdsa_sign_internal": (_int, [_int, _p, _sz, _p, _sz, _p, _p, _sz]),
    "kf_slhdsa_verify_internal": (_int, [_int, _p, _sz, _p, _sz, _p, _sz]),
})


class Slh:
    """Pythonic wrappers: sign functions return the signature, verify ones the status."""

    def __init__(self, lib):
        self.lib = lib

    def keygen_internal(self, param, sk_seed, sk_prf, pk_seed):
        _, n, pkb, skb, _ = SETS[param]
        pk, sk = ctypes.create_string_buffer(pkb), ctypes.create_string_buffer(skb)
        rc = self.lib.kf_slhdsa_keygen_internal(SETS[param][0], pk, sk, sk_seed, sk_prf, pk_seed)
        self.lib.check(rc, "kf_slhdsa_keygen_internal")
        return pk.raw, sk.raw

    def keygen(self, param):
        _, n, pkb, skb, _ = SETS[param]
        pk, sk = ctypes.create_string_buffer(pkb), ctypes.create_string_buffer(skb)
        self.lib.check(self.lib.kf_slhdsa_keygen(SETS[param][0], pk, sk), "kf_slhdsa_keygen")
        return pk.raw, sk.raw

    def sign(self, param, msg, ctx, sk, addrnd=None, ph=None):
        sig = ctypes.create_string_buffer(SETS[param][4])
        if ph is None:
            rc = self.lib.kf_slhdsa_sign(SETS[param][0], sig, len(sig), *kf._in(msg), *kf._in(ctx), addrnd,
                                         sk, len(sk))
        else:
            rc = self.lib.kf_slhdsa_hash_sign(SETS[param][0], ph, sig, len(sig), *kf._in(msg), *kf._in(ctx),
                                              addrnd, sk, len(sk))
        self.lib.check(rc, "kf_slhdsa_sign")
        return sig.raw

    def sign_internal(self, param, msg, sk, addrnd=None):
        sig = ctypes.create_string_buffer(SETS[param][4])
        rc = self.lib.kf_slhdsa_sign_internal(SETS[param][0], sig, len(sig), *kf._in(msg), addrnd, sk, len(sk))
        self.lib.check(rc, "kf_slhdsa_sign_internal")
        return sig.raw

    def verify(self, param, msg, ctx, sig, pk, ph=None):
        if ph is None:
            return self.lib.kf_slhdsa_verify(SETS[param][0], *kf._in(msg), *kf._in(ctx), *kf._in(sig), pk, len(pk))
        return self.lib.kf_slhdsa_hash_verify(SETS[param][0], ph, *kf._in(msg), *kf._in(ctx), *kf._in(sig),
                                              pk, len(pk))

    def verify_internal(self, param, msg, sig, pk):
        return self.lib.kf_slhdsa_verify_internal(SETS[param][0], *kf._in(msg), *kf._in(sig), pk, len(pk))


QUICK = False   # --quick


def runs(ps):
    """Whether this run tests parameter set ps. --quick keeps the 'f' sets only: the 's' sets
    run the same code with taller trees, which takes minutes under an emulator."""
    return ps in SETS and not (QUICK and ps.endswith("s"))


def h(s):
    return bytes.fromhex(s) if s else b""


def join(prompt, results):
    ans = {}
    for g in results["testGroups"]:
        for t in g["tests"]:
            ans[int(t["tcId"])] = t
    return ans


# ---- ACVP ---------------------------------------------------------------------------------
def acvp_keygen(slh, report):
    prompt = kf.read_json("acvp/SLH-DSA-keyGen-FIPS205/prompt.json")
    ans = join(prompt, kf.read_json("acvp/SLH-DSA-keyGen-FIPS205/expectedResults.json"))
    report.section("ACVP SLH-DSA keyGen")
    for g in prompt["testGroups"]:
        ps = g["parameterSet"]
        for t in g["tests"]:
            if not runs(ps):
                report.skip()
                continue
            exp = ans[t["tcId"]]

            def case(t=t, exp=exp, ps=ps):
                pk, sk = slh.keygen_internal(ps, h(t["skSeed"]), h(t["skPrf"]), h(t["pkSeed"]))
                return pk == h(exp["pk"]) and sk == h(exp["sk"])
            report.run_case("keyGen tc %d (%s)" % (t["tcId"], ps), case)


def acvp_siggen(slh, report, slow):
    prompt = kf.read_json("acvp/SLH-DSA-sigGen-FIPS205/prompt.json")
    ans = join(prompt, kf.read_json("acvp/SLH-DSA-sigGen-FIPS205/expectedResults.json"))
    for g in prompt["testGroups"]:
        ps = g["parameterSet"]
        iface = g["signatureInterface"]
        kind = iface if iface == "internal" else g.get("preHash", "pure")
        report.section("ACVP sigGen tg %d %s %s %s" % (g["tgId"], ps[8:], kind,
                                                       "det" if g["deterministic"] else "hedged"))
        sampled = 0
        t0 = time.time()
        for t in g["tests"]:
            if not runs(ps):
                report.skip()
                continue
            ph = None
            if kind == "preHash":
                if t["hashAlg"] not in PREHASH:   # SHA-2 pre-hash: out of scope
                    report.skip()
                    continue
                ph = PREHASH[t["hashAlg"]][0]
            if (ps.endswith("s") or QUICK) and not slow:
                if sampled >= S_SAMPLE:
                    report.skip()
                    continue
                sampled += 1
            exp = ans[t["tcId"]]

            def case(t=t, exp=exp, ps=ps, ph=ph):
                addrnd = None if g["deterministic"] else h(t["additionalRandomness"])
                sk, msg = h(t["sk"]), h(t["message"])
                if iface == "internal":
                    sig = slh.sign_internal(ps, msg, sk, addrnd)
                else:
                    sig = slh.sign(ps, msg, h(t.get("context", "")), sk, addrnd, ph)
                if sig != h(exp["signature"]):
                    return "signature differs"
                return True
            report.run_case("sigGen tc %d (%s)" % (t["tcId"], ps), case)
        if os.environ.get("KF_TEST_TIMES"):
            print("  %.2f s" % (time.time() - t0))


def acvp_sigver(slh, report):
    prompt = kf.read_json("acvp/SLH-DSA-sigVer-FIPS205/prompt.json")
    ans = join(prompt, kf.read_json("acvp/SLH-DSA-sigVer-FIPS205/expectedResults.json"))
    report.section("ACVP SLH-DSA sigVer (v1.1.0.35)")
    for g in prompt["testGroups"]:
        ps = g["parameterSet"]
        for t in g["tests"]:
            if not runs(ps):
                report.skip()
                continue
            want = ans[t["tcId"]]["testPassed"] in (True, "True", "true")

            def case(t=t, ps=ps, want=want):
                msg = h(t["message"])
                if len(msg) * 8 != t.get("messageLength", len(msg) * 8):
                    return "messageLength is not whole bytes"
                rc = slh.verify_internal(ps, msg, h(t["signature"]), h(t["pk"]))
                if want:
                    return rc == kf.KF_OK or "valid signature rejected (%d)" % rc
                return rc in (KF_ERR_BAD_SIGNATURE, KF_ERR_BAD_LENGTH) or \
                    "invalid signature gave %d" % rc
            report.run_case("sigVer tc %d (%s)" % (t["tcId"], ps), case)


# ---- differential against the slh-dsa package ------------------------------------------------
def differential(slh, report, rng):
    report.section("differential vs slh-dsa (PyPI)")
    try:
        if os.environ.get("KF_SKIP_PYCRYPTODOME"):   # sanitizer build: oracles run in the normal one
            raise ImportError("skipped under the sanitizer build")
        import slhdsa
    except ImportError:
        report.oracle_missing("slh-dsa")
        return
    objs = {"SLH-DSA-SHAKE-%s" % s: getattr(slhdsa, "shake_%s" % s)
            for s in ("128s", "128f", "192s", "192f", "256s", "256f")}
    # (set, random key pairs): every set once, the fast 128f more often
    plan = [("SLH-DSA-SHAKE-128f", 4), ("SLH-DSA-SHAKE-192f", 1), ("SLH-DSA-SHAKE-256f", 1),
            ("SLH-DSA-SHAKE-128s", 1)]
    for ps, count in plan:
        if not runs(ps):
            report.skip()
            continue
        par, n = objs[ps], SETS[ps][1]
        for i in range(count):
            seeds = [rng.randbytes(n) for _ in range(3)]
            msg = rng.randbytes(rng.choice([0, 1, 33, 200, 1000]))
            ctx = rng.randbytes(rng.choice([0, 1, 255]))
            label = "%s #%d" % (ps, i)
            pk, sk = slh.keygen_internal(ps, *seeds)

            def keys():
                try:
                    slhdsa.SecretKey((sk[:n], sk[n:2 * n], sk[2 * n:3 * n], sk[3 * n:]), par)
                except Exception as e:
                    return "slh-dsa rejects our key: %s" % e
                return True
            if not report.run_case(label + " keygen", keys):
                continue
            theirs = slhdsa.SecretKey((sk[:n], sk[n:2 * n], sk[2 * n:3 * n], sk[3 * n:]), par)
            their_pk = slhdsa.PublicKey((pk[:n], pk[n:]), par)
            report.run_case(label + " pure det sign",
                            lambda: slh.sign(ps, msg, ctx, sk) == theirs.sign_pure(msg, False, ctx))
            phname = rng.choice(sorted(PREHASH))
            ph, fn, oid = PREHASH[phname]
            report.run_case(label + " prehash %s det sign" % phname,
                            lambda: slh.sign(ps, msg, ctx, sk, None, ph) ==
                            theirs.sign_hash(msg, False, ctx, lambda d: oid + fn(d)))
            report.run_case(label + " their hedged sig, our verify",
                            lambda: slh.verify(ps, msg, ctx, theirs.sign_pure(msg, True, ctx), pk) == kf.KF_OK)
            ours = slh.sign(ps, msg, ctx, sk, rng.randbytes(n))
            report.run_case(label + " our hedged sig, their verify",
                            lambda: their_pk.verify_pure(msg, ours, ctx) is True)


# ---- round trips, bit flips, errors ------------------------------------------------------------
def round_trips(slh, report, rng):
    report.section("round trips")
    for ps in SETS:
        if not runs(ps):
            report.skip()
            continue
        n = SETS[ps][1]
        pk, sk = slh.keygen(ps)
        for addrnd in (None, rng.randbytes(n)):
            msg, ctx = rng.randbytes(rng.randrange(0, 100)), rng.randbytes(rng.randrange(0, 256))
            sig = slh.sign(ps, msg, ctx, sk, addrnd)
            report.check(slh.verify(ps, msg, ctx, sig, pk) == kf.KF_OK, "%s pure round trip" % ps)
            report.check(slh.verify(ps, msg + b"x", ctx, sig, pk) == KF_ERR_BAD_SIGNATURE,
                         "%s pure: other message accepted" % ps)
        sig = slh.sign_internal(ps, b"internal", sk, rng.randbytes(n))
        report.check(slh.verify_internal(ps, b"internal", sig, pk) == kf.KF_OK, "%s internal round trip" % ps)
        # pre-hash: every function on the fast sets, one on the slow ones
        names = sorted(PREHASH) if ps.endswith("f") else [rng.choice(sorted(PREHASH))]
        for name in names:
            ph = PREHASH[name][0]
            msg, ctx = rng.randbytes(50), rng.randbytes(7)
            sig = slh.sign(ps, msg, ctx, sk, rng.randbytes(n), ph)
            report.check(slh.verify(ps, msg, ctx, sig, pk, ph) == kf.KF_OK, "%s %s round trip" % (ps, name))
            other = PREHASH[sorted(PREHASH)[(sorted(PREHASH).index(name) + 1) % 6]][0]
            report.check(slh.verify(ps, msg, ctx, sig, pk, other) == KF_ERR_BAD_SIGNATURE,
                         "%s %s: verified with another pre-hash" % (ps, name))
            report.check(slh.verify(ps, msg, ctx, sig, pk) == KF_ERR_BAD_SIGNATURE,
                         "%s %s: verified as pure" % (ps, name))


def flip(data, bit):
    b = bytearray(data)
    b[bit // 8] ^= 1 << (bit % 8)
    return bytes(b)


def bit_flips(slh, report, rng):
    report.section("single-bit flips fail")
    for ps, samples in (("SLH-DSA-SHAKE-128f", 200), ("SLH-DSA-SHAKE-256f", 40), ("SLH-DSA-SHAKE-128s", 40)):
        if not runs(ps):
            report.skip()
            continue
        pk, sk = slh.keygen(ps)
        msg, ctx = rng.randbytes(40), rng.randbytes(12)
        sig = slh.sign(ps, msg, ctx, sk, rng.randbytes(SETS[ps][1]))
        report.check(slh.verify(ps, msg, ctx, sig, pk) == kf.KF_OK, "%s base signature" % ps)
        nbits = len(sig) * 8
        # first and last bit of the signature, every byte boundary region, and random bits
        bits = {0, 7, nbits - 1, nbits - 8} | {rng.randrange(nbits) for _ in range(samples)}
        for b in sorted(bits):
            report.check(slh.verify(ps, msg, ctx, flip(sig, b), pk) == KF_ERR_BAD_SIGNATURE,
                         "%s signature bit %d flipped: accepted" % (ps, b))
        for b in {0, len(msg) * 8 - 1} | {rng.randrange(len(msg) * 8) for _ in range(16)}:
            report.check(slh.verify(ps, flip(msg, b), ctx, sig, pk) == KF_ERR_BAD_SIGNATURE,
                         "%s message bit %d flipped: accepted" % (ps, b))
        for b in {0, len(ctx) * 8 - 1} | {rng.randrange(len(ctx) * 8) for _ in range(8)}:
            report.check(slh.verify(ps, msg, flip(ctx, b), sig, pk) == KF_ERR_BAD_SIGNATURE,
                         "%s context bit %d flipped: accepted" % (ps, b))
        for b in {0, len(pk) * 8 - 1} | {rng.randrange(len(pk) * 8) for _ in range(16)}:
            report.check(slh.verify(ps, msg, ctx, sig, flip(pk, b)) == KF_ERR_BAD_SIGNATURE,
                         "%s public key bit %d flipped: accepted" % (ps, b))
        report.check(slh.verify(ps, msg, ctx + b"\0", sig, pk) == KF_ERR_BAD_SIGNATURE,
                     "%s longer context accepted" % ps)


def errors(slh, lib, report):
    report.section("named errors")
    ps = "SLH-DSA-SHAKE-128f"
    param, n, pkb, skb, sigb = SETS[ps]
    pk, sk = slh.keygen_internal(ps, b"\1" * n, b"\2" * n, b"\3" * n)
    msg = b"message"
    sig = slh.sign(ps, msg, b"", sk)
    buf = ctypes.create_string_buffer(sigb + 10)
    c = report.check
    for name, want in (("BAD_SIGNATURE", KF_ERR_BAD_SIGNATURE), ("BAD_SIGNATURE_SIZE", KF_ERR_BAD_SIGNATURE_SIZE),
                       ("BAD_CONTEXT", KF_ERR_BAD_CONTEXT), ("BAD_KEY", KF_ERR_BAD_KEY)):
        c(lib.strerror(want) == "KF_ERR_" + name, "kf_strerror(%d) = %s" % (want, lib.strerror(want)))
    # sizes
    c(lib.kf_slhdsa_sig_bytes(param) == sigb and lib.kf_slhdsa_pk_bytes(param) == pkb and
      lib.kf_slhdsa_sk_bytes(param) == skb and lib.kf_slhdsa_n(param) == n, "size queries")
    c(lib.kf_slhdsa_sig_bytes(0) == 0 and lib.kf_slhdsa_sig_bytes(7) == 0, "size of unknown set")
    for p_, (pp, nn, pkk, skk, sgg) in SETS.items():
        c(lib.kf_slhdsa_sig_bytes(pp) == sgg and lib.kf_slhdsa_pk_bytes(pp) == pkk and
          lib.kf_slhdsa_sk_bytes(pp) == skk, "sizes of %s" % p_)
    # signing
    c(lib.kf_slhdsa_sign(param, buf, sigb, msg, len(msg), b"x" * 256, 256, None, sk, skb) == KF_ERR_BAD_CONTEXT,
      "sign: context of 256 bytes")
    c(lib.kf_slhdsa_sign(param, buf, sigb, msg, len(msg), b"x" * 255, 255, None, sk, skb) == kf.KF_OK,
      "sign: context of 255 bytes")
    c(lib.kf_slhdsa_sign(param, buf, sigb, msg, len(msg), None, 0, None, sk, skb - 1) == KF_ERR_BAD_LENGTH,
      "sign: short sk")
    c(lib.kf_slhdsa_sign(param, buf, sigb, msg, len(msg), None, 0, None, sk + b"\0", skb + 1) == KF_ERR_BAD_LENGTH,
      "sign: long sk")
    c(lib.kf_slhdsa_sign(param, buf, sigb - 1, msg, len(msg), None, 0, None, sk, skb) == KF_ERR_BAD_LENGTH,
      "sign: short signature buffer")
    c(lib.kf_slhdsa_sign(9, buf, sigb, msg, len(msg), None, 0, None, sk, skb) == KF_ERR_BAD_ALGORITHM,
      "sign: unknown set")
    c(lib.kf_slhdsa_sign(param, None, 0, msg, len(msg), None, 0, None, sk, skb) == KF_ERR_NULL_POINTER,
      "sign: NULL signature")
    c(lib.kf_slhdsa_hash_sign(param, 7, buf, sigb, msg, len(msg), None, 0, None, sk, skb) == KF_ERR_BAD_ALGORITHM,
      "hash_sign: unknown pre-hash")
    c(lib.kf_slhdsa_hash_sign(param, 1, buf, sigb, msg, len(msg), b"x" * 300, 300, None, sk, skb) ==
      KF_ERR_BAD_CONTEXT, "hash_sign: context of 300 bytes")
    # verification
    c(slh.verify(ps, msg, b"", sig, pk) == kf.KF_OK, "verify: valid")
    c(lib.kf_slhdsa_verify(param, msg, len(msg), b"x" * 256, 256, sig, sigb, pk, pkb) == KF_ERR_BAD_CONTEXT,
      "verify: context of 256 bytes")
    for ln in (0, 1, sigb - 1, sigb + 1, 2 * sigb):
        s = (sig * 2)[:ln]
        c(lib.kf_slhdsa_verify(param, msg, len(msg), None, 0, s if ln else None, ln, pk, pkb) ==
          KF_ERR_BAD_LENGTH, "verify: signature of %d bytes" % ln)
        c(lib.kf_slhdsa_verify_internal(param, msg, len(msg), s if ln else None, ln, pk, pkb) ==
          KF_ERR_BAD_LENGTH, "verify_internal: signature of %d bytes" % ln)
    c(lib.kf_slhdsa_verify(param, msg, len(msg), None, 0, sig, sigb, pk[:-1], pkb - 1) == KF_ERR_BAD_LENGTH,
      "verify: short pk")
    c(lib.kf_slhdsa_verify(param, msg, len(msg), None, 0, sig, sigb, pk + b"\0", pkb + 1) == KF_ERR_BAD_LENGTH,
      "verify: long pk")
    c(lib.kf_slhdsa_verify(0, msg, len(msg), None, 0, sig, sigb, pk, pkb) == KF_ERR_BAD_ALGORITHM,
      "verify: unknown set")
    c(lib.kf_slhdsa_verify(param, None, 5, None, 0, sig, sigb, pk, pkb) == KF_ERR_NULL_POINTER,
      "verify: NULL message")
    c(slh.verify(ps, msg, b"", b"\0" * sigb, pk) == KF_ERR_BAD_SIGNATURE, "verify: zero signature")
    c(slh.verify(ps, msg, b"", b"\xff" * sigb, pk) == KF_ERR_BAD_SIGNATURE, "verify: all-ones signature")


def run(args, lib, api, report):
    global QUICK
    QUICK = args.quick
    slh = Slh(lib)
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    print("random seed %d (--seed to repeat)" % seed)
    rng = random.Random(seed)
    if kf.part(args, "oracles"):
        errors(slh, lib, report)
        round_trips(slh, report, rng)
        bit_flips(slh, report, rng)
        differential(slh, report, rng)
    if kf.part(args, "vectors"):
        acvp_keygen(slh, report)
        acvp_sigver(slh, report)
        acvp_siggen(slh, report, args.slow)


def extra(ap):
    ap.add_argument("--quick", action="store_true",
                    help="the 'f' parameter sets only, %d ACVP sigGen case(s) per group (for emulators)" % S_SAMPLE)


if __name__ == "__main__":
    kf.main(run, extra)
