# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Tests of the seed-003 vector unit model (python3 -m unittest, no other dependency).

- each custom instruction on hand-made registers, against its table in the seed;
- the cost rule against every "# N cc" annotation the programs carry (the seed's);
- every program, EleNum 5/15/30 (1, 3, 6 states), every round count 1..24, against the plain
  Python Keccak-p of bench/cortexm_model/keccak_ref.py;
- the seed's cycles/round and latencies (Tables 7 and 8) from the model;
- with KF_LIB=path/to/libkeccakforge.so: the library's `ref` backend (kf_keccak_p1600) on the
  same states, and SHA3-256 / SHAKE128 through the model's permutation equal the library's.
  Without KF_LIB that class is skipped (and says so).
"""
import ctypes
import os
import random
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.append(os.path.join(HERE, "..", "cortexm_model"))  # keccak_ref only (after HERE: report.py is ours)

import keccak_ref  # noqa: E402
import rvv_ise as R  # noqa: E402
from report import PROGRAMS, model_sponge  # noqa: E402


def prog(name):
    return R.load_program(os.path.join(HERE, "programs", name + ".s"))


def run_text(text, elenum, elen, setup=None):
    m = R.Machine(elenum, elen)
    if setup:
        setup(m)
    instrs, labels = R.parse("permutation:\n" + text + "\nloop_control:\n")
    R.execute(m, (instrs, labels))
    return m


class Instructions(unittest.TestCase):
    def test_slides_modulo_five_and_untouched_tail(self):
        def setup(m):
            m.x.update(s1=m.elenum)
            m.v[1] = [100 + k for k in range(m.elenum)]
            m.v[2] = [7] * m.elenum
            m.v[3] = [7] * m.elenum
        m = run_text("vsetvli x0, s1, e64, m1\nvslidedownm.vi v2, v1, 1\nvslideupm.vi v3, v1, 2", 12, 64, setup)
        # SN = 2: elements 0..9 slide within their state, 10 and 11 keep their old value
        self.assertEqual(m.v[2], [101, 102, 103, 104, 100, 106, 107, 108, 109, 105, 7, 7])
        self.assertEqual(m.v[3], [103, 104, 100, 101, 102, 108, 109, 105, 106, 107, 7, 7])

    def test_rotates(self):
        def setup(m):
            m.x.update(s1=m.elenum)
            m.v[1] = [0x8000000000000001, 3, 0, 1 << 62, 5]
        m = run_text("vsetvli x0, s1, e64, m1\nvrotup.vi v2, v1, 1\nv64rho.vi v3, v1, 0\nv64rho.vi v4, v1, 4", 5, 64, setup)
        self.assertEqual(m.v[2], [3, 6, 0, 1 << 63, 10])
        self.assertEqual(m.v[3], [R.rol(v, r, 64) for v, r in zip(m.v[1], R.RHO_TABLE[0])])
        self.assertEqual(m.v[4], [R.rol(v, r, 64) for v, r in zip(m.v[1], [18, 2, 61, 56, 14])])

    def test_32bit_rotates_carry_between_words(self):
        def setup(m):
            m.x.update(s1=m.elenum)
            m.v[1] = [0x80000000, 0, 0xFFFFFFFF, 1, 0]  # low words
            m.v[2] = [0, 0x80000000, 0, 0, 0x40000000]  # high words
        m = run_text("vsetvli x0, s1, e32, m1\nv32lrotup.vi v3, v2, v1\nv32hrotup.vi v4, v2, v1", 5, 32, setup)
        self.assertEqual(m.v[3], [0, 1, 0xFFFFFFFE, 2, 0])
        self.assertEqual(m.v[4], [1, 0, 1, 0, 0x80000000])

    def test_32bit_rho_uses_lmul_cnt_as_row(self):
        lanes = [random.getrandbits(64) for _ in range(25)]

        def setup(m):
            m.x.update(s5=5 * m.elenum)
            R.load_states(m, [lanes])
        m = run_text("vsetvli x0, s5, e32, m8\nv32lrho.vi v8, v16, v0\nv32hrho.vi v24, v16, v0", 5, 32, setup)
        for y in range(5):
            for x in range(5):
                want = R.rol(lanes[x + 5 * y], R.RHO_TABLE[y][x], 64)
                self.assertEqual(m.v[8 + y][x] | m.v[24 + y][x] << 32, want)

    def test_vpi_rows_to_columns(self):
        def setup(m):
            m.x.update(s1=m.elenum)
            for y in range(5):
                m.v[y] = [10 * y + k for k in range(m.elenum)]
        text = "vsetvli x0, s1, e64, m1\n" + "\n".join(f"vpi.vi v5, v{y}, {y}" for y in range(5))
        m = run_text(text, 10, 64, setup)
        for i in range(2):
            for x in range(5):
                for y in range(5):
                    # F[x, y] = E[x + 3y, x]
                    self.assertEqual(m.v[5 + y][5 * i + x], 10 * x + 5 * i + (x + 3 * y) % 5)

    def test_viota_lane_zero_of_each_state(self):
        def setup(m):
            m.x.update(s1=m.elenum, s3=3)
            m.v[1] = [1] * m.elenum
        m = run_text("vsetvli x0, s1, e64, m1\nviota.vx v2, v1, s3", 16, 64, setup)
        rc = R.ROUND_CONSTANTS[3]
        self.assertEqual(m.v[2][:15], [1 ^ rc if k % 5 == 0 else 1 for k in range(15)])
        self.assertEqual(m.v[2][15], 0)  # outside the three states: untouched

    def test_round_constants_are_the_seeds_table_6(self):
        self.assertEqual(R.ROUND_CONSTANTS, keccak_ref.ROUND_CONSTANTS)
        self.assertEqual(R.ROUND_CONSTANTS[3], 0x8000000080008000)

    def test_unit_stride_loads_and_stores(self):
        def setup(m):
            m.x.update(s1=7, a0=0x100, a1=0x400)
            m.mem[0x100:0x100 + 8 * 7] = bytes(range(56))
            m.v[9] = [5] * m.elenum
        m = run_text("vsetvli x0, s1, e64, m2\nvle64.v v8, (a0)\nvse64.v v8, (a1)", 5, 64, setup)
        lanes = [int.from_bytes(bytes(range(8 * k, 8 * k + 8)), "little") for k in range(7)]
        self.assertEqual(m.v[8] + m.v[9][:2], lanes)
        self.assertEqual(m.v[9][2:], [5, 5, 5])              # tail undisturbed
        self.assertEqual(bytes(m.mem[0x400:0x400 + 56]), bytes(range(56)))
        self.assertEqual(bytes(m.mem[0x400 + 56:0x400 + 64]), bytes(8))
        # cost: issue + one cycle + one per element
        ins = R.Instr("vle64.v", ["v8", "(a0)"], 0, "", None)
        self.assertEqual(R.cost(m, ins), R.ISSUE_CYCLES + R.MEM_EXTRA_CYCLES + 7)

    def test_vsetvli_avl_rules(self):
        m = run_text("vsetvli x0, s1, e64, m8\nvsetvli x0, x0, e64, m1\nvsetvli t0, x0, e64, m4", 5, 64,
                     lambda m: m.x.update(s1=33))
        self.assertEqual((m.vl, m.x["t0"]), (20, 20))          # rd != x0, rs1 = x0: VLMAX
        m = run_text("vsetvli x0, s1, e64, m8\nvsetvli x0, x0, e64, m2", 5, 64, lambda m: m.x.update(s1=7))
        self.assertEqual(m.vl, 7)                              # rd = rs1 = x0: vl kept
        m = run_text("vsetvli x0, s1, e64, m8", 5, 64, lambda m: m.x.update(s1=-1))
        self.assertEqual(m.vl, 40)                             # AVL unsigned: 0xffffffff

    def test_misuse_is_a_named_error(self):
        cases = [("vsetvli x0, s1, e32, m1\nvrotup.vi v1, v1, 1", 32),       # 64-bit only
                 ("vsetvli x0, s1, e64, m1\nv32lrotup.vi v1, v2, v3", 64),   # 32-bit only
                 ("vsetvli x0, s1, e64, m1\nvfoo.vv v1, v2, v3", 64),        # unknown
                 ("vsetvli x0, s1, e64, m8\nvxor.vv v3, v8, v16", 64),       # misaligned group
                 ("vsetvli x0, s1, e64, m1\nvsll.vi v1, v1, 63", 64),        # uimm5
                 ("vsetvli x0, s1, e64, m1\nvxor.vv v1, v2, v3, v0.t", 64),  # masks
                 ("vsetvli x0, s1, e64, m1\nvpi.vi v5, v7, 0", 64),         # rows overlap vd..vd+4
                 ("vsetvli x0, s1, e64, m1\nvle32.v v1, (s1)", 64),         # EEW != SEW
                 ("vsetvli x0, s6, e64, m8\nv64rho.vi v0, v0, -1", 64),     # lmul_cnt past row 4
                 ("vsetvli x0, s6, e64, m8\nvpi.vi v8, v0, -1", 64)]
        for text, elen in cases:
            with self.subTest(text=text):
                with self.assertRaises(R.ModelError):
                    run_text(text, 5, elen, lambda m: m.x.update(s1=m.elenum, s6=6 * m.elenum))


class CycleModel(unittest.TestCase):
    def test_rule_matches_every_annotation(self):
        annotated = 0
        for name in ("alg2_e64_m1", "alg3_e64_m8"):
            p = prog(name)
            annotated += sum(1 for i in p[0] if i.annotated_cc is not None)
            _, run, _ = R.permute(p, 15, 64, [[0] * 25] * 3, 24)
            self.assertEqual(run.annotation_mismatches, [], name)
        self.assertGreater(annotated, 60)

    def test_seed_cycles_and_latencies(self):
        want = {"alg2_e64_m1": (103, 2564), "alg3_e64_m8": (75, 1892), "e32_m8": (147, 3620)}
        for name, (per_round, lat) in want.items():
            elen = 32 if name.startswith("e32") else 64
            for elenum in (5, 15, 30):
                _, run, _ = R.permute(prog(name), elenum, elen, [[0] * 25] * (elenum // 5), 24)
                self.assertEqual(set(run.round_cycles), {per_round}, name)
                self.assertEqual(R.latency(run.round_cycles[0]), lat, name)


class ProgramsAgainstReference(unittest.TestCase):
    def test_every_program_every_round_count(self):
        rng = random.Random(25)
        for name, elen, _ in PROGRAMS:
            p = prog(name)
            for elenum in (5, 15, 30):
                states = [[rng.getrandbits(64) for _ in range(25)] for _ in range(elenum // 5)]
                for nr in range(1, 25):
                    with self.subTest(program=name, elenum=elenum, nr=nr):
                        out, _, _ = R.permute(p, elenum, elen, states, nr)
                        self.assertEqual(out, [keccak_ref.keccak_p(s, nr) for s in states])


@unittest.skipUnless(os.environ.get("KF_LIB"), "KF_LIB (path to libkeccakforge.so) not set")
class AgainstLibrary(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.lib = ctypes.CDLL(os.environ["KF_LIB"])
        cls.lib.kf_backend_select.argtypes = [ctypes.c_char_p]
        if cls.lib.kf_backend_select(b"ref") != 0:
            raise unittest.SkipTest("the library has no `ref` backend")
        cls.lib.kf_backend_name.restype = ctypes.c_char_p
        cls.lib.kf_keccak_p1600.argtypes = [ctypes.POINTER(ctypes.c_uint64), ctypes.c_uint]
        for fn in (cls.lib.kf_sha3_256, cls.lib.kf_shake128):
            fn.argtypes = ([ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t] if fn is cls.lib.kf_sha3_256
                           else [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t])
        assert cls.lib.kf_backend_name() == b"ref"

    def lib_p(self, lanes, nr):
        arr = (ctypes.c_uint64 * 25)(*lanes)
        self.assertEqual(self.lib.kf_keccak_p1600(arr, nr), 0)
        return list(arr)

    def test_permutation_against_ref_backend(self):
        rng = random.Random(2025)
        for name, elen, _ in PROGRAMS:
            p = prog(name)
            for elenum in (5, 15, 30):
                states = [[rng.getrandbits(64) for _ in range(25)] for _ in range(elenum // 5)]
                for nr in range(1, 25):
                    with self.subTest(program=name, elenum=elenum, nr=nr):
                        out, _, _ = R.permute(p, elenum, elen, states, nr)
                        self.assertEqual(out, [self.lib_p(s, nr) for s in states])

    def test_sha3_256_and_shake128_through_the_model(self):
        for name, elen, _ in PROGRAMS:
            p = prog(name)
            for msg in (b"", b"abc", bytes(range(256)) * 2):
                with self.subTest(program=name, n=len(msg)):
                    out = (ctypes.c_uint8 * 32)()
                    self.assertEqual(self.lib.kf_sha3_256(out, msg, len(msg)), 0)
                    self.assertEqual(model_sponge(p, elen, 136, 0x06, msg, 32), bytes(out))
                    out = (ctypes.c_uint8 * 300)()
                    self.assertEqual(self.lib.kf_shake128(out, 300, msg, len(msg)), 0)
                    self.assertEqual(model_sponge(p, elen, 168, 0x1F, msg, 300), bytes(out))


if __name__ == "__main__":
    unittest.main()
