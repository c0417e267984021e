// SPDX-License-Identifier: Apache-2.0 OR MIT
//! bench_mldsa_peers: ML-DSA-44/65/87 KeyGen, Sign and Verify of keccakforge (its C API,
//! static library), libcrux-ml-dsa (its AVX2 instantiation, `simd256`) and liboqs (oqs-sys,
//! which builds liboqs's C sources) in one process, timed with the TSC, samples alternated.
//!
//! Samples come in blocks of BLOCK calls of one operation of one implementation (the first
//! WARM of a block dropped), and the blocks rotate over implementations, operations and sets,
//! so every figure sees the same moments of a shared host. Each figure is the median (sign:
//! and the 90th percentile) of SAMPLES samples (1,020: sign signs 1,020 different messages).
//! Pinned to one CPU (argument 1, default 1); lfence-serialised rdtsc / rdtscp.
//!
//! The same work for all three: keygen from a 32-byte seed (keccakforge kf_mldsa_keygen_internal,
//! libcrux generate_key_pair, liboqs OQS_SIG_ml_dsa_*_keypair, whose seed comes from the
//! randombytes callback below); sign: the pure FIPS 204 interface, empty context, a 32-byte
//! message, hedged with 32 given random bytes (liboqs draws them from the callback: a cheap
//! generator installed with OQS_randombytes_custom_algorithm, so no system call is timed);
//! verify: each library's own signature of one fixed message. Before timing, the harness
//! checks that keccakforge and libcrux make the same key from the same seed and that each
//! library accepts the other two's signatures.
use core::arch::x86_64::{__rdtscp, _mm_lfence, _rdtsc};
use std::os::raw::c_int;

const BLOCK: usize = 20;
const WARM: usize = 3;
const ROUNDS: usize = 60;
const SAMPLES: usize = ROUNDS * (BLOCK - WARM);

extern "C" {
    fn kf_mldsa_keygen_internal(param: c_int, pk: *mut u8, sk: *mut u8, xi: *const u8) -> c_int;
    fn kf_mldsa_sign(param: c_int, sig: *mut u8, siglen: usize, msg: *const u8, msglen: usize, ctx: *const u8,
                     ctxlen: usize, rnd: *const u8, sk: *const u8, sklen: usize) -> c_int;
    fn kf_mldsa_verify(param: c_int, msg: *const u8, msglen: usize, ctx: *const u8, ctxlen: usize, sig: *const u8,
                       siglen: usize, pk: *const u8, pklen: usize) -> c_int;
    fn kf_backend_name() -> *const std::os::raw::c_char;
    fn kf_backend_batch_name() -> *const std::os::raw::c_char;
}

static mut RNG: u64 = 0x9E37_79B9_7F4A_7C15;

/// liboqs's randombytes: splitmix64 (not for keys anyone uses: a benchmark's stand-in for a DRBG)
unsafe extern "C" fn fast_random(out: *mut u8, len: usize) {
    for i in 0..len {
        RNG = RNG.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = RNG;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        *out.add(i) = (z ^ (z >> 31)) as u8;
    }
}

#[inline(always)]
fn t_start() -> u64 {
    unsafe {
        _mm_lfence();
        let t = _rdtsc();
        _mm_lfence();
        t
    }
}

#[inline(always)]
fn t_stop() -> u64 {
    unsafe {
        let mut aux = 0u32;
        let t = __rdtscp(&mut aux);
        _mm_lfence();
        t
    }
}

fn pin(cpu: usize) {
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set);
    }
}

const IMPLS: usize = 3;
const NAMES: [&str; IMPLS] = ["keccakforge", "libcrux-ml-dsa 0.0.11 (avx2)", "liboqs 0.13.0 (oqs-sys 0.11.0)"];

