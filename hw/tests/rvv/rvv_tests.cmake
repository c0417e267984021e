# SPDX-License-Identifier: Apache-2.0 OR MIT
# rvv_tests.cmake - ctest entries for hw/rtl/rvv (seed 003's vector unit), included from
# hw/CMakeLists.txt (so not in cross or sanitizer builds). Each reports skipped (77) without
# its tools.
#   hw_rvv_lint      rvv_tables.vh up to date; verilator --lint-only -Wall for ELEN 64/32 x
#                    EleNum 5/15/30 and the ULX3S top ulx3s_rvv; yosys parse (~20 s idle, 121 s
#                    at load ~15 with a nextpnr beside it, 2026-11-25)
#   hw_rvv_unit_e64  cocotb on Icarus, EleNum 5: every instruction against the model,
#                    misuse, loads/stores, a load then its use (back to back), Algorithms 2 and 3
#                    (103 / 75 cycles per round)
#   hw_rvv_unit_e32  the same for ELEN 32 and the 32-bit program (147 cycles per round)
#   hw_rvv_unit_n15  EleNum 15 (3 states, the banked register file's three banks), ELEN 64 and 32:
#                    misuse and the programs (Algorithms 2 and 3 on three states, the 32-bit one)
#   hw_rvv_unit_n15_full  (KF_SLOW_TESTS only; else Skipped, saying so) every case at EleNum 15:
#                    the instruction sweeps, loads/stores, a load then its use, ... (session 72:
#                    they were ~85 % of the unit's Icarus time in the default run)
#   hw_rvv_unit_n30  (KF_SLOW_TESTS only) EleNum 30 (6 states), ELEN 64 and 32: misuse and the programs only (the
#                    full instruction sweep at EleNum 30 takes minutes on Icarus with the
#                    banked register file: run_rvv.py --configs 64x30,32x30, a bench step)
#   hw_rvv_core      the processor (rv32i_core + rvv_unit, rvv_soc.v), ELEN 64/32, EleNum 5:
#                    the seed's programs (nr 24) in lock step with the model, states against
#                    the library; every RV32I instruction against a reference; vsetvli's rd
#                    read by the next instruction; the sponge driver (SHA3-256, SHAKE128)
#                    against the library. EleNum 30: the bench
#                    (hw/tests/rvv/bench_rvv.py, minutes on Icarus)
#   hw_formal_rvv    SymbiYosys (hw/formal/run.py): rvv_seq.sby, the unit's issue sequencer
#                    against the cost rule (ELEN 64 and 32, BMC depth 48); rvv_core_stall.sby,
#                    the core stalls while the unit is busy (core + unit, BMC depth 26)
#   hw_formal_rvv_vpi  SymbiYosys: rvv_vpi_perm.sby, vpi's column write as a permutation of
#                    elements (ELEN 32, EleNum 5), BMC depth 9: refused words, a fixed row, and
#                    the row immediate -1 with one row
#   hw_formal_rvv_vpi_full  (KF_SLOW_TESTS only; else Skipped, saying so) the same to depth 14:
#                    up to five rows
add_test(NAME hw_rvv_lint COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/lint_rvv.py)
add_test(NAME hw_rvv_unit_e64 COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --configs 64x5 --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
add_test(NAME hw_rvv_unit_e32 COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --configs 32x5 --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
# EleNum 15 by default: the misuse and program cases (the programs run every bank); the whole sweep at
# EleNum 15 (a cycle there costs Icarus 5-6x one at EleNum 5: of the e64 / e32 entries' 1,169 s of
# wall time at load ~7 on 2026-12-02 01:10-01:45 UTC, per cocotb's results.xml, EleNum 15 took 998 s,
# of which its misuse and program cases 94 s) with KF_SLOW_TESTS. Side by side on 2026-12-02 (05:00-05:17 UTC,
# load ~10, `/usr/bin/time nice -n 10 run_rvv.py ...`): every case at 64x15,32x15 227.8 s of CPU, the two cases
# 20.8 s (and hw_rvv_zvbb: nr 1..24 106.6 s, nr 1-3, 12, 23, 24 23.1 s), all passed
add_test(NAME hw_rvv_unit_n15 COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --configs 64x15,32x15 --testcase misuse_is_illegal,programs --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
kf_slow_test(hw_rvv_unit_n15_full "every case of the vector unit at EleNum 15, ELEN 64 and 32 (~2.5 min of CPU idle)"
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --configs 64x15,32x15 --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
kf_slow_test_props(hw_rvv_unit_n15_full ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 3600)
add_test(NAME hw_rvv_core COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --bench core --configs 64x5,32x5 --lib $<TARGET_FILE:keccakforge> --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
set_tests_properties(hw_rvv_lint PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 600)
# Zvbb in the unit and the rvv-ise bench's tables: rvv_zvbb_tests.cmake
include(${CMAKE_CURRENT_LIST_DIR}/rvv_zvbb_tests.cmake)
# (timeouts: 3x or more of the wall time measured here at load 12-19 on 2 cores)
# (hw_rvv_core 180 s, hw_rvv_unit_n30 470 s wall at load ~15 on 2 cores, 2026-11-23)
set_tests_properties(hw_rvv_unit_e64 hw_rvv_unit_e32 hw_rvv_unit_n15 hw_rvv_core PROPERTIES
  ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 1200)
# EleNum 30 (the same RTL with six states) only with KF_SLOW_TESTS: 470 s of a busy CI run
if(KF_SLOW_TESTS)
  add_test(NAME hw_rvv_unit_n30 COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
    --configs 64x30,32x30 --testcase misuse_is_illegal,programs --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
  set_tests_properties(hw_rvv_unit_n30 PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 3600)
endif()
# the proofs of hw/formal/rvv_*.sby (measured 2026-11-24 on 2 cores at load 18-22: rvv_seq.sby 413 s wall,
# 72 s of CPU, alone, and 767 s in `ctest -R hw_formal_rvv`; rvv_core_stall.sby 283 s wall, ~25 s of CPU;
# 2026-11-25 at load 5-6, both with run.py: 239 s wall, 164 s of CPU, then 208 s wall, 147 s of CPU once
# both .sby read with -defer)
add_test(NAME hw_formal_rvv COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/formal/run.py rvv_seq.sby
  rvv_core_stall.sby)
# (its COST, which starts it among the first under ctest -j: cmake/KfTestCosts.cmake)
set_tests_properties(hw_formal_rvv PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 3600)
# vpi's column write as a permutation of elements (hw/formal/rvv_vpi_perm.sby, ELEN 32 EleNum 5).
# By default to BMC depth 9 (task e32n5_d9): every step whose check follows a refused word, a
# fixed-row vpi or a one-row vpi (row immediate -1, R = 1); the mutations of hw/rtl/rvv/README.md
# fail at step 8, inside it. Two rows need depth 10 (pi_go's row count R - 1 for R > 1, the last
# row not written, fails at step 9 only), three to five depth 14: hw_formal_rvv_vpi_full, with
# KF_SLOW_TESTS; by default multi-row vpi (row immediate -1 at every LMUL, against the model) is
# checked by simulation in hw_rvv_unit_e64/e32 (test_rvv_unit.py) and in the Keccak programs.
# Cost (2026-11-25, 2 cores at load 9-14): the depth-10 run took 214 s of CPU (1373 s wall): yosys
# ~95 s (its first script 89 s, of which most elaborated rvv_unit at ELEN 64 and the harness
# twice: read -defer in the .sby makes it 50 s, the same netlist), bmc3 51 s to step 8 and 119 s
# to step 9. Depth 9 with read -defer (ctest -R '^hw_formal_rvv_vpi$', load 11-14): PASS, 157 s of
# CPU, 1304 s wall; the CI's depth-10 run had taken 530 s of a ctest -j2 at load 3-10.
add_test(NAME hw_formal_rvv_vpi COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/formal/run.py
  rvv_vpi_perm.sby:e32n5_d9)
set_tests_properties(hw_formal_rvv_vpi PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 4000)
kf_slow_test(hw_formal_rvv_vpi_full "vpi's column write to BMC depth 14 (three- to five-row vpi; ~10 min)"
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/formal/run.py rvv_vpi_perm.sby:e32n5)
kf_slow_test_props(hw_formal_rvv_vpi_full ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 3600)
