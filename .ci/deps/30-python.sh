# SPDX-License-Identifier: Apache-2.0 OR MIT
# The Python package (python/): the CPython headers (the extension is compiled against
# Python.h, limited API 3.11; without them it is not built and python_package is Skipped), pytest for
# ctest's python_package, and scikit-build-core (python_wheel fetches its own copy into
# fresh venvs; this one lets `pip install --no-build-isolation .` work in the CI venv).
python3 - <<'PY' 2>/dev/null || need_pkgs+=(python3-dev)
import os, sys, sysconfig
sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")) else 1)
PY
need_pip+=(pytest scikit-build-core mypy)   # mypy: ctest python_typing (the stubs)