macro_rules! set_bench {
    ($fname:ident, $param:expr, $lc:ident, $pkn:expr, $skn:expr, $sign:expr,
     $oqs_keypair:ident, $oqs_sign:ident, $oqs_verify:ident) => {
        /// t[impl][op][sample], op 0 keygen, 1 sign, 2 verify
        fn $fname(t: &mut [[Vec<u64>; 3]; IMPLS]) {
            use libcrux_ml_dsa::$lc::avx2 as lc;
            use oqs_sys::sig::{$oqs_keypair, $oqs_sign, $oqs_verify};
            let p: c_int = $param;
            let ctx: [u8; 0] = [];
            let fixed = [9u8; 32];
            let rnd = [5u8; 32];
            let mut xi = [7u8; 32];
            // the keys and signatures that sign and verify use, and the cross-checks
            let mut kpk = vec![0u8; $pkn];
            let mut ksk = vec![0u8; $skn];
            let mut ksig = vec![0u8; $sign];
            let mut opk = vec![0u8; $pkn];
            let mut osk = vec![0u8; $skn];
            let mut osig = vec![0u8; $sign];
            let mut olen = 0usize;
            unsafe {
                assert_eq!(kf_mldsa_keygen_internal(p, kpk.as_mut_ptr(), ksk.as_mut_ptr(), xi.as_ptr()), 0);
                assert_eq!(kf_mldsa_sign(p, ksig.as_mut_ptr(), $sign, fixed.as_ptr(), 32, ctx.as_ptr(), 0,
                                         rnd.as_ptr(), ksk.as_ptr(), $skn), 0);
                assert_eq!($oqs_keypair(opk.as_mut_ptr(), osk.as_mut_ptr()) as c_int, 0);
                assert_eq!($oqs_sign(osig.as_mut_ptr(), &mut olen, fixed.as_ptr(), 32, osk.as_ptr()) as c_int, 0);
                assert_eq!(olen, $sign);
            }
            let lkp = lc::generate_key_pair(xi);
            assert_eq!(lkp.verification_key.as_slice(), &kpk[..], "libcrux and keccakforge keys from one seed");
            assert_eq!(lkp.signing_key.as_slice(), &ksk[..]);
            let lsig = lc::sign(&lkp.signing_key, &fixed, &ctx, rnd).unwrap();
            assert_eq!(lsig.as_slice(), &ksig[..], "libcrux and keccakforge signatures with one rnd");
            let ovk = libcrux_ml_dsa::MLDSAVerificationKey::<$pkn>::new(opk.clone().try_into().unwrap());
            let osg = libcrux_ml_dsa::MLDSASignature::<$sign>::new(osig.clone().try_into().unwrap());
            assert!(lc::verify(&ovk, &fixed, &ctx, &osg).is_ok(), "libcrux verifies liboqs");
            unsafe {
                assert_eq!(kf_mldsa_verify(p, fixed.as_ptr(), 32, ctx.as_ptr(), 0, osig.as_ptr(), $sign,
                                           opk.as_ptr(), $pkn), 0, "keccakforge verifies liboqs");
                assert_eq!($oqs_verify(fixed.as_ptr(), 32, ksig.as_ptr(), $sign, kpk.as_ptr()) as c_int, 0,
                           "liboqs verifies keccakforge");
            }
            let mut pk2 = vec![0u8; $pkn];
            let mut sk2 = vec![0u8; $skn];
            let mut sig2 = vec![0u8; $sign];
            let mut msg = [0u8; 32];
            let mut bad = 0;
            for r in 0..ROUNDS {
                for i in 0..IMPLS {
                    for o in 0..3 {
                        for b in 0..BLOCK {
                            xi[0] = b as u8;
                            xi[1] = r as u8;
                            msg[0] = b as u8;
                            msg[1] = r as u8;
                            msg[2] = o as u8;
                            let (t0, t1);
                            unsafe {
                                match (i, o) {
                                    (0, 0) => {
                                        t0 = t_start();
                                        bad |= kf_mldsa_keygen_internal(p, pk2.as_mut_ptr(), sk2.as_mut_ptr(), xi.as_ptr());
                                        t1 = t_stop();
                                    }
                                    (0, 1) => {
                                        t0 = t_start();
                                        bad |= kf_mldsa_sign(p, sig2.as_mut_ptr(), $sign, msg.as_ptr(), 32, ctx.as_ptr(), 0,
                                                             rnd.as_ptr(), ksk.as_ptr(), $skn);
                                        t1 = t_stop();
                                    }
                                    (0, _) => {
                                        t0 = t_start();
                                        bad |= kf_mldsa_verify(p, fixed.as_ptr(), 32, ctx.as_ptr(), 0, ksig.as_ptr(), $sign,
                                                               kpk.as_ptr(), $pkn);
                                        t1 = t_stop();
                                    }
                                    (1, 0) => {
                                        t0 = t_start();
                                        let kp = lc::generate_key_pair(xi);
                                        t1 = t_stop();
                                        std::hint::black_box(&kp);
                                    }
                                    (1, 1) => {
                                        t0 = t_start();
                                        let s = lc::sign(&lkp.signing_key, &msg, &ctx, rnd);
                                        t1 = t_stop();
                                        bad |= s.is_err() as c_int;
                                        std::hint::black_box(&s);
                                    }
                                    (1, _) => {
                                        t0 = t_start();
                                        let v = lc::verify(&lkp.verification_key, &fixed, &ctx, &lsig);
                                        t1 = t_stop();
                                        bad |= v.is_err() as c_int;
                                    }
                                    (_, 0) => {
                                        t0 = t_start();
                                        bad |= $oqs_keypair(pk2.as_mut_ptr(), sk2.as_mut_ptr()) as c_int;
                                        t1 = t_stop();
                                    }
                                    (_, 1) => {
                                        t0 = t_start();
                                        bad |= $oqs_sign(sig2.as_mut_ptr(), &mut olen, msg.as_ptr(), 32, osk.as_ptr()) as c_int;
                                        t1 = t_stop();
                                    }
                                    (_, _) => {
                                        t0 = t_start();
                                        bad |= $oqs_verify(fixed.as_ptr(), 32, osig.as_ptr(), $sign, opk.as_ptr()) as c_int;
                                        t1 = t_stop();
                                    }
                                }
                            }
                            if b >= WARM {
                                t[i][o].push(t1 - t0);
                            }
                        }
                    }
                }
            }
            assert_eq!(bad, 0, "a call failed");
        }
    };
}

