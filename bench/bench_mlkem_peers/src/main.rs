// SPDX-License-Identifier: Apache-2.0 OR MIT
//! bench_mlkem_peers: ML-KEM-512/768/1024 KeyGen, Encaps and Decaps of keccakforge (its C API,
//! static library) beside libcrux-ml-kem (its AVX2 instantiation, `simd256`), liboqs (>= 0.16.0,
//! built from its source with its own CMake; its ML-KEM is mlkem-native, whose x86-64 AVX2 code
//! it picks at run time on a CPU with AVX2, BMI2 and POPCNT) and mlkem-native (>= v2.0.0, built
//! alone with its own Makefile: `make lib OPT=1 AUTO=1`, its AVX2 backend) in one process, timed
//! with the TSC, samples alternated. The C peers are linked when the build is told where they
//! are (LIBOQS_DIR, MLKEM_NATIVE_DIR: build.rs, README.md); a peer not given is left out, and a
//! peer older than the version above makes the harness refuse to run.
//!
//! Samples come in blocks of BLOCK calls of one operation of one implementation (the first
//! WARM of a block dropped), and the blocks rotate over implementations and operations, so
//! every figure sees the same moments of a shared host. Each figure is the median (and the
//! 75th percentile, to show a two-speed operation) of SAMPLES samples. Pinned to one CPU
//! (argument 1, default 1).
//!
//! The same work for all, deterministic: keygen from the 64-byte seed d || z
//! (kf_mlkem_keygen_internal, libcrux generate_key_pair, OQS_KEM_ml_kem_*_keypair_derand,
//! mlkem-native keypair_derand), d changed per call so that the matrix's rejection sampling
//! varies as in real use; encaps with a given 32-byte m (kf_mlkem_encaps_internal, libcrux
//! encapsulate, OQS_KEM_ml_kem_*_encaps_derand, mlkem-native enc_derand), m changed per call;
//! decaps of one fixed ciphertext. Input checks (FIPS 203 §7.2, §7.3): keccakforge and
//! mlkem-native (so liboqs) check ek's coefficients in encaps and dk's hash H(ek) in decaps;
//! libcrux's encapsulate and decapsulate do not (it has them as separate validate_* calls), so
//! its encaps and decaps figures leave out work the others do. Before timing, the harness checks
//! that all make the same ek and dk from one seed, the same ciphertext and shared secret from
//! one m, and the same shared secret from decaps.
//! Second argument `spread` (issue 53's two-speed question): keccakforge alone, no peers timed;
//! see spread() below.
// without a C peer its glue stays unused
#![cfg_attr(not(all(have_liboqs, have_mlkem_native)), allow(unused_mut, dead_code, unused_macros))]
use std::os::raw::{c_char, c_int};

#[path = "../../bench_mldsa_peers/src/tsc.rs"]
mod tsc;
use tsc::{cstr, pin, q, t_start, t_stop};

const BLOCK: usize = 20;
const WARM: usize = 3;
const ROUNDS: usize = 60;
const SAMPLES: usize = ROUNDS * (BLOCK - WARM);

/// The oldest peers this harness compares against (issue 53)
const LIBOQS_OLDEST: &str = "0.16.0";
const MLKEM_NATIVE_OLDEST: &str = "2.0.0";
const LIBCRUX: &str = "libcrux-ml-kem 0.0.11 (avx2)";

extern "C" {
    fn kf_mlkem_keygen_internal(param: c_int, ek: *mut u8, dk: *mut u8, d: *const u8, z: *const u8) -> c_int;
    fn kf_mlkem_encaps_internal(param: c_int, ct: *mut u8, ss: *mut u8, ek: *const u8, eklen: usize,
                                m: *const u8) -> c_int;
    fn kf_mlkem_decaps(param: c_int, ss: *mut u8, ct: *const u8, ctlen: usize, dk: *const u8, dklen: usize)
                       -> c_int;
    fn kf_backend_name() -> *const c_char;
    fn kf_backend_batch_name() -> *const c_char;
    fn kf_version_string() -> *const c_char;
}

