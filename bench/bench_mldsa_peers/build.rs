// SPDX-License-Identifier: Apache-2.0 OR MIT
// The peer harnesses' build script (bench_mldsa_peers, and bench_mlkem_peers through its
// Cargo.toml's `build`). Links keccakforge's static library from KF_LIB_DIR (a CMake build dir
// holding libkeccakforge.a, e.g. the checkout's build/), and each C peer whose location is
// given (README.md):
//   LIBOQS_DIR        a liboqs install prefix (include/oqs/oqsconfig.h, lib/liboqs.a)
//   MLKEM_NATIVE_DIR  an mlkem-native source tree (RELEASE.md names its version)
//   MLKEM_NATIVE_LIB  the directory with its `make lib` output libmlkem.a
//                     (default: MLKEM_NATIVE_DIR/test/build)
//   MLDSA_NATIVE_DIR  an mldsa-native source tree (bench_mldsa_peers only): its version from
//                     RELEASE.md, or, where the tree has only mldsa/ (as some packagers ship
//                     it), from the git tree hash of mldsa/ matched against the releases below
//   MLDSA_NATIVE_LIB  the directory with its `make lib` output libmldsa.a
//                     (default: MLDSA_NATIVE_DIR/test/build)
// A peer not given is left out (cfg have_liboqs / have_mlkem_native / have_mldsa_native
// unset): the harness still
// builds and times the others. What it found (version, build settings) reaches the program as
// compile-time environment variables, which it prints, and checks against the oldest version
// it accepts before timing anything.
use std::path::{Path, PathBuf};
use std::process::Command;

/// mldsa-native releases by the git tree hash of their mldsa/ folder (the code built), for a
/// tree that comes without RELEASE.md: v2.0.0 is upstream commit 834a90d5
const MLDSA_NATIVE_TREES: [(&str, &str); 1] = [("8a16ff246ec175f23827313ae8b4cde2cb801a8b", "2.0.0")];

