#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The same suite under GCC's AddressSanitizer + UndefinedBehaviorSanitizer (the cross suites
# are not repeated).
set -euo pipefail
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKF_SANITIZE=ON
cmake --build build-asan -j"$(nproc)"
ctest --test-dir build-asan --output-on-failure -j"$(nproc)"