/// liboqs's C API (liboqs.a from LIBOQS_DIR): the derandomised ML-KEM calls, so no randombytes
/// callback is timed
#[cfg(have_liboqs)]
mod oqs {
    use std::os::raw::{c_char, c_int};
    extern "C" {
        pub fn OQS_init();
        pub fn OQS_version() -> *const c_char;
        pub fn OQS_KEM_ml_kem_512_keypair_derand(pk: *mut u8, sk: *mut u8, seed: *const u8) -> c_int;
        pub fn OQS_KEM_ml_kem_512_encaps_derand(ct: *mut u8, ss: *mut u8, pk: *const u8, m: *const u8) -> c_int;
        pub fn OQS_KEM_ml_kem_512_decaps(ss: *mut u8, ct: *const u8, sk: *const u8) -> c_int;
        pub fn OQS_KEM_ml_kem_768_keypair_derand(pk: *mut u8, sk: *mut u8, seed: *const u8) -> c_int;
        pub fn OQS_KEM_ml_kem_768_encaps_derand(ct: *mut u8, ss: *mut u8, pk: *const u8, m: *const u8) -> c_int;
        pub fn OQS_KEM_ml_kem_768_decaps(ss: *mut u8, ct: *const u8, sk: *const u8) -> c_int;
        pub fn OQS_KEM_ml_kem_1024_keypair_derand(pk: *mut u8, sk: *mut u8, seed: *const u8) -> c_int;
        pub fn OQS_KEM_ml_kem_1024_encaps_derand(ct: *mut u8, ss: *mut u8, pk: *const u8, m: *const u8) -> c_int;
        pub fn OQS_KEM_ml_kem_1024_decaps(ss: *mut u8, ct: *const u8, sk: *const u8) -> c_int;
    }
}

/// mlkem-native's API (libmlkem.a from its `make lib`: the three parameter sets, each under its
/// default namespace PQCP_MLKEM_NATIVE_MLKEM<k>_)
#[cfg(have_mlkem_native)]
mod mlkn {
    use std::os::raw::c_int;
    extern "C" {
        pub fn PQCP_MLKEM_NATIVE_MLKEM512_keypair_derand(pk: *mut u8, sk: *mut u8, coins: *const u8) -> c_int;
        pub fn PQCP_MLKEM_NATIVE_MLKEM512_enc_derand(ct: *mut u8, ss: *mut u8, pk: *const u8, coins: *const u8)
                                                     -> c_int;
        pub fn PQCP_MLKEM_NATIVE_MLKEM512_dec(ss: *mut u8, ct: *const u8, sk: *const u8) -> c_int;
        pub fn PQCP_MLKEM_NATIVE_MLKEM768_keypair_derand(pk: *mut u8, sk: *mut u8, coins: *const u8) -> c_int;
        pub fn PQCP_MLKEM_NATIVE_MLKEM768_enc_derand(ct: *mut u8, ss: *mut u8, pk: *const u8, coins: *const u8)
                                                     -> c_int;
        pub fn PQCP_MLKEM_NATIVE_MLKEM768_dec(ss: *mut u8, ct: *const u8, sk: *const u8) -> c_int;
        pub fn PQCP_MLKEM_NATIVE_MLKEM1024_keypair_derand(pk: *mut u8, sk: *mut u8, coins: *const u8) -> c_int;
        pub fn PQCP_MLKEM_NATIVE_MLKEM1024_enc_derand(ct: *mut u8, ss: *mut u8, pk: *const u8, coins: *const u8)
                                                      -> c_int;
        pub fn PQCP_MLKEM_NATIVE_MLKEM1024_dec(ss: *mut u8, ct: *const u8, sk: *const u8) -> c_int;
    }
    /// mlkem-native's randomised calls (in the same object as the derandomised ones) want this
    /// symbol; the harness never calls them, so it only fails
    #[no_mangle]
    pub extern "C" fn randombytes(_out: *mut u8, _len: usize) -> c_int {
        -1
    }
}

