# SPDX-License-Identifier: Apache-2.0 OR MIT
# nested_build.cmake - configure and build this source tree for another target in a directory
# of the host build: the fixture set-up test of each architecture in cross_tests.cmake.
# Run as: cmake -DSOURCE_DIR=.. -DBINARY_DIR=.. -DTOOLCHAIN=.. -DGENERATOR=.. [-DMAKE_PROGRAM=..]
#               [-DVECTORS_DIR=..] -DJOBS=N -P nested_build.cmake
# Compiler settings meant for the host must not reach the cross compiler.
foreach(v CC CFLAGS CPPFLAGS LDFLAGS)
  unset(ENV{${v}})
endforeach()
set(args -S ${SOURCE_DIR} -B ${BINARY_DIR} -G ${GENERATOR} -DCMAKE_TOOLCHAIN_FILE=${TOOLCHAIN}
    -DCMAKE_BUILD_TYPE=Release)
if(MAKE_PROGRAM)
  list(APPEND args -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
if(VECTORS_DIR)
  list(APPEND args -DKF_VECTORS_DIR=${VECTORS_DIR})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} ${args} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the cross build in ${BINARY_DIR} failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY_DIR} --parallel ${JOBS} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the cross build in ${BINARY_DIR} failed")
endif()
