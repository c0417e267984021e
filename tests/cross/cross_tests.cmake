# SPDX-License-Identifier: Apache-2.0 OR MIT
# cross_tests.cmake - the test suite on AArch64 and RISC-V 64, under qemu-user, from the native
# build (included at the end of tests/CMakeLists.txt).
#
# In a native build (not KF_SANITIZE), for each architecture whose cross compiler and qemu-user
# are installed (aarch64-linux-gnu-gcc + qemu-aarch64, riscv64-linux-gnu-gcc + qemu-riscv64):
#   cross_<arch>_build    configures and builds this source tree in <build>/cross-<arch> with
#                         cmake/toolchains/<arch>-linux-gnu.cmake (a fixture for the next ones)
#   cross_<arch>[<cpu>]   runs that build's ctest with the emulated CPU chosen by the
#                         environment (KF_QEMU_CPU / KF_QEMU_VLEN, read by tests/cross/qemu-*.sh,
#                         the build's CMAKE_CROSSCOMPILING_EMULATOR): one build, several CPUs.
#     aarch64: max (has the SHA-3 instructions) and cortex-a72 (Neon without them);
#     riscv64: rv64 with RVV 1.0 at VLEN 128, 256, 512 and 1024 (rvv-x8 needs 1024).
# Tests a CPU cannot run are skipped inside (exit 77), not failed. The first CPU of each
# architecture runs the whole cross suite, the others the tests labelled every_cpu (below).
#
# In the cross build itself this file only labels those tests. There the Python suites reach
# the library through tests/cross/kf_rpc.c, and ACVP and SLH-DSA are trimmed (tests/CMakeLists.txt).
#
# Times (s) on the 2-core build machine, 2026-11-21, while other jobs ran (load 2.5-4, so a
# quiet machine is faster); aarch64 with 14 Python backends (ref, opt64, opt32bi, aarch64-x1,
# 9 batched, x1), riscv64 with 9 (ref, opt64, opt32bi, rv64-x1, rvv-x1, rvv-x3/x6/x8, x1).
# `ctest -j2 -R cross` from a clean build: 614 wall, 14.0 min of CPU (user+sys); each test:
#   cross_aarch64_build 16, cross_aarch64[max] 255, [cortex-a72] 23,
#   cross_riscv64_build 12, cross_riscv64[128] 219, [256] 20, [512] 30, [1024] 38.
# The largest nested tests: aarch64 max: test_batch 177, acvp[aarch64-x1] 126, slhdsa 37,
# test_cli 20, kat 2-12 and differential 2-4 per backend, mlkem ~1; riscv64 128:
# acvp[rvv-x1] 167, acvp[rv64-x1] 65, kat[rvv-x1] 37, slhdsa 36, kat[ref] 28, test_cli 16;
# at VLEN 256-1024 kat of an rvv-xN 12-15. What the trimming saved (same machine, load 5-9):
# acvp ~75 per backend (so it runs on the target's x1 backends only), slhdsa beyond 900 in
# full and 270 with every 'f' sigGen case (so --quick), kforge bench --quick 150 (so
# --no-bench), and at VLEN 1024 the whole suite would add slhdsa > 5 min and test_cli 89.
# On 2026-11-25 (CI of that day: aarch64 max 234 s, riscv64 128 184 s of the main ctest's
# wall time) the next longest were trimmed: test_batch --quick (85 s in the max run; 94 -> 43 s
# of CPU), test_slhdsa_batch --quick (56 s: single verifications on the first backend only),
# test_pqc_files (49 / 42 s, most of it a 596-keygen seed search now tried at its known answer
# first) and kat's 24 MB inputs one-shot only through kf_rpc (kat[rvv-x1] 53 s).
option(KF_CROSS_TESTS "Run the test suite for AArch64 and RISC-V under qemu-user when the tools are installed" ON)