/// the implementations: keccakforge, libcrux, liboqs, mlkem-native
const IMPLS: usize = 4;
type Op = unsafe fn(*mut u8, *mut u8, *const u8) -> c_int;
/// A C peer's three calls for one parameter set: keypair_derand(ek, dk, d || z),
/// encaps_derand(ct, ss, ek) with m passed by the fourth pointer, decaps(ss, ct, dk)
#[derive(Clone, Copy)]
#[allow(dead_code)]
struct CPeer {
    keypair: Op,
    encaps: unsafe fn(*mut u8, *mut u8, *const u8, *const u8) -> c_int,
    decaps: unsafe fn(*mut u8, *const u8, *const u8) -> c_int,
}

macro_rules! cpeer {
    ($m:ident, $kp:ident, $en:ident, $de:ident) => {
        CPeer {
            keypair: |a, b, c| unsafe { $m::$kp(a, b, c) },
            encaps: |a, b, c, d| unsafe { $m::$en(a, b, c, d) },
            decaps: |a, b, c| unsafe { $m::$de(a, b, c) },
        }
    };
}

/// the C peers linked into this build, for a parameter set: [liboqs, mlkem-native]
fn cpeers(set: u32) -> [Option<CPeer>; 2] {
    let mut r = [None, None];
    #[cfg(have_liboqs)]
    {
        r[0] = Some(match set {
            512 => cpeer!(oqs, OQS_KEM_ml_kem_512_keypair_derand, OQS_KEM_ml_kem_512_encaps_derand,
                          OQS_KEM_ml_kem_512_decaps),
            768 => cpeer!(oqs, OQS_KEM_ml_kem_768_keypair_derand, OQS_KEM_ml_kem_768_encaps_derand,
                          OQS_KEM_ml_kem_768_decaps),
            _ => cpeer!(oqs, OQS_KEM_ml_kem_1024_keypair_derand, OQS_KEM_ml_kem_1024_encaps_derand,
                        OQS_KEM_ml_kem_1024_decaps),
        });
    }
    #[cfg(have_mlkem_native)]
    {
        r[1] = Some(match set {
            512 => cpeer!(mlkn, PQCP_MLKEM_NATIVE_MLKEM512_keypair_derand, PQCP_MLKEM_NATIVE_MLKEM512_enc_derand,
                          PQCP_MLKEM_NATIVE_MLKEM512_dec),
            768 => cpeer!(mlkn, PQCP_MLKEM_NATIVE_MLKEM768_keypair_derand, PQCP_MLKEM_NATIVE_MLKEM768_enc_derand,
                          PQCP_MLKEM_NATIVE_MLKEM768_dec),
            _ => cpeer!(mlkn, PQCP_MLKEM_NATIVE_MLKEM1024_keypair_derand, PQCP_MLKEM_NATIVE_MLKEM1024_enc_derand,
                        PQCP_MLKEM_NATIVE_MLKEM1024_dec),
        });
    }
    let _ = set;
    r
}

