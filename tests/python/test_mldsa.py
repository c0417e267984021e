#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_mldsa.py - ML-DSA (FIPS 204) through the shared library.

Sections (--part vectors):
  - ACVP keyGen: every case (seed -> pk, sk);
  - ACVP sigGen: every case: pure and HashML-DSA (external interface, with context),
    Sign_internal on M' and on an external mu (internal interface), deterministic and hedged
    (rnd given); the cases whose pre-hash is a SHA-2 function are counted as skipped;
  - ACVP sigVer: every case, the same kinds, valid and invalid.
Sections (--part oracles):
  - named errors: lengths, contexts (256 bytes), unknown sets and pre-hashes, NULLs, an s1
    out of range (KF_ERR_BAD_KEY), a crafted t0 that exhausts the 1000 attempts (KF_ERR_BAD_STATE);
  - round trips of every set and interface (OS-random keys, hedged and deterministic);
  - every bit of one signature per set flipped (--quick: 300 random bits, and one key per set
    in the differential tests): rejected; wrong
    context, message, key;
  - malformed hints (indices out of order, repeated, past omega, non-zero padding, counts
    that decrease) and a z past gamma1 - beta (a signature that verifies once that one
    check is skipped, made with dilithium-py's signer): rejected with KF_ERR_BAD_SIGNATURE;
  - kf_mldsa_verify_batch gives kf_mldsa_verify's result for every item (good, forged, wrong
    length, long context; keys shared and changing; more than one window of 8);
  - differential against dilithium-py (PyPI, FIPS 204 final; skipped visibly when it is not
    importable): keys from the same seed identical, deterministic signatures (pure, pre-hash,
    external mu) identical, hedged signatures verified both ways;
  - differential against pyca/cryptography's ML-DSA (PyPI, OpenSSL inside; skipped visibly when
    it is not importable or too old): public keys from the same seed identical, hedged
    signatures (pure with context, and from mu) verified both ways.
