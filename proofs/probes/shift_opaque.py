#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Re-proves, on a copy of the sources, every proved function that shifts a value that may be
negative, with each such `>>` replaced by a call of a bodiless function whose contract states
what an arithmetic shift gives (floor division by 2^k, or the sign as -1 / 0): WP then sees no
shift there, so no goal can rest on Qed's unsound rewrites of shifts compared with constants
(proofs/probes/qed_shift_compare.c; docs/ASSURANCE.md, "An unsound Qed rewrite"). Exit 0 when
every function proves on the copy with no goal left, 1 if not (or if a site below no longer
matches the source: the list needs rereading), 77 without Frama-C.
    python3 proofs/probes/shift_opaque.py [--build DIR]   (about 30 s of CPU)
The sites are those of proofs/probes/shift_sites.py's audit whose shifted operand is signed and
may be negative; the unsigned ones and those shifting values the contracts keep >= 0 are sound
under the rewrites (a / 2^k and a >> k agree for a >= 0)."""
import argparse, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import run  # noqa: E402  (proofs/run.py: the skip convention)

ASR = ("/*@ assigns \\nothing; ensures lo: \\result * %(m)s <= x; ensures hi: x < (\\result + 1) * %(m)s; */\n"
       "%(t)s kf_probe_asr%(k)s(%(t)s x);\n")
SIGN = ("/*@ assigns \\nothing; ensures x < 0 ==> \\result == -1; ensures x >= 0 ==> \\result == 0; */\n"
        "%(t)s kf_probe_sign_%(t)s(%(t)s x);\n")

# (file, declaration to insert, the text it goes before, [(old, new)], [(unit, function)])
SITES = [
    ("src/mlkem/poly.c", ASR % dict(m="65536", t="int32_t", k="16"), "int16_t kf_mlkem_montgomery_reduce(int32_t a)",
     [("/*@ assert (u >> 16) * 65536 == u && -KF_MLKEM_Q < (u >> 16) < KF_MLKEM_Q; */\n"
       "    return (int16_t)(u >> 16);",
       "int32_t h = kf_probe_asr16(u);\n"
       "    /*@ assert h * 65536 == u && -KF_MLKEM_Q < h < KF_MLKEM_Q; */\n    return (int16_t)h;")],
     [("mlkem_arith", "kf_mlkem_montgomery_reduce")]),
    ("src/mlkem/poly.c", ASR % dict(m="67108864", t="int32_t", k="26"), "int16_t kf_mlkem_barrett_reduce(int16_t a)",
     [("(int16_t)(((int32_t)BARRETT_V * a + (1 << 25)) >> 26)",
       "(int16_t)kf_probe_asr26((int32_t)BARRETT_V * a + (1 << 25))")],
     [("mlkem_arith", "kf_mlkem_barrett_reduce")]),
    ("src/mlkem/poly.c", SIGN % dict(t="int16_t"), "static uint16_t to_canonical(int16_t x)",
     [("r = (int16_t)(r + ((r >> 15) & Q));", "r = (int16_t)(r + (kf_probe_sign_int16_t(r) & Q));")],
     [("mlkem_arith", "to_canonical")]),
    ("src/mldsa/poly.c", ASR % dict(m="4294967296", t="int64_t", k="32"), "static int32_t mont_reduce(int64_t a)",
     [("/*@ assert (u >> 32) * 4294967296 == u && -KF_MLDSA_Q < (u >> 32) < KF_MLDSA_Q; */\n"
       "    return (int32_t)(u >> 32);",
       "int64_t h = kf_probe_asr32(u);\n"
       "    /*@ assert h * 4294967296 == u && -KF_MLDSA_Q < h < KF_MLDSA_Q; */\n    return (int32_t)h;")],
     [("mldsa_arith", "mont_reduce")]),
    ("src/mldsa/poly.h", ASR % dict(m="8388608", t="int32_t", k="23") + SIGN % dict(t="int32_t"),
     "static inline int32_t kf_mldsa_reduce32(int32_t a)",
     [("int32_t t = (a + (1 << 22)) >> 23;", "int32_t t = kf_probe_asr23(a + (1 << 22));"),
      ("return a + ((a >> 31) & KF_MLDSA_Q);", "return a + (kf_probe_sign_int32_t(a) & KF_MLDSA_Q);")],
     [("mldsa_arith", "kf_mldsa_reduce32"), ("mldsa_arith", "kf_mldsa_caddq")]),
    ("src/mldsa/poly.c", "", None,
     [("int32_t c = p->c[i], s = c >> 31;", "int32_t c = p->c[i], s = kf_probe_sign_int32_t(c);")],
     [("mldsa_poly", "kf_mldsa_poly_exceeds_portable")]),
]


def contract_start(text, at):
    """The start of the ACSL block just before position at (the function's contract)."""
    j = text.rfind("/*@", 0, at)
    return j if j >= 0 and text[j:at].rstrip().endswith("*/") else at


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", help="unused (the same command line as the other probes)")
    ap.parse_args()
    if not shutil.which("frama-c"):
        run.skip("frama-c is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "src-copy")
        for d in ("src", "include", "proofs"):
            shutil.copytree(os.path.join(ROOT, d), os.path.join(copy, d),
                            ignore=shutil.ignore_patterns("__pycache__", "attempts"))
        for path, decl, before, subs, _ in SITES:
            p = os.path.join(copy, path)
            text = open(p).read()
            for old, new in subs:
                if text.count(old) != 1:
                    print("FAIL: %s: the site `%s` is not in the source once: reread the audit" % (path, old[:60]))
                    return 1
                text = text.replace(old, new)
            if decl:
                at = text.find(before)
                if at < 0:
                    print("FAIL: %s: `%s` not found" % (path, before))
                    return 1
                at = contract_start(text, at)
                text = text[:at] + decl + text[at:]
            open(p, "w").write(text)
        env = dict(os.environ, KF_PROOF_CACHE="0")
        bad = 0
        by_unit = {}
        for *_, fns in SITES:
            for unit, fn in fns:
                by_unit.setdefault(unit, []).append(fn)
        for unit, fns in by_unit.items():
            build = os.path.join(tmp, "build-" + unit)
            os.makedirs(build)
            r = subprocess.run([sys.executable, os.path.join(copy, "proofs", "run.py"), unit, "--build", build,
                                "--functions", ",".join(fns)], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
            out = r.stdout
            if r.returncode == 77:
                print(out)
                return 77
            m = re.search(r"(\d+) goals proved, (\d+) report rows not proved, (\d+) call points not proved", out)
            ok = m is not None and m.group(2) == "0" and m.group(3) == "0"
            print("%-4s %s %s: %s" % ("ok" if ok else "FAIL", unit, ",".join(fns),
                                      m.group(0) if m else "no summary (run.py exit %d)" % r.returncode))
            if not ok:
                print(out)
            bad += not ok
        print("shift_opaque: %s" % ("every function proves with its signed shifts opaque: no goal rests on "
                                    "Qed's shift rewrites" if not bad else "%d units differ" % bad))
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