set_bench!(bench44, 44, ml_dsa_44, 1312, 2560, 2420, OQS_SIG_ml_dsa_44_keypair, OQS_SIG_ml_dsa_44_sign,
           OQS_SIG_ml_dsa_44_verify);
set_bench!(bench65, 65, ml_dsa_65, 1952, 4032, 3309, OQS_SIG_ml_dsa_65_keypair, OQS_SIG_ml_dsa_65_sign,
           OQS_SIG_ml_dsa_65_verify);
set_bench!(bench87, 87, ml_dsa_87, 2592, 4896, 4627, OQS_SIG_ml_dsa_87_keypair, OQS_SIG_ml_dsa_87_sign,
           OQS_SIG_ml_dsa_87_verify);

fn q(v: &mut Vec<u64>, f: f64) -> u64 {
    v.sort_unstable();
    v[((v.len() as f64) * f) as usize]
}

fn main() {
    let cpu: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    pin(cpu);
    unsafe {
        oqs_sys::common::OQS_init();
        oqs_sys::rand::OQS_randombytes_custom_algorithm(Some(fast_random));
    }
    assert!(libcrux_platform::simd256_support(), "libcrux's AVX2 path needs AVX2");
    let (x1, xn) = unsafe {
        (std::ffi::CStr::from_ptr(kf_backend_name()).to_string_lossy().into_owned(),
         std::ffi::CStr::from_ptr(kf_backend_batch_name()).to_string_lossy().into_owned())
    };
    println!("ML-DSA, TSC ticks, median of {SAMPLES} samples per figure (sign: {SAMPLES} messages, median and p90), \
              cpu {cpu}, samples alternated; keccakforge Keccak backends {x1}/{xn}, arithmetic {}",
             std::env::var("KECCAKFORGE_MLDSA").unwrap_or_else(|_| "auto".into()));
    println!("{:<6} {:<32} {:>9} {:>9} {:>9} {:>9}   {:>13} {:>13} {:>13}", "set", "implementation", "keygen",
             "sign", "sign p90", "verify", "keygen ratio", "sign ratio", "verify ratio");
    for (set, f) in [(44, bench44 as fn(&mut [[Vec<u64>; 3]; IMPLS])), (65, bench65), (87, bench87)] {
        let mut t: [[Vec<u64>; 3]; IMPLS] = Default::default();
        f(&mut t);
        let mut med = [[0u64; 3]; IMPLS];
        let mut p90 = [0u64; IMPLS];
        for i in 0..IMPLS {
            for o in 0..3 {
                med[i][o] = q(&mut t[i][o], 0.5);
            }
            p90[i] = q(&mut t[i][1], 0.9);
        }
        for i in 0..IMPLS {
            // ratio: this implementation's ticks / keccakforge's (above 1: keccakforge is faster)
            println!("{:<6} {:<32} {:>9} {:>9} {:>9} {:>9}   {:>12.2}x {:>12.2}x {:>12.2}x", format!("ML-DSA-{set}"),
                     NAMES[i], med[i][0], med[i][1], p90[i], med[i][2],
                     med[i][0] as f64 / med[0][0] as f64, med[i][1] as f64 / med[0][1] as f64,
                     med[i][2] as f64 / med[0][2] as f64);
        }
    }
}