"""
import ctypes
import hashlib
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kf  # noqa: E402

KF_ERR_NULL_POINTER = -1
KF_ERR_BAD_STATE = -2
KF_ERR_BAD_LENGTH = -5
KF_ERR_BAD_ALGORITHM = -6
KF_ERR_BAD_KEY = -9
KF_ERR_BAD_SIGNATURE = -11
KF_ERR_BAD_CONTEXT = -13

# parameter set -> (kf_mldsa_param, pk bytes, sk bytes, sig bytes, k, l, omega, c~ bytes, z bits, gamma1, beta)
SETS = {
    "ML-DSA-44": (44, 1312, 2560, 2420, 4, 4, 80, 32, 18, 1 << 17, 78),
    "ML-DSA-65": (65, 1952, 4032, 3309, 6, 5, 55, 48, 20, 1 << 19, 196),
    "ML-DSA-87": (87, 2592, 4896, 4627, 8, 7, 75, 64, 20, 1 << 19, 120),
}
# ACVP hashAlg -> (kf_mldsa_prehash, Python pre-hash, DER OID)
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
    "kf_mldsa_pk_bytes": (_sz, [_int]),
    "kf_mldsa_sk_bytes": (_sz, [_int]),
    "kf_mldsa_sig_bytes": (_sz, [_int]),
    "kf_mldsa_keygen": (_int, [_int, _p, _p]),
    "kf_mldsa_keygen_internal": (_int, [_int, _p, _p, _p]),
    "kf_mldsa_sign": (_int, [_int, _p, _sz, _p, _sz, _p, _sz, _p, _p, _sz]),
    "kf_mldsa_verify": (_int, [_int, _p, _sz, _p, _sz, _p, _sz, _p, _sz]),
    "kf_mldsa_hash_sign": (_int, [_int, _int, _p, _sz, _p, _sz, _p, _sz, _p, _p, _sz]),
    "kf_mldsa_hash_verify": (_int, [_int, _int, _p, _sz, _p, _sz, _p, _sz, _p, _sz]),
    "kf_mldsa_sign_internal": (_int, [_int, _p, _sz, _p, _sz, _p, _p, _sz]),
    "kf_mldsa_verify_internal": (_int, [_int, _p, _sz, _p, _sz, _p, _sz]),
    "kf_mldsa_sign_mu": (_int, [_int, _p, _sz, _p, _p, _p, _sz]),
    "kf_mldsa_verify_mu": (_int, [_int, _p, _p, _sz, _p, _sz]),
    "kf_mldsa_verify_batch": (_int, [_int, _sz, _p, _p]),
})


class VerifyItem(ctypes.Structure):
    """kf_mldsa_verify_item"""
    _fields_ = [("msg", _p), ("msglen", _sz), ("ctx", _p), ("ctxlen", _sz),
                ("sig", _p), ("siglen", _sz), ("pk", _p), ("pklen", _sz)]


class Dsa:
    """Pythonic wrappers: sign functions return the signature, verify ones the status."""

    def __init__(self, lib):
        self.lib = lib

    def keygen_internal(self, ps, xi):
        _, pkb, skb = SETS[ps][:3]
        pk, sk = ctypes.create_string_buffer(pkb), ctypes.create_string_buffer(skb)
        self.lib.check(self.lib.kf_mldsa_keygen_internal(SETS[ps][0], pk, sk, xi), "kf_mldsa_keygen_internal")
        return pk.raw, sk.raw

    def keygen(self, ps):
        _, pkb, skb = SETS[ps][:3]
        pk, sk = ctypes.create_string_buffer(pkb), ctypes.create_string_buffer(skb)
        self.lib.check(self.lib.kf_mldsa_keygen(SETS[ps][0], pk, sk), "kf_mldsa_keygen")
        return pk.raw, sk.raw

    def sign(self, ps, msg, ctx, sk, rnd=None, ph=None):
        sig = ctypes.create_string_buffer(SETS[ps][3])
        if ph is None:
            rc = self.lib.kf_mldsa_sign(SETS[ps][0], sig, len(sig), *kf._in(msg), *kf._in(ctx), rnd, sk, len(sk))
        else:
            rc = self.lib.kf_mldsa_hash_sign(SETS[ps][0], ph, sig, len(sig), *kf._in(msg), *kf._in(ctx), rnd,
                                             sk, len(sk))
        self.lib.check(rc, "kf_mldsa_sign")
        return sig.raw

    def sign_internal(self, ps, msg, sk, rnd=None):
        sig = ctypes.create_string_buffer(SETS[ps][3])
        rc = self.lib.kf_mldsa_sign_internal(SETS[ps][0], sig, len(sig), *kf._in(msg), rnd, sk, len(sk))
        self.lib.check(rc, "kf_mldsa_sign_internal")
        return sig.raw

    def sign_mu(self, ps, mu, sk, rnd=None):
        sig = ctypes.create_string_buffer(SETS[ps][3])
        rc = self.lib.kf_mldsa_sign_mu(SETS[ps][0], sig, len(sig), mu, rnd, sk, len(sk))
        self.lib.check(rc, "kf_mldsa_sign_mu")
        return sig.raw

    def verify(self, ps, msg, ctx, sig, pk, ph=None):
        if ph is None:
            return self.lib.kf_mldsa_verify(SETS[ps][0], *kf._in(msg), *kf._in(ctx), *kf._in(sig), pk, len(pk))
        return self.lib.kf_mldsa_hash_verify(SETS[ps][0], ph, *kf._in(msg), *kf._in(ctx), *kf._in(sig),
                                             pk, len(pk))

    def verify_internal(self, ps, msg, sig, pk):
        return self.lib.kf_mldsa_verify_internal(SETS[ps][0], *kf._in(msg), *kf._in(sig), pk, len(pk))

    def verify_mu(self, ps, mu, sig, pk):
        return self.lib.kf_mldsa_verify_mu(SETS[ps][0], mu, *kf._in(sig), pk, len(pk))


def h(s):
    return bytes.fromhex(s) if s else b""


def join(results):
    return {int(t["tcId"]): t for g in results["testGroups"] for t in g["tests"]}


def external_mu(pk, mprime):
    """mu = H(H(pk, 64) || M', 64)."""
    return hashlib.shake_256(hashlib.shake_256(pk).digest(64) + mprime).digest(64)


# ---- ACVP ---------------------------------------------------------------------------------
def acvp_keygen(dsa, report):
    prompt = kf.read_json("acvp/ML-DSA-keyGen-FIPS204/prompt.json")
    ans = join(kf.read_json("acvp/ML-DSA-keyGen-FIPS204/expectedResults.json"))
    report.section("ACVP ML-DSA keyGen")
    for g in prompt["testGroups"]:
        ps = g["parameterSet"]
        for t in g["tests"]:
            exp = ans[t["tcId"]]

            def case(t=t, exp=exp, ps=ps):
                pk, sk = dsa.keygen_internal(ps, h(t["seed"]))
                if pk != h(exp["pk"]):
                    return "pk differs"
                return sk == h(exp["sk"]) or "sk differs"
            report.run_case("keyGen tc %d (%s)" % (t["tcId"], ps), case)


def group_kind(g):
    if g["signatureInterface"] == "internal":
        return "internal-mu" if g.get("externalMu") else "internal"
    return g.get("preHash", "pure")


def acvp_siggen(dsa, report):
    prompt = kf.read_json("acvp/ML-DSA-sigGen-FIPS204/prompt.json")
    ans = join(kf.read_json("acvp/ML-DSA-sigGen-FIPS204/expectedResults.json"))
    for g in prompt["testGroups"]:
        ps, kind = g["parameterSet"], group_kind(g)
        report.section("ACVP sigGen tg %d %s %s %s" % (g["tgId"], ps[7:], kind,
                                                       "det" if g["deterministic"] else "hedged"))
        t0 = time.time()
        for t in g["tests"]:
            ph = None
            if kind == "preHash":
                if t["hashAlg"] not in PREHASH:   # SHA-2 pre-hash: not offered by a Keccak library
                    report.skip()
                    continue
                ph = PREHASH[t["hashAlg"]][0]
            exp = ans[t["tcId"]]

            def case(t=t, exp=exp, ps=ps, ph=ph, kind=kind):
                rnd = None if g["deterministic"] else h(t["rnd"])
                sk = h(t["sk"])
                if kind == "internal-mu":
                    sig = dsa.sign_mu(ps, h(t["mu"]), sk, rnd)
                elif kind == "internal":
                    sig = dsa.sign_internal(ps, h(t["message"]), sk, rnd)
                else:
                    sig = dsa.sign(ps, h(t["message"]), h(t.get("context", "")), sk, rnd, ph)
                return sig == h(exp["signature"]) or "signature differs"
            report.run_case("sigGen tc %d (%s %s)" % (t["tcId"], ps, kind), case)
        if os.environ.get("KF_TEST_TIMES"):
            print("  %.2f s" % (time.time() - t0))


def acvp_sigver(dsa, report):
    prompt = kf.read_json("acvp/ML-DSA-sigVer-FIPS204/prompt.json")
    ans = join(kf.read_json("acvp/ML-DSA-sigVer-FIPS204/expectedResults.json"))
    for g in prompt["testGroups"]:
        ps, kind = g["parameterSet"], group_kind(g)
        report.section("ACVP sigVer tg %d %s %s" % (g["tgId"], ps[7:], kind))
        for t in g["tests"]:
            ph = None
            if kind == "preHash":
                if t["hashAlg"] not in PREHASH:
                    report.skip()
                    continue
                ph = PREHASH[t["hashAlg"]][0]
            want = ans[t["tcId"]]["testPassed"] in (True, "True", "true")

            def case(t=t, ps=ps, ph=ph, kind=kind, want=want):
                pk, sig = h(t["pk"]), h(t["signature"])
                if kind == "internal-mu":
                    rc = dsa.verify_mu(ps, h(t["mu"]), sig, pk)
                elif kind == "internal":
                    rc = dsa.verify_internal(ps, h(t["message"]), sig, pk)
                else:
                    rc = dsa.verify(ps, h(t["message"]), h(t.get("context", "")), sig, pk, ph)
                if want:
                    return rc == kf.KF_OK or "valid signature rejected (%d)" % rc
                return rc == KF_ERR_BAD_SIGNATURE or "invalid signature gave %d" % rc
            report.run_case("sigVer tc %d (%s %s)" % (t["tcId"], ps, kind), case)


# ---- named errors ----------------------------------------------------------------------------
def errors(dsa, lib, report):
    report.section("named errors")
    ps = "ML-DSA-44"
    param, pkb, skb, sigb = SETS[ps][:4]
    pk, sk = dsa.keygen_internal(ps, b"\1" * 32)
    msg = b"message"
    sig = dsa.sign(ps, msg, b"", sk)
    buf = ctypes.create_string_buffer(sigb + 10)
    mu = external_mu(pk, b"\0\0" + msg)
    c = report.check
    for p_, v in SETS.items():
        c(lib.kf_mldsa_pk_bytes(v[0]) == v[1] and lib.kf_mldsa_sk_bytes(v[0]) == v[2] and
          lib.kf_mldsa_sig_bytes(v[0]) == v[3], "sizes of %s" % p_)
    c(lib.kf_mldsa_sig_bytes(0) == 0 and lib.kf_mldsa_pk_bytes(45) == 0 and lib.kf_mldsa_sk_bytes(3) == 0,
      "size of unknown set")
    pk2, sk2 = ctypes.create_string_buffer(pkb), ctypes.create_string_buffer(skb)
    c(lib.kf_mldsa_keygen_internal(43, pk2, sk2, b"\0" * 32) == KF_ERR_BAD_ALGORITHM, "keygen: unknown set")
    c(lib.kf_mldsa_keygen_internal(param, None, sk2, b"\0" * 32) == KF_ERR_NULL_POINTER, "keygen: NULL pk")
    c(lib.kf_mldsa_keygen_internal(param, pk2, sk2, None) == KF_ERR_NULL_POINTER, "keygen: NULL xi")
    c(lib.kf_mldsa_keygen(2, pk2, sk2) == KF_ERR_BAD_ALGORITHM, "keygen (OS random): unknown set")
    # signing
    c(lib.kf_mldsa_sign(param, buf, sigb, msg, len(msg), b"x" * 256, 256, None, sk, skb) == KF_ERR_BAD_CONTEXT,
      "sign: context of 256 bytes")
    c(buf.raw[:sigb] == b"\0" * sigb, "sign: output not zeroed after an error")
    c(lib.kf_mldsa_sign(param, buf, sigb, msg, len(msg), b"x" * 255, 255, None, sk, skb) == kf.KF_OK,
      "sign: context of 255 bytes")
    c(lib.kf_mldsa_sign(param, buf, sigb, msg, len(msg), None, 0, None, sk, skb - 1) == KF_ERR_BAD_LENGTH,
      "sign: short sk")
    c(lib.kf_mldsa_sign(param, buf, sigb, msg, len(msg), None, 0, None, sk + b"\0", skb + 1) == KF_ERR_BAD_LENGTH,
      "sign: long sk")
    c(lib.kf_mldsa_sign(param, buf, sigb - 1, msg, len(msg), None, 0, None, sk, skb) == KF_ERR_BAD_LENGTH,
      "sign: short signature buffer")
    c(lib.kf_mldsa_sign(65, buf, sigb, msg, len(msg), None, 0, None, sk, skb) == KF_ERR_BAD_LENGTH,
      "sign: a 44 key given as 65")
    c(lib.kf_mldsa_sign(9, buf, sigb, msg, len(msg), None, 0, None, sk, skb) == KF_ERR_BAD_ALGORITHM,
      "sign: unknown set")
    c(lib.kf_mldsa_sign(param, None, 0, msg, len(msg), None, 0, None, sk, skb) == KF_ERR_NULL_POINTER,
      "sign: NULL signature")
    c(lib.kf_mldsa_sign(param, buf, sigb, None, 3, None, 0, None, sk, skb) == KF_ERR_NULL_POINTER,
      "sign: NULL message")
    c(lib.kf_mldsa_hash_sign(param, 7, buf, sigb, msg, len(msg), None, 0, None, sk, skb) == KF_ERR_BAD_ALGORITHM,
      "hash_sign: unknown pre-hash")
    c(lib.kf_mldsa_hash_sign(param, 1, buf, sigb, msg, len(msg), b"x" * 300, 300, None, sk, skb) ==
      KF_ERR_BAD_CONTEXT, "hash_sign: context of 300 bytes")
    c(lib.kf_mldsa_sign_mu(param, buf, sigb, None, None, sk, skb) == KF_ERR_NULL_POINTER, "sign_mu: NULL mu")
    c(lib.kf_mldsa_sign_internal(param, buf, sigb - 1, msg, len(msg), None, sk, skb) == KF_ERR_BAD_LENGTH,
      "sign_internal: short signature buffer")
    # a private key with an s1 coefficient outside [-eta, eta] (packed value 7 > 2 eta)
    bad = bytearray(sk)
    bad[128] |= 0x07
    c(lib.kf_mldsa_sign(param, buf, sigb, msg, len(msg), None, 0, None, bytes(bad), skb) == KF_ERR_BAD_KEY,
      "sign: s1 out of range not KF_ERR_BAD_KEY")
    c(buf.raw[:sigb] == b"\0" * sigb, "sign: output not zeroed after KF_ERR_BAD_KEY")
    # a private key whose t0 coefficients all sit at +-2^12 (in range, so skDecode takes it):
    # c t0 then makes more hints than omega in nearly every attempt; deterministic signing of
    # b"n" under this key (seen: all 1000 attempts rejected, 0.3 s) must stop at the bound
    k = SETS[ps][4]
    bits = hashlib.shake_256(b"t0 at its extremes").digest(32 * k)
    t0 = pack13([0 if (bits[i // 8] >> (i % 8)) & 1 else 8191 for i in range(256 * k)])
    crafted = sk[:skb - 416 * k] + t0
    c(lib.kf_mldsa_sign(param, buf, sigb, b"n", 1, None, 0, None, crafted, skb) == KF_ERR_BAD_STATE,
      "sign: 1000 rejected attempts not KF_ERR_BAD_STATE")
    c(buf.raw[:sigb] == b"\0" * sigb, "sign: output not zeroed after KF_ERR_BAD_STATE")
    # verification
    c(dsa.verify(ps, msg, b"", sig, pk) == kf.KF_OK, "verify: valid")
    c(dsa.verify_mu(ps, mu, sig, pk) == kf.KF_OK, "verify_mu: valid")
    c(dsa.verify_internal(ps, b"\0\0" + msg, sig, pk) == kf.KF_OK, "verify_internal: valid")
    c(lib.kf_mldsa_verify(param, msg, len(msg), b"x" * 256, 256, sig, sigb, pk, pkb) == KF_ERR_BAD_CONTEXT,
      "verify: context of 256 bytes")
    c(lib.kf_mldsa_hash_verify(param, 2, msg, len(msg), b"x" * 256, 256, sig, sigb, pk, pkb) == KF_ERR_BAD_CONTEXT,
      "hash_verify: context of 256 bytes")
    c(lib.kf_mldsa_hash_verify(param, 0, msg, len(msg), None, 0, sig, sigb, pk, pkb) == KF_ERR_BAD_ALGORITHM,
      "hash_verify: unknown pre-hash")
    for ln in (0, 1, sigb - 1, sigb + 1, 2 * sigb):
        s = (sig * 2)[:ln]
        c(lib.kf_mldsa_verify(param, msg, len(msg), None, 0, s if ln else None, ln, pk, pkb) ==
          KF_ERR_BAD_LENGTH, "verify: signature of %d bytes" % ln)
        c(lib.kf_mldsa_verify_internal(param, msg, len(msg), s if ln else None, ln, pk, pkb) ==
          KF_ERR_BAD_LENGTH, "verify_internal: signature of %d bytes" % ln)
        c(lib.kf_mldsa_verify_mu(param, mu, s if ln else None, ln, pk, pkb) == KF_ERR_BAD_LENGTH,
          "verify_mu: signature of %d bytes" % ln)
    c(lib.kf_mldsa_verify(param, msg, len(msg), None, 0, sig, sigb, pk[:-1], pkb - 1) == KF_ERR_BAD_LENGTH,
      "verify: short pk")
    c(lib.kf_mldsa_verify(param, msg, len(msg), None, 0, sig, sigb, pk + b"\0", pkb + 1) == KF_ERR_BAD_LENGTH,
      "verify: long pk")
    c(lib.kf_mldsa_verify(0, msg, len(msg), None, 0, sig, sigb, pk, pkb) == KF_ERR_BAD_ALGORITHM,
      "verify: unknown set")
    c(lib.kf_mldsa_verify(param, None, 5, None, 0, sig, sigb, pk, pkb) == KF_ERR_NULL_POINTER,
      "verify: NULL message")
    c(lib.kf_mldsa_verify_mu(param, None, sig, sigb, pk, pkb) == KF_ERR_NULL_POINTER, "verify_mu: NULL mu")
    c(dsa.verify(ps, msg, b"", b"\0" * sigb, pk) == KF_ERR_BAD_SIGNATURE, "verify: zero signature")
    c(dsa.verify(ps, msg, b"", b"\xff" * sigb, pk) == KF_ERR_BAD_SIGNATURE, "verify: all-ones signature")


def pack13(vals):
    """BitPack's 13-bit values, least significant bit first (t0's field of sk)."""
    acc, n, out = 0, 0, bytearray()
    for v in vals:
        acc |= (v & 0x1FFF) << n
        n += 13
        while n >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            n -= 8
    return bytes(out)


# ---- round trips, bit flips, malformed signatures ------------------------------------------------
def round_trips(dsa, report, rng):
    report.section("round trips")
    for ps in SETS:
        pk, sk = dsa.keygen(ps)
        for rnd in (None, rng.randbytes(32)):
            msg, ctx = rng.randbytes(rng.randrange(0, 100)), rng.randbytes(rng.randrange(0, 256))
            sig = dsa.sign(ps, msg, ctx, sk, rnd)
            report.check(dsa.verify(ps, msg, ctx, sig, pk) == kf.KF_OK, "%s pure round trip" % ps)
            report.check(dsa.verify(ps, msg + b"x", ctx, sig, pk) == KF_ERR_BAD_SIGNATURE,
                         "%s pure: other message accepted" % ps)
            mprime = bytes([0, len(ctx)]) + ctx + msg
            report.check(dsa.verify_internal(ps, mprime, sig, pk) == kf.KF_OK, "%s pure as internal" % ps)
            report.check(dsa.verify_mu(ps, external_mu(pk, mprime), sig, pk) == kf.KF_OK, "%s pure as mu" % ps)
        report.check(dsa.sign(ps, b"m", b"c", sk) == dsa.sign(ps, b"m", b"c", sk), "%s deterministic twice" % ps)
        report.check(dsa.sign(ps, b"m", b"c", sk, b"\0" * 32) == dsa.sign(ps, b"m", b"c", sk),
                     "%s rnd NULL is rnd = 0^32" % ps)
        sig = dsa.sign_internal(ps, b"internal", sk, rng.randbytes(32))
        report.check(dsa.verify_internal(ps, b"internal", sig, pk) == kf.KF_OK, "%s internal round trip" % ps)
        mu = rng.randbytes(64)
        sig = dsa.sign_mu(ps, mu, sk, rng.randbytes(32))
        report.check(dsa.verify_mu(ps, mu, sig, pk) == kf.KF_OK, "%s mu round trip" % ps)
        for name in sorted(PREHASH):
            ph = PREHASH[name][0]
            msg, ctx = rng.randbytes(50), rng.randbytes(7)
            sig = dsa.sign(ps, msg, ctx, sk, rng.randbytes(32), ph)
            report.check(dsa.verify(ps, msg, ctx, sig, pk, ph) == kf.KF_OK, "%s %s round trip" % (ps, name))
            other = PREHASH[sorted(PREHASH)[(sorted(PREHASH).index(name) + 1) % 6]][0]
            report.check(dsa.verify(ps, msg, ctx, sig, pk, other) == KF_ERR_BAD_SIGNATURE,
                         "%s %s: verified with another pre-hash" % (ps, name))
            report.check(dsa.verify(ps, msg, ctx, sig, pk) == KF_ERR_BAD_SIGNATURE,
                         "%s %s: verified as pure" % (ps, name))


def flip(data, bit):
    b = bytearray(data)
    b[bit // 8] ^= 1 << (bit % 8)
    return bytes(b)


QUICK = False     # --quick: QUICK_BITS random signature bits per set instead of all of them
QUICK_BITS = 300


def bit_flips(dsa, report, rng):
    report.section("signature bits flipped (%s)" % ("%d random" % QUICK_BITS if QUICK else "every bit"))
    for ps in SETS:
        pk, sk = dsa.keygen(ps)
        msg, ctx = rng.randbytes(40), rng.randbytes(12)
        sig = dsa.sign(ps, msg, ctx, sk, rng.randbytes(32))
        report.check(dsa.verify(ps, msg, ctx, sig, pk) == kf.KF_OK, "%s base signature" % ps)
        nbits = len(sig) * 8
        bits = range(nbits) if not QUICK else sorted({0, 7, nbits - 8, nbits - 1} |
                                                     {rng.randrange(nbits) for _ in range(QUICK_BITS)})
        accepted = [b for b in bits if dsa.verify(ps, msg, ctx, flip(sig, b), pk) != KF_ERR_BAD_SIGNATURE]
        report.check(not accepted, "%s: %d flipped signatures not rejected, first bits %s" % (ps, len(accepted), accepted[:5]))
        report.check(all(dsa.verify(ps, flip(msg, b), ctx, sig, pk) == KF_ERR_BAD_SIGNATURE
                         for b in range(len(msg) * 8)), "%s message bit flipped: accepted" % ps)
        report.check(all(dsa.verify(ps, msg, flip(ctx, b), sig, pk) == KF_ERR_BAD_SIGNATURE
                         for b in range(len(ctx) * 8)), "%s context bit flipped: accepted" % ps)
        report.check(dsa.verify(ps, msg, ctx + b"\0", sig, pk) == KF_ERR_BAD_SIGNATURE,
                     "%s longer context accepted" % ps)
        report.check(dsa.verify(ps, msg, b"", sig, pk) == KF_ERR_BAD_SIGNATURE, "%s empty context accepted" % ps)
        for b in {0, len(pk) * 8 - 1} | {rng.randrange(len(pk) * 8) for _ in range(32)}:
            report.check(dsa.verify(ps, msg, ctx, sig, flip(pk, b)) == KF_ERR_BAD_SIGNATURE,
                         "%s public key bit %d flipped: accepted" % (ps, b))


def hint_layout(ps, sig):
    """(offset of the hint bytes, omega, k, the index lists per polynomial) of a signature."""
    _, _, _, sigb, k, _, omega = SETS[ps][:7]
    off = sigb - omega - k
    y = sig[off:]
    counts = list(y[omega:])
    lists, prev = [], 0
    for c in counts:
        lists.append(list(y[prev:c]))
        prev = c
    return off, omega, k, lists


def encode_hint(omega, k, lists):
    idx, counts = [], []
    for lst in lists:
        idx += lst
        counts.append(len(idx))
    return bytes(idx + [0] * (omega - len(idx)) + counts)


def malformed(dsa, report, rng):
    report.section("malformed hints rejected")
    for ps in SETS:
        pk, sk = dsa.keygen(ps)
        # a signature with a polynomial holding two or more hint indices (most have)
        for _ in range(100):
            msg = rng.randbytes(20)
            sig = dsa.sign(ps, msg, b"", sk, rng.randbytes(32))
            off, omega, k, lists = hint_layout(ps, sig)
            multi = [i for i, lst in enumerate(lists) if len(lst) >= 2]
            total = sum(len(lst) for lst in lists)
            if multi and total < omega:
                break
        else:
            report.fail("%s: no signature with two hints in one polynomial" % ps)
            continue
        c = report.check
        c(encode_hint(omega, k, lists) == sig[off:], "%s: hint re-encoding differs" % ps)
        c(dsa.verify(ps, msg, b"", sig, pk) == kf.KF_OK, "%s: base signature" % ps)
        i = multi[0]

        def with_hint(y):
            return sig[:off] + y

        # the same hint set, indices out of order: verifies unless the order is checked
        swapped = [lst[:] for lst in lists]
        swapped[i][0], swapped[i][1] = swapped[i][1], swapped[i][0]
        c(dsa.verify(ps, msg, b"", with_hint(encode_hint(omega, k, swapped)), pk) == KF_ERR_BAD_SIGNATURE,
          "%s: hint indices out of order accepted" % ps)
        # an index repeated
        dup = [lst[:] for lst in lists]
        dup[i][1] = dup[i][0]
        c(dsa.verify(ps, msg, b"", with_hint(encode_hint(omega, k, dup)), pk) == KF_ERR_BAD_SIGNATURE,
          "%s: repeated hint index accepted" % ps)
        # non-zero padding after the last index: the same hint set otherwise
        y = bytearray(sig[off:])
        y[omega - 1] = 1
        c(dsa.verify(ps, msg, b"", with_hint(bytes(y)), pk) == KF_ERR_BAD_SIGNATURE,
          "%s: non-zero hint padding accepted" % ps)
        # a count past omega, and counts that decrease
        for j, v in ((k - 1, omega + 1), (k - 1, 255), (0, omega + 1)):
            y = bytearray(sig[off:])
            y[omega + j] = v
            c(dsa.verify(ps, msg, b"", with_hint(bytes(y)), pk) == KF_ERR_BAD_SIGNATURE,
              "%s: hint count %d of polynomial %d accepted" % (ps, v, j))
        y = bytearray(sig[off:])
        if y[omega + 1] > 0:
            y[omega], y[omega + 1] = y[omega + 1], y[omega] - 1 if y[omega] > 0 else 0
            if y[omega] > y[omega + 1]:
                c(dsa.verify(ps, msg, b"", with_hint(bytes(y)), pk) == KF_ERR_BAD_SIGNATURE,
                  "%s: decreasing hint counts accepted" % ps)


def z_out_of_bounds(dsa, report, rng):
    """A signature whose only fault is a z coefficient at or past gamma1 - beta: dilithium-py's
    signer with its z check switched off makes it, its verifier with the check off accepts it."""
    report.section("z past gamma1 - beta rejected")
    try:
        if os.environ.get("KF_SKIP_PYCRYPTODOME"):
            raise ImportError("skipped under the sanitizer build")
        from dilithium_py.ml_dsa import ML_DSA_44
        from dilithium_py.modules.modules import Matrix   # Vector's norm check is Matrix's
    except ImportError:
        report.oracle_missing("dilithium-py")
        return
    ps = "ML-DSA-44"
    gamma1, beta = SETS[ps][9], SETS[ps][10]
    bound = gamma1 - beta
    orig = Matrix.check_norm_bound

    def lenient(self, b):
        return False if b == bound else orig(self, b)
    pk, sk = ML_DSA_44.key_derive(rng.randbytes(32))
    found = None
    Matrix.check_norm_bound = lenient
    try:
        for _ in range(40):
            msg = rng.randbytes(16)
            sig = ML_DSA_44.sign(sk, msg, deterministic=True)
            _, z, _ = ML_DSA_44._unpack_sig(sig)
            if orig(z, bound) and not orig(z, gamma1):   # past the bound, still inside the encoding
                if ML_DSA_44.verify(pk, msg, sig):       # valid but for the z check
                    found = (msg, sig)
                    break
    finally:
        Matrix.check_norm_bound = orig
    if not report.check(found is not None, "no signature with z past the bound made"):
        return
    msg, sig = found
    report.check(ML_DSA_44.verify(pk, msg, sig) is False, "dilithium-py accepts z past the bound")
    report.check(dsa.verify(ps, msg, b"", sig, pk) == KF_ERR_BAD_SIGNATURE, "z past gamma1 - beta accepted")


def batch(dsa, lib, report, rng):
    """kf_mldsa_verify_batch against kf_mldsa_verify, item by item: runs of signatures under one
    key (the shared ExpandA), keys changing, windows of 8 and the rest, and every kind of bad
    item among good ones."""
    report.section("verify_batch = verify, item by item")
    if isinstance(lib, kf.RemoteLib):   # the items hold host pointers: not for kf_rpc
        print("  the library runs in a kf_rpc server (cross build): kf_mldsa_verify_batch's items are host "
              "pointers: skipped (the native build runs it)")
        report.skip(1)
        return
    for ps in SETS:
        param, pkb, _, sigb = SETS[ps][:4]
        keys = [dsa.keygen_internal(ps, rng.randbytes(32)) for _ in range(3)]
        cases = []   # (msg, ctx, sig, pk) as bytes or None
        for n in range(21):
            pk, sk = keys[0 if n < 9 else (1 if n % 3 else 2)]
            msg, ctx = rng.randbytes(rng.randrange(0, 70)), rng.randbytes(rng.choice([0, 5, 255]))
            sig = dsa.sign(ps, msg, ctx, sk, rng.randbytes(32))
            kind = n % 7
            if kind == 2:
                sig = flip(sig, rng.randrange(len(sig) * 8))
            elif kind == 4:
                msg = msg + b"x"
            elif kind == 5 and n > 10:
                sig = sig[:-1]          # wrong length
            elif kind == 6 and n > 10:
                ctx = b"c" * 256        # context too long
            cases.append((msg, ctx, sig, pk))
        cases.append((b"m", b"", b"\0" * sigb, keys[0][0]))      # zero signature
        cases.append((b"m", b"", keys[0][1][:sigb], keys[1][0]))  # garbage
        keep = []   # the buffers the items point into
        items = (VerifyItem * len(cases))()
        for it, (msg, ctx, sig, pk) in zip(items, cases):
            bufs = [ctypes.create_string_buffer(x, len(x)) if x else None for x in (msg, ctx, sig, pk)]
            keep.append(bufs)
            it.msg, it.msglen = (ctypes.cast(bufs[0], _p) if bufs[0] else None), len(msg)
            it.ctx, it.ctxlen = (ctypes.cast(bufs[1], _p) if bufs[1] else None), len(ctx)
            it.sig, it.siglen = ctypes.cast(bufs[2], _p), len(sig)
            it.pk, it.pklen = ctypes.cast(bufs[3], _p), len(pk)
        results = (ctypes.c_int * len(cases))()
        rc = lib.kf_mldsa_verify_batch(param, len(cases), items, results)
        want = [dsa.verify(ps, msg, ctx, sig, pk) for msg, ctx, sig, pk in cases]
        got = list(results)
        report.check(got == want, "%s: batch %s, singles %s" % (ps, got, want))
        first = next((w for w in want if w != kf.KF_OK), kf.KF_OK)
        report.check(rc == first, "%s: batch returned %d, first non-OK result %d" % (ps, rc, first))
        report.check(kf.KF_OK in got and KF_ERR_BAD_SIGNATURE in got and KF_ERR_BAD_LENGTH in got and
                     KF_ERR_BAD_CONTEXT in got, "%s: the mix lacks a kind of result: %s" % (ps, got))
        ok_items = (VerifyItem * 9)(*[items[i] for i in range(len(cases)) if want[i] == kf.KF_OK][:9])
        res9 = (ctypes.c_int * 9)()
        report.check(lib.kf_mldsa_verify_batch(param, 9, ok_items, res9) == kf.KF_OK and list(res9) == [0] * 9,
                     "%s: nine valid items" % ps)
    report.check(lib.kf_mldsa_verify_batch(44, 0, None, None) == kf.KF_OK, "count 0")
    report.check(lib.kf_mldsa_verify_batch(44, 1, None, None) == KF_ERR_NULL_POINTER, "NULL items")
    it1 = (VerifyItem * 1)()
    res1 = (ctypes.c_int * 1)(5)
    report.check(lib.kf_mldsa_verify_batch(45, 1, it1, res1) == KF_ERR_BAD_ALGORITHM and res1[0] == KF_ERR_BAD_ALGORITHM,
                 "unknown set")


# ---- differential against dilithium-py ------------------------------------------------------------
def differential(dsa, report, rng):
    report.section("differential vs dilithium-py (PyPI)")
    try:
        if os.environ.get("KF_SKIP_PYCRYPTODOME"):   # sanitizer build: oracles run in the normal one
            raise ImportError("skipped under the sanitizer build")
        from dilithium_py.ml_dsa import ML_DSA_44, ML_DSA_65, ML_DSA_87
        from dilithium_py.ml_dsa.hash_ml_dsa import HashML_DSA  # noqa: F401 (FIPS 204 final API)
    except ImportError:
        report.oracle_missing("dilithium-py")
        return
    objs = {"ML-DSA-44": ML_DSA_44, "ML-DSA-65": ML_DSA_65, "ML-DSA-87": ML_DSA_87}
    for ps, theirs in objs.items():
        for i in range(1 if QUICK else 3):
            xi = rng.randbytes(32)
            msg = rng.randbytes(rng.choice([0, 1, 33, 200, 1000]))
            ctx = rng.randbytes(rng.choice([0, 1, 255]))
            label = "%s #%d" % (ps, i)
            pk, sk = dsa.keygen_internal(ps, xi)
            tpk, tsk = theirs.key_derive(xi)
            if not report.check(pk == tpk and sk == tsk, label + " keys from the same seed differ"):
                continue
            report.run_case(label + " pure det sign",
                            lambda: dsa.sign(ps, msg, ctx, sk) == theirs.sign(sk, msg, ctx, deterministic=True))
            mu = theirs.prehash_external_mu(pk, msg, ctx)
            report.run_case(label + " external mu det sign",
                            lambda: dsa.sign_mu(ps, mu, sk) == theirs.sign_external_mu(sk, mu, deterministic=True))
            phname = rng.choice(sorted(PREHASH))
            ph, fn, oid = PREHASH[phname]
            mprime = bytes([1, len(ctx)]) + ctx + oid + fn(msg)
            report.run_case(label + " prehash %s det sign" % phname,
                            lambda: dsa.sign(ps, msg, ctx, sk, None, ph) ==
                            theirs._sign_internal(sk, mprime, b"\0" * 32))
            report.run_case(label + " their hedged sig, our verify",
                            lambda: dsa.verify(ps, msg, ctx, theirs.sign(sk, msg, ctx), pk) == kf.KF_OK)
            ours = dsa.sign(ps, msg, ctx, sk, rng.randbytes(32))
            report.run_case(label + " our hedged sig, their verify", lambda: theirs.verify(pk, msg, ours, ctx) is True)
            ours = dsa.sign(ps, msg, ctx, sk, rng.randbytes(32), ph)
            report.run_case(label + " our hedged prehash sig, their verify",
                            lambda: theirs._verify_internal(pk, mprime, ours) is True)


def differential_pyca(dsa, report, rng):
    """pyca/cryptography's ML-DSA (OpenSSL inside): public keys from the same seed identical,
    each side verifies the other's (hedged) signatures, pure with a context and from mu. It
    signs hedged only, so signatures are not compared byte for byte (dilithium-py's are)."""
    report.section("differential vs pyca/cryptography (PyPI)")
    try:
        if os.environ.get("KF_SKIP_PYCRYPTODOME"):
            raise ImportError("skipped under the sanitizer build")
        from cryptography.hazmat.primitives.asymmetric import mldsa
    except ImportError:
        report.oracle_missing("cryptography (46 or later, with ML-DSA)")
        return
    for ps in SETS:
        cls = getattr(mldsa, "MLDSA%sPrivateKey" % ps[-2:])
        for i in range(1 if QUICK else 2):
            xi = rng.randbytes(32)
            label = "%s #%d" % (ps, i)
            pk, sk = dsa.keygen_internal(ps, xi)
            theirs = cls.from_seed_bytes(xi)
            tpub = theirs.public_key()
            if not report.check(tpub.public_bytes_raw() == pk, label + " public keys from the same seed differ"):
                continue
            msg, ctx = rng.randbytes(rng.choice([0, 1, 100, 3000])), rng.randbytes(rng.choice([0, 7, 255]))
            report.run_case(label + " their sig, our verify",
                            lambda: dsa.verify(ps, msg, ctx, theirs.sign(msg, ctx), pk) == kf.KF_OK)
            ours = dsa.sign(ps, msg, ctx, sk, rng.randbytes(32))

            def their_verify():
                try:
                    tpub.verify(ours, msg, ctx)
                    return True
                except Exception as e:
                    return "cryptography rejects our signature: %r" % e
            report.run_case(label + " our sig, their verify", their_verify)
            if not hasattr(theirs, "sign_mu") or not hasattr(tpub, "verify_mu"):
                if i == 0 and ps == "ML-DSA-44":   # external mu came to pyca/cryptography after its first ML-DSA
                    print("  cryptography %s has no sign_mu/verify_mu: the external-mu comparisons are skipped"
                          % getattr(sys.modules.get("cryptography"), "__version__", "?"))
                report.skip(1)
                continue
            mu = rng.randbytes(64)
            report.run_case(label + " their sign_mu, our verify_mu",
                            lambda: dsa.verify_mu(ps, mu, theirs.sign_mu(mu), pk) == kf.KF_OK)
            ours_mu = dsa.sign_mu(ps, mu, sk, rng.randbytes(32))

            def their_verify_mu():
                try:
                    tpub.verify_mu(ours_mu, mu)
                    return True
                except Exception as e:
                    return "cryptography rejects our mu signature: %r" % e
            report.run_case(label + " our sign_mu, their verify_mu", their_verify_mu)


def run(args, lib, api, report):
    global QUICK
    QUICK = args.quick
    dsa = Dsa(lib)
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    print("random seed %d (--seed to repeat)" % seed)
    rng = random.Random(seed)
    if kf.part(args, "oracles"):
        errors(dsa, lib, report)
        round_trips(dsa, report, rng)
        bit_flips(dsa, report, rng)
        malformed(dsa, report, rng)
        z_out_of_bounds(dsa, report, rng)
        batch(dsa, lib, report, rng)
        differential(dsa, report, rng)
        differential_pyca(dsa, report, rng)
    if kf.part(args, "vectors"):
        acvp_keygen(dsa, report)
        acvp_sigver(dsa, report)
        acvp_siggen(dsa, report)


def extra(ap):
    ap.add_argument("--quick", action="store_true",
                    help="flip %d random bits of each signature, not all, and one key per set in the "
                         "differential tests (sanitizers, emulators)" % QUICK_BITS)


if __name__ == "__main__":
    kf.main(run, extra)
