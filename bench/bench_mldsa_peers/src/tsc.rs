// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The peer harnesses' clock (bench_mldsa_peers, and bench_mlkem_peers through a #[path]
//! module): lfence-serialised rdtsc / rdtscp, pinning, quantiles.
use core::arch::x86_64::{__rdtscp, _mm_lfence, _rdtsc};

#[inline(always)]
pub fn t_start() -> u64 {
    unsafe {
        _mm_lfence();
        let t = _rdtsc();
        _mm_lfence();
        t
    }
}

#[inline(always)]
pub fn t_stop() -> u64 {
    unsafe {
        let mut aux = 0u32;
        let t = __rdtscp(&mut aux);
        _mm_lfence();
        t
    }
}

pub fn pin(cpu: usize) {
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
    }
}

/// the f-quantile (0.5: the median) of v, sorted in place
pub fn q(v: &mut Vec<u64>, f: f64) -> u64 {
    v.sort_unstable();
    v[((v.len() as f64) * f) as usize]
}

/// The harnesses' sample order: for each of `rounds` rounds, each implementation i listed in
/// `active` (those linked into this build) and each operation o < 3, a block of `block` calls
/// call(i, o, b, r) (b: the call's place in its block), each returning the ticks of its timed
/// part; the first `warm` of a block are dropped as warm-up, the others pushed to t[i][o]. So
/// every implementation and operation sees the same moments of a shared host; t[i] of the
/// others stays empty.
pub fn alternate_some<const I: usize>(t: &mut [[Vec<u64>; 3]; I], active: &[usize], rounds: usize, block: usize,
                                      warm: usize, mut call: impl FnMut(usize, usize, usize, usize) -> u64) {
    for r in 0..rounds {
        for &i in active {
            for o in 0..3 {
                for b in 0..block {
                    let dt = call(i, o, b, r);
                    if b >= warm {
                        t[i][o].push(dt);
                    }
                }
            }
        }
    }
}

/// "X.Y.Z" (an optional "-suffix" makes it a pre-release, older than X.Y.Z) as comparable
/// numbers: (X, Y, Z, 1 for a release / 0 for a pre-release)
pub fn version_key(v: &str) -> Option<(u32, u32, u32, u32)> {
    let v = v.trim().trim_start_matches('v');
    let (num, pre) = match v.split_once('-') {
        Some((n, _)) => (n, true),
        None => (v, false),
    };
    let mut it = num.split('.').map(|x| x.parse::<u32>());
    let (a, b, c) = (it.next()?.ok()?, it.next()?.ok()?, it.next().unwrap_or(Ok(0)).ok()?);
    Some((a, b, c, if pre { 0 } else { 1 }))
}

/// Refuses to run (exit status 2, a message on stderr) when a peer is older than `oldest`:
/// its figures would not be the comparison the docs name.
pub fn require_version(peer: &str, have: &str, oldest: &str) {
    match (version_key(have), version_key(oldest)) {
        (Some(h), Some(o)) if h >= o => {}
        _ => {
            eprintln!("refusing to run: {peer} {have} is older than {oldest}, the oldest this harness compares \
                       against (or its version is unreadable); rebuild the harness with {peer} {oldest} or newer");
            std::process::exit(2);
        }
    }
}

/// What the harness's own build (and so libcrux's) was: profile, RUSTFLAGS, and the
/// [profile.release] of Cargo.toml (LTO fat, one codegen unit)
pub fn harness_build() -> String {
    format!("profile {} (lto = \"fat\", codegen-units = 1), RUSTFLAGS \"{}\"{}", env!("HARNESS_PROFILE"),
            env!("HARNESS_RUSTFLAGS"),
            if cfg!(target_feature = "avx2") { "" } else { " (no target-cpu=native: AVX2 not enabled at compile time)" })
}

/// A C string from a peer or from keccakforge (a version, a backend's name) as a String
pub fn cstr(p: *const std::os::raw::c_char) -> String {
    unsafe { std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned() }
}

/// Refuses (exit 2) a liboqs older than `oldest`, or one whose library and header disagree
pub fn require_liboqs(header: &str, runtime: &str, oldest: &str) {
    require_version("liboqs", header, oldest);
    if runtime != header {
        eprintln!("refusing to run: liboqs.a says it is {runtime}, its header {header}: LIBOQS_DIR mixes two installs");
        std::process::exit(2);
    }
}
