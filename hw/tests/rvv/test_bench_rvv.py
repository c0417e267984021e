# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_bench_rvv.py - the table logic of `kforge bench --suite rvv-ise`'s hardware rows
(bench_rvv.py --rvv-ise) without a simulator: the results files are read (first four fields,
'#' comments), every expected figure that is absent prints "not measured" and makes no record,
present ones become records, and the Zvbb verdicts follow from the numbers (pays exactly when
the cycles shrink by more than the LUTs grow). Python standard library only (ctest
hw_rvv_bench_rows, under a second)."""
import contextlib
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_rvv as B  # noqa: E402

HEAD = "# SPDX-License-Identifier: Apache-2.0 OR MIT\n# a comment\n\n"


def line(name, backend, unit, value):
    return f"{name}\t{backend}\t{unit}\t{value}\t2026-11-24 01:00\thow\n"


class Rows(unittest.TestCase):
    def run_rows(self, files):
        with tempfile.TemporaryDirectory() as tmp:
            paths = []
            for k, text in enumerate(files):
                p = os.path.join(tmp, f"r{k}.tsv")
                if text is not None:
                    with open(p, "w") as f:
                        f.write(text)
                paths.append(p)
            B.RESULTS[:] = paths      # tearDown puts the real ones back
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                recs, failed = B.rvv_ise(None, True, [5], os.path.join(tmp, "w"), sim=False)
        return recs, failed, out.getvalue()

    def setUp(self):
        self.saved = list(B.RESULTS)

    def tearDown(self):
        B.RESULTS[:] = self.saved

    def test_absent_files(self):
        recs, failed, out = self.run_rows([None, None])
        self.assertEqual(recs, [])
        self.assertFalse(failed)
        # 12 unit figures, 2 core, 2 Fmax (unit, processor), 8 variant figures, 4 variant rows, 4 verdicts,
        # 5 x hdl cycles
        self.assertGreaterEqual(out.count("not measured"), 12 + 2 + 2 + 8 + 4 + 4)
        self.assertIn("hdl-soc-e64-n5-fmax", out)
        self.assertIn("cycles: skipped: --no-sim", out)

    def test_records_and_verdicts(self):
        ppa = HEAD + line("hdl-unit-e64-n5", "rvv_unit", "LUTs", 9609) + line("hdl-unit-e64-n5", "rvv_unit", "FFs", 496) \
            + line("hdl-unit-e64-n5-fmax", "ecp5-85k-nextpnr", "MHz", 101.5) \
            + line("hdl-soc-e64-n5-fmax", "ecp5-85k-nextpnr", "MHz", 40.5)
        # norot 103 cycles, seed 75, zvbb-norot 69, zvbb 69 (the model's figures, no simulation)
        z = HEAD + line("hdl-unit-e64-n5", "rvv_unit-norot", "LUTs", 9000) \
            + line("hdl-unit-e64-n5", "rvv_unit-seed", "LUTs", 12000) \
            + line("hdl-unit-e64-n5", "rvv_unit-zvbb-norot", "LUTs", 9100) \
            + line("hdl-unit-e64-n5", "rvv_unit-zvbb", "LUTs", 13000) \
            + line("hdl-unit-e64-n5", "rvv_unit-zvbb", "FFs", 499)
        recs, failed, out = self.run_rows([ppa, z])
        got = {(n, b, u): v for n, b, u, v in recs}
        self.assertEqual(got[("hdl-unit-e64-n5", "rvv_unit", "LUTs")], 9609)
        self.assertEqual(got[("hdl-unit-e64-n5-fmax", "ecp5-85k-nextpnr", "MHz")], 101.5)
        self.assertEqual(got[("hdl-soc-e64-n5-fmax", "ecp5-85k-nextpnr", "MHz")], 40.5)
        self.assertEqual(got[("hdl-unit-e64-n5", "rvv_unit-zvbb", "FFs")], 499)
        self.assertNotIn(("hdl-unit-e32-n5", "rvv_unit", "LUTs"), got)
        self.assertEqual(len(recs), 9)
        verdicts = {ln.split(" x")[0].strip(): ln.rsplit(": ", 1)[1] for ln in out.splitlines()
                    if ln.startswith("    ") and (ln.endswith(": pays") or ln.endswith("does not pay"))}
        # 103/75 = 1.373 vs 12000/9000 = 1.333: pays; 103/69 = 1.493 vs 9100/9000: pays;
        # 75/69 = 1.087 vs 9100/12000: pays; 75/69 = 1.087 vs 13000/12000 = 1.083: pays (just)
        self.assertEqual(verdicts["the seed's custom rotates over RVV 1.0 shifts"], "pays")
        self.assertEqual(verdicts["Zvbb instead of the seed's custom rotates"], "pays")
        self.assertEqual(verdicts["Zvbb added to the seed's unit"], "pays")
        z2 = z.replace("\t13000\t", "\t13100\t")      # 13100/12000 = 1.092 > 1.087
        _, _, out2 = self.run_rows([ppa, z2])
        self.assertIn("does not pay", [ln for ln in out2.splitlines() if "Zvbb added" in ln][0])


class StateCounts(unittest.TestCase):
    """Issue 55 item 5: `kforge bench --suite rvv-ise` (bench_rvv.py --rvv-ise, no --elenums) reports
    every program at SN 1, 3 and 6 (EleNum 5, 15, 30); --quick at SN 1. The simulation is replaced
    by one that returns the model's own figures for what it is asked, so the records show which
    EleNum values the bench asked for."""

    def run_main(self, *args):
        asked = []

        def fake_simulate(lib, elenums, work):
            asked.extend(elenums)
            got = {}
            for name, elen, _, _ in B.HDL_PROGRAMS:
                for n in elenums:
                    c, _, core = B.model_figures(name, elen, n)
                    got[(name, n)] = (c, core)
            return got, "ok"

        saved, saved_argv = B.simulate, sys.argv
        with tempfile.TemporaryDirectory() as tmp:
            tsv = os.path.join(tmp, "out.tsv")
            B.simulate = fake_simulate
            sys.argv = ["bench_rvv.py", "--rvv-ise", "--tsv", tsv, "--work", os.path.join(tmp, "w")] + list(args)
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    rc = B.main()
            finally:
                B.simulate, sys.argv = saved, saved_argv
            with open(tsv) as f:
                names = [ln.split("\t")[0] for ln in f]
        return rc, asked, names

    def test_sn_1_3_6(self):
        rc, asked, names = self.run_main()
        self.assertEqual(rc, 0)
        self.assertEqual(sorted(set(asked)), [5, 15, 30])
        for prog, _, _, _ in B.HDL_PROGRAMS:
            for sn in (1, 3, 6):
                for what in ("round", "permutation"):
                    self.assertIn(f"hdl-{prog.replace('_', '-')}-sn{sn}-{what}", names)

    def test_quick_sn_1(self):
        rc, asked, names = self.run_main("--quick")
        self.assertEqual(rc, 0)
        self.assertEqual(sorted(set(asked)), [5])
        self.assertFalse([n for n in names if "-sn3-" in n or "-sn6-" in n])


if __name__ == "__main__":
    unittest.main()
