#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ML-KEM through EVP with the keccakforge provider against kyber-py (PyPI), both ways:
kyber-py's keys encapsulated by EVP and decapsulated by kyber-py, EVP's keys encapsulated
by kyber-py and decapsulated by EVP; and a tampered ciphertext gives the same implicit-
rejection key on both sides. The EVP side is test_prov_kem's tool mode.
Exit 77 (skipped) when kyber-py is not importable.

usage: test_prov_kyberpy.py TEST_PROV_KEM MODULE_DIR
"""
import subprocess
import sys

try:
    from kyber_py.ml_kem import ML_KEM_512, ML_KEM_768, ML_KEM_1024
except ImportError:
    print("kyber-py is not importable (pip install kyber-py): skipped")
    sys.exit(77)

TOOL, MOD = sys.argv[1], sys.argv[2]
failures = 0


def evp(*args):
    r = subprocess.run([TOOL, MOD, "tool", *args], capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise RuntimeError("tool %s failed: %s" % (args[0], r.stderr))
    return [bytes.fromhex(x) for x in r.stdout.split()]


for name, K in (("ML-KEM-512", ML_KEM_512), ("ML-KEM-768", ML_KEM_768), ("ML-KEM-1024", ML_KEM_1024)):
    for _ in range(3):
        ek, dk = K.keygen()
        ct, ss = evp("encaps", name, ek.hex())
        if K.decaps(dk, ct) != ss:
            failures += 1
            print("FAIL %s: EVP encaps -> kyber-py decaps" % name)
        ek2, dk2 = evp("keygen", name)
        ss2, ct2 = K.encaps(ek2)
        (got,) = evp("decaps", name, dk2.hex(), ct2.hex())
        if got != ss2:
            failures += 1
            print("FAIL %s: kyber-py encaps -> EVP decaps" % name)
        bad = bytearray(ct2)
        bad[5] ^= 0x10
        (rej,) = evp("decaps", name, dk2.hex(), bytes(bad).hex())
        if rej != K.decaps(dk2, bytes(bad)) or rej == ss2:
            failures += 1
            print("FAIL %s: implicit rejection differs from kyber-py" % name)
    print("  %s: EVP <-> kyber-py agree both ways" % name)
print("test_prov_kyberpy: %d failure(s)" % failures)
sys.exit(1 if failures else 0)