macro_rules! set_bench {
    ($fname:ident, $param:expr, $lc:ident, $ekn:expr, $dkn:expr, $ctn:expr) => {
        /// t[impl][op][sample], op 0 keygen, 1 encaps, 2 decaps
        fn $fname(t: &mut [[Vec<u64>; 3]; IMPLS], active: &[usize]) {
            use libcrux_ml_kem::$lc::avx2 as lc;
            let p: c_int = $param;
            let peers = cpeers($param);
            let mut seed = [0u8; 64];
            for (i, b) in seed.iter_mut().enumerate() {
                *b = (i as u8).wrapping_mul(29).wrapping_add(3);
            }
            let mut m = [0x5au8; 32];
            // the keys and ciphertexts that encaps and decaps use, and the cross-checks
            let (mut kek, mut kdk, mut kct, mut kss) = (vec![0u8; $ekn], vec![0u8; $dkn], vec![0u8; $ctn], [0u8; 32]);
            let mut ss2 = [0u8; 32];
            unsafe {
                assert_eq!(kf_mlkem_keygen_internal(p, kek.as_mut_ptr(), kdk.as_mut_ptr(), seed.as_ptr(),
                                                    seed.as_ptr().add(32)), 0);
                assert_eq!(kf_mlkem_encaps_internal(p, kct.as_mut_ptr(), kss.as_mut_ptr(), kek.as_ptr(), $ekn,
                                                    m.as_ptr()), 0);
                assert_eq!(kf_mlkem_decaps(p, ss2.as_mut_ptr(), kct.as_ptr(), $ctn, kdk.as_ptr(), $dkn), 0);
            }
            assert_eq!(ss2, kss, "keccakforge decaps");
            for (j, c) in peers.iter().enumerate() {
                let Some(c) = c else { continue };
                let who = NAMES[2 + j];
                let (mut oek, mut odk, mut oct, mut oss) =
                    (vec![0u8; $ekn], vec![0u8; $dkn], vec![0u8; $ctn], [0u8; 32]);
                unsafe {
                    assert_eq!((c.keypair)(oek.as_mut_ptr(), odk.as_mut_ptr(), seed.as_ptr()), 0, "{who} keypair");
                    assert_eq!((c.encaps)(oct.as_mut_ptr(), oss.as_mut_ptr(), oek.as_ptr(), m.as_ptr()), 0,
                               "{who} encaps");
                }
                assert_eq!(oek, kek, "{who} and keccakforge ek from one seed");
                assert_eq!(odk, kdk, "{who} and keccakforge dk from one seed");
                assert_eq!(oct, kct, "{who} and keccakforge ciphertexts from one m");
                assert_eq!(oss, kss, "{who} and keccakforge shared secrets from one m");
                ss2 = [0u8; 32];
                unsafe { assert_eq!((c.decaps)(ss2.as_mut_ptr(), kct.as_ptr(), kdk.as_ptr()), 0, "{who} decaps") };
                assert_eq!(ss2, kss, "{who} decaps");
            }
            let lkp = lc::generate_key_pair(seed);
            assert_eq!(lkp.public_key().as_slice(), &kek[..], "libcrux and keccakforge ek from one seed");
            assert_eq!(lkp.private_key().as_slice(), &kdk[..], "libcrux and keccakforge dk from one seed");
            let (lct, lss) = lc::encapsulate(lkp.public_key(), m);
            assert_eq!(lct.as_slice(), &kct[..], "libcrux and keccakforge ciphertexts from one m");
            assert_eq!(&lss[..], &kss[..], "libcrux and keccakforge shared secrets from one m");
            assert_eq!(&lc::decapsulate(lkp.private_key(), &lct)[..], &kss[..], "libcrux decaps");
            let (mut ek2, mut dk2, mut ct2) = (vec![0u8; $ekn], vec![0u8; $dkn], vec![0u8; $ctn]);
            let mut bad = 0;
            tsc::alternate_some(t, active, ROUNDS, BLOCK, WARM, |i, o, b, r| {
                seed[0] = b as u8;
                seed[1] = r as u8;
                m[0] = b as u8;
                m[1] = r as u8;
                let (t0, t1);
                unsafe {
                    match (i, o) {
                        (0, 0) => {
                            t0 = t_start();
                            bad |= kf_mlkem_keygen_internal(p, ek2.as_mut_ptr(), dk2.as_mut_ptr(),
                                                            seed.as_ptr(), seed.as_ptr().add(32));
                            t1 = t_stop();
                        }
                        (0, 1) => {
                            t0 = t_start();
                            bad |= kf_mlkem_encaps_internal(p, ct2.as_mut_ptr(), ss2.as_mut_ptr(),
                                                            kek.as_ptr(), $ekn, m.as_ptr());
                            t1 = t_stop();
                        }
                        (0, _) => {
                            t0 = t_start();
                            bad |= kf_mlkem_decaps(p, ss2.as_mut_ptr(), kct.as_ptr(), $ctn, kdk.as_ptr(),
                                                   $dkn);
                            t1 = t_stop();
                        }
                        (1, 0) => {
                            t0 = t_start();
                            let kp = lc::generate_key_pair(seed);
                            t1 = t_stop();
                            std::hint::black_box(&kp);
                        }
                        (1, 1) => {
                            t0 = t_start();
                            let e = lc::encapsulate(lkp.public_key(), m);
                            t1 = t_stop();
                            std::hint::black_box(&e);
                        }
                        (1, _) => {
                            t0 = t_start();
                            let s = lc::decapsulate(lkp.private_key(), &lct);
                            t1 = t_stop();
                            std::hint::black_box(&s);
                        }
                        (_, o) => {
                            let c = peers[i - 2].expect("only linked peers are timed");
                            match o {
                                0 => {
                                    t0 = t_start();
                                    bad |= (c.keypair)(ek2.as_mut_ptr(), dk2.as_mut_ptr(), seed.as_ptr());
                                    t1 = t_stop();
                                }
                                1 => {
                                    t0 = t_start();
                                    bad |= (c.encaps)(ct2.as_mut_ptr(), ss2.as_mut_ptr(), kek.as_ptr(), m.as_ptr());
                                    t1 = t_stop();
                                }
                                _ => {
                                    t0 = t_start();
                                    bad |= (c.decaps)(ss2.as_mut_ptr(), kct.as_ptr(), kdk.as_ptr());
                                    t1 = t_stop();
                                }
                            }
                        }
                    }
                }
                t1 - t0
            });
            assert_eq!(bad, 0, "a call failed while timed");
        }
    };
}