if(CMAKE_CROSSCOMPILING)
  # The tests worth repeating on every emulated CPU: every backend the CPU runs against ref
  # (random states, every round count; the rest are skipped), the sponge, the API's errors,
  # per backend ML-KEM (the cheapest whole-stack Python suite: batched SHAKE128 for the
  # matrix, SHA-3 and SHAKE256 x1, 1-3 s each), and kat and differential for the batched
  # backends, which depend most on the CPU (rvv-x3/x6/x8 need VLEN 256/512/1024).
  get_property(kf_tests DIRECTORY PROPERTY TESTS)
  foreach(t ${kf_tests})
    if(t MATCHES "^(test_backends|test_backends_xn|test_sponge|test_oneblock|test_errors|example_quickstart)$"
       OR t MATCHES "^mlkem\\[")
      set_tests_properties(${t} PROPERTIES LABELS every_cpu)
    endif()
  endforeach()
  foreach(b ${KF_TEST_BACKENDS_XN})
    set_tests_properties("kat[${b}]" "differential[${b}]" PROPERTIES LABELS every_cpu)
  endforeach()
  # test_batch took 177 s under qemu at load 2.5-4 and passed 600 s at load 15 (2026-11-23)
  set_tests_properties(test_batch PROPERTIES TIMEOUT 1800)
  # the x1 Zvbb backend's KATs: once, in cross_riscv64_zvbb[128] (below)
  if(TEST "kat[rvv-zvbb-x1]")
    set_tests_properties("kat[rvv-zvbb-x1]" "differential[rvv-zvbb-x1]" PROPERTIES LABELS zvbb_x1)
  endif()
  return()
endif()
if(KF_SANITIZE OR NOT KF_CROSS_TESTS)
  return()   # the sanitizer pass does not repeat them
endif()

cmake_host_system_information(RESULT kf_cores QUERY NUMBER_OF_LOGICAL_CORES)
# Host-side checks that a nested build repeats for nothing (the native build runs them): the
# Frama-C proofs (proofs/: the host's frama-c on the same sources, whatever the build's target;
# 185 s of the VLEN 128 run and 174 s of the max one on 2026-11-25) and test_pem_pad_overflow
# (portable C scanning 4 GiB of '=': 2 s native, 216 s under qemu-riscv64, 17 s under
# qemu-aarch64). Since session 65 also the host programs on the source tree that the nested
# tree's ctest ran with the same command as the native one: the proof probes (probe_*: the host's
# Frama-C, WP and CVC4 on proofs/probes/), spdx_lines and ctest_skips (Python on the sources, the
# second a self-test), header_cxx11 (the host's c++, found with CMAKE_FIND_ROOT_PATH_MODE_PROGRAM
# NEVER, on the same header with the same flags); header_c11 and must_check_warns (the cross
# compiler) and library_symbols (the cross nm on the cross library) stay.
set(KF_CROSS_HOST_ONLY
  "^(readme_example|armv7m_.*|cortexm_model_.*|proof_.*|probe_.*|test_pem_pad_overflow|spdx_lines|ctest_skips|header_cxx11)$")

# kf_cross_arch(<arch> <environment variable> <first value> <other values...>)
function(kf_cross_arch arch var first)
  find_program(KF_${arch}_GCC ${arch}-linux-gnu-gcc)
  find_program(KF_QEMU_${arch} qemu-${arch})
  if(NOT KF_${arch}_GCC OR NOT KF_QEMU_${arch})
    message(STATUS "cross tests for ${arch}: off (need ${arch}-linux-gnu-gcc and qemu-${arch})")
    return()
  endif()
  message(STATUS "cross tests for ${arch}: on (${KF_${arch}_GCC}, ${KF_QEMU_${arch}})")
  set(dir ${CMAKE_BINARY_DIR}/cross-${arch})
  add_test(NAME cross_${arch}_build
    COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DBINARY_DIR=${dir}
            -DTOOLCHAIN=${PROJECT_SOURCE_DIR}/cmake/toolchains/${arch}-linux-gnu.cmake
            "-DGENERATOR=${CMAKE_GENERATOR}" "-DMAKE_PROGRAM=${CMAKE_MAKE_PROGRAM}" -DJOBS=${kf_cores}
            "-DVECTORS_DIR=${KF_VECTORS_DIR}" -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/nested_build.cmake)
  # PROCESSORS 1 (since session 62), though the nested build and ctest run -j${kf_cores}: with
  # PROCESSORS ${kf_cores} ctest -j2 started each cross entry only when both slots were free, so all
  # of them ran last, one after the other, each nested run's own tail leaving a core idle (the last
  # ~16 minutes of the Zen 3's CI of 2026-11-30, the stages' builds done by then); counted as one, they
  # start early (their COST, cmake/KfTestCosts.cmake) and run beside the proofs, the host's two cores
  # busy throughout
  set_tests_properties(cross_${arch}_build PROPERTIES FIXTURES_SETUP cross_${arch}
    PROCESSORS 1 TIMEOUT 1200)
  foreach(value ${first} ${ARGN})
    set(name "cross_${arch}[${value}]")
    if(value STREQUAL first)
      set(select -E ${KF_CROSS_HOST_ONLY})
    else()
      set(select -L every_cpu)
    endif()
    # the nested summary (every test with its time) stays in <build>/cross-<arch>/ctest-<value>.log
    add_test(NAME ${name}
      COMMAND ${CMAKE_CTEST_COMMAND} --test-dir ${dir} --output-on-failure -j ${kf_cores} ${select}
              --output-log ${dir}/ctest-${value}.log)
    # one nested ctest at a time per build directory (they share its Testing/ files)
    set_tests_properties(${name} PROPERTIES FIXTURES_REQUIRED cross_${arch} RESOURCE_LOCK cross_${arch}
      ENVIRONMENT "${var}=${value}" PROCESSORS 1 TIMEOUT 3600)
  endforeach()
