# SPDX-License-Identifier: Apache-2.0 OR MIT
# ctest entry rust_crate (included by tests/CMakeLists.txt): the Rust crate's `cargo test --release`
# (rust/ctest.sh), linked against this build's libkeccakforge.a. Skipped (77) without cargo or
# without the crate's dependencies (cache or registry). Native, unsanitized builds only: a
# sanitized static library would need its runtime in every Rust test binary, and a cross
# build's library does not run on the host's cargo test.
if(NOT CMAKE_CROSSCOMPILING AND NOT KF_SANITIZE AND NOT "${CMAKE_C_FLAGS}" MATCHES "-fsanitize=")
  add_test(NAME rust_crate
    COMMAND sh ${PROJECT_SOURCE_DIR}/rust/ctest.sh ${PROJECT_SOURCE_DIR}/rust
            ${CMAKE_BINARY_DIR}/rust-target $<TARGET_FILE_DIR:keccakforge_static>)
  # measured: see rust/README.md (77 s warm at load ~15; a first run builds the RustCrypto
  # oracles in release mode);
  # a cold run in the full suite took 817 s wall (2026-11-23, beside ctest -j2 and an ASan build)
  set_tests_properties(rust_crate PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 2700)
endif()
