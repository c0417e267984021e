# SPDX-License-Identifier: Apache-2.0 OR MIT
"""An ML-DSA private key whose tr or t0 is not its own (issue 52, R9).

Signing takes tr and t0 from sk as they are, so such a key signs without an error and its
signatures do not verify. check_private_key (kf_mldsa_check_sk) and load_private_key (the
PKCS#8 decoder's check) refuse it with InvalidKey; a key of its own passes.
"""
import pytest

import keccakforge as kf
from keccakforge import mldsa

OID = {44: 17, 65: 18, 87: 19}
T0_BYTES = {44: 416 * 4, 65: 416 * 6, 87: 416 * 8}


def tlv(tag, body):
    n = len(body)
    ln = bytes([n]) if n < 0x80 else bytes([0x80 | ((n.bit_length() + 7) // 8)]) + n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag]) + ln + body


def expanded_der(p, sk):
    algid = tlv(0x30, tlv(0x06, bytes([0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, OID[p.param]])))
    return tlv(0x30, tlv(0x02, b"\0") + algid + tlv(0x04, tlv(0x04, sk)))


@pytest.mark.parametrize("p", mldsa.PARAMETER_SETS, ids=repr)
def test_tr_and_t0_checked_when_loading(p):
    pk, sk = p.keygen()
    assert p.check_private_key(sk) is None
    assert mldsa.load_private_key(expanded_der(p, sk)) == (p, sk, None)
    _, sk2 = p.keygen()
    t0 = T0_BYTES[p.param]
    bad_tr = bytearray(sk)
    bad_tr[70] ^= 0x01
    bad_t0 = sk[:-t0] + sk2[-t0:]          # another key's t0
    one_t0 = bytearray(sk)
    one_t0[-3] ^= 0x10                     # one coefficient of t0
    for name, bad in (("tr", bytes(bad_tr)), ("t0", bad_t0), ("one t0 coefficient", bytes(one_t0))):
        with pytest.raises(kf.InvalidKey) as e:
            p.check_private_key(bad)
        assert e.value.status == "KF_ERR_BAD_KEY", name
        with pytest.raises(kf.InvalidKey):
            mldsa.load_private_key(expanded_der(p, bad))
        with pytest.raises(kf.InvalidKey):
            p.public_key(bad)
    # what sign() does with a changed tr (documented, and why the loaders check)
    sig = p.sign(bytes(bad_tr), b"msg")
    assert not p.verify(pk, b"msg", sig)
    with pytest.raises(kf.LengthError):
        p.check_private_key(sk[:-1])
    with pytest.raises(TypeError):
        p.check_private_key("text")
