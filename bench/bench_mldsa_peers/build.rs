// SPDX-License-Identifier: Apache-2.0 OR MIT
// The peer harnesses' build script (bench_mldsa_peers, and bench_mlkem_peers through its
// Cargo.toml's `build`). Links keccakforge's static library from KF_LIB_DIR (a CMake build dir
// holding libkeccakforge.a, e.g. the checkout's build/), and each C peer whose location is
// given (README.md):
//   LIBOQS_DIR        a liboqs install prefix (include/oqs/oqsconfig.h, lib/liboqs.a)
//   MLKEM_NATIVE_DIR  an mlkem-native source tree (RELEASE.md names its version)
//   MLKEM_NATIVE_LIB  the directory with its `make lib` output libmlkem.a
//                     (default: MLKEM_NATIVE_DIR/test/build)
// A peer not given is left out (cfg have_liboqs / have_mlkem_native unset): the harness still
// builds and times the others. What it found (version, build settings) reaches the program as
// compile-time environment variables, which it prints, and checks against the oldest version
// it accepts before timing anything.
use std::path::{Path, PathBuf};

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=KF_LIB_DIR");
    let dir = std::env::var("KF_LIB_DIR").expect("set KF_LIB_DIR to the build dir with libkeccakforge.a");
    println!("cargo:rerun-if-changed={dir}/libkeccakforge.a");
    println!("cargo:rustc-link-search=native={dir}");
    println!("cargo:rustc-link-lib=static=keccakforge");
    println!("cargo:rustc-link-lib=dylib=pthread");

    // how this harness (and libcrux, built in the same cargo build) was compiled
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default().replace('\x1f', " ");
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    println!("cargo:rustc-env=HARNESS_RUSTFLAGS={flags}");
    println!("cargo:rustc-env=HARNESS_PROFILE={}", std::env::var("PROFILE").unwrap_or_default());
    println!("cargo::rustc-check-cfg=cfg(have_liboqs)");
    println!("cargo::rustc-check-cfg=cfg(have_mlkem_native)");
    for v in ["LIBOQS_DIR", "MLKEM_NATIVE_DIR", "MLKEM_NATIVE_LIB"] {
        println!("cargo:rerun-if-env-changed={v}");
    }

    if let Ok(d) = std::env::var("LIBOQS_DIR") {
        let d = PathBuf::from(d);
        let cfg_h = d.join("include/oqs/oqsconfig.h");
        let cfg = read(&cfg_h);
        println!("cargo:rerun-if-changed={}", cfg_h.display());
        let def = |name: &str| cfg.lines().any(|l| l.trim_start().starts_with(&format!("#define {name} ")) ||
                                                  l.trim() == format!("#define {name}"));
        let version = cfg
            .lines()
            .find_map(|l| l.strip_prefix("#define OQS_VERSION_TEXT "))
            .map(|v| v.trim().trim_matches('"').to_string())
            .expect("oqsconfig.h has no OQS_VERSION_TEXT");
        let mut settings = Vec::new();
        for (flag, what) in [("OQS_DIST_BUILD", "OQS_DIST_BUILD"),
                             ("OQS_USE_SHA3_AVX512VL", "SHA-3 AVX512VL"),
                             ("OQS_ENABLE_SHA3_xkcp_low_avx2", "SHA-3 xkcp AVX2"),
                             ("OQS_USE_SHA3_OPENSSL", "SHA-3 from OpenSSL"),
                             ("OQS_USE_AVX2_INSTRUCTIONS", "built with -mavx2"),
                             ("OQS_USE_AVX512_INSTRUCTIONS", "built with AVX-512")] {
            settings.push(format!("{what} {}", if def(flag) { "on" } else { "off" }));
        }
        let lib = ["lib", "lib64"]
            .iter()
            .map(|l| d.join(l))
            .find(|l| l.join("liboqs.a").exists())
            .unwrap_or_else(|| panic!("no lib/liboqs.a under LIBOQS_DIR={}", d.display()));
        println!("cargo:rerun-if-changed={}", lib.join("liboqs.a").display());
        println!("cargo:rustc-link-search=native={}", lib.display());
        println!("cargo:rustc-link-lib=static=oqs");
        println!("cargo:rustc-cfg=have_liboqs");
        println!("cargo:rustc-env=PEER_LIBOQS_VERSION={version}");
        println!("cargo:rustc-env=PEER_LIBOQS_SETTINGS={} ({})", settings.join(", "), d.display());
    }

    if let Ok(d) = std::env::var("MLKEM_NATIVE_DIR") {
        let d = PathBuf::from(d);
        let rel = read(&d.join("RELEASE.md"));
        // the release notes open with "mlkem-native vX.Y.Z"
        let version = rel
            .lines()
            .find_map(|l| l.trim().strip_prefix("mlkem-native v"))
            .map(|v| v.trim().to_string())
            .expect("RELEASE.md names no mlkem-native version");
        let lib = std::env::var("MLKEM_NATIVE_LIB").map(PathBuf::from).unwrap_or_else(|_| d.join("test/build"));
        assert!(lib.join("libmlkem.a").exists(), "no libmlkem.a in {} (mlkem-native's `make lib`)", lib.display());
        println!("cargo:rerun-if-changed={}", lib.join("libmlkem.a").display());
        // its build's recorded configuration (test/mk/config.mk writes BUILD_DIR/config.mk)
        let settings = std::fs::read_to_string(lib.join("config.mk"))
            .map(|s| {
                let kept: Vec<&str> = s.lines().map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("LAST_")).collect();
                format!("make lib {} (its Makefile's flags: -O3 -std=c99, AUTO=1 adds -mavx2 -mbmi2 where the host has them)",
                        kept.join(" ").replace(" := ", "="))
            })
            .unwrap_or_else(|_| "settings not recorded".into());
        println!("cargo:rustc-link-search=native={}", lib.display());
        println!("cargo:rustc-link-lib=static=mlkem");
        println!("cargo:rustc-cfg=have_mlkem_native");
        println!("cargo:rustc-env=PEER_MLKEM_NATIVE_VERSION={version}");
        println!("cargo:rustc-env=PEER_MLKEM_NATIVE_SETTINGS={settings} ({})", lib.display());
    }
}
