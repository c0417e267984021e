# SPDX-License-Identifier: Apache-2.0 OR MIT
# model_tests.cmake - ctest entries for the Cortex-M4 cycle model (included from tests/CMakeLists.txt).
#
#   cortexm_model_unit    the timing rules, one assembled sequence each (needs python3 with
#                         unicorn + capstone; the sequences need arm-none-eabi-as/ld, else skipped)
#   cortexm_model_report  the report end to end in --quick mode: builds the bare-metal image
#                         with arm-none-eabi-gcc, checks every result against the Python reference
#
# Nothing is added when python3 cannot import unicorn and capstone (pip install unicorn capstone).
# Host tools: not in a cross build (the native build runs them).
if(CMAKE_CROSSCOMPILING)
  return()
endif()
set(KF_CM_DIR ${PROJECT_SOURCE_DIR}/bench/cortexm_model)
find_package(Python3 COMPONENTS Interpreter QUIET)
set(KF_CM_PYTHON_OK FALSE)
if(Python3_Interpreter_FOUND)
  execute_process(COMMAND ${Python3_EXECUTABLE} -c "import unicorn, capstone"
                  RESULT_VARIABLE KF_CM_IMPORT OUTPUT_QUIET ERROR_QUIET)
  if(KF_CM_IMPORT EQUAL 0)
    set(KF_CM_PYTHON_OK TRUE)
  endif()
endif()

if(NOT KF_CM_PYTHON_OK)
  message(STATUS "Cortex-M cycle model tests: off (python3 cannot import unicorn and capstone)")
else()
  add_test(NAME cortexm_model_unit
           COMMAND ${Python3_EXECUTABLE} -m unittest discover -s ${KF_CM_DIR} -p "test_*.py" -v)
  find_program(KF_ARM_NONE_EABI_GCC arm-none-eabi-gcc)
  if(KF_ARM_NONE_EABI_GCC AND NOT KF_SANITIZE)
    add_test(NAME cortexm_model_report
             COMMAND ${Python3_EXECUTABLE} ${KF_CM_DIR}/report.py --quick --cc ${KF_ARM_NONE_EABI_GCC}
                     --build-dir ${CMAKE_CURRENT_BINARY_DIR}/cortexm_model)
    set_tests_properties(cortexm_model_report PROPERTIES TIMEOUT 600)
  else()
    message(STATUS "Cortex-M cycle model report test: off (no arm-none-eabi-gcc, or KF_SANITIZE: the native build runs it)")
  endif()
endif()
