# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ctest's python_package: pytest on python/tests against the in-tree package (PYTHONPATH).

Exit 77 (skipped) with one line when pytest is missing; pytest's "no tests ran" (5) fails.
    run_pytest.py TESTS_DIR                 every test but the official-vector ones
    run_pytest.py TESTS_DIR --vectors       only those (test_official_vectors.py); skipped (77)
                                            when the vector directory is absent
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

tests, vectors_only = sys.argv[1], "--vectors" in sys.argv[2:]
vector_file = os.path.join(tests, "test_official_vectors.py")
if vectors_only:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "python"))
    import official_vectors  # noqa: E402
    if official_vectors.find() is None:
        print("SKIP: " + official_vectors.WHERE)
        sys.exit(77)
print(f"keccakforge {keccakforge.__version__} from {keccakforge.__file__}, backends {keccakforge.backends()}")
args = [vector_file] if vectors_only else [tests, "--ignore=" + vector_file]
rc = pytest.main(args + ["-q", "-rs", "-p", "no:cacheprovider"])
sys.exit(1 if rc == 5 else int(rc))
