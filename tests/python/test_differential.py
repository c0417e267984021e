#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_differential.py - libkeccakforge against independent implementations on random inputs:
Python's hashlib (SHA3-*, SHAKE*) and, when importable, pycryptodome (SHA3, SHAKE, cSHAKE,
KMAC, TupleHash, TurboSHAKE, KangarooTwelve = KT128).

For every message length 0 .. 3*rate the library hashes a random message fed in 1-4 random
pieces (kf_hash_update / kf_xof_absorb / ..._update), and XOF output is squeezed in random
pieces of a random total length. The random generator is seeded (--seed, default: random) and
the seed is printed so a failure reproduces with --seed N.

The whole file takes about 1 s per backend, even with the slow 'ref' backend (about 1.2 s
measured), so every backend gets every length. --quick keeps every length for SHA3-256 and
SHAKE128 only and samples the others (every 5th length plus the block boundaries).
"""
import hashlib
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kf  # noqa: E402

# Under AddressSanitizer (LD_PRELOAD of libasan) pycryptodome cannot load: it dlopens its
# modules with RTLD_DEEPBIND, which the sanitizer runtime refuses by aborting the process.
# The sanitizer build sets KF_SKIP_PYCRYPTODOME; its comparisons run in the normal build.
try:
    if os.environ.get("KF_SKIP_PYCRYPTODOME"):
        raise ImportError("skipped under the sanitizer build")
    from Crypto.Hash import (SHA3_224, SHA3_256, SHA3_384, SHA3_512, SHAKE128, SHAKE256,
                             cSHAKE128, cSHAKE256, KMAC128, KMAC256, TupleHash128, TupleHash256,
                             TurboSHAKE128, TurboSHAKE256, KangarooTwelve)
    HAVE_PYCRYPTODOME = True
except ImportError:
    HAVE_PYCRYPTODOME = False


def pieces(rng, data, maxn=4):
    """data cut at random points into 1..maxn pieces (some possibly empty)."""
    k = rng.randint(1, maxn)
    cuts = sorted(rng.randint(0, len(data)) for _ in range(k - 1))
    out, prev = [], 0
    for c in cuts + [len(data)]:
        out.append(data[prev:c])
        prev = c
    return out


def squeeze_pieces(rng, squeeze, n):
    """n output bytes squeezed in 1..4 random pieces."""
    out = b""
    for p in pieces(rng, bytes(n)):
        out += squeeze(len(p))
    return out


def lengths(rate, full, rng):
    """Message lengths 0..3*rate: all of them, or (sampled) every 5th plus the boundaries."""
    top = 3 * rate
    if full:
        return list(range(top + 1))
    s = set(range(0, top + 1, 5))
    for b in (rate, 2 * rate, 3 * rate):
        s.update(x for x in range(b - 2, b + 3) if 0 <= x <= top)
    return sorted(s)


class Ctx:
    def __init__(self, args, api, report, rng, slow_backend):
        self.args, self.api, self.report, self.rng = args, api, report, rng
        self.slow = slow_backend

    def case(self, label, fn):
        self.report.run_case(label, fn)


# ---- hashlib ----------------------------------------------------------------------------
SHA3 = [("SHA3-224", kf.KF_SHA3_224, 144, "sha3_224"), ("SHA3-256", kf.KF_SHA3_256, 136, "sha3_256"),
        ("SHA3-384", kf.KF_SHA3_384, 104, "sha3_384"), ("SHA3-512", kf.KF_SHA3_512, 72, "sha3_512")]


def hashlib_sha3(t, name, alg, rate, hname):
    api, rng = t.api, t.rng
    full = not t.slow or name == "SHA3-256"
    for L in lengths(rate, full, rng):
        msg = rng.randbytes(L)

        def one():
            want = hashlib.new(hname, msg).digest()
            c = api.hash_init(alg)
            for p in pieces(rng, msg):
                api.hash_update(c, p)
            got = api.hash_final(c, alg)
            if got != want:
                return "incremental: %s, expected %s" % (got.hex(), want.hex())
            if api.hash(alg, msg) != want:
                return "one-shot differs"
            return True
        t.case("%s len %d" % (name, L), one)


def hashlib_shake(t, bits):
    api, rng = t.api, t.rng
    rate = 168 if bits == 128 else 136
    full = not t.slow or bits == 128
    for L in lengths(rate, full, rng):
        msg = rng.randbytes(L)
        n = rng.randint(0, 2 * rate + 8)

        def one():
            want = hashlib.new("shake_%d" % bits, msg).digest(n)
            c = api.xof_init("shake%d" % bits)
            for p in pieces(rng, msg):
                api.xof_absorb(c, p)
            got = squeeze_pieces(rng, lambda k: api.xof_squeeze(c, k), n)
            if got != want:
                return "incremental, out %d: %s, expected %s" % (n, got.hex()[:64], want.hex()[:64])
            if api.shake(bits, msg, n) != want:
                return "one-shot differs (out %d)" % n
            return True
        t.case("SHAKE%d len %d" % (bits, L), one)


# ---- pycryptodome -------------------------------------------------------------------------
def pc_sha3(t):
    api, rng = t.api, t.rng
    mods = {kf.KF_SHA3_224: SHA3_224, kf.KF_SHA3_256: SHA3_256, kf.KF_SHA3_384: SHA3_384,
            kf.KF_SHA3_512: SHA3_512}
    for name, alg, rate, _ in SHA3:
        for L in lengths(rate, False, rng):
            msg = rng.randbytes(L)

            def one():
                c = api.hash_init(alg)
                for p in pieces(rng, msg):
                    api.hash_update(c, p)
                return api.hash_final(c, alg) == mods[alg].new(msg).digest()
            t.case("pycryptodome %s len %d" % (name, L), one)


def pc_xof(t, label, rate, lib_init, oracle):
    """lib_init() -> library XOF ctx; oracle(msg, n) -> expected bytes."""
    api, rng = t.api, t.rng
    for L in lengths(rate, not t.slow, rng):
        msg = rng.randbytes(L)
        n = rng.randint(0, 2 * rate + 8)

        def one():
            c = lib_init()
            for p in pieces(rng, msg):
                api.xof_absorb(c, p)
            got = squeeze_pieces(rng, lambda k: api.xof_squeeze(c, k), n)
            want = oracle(msg, n)
            return got == want or "out %d: %s, expected %s" % (n, got.hex()[:64], want.hex()[:64])
        t.case("pycryptodome %s len %d" % (label, L), one)


def pc_kmac(t, bits):
    api, rng = t.api, t.rng
    rate = 168 if bits == 128 else 136
    mod = KMAC128 if bits == 128 else KMAC256
    v = kf.KF_V128 if bits == 128 else kf.KF_V256
    for L in lengths(rate, not t.slow, rng):
        msg = rng.randbytes(L)
        kmin = bits // 8          # pycryptodome wants keys of at least the security strength
        key = rng.randbytes(rng.choice([kmin, 32, rng.randint(kmin, 2 * rate + 5)]))
        S = rng.randbytes(rng.randint(0, 40))
        n = rng.randint(8, 100)

        def one():
            c = api.kmac_init(v, key, S)
            for p in pieces(rng, msg):
                api.sp_update("kmac", c, p)
            got = api.sp_final("kmac", c, n)
            want = mod.new(key=key, data=msg, mac_len=n, custom=S).digest()
            return got == want or "key %d S %d out %d: %s, expected %s" % (
                len(key), len(S), n, got.hex()[:64], want.hex()[:64])
        t.case("pycryptodome KMAC%d len %d" % (bits, L), one)


def pc_tuplehash(t, bits):
    api, rng = t.api, t.rng
    rate = 168 if bits == 128 else 136
    mod = TupleHash128 if bits == 128 else TupleHash256
    v = kf.KF_V128 if bits == 128 else kf.KF_V256
    for L in lengths(rate, not t.slow, rng):
        elems = pieces(rng, rng.randbytes(L), 5)   # a tuple of 1..5 elements, L bytes in all
        S = rng.randbytes(rng.randint(0, 40))
        n = rng.randint(8, 100)

        def one():
            c = api.tuplehash_init(v, S)
            o = mod.new(digest_bytes=n, custom=S)
            for e in elems:
                api.sp_update("tuplehash", c, e)
                o.update(e)
            got, want = api.sp_final("tuplehash", c, n), o.digest()
            return got == want or "%d elements, S %d, out %d: %s, expected %s" % (
                len(elems), len(S), n, got.hex()[:64], want.hex()[:64])
        t.case("pycryptodome TupleHash%d len %d" % (bits, L), one)


def pc_kt128(t):
    api, rng = t.api, t.rng
    ls = lengths(168, not t.slow, rng)
    # and a few multi-chunk messages (KT switches to its tree above 8192 bytes)
    ls += [8191, 8192, 8193, 2 * 8192 + 1, rng.randint(3 * 8192, 5 * 8192)]
    for L in ls:
        msg = rng.randbytes(L)
        custom = rng.randbytes(rng.choice([0, 0, 1, rng.randint(2, 300)]))
        n = rng.randint(0, 400)

        def one():
            c = api.kt_init(kf.KF_KT128)
            for p in pieces(rng, msg):
                api.kt_update(c, p)
            api.kt_final(c, custom)
            got = squeeze_pieces(rng, lambda k: api.kt_squeeze(c, k), n)
            want = KangarooTwelve.new(data=msg, custom=custom).read(n) if n else b""
            return got == want or "C %d, out %d: %s, expected %s" % (
                len(custom), n, got.hex()[:64], want.hex()[:64])
        t.case("pycryptodome KT128 len %d" % L, one)


def run_pycryptodome(t):
    api, rng = t.api, t.rng
    t.report.section("pycryptodome: SHA3")
    pc_sha3(t)
    t.report.section("pycryptodome: SHAKE, cSHAKE")
    for bits, rate, sh, cs in ((128, 168, SHAKE128, cSHAKE128), (256, 136, SHAKE256, cSHAKE256)):
        pc_xof(t, "SHAKE%d" % bits, rate, lambda b=bits: api.xof_init("shake%d" % b),
               lambda m, n, sh=sh: sh.new(m).read(n) if n else b"")
        S = rng.randbytes(rng.randint(1, 60))
        pc_xof(t, "cSHAKE%d (S=%d bytes)" % (bits, len(S)), rate,
               lambda b=bits, S=S: api.xof_init("cshake%d" % b, b"", S),
               lambda m, n, cs=cs, S=S: cs.new(data=m, custom=S).read(n) if n else b"")
        pc_xof(t, "cSHAKE%d (empty N, S)" % bits, rate,
               lambda b=bits: api.xof_init("cshake%d" % b, b"", b""),
               lambda m, n, sh=sh: sh.new(m).read(n) if n else b"")
    t.report.section("pycryptodome: TurboSHAKE")
    for bits, rate, mod in ((128, 168, TurboSHAKE128), (256, 136, TurboSHAKE256)):
        D = rng.choice([0x1F, 0x01, 0x06, 0x07, 0x0B, 0x7F, rng.randint(1, 0x7F)])
        pc_xof(t, "TurboSHAKE%d D=0x%02X" % (bits, D), rate,
               lambda b=bits, D=D: api.xof_init("turboshake%d" % b, D),
               lambda m, n, mod=mod, D=D: mod.new(domain=D, data=m).read(n) if n else b"")
    t.report.section("pycryptodome: KMAC")
    pc_kmac(t, 128)
    pc_kmac(t, 256)
    t.report.section("pycryptodome: TupleHash")
    pc_tuplehash(t, 128)
    pc_tuplehash(t, 256)
    t.report.section("pycryptodome: KT128")
    pc_kt128(t)


def run(args, lib, api, report):
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    print("seed: %d (rerun with --seed %d)" % (seed, seed), flush=True)
    rng = random.Random(seed)
    slow = args.quick
    t = Ctx(args, api, report, rng, slow)

    report.section("hashlib: SHA3")
    for name, alg, rate, hname in SHA3:
        hashlib_sha3(t, name, alg, rate, hname)
    report.section("hashlib: SHAKE")
    hashlib_shake(t, 128)
    hashlib_shake(t, 256)

    if HAVE_PYCRYPTODOME:
        run_pycryptodome(t)
    else:
        report.section("pycryptodome (not installed)")
        report.oracle_missing("pycryptodome")


def extra_args(ap):
    ap.add_argument("--quick", action="store_true",
                    help="every length only for SHA3-256 and SHAKE128, a sample for the rest")


if __name__ == "__main__":
    kf.main(run, extra_args)
