#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# An unoptimised (CMake Debug, -O0) build of the library, and the tests of the code whose
# form depends on optimisation: the batched backends and the x8 leaf loop with KT's final node
# beside it (keccak_x1_round_asm.h's inline assembly needs registers that -O0 does not free,
# so there a C round stands in; a Release-only CI once let a Debug build break). ~3 min.
# `15-debug.sh prepare`: the configure and build only (.ci/run runs that beside its ctest).
set -euo pipefail
cmake -S . -B build-debug -DCMAKE_BUILD_TYPE=Debug -DKF_BUILD_TOOLS=OFF
cmake --build build-debug -j"$(nproc)" --target keccakforge test_backends test_backends_xn test_leaves_node test_batch
[ "${1:-}" = prepare ] && exit 0
ctest --test-dir build-debug --output-on-failure -j"$(nproc)" -R '^(test_backends|test_backends_xn|test_leaves_node|test_batch)$'
