# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Official examples, read from KF_VECTORS_DIR (default ../shared/vectors beside the
repository; never copied into it): NIST's SP 800-185 example values and RFC 9861's
TurboSHAKE/KT vectors. Skipped, with a line, when the directory is absent."""
import json
import os

import pytest

import keccakforge as kf

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VEC = os.environ.get("KF_VECTORS_DIR") or os.path.join(ROOT, "..", "shared", "vectors")


def rows(name):
    path = os.path.join(VEC, name)
    if not os.path.exists(path):
        pytest.skip(f"official vectors not found: {path} (set KF_VECTORS_DIR)")
    with open(path) as f:
        return [r for r in (json.loads(line) for line in f if line.strip()) if "function" in r]


def test_sp800_185_nist_examples():
    done = 0
    for r in rows("sp800_185_nist_samples.jsonl"):
        if r.get("xof") or r.get("msg_bits", 8) % 8:
            continue          # the XOF variants and bit strings are the C API's (tests/python)
        f, L, S = r["function"], r["outlen_bits"] // 8, r.get("S", "").encode()
        msg = bytes.fromhex(r.get("msg", ""))
        if f.startswith("cSHAKE"):
            got = getattr(kf, f.lower())(msg, r.get("N", "").encode(), S).digest(L)
        elif f.startswith("KMAC"):
            got = getattr(kf, f.lower())(bytes.fromhex(r["key"]), msg, S, mac_len=L).digest()
        elif f.startswith("TupleHash"):
            got = getattr(kf, f.lower())([bytes.fromhex(t) for t in r["tuple"]], customization=S,
                                         digest_size=L).digest()
        else:
            got = getattr(kf, f.lower())(msg, block_bytes=r["B"], customization=S, digest_size=L).digest()
        assert got.hex() == r["expected"], f"{f} {r}"
        done += 1
    assert done >= 12


def _bytes(d):
    if d["kind"] == "empty":
        return b""
    if d["kind"] == "ptn":
        return bytes(i % 251 for i in range(d["len"]))
    return bytes.fromhex(d.get("hex", d.get("value", "")))


def test_rfc9861_vectors():
    done = 0
    for r in rows("k12_turboshake.jsonl"):
        f, n = r["function"], r["outlen"]
        msg = _bytes(r["msg"])
        if f.startswith("TurboSHAKE"):
            out = getattr(kf, f.lower())(msg, r["domain"]).digest(n)
        else:
            out = getattr(kf, f.lower())(msg, _bytes(r["customization"])).digest(n)
        exp = bytes.fromhex(r["expected"])
        assert (out[-len(exp):] if r.get("expected_is_last_bytes") else out) == exp, f"{f} {r['msg']}"
        done += 1
    assert done >= 40
