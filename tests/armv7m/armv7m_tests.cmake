# SPDX-License-Identifier: Apache-2.0 OR MIT
# armv7m_tests.cmake - the ARMv7-M (Cortex-M3/M4/M7) backends, from the native build:
#  * armv7m_generated_asm: the checked-in .S files are what gen_keccak_armv7m.py makes;
#  * armv7m_qemu[m3|m4|m7]: bare-metal images (library + src/keccak/armv7m + test_armv7m.c)
#    built with arm-none-eabi-gcc and run on QEMU's mps2-an385 (Cortex-M3), mps2-an386 (M4)
#    and mps2-an500 (M7); the image's semihosting exit status is the verdict.
# The images need arm-none-eabi-gcc (with newlib) and qemu-system-arm; without them, in a
# cross build, or under the sanitizers, only the generator check is added.
add_test(NAME armv7m_generated_asm
  COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/src/keccak/armv7m/gen_keccak_armv7m.py --check)
set_tests_properties(armv7m_generated_asm PROPERTIES ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1")

find_program(KF_ARM_NONE_EABI_GCC arm-none-eabi-gcc)
find_program(KF_QEMU_SYSTEM_ARM qemu-system-arm)
if(NOT KF_ARM_NONE_EABI_GCC OR NOT KF_QEMU_SYSTEM_ARM OR CMAKE_CROSSCOMPILING OR KF_SANITIZE)
  message(STATUS "ARMv7-M bare-metal tests: off (need arm-none-eabi-gcc and qemu-system-arm, "
                 "a native build, no KF_SANITIZE)")
  return()
endif()
message(STATUS "ARMv7-M bare-metal tests: on (${KF_ARM_NONE_EABI_GCC}, ${KF_QEMU_SYSTEM_ARM})")

set(KF_A7_DIR ${CMAKE_CURRENT_BINARY_DIR}/armv7m)
set(KF_A7_SRC ${PROJECT_SOURCE_DIR}/tests/armv7m)
file(MAKE_DIRECTORY ${KF_A7_DIR})

# A few dozen SHA-3 / SHAKE / TurboSHAKE vectors as a C header, made from the official vectors
# (KF_VECTORS_DIR); without them the images run the permutation checks only, and the test
# armv7m_vectors reports the vector part as skipped.
set(KF_A7_VECTORS NONE)
set(KF_A7_VECTOR_FILES "")
if(KF_VECTORS_DIR)
  set(KF_A7_VECTORS ${KF_VECTORS_DIR})
  file(GLOB KF_A7_VECTOR_FILES ${KF_VECTORS_DIR}/acvp/SHA3-*/*.json
    ${KF_VECTORS_DIR}/acvp/SHAKE-*-1.0/*.json ${KF_VECTORS_DIR}/k12_turboshake.jsonl)
else()
  add_test(NAME armv7m_vectors COMMAND ${Python3_EXECUTABLE} -c
    "import sys; sys.path.insert(0, '${PROJECT_SOURCE_DIR}/tests/python'); import official_vectors as v; print('SKIP: ' + v.WHERE); sys.exit(77)")
  set_tests_properties(armv7m_vectors PROPERTIES SKIP_RETURN_CODE 77)
endif()
add_custom_command(OUTPUT ${KF_A7_DIR}/kf_vectors.h
  COMMAND ${Python3_EXECUTABLE} ${KF_A7_SRC}/make_vectors_header.py ${KF_A7_VECTORS} ${KF_A7_DIR}/kf_vectors.h
  DEPENDS ${KF_A7_SRC}/make_vectors_header.py ${KF_A7_VECTOR_FILES} ${PROJECT_SOURCE_DIR}/tests/official_vectors.sha256
  COMMENT "ARMv7-M test vectors header")

# The library for a Cortex-M: the permutation backends, the sponge and the modes (KT and
# ParallelHash hash their leaves on the caller's thread: batch.c has no threads bare-metal).
# Left out: src/common/os_random.c and the ML-KEM / SLH-DSA schemes.
set(KF_A7_LIB
  src/keccak/keccak_constants.c src/keccak/keccak_p1600_ref.c src/keccak/keccak_p1600_opt32bi.c
  src/keccak/keccak_p1600_opt64.c src/keccak/dispatch.c src/sponge/sponge.c src/common/util.c
  src/hash/fips202.c src/hash/sp800_185.c src/hash/kangarootwelve.c src/hash/batch.c
  src/sponge/sponge_xn.c
  src/keccak/armv7m/keccak_p1600_armv7m.c src/keccak/armv7m/keccak_p1600_armv7m_lazy3.S
  src/keccak/armv7m/keccak_p1600_armv7m_lazy4.S src/keccak/armv7m/keccak_p1600_armv7m_m7.S)
list(TRANSFORM KF_A7_LIB PREPEND ${PROJECT_SOURCE_DIR}/)
set(KF_A7_TEST ${KF_A7_SRC}/startup_mps2.c ${KF_A7_SRC}/test_armv7m.c)

set(KF_A7_IMAGES "")
foreach(core m3 m4 m7)
  set(elf ${KF_A7_DIR}/test_armv7m_${core}.elf)
  set(defs "")
  if(core STREQUAL "m7")
    set(defs -DKF_ARMV7M_PREFER_M7)
  endif()
  add_custom_command(OUTPUT ${elf}
    COMMAND ${KF_ARM_NONE_EABI_GCC} -mcpu=cortex-${core} -mthumb -mfloat-abi=soft -O2 -std=gnu11
            -ffunction-sections -fdata-sections -Wall -Wextra ${defs}
            -I${PROJECT_SOURCE_DIR}/include -I${PROJECT_SOURCE_DIR}/src -I${KF_A7_SRC} -I${KF_A7_DIR}
            ${KF_A7_LIB} ${KF_A7_TEST}
            -nostartfiles --specs=nosys.specs -T ${KF_A7_SRC}/mps2.ld -Wl,--gc-sections -o ${elf}
    DEPENDS ${KF_A7_LIB} ${KF_A7_TEST} ${KF_A7_SRC}/mps2.ld ${KF_A7_SRC}/semihosting.h ${KF_A7_DIR}/kf_vectors.h
            ${PROJECT_SOURCE_DIR}/src/keccak/armv7m/backends_armv7m.h
    COMMENT "ARMv7-M test image for the Cortex-${core}")
  list(APPEND KF_A7_IMAGES ${elf})
endforeach()
add_custom_target(armv7m_images ALL DEPENDS ${KF_A7_IMAGES})

foreach(pair "m3;mps2-an385" "m4;mps2-an386" "m7;mps2-an500")
  list(GET pair 0 core)
  list(GET pair 1 machine)
  add_test(NAME armv7m_qemu[${core}]
    COMMAND ${KF_QEMU_SYSTEM_ARM} -M ${machine} -nographic -monitor none -serial none
            -semihosting-config enable=on,target=native -kernel ${KF_A7_DIR}/test_armv7m_${core}.elf)
  # the exit status carries the verdict; a FAIL line fails the test as well
  set_tests_properties(armv7m_qemu[${core}] PROPERTIES TIMEOUT 300 FAIL_REGULAR_EXPRESSION "FAIL")
endforeach()
