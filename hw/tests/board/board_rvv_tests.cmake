# SPDX-License-Identifier: Apache-2.0 OR MIT
# board_rvv_tests.cmake - ctest entries for the processor's ULX3S board top (hw/rtl/board/ulx3s_rvv.v:
# the serial bridge, rvv_axil, rvv_soc; issue 55 item 3's second top), included from hw/CMakeLists.txt
# (not in cross or sanitizer builds). Each reports skipped (77) without its tools.
#   hw_board_rvv_e2e      Verilator builds the top (ELEN 64, EleNum 5, as the bitstream) with
#                         tests/board/sim_ulx3s.cpp -DSIM_RVV (its serial pins behind a pseudo-terminal);
#                         the host driver keccakforge.hw.RvvBoard loads, runs and reads back the
#                         processor's three ELEN 64 programs (Algorithms 2 and 3, the RVV 1.0 variant)
#                         for one permutation each: states against the C library's kf_keccak_p1600 and
#                         the model, cycles per round / permutation against the model; the slave's
#                         refusals; keccakforge.hw.rvv_selftest. Measured 2026-11-25 at load ~10 on 2
#                         cores: 8 s with the simulator built, its build 90 s wall (27 s CPU), cached in
#                         sim-board-rvv.
#   hw_formal_rvv_axil    SymbiYosys (hw/formal/run.py rvv_axil.sby): rvv_axil keeps AXI4-Lite's rules,
#                         answers each request once and loads the memories only while the processor is
#                         held (k-induction, rvv_soc free: formal/rvv_soc_free.v); 12-20 s at load ~14
#   hw_board_rvv_e2e_e32  (KF_SLOW_TESTS) the same top built ELEN 32, EleNum 5: the 32-bit program
#                         (106 s build, 2 s run)
#   hw_board_ulx3s_rvv_bit  (KF_SLOW_TESTS) the bitstream: hw/board/build_ulx3s.py --top rvv
#                         (yosys + nextpnr-ecp5 + ecppack: tens of minutes)
add_test(NAME hw_board_rvv_e2e COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/board/board_rvv_e2e.py
  --build ${CMAKE_CURRENT_BINARY_DIR}/sim-board-rvv --lib $<TARGET_FILE:keccakforge>)
set_tests_properties(hw_board_rvv_e2e PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600
  ENVIRONMENT "${KF_HW_ENV};PYTHONPATH=${PROJECT_BINARY_DIR}/python")
add_test(NAME hw_formal_rvv_axil COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/formal/run.py rvv_axil.sby)
set_tests_properties(hw_formal_rvv_axil PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77
  TIMEOUT 300)
if(KF_SLOW_TESTS)
  add_test(NAME hw_board_rvv_e2e_e32 COMMAND ${Python3_EXECUTABLE}
    ${CMAKE_CURRENT_SOURCE_DIR}/tests/board/board_rvv_e2e.py --elen 32
    --build ${CMAKE_CURRENT_BINARY_DIR}/sim-board-rvv32 --lib $<TARGET_FILE:keccakforge>)
  set_tests_properties(hw_board_rvv_e2e_e32 PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600
    ENVIRONMENT "${KF_HW_ENV};PYTHONPATH=${PROJECT_BINARY_DIR}/python")
  add_test(NAME hw_board_ulx3s_rvv_bit COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/board/build_ulx3s.py
    --top rvv --out ${CMAKE_CURRENT_BINARY_DIR}/ulx3s-rvv)
  # RUN_SERIAL: one nextpnr at a time (with hw_board_ulx3s_bit)
  set_tests_properties(hw_board_ulx3s_rvv_bit PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 7200 LABELS "hw;slow"
    RUN_SERIAL TRUE)
endif()
