# SPDX-License-Identifier: Apache-2.0 OR MIT
# model_tests.cmake - ctest entries for seed 003's vector unit model (included from
# tests/CMakeLists.txt). Python 3 standard library only.
#
#   rvv_ise_model_unit    instructions, cost rule, every program x EleNum 5/15/30 x nr 1..24
#                         against the Python Keccak-p (KF_LIB unset: the library class skips)
#   rvv_ise_model_lib     the same programs against the library's `ref` backend through ctypes,
#                         and SHA3-256 / SHAKE128 through the model's permutation
#   rvv_ise_model_report  the report (Tables 7 and 8, the variants) end to end
#   rvv_ise_encoding_gnu_as  GNU as (riscv64-linux-gnu-as) and rvv_encoding.py give the same
#                         words for the seed's programs; skipped (77) without binutils-riscv64
# Host tools: not in a cross build (the native build runs them).
if(CMAKE_CROSSCOMPILING)
  return()
endif()
find_package(Python3 COMPONENTS Interpreter QUIET)
if(NOT Python3_Interpreter_FOUND)
  message(STATUS "RVV ISE model tests: off (no python3)")
  return()
endif()
set(KF_RVV_ISE_DIR ${PROJECT_SOURCE_DIR}/bench/rvv_ise_model)
add_test(NAME rvv_ise_model_unit
         COMMAND ${Python3_EXECUTABLE} -m unittest discover -s ${KF_RVV_ISE_DIR} -p "test_*.py")
add_test(NAME rvv_ise_model_lib
         COMMAND ${Python3_EXECUTABLE} -m unittest -v test_rvv_ise.AgainstLibrary
         WORKING_DIRECTORY ${KF_RVV_ISE_DIR})
# KF_PY_ENV: under the sanitizers, the runtime preloaded into python (tests/CMakeLists.txt)
set_tests_properties(rvv_ise_model_lib PROPERTIES ENVIRONMENT "${KF_PY_ENV};KF_LIB=$<TARGET_FILE:keccakforge>")
add_test(NAME rvv_ise_model_report
         COMMAND ${Python3_EXECUTABLE} ${KF_RVV_ISE_DIR}/report.py --quick)
set_tests_properties(rvv_ise_model_unit rvv_ise_model_lib rvv_ise_model_report
  PROPERTIES ENVIRONMENT_MODIFICATION "PYTHONDONTWRITEBYTECODE=set:1" TIMEOUT 300)
add_test(NAME rvv_ise_encoding_gnu_as
         COMMAND ${Python3_EXECUTABLE} ${KF_RVV_ISE_DIR}/gnu_as_check.py)
# ~1 s; binutils-riscv64-linux-gnu comes with gcc-riscv64-linux-gnu (.ci/deps/10-cross.sh)
set_tests_properties(rvv_ise_encoding_gnu_as PROPERTIES
  ENVIRONMENT_MODIFICATION "PYTHONDONTWRITEBYTECODE=set:1" SKIP_RETURN_CODE 77 TIMEOUT 60)
