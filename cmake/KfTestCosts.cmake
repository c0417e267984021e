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
# Tests needing PROCESSORS 2 (the cross suites) start only when both slots are free, whatever their
# cost: they run last in any case, and are not listed.
# (The hw_cocotb_* / hw_verilator_* figures since 2026-11-25: the CPU seconds measured one test after
# the other in one tree with Verilator's runtime compiled once, hw/tests/vl_objcache.py.)
# When a test's time changes much, change its figure here; `ctest -N` does not show the order,
# a run with -j2 does (the "Start" lines).
set(KF_TEST_COSTS
  # proofs/: the wall seconds of each entry in session 44's two fresh-clone .ci/run on the idle host
  # (the README test command's ctest -j2; ad6e235 and 6fbf99f, 2026-11-27: their mean, rounded), but
  # for mldsa_sampling, sponge_xn_ops, mlkem_kem, slhdsa_wots and hash_kt (their helpers measure them)
  proof_key_codecs=138 proof_key_codecs_mutants=12 proof_cli_readers=118 proof_cli_readers_mutants=21
  proof_permutation=31 proof_sponge=98 proof_sponge_mutants=18
  proof_hash_batch=86 proof_hash_sp800_185=71 proof_hash_batch_mutants=8 proof_hash_sp800_185_mutants=5
  proof_hash_fips202=32 proof_hash_fips202_mutants=4
  proof_mlkem_poly=197 proof_sponge_xn=87 proof_sponge_xn_mutants=14 proof_mlkem_sampling=15
  proof_mlkem_sampling_mutants=6 proof_mldsa_poly=143 proof_mldsa_poly_mutants=15 proof_mldsa_sampling=131
  proof_mldsa_sampling_mutants=12 proof_mldsa_packing=19 proof_mldsa_packing_mutants=4
  proof_mldsa_sk_sig=86 proof_mldsa_sk_sig_mutants=13 proof_mldsa_verify=144 proof_mldsa_verify_mutants=51
  proof_mlkem_api=52 proof_mlkem_api_mutants=11 proof_mlkem_kpke=108 proof_mlkem_kpke_mutants=14
  proof_mlkem_jobs=114 proof_mlkem_jobs_mutants=34
  # sponge_xn_ops and the mutants that name their goals (2026-11-26): CPU seconds at load 13-27;
  # session 43 (absorb's, squeeze's and xn_oneshot's passes, four mutants more, 2026-11-27): CPU seconds at load 8-11
  # session 44 (group_oneshot's proof and mutant, 2026-11-27): CPU seconds at load 6-22
  proof_sponge_xn_ops=208 proof_sponge_xn_ops_mutants=64
  proof_mldsa_arith=21 proof_mldsa_arith_mutants=2 proof_kangarootwelve=10 proof_kangarootwelve_mutants=3
  proof_permutation_opt64=12 proof_permutation_opt64_mutants=10 proof_mlkem_poly_mutants=7
  proof_permutation_mutants=3 proof_sum_parsers=38 proof_sum_parsers_mutants=9 proof_mlkem_arith=4
  proof_mlkem_arith_mutants=1 proof_sp800_185_encodings=6 proof_sp800_185_encodings_mutants=2
  proof_permutation_opt32bi=2 proof_permutation_opt32bi_mutants=2
  # session 48 (2026-11-28): CPU seconds of run.py UNIT [--mutants] at load ~30
  proof_permutation_opt64_bytes=21 proof_permutation_opt64_bytes_mutants=7
  proof_permutation_opt32bi_bytes=38 proof_permutation_opt32bi_bytes_mutants=5
  # mlkem_kem (session 38): CPU seconds of run.py mlkem_kem [--mutants] at load ~40
  proof_mlkem_kem=48 proof_mlkem_kem_mutants=22
  proof_slhdsa_core=87 proof_slhdsa_core_mutants=12
  proof_slhdsa_trees=79 proof_slhdsa_trees_mutants=25
  # slhdsa_wots (2026-11-26, session 38): CPU seconds at load 17-25
  proof_slhdsa_wots=51 proof_slhdsa_wots_mutants=66
  # slhdsa_fors: unlisted before session 43, it started among the last tests and the cross suites
  # (PROCESSORS 2) waited for its 120 s on one core
  proof_slhdsa_fors=136 proof_slhdsa_fors_mutants=7
  proof_mldsa_api=60 proof_mldsa_api_mutants=16
  # slhdsa_hash and hash_prehash (sessions 46, 48): unlisted until session 49, so declared among the last
  # tests of the fresh-clone run, after hw/ (the cross suites wait for them on one core); their
  # figures: the wall seconds of session 48's fresh-clone .ci/run (docs/ASSURANCE.md's table)
  proof_slhdsa_hash=37 proof_slhdsa_hash_mutants=26 proof_hash_prehash=12 proof_hash_prehash_mutants=2
  proof_hash_parallelhash=151 proof_hash_parallelhash_mutants=10
  # hash_kt (session 44, 2026-11-27): wall seconds of run.py hash_kt [--mutants] at load ~22
  proof_hash_kt=98 proof_hash_kt_mutants=97
  # hw/
  hw_formal_rvv=184 hw_formal_rvv_vpi=150 hw_formal_rvv_vpi_full=600 hw_formal=71 hw_cocotb_mlkem_bus=24 hw_formal_slow=67
  hw_cocotb_mlkem_top=35 hw_cocotb_mlkem_acvp=11 hw_cocotb_sponge_vectors=50 hw_cocotb_mlkem_arith=23
  hw_rvv_core=51 hw_cocotb_mlkem_bus_acvp=29 hw_cocotb_sponge2_vectors=30 hw_cocotb_sponge2=39
  hw_rvv_unit_e64=38 hw_rvv_zvbb=38 hw_rvv_lint=38 hw_board_e2e=33 hw_board_rvv_e2e=29 hw_rvv_unit_e32=29
  hw_cocotb_mlkem_bytecode=15 hw_core_luts=24 hw_verilator_top=12 hw_verilator_sponge=20 hw_cocotb_top=20
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
