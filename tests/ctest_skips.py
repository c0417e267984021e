#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Why each test that ctest reported Skipped was skipped, printed on ctest's console.

ctest shows a skipped test (exit 77, SKIP_RETURN_CODE) as "***Skipped" and keeps the test's own
explanation in build/Testing/Temporary/LastTest.log only. The build directory's CTestCustom.cmake
(written by tests/CMakeLists.txt) runs this script after every ctest run (CTEST_CUSTOM_POST_TEST),
so the reasons follow ctest's summary:

    Why the skipped tests were skipped (from ctest-junit.xml):
      test_prov_interop_pyca: pyca/cryptography 48.0.1 cannot make ML-DSA certificates (...): skipped

Which tests were skipped is read from the JUnit file of this run (ctest --output-junit FILE; the
README's test command and .ci/run write BUILD/ctest-junit.xml), the only place ctest records it
(LastTest.log says "Test Passed." for a skipped test too). Without a JUnit file written by this
run it says where to look instead.

Usage: ctest_skips.py BUILD_DIR [JUNIT_XML]      (prints only; exit 0 whatever it finds)
       ctest_skips.py --self-test                (checks the parsing on made-up files; exit 0/1)
"""
import glob
import os
import re
import sys
import time
import xml.etree.ElementTree as ET

SKIP_WORD = re.compile(r"\bskip", re.I)


def reason(output):
    """The lines of a test's output that say why it skipped (at most the last three): those that
    start with "skip" (SKIP:, SKIPPED ...), else those naming a skip, else its last non-empty line."""
    lines = [x.strip() for x in (output or "").splitlines() if x.strip()]
    said = [x for x in lines if re.match(r"skip", x, re.I)] or [x for x in lines if SKIP_WORD.search(x)]
    picked = said[-3:] if said else lines[-1:]
    picked = [x if len(x) <= 240 else x[:237] + "..." for x in picked]
    return " / ".join(picked) if picked else "(the test printed nothing)"


def skipped_in_junit(path):
    """[(name, reason)] of the tests the JUnit file marks not run; None if it cannot be read."""
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return None
    out = []
    for tc in root.iter("testcase"):
        if tc.get("status") != "notrun" and tc.find("skipped") is None:
            continue
        so = tc.find("system-out")
        out.append((tc.get("name") or "?", reason(so.text if so is not None else "")))
    return out


def this_runs_log(build):
    """This run's log: LastTest.log.tmp while ctest runs (it is renamed at the very end)."""
    for n in ("LastTest.log.tmp", "LastTest.log"):
        p = os.path.join(build, "Testing", "Temporary", n)
        if os.path.isfile(p):
            with open(p, errors="replace") as f:
                return p, f.read()
    return None, ""


def this_runs_junit(build, given):
    """The JUnit file this ctest run wrote: the one named, else the newest BUILD/*.xml written at
    the end of this run: not older than the run's log, and naming the tests the log names (a file
    from an earlier run of other tests is not taken)."""
    if given:
        return given if os.path.isfile(given) else None
    log, text = this_runs_log(build)
    if not log:
        return None
    ran = set(re.findall(r"^\d+/\d+ Test: (.*)$", text, re.M))
    newest = os.path.getmtime(log)
    for m, p in sorted(((os.path.getmtime(p), p) for p in glob.glob(os.path.join(build, "*.xml"))), reverse=True):
        if m < newest - 2:  # written at the end of the run, with the log's last line
            break
        try:
            names = {tc.get("name") for tc in ET.parse(p).getroot().iter("testcase")}
        except (OSError, ET.ParseError):
            continue
        if names == ran:
            return p
    return None


def log_mentions_skip(build):
    """Whether a test of this run ended its output with a line naming a skip (not a count of them)."""
    text = this_runs_log(build)[1]
    for out in re.findall(r"^Output:\n-+\n(.*?)^<end of output>", text, re.S | re.M):
        last = [x for x in out.splitlines() if x.strip()][-1:]
        if last and SKIP_WORD.search(last[0]) and not re.search(r"\d+ passed", last[0]):
            return True
    return False


def main(argv):
    build = os.path.abspath(argv[1]) if len(argv) > 1 else os.getcwd()
    junit = this_runs_junit(build, argv[2] if len(argv) > 2 else None)
    skipped = skipped_in_junit(junit) if junit else None
    if skipped is None:
        if not log_mentions_skip(build):
            return 0
        print("(ctest wrote no JUnit file this run: the reasons of any Skipped tests are in "
              f"{os.path.join(build, 'Testing', 'Temporary', 'LastTest.log')}; "
              "`ctest --output-junit ctest-junit.xml` lists them here)")
        return 0
    if skipped:
        print(f"Why the skipped tests were skipped (from {os.path.basename(junit)}):")
        for name, why in skipped:
            print(f"  {name}: {why}")
    return 0


def self_test():
    import tempfile
    ok = True
    with tempfile.TemporaryDirectory() as d:
        j = os.path.join(d, "ctest-junit.xml")
        with open(j, "w") as f:
            f.write('<?xml version="1.0"?><testsuite><testcase name="a" status="run"><system-out>fine, 2 skipped'
                    '</system-out></testcase><testcase name="b" status="notrun"><skipped/><system-out>line 1\n'
                    'SKIP: no foo installed\n</system-out></testcase><testcase name="c" status="notrun">'
                    '<system-out>\nthe last line\n\n</system-out></testcase></testsuite>')
        got = skipped_in_junit(j)
        want = [("b", "SKIP: no foo installed"), ("c", "the last line")]
        ok &= got == want
        os.makedirs(os.path.join(d, "Testing", "Temporary"))
        log = os.path.join(d, "Testing", "Temporary", "LastTest.log.tmp")
        with open(log, "w") as f:
            f.write("".join(f"{i}/3 Test: {n}\nOutput:\n----\nskipped\n<end of output>\n" for i, n in enumerate("abc")))
        ok &= this_runs_junit(d, None) == j and log_mentions_skip(d)
        with open(log, "a") as f:
            f.write("4/4 Test: d\n")
        ok &= this_runs_junit(d, None) is None          # another run's tests: not this run's file
        with open(log, "w") as f:
            f.write("".join(f"{i}/3 Test: {n}\n" for i, n in enumerate("abc")))
        os.utime(j, (time.time() - 3600, time.time() - 3600))
        ok &= this_runs_junit(d, None) is None          # an old file is not this run's
        ok &= not log_mentions_skip(d)
    print("ctest_skips.py self-test: " + ("ok" if ok else f"FAIL {got!r}"))
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    try:
        sys.exit(main(sys.argv))
    except Exception as e:  # never turn a ctest run into "Problem executing post-test command(s)"
        print(f"(ctest_skips.py: {e!r})")
        sys.exit(0)
