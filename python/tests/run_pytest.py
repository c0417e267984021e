# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ctest's python_package: pytest on python/tests against the in-tree package (PYTHONPATH).

Exit 77 (skipped) with one line when pytest is missing; pytest's "no tests ran" (5) fails.
    run_pytest.py TESTS_DIR                 every test but the official-vector ones
    run_pytest.py TESTS_DIR --vectors       only those (test_official_vectors.py); skipped (77)
                                            when the vector directory is absent
    run_pytest.py TESTS_DIR --spark         only keccakforge.spark's (test_spark.py, its own
                                            ctest entry: a local Spark session); skipped (77)
                                            when pyspark, pandas, pyarrow or Java is missing
"""
import os
import sys

try:
    import pytest
except ImportError:
    print("skipped: pytest is not installed (python3 -m pip install pytest)")
    sys.exit(77)

try:
    import keccakforge
except ImportError as e:
    print(f"FAILED: the in-tree package does not import: {e}")
    sys.exit(1)

tests, vectors_only, spark_only = sys.argv[1], "--vectors" in sys.argv[2:], "--spark" in sys.argv[2:]
vector_file = os.path.join(tests, "test_official_vectors.py")
spark_file = os.path.join(tests, "test_spark.py")
if vectors_only:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "python"))
    import official_vectors  # noqa: E402
    if official_vectors.find() is None:
        print("SKIP: " + official_vectors.WHERE)
        sys.exit(77)
print(f"keccakforge {keccakforge.__version__} from {keccakforge.__file__}, backends {keccakforge.backends()}")
args = ([vector_file] if vectors_only else [spark_file, "-W", "ignore::FutureWarning"] if spark_only
        else [tests, "--ignore=" + vector_file, "--ignore=" + spark_file])

class MissingOracles:
    """Collects the tests pytest skipped because an oracle package is not installed."""

    def __init__(self):
        self.skipped = []
        self.ran = 0
        self.why = set()

    def pytest_runtest_logreport(self, report):
        if report.skipped and "not installed" in str(report.longrepr):
            self.skipped.append(report.nodeid)
        if report.when == "call" and not report.skipped:
            self.ran += 1

    def pytest_collectreport(self, report):
        if report.skipped:  # a module skipped as a whole (test_spark.py without pyspark or Java)
            self.why.add(str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else str(report.longrepr))


missing = MissingOracles()
rc = pytest.main(args + ["-q", "-rs", "-p", "no:cacheprovider"], plugins=[missing])
if spark_only and rc in (0, 5) and missing.ran == 0:
    print("SKIPPED: " + ("; ".join(sorted(missing.why)) or "no Spark test ran"))
    sys.exit(77)
if rc == 0 and missing.skipped:
    # every other test passed, but comparisons with an independent implementation did not
    # run: ctest counts that as skipped, never as passed (SKIP_RETURN_CODE 77)
    print(f"SKIPPED: {len(missing.skipped)} tests need an oracle that is not installed")
    sys.exit(77)
sys.exit(1 if rc == 5 else int(rc))
