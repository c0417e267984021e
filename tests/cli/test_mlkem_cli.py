#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_mlkem_cli.py - `kforge mlkem` run as a user would run it.

  keygen --seed   the first ACVP keyGen case of each parameter set (official vectors: --part vectors)
  encaps --m      the first ACVP encapsulation case of each parameter set
  round trip      keygen (OS randomness) -> encaps -> decaps gives the same k=
  invalid input   an encapsulation key with a coefficient >= q, a decapsulation key with a
                  wrong H(ek), a ciphertext of the wrong length: exit 1, one line on stderr,
                  nothing on stdout (a wrong size names the expected one); bad usage (no -p,
                  bad hex, unknown option): exit 2.

Usage: test_mlkem_cli.py --kforge PATH
The last line printed is "N passed, N failed"; the exit status is 0 only if none failed.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import official_vectors  # noqa: E402
PARAMS = {"ML-KEM-512": "512", "ML-KEM-768": "768", "ML-KEM-1024": "1024"}


class T:
    passed = failed = 0

    @classmethod
    def check(cls, cond, what):
        if cond:
            cls.passed += 1
        else:
            cls.failed += 1
            print("FAIL %s" % what)


def acvp(name, part):
    return json.loads(official_vectors.read("acvp/%s/%s.json" % (name, part)))


def run(kforge, *args):
    p = subprocess.run([kforge, "mlkem"] + list(args), capture_output=True, text=True)
    out = dict(line.split("=", 1) for line in p.stdout.splitlines() if "=" in line)
    return p.returncode, out, p.stdout, p.stderr


def first_cases(name):
    prompt, exp = acvp(name, "prompt"), acvp(name, "expectedResults")
    e = {t["tcId"]: t for g in exp["testGroups"] for t in g["tests"]}
    seen = {}
    for g in prompt["testGroups"]:
        if g.get("function", "encapsulation") != "encapsulation" or g["parameterSet"] in seen:
            continue
        t = g["tests"][0]
        seen[g["parameterSet"]] = (t, e[t["tcId"]])
    return seen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kforge", required=True)
    ap.add_argument("--part", choices=("all", "vectors", "oracles"), default="all")
    args = ap.parse_args()
    k = args.kforge
    if official_vectors.run_parts(args.part, lambda: acvp_cases(k), lambda: round_trips_and_errors(k)):
        return 77
    print("%d passed, %d failed" % (T.passed, T.failed))
    return 1 if T.failed or not T.passed else 0


def acvp_cases(k):
    for ps, (t, e) in first_cases("ML-KEM-keyGen-FIPS203").items():
        rc, out, _, err = run(k, "keygen", "-p", PARAMS[ps], "--seed", t["d"] + t["z"])
        T.check(rc == 0 and out.get("ek", "").upper() == e["ek"] and out.get("dk", "").upper() == e["dk"],
                "keygen --seed %s tc %d: rc %d %s" % (ps, t["tcId"], rc, err.strip()))
    for ps, (t, e) in first_cases("ML-KEM-encapDecap-FIPS203").items():
        rc, out, _, err = run(k, "encaps", "-p", PARAMS[ps], "--ek", t["ek"], "--m", t["m"])
        T.check(rc == 0 and out.get("c", "").upper() == e["c"] and out.get("k", "").upper() == e["k"],
                "encaps --m %s tc %d: rc %d %s" % (ps, t["tcId"], rc, err.strip()))


def round_trips_and_errors(k):
    for p in PARAMS.values():
        rc, kp, _, _ = run(k, "keygen", "-p", p)
        T.check(rc == 0 and set(kp) == {"ek", "dk"}, "keygen -p %s" % p)
        rc, enc, _, _ = run(k, "encaps", "-p", p, "--ek", kp["ek"])
        T.check(rc == 0 and set(enc) == {"c", "k"} and len(enc["k"]) == 64, "encaps -p %s" % p)
        rc, dec, stdout, _ = run(k, "decaps", "-p", p, "--dk", kp["dk"], "--c", enc["c"])
        T.check(rc == 0 and dec == {"k": enc["k"]} and stdout.count("\n") == 1, "decaps -p %s round trip" % p)

        bad_ek = "ffff" + kp["ek"][4:]  # first coefficient 4095 >= q
        k_max = (len(kp["dk"]) // 2 - 96) // 768
        hpos = 2 * (768 * k_max + 32)   # hex offset of H(ek) in dk
        bad_dk = kp["dk"][:hpos] + ("00" if kp["dk"][hpos:hpos + 2] != "00" else "01") + kp["dk"][hpos + 2:]
        # secret keys go through files (a hex --dk draws a warning about ps)
        tmp = tempfile.mkdtemp()
        dk_file, bad_dk_file = os.path.join(tmp, "dk"), os.path.join(tmp, "bad_dk")
        for path, hx in ((dk_file, kp["dk"]), (bad_dk_file, bad_dk)):
            with open(path, "wb") as f:
                f.write(bytes.fromhex(hx))
        for what, args, says in (
                ("ek >= q", ["encaps", "-p", p, "--ek", bad_ek], "KF_ERR_BAD_KEY"),
                ("short ek", ["encaps", "-p", p, "--ek", kp["ek"][:-2]], "%d bytes expected" % (len(kp["ek"]) // 2)),
                # a short key whose first byte is 0x30, as DER's is (1 random key in 256): still a length error
                ("short ek 30..", ["encaps", "-p", p, "--ek", "30" + kp["ek"][2:-2]],
                 "%d bytes expected" % (len(kp["ek"]) // 2)),
                ("bad H(ek)", ["decaps", "-p", p, "--dk-file", bad_dk_file, "--c", enc["c"]], "KF_ERR_BAD_KEY"),
                ("long c", ["decaps", "-p", p, "--dk-file", dk_file, "--c", enc["c"] + "00"],
                 "%d bytes expected" % (len(enc["c"]) // 2))):
            rc, out, stdout, err = run(k, *args)
            T.check(rc == 1 and stdout == "" and err.count("\n") == 1 and says in err,
                    "%s -p %s: rc %d, stderr %r" % (what, p, rc, err))
        shutil.rmtree(tmp)

    for args in (["keygen"], ["keygen", "-p", "999"], ["encaps", "-p", "768", "--ek", "xyz"],
                 ["keygen", "-p", "512", "--seed", "00"], ["decaps", "-p", "512", "--c", "00"],
                 ["frobnicate", "-p", "512"], ["keygen", "-p", "512", "--bogus", "1"]):
        rc, _, stdout, err = run(k, *args)
        T.check(rc == 2 and stdout == "" and err, "usage error %s: rc %d" % (args, rc))


if __name__ == "__main__":
    sys.exit(main())
