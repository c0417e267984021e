# SPDX-License-Identifier: Apache-2.0 OR MIT
# KfTestCosts.cmake - the order in which `ctest -jN` starts the long tests of a fresh build tree.
#
# ctest -j starts tests by decreasing cost: the mean time of a test's earlier runs, kept in
# <build>/Testing/Temporary/CTestCostData.txt, or, in a tree that has none (a fresh clone, as in
# .ci/run), the test's COST property; tests without either start in the order they are declared.
# Declared last, a 500 s test started last would make the run's tail 500 s long on 2 cores.
# KF_TEST_COSTS names the long tests with their measured wall time in seconds (only the order
# matters: the proofs' from the fresh-clone CI on the idle host, the others from a busy-host
# ctest -j2 run, 2-3 times the CI's, rounded); kf_test_costs(), called at
# the end of each CMakeLists.txt that adds tests, sets COST on those of the current directory
# (set_tests_properties reaches only tests of its own directory before CMake 3.28).
# The cross suites (tests/cross/cross_tests.cmake) count as one processor since session 62 (before,
# PROCESSORS 2 made them start only when both slots were free: last, whatever their cost); their
# figures are the Zen 3's CI of 2026-11-30 (run after everything else then), each build's the sum of
# its chain (the build, then every CPU's run under one RESOURCE_LOCK), so that the chains start first.
# (The hw_cocotb_* / hw_verilator_* figures since 2026-11-25: the CPU seconds measured one test after
# the other in one tree with Verilator's runtime compiled once, hw/tests/vl_objcache.py.)
# When a test's time changes much, change its figure here; `ctest -N` does not show the order,
# a run with -j2 does (the "Start" lines).
set(KF_TEST_COSTS
  # proofs/: the wall seconds of each entry in session 50's fresh-clone .ci/run at 4d90c94 (the README
  # test command's ctest -j2; AMD EPYC Zen 5, 2 vCPUs, idle; 2026-11-28 12:03-12:45 UTC), from that
  # tree's Testing/Temporary/CTestCostData.txt, rounded; longest first
  proof_mlkem_poly=177 proof_sponge_xn_ops=165 proof_key_codecs=128 proof_hash_parallelhash=125
  proof_cli_readers=123 proof_mldsa_poly=121 proof_slhdsa_hash=102 proof_mlkem_jobs=99 proof_mlkem_kpke=98
  proof_slhdsa_fors=95 proof_mldsa_verify=94 proof_sponge=92 proof_slhdsa_hash_mutants=89 proof_mldsa_api=88
  proof_permutation_opt64_bytes=86 proof_slhdsa_core=75 proof_hash_batch=73
  proof_permutation_opt64_bytes_mutants=72 proof_sponge_xn=71 proof_mldsa_sk_sig=71 proof_slhdsa_wots=63
  proof_slhdsa_trees=61 proof_hash_sp800_185=59 proof_sponge_xn_ops_mutants=44 proof_mldsa_verify_mutants=41
  proof_mlkem_api=38 proof_mlkem_kem=35 proof_hash_kt=34 proof_sum_parsers=33 proof_mldsa_sampling=33
  proof_hash_fips202=32 proof_mlkem_jobs_mutants=32 proof_permutation=27 proof_permutation_opt32bi_bytes=24
  proof_slhdsa_wots_mutants=24 proof_mldsa_api_mutants=22 proof_mlkem_kem_mutants=19
  proof_cli_readers_mutants=18 proof_slhdsa_trees_mutants=18 proof_mldsa_arith=15 proof_hash_kt_mutants=15
  proof_mlkem_kpke_mutants=15 proof_sponge_mutants=14 proof_mldsa_packing=14 proof_mlkem_sampling=13
  proof_sponge_xn_mutants=12 proof_mldsa_poly_mutants=12 proof_key_codecs_mutants=11
  proof_mldsa_sk_sig_mutants=11 proof_slhdsa_core_mutants=11 proof_kangarootwelve=9
  proof_mldsa_sampling_mutants=9 proof_permutation_opt64=8 proof_permutation_opt64_mutants=8
  proof_hash_parallelhash_mutants=8 proof_hash_prehash=8 proof_mlkem_api_mutants=8 proof_sum_parsers_mutants=7
  proof_hash_batch_mutants=7 proof_mlkem_poly_mutants=6 proof_mlkem_sampling_mutants=5
  proof_sp800_185_encodings=5 proof_slhdsa_fors_mutants=5 proof_mlkem_arith=4 proof_hash_fips202_mutants=4
  proof_hash_sp800_185_mutants=4 proof_mldsa_packing_mutants=4 proof_permutation_mutants=3
  proof_permutation_opt32bi_bytes_mutants=3 proof_kangarootwelve_mutants=3 proof_mldsa_arith_mutants=2
  proof_permutation_opt32bi_mutants=2 proof_sp800_185_encodings_mutants=2 proof_mlkem_arith_mutants=1
  proof_permutation_opt32bi=1 proof_hash_prehash_mutants=1
  # hw/
  hw_formal_rvv=184 hw_formal_rvv_vpi=150 hw_formal_rvv_vpi_full=600 hw_formal=71 hw_cocotb_mlkem_bus=24 hw_formal_slow=67
  hw_cocotb_mlkem_top=35 hw_cocotb_mlkem_acvp=11 hw_cocotb_sponge_vectors=50 hw_cocotb_mlkem_arith=23
  hw_rvv_core=51 hw_cocotb_mlkem_bus_acvp=29 hw_cocotb_sponge2_vectors=30 hw_cocotb_sponge2=39
  hw_rvv_lint=38 hw_board_e2e=33 hw_board_rvv_e2e=29 hw_rvv_unit_e64=8 hw_rvv_zvbb=8 hw_rvv_unit_n15=7 hw_rvv_unit_e32=6
  hw_cocotb_mlkem_bytecode=15 hw_core_luts=24 hw_verilator_top=12 hw_verilator_sponge=20 hw_cocotb_top=20
  # tests/cross/
  cross_aarch64_build=262 cross_riscv64_build=345 cross_aarch64[max]=214 cross_riscv64[128]=202
  cross_riscv64[1024]=38 cross_riscv64[512]=28 cross_aarch64[cortex-a72]=24 cross_riscv64[256]=22
  cross_riscv64_zvbb[128]=15 cross_riscv64_zvbb[512]=15 cross_riscv64_zvbb[256]=7
  # tests/ (rust/ctest.cmake and bench/*/model_tests.cmake are included there)
  rust_crate=223 slhdsa[x1]=88 slhdsa_acvp[x1]=69 slhdsa[auto]=58 acvp[ref]=38 test_cli=33
  test_bench_report=29 acvp[x1]=27 acvp[opt32bi]=26 slhdsa_acvp[auto]=25 acvp[avx2-x1-adaptive]=25
  acvp[opt64]=24 acvp[opt64-bmi2]=24 acvp[avx2-x1]=22 test_slhdsa_batch=22 cortexm_model_report=21
  # python/, provider/tests/
  python_wheel=69 python_spark=55 python_package=26 test_prov_peer_go=32)

function(kf_test_costs)
  get_property(here DIRECTORY PROPERTY TESTS)
  foreach(entry ${KF_TEST_COSTS})
    string(FIND "${entry}" "=" eq REVERSE)
    string(SUBSTRING "${entry}" 0 ${eq} name)
    math(EXPR eq "${eq} + 1")
    string(SUBSTRING "${entry}" ${eq} -1 seconds)
    if("${name}" IN_LIST here)
      # a slow test's placeholder (kf_slow_test without KF_SLOW_TESTS: prints its reason, exits
      # 77, LABELS slow) keeps no cost: listed at 600 s, it started first and said nothing
      get_test_property("${name}" LABELS labels)
      if(NOT KF_SLOW_TESTS AND "slow" IN_LIST labels)
        continue()
      endif()
      set_tests_properties("${name}" PROPERTIES COST ${seconds})
    endif()
  endforeach()
endfunction()
