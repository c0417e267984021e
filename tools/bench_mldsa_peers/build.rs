// SPDX-License-Identifier: Apache-2.0 OR MIT
// Links keccakforge's static library from KF_LIB_DIR (a CMake build dir holding
// libkeccakforge.a, e.g. the checkout's build/).
fn main() {
    println!("cargo:rerun-if-env-changed=KF_LIB_DIR");
    let dir = std::env::var("KF_LIB_DIR").expect("set KF_LIB_DIR to the build dir with libkeccakforge.a");
    println!("cargo:rerun-if-changed={dir}/libkeccakforge.a");
    println!("cargo:rustc-link-search=native={dir}");
    println!("cargo:rustc-link-lib=static=keccakforge");
    println!("cargo:rustc-link-lib=dylib=pthread");
}
