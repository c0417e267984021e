# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Tests of the instruction encoding (rvv_encoding.py); python3 -m unittest, no dependency.

- README.md's encoding table equals rvv_encoding.CUSTOM (mnemonic, funct6, funct3, example word);
- hand-packed words for a few instructions (field by field, not through opv_word);
- no two instructions share a (opcode, funct6, funct3); decode(encode(x)) == x for random
  operands of every instruction; bad operands and reserved words are named errors;
- every program that has only encodable instructions, assembled to words and decoded back,
  runs on the model to the same states, round cycles and instruction counts as its text.
(GNU as against the encoder: gnu_as_check.py, its own ctest.)
"""
import os
import random
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import rvv_encoding as E  # noqa: E402
import rvv_ise as R  # noqa: E402
from report import PROGRAMS  # noqa: E402


class Table(unittest.TestCase):
    def test_readme_table_is_the_definition(self):
        text = open(os.path.join(HERE, "README.md")).read()
        rows = re.findall(r"^\| `([\w.]+)` \| ([^|]+) \| `([01u]{6})` \| OPIV([VIX]) `([01]{3})` \|[^|]*\| "
                          r"`([^`]+)` = `([0-9a-f]{8})` \|$", text, re.M)
        self.assertEqual([r[0] for r in rows], list(E.CUSTOM))
        for name, _, f6, kind, f3, example, word in rows:
            funct6, form, _ = E.CUSTOM[name]
            self.assertEqual(int(f6.replace("u", "0"), 2), funct6, name)
            self.assertEqual(int(f3, 2), E.FORM_FUNCT3[form], name)
            self.assertEqual({"V": E.OPIVV, "I": E.OPIVI, "X": E.OPIVX}[kind], E.FORM_FUNCT3[form], name)
            op, args = example.split(None, 1)
            self.assertEqual(E.encode((op, [a.strip() for a in args.split(",")])), int(word, 16), example)
        self.assertEqual(set(E.SEED_CUSTOM) <= set(E.CUSTOM), True)

    def test_hand_packed_words(self):
        # funct6 | vm | vs2 | bits 19:15 | funct3 | vd | opcode, written out as bit strings
        cases = {
            ("vpi.vi", ("v5", "v3", "3")): "000101" "1" "00011" "00011" "011" "00101" "1011011",
            ("vpi.vi", ("v8", "v0", "-1")): "000101" "1" "00000" "11111" "011" "01000" "1011011",
            ("vrotup.vi", ("v7", "v7", "33")): "000011" "1" "00111" "00001" "011" "00111" "1011011",
            ("v32hrho.vi", ("v24", "v16", "v0")): "001011" "1" "10000" "00000" "000" "11000" "1011011",
            ("viota.vx", ("v16", "v16", "s3")): "001100" "1" "10000" "10011" "100" "10000" "1011011",
            ("vxor.vx", ("v10", "v10", "s2")): "001011" "1" "01010" "10010" "100" "01010" "1010111",
            ("vsetvli", ("x0", "s5", "e64", "m8", "tu", "mu")): "0" "00000" "011" "011" "10101" "111" "00000" "1010111",
        }
        for (op, args), bits in cases.items():
            with self.subTest(op=op, args=args):
                self.assertEqual(len(bits), 32)
                self.assertEqual(E.encode((op, list(args))), int(bits, 2))


def random_args(op, rng):
    """Operands the encoder admits for op (not necessarily ones the model would run)."""
    v = lambda: f"v{rng.randrange(32)}"  # noqa: E731
    x = lambda: E.ABI_NAME[rng.randrange(32)]  # noqa: E731
    table = E.CUSTOM if op in E.CUSTOM else E.STANDARD
    _, form, rng_imm = table[op]
    if form == "vv":
        return [v(), v(), v()]
    if form == "v2" or form == "v1":
        return [v(), v()]
    if form == "vx":
        return [v(), v(), x()]
    lo, hi = rng_imm or {"simm": R.SIMM5, "uimm": R.UIMM5, "uimm6": R.UIMM6}[form]
    return [v(), v(), str(rng.randint(lo, hi))]


class RoundTrip(unittest.TestCase):
    def test_codes_are_distinct(self):
        seen = {}
        for opcode, table in ((E.OPCODE_CUSTOM2, E.CUSTOM), (E.OPCODE_OPV, E.STANDARD)):
            for name, (f6, form, _) in table.items():
                for code in ((f6, f6 | 1) if form == "uimm6" else (f6,)):
                    key = (opcode, code, E.FORM_FUNCT3[form])
                    if key in seen:
                        self.assertEqual(table[seen[key]][0], f6, f"{name} and {seen[key]} share {key}")
                    seen[key] = name
        self.assertTrue(all(f6 & 1 == 0 for f6, form, _ in E.CUSTOM.values() if form == "uimm6"))

    def test_decode_inverts_encode(self):
        rng = random.Random(38)
        for op in list(E.CUSTOM) + list(E.STANDARD):
            for _ in range(200):
                args = random_args(op, rng)
                w = E.encode((op, args))
                d = E.decode(w)
                self.assertEqual((d.op, d.args), (op, args), f"{w:08x}")
        for ins in (("vsetvli", ["t0", "a0", "e32", "m2", "ta", "ma"]), ("vle64.v", ["v8", "(a0)"]),
                    ("vse32.v", ["v31", "(t6)"]), ("addi", ["s3", "s3", "-2048"])):
            d = E.decode(E.encode(ins))
            self.assertEqual((d.op, d.args), ins)

    def test_bad_operands_and_reserved_words_are_named_errors(self):
        bad = [("vpi.vi", ["v5", "v0", "5"]), ("vpi.vi", ["v5", "v0", "-2"]), ("vslidedownm.vi", ["v1", "v2", "5"]),
               ("vrotup.vi", ["v1", "v2", "64"]), ("viota.vx", ["v1", "v2", "v3"]), ("v32lrho.vi", ["v1", "v2", "s3"]),
               ("vxor.vv", ["v1", "v2", "v3", "v0.t"]), ("vfoo.vv", ["v1", "v2", "v3"]), ("li", ["a0", "4096"]),
               ("vsetvli", ["x0", "s1", "e64", "mf2"]), ("vchi.vv", ["v0", "v8", "v16"]), ("blt", ["s3", "s4", "nowhere"])]
        for ins in bad:
            with self.subTest(ins=ins):
                with self.assertRaises(E.EncodingError):
                    E.encode(ins)
        vpi = E.encode(("vpi.vi", ["v5", "v0", "1"]))
        for word in (vpi & ~(1 << 25),              # vm = 0: masked, reserved
                     vpi & ~(0x3F << 26) | 0x3F << 26,  # funct6 111111: unassigned
                     0x00000073,                     # ecall: not in the subset
                     E.encode(("vchi.vv", ["v0", "v8"])) | 3 << 15):  # vchi with bits 19:15 != 0
            with self.subTest(word=f"{word:08x}"):
                with self.assertRaises(E.EncodingError):
                    E.decode(word)


class ProgramsFromWords(unittest.TestCase):
    def test_programs_run_the_same_from_words(self):
        rng = random.Random(3)
        ran = 0
        for name, elen, _ in PROGRAMS:
            text = open(os.path.join(HERE, "programs", name + ".s")).read()
            if ".rho_offsets" in text:
                continue   # a harness directive, not an instruction (README.md, beyond the paper)
            words, symbols = E.assemble(text)
            from_words = E.decode_program(words, symbols)
            from_text = R.parse(text)
            for elenum in (5, 15, 30):
                states = [[rng.getrandbits(64) for _ in range(25)] for _ in range(elenum // 5)]
                for nr in (1, 24):
                    with self.subTest(program=name, elenum=elenum, nr=nr):
                        a, run_a, m_a = R.permute(from_text, elenum, elen, states, nr)
                        b, run_b, m_b = R.permute(from_words, elenum, elen, states, nr)
                        self.assertEqual(a, b)
                        self.assertEqual(run_a.round_cycles, run_b.round_cycles)
                        self.assertEqual((m_a.cycles, m_a.retired), (m_b.cycles, m_b.retired))
                        ran += 1
        self.assertGreaterEqual(ran, 3 * 3 * 2)  # at least the seed's three programs


if __name__ == "__main__":
    unittest.main()
