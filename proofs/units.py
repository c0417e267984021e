# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The proof units: the files Frama-C parses and its options (proofs/run.py)."""

# The proof build only: Frama-C 25 does not parse C11's _Alignas (include/keccakforge.h's
# KF_ALIGN32, the contexts' alignment); alignment is not a property these proofs use.
CPP = ["'-D_Alignas(x)='"]

# WP's provers, as run.py passes them, and the names Why3's configuration gives them
PROVERS = ["cvc4", "z3"]
PROVER_NAMES = {"cvc4": "CVC4", "z3": "Z3"}

UNITS = {
    # src/encoding/asn1_keys.c: every function, for every length (WP; the callees from
    # other units by the contracts in include/keccakforge.h)
    "key_codecs": {
        "files": ["src/encoding/asn1_keys.c"],
        "timeout": 30,
        "extra": ["-wp-model", "Typed+cast"],
    },
}
