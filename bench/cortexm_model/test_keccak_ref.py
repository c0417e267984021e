# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The Python reference the report checks results against, itself checked against hashlib."""
import hashlib
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import keccak_ref  # noqa: E402


def shake128(message, n):
    padded = bytearray(message + b"\x1f")
    padded += bytes(-len(padded) % 168)
    padded[-1] ^= 0x80
    return keccak_ref._sponge(168, 24, bytes(padded), n)


class Reference(unittest.TestCase):
    def test_permutation_against_hashlib(self):
        # SHAKE128 over several blocks exercises Keccak-p[1600, 24] on non-trivial states
        msg = bytes(random.Random(1).getrandbits(8) for _ in range(400))
        self.assertEqual(shake128(msg, 400), hashlib.shake_128(msg).digest(400))

    def test_turboshake_known_answer(self):
        # RFC 9861 section 5: TurboSHAKE128(M = empty, D = 0x1F, 32 bytes)
        self.assertEqual(keccak_ref.turboshake(128, b"", 0x1F, 32).hex(),
                         "1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c")

    def test_interleaving_round_trip(self):
        rng = random.Random(2)
        lanes = [rng.getrandbits(64) for _ in range(25)]
        words = keccak_ref.to_interleaved(lanes)
        self.assertEqual(words[0] & 1, lanes[0] & 1)
        self.assertEqual(words[1] & 1, (lanes[0] >> 1) & 1)
        self.assertEqual(keccak_ref.from_interleaved(words), lanes)


if __name__ == "__main__":
    unittest.main()
