// SPDX-License-Identifier: Apache-2.0 OR MIT
//! bench_mlkem_peers: ML-KEM-512/768/1024 KeyGen, Encaps and Decaps of keccakforge (its C API,
//! static library), libcrux-ml-kem (its AVX2 instantiation, `simd256`) and liboqs (oqs-sys,
//! whose ML-KEM is mlkem-native; liboqs picks mlkem-native's x86-64 AVX2 code at run time on
//! a CPU with AVX2, BMI2 and POPCNT) in one process, timed with the TSC, samples alternated.
//!
//! Samples come in blocks of BLOCK calls of one operation of one implementation (the first
//! WARM of a block dropped), and the blocks rotate over implementations and operations, so
//! every figure sees the same moments of a shared host. Each figure is the median of SAMPLES
//! samples. Pinned to one CPU (argument 1, default 1).
//!
//! The same work for all three, deterministic: keygen from the 64-byte seed d || z
//! (kf_mlkem_keygen_internal, libcrux generate_key_pair, liboqs OQS_KEM_ml_kem_*_keypair_derand),
//! d changed per call so that the matrix's rejection sampling varies as in real use; encaps
//! with a given 32-byte m (kf_mlkem_encaps_internal, libcrux encapsulate, liboqs encaps with m
//! from the randombytes callback installed with OQS_randombytes_custom_algorithm, which
//! returns the given bytes: no system call is timed), m changed per call; decaps of one fixed
//! ciphertext. Input checks (FIPS 203 §7.2, §7.3): keccakforge and mlkem-native check ek's
//! coefficients in encaps and dk's hash H(ek) in decaps; libcrux's encapsulate and
//! decapsulate do not (it has them as separate validate_* calls), so its encaps and decaps
//! figures leave out work the other two do. Before timing, the harness checks that all three
//! make the same ek and dk from one seed, the same ciphertext and shared secret from one m,
//! and the same shared secret from decaps.
use std::os::raw::c_int;

#[path = "../../bench_mldsa_peers/src/tsc.rs"]
mod tsc;
use tsc::{pin, q, t_start, t_stop};

const BLOCK: usize = 20;
const WARM: usize = 3;
const ROUNDS: usize = 60;
const SAMPLES: usize = ROUNDS * (BLOCK - WARM);

extern "C" {
    fn kf_mlkem_keygen_internal(param: c_int, ek: *mut u8, dk: *mut u8, d: *const u8, z: *const u8) -> c_int;
    fn kf_mlkem_encaps_internal(param: c_int, ct: *mut u8, ss: *mut u8, ek: *const u8, eklen: usize,
                                m: *const u8) -> c_int;
    fn kf_mlkem_decaps(param: c_int, ss: *mut u8, ct: *const u8, ctlen: usize, dk: *const u8, dklen: usize)
                       -> c_int;
    fn kf_backend_name() -> *const std::os::raw::c_char;
    fn kf_backend_batch_name() -> *const std::os::raw::c_char;
}

/// What liboqs's randombytes returns (encaps draws m from it): set before each call.
static mut FIXED: [u8; 32] = [0u8; 32];

unsafe extern "C" fn fixed_random(out: *mut u8, len: usize) {
    let f = *std::ptr::addr_of!(FIXED);
    for i in 0..len {
        *out.add(i) = f[i % 32];
    }
}

const IMPLS: usize = 3;
const NAMES: [&str; IMPLS] = ["keccakforge", "libcrux-ml-kem 0.0.11 (avx2)", "liboqs 0.13.0 (mlkem-native)"];