set_bench!(bench512, 512, mlkem512, 800, 1632, 768);
set_bench!(bench768, 768, mlkem768, 1184, 2400, 1088);
set_bench!(bench1024, 1024, mlkem1024, 1568, 3168, 1568);

const NAMES: [&str; IMPLS] = ["keccakforge", LIBCRUX, "liboqs", "mlkem-native"];

/// Prints what is linked, refuses too-old peers; the implementations to time
fn peers(names: &mut Vec<String>) -> Vec<usize> {
    let mut active = vec![0, 1];
    *names = NAMES.iter().map(|s| s.to_string()).collect();
    println!("keccakforge {} (libkeccakforge.a)", cstr(unsafe { kf_version_string() }));
    println!("{LIBCRUX}: built with the harness, {}", tsc::harness_build());
    #[cfg(have_liboqs)]
    {
        let v = env!("PEER_LIBOQS_VERSION");
        tsc::require_liboqs(v, &cstr(unsafe { oqs::OQS_version() }), LIBOQS_OLDEST);
        unsafe { oqs::OQS_init() };
        println!("liboqs {v}: {}", env!("PEER_LIBOQS_SETTINGS"));
        names[2] = format!("liboqs {v}");
        active.push(2);
    }
    #[cfg(not(have_liboqs))]
    println!("liboqs: not linked (build with LIBOQS_DIR=<install prefix> to compare)");
    #[cfg(have_mlkem_native)]
    {
        let v = env!("PEER_MLKEM_NATIVE_VERSION");
        tsc::require_version("mlkem-native", v, MLKEM_NATIVE_OLDEST);
        println!("mlkem-native v{v}: {}", env!("PEER_MLKEM_NATIVE_SETTINGS"));
        names[3] = format!("mlkem-native v{v}");
        active.push(3);
    }
    #[cfg(not(have_mlkem_native))]
    println!("mlkem-native: not linked (build with MLKEM_NATIVE_DIR=<source tree> to compare)");
    active
}

// ---- spread: does one operation of one set run at two speeds? ----
// keccakforge alone: blocks of SP_BLOCK consecutive calls of one operation of one set (the
// first SP_WARM dropped), the blocks rotating over the 9 (set, operation) pairs for SP_ROUNDS
// rounds, so every pair sees the same moments of a shared host and a slow mode of one pair
// shows against the others'; per pair p10 / p50 / p75 / p90 and p75 / p50. Then ML-KEM-1024
// encaps and decaps with their inputs copied to each 64-byte offset mod 4096 (rounds rotating
// over the 64 offsets): the medians' spread over the offsets (a cache-set conflict that depends
// on where the caller's buffers sit would show as offsets slower than the others in every run).
const SP_BLOCK: usize = 50;
const SP_WARM: usize = 5;
const SP_ROUNDS: usize = 20;

