# SPDX-License-Identifier: Apache-2.0 OR MIT
# rvv_zvbb_tests.cmake - ctest entries for Zvbb in hw/rtl/rvv/rvv_unit.v (parameter ZVBB) and
# for the tables of `kforge bench --suite rvv-ise`'s hardware rows; included from
# rvv_tests.cmake. The simulations behind the bench's rows run in the bench, not here.
#   hw_rvv_zvbb       the processor with the unit built with ZVBB = 1 (ELEN 64, EleNum 5): the
#                     model's Zvbb program (bench/rvv_ise_model/programs/zvbb_e64_m8.s, 69 cycles
#                     per round) for nr 1, 2, 3, 12, 23 and 24, states against the library; pc,
#                     cycle and scalar writes against the model at every retired instruction, all
#                     vector registers too at nr 1 and 24
#   hw_rvv_zvbb_all_nr  (KF_SLOW_TESTS only; else Skipped, saying so) the same for every nr 1..24
#   hw_rvv_zvbb_unit  the unit with ZVBB = 1, ELEN 64 and 32, EleNum 5: vandn/vror/vrol against
#                     the model (with ZVBB = 0, hw_rvv_unit_e64/e32 check that they are refused)
#   hw_rvv_bench_rows bench_rvv.py --rvv-ise's tables from results files, no simulator
# Measured 2026-11-24 at load ~18-21 on 2 cores: hw_rvv_zvbb 211 s wall (24 s CPU),
# hw_rvv_zvbb_unit 18 s wall (3 s CPU), hw_rvv_bench_rows 1.6 s (10 s at load ~16 on 2026-11-25
# with the SN 1/3/6 check, which prices every program at three EleNum values in the model).
# nr 1-3 and 23-24 (the first and last rounds' constants and the loop's ends) and one in between by
# default; every nr with KF_SLOW_TESTS (session 72: 275 of the default run's 300 rounds were nr 2..23's)
add_test(NAME hw_rvv_zvbb COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --bench core --configs 64x5 --param ZVBB=1 --testcase programs_lockstep --env RVV_PROGRAMS=zvbb_e64_m8
  --env RVV_NRS=1,2,3,12,23,24 --env RVV_LOCK_NRS=1,24 --lib $<TARGET_FILE:keccakforge>
  --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
kf_slow_test(hw_rvv_zvbb_all_nr "the Zvbb processor's program at every nr 1..24"
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --bench core --configs 64x5 --param ZVBB=1 --testcase programs_lockstep --env RVV_PROGRAMS=zvbb_e64_m8
  --env RVV_NRS=1-24 --env RVV_LOCK_NRS=1,24 --lib $<TARGET_FILE:keccakforge>
  --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
kf_slow_test_props(hw_rvv_zvbb_all_nr ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 1800)
add_test(NAME hw_rvv_zvbb_unit COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/run_rvv.py
  --configs 64x5,32x5 --param ZVBB=1 --testcase zvbb_instructions,vv_amounts --build ${CMAKE_CURRENT_BINARY_DIR}/sim-rvv)
add_test(NAME hw_rvv_bench_rows COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tests/rvv/test_bench_rvv.py)
set_tests_properties(hw_rvv_zvbb PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 900)
set_tests_properties(hw_rvv_zvbb_unit PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" SKIP_RETURN_CODE 77 TIMEOUT 300)
set_tests_properties(hw_rvv_bench_rows PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1" TIMEOUT 60)
