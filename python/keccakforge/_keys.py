# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Key files for the scheme modules (mlkem, slhdsa, and any later one the C codec knows).

SubjectPublicKeyInfo ("PUBLIC KEY") and PKCS#8 ("PRIVATE KEY") in DER or PEM, encoded and
decoded by the C library (kf_key_* / kf_pem_*): NIST OIDs, DER only, keys checked on the
way in. A scheme module calls these with the key-type names it owns ("ML-KEM-768", ...);
decoding a key of another scheme raises keccakforge.AlgorithmError naming what was found.

A new scheme (ML-DSA, when the C codec has its kf_key_type values) follows mlkem.py and
slhdsa.py: a {name: parameter set} dict whose names are kf_key_type_name()'s, methods
public_bytes/private_bytes calling public_bytes/private_bytes here with self.name, and
module-level load_public_key/load_private_key calling load_public/load_private with that dict.

Input to the loaders: bytes-like or str; PEM when it holds "-----BEGIN " (text before and
after the block is allowed, as RFC 7468 says), else DER. A DER encoding that starts like a
PEM file's text is still tried as DER first (its first byte is 0x30, SEQUENCE).
"""
from . import _keccakforge as _c

ENCODINGS = ("PEM", "DER")
#: PKCS#8 private-key forms (kf_key_priv_form); only ML-KEM has more than one.
FORMS = {"seed": 1, "expanded": 2, "both": 3}
_FORM_NAMES = {v: k for k, v in FORMS.items()}
_ERR_ENCODING, _ERR_ALGORITHM = -15, -6

#: kf_key_type numbers by name ("ML-KEM-768": 2, ...), read from the library itself.
TYPES = {}
for _t in range(1, 256):
    _n = _c._key_type_name(_t)
    if _n is not None:
        TYPES[_n] = _t
del _t, _n


def _encoding(encoding):
    if not isinstance(encoding, str) or encoding.upper() not in ENCODINGS:
        raise ValueError(f"encoding must be 'PEM' or 'DER', not {encoding!r}")
    return encoding.upper()


def _decode(data, label, decode):
    """decode(DER) of data: DER as it is, or the first PEM block (its label must be label)."""
    if isinstance(data, str):
        try:
            b = data.encode("ascii")
        except UnicodeEncodeError:
            _c._raise(_ERR_ENCODING, "a PEM text must be ASCII")
    else:
        b = bytes(memoryview(data))  # TypeError for what is no buffer (bytes(12) would be 12 zeros)
    pem = b"-----BEGIN " in b
    if b[:1] == b"\x30" or not pem:
        try:
            return decode(b)
        except _c.EncodingError:
            if not pem:
                raise
    found, der = _c._pem_decode(b)
    if found != label:
        _c._raise(_ERR_ENCODING, f'a PEM "{found}", not a "{label}"')
    return decode(der)


def _own(name, names, scheme):
    if name not in names:
        _c._raise(_ERR_ALGORITHM, f"a {name} key, not {scheme}")


def load_public(data, names, scheme):
    """(type name, public key bytes) of an SPKI in data, which must be one of names."""
    t, pub = _decode(data, "PUBLIC KEY", _c._key_decode_spki)
    name = _c._key_type_name(t)
    _own(name, names, scheme)
    return name, pub


def load_private(data, names, scheme):
    """(type name, form name, seed or None, private key bytes) of a PKCS#8 in data."""
    t, form, seed, priv = _decode(data, "PRIVATE KEY", _c._key_decode_pkcs8)
    name = _c._key_type_name(t)
    _own(name, names, scheme)
    return name, _FORM_NAMES.get(form, "expanded"), seed, priv


def _wrap(der, label, encoding):
    return der if encoding == "DER" else _c._pem_encode(label, der)


def public_bytes(name, pub, encoding="PEM"):
    """SPKI of a public key, DER or PEM (bytes)."""
    return _wrap(_c._key_encode_spki(TYPES[name], pub), "PUBLIC KEY", _encoding(encoding))


def private_bytes(name, priv=None, seed=None, form=None, encoding="PEM"):
    """PKCS#8 of a private key (priv, or seed, or both), DER or PEM (bytes)."""
    enc = _encoding(encoding)
    if form is None:
        f = 0
    elif form in FORMS:
        f = FORMS[form]
    else:
        raise ValueError(f"form must be one of {sorted(FORMS)}, not {form!r}")
    return _wrap(_c._key_encode_pkcs8(TYPES[name], f, seed, priv), "PRIVATE KEY", enc)