fn spread() {
    let sets: [(c_int, usize, usize, usize); 3] = [(512, 800, 1632, 768), (768, 1184, 2400, 1088),
                                                   (1024, 1568, 3168, 1568)];
    let (d, z, m) = ([1u8; 32], [2u8; 32], [3u8; 32]);
    let mut ek = vec![vec![0u8; 1568]; 3];
    let mut dk = vec![vec![0u8; 3168]; 3];
    let mut ct = vec![vec![0u8; 1568]; 3];
    let (mut ek2, mut dk2, mut ct2, mut ss) = (vec![0u8; 1568], vec![0u8; 3168], vec![0u8; 1568], [0u8; 32]);
    for (k, &(p, ekn, _, _)) in sets.iter().enumerate() {
        unsafe {
            assert_eq!(kf_mlkem_keygen_internal(p, ek[k].as_mut_ptr(), dk[k].as_mut_ptr(), d.as_ptr(), z.as_ptr()), 0);
            assert_eq!(kf_mlkem_encaps_internal(p, ct[k].as_mut_ptr(), ss.as_mut_ptr(), ek[k].as_ptr(), ekn,
                                                m.as_ptr()), 0);
        }
    }
    let call = |k: usize, o: usize, ek: &[u8], dk: &[u8], ct: &[u8], ek2: &mut [u8], dk2: &mut [u8],
                ct2: &mut [u8], ss: &mut [u8; 32]| -> (u64, c_int) {
        let (p, ekn, dkn, ctn) = sets[k];
        unsafe {
            let t0 = t_start();
            let r = match o {
                0 => kf_mlkem_keygen_internal(p, ek2.as_mut_ptr(), dk2.as_mut_ptr(), d.as_ptr(), z.as_ptr()),
                1 => kf_mlkem_encaps_internal(p, ct2.as_mut_ptr(), ss.as_mut_ptr(), ek.as_ptr(), ekn, m.as_ptr()),
                _ => kf_mlkem_decaps(p, ss.as_mut_ptr(), ct.as_ptr(), ctn, dk.as_ptr(), dkn),
            };
            (t_stop() - t0, r)
        }
    };
    let mut t = vec![vec![Vec::new(); 3]; 3];
    let mut bad = 0;
    for _ in 0..SP_ROUNDS {
        for k in 0..3 {
            for o in 0..3 {
                for b in 0..SP_BLOCK {
                    let (dt, r) = call(k, o, &ek[k], &dk[k], &ct[k], &mut ek2, &mut dk2, &mut ct2, &mut ss);
                    bad |= r;
                    if b >= SP_WARM {
                        t[k][o].push(dt);
                    }
                }
            }
        }
    }
    assert_eq!(bad, 0, "a call failed");
    let n = SP_ROUNDS * (SP_BLOCK - SP_WARM);
    println!("keccakforge alone, blocks of {SP_BLOCK} calls rotating over the 9 (set, operation) pairs, {n} samples each");
    println!("{:<13} {:<7} {:>8} {:>8} {:>8} {:>8} {:>8}", "set", "op", "p10", "p50", "p75", "p90", "p75/p50");
    for k in 0..3 {
        for (o, name) in ["keygen", "encaps", "decaps"].iter().enumerate() {
            let v = &mut t[k][o];
            let (p10, p50, p75, p90) = (q(v, 0.1), q(v, 0.5), q(v, 0.75), q(v, 0.9));
            println!("{:<13} {:<7} {:>8} {:>8} {:>8} {:>8} {:>8.3}", format!("ML-KEM-{}", sets[k].0), name, p10, p50,
                     p75, p90, p75 as f64 / p50 as f64);
        }
    }
    // the inputs of ML-KEM-1024 at each 64-byte offset mod 4096 of page-aligned buffers
    const OFFS: usize = 64;
    let mut page = vec![0u8; 4 * 8192 + 4096];
    let base = (4096 - (page.as_ptr() as usize) % 4096) % 4096;
    for o in 1..3 {
        let mut v = vec![Vec::new(); OFFS];
        for _ in 0..25 {
            for (j, vj) in v.iter_mut().enumerate() {
                let at = base + 64 * j;
                let (a, rest) = page[at..].split_at_mut(8192);
                let (b, c) = rest.split_at_mut(8192);
                a[..1568].copy_from_slice(&ek[2]);
                b[..3168].copy_from_slice(&dk[2]);
                c[..1568].copy_from_slice(&ct[2]);
                for w in 0..10 {
                    let (dt, r) = call(2, o, a, b, c, &mut ek2, &mut dk2, &mut ct2, &mut ss);
                    bad |= r;
                    if w >= 2 {
                        vj.push(dt);
                    }
                }
            }
        }
        assert_eq!(bad, 0, "a call failed");
        let meds: Vec<u64> = v.iter_mut().map(|x| q(x, 0.5)).collect();
        let (lo, hi) = (meds.iter().enumerate().min_by_key(|x| x.1).unwrap(), meds.iter().enumerate().max_by_key(|x| x.1).unwrap());
        println!("ML-KEM-1024 {} with its inputs at +0..4032 mod 4096 (200 samples each): medians {} (at +{}) .. {} \
                  (at +{}), {:.3}", if o == 1 { "encaps" } else { "decaps" }, lo.1, 64 * lo.0, hi.1, 64 * hi.0,
                 *hi.1 as f64 / *lo.1 as f64);
    }
}

