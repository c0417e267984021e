# SPDX-License-Identifier: Apache-2.0 OR MIT
# KfSlowTests.cmake - the full-length variants that run only with -DKF_SLOW_TESTS=ON.
#
# kf_slow_test(<name> <why> COMMAND <command...>)
#   With KF_SLOW_TESTS on: add_test(NAME <name> COMMAND <command...>) (the caller sets its
#   properties: TIMEOUT, ENVIRONMENT, SKIP_RETURN_CODE 77, ...).
#   Without it: a test of the same name that prints "SKIPPED: <why> ..." and exits 77, so
#   ctest's summary (and tests/ctest_skips.py, .ci/what_ran.py) names what the default run left
#   out instead of leaving no trace of it. Its default quick variant is a test of its own.
# kf_slow_test_props(<name> <properties...>)
#   set_tests_properties for the real test only (the placeholder keeps its own).
function(kf_slow_test name why)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "COMMAND")
  if(KF_SLOW_TESTS)
    add_test(NAME ${name} COMMAND ${arg_COMMAND})
  else()
    # (the text as an argument of sh, not inside its script: any quote in it stays text)
    add_test(NAME ${name} COMMAND sh -c "echo \"$1\"; exit 77" sh
      "SKIPPED: ${why}: runs with -DKF_SLOW_TESTS=ON only")
    set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 30 LABELS slow)
  endif()
endfunction()

function(kf_slow_test_props name)
  if(KF_SLOW_TESTS)
    # one property at a time, each value as the caller quoted it: ${ARGN} would split a list
    # value (ENVIRONMENT "A=1;B=2", LABELS "hw;slow") into arguments and shift every pair after it
    # (until 2026-11-27 hw_gate_mlkem lost its SKIP_RETURN_CODE, TIMEOUT and LABELS so)
    math(EXPR last "${ARGC} - 1")
    foreach(i RANGE 1 ${last} 2)
      math(EXPR j "${i} + 1")
      if(j GREATER last)
        message(FATAL_ERROR "kf_slow_test_props(${name} ...): property ${ARGV${i}} without a value")
      endif()
      set_tests_properties(${name} PROPERTIES ${ARGV${i}} "${ARGV${j}}")
    endforeach()
  endif()
endfunction()
