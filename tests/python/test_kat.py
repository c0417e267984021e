#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_kat.py - known-answer tests through libkeccakforge with ctypes:
  * RFC 9861 section 5: TurboSHAKE128/256, KT128, KT256 (k12_turboshake.jsonl of the official vector directory);
  * the 36 NIST SP 800-185 example values: cSHAKE, KMAC(XOF), TupleHash(XOF), ParallelHash(XOF)
    (sp800_185_nist_samples.jsonl; official_vectors.py says where these come from).
Each vector runs one-shot where the API has a one-shot function, and incrementally (input in
two pieces, output squeezed in two pieces) otherwise or in addition. Through --rpc (a cross
build, the library under qemu) the four 24 MB inputs (ptn(17^6)) run one-shot only: their
incremental pass was most of kat[rvv-x1]'s 53 s at VLEN 128, and every other vector still
runs both ways.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kf  # noqa: E402


def ptn(n):
    """RFC 9861 ptn(n): n bytes of the repeating pattern 00 01 .. FA (byte i = i mod 251)."""
    return (bytes(range(251)) * (n // 251 + 1))[:n]


def material(d):
    kind = d["kind"]
    if kind == "empty":
        return b""
    if kind == "ptn":
        return ptn(d["len"])
    if kind == "hex":
        return bytes.fromhex(d["hex"])
    raise ValueError("unknown kind %r" % kind)


def squeeze_split(squeeze, c, n):
    """Output of n bytes taken in two pieces (exercises squeezing across calls)."""
    a = n // 3
    return squeeze(c, a) + squeeze(c, n - a)


def expected_of(v, out):
    """Compare out with the vector's expected bytes (maybe only the last bytes)."""
    exp = bytes.fromhex(v["expected"])
    if v.get("expected_is_last_bytes"):
        return out[-v["expected_is_last_bytes"]:] == exp
    return out == exp


INCREMENTAL_MAX = None  # inputs longer than this run one-shot only (set under --rpc)


def rfc9861_case(api, v):
    f, n = v["function"], v["outlen"]
    msg = material(v["msg"])
    half = len(msg) // 2
    if INCREMENTAL_MAX is not None and len(msg) > INCREMENTAL_MAX:
        if f.startswith("TurboSHAKE"):
            one = api.turboshake(int(f[10:]), msg, n, v["domain"])
        elif f in ("KT128", "KT256"):
            one = api.kt(int(f[2:]), msg, n, material(v["customization"]))
        else:
            return "unknown function %s" % f
        return True if expected_of(v, one) else "one-shot output differs"
    if f.startswith("TurboSHAKE"):
        bits = int(f[10:])
        one = api.turboshake(bits, msg, n, v["domain"])
        c = api.xof_init("turboshake%d" % bits, v["domain"])
        api.xof_absorb(c, msg[:half])
        api.xof_absorb(c, msg[half:])
        inc = squeeze_split(api.xof_squeeze, c, n)
    elif f in ("KT128", "KT256"):
        bits = int(f[2:])
        custom = material(v["customization"])
        one = api.kt(bits, msg, n, custom)
        c = api.kt_init(kf.KF_KT128 if bits == 128 else kf.KF_KT256)
        api.kt_update(c, msg[:half])
        api.kt_update(c, msg[half:])
        api.kt_final(c, custom)
        inc = squeeze_split(api.kt_squeeze, c, n)
    else:
        return "unknown function %s" % f
    if not expected_of(v, one):
        return "one-shot output differs"
    if not expected_of(v, inc):
        return "incremental output differs"
    return True


def variant(bits, xof):
    return {(128, False): kf.KF_V128, (256, False): kf.KF_V256,
            (128, True): kf.KF_V128XOF, (256, True): kf.KF_V256XOF}[(bits, bool(xof))]


def sp_finish(api, mode, c, xof, n):
    """Fixed variants: final() once. XOF variants: final() gives the first bytes, squeeze()
    the rest (taken in two calls here)."""
    if not xof:
        return api.sp_final(mode, c, n)
    a = n // 3
    return api.sp_final(mode, c, a) + api.sp_squeeze(mode, c, n - a)


def sp800185_case(api, v):
    f = v["function"]
    exp = bytes.fromhex(v["expected"])
    n = v["outlen_bits"] // 8
    S = v.get("S", "").encode()
    if f.startswith("cSHAKE"):
        bits = int(f[6:])
        msg = bytes.fromhex(v["msg"])
        N = v.get("N", "").encode()
        one = api.cshake(bits, msg, n, N, S)
        c = api.xof_init("cshake%d" % bits, N, S)
        api.xof_absorb(c, msg[:5])
        api.xof_absorb(c, msg[5:])
        inc = squeeze_split(api.xof_squeeze, c, n)
        outs = [one, inc]
    elif f.startswith("KMAC"):
        bits = int(f[4:])
        key, msg = bytes.fromhex(v["key"]), bytes.fromhex(v["msg"])
        outs = []
        if not v["xof"]:
            out = kf._out(n)
            api._call("kf_kmac%d" % bits, out, n, *kf._in(key), *kf._in(msg), *kf._in(S))
            outs.append(out.raw[:n])
        c = api.kmac_init(variant(bits, v["xof"]), key, S)
        api.sp_update("kmac", c, msg[:3])
        api.sp_update("kmac", c, msg[3:])
        outs.append(sp_finish(api, "kmac", c, v["xof"], n))
    elif f.startswith("TupleHash"):
        bits = int(f[9:])
        c = api.tuplehash_init(variant(bits, v["xof"]), S)
        for t in v["tuple"]:
            api.sp_update("tuplehash", c, bytes.fromhex(t))
        outs = [sp_finish(api, "tuplehash", c, v["xof"], n)]
    elif f.startswith("ParallelHash"):
        bits = int(f[12:])
        msg, B = bytes.fromhex(v["msg"]), v["B"]
        outs = []
        if not v["xof"]:
            out = kf._out(n)
            api._call("kf_parallelhash", variant(bits, False), out, n, *kf._in(msg), B, *kf._in(S))
            outs.append(out.raw[:n])
        c = api.parallelhash_init(variant(bits, v["xof"]), B, S)
        api.sp_update("parallelhash", c, msg[:11])
        api.sp_update("parallelhash", c, msg[11:])
        outs.append(sp_finish(api, "parallelhash", c, v["xof"], n))
    else:
        return "unknown function %s" % f
    for i, o in enumerate(outs):
        if o != exp:
            return "output %d: %s, expected %s" % (i, o.hex(), exp.hex())
    return True


def run(args, lib, api, report):
    global INCREMENTAL_MAX
    if getattr(args, "rpc", None):
        INCREMENTAL_MAX = 16 << 20
        print("through --rpc: inputs over 16 MiB run one-shot only")
    report.section("RFC 9861 (k12_turboshake.jsonl)")
    vecs = [v for v in kf.read_jsonl("k12_turboshake.jsonl") if "function" in v]
    for i, v in enumerate(vecs):
        label = "RFC 9861 #%d %s %s out=%d" % (i + 1, v["function"], v["msg"].get("expr", v["msg"]["kind"]),
                                               v["outlen"])
        report.run_case(label, lambda: rfc9861_case(api, v))

    report.section("SP 800-185 samples (sp800_185_nist_samples.jsonl)")
    for i, v in enumerate(kf.read_jsonl("sp800_185_nist_samples.jsonl")):
        label = "SP 800-185 sample #%d %s%s" % (i + 1, v["function"], " XOF" if v.get("xof") else "")
        report.run_case(label, lambda: sp800185_case(api, v))


if __name__ == "__main__":
    kf.main(run)
