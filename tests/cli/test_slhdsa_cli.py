#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""test_slhdsa_cli.py - `kforge slhdsa` run as a user would run it.

  keygen --seed   the first ACVP keyGen case of each SHAKE parameter set (official vectors: --part vectors)
  sign            the first case of the ACVP sigGen groups "SHAKE-128f, pure, deterministic"
                  and "... hedged" (--addrnd): byte-identical sig=
  verify          that signature: exit 0; with a changed message or context: exit 1
  --prehash       the first case of each SHA-3/SHAKE pre-hash of the 128f preHash groups
                  (HashSLH-DSA): byte-identical sig=, verified with --prehash, refused without
  round trip      keygen (OS randomness) -> sign -> verify for 128f
  bad usage       no -p, unknown set, bad hex, unknown option, wrong seed size: exit 2

Usage: test_slhdsa_cli.py --kforge PATH
The last line printed is "N passed, N failed"; the exit status is 0 only if none failed.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import official_vectors  # noqa: E402

passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


def load(name):
    return json.loads(official_vectors.read("acvp/%s.json" % name))


def run(kforge, *args):
    p = subprocess.run([kforge, "slhdsa"] + list(args), capture_output=True, text=True)
    out = dict(l.split("=", 1) for l in p.stdout.splitlines() if "=" in l)
    return p.returncode, out, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kforge", required=True)
    ap.add_argument("--part", choices=("all", "vectors", "oracles"), default="all")
    args = ap.parse_args()
    k = args.kforge
    if official_vectors.run_parts(args.part, lambda: acvp_cases(k), lambda: round_trips_and_errors(k)):
        sys.exit(77)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed or not passed else 0)


def acvp_cases(k):
    prompt, res = load("SLH-DSA-keyGen-FIPS205/prompt"), load("SLH-DSA-keyGen-FIPS205/expectedResults")
    ans = {int(t["tcId"]): t for g in res["testGroups"] for t in g["tests"]}
    for g in prompt["testGroups"]:
        if "SHAKE" not in g["parameterSet"]:
            continue
        t = g["tests"][0]
        p = g["parameterSet"][len("SLH-DSA-"):].lower()
        rc, out, _ = run(k, "keygen", "-p", p, "--seed", t["skSeed"] + t["skPrf"] + t["pkSeed"])
        e = ans[t["tcId"]]
        check(rc == 0 and out.get("pk", "").upper() == e["pk"] and out.get("sk", "").upper() == e["sk"],
              "keygen %s tc %d" % (p, t["tcId"]))

    prompt, res = load("SLH-DSA-sigGen-FIPS205/prompt"), load("SLH-DSA-sigGen-FIPS205/expectedResults")
    ans = {int(t["tcId"]): t for g in res["testGroups"] for t in g["tests"]}
    for g in prompt["testGroups"]:
        if g["parameterSet"] != "SLH-DSA-SHAKE-128f" or g.get("preHash") != "pure":
            continue
        t = g["tests"][0]
        args = ["sign", "-p", "shake-128f", "--sk", t["sk"], "--msg", t["message"]]
        if t["context"]:
            args += ["--ctx", t["context"]]
        if not g["deterministic"]:
            args += ["--addrnd", t["additionalRandomness"]]
        else:
            args += ["--deterministic"]
        rc, out, _ = run(k, *args)
        sig = out.get("sig", "")
        check(rc == 0 and sig.upper() == ans[t["tcId"]]["signature"], "sign tc %d" % t["tcId"])
        n = len(t["sk"]) // 4
        pk = t["sk"][2 * n:]
        ctx = ["--ctx", t["context"]] if t["context"] else []
        rc, _, _ = run(k, "verify", "-p", "shake-128f", "--pk", pk, "--msg", t["message"], "--sig", sig, *ctx)
        check(rc == 0, "verify tc %d" % t["tcId"])
        rc, _, err = run(k, "verify", "-p", "shake-128f", "--pk", pk, "--msg", t["message"] + "00", "--sig", sig, *ctx)
        check(rc == 1 and "KF_ERR_BAD_SIGNATURE" in err, "verify tc %d, other message: exit 1" % t["tcId"])
        rc, _, _ = run(k, "verify", "-p", "shake-128f", "--pk", pk, "--msg", t["message"], "--sig", sig,
                       "--ctx", t["context"] + "01")
        check(rc == 1, "verify tc %d, other context: exit 1" % t["tcId"])


    # HashSLH-DSA (--prehash): the first case of each SHA-3/SHAKE pre-hash in the 128f groups
    for g in prompt["testGroups"]:
        if g["parameterSet"] != "SLH-DSA-SHAKE-128f" or g.get("preHash") != "preHash":
            continue
        done = set()
        for t in g["tests"]:
            ph = t.get("hashAlg", "")
            if not ph.startswith(("SHA3-", "SHAKE-")) or ph in done:
                continue
            done.add(ph)
            ctx = ["--ctx", t["context"]] if t["context"] else []
            rnd = ["--deterministic"] if g["deterministic"] else ["--addrnd", t["additionalRandomness"]]
            rc, out, err = run(k, "sign", "-p", "shake-128f", "--prehash", ph, "--sk", t["sk"], "--msg", t["message"],
                               *ctx, *rnd)
            sig = out.get("sig", "")
            check(rc == 0 and sig.upper() == ans[t["tcId"]]["signature"], "sign --prehash %s tc %d %s" % (ph, t["tcId"], err))
            pk = t["sk"][len(t["sk"]) // 2:]
            rc, _, _ = run(k, "verify", "-p", "shake-128f", "--prehash", ph, "--pk", pk, "--msg", t["message"],
                           "--sig", sig, *ctx)
            check(rc == 0, "verify --prehash %s tc %d" % (ph, t["tcId"]))
            rc, _, err = run(k, "verify", "-p", "shake-128f", "--pk", pk, "--msg", t["message"], "--sig", sig, *ctx)
            check(rc == 1 and "signature does not verify (KF_ERR_BAD_SIGNATURE)" in err,
                  "verify without --prehash tc %d: exit 1, %r" % (t["tcId"], err))
        check(len(done) == 6, "HashSLH-DSA cases of every SHA-3/SHAKE pre-hash: %s" % sorted(done))


def round_trips_and_errors(k):
    rc, kp, _ = run(k, "keygen", "-p", "SLH-DSA-SHAKE-128f")
    rc2, s, _ = run(k, "sign", "-p", "shake-128f", "--sk", kp.get("sk", ""), "--msg", "")
    rc3, _, _ = run(k, "verify", "-p", "shake-128f", "--pk", kp.get("pk", ""), "--msg", "", "--sig", s.get("sig", ""))
    check(rc == 0 and rc2 == 0 and rc3 == 0, "round trip with an OS-random key")

    for bad in (["keygen"], ["keygen", "-p", "shake-100f"], ["sign", "-p", "shake-128f", "--sk", "0g", "--msg", ""],
                ["keygen", "-p", "shake-128f", "--bogus", "00"], ["keygen", "-p", "shake-128f", "--seed", "00"],
                ["verify", "-p", "shake-128f", "--sk", "00"], ["frobnicate"], []):
        rc, out, _ = run(k, *bad)
        check(rc == 2 and not out, "bad usage %s: exit 2" % bad)
    rc, _, _ = run(k, "sign", "-p", "shake-128f", "--sk", "00" * 63, "--msg", "")
    check(rc == 1, "sign with a short key: exit 1")


if __name__ == "__main__":
    main()