endfunction()

kf_cross_arch(aarch64 KF_QEMU_CPU max cortex-a72)
kf_cross_arch(riscv64 KF_QEMU_VLEN 128 256 512 1024)

# Zvbb (the rvv-zvbb-* backends): the riscv64 build's every_cpu tests of backends again on a CPU
# with Zvbb (tests/cross/run-zvbb.sh), at VLEN 128 (plus the x1 backend's KATs), 256 and 512, under a QEMU that emulates it (8 or
# later; Debian 12 has 7.2, so .ci/deps/40-rvv.sh unpacks bookworm-backports' QEMU 10 into
# .ci-cache/qemu-zvbb, leaving the system's QEMU to the runs above). tests/cross/run-zvbb.sh
# reports skipped (77) with the reason when the QEMU found cannot. The .word-encoded Zvbb
# instructions need no new assembler. 49, 22, 29 s at VLEN 128, 256, 512 (2026-11-22, load ~10).
# rvv_zvbb_encodings: the kernel's .word-encoded Zvbb instructions equal a Zvbb-aware clang's
# (tests/cross/zvbb_encodings.sh; skipped, saying so, without such a clang). Needs only the
# cross assembler, not QEMU.
find_program(KF_RISCV64_GCC_ZVBB riscv64-linux-gnu-gcc)
find_program(KF_RISCV64_OBJCOPY riscv64-linux-gnu-objcopy)
find_program(KF_CLANG_ZVBB NAMES clang-19 clang-18 clang-17 clang)
if(KF_RISCV64_GCC_ZVBB AND KF_RISCV64_OBJCOPY)
  add_test(NAME rvv_zvbb_encodings
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/zvbb_encodings.sh
            ${PROJECT_SOURCE_DIR}/src/keccak/riscv64/keccak_p1600_rvv_zvbb.S ${KF_RISCV64_GCC_ZVBB}
            ${KF_CLANG_ZVBB} ${KF_RISCV64_OBJCOPY} ${CMAKE_CURRENT_BINARY_DIR}/zvbb_encodings)
  set_tests_properties(rvv_zvbb_encodings PROPERTIES SKIP_RETURN_CODE 77)
endif()
if(TEST cross_riscv64_build)
  find_program(KF_QEMU_ZVBB qemu-riscv64 PATHS ${PROJECT_SOURCE_DIR}/.ci-cache/qemu-zvbb/usr/bin NO_DEFAULT_PATH)
  find_program(KF_QEMU_ZVBB qemu-riscv64)
  foreach(vlen 128 256 512)
    set(extra "")
    if(vlen EQUAL 128)
      set(extra zvbb_x1)
    endif()
    add_test(NAME "cross_riscv64_zvbb[${vlen}]"
      COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run-zvbb.sh ${KF_QEMU_ZVBB} ${CMAKE_BINARY_DIR}/cross-riscv64
              ${vlen} ${kf_cores} ${extra})
    set_tests_properties("cross_riscv64_zvbb[${vlen}]" PROPERTIES FIXTURES_REQUIRED cross_riscv64
      RESOURCE_LOCK cross_riscv64 PROCESSORS 1 TIMEOUT 1800 SKIP_RETURN_CODE 77)
  endforeach()
endif()
