# SPDX-License-Identifier: Apache-2.0 OR MIT
# rvv_tests.cmake - ctest entries for hw/rtl/rvv (seed 003's vector unit), included from
# hw/CMakeLists.txt (so not in cross or sanitizer builds). Each reports skipped (77) without
# its tools.
#   hw_rvv_lint      rvv_tables.vh up to date; verilator --lint-only -Wall for ELEN 64/32 x
#                    EleNum 5/15/30; yosys parse (~20 s)
#   hw_rvv_unit_e64  cocotb on Icarus, EleNum 5/15/30: every instruction against the model,
#                    misuse, loads/stores, Algorithms 2 and 3 (103 / 75 cycles per round)
#   hw_rvv_unit_e32  the same for ELEN 32 and the 32-bit program (147 cycles per round)
#   hw_rvv_core      the processor (rv32i_core + rvv_unit, rvv_soc.v) running the seed's
#                    programs (nr 24, ELEN 64/32, EleNum 5) in lock step with the model, states
#                    against the library; EleNum 15/30 are in the bench (minutes on Icarus)
add_test(NAME hw_rvv_lint COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/lint_rvv.py)
add_test(NAME hw_rvv_unit_e64 COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --configs 64x5,64x15,64x30 --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
add_test(NAME hw_rvv_unit_e32 COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --configs 32x5,32x15,32x30 --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
set_tests_properties(hw_rvv_lint PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 300)
set_tests_properties(hw_rvv_unit_e64 hw_rvv_unit_e32 PROPERTIES
  ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 300)
add_test(NAME hw_rvv_core COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --bench core --configs 64x5,32x5 --lib $<TARGET_FILE:keccakforge> --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
set_tests_properties(hw_rvv_core PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 300)