/// The git tree hash of dir/sub (through a scratch bare repository in OUT_DIR), if git runs
fn git_tree_hash(dir: &Path, sub: &str) -> Option<String> {
    let out = PathBuf::from(std::env::var("OUT_DIR").ok()?);
    let repo = out.join("treehash.git");
    let idx = out.join("treehash.index");
    let _ = std::fs::remove_file(&idx);
    let git = |args: &[&str]| -> Option<String> {
        let o = Command::new("git").env("GIT_INDEX_FILE", &idx).arg("--git-dir").arg(&repo).arg("--work-tree")
            .arg(dir).args(args).output().ok()?;
        if !o.status.success() {
            return None;
        }
        Some(String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    if !repo.exists() {
        Command::new("git").args(["init", "-q", "--bare"]).arg(&repo).status().ok()?;
    }
    git(&["-c", "core.autocrlf=false", "add", "-f", "--", sub])?;
    let root = git(&["write-tree"])?;
    git(&["rev-parse", &format!("{root}:{sub}")])
}

/// The settings a peer's `make lib` recorded in BUILD_DIR/config.mk (OPT, AUTO, ...)
fn make_settings(lib: &Path) -> Option<String> {
    let s = std::fs::read_to_string(lib.join("config.mk")).ok()?;
    let kept: Vec<&str> = s.lines().map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("LAST_") && !l.ends_with(":=")).collect();
    Some(kept.join(" ").replace(" := ", "="))
}

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
    println!("cargo::rustc-check-cfg=cfg(have_mldsa_native)");
    for v in ["LIBOQS_DIR", "MLKEM_NATIVE_DIR", "MLKEM_NATIVE_LIB", "MLDSA_NATIVE_DIR", "MLDSA_NATIVE_LIB"] {
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
        let settings = make_settings(&lib)
            .map(|k| format!("make lib {k} (its Makefile's flags: -O3 -std=c99, AUTO=1 adds -mavx2 -mbmi2 where the host has them)"))
            .unwrap_or_else(|| "settings not recorded".into());
        println!("cargo:rustc-link-search=native={}", lib.display());
        println!("cargo:rustc-link-lib=static=mlkem");
        println!("cargo:rustc-cfg=have_mlkem_native");
        println!("cargo:rustc-env=PEER_MLKEM_NATIVE_VERSION={version}");
        println!("cargo:rustc-env=PEER_MLKEM_NATIVE_SETTINGS={settings} ({})", lib.display());
    }
    // mldsa-native: the ML-DSA harness only (the ML-KEM one has no use for it)
    let is_mldsa = std::env::var("CARGO_PKG_NAME").map(|n| n == "bench_mldsa_peers").unwrap_or(false);
    if let (true, Ok(d)) = (is_mldsa, std::env::var("MLDSA_NATIVE_DIR")) {
        let d = PathBuf::from(d);
        assert!(d.join("mldsa/mldsa_native.h").exists(), "MLDSA_NATIVE_DIR={} has no mldsa/mldsa_native.h", d.display());
        println!("cargo:rerun-if-changed={}", d.join("mldsa").display());
        println!("cargo:rerun-if-changed={}", d.join("RELEASE.md").display());
        let tree = git_tree_hash(&d, "mldsa");
        // the release notes open with "mldsa-native vX.Y.Z"; without them, the tree hash
        let (version, source) = match std::fs::read_to_string(d.join("RELEASE.md")) {
            Ok(rel) => (rel.lines().find_map(|l| l.trim().strip_prefix("mldsa-native v")).map(|v| v.trim().to_string())
                            .expect("RELEASE.md names no mldsa-native version"), "RELEASE.md".to_string()),
            Err(_) => match tree.as_deref().and_then(|t| MLDSA_NATIVE_TREES.iter().find(|(h, _)| *h == t)) {
                Some((_, v)) => (v.to_string(), "its mldsa/ tree is the release's".to_string()),
                None => ("unknown".to_string(), "no RELEASE.md and an mldsa/ tree of no known release".to_string()),
            },
        };
        let lib = std::env::var("MLDSA_NATIVE_LIB").map(PathBuf::from).unwrap_or_else(|_| d.join("test/build"));
        let a = lib.join("libmldsa.a");
        assert!(a.exists(), "no libmldsa.a in {} (mldsa-native's `make lib`)", lib.display());
        println!("cargo:rerun-if-changed={}", a.display());
        // its AVX2 backend is in the library (OPT=1 on x86-64): the arithmetic's and the x4 Keccak's symbols
        let bytes = std::fs::read(&a).unwrap();
        let has = |sym: &str| bytes.windows(sym.len()).any(|w| w == sym.as_bytes());
        let backend = match (has("_ntt_avx2_asm"), has("_keccak_f1600_x4_avx2_asm")) {
            (true, true) => "AVX2 backend linked (arithmetic and Keccak x4)",
            (true, false) => "AVX2 arithmetic linked, no AVX2 Keccak x4",
            _ => "no AVX2 backend in the library (portable C)",
        };
        let settings = make_settings(&lib)
            .map(|k| format!("make lib {k} (its Makefile's flags: -O3 -std=c99 -fomit-frame-pointer; AUTO=1 adds \
                              -DMLD_FORCE_X86_64 -mavx2 -mbmi2 where the host has them, OPT=1 the native backends)"))
            .unwrap_or_else(|| "settings not recorded".into());
        println!("cargo:rustc-link-search=native={}", lib.display());
        println!("cargo:rustc-link-lib=static=mldsa");
        println!("cargo:rustc-cfg=have_mldsa_native");
        println!("cargo:rustc-env=PEER_MLDSA_NATIVE_VERSION={version}");
        println!("cargo:rustc-env=PEER_MLDSA_NATIVE_SETTINGS={settings}; {backend}; version from {source}; mldsa/ tree {} ({})",
                 tree.as_deref().unwrap_or("(git not found)"), lib.display());
    }
}
