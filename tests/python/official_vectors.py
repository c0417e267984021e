# SPDX-License-Identifier: Apache-2.0 OR MIT
"""official_vectors.py - where the tests find the official test vectors, and their check.

The vectors are other projects' data, so the repository does not carry them. The tests read
them from a directory holding:
  acvp/<name>/prompt.json, expectedResults.json   NIST's ACVP-Server, gen-val/json-files/<name>/,
                                                  at the tag named in ../shared/vectors/PROVENANCE.md
  k12_turboshake.jsonl                            the vectors of RFC 9861 section 5, one JSON a line
  sp800_185_nist_samples.jsonl                    NIST's published SP 800-185 examples, one JSON a line
found as (first that is set): the --vectors argument, $KF_VECTORS_DIR (CMake passes its cache
variable KF_VECTORS_DIR), or ../shared/vectors beside the repository. Every file is checked
against tests/official_vectors.sha256 (hashes this project computed) before use.
"""
import hashlib
import os

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
PINS = os.path.join(REPO, "tests", "official_vectors.sha256")
ENV = "KF_VECTORS_DIR"

WHERE = ("official vectors not found: give -DKF_VECTORS_DIR=DIR to CMake (or $KF_VECTORS_DIR) with "
         "acvp/<name>/{prompt,expectedResults}.json from NIST's ACVP-Server gen-val/json-files, "
         "k12_turboshake.jsonl (RFC 9861 section 5) and sp800_185_nist_samples.jsonl (NIST's "
         "SP 800-185 examples); ../shared/vectors beside the repository is used when present")


class VectorsMissing(Exception):
    """The vector directory (or one of its files) is absent: the test is skipped, not failed."""


class VectorMismatch(Exception):
    """A vector file is present but is not the file whose hash tests/official_vectors.sha256 pins."""


def find(explicit=None):
    """The vector directory, or None."""
    for d in (explicit, os.environ.get(ENV), os.path.join(REPO, "..", "shared", "vectors")):
        if d and os.path.isdir(d):
            return os.path.normpath(d)
    return None


def _pins():
    pins = {}
    with open(PINS) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                digest, rel = line.split()
                pins[rel] = digest
    return pins


def read(relpath, vdir=None):
    """Bytes of <vector dir>/<relpath>, checked against its pinned sha256."""
    vdir = vdir or find()
    if vdir is None:
        raise VectorsMissing(WHERE)
    pins = _pins()
    if relpath not in pins:
        raise VectorMismatch("%s is not pinned in tests/official_vectors.sha256" % relpath)
    path = os.path.join(vdir, relpath)
    if not os.path.isfile(path):
        raise VectorsMissing("%s not found (%s)" % (path, WHERE))
    with open(path, "rb") as f:
        data = f.read()
    got = hashlib.sha256(data).hexdigest()
    if got != pins[relpath]:
        raise VectorMismatch("%s: sha256 %s, tests/official_vectors.sha256 says %s" % (path, got, pins[relpath]))
    return data


def run_parts(part, vector_part, other_part):
    """Run a test script's parts as --part asks ("all", "vectors", "oracles"): vector_part()
    only when the vectors are found, other_part() always unless only the vectors are asked.
    Returns 77 (skipped) when only the vectors are asked and they are absent, else None."""
    if part != "oracles":
        if find() is None:
            if part == "vectors":
                print("SKIP: " + WHERE)
                return 77
        else:
            vector_part()
    if part != "vectors":
        other_part()
    return None
