# SPDX-License-Identifier: Apache-2.0 OR MIT
# rvv_tests.cmake - ctest entries for hw/rtl/rvv (seed 003's vector unit), included from
# hw/CMakeLists.txt (so not in cross or sanitizer builds). Each reports skipped (77) without
# its tools.
#   hw_rvv_lint      rvv_tables.vh up to date; verilator --lint-only -Wall for ELEN 64/32 x
#                    EleNum 5/15/30 and the ULX3S top ulx3s_rvv; yosys parse (~20 s idle, 121 s
#                    at load ~15 with a nextpnr beside it, 2026-11-25)
#   hw_rvv_unit_e64  cocotb on Icarus, EleNum 5/15: every instruction against the model,
#                    misuse, loads/stores, Algorithms 2 and 3 (103 / 75 cycles per round)
#   hw_rvv_unit_e32  the same for ELEN 32 and the 32-bit program (147 cycles per round)
#   hw_rvv_unit_n30  (KF_SLOW_TESTS only) EleNum 30 (6 states), ELEN 64 and 32: misuse and the programs only (the
#                    full instruction sweep at EleNum 30 takes minutes on Icarus with the
#                    banked register file: run_rvv.py --configs 64x30,32x30, a bench step)
#   hw_rvv_core      the processor (rv32i_core + rvv_unit, rvv_soc.v), ELEN 64/32, EleNum 5:
#                    the seed's programs (nr 24) in lock step with the model, states against
#                    the library; every RV32I instruction against a reference; the sponge
#                    driver (SHA3-256, SHAKE128) against the library. EleNum 30: the bench
#                    (hw/tests/rvv/bench_rvv.py, minutes on Icarus)
#   hw_formal_rvv    SymbiYosys (hw/formal/run.py): rvv_seq.sby, the unit's issue sequencer
#                    against the cost rule (ELEN 64 and 32, BMC depth 48); rvv_core_stall.sby,
#                    the core stalls while the unit is busy (core + unit, BMC depth 24)
#   hw_formal_rvv_vpi  SymbiYosys: rvv_vpi_perm.sby, vpi's column write as a permutation of
#                    elements (ELEN 32, EleNum 5), BMC depth 10: refused words, a fixed row, and
#                    the row immediate -1 with up to two rows
#   hw_formal_rvv_vpi_full  (KF_SLOW_TESTS only; else Skipped, saying so) the same to depth 14:
#                    up to five rows
add_test(NAME hw_rvv_lint COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/lint_rvv.py)
add_test(NAME hw_rvv_unit_e64 COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --configs 64x5,64x15 --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
add_test(NAME hw_rvv_unit_e32 COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --configs 32x5,32x15 --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
add_test(NAME hw_rvv_core COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --bench core --configs 64x5,32x5 --lib $<TARGET_FILE:keccakforge> --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
set_tests_properties(hw_rvv_lint PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 600)
# Zvbb in the unit and the rvv-ise bench's tables: rvv_zvbb_tests.cmake
include(${CMAKE_CURRENT_LIST_DIR}/rvv_zvbb_tests.cmake)
# (timeouts: 3x or more of the wall time measured here at load 12-19 on 2 cores)
# (hw_rvv_core 180 s, hw_rvv_unit_n30 470 s wall at load ~15 on 2 cores, 2026-11-23)
set_tests_properties(hw_rvv_unit_e64 hw_rvv_unit_e32 hw_rvv_core PROPERTIES
  ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 1200)
# EleNum 30 (the same RTL with six states) only with KF_SLOW_TESTS: 470 s of a busy CI run
if(KF_SLOW_TESTS)
  add_test(NAME hw_rvv_unit_n30 COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
    --configs 64x30,32x30 --testcase misuse_is_illegal,programs --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
  set_tests_properties(hw_rvv_unit_n30 PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 3600)
endif()
# the proofs of hw/formal/rvv_*.sby (measured 2026-11-24 on 2 cores at load 18-22: rvv_seq.sby 413 s wall,
# 72 s of CPU, alone, and 767 s in `ctest -R hw_formal_rvv`; rvv_core_stall.sby 283 s wall, ~25 s of CPU)
add_test(NAME hw_formal_rvv COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/formal/run.py rvv_seq.sby
  rvv_core_stall.sby)
# (its COST, which starts it among the first under ctest -j: cmake/KfTestCosts.cmake)
set_tests_properties(hw_formal_rvv PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 3600)
# vpi's column write as a permutation of elements (hw/formal/rvv_vpi_perm.sby, ELEN 32 EleNum 5).
# By default to BMC depth 10 (task e32n5_d10): every step whose check follows a refused word, a
# fixed-row vpi or a one- or two-row vpi (row immediate -1); the mutations of hw/rtl/rvv/README.md
# fail at step 8, inside it, and a multi-row vpi without its last row (pi_go's row count R - 1
# for R > 1) fails at step 9 (2026-11-25: 220 s of CPU at load ~10; step 8 passes, so depth 9
# would miss it).
# Measured 2026-11-25 at load 8-20 (2 cores, 7 jobs' builds beside it): PASS, 1664 s wall, 288 s
# of CPU, of which bmc3's steps 8 and 9 ~140 s and yosys (read, memory_map, AIGER) the rest; the
# same steps of the depth-14 run took 51, 63 and 118 s for steps 8-10, then more each. Expected
# in the CI's ctest -j2 on an idle machine: ~3-4 minutes (against 583 s at depth 14).
# The full depth 14 (three to five rows) was the CI's longest test (583 s of a 1903 s ctest -j2,
# 2026-11-25; 541 s wall, 266 s of CPU at load ~6 on 2026-11-24): hw_formal_rvv_vpi_full, with
# KF_SLOW_TESTS only.
add_test(NAME hw_formal_rvv_vpi COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/formal/run.py
  rvv_vpi_perm.sby:e32n5_d10)
set_tests_properties(hw_formal_rvv_vpi PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 3600)
kf_slow_test(hw_formal_rvv_vpi_full "vpi's column write to BMC depth 14 (three- to five-row vpi; ~10 min)"
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/formal/run.py rvv_vpi_perm.sby:e32n5)
kf_slow_test_props(hw_formal_rvv_vpi_full ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 3600)