macro_rules! set_bench {
    ($fname:ident, $param:expr, $lc:ident, $ekn:expr, $dkn:expr, $ctn:expr,
     $oqs_keypair:ident, $oqs_encaps:ident, $oqs_decaps:ident) => {
        /// t[impl][op][sample], op 0 keygen, 1 encaps, 2 decaps
        fn $fname(t: &mut [[Vec<u64>; 3]; IMPLS]) {
            use libcrux_ml_kem::$lc::avx2 as lc;
            use oqs_sys::kem::{$oqs_keypair, $oqs_encaps, $oqs_decaps};
            let p: c_int = $param;
            let mut seed = [0u8; 64];
            for (i, b) in seed.iter_mut().enumerate() {
                *b = (i as u8).wrapping_mul(29).wrapping_add(3);
            }
            let mut m = [0x5au8; 32];
            // the keys and ciphertexts that encaps and decaps use, and the cross-checks
            let (mut kek, mut kdk, mut kct, mut kss) = (vec![0u8; $ekn], vec![0u8; $dkn], vec![0u8; $ctn], [0u8; 32]);
            let (mut oek, mut odk, mut oct, mut oss) = (vec![0u8; $ekn], vec![0u8; $dkn], vec![0u8; $ctn], [0u8; 32]);
            let mut ss2 = [0u8; 32];
            unsafe {
                assert_eq!(kf_mlkem_keygen_internal(p, kek.as_mut_ptr(), kdk.as_mut_ptr(), seed.as_ptr(),
                                                    seed.as_ptr().add(32)), 0);
                assert_eq!(kf_mlkem_encaps_internal(p, kct.as_mut_ptr(), kss.as_mut_ptr(), kek.as_ptr(), $ekn,
                                                    m.as_ptr()), 0);
                assert_eq!($oqs_keypair(oek.as_mut_ptr(), odk.as_mut_ptr(), seed.as_ptr()) as c_int, 0);
                FIXED = m;
                assert_eq!($oqs_encaps(oct.as_mut_ptr(), oss.as_mut_ptr(), oek.as_ptr()) as c_int, 0);
            }
            assert_eq!(oek, kek, "liboqs and keccakforge ek from one seed");
            assert_eq!(odk, kdk, "liboqs and keccakforge dk from one seed");
            assert_eq!(oct, kct, "liboqs and keccakforge ciphertexts from one m");
            assert_eq!(oss, kss, "liboqs and keccakforge shared secrets from one m");
            let lkp = lc::generate_key_pair(seed);
            assert_eq!(lkp.public_key().as_slice(), &kek[..], "libcrux and keccakforge ek from one seed");
            assert_eq!(lkp.private_key().as_slice(), &kdk[..], "libcrux and keccakforge dk from one seed");
            let (lct, lss) = lc::encapsulate(lkp.public_key(), m);
            assert_eq!(lct.as_slice(), &kct[..], "libcrux and keccakforge ciphertexts from one m");
            assert_eq!(&lss[..], &kss[..], "libcrux and keccakforge shared secrets from one m");
            assert_eq!(&lc::decapsulate(lkp.private_key(), &lct)[..], &kss[..], "libcrux decaps");
            unsafe {
                assert_eq!(kf_mlkem_decaps(p, ss2.as_mut_ptr(), kct.as_ptr(), $ctn, kdk.as_ptr(), $dkn), 0);
                assert_eq!(ss2, kss, "keccakforge decaps");
                assert_eq!($oqs_decaps(ss2.as_mut_ptr(), kct.as_ptr(), kdk.as_ptr()) as c_int, 0);
                assert_eq!(ss2, kss, "liboqs decaps");
            }
            let (mut ek2, mut dk2, mut ct2) = (vec![0u8; $ekn], vec![0u8; $dkn], vec![0u8; $ctn]);
            let mut bad = 0;
            tsc::alternate(t, ROUNDS, BLOCK, WARM, |i, o, b, r| {
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
                        (_, 0) => {
                            t0 = t_start();
                            bad |= $oqs_keypair(ek2.as_mut_ptr(), dk2.as_mut_ptr(), seed.as_ptr()) as c_int;
                            t1 = t_stop();
                        }
                        (_, 1) => {
                            FIXED = m;
                            t0 = t_start();
                            bad |= $oqs_encaps(ct2.as_mut_ptr(), ss2.as_mut_ptr(), kek.as_ptr()) as c_int;
                            t1 = t_stop();
                        }
                        (_, _) => {
                            t0 = t_start();
                            bad |= $oqs_decaps(ss2.as_mut_ptr(), kct.as_ptr(), kdk.as_ptr()) as c_int;
                            t1 = t_stop();
                        }
                    }
                }
                t1 - t0
            });
            assert_eq!(bad, 0, "a call failed while timed");
        }
    };
}

set_bench!(bench512, 512, mlkem512, 800, 1632, 768, OQS_KEM_ml_kem_512_keypair_derand, OQS_KEM_ml_kem_512_encaps,
           OQS_KEM_ml_kem_512_decaps);
set_bench!(bench768, 768, mlkem768, 1184, 2400, 1088, OQS_KEM_ml_kem_768_keypair_derand, OQS_KEM_ml_kem_768_encaps,
           OQS_KEM_ml_kem_768_decaps);
set_bench!(bench1024, 1024, mlkem1024, 1568, 3168, 1568, OQS_KEM_ml_kem_1024_keypair_derand,
           OQS_KEM_ml_kem_1024_encaps, OQS_KEM_ml_kem_1024_decaps);

fn main() {
    let cpu: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    pin(cpu);
    assert!(std::is_x86_feature_detected!("avx2"), "libcrux's AVX2 path needs AVX2");
    unsafe {
        oqs_sys::common::OQS_init();
        oqs_sys::rand::OQS_randombytes_custom_algorithm(Some(fixed_random));
    }
    let (x1, xn) = unsafe {
        (std::ffi::CStr::from_ptr(kf_backend_name()).to_string_lossy().into_owned(),
         std::ffi::CStr::from_ptr(kf_backend_batch_name()).to_string_lossy().into_owned())
    };
    println!("ML-KEM, TSC ticks, median of {SAMPLES} samples per figure, cpu {cpu}, samples alternated; \
              keccakforge Keccak backends {x1}/{xn}, arithmetic {}",
             std::env::var("KECCAKFORGE_MLKEM").unwrap_or_else(|_| "auto".into()));
    println!("{:<13} {:<30} {:>9} {:>9} {:>9}   {:>12} {:>12} {:>12}", "set", "implementation", "keygen", "encaps",
             "decaps", "keygen ratio", "encaps ratio", "decaps ratio");
    for (set, f) in [(512, bench512 as fn(&mut [[Vec<u64>; 3]; IMPLS])), (768, bench768), (1024, bench1024)] {
        let mut t: [[Vec<u64>; 3]; IMPLS] = Default::default();
        f(&mut t);
        let mut med = [[0u64; 3]; IMPLS];
        for i in 0..IMPLS {
            for o in 0..3 {
                med[i][o] = q(&mut t[i][o], 0.5);
            }
        }
        for i in 0..IMPLS {
            // ratio: this implementation's ticks / keccakforge's (above 1: keccakforge is faster)
            println!("{:<13} {:<30} {:>9} {:>9} {:>9}   {:>11.2}x {:>11.2}x {:>11.2}x", format!("ML-KEM-{set}"),
                     NAMES[i], med[i][0], med[i][1], med[i][2], med[i][0] as f64 / med[0][0] as f64,
                     med[i][1] as f64 / med[0][1] as f64, med[i][2] as f64 / med[0][2] as f64);
        }
    }
}