fn main() {
    let cpu: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    pin(cpu);
    assert!(std::is_x86_feature_detected!("avx2"), "libcrux's AVX2 path needs AVX2");
    let mut names = Vec::new();
    let active = peers(&mut names);
    let (x1, xn) = unsafe { (cstr(kf_backend_name()), cstr(kf_backend_batch_name())) };
    match std::env::args().nth(2).as_deref() {
        Some("spread") => {
            println!("keccakforge Keccak backends {x1}/{xn}, arithmetic {}",
                     std::env::var("KECCAKFORGE_MLKEM").unwrap_or_else(|_| "auto".into()));
            return spread();
        }
        Some(m) => {
            eprintln!("unknown mode {m}: none or `spread`");
            std::process::exit(2);
        }
        None => {}
    }
    println!("ML-KEM, TSC ticks, median (p75 / p50 beside it) of {SAMPLES} samples per figure, cpu {cpu}, samples \
              alternated; keccakforge Keccak backends {x1}/{xn}, arithmetic {}",
             std::env::var("KECCAKFORGE_MLKEM").unwrap_or_else(|_| "auto".into()));
    println!("{:<13} {:<28} {:>15} {:>15} {:>15}   {:>12} {:>12} {:>12}", "set", "implementation", "keygen (p75/50)",
             "encaps (p75/50)", "decaps (p75/50)", "keygen ratio", "encaps ratio", "decaps ratio");
    for (set, f) in [(512, bench512 as fn(&mut [[Vec<u64>; 3]; IMPLS], &[usize])), (768, bench768),
                     (1024, bench1024)] {
        let mut t: [[Vec<u64>; 3]; IMPLS] = Default::default();
        f(&mut t, &active);
        let mut med = [[0u64; 3]; IMPLS];
        let mut p75 = [[0u64; 3]; IMPLS];
        for &i in &active {
            for o in 0..3 {
                med[i][o] = q(&mut t[i][o], 0.5);
                p75[i][o] = q(&mut t[i][o], 0.75);
            }
        }
        for &i in &active {
            // ratio: this implementation's ticks / keccakforge's (above 1: keccakforge is faster)
            let cell = |o: usize| format!("{} ({:.2})", med[i][o], p75[i][o] as f64 / med[i][o] as f64);
            println!("{:<13} {:<28} {:>15} {:>15} {:>15}   {:>11.2}x {:>11.2}x {:>11.2}x", format!("ML-KEM-{set}"),
                     names[i], cell(0), cell(1), cell(2), med[i][0] as f64 / med[0][0] as f64,
                     med[i][1] as f64 / med[0][1] as f64, med[i][2] as f64 / med[0][2] as f64);
        }
    }
}
