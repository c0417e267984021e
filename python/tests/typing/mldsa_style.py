# SPDX-License-Identifier: Apache-2.0 OR MIT
"""keccakforge.mldsa as an application writes it: a type checker must accept it against the
stubs (python/tests/check_typing.py runs mypy --strict on every file here)."""
from keccakforge import mldsa

dsa: mldsa.MLDSA = mldsa.ML_DSA_65
pk, sk = dsa.keygen()
pk2, sk2 = mldsa.ML_DSA_44.keygen(bytes(32))
pk3, sk3, xi3 = dsa.keygen_seed()
sig: bytes = dsa.sign(sk, b"message", ctx=b"app")
det: bytes = dsa.sign(sk, b"message", randomize=False)
ok: bool = dsa.verify(pk, b"message", sig, ctx=b"app")
hsig: bytes = dsa.hash_sign(sk, bytearray(b"m"), prehash="SHA3-512")
hok: bool = dsa.hash_verify(pk, memoryview(b"m"), hsig, prehash="SHA3-512")
mu: bytes = dsa.compute_mu(pk, b"message")
ok_mu: bool = dsa.verify_mu(pk, mu, dsa.sign_mu(sk, mu))
results: list[bool] = dsa.verify_batch([(pk, b"message", sig, b"app"), (pk, b"x", sig)])
same: bool = dsa.public_key(sk) == pk
sizes: tuple[int, int, int] = (dsa.pk_bytes, dsa.sk_bytes, dsa.sig_bytes)
for s in mldsa.PARAMETER_SETS:
    name: str = s.name

# key files
pem: bytes = mldsa.ML_DSA_65.private_bytes(seed=mldsa.ML_DSA_65.keygen_seed()[2])
params, sk_loaded, seed_or_none = mldsa.load_private_key(pem)
spki: bytes = params.public_bytes(params.public_key(sk_loaded), encoding="DER")
