#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# What the fuzz corpora kept in fuzz/corpus/ cover (clang source-based coverage,
# fuzz/coverage.sh), printed per target so a drop shows. The corpora are fixed, so this is a
# fixed amount of work whatever runs beside it (unlike 50-fuzz.sh's timed runs): .ci/run runs it
# two at a time with the other stages. `55-fuzz-coverage.sh prepare`: the configure and build only.
set -euo pipefail
command -v clang >/dev/null || { echo "clang not installed: fuzz coverage stage skipped"; exit 0; }
if [ "${1:-}" = prepare ]; then
  bash fuzz/coverage.sh build-fuzz-cov --build-only
else
  bash fuzz/coverage.sh build-fuzz-cov
fi
