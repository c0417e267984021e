# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The proof units: the files Frama-C parses and its options (proofs/run.py)."""

# The proof build only: Frama-C 25 does not parse C11's _Alignas (include/keccakforge.h's
# KF_ALIGN32, the contexts' alignment); alignment is not a property these proofs use.
CPP = ["'-D_Alignas(x)='"]

# WP's provers, as run.py passes them, and the names Why3's configuration gives them
PROVERS = ["cvc4", "z3"]
PROVER_NAMES = {"cvc4": "CVC4", "z3": "Z3"}

UNITS = {
    # src/encoding/asn1_keys.c, for every length (WP; the callees from other units by the
    # contracts in include/keccakforge.h). "functions": the ones proved so far; the contracts of
    # the others (put_algid, same_key, get_algid, find_str, the encoders and decoders, the PEM
    # encoder and decoder) are written but not yet all discharged (docs/ASSURANCE.md), so those
    # functions are not in the ctest entry yet.
    "key_codecs": {
        "files": ["src/encoding/asn1_keys.c"],
        "functions": ["find_type", "kf_key_type_name", "kf_key_pub_bytes", "kf_key_priv_bytes",
                      "put", "put1", "hdr_len", "put_hdr", "tlv_len", "finish",
                      "check_expanded_dk", "seed_bytes", "expand_seed", "check_priv",
                      "get_tlv", "pem_label_ok", "b64val"],
        "timeout": 30,
        "extra": ["-wp-model", "Typed+cast"],
    },
}
