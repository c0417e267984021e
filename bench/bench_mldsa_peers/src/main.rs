// SPDX-License-Identifier: Apache-2.0 OR MIT
//! bench_mldsa_peers: ML-DSA-44/65/87 KeyGen, Sign and Verify of keccakforge (its C API, static
//! library) beside libcrux-ml-dsa (its AVX2 instantiation, `simd256`) and liboqs (>= 0.16.0, built
//! from its source with its own CMake; its ML-DSA is mldsa-native's code) and mldsa-native
//! (>= v2.0.0, built alone with its own Makefile, its AVX2 backend) in one process, timed
//! with the TSC, samples alternated; and (`batch`) 64 verifications at once, keccakforge's
//! kf_mldsa_verify_batch / kf_slhdsa_verify_batch against 64 calls of liboqs's verify. liboqs is
//! linked when the build is told where it is (LIBOQS_DIR: build.rs, README.md), mldsa-native
//! likewise (MLDSA_NATIVE_DIR, MLDSA_NATIVE_LIB); without them the harness times the others,
//! and a liboqs older than 0.16.0 or an mldsa-native older than v2.0.0 makes it refuse to run.
//!
//! Samples come in blocks of BLOCK calls of one operation of one implementation (the first
//! WARM of a block dropped), and the blocks rotate over implementations and operations, so
//! every figure sees the same moments of a shared host. Each figure is the median (sign: and
//! the 90th percentile) of SAMPLES samples (1,020: sign signs 1,020 different messages).
//! Pinned to one CPU (argument 1, default 1); lfence-serialised rdtsc / rdtscp.
//!
//! The same work for all: keygen from a 32-byte seed (keccakforge kf_mldsa_keygen_internal,
//! libcrux generate_key_pair, liboqs OQS_SIG_ml_dsa_*_keypair, whose seed comes from the
//! randombytes callback below; mldsa-native keypair_internal); sign: the pure FIPS 204
//! interface, empty context, a 32-byte message, hedged with 32 given random bytes (liboqs draws
//! them from the callback installed with OQS_randombytes_custom_algorithm, mldsa-native from the
//! `randombytes` this program defines; both return the same bytes: no system call is timed,
//! and all make the same signature, so the same attempts of the rejection loop); verify: each
//! library's own signature of one fixed message. Before timing, the harness checks that all
//! make the same key from the same seed and the same signature with the same rnd, and that
//! each library accepts the others' signatures.
//! Second argument `attempts` or `batch`: signing split by attempt count, or batch verification
//! (README.md).
// without a C peer its glue stays unused
#![cfg_attr(not(all(have_liboqs, have_mldsa_native)), allow(unused_mut, dead_code, unused_macros))]
mod tsc;
use std::os::raw::{c_char, c_int};
use tsc::{cstr, pin, q, t_start, t_stop};

const BLOCK: usize = 20;
const WARM: usize = 3;
const ROUNDS: usize = 60;
const SAMPLES: usize = ROUNDS * (BLOCK - WARM);

/// The oldest liboqs and mldsa-native this harness compares against (issue 53)
const LIBOQS_OLDEST: &str = "0.16.0";
const MLDSA_NATIVE_OLDEST: &str = "2.0.0";
const LIBCRUX: &str = "libcrux-ml-dsa 0.0.11 (avx2)";

extern "C" {
    fn kf_mldsa_keygen_internal(param: c_int, pk: *mut u8, sk: *mut u8, xi: *const u8) -> c_int;
    fn kf_mldsa_sign(param: c_int, sig: *mut u8, siglen: usize, msg: *const u8, msglen: usize, ctx: *const u8,
                     ctxlen: usize, rnd: *const u8, sk: *const u8, sklen: usize) -> c_int;
    fn kf_mldsa_verify(param: c_int, msg: *const u8, msglen: usize, ctx: *const u8, ctxlen: usize, sig: *const u8,
                       siglen: usize, pk: *const u8, pklen: usize) -> c_int;
    fn kf_backend_name() -> *const c_char;
    fn kf_backend_batch_name() -> *const c_char;
    fn kf_version_string() -> *const c_char;
}

/// liboqs's C API (liboqs.a from LIBOQS_DIR)
#[cfg(have_liboqs)]
mod oqs {
    use std::os::raw::{c_char, c_int};
    extern "C" {
        pub fn OQS_init();
        pub fn OQS_version() -> *const c_char;
        pub fn OQS_randombytes_custom_algorithm(f: Option<unsafe extern "C" fn(*mut u8, usize)>);
    }
    macro_rules! sig_api {
        ($($kp:ident $sg:ident $vf:ident;)*) => {
            extern "C" {
                $(
                    pub fn $kp(pk: *mut u8, sk: *mut u8) -> c_int;
                    pub fn $sg(sig: *mut u8, siglen: *mut usize, msg: *const u8, msglen: usize, sk: *const u8) -> c_int;
                    pub fn $vf(msg: *const u8, msglen: usize, sig: *const u8, siglen: usize, pk: *const u8) -> c_int;
                )*
            }
        };
    }
    sig_api! {
        OQS_SIG_ml_dsa_44_keypair OQS_SIG_ml_dsa_44_sign OQS_SIG_ml_dsa_44_verify;
        OQS_SIG_ml_dsa_65_keypair OQS_SIG_ml_dsa_65_sign OQS_SIG_ml_dsa_65_verify;
        OQS_SIG_ml_dsa_87_keypair OQS_SIG_ml_dsa_87_sign OQS_SIG_ml_dsa_87_verify;
        OQS_SIG_slh_dsa_pure_shake_128s_keypair OQS_SIG_slh_dsa_pure_shake_128s_sign OQS_SIG_slh_dsa_pure_shake_128s_verify;
        OQS_SIG_slh_dsa_pure_shake_128f_keypair OQS_SIG_slh_dsa_pure_shake_128f_sign OQS_SIG_slh_dsa_pure_shake_128f_verify;
        OQS_SIG_slh_dsa_pure_shake_192s_keypair OQS_SIG_slh_dsa_pure_shake_192s_sign OQS_SIG_slh_dsa_pure_shake_192s_verify;
        OQS_SIG_slh_dsa_pure_shake_192f_keypair OQS_SIG_slh_dsa_pure_shake_192f_sign OQS_SIG_slh_dsa_pure_shake_192f_verify;
        OQS_SIG_slh_dsa_pure_shake_256s_keypair OQS_SIG_slh_dsa_pure_shake_256s_sign OQS_SIG_slh_dsa_pure_shake_256s_verify;
        OQS_SIG_slh_dsa_pure_shake_256f_keypair OQS_SIG_slh_dsa_pure_shake_256f_sign OQS_SIG_slh_dsa_pure_shake_256f_verify;
    }
}

/// A liboqs signature scheme's calls: keypair(pk, sk) with its seeds from randombytes,
/// sign(sig, &siglen, msg, msglen, sk), verify(msg, msglen, sig, siglen, pk)
#[derive(Clone, Copy)]
#[allow(dead_code)]
struct OqsSig {
    keypair: unsafe fn(*mut u8, *mut u8) -> c_int,
    sign: unsafe fn(*mut u8, *mut usize, *const u8, usize, *const u8) -> c_int,
    verify: unsafe fn(*const u8, usize, *const u8, usize, *const u8) -> c_int,
}

#[allow(unused_macros)]
macro_rules! oqs_sig {
    ($kp:ident, $sg:ident, $vf:ident) => {
        OqsSig {
            keypair: |a, b| unsafe { oqs::$kp(a, b) },
            sign: |a, b, c, d, e| unsafe { oqs::$sg(a, b, c, d, e) },
            verify: |a, b, c, d, e| unsafe { oqs::$vf(a, b, c, d, e) },
        }
    };
}

/// liboqs's ML-DSA-<param>, if liboqs is linked
#[allow(unused_variables)]
fn oqs_mldsa(param: c_int) -> Option<OqsSig> {
    #[cfg(have_liboqs)]
    return Some(match param {
        44 => oqs_sig!(OQS_SIG_ml_dsa_44_keypair, OQS_SIG_ml_dsa_44_sign, OQS_SIG_ml_dsa_44_verify),
        65 => oqs_sig!(OQS_SIG_ml_dsa_65_keypair, OQS_SIG_ml_dsa_65_sign, OQS_SIG_ml_dsa_65_verify),
        _ => oqs_sig!(OQS_SIG_ml_dsa_87_keypair, OQS_SIG_ml_dsa_87_sign, OQS_SIG_ml_dsa_87_verify),
    });
    #[cfg(not(have_liboqs))]
    None
}

/// mldsa-native's API (libmldsa.a from its `make lib`: the three sets in one archive, each
/// under its own prefix PQCP_MLDSA_NATIVE_MLDSA<set>_)
#[cfg(have_mldsa_native)]
mod mln {
    use std::os::raw::c_int;
    macro_rules! mln_api {
        ($($kp:ident $sg:ident $vf:ident;)*) => {
            extern "C" {
                $(
                    pub fn $kp(pk: *mut u8, sk: *mut u8, seed: *const u8) -> c_int;
                    pub fn $sg(sig: *mut u8, m: *const u8, mlen: usize, ctx: *const u8, ctxlen: usize, sk: *const u8)
                               -> c_int;
                    pub fn $vf(sig: *const u8, m: *const u8, mlen: usize, ctx: *const u8, ctxlen: usize, pk: *const u8)
                               -> c_int;
                )*
            }
        };
    }
    mln_api! {
        PQCP_MLDSA_NATIVE_MLDSA44_keypair_internal PQCP_MLDSA_NATIVE_MLDSA44_signature PQCP_MLDSA_NATIVE_MLDSA44_verify;
        PQCP_MLDSA_NATIVE_MLDSA65_keypair_internal PQCP_MLDSA_NATIVE_MLDSA65_signature PQCP_MLDSA_NATIVE_MLDSA65_verify;
        PQCP_MLDSA_NATIVE_MLDSA87_keypair_internal PQCP_MLDSA_NATIVE_MLDSA87_signature PQCP_MLDSA_NATIVE_MLDSA87_verify;
    }
    /// mldsa-native's source of randomness (its default configuration calls this symbol): the
    /// harness's fast_random, so its hedged signatures use the fixed rnd as liboqs's do
    #[no_mangle]
    pub unsafe extern "C" fn randombytes(out: *mut u8, len: usize) -> c_int {
        super::fast_random(out, len);
        0
    }
}

/// mldsa-native's calls for one set: keypair_internal(pk, sk, seed), signature(sig, m, mlen,
/// ctx, ctxlen, sk) (pure, hedged: rnd from randombytes), verify(sig, m, mlen, ctx, ctxlen, pk)
#[derive(Clone, Copy)]
#[allow(dead_code)]
struct MlnSig {
    keypair: unsafe fn(*mut u8, *mut u8, *const u8) -> c_int,
    sign: unsafe fn(*mut u8, *const u8, usize, *const u8, usize, *const u8) -> c_int,
    verify: unsafe fn(*const u8, *const u8, usize, *const u8, usize, *const u8) -> c_int,
}

#[allow(unused_macros)]
macro_rules! mln_sig {
    ($kp:ident, $sg:ident, $vf:ident) => {
        MlnSig {
            keypair: |a, b, c| unsafe { mln::$kp(a, b, c) },
            sign: |a, b, c, d, e, f| unsafe { mln::$sg(a, b, c, d, e, f) },
            verify: |a, b, c, d, e, f| unsafe { mln::$vf(a, b, c, d, e, f) },
        }
    };
}

/// mldsa-native's ML-DSA-<param>, if it is linked
#[allow(unused_variables)]
fn mln_mldsa(param: c_int) -> Option<MlnSig> {
    #[cfg(have_mldsa_native)]
    return Some(match param {
        44 => mln_sig!(PQCP_MLDSA_NATIVE_MLDSA44_keypair_internal, PQCP_MLDSA_NATIVE_MLDSA44_signature,
                       PQCP_MLDSA_NATIVE_MLDSA44_verify),
        65 => mln_sig!(PQCP_MLDSA_NATIVE_MLDSA65_keypair_internal, PQCP_MLDSA_NATIVE_MLDSA65_signature,
                       PQCP_MLDSA_NATIVE_MLDSA65_verify),
        _ => mln_sig!(PQCP_MLDSA_NATIVE_MLDSA87_keypair_internal, PQCP_MLDSA_NATIVE_MLDSA87_signature,
                      PQCP_MLDSA_NATIVE_MLDSA87_verify),
    });
    #[cfg(not(have_mldsa_native))]
    None
}

static mut RNG: u64 = 0x9E37_79B9_7F4A_7C15;
/// When set, liboqs's randombytes returns these 32 bytes (repeated) instead: the same seed for
/// its key pair as keccakforge's and libcrux's, and the same rnd for its signatures, so all
/// sign every message with the same key and rnd, make the same signature and run the same
/// number of attempts of the rejection loop (the sign medians compare like with like).
static mut FIXED: Option<[u8; 32]> = None;

/// liboqs's and mldsa-native's randombytes: the fixed bytes above, else splitmix64 (not for
/// keys anyone uses: a benchmark's stand-in for a DRBG)
#[allow(dead_code)]
unsafe extern "C" fn fast_random(out: *mut u8, len: usize) {
    if let Some(f) = FIXED {
        for i in 0..len {
            *out.add(i) = f[i % 32];
        }
        return;
    }
    for i in 0..len {
        RNG = RNG.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = RNG;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        *out.add(i) = (z ^ (z >> 31)) as u8;
    }
}

fn set_fixed(v: Option<[u8; 32]>) {
    unsafe { FIXED = v };
}

/// the implementations: keccakforge, libcrux, liboqs, mldsa-native
const IMPLS: usize = 4;
const NAMES: [&str; IMPLS] = ["keccakforge", LIBCRUX, "liboqs", "mldsa-native"];

macro_rules! set_bench {
    ($fname:ident, $param:expr, $lc:ident, $pkn:expr, $skn:expr, $sign:expr) => {
        /// t[impl][op][sample], op 0 keygen, 1 sign, 2 verify
        fn $fname(t: &mut [[Vec<u64>; 3]; IMPLS], active: &[usize]) {
            use libcrux_ml_dsa::$lc::avx2 as lc;
            let p: c_int = $param;
            let oq = oqs_mldsa(p);
            let mn = mln_mldsa(p);
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
            }
            if let Some(o) = oq {
                unsafe {
                    set_fixed(Some(xi));
                    assert_eq!((o.keypair)(opk.as_mut_ptr(), osk.as_mut_ptr()), 0);
                    set_fixed(Some(rnd));
                    assert_eq!((o.sign)(osig.as_mut_ptr(), &mut olen, fixed.as_ptr(), 32, osk.as_ptr()), 0);
                    assert_eq!(olen, $sign);
                }
                assert_eq!(opk, kpk, "liboqs and keccakforge public keys from one seed");
                assert_eq!(osk, ksk, "liboqs and keccakforge private keys from one seed");
                assert_eq!(osig, ksig, "liboqs and keccakforge signatures with one rnd");
                unsafe {
                    assert_eq!((o.verify)(fixed.as_ptr(), 32, ksig.as_ptr(), $sign, kpk.as_ptr()), 0,
                               "liboqs verifies keccakforge");
                }
            } else {
                opk.copy_from_slice(&kpk);
                osig.copy_from_slice(&ksig);
            }
            if let Some(m) = mn {
                let (mut mpk, mut msk, mut msig) = (vec![0u8; $pkn], vec![0u8; $skn], vec![0u8; $sign]);
                unsafe {
                    assert_eq!((m.keypair)(mpk.as_mut_ptr(), msk.as_mut_ptr(), xi.as_ptr()), 0);
                    set_fixed(Some(rnd));
                    assert_eq!((m.sign)(msig.as_mut_ptr(), fixed.as_ptr(), 32, ctx.as_ptr(), 0, msk.as_ptr()), 0);
                }
                assert_eq!(mpk, kpk, "mldsa-native and keccakforge public keys from one seed");
                assert_eq!(msk, ksk, "mldsa-native and keccakforge private keys from one seed");
                assert_eq!(msig, ksig, "mldsa-native and keccakforge signatures with one rnd");
                unsafe {
                    assert_eq!((m.verify)(ksig.as_ptr(), fixed.as_ptr(), 32, ctx.as_ptr(), 0, kpk.as_ptr()), 0,
                               "mldsa-native verifies keccakforge");
                    assert_eq!(kf_mldsa_verify(p, fixed.as_ptr(), 32, ctx.as_ptr(), 0, msig.as_ptr(), $sign,
                                               mpk.as_ptr(), $pkn), 0, "keccakforge verifies mldsa-native");
                }
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
            }
            let mut pk2 = vec![0u8; $pkn];
            let mut sk2 = vec![0u8; $skn];
            let mut sig2 = vec![0u8; $sign];
            let mut msg = [0u8; 32];
            let mut bad = 0;
            tsc::alternate_some(t, active, ROUNDS, BLOCK, WARM, |i, o, b, r| {
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
                        (2, o) => {
                            let c = oq.expect("only linked peers are timed");
                            match o {
                                0 => {
                                    // keygen's seed: xi, as the others'
                                    FIXED = Some(xi);
                                    t0 = t_start();
                                    bad |= (c.keypair)(pk2.as_mut_ptr(), sk2.as_mut_ptr());
                                    t1 = t_stop();
                                }
                                1 => {
                                    FIXED = Some(rnd);
                                    t0 = t_start();
                                    bad |= (c.sign)(sig2.as_mut_ptr(), &mut olen, msg.as_ptr(), 32, osk.as_ptr());
                                    t1 = t_stop();
                                }
                                _ => {
                                    t0 = t_start();
                                    bad |= (c.verify)(fixed.as_ptr(), 32, osig.as_ptr(), $sign, opk.as_ptr());
                                    t1 = t_stop();
                                }
                            }
                        }
                        (_, o) => {
                            // mldsa-native: its key from xi (keypair_internal), its rnd from randombytes
                            let c = mn.expect("only linked peers are timed");
                            match o {
                                0 => {
                                    t0 = t_start();
                                    bad |= (c.keypair)(pk2.as_mut_ptr(), sk2.as_mut_ptr(), xi.as_ptr());
                                    t1 = t_stop();
                                }
                                1 => {
                                    FIXED = Some(rnd);
                                    t0 = t_start();
                                    bad |= (c.sign)(sig2.as_mut_ptr(), msg.as_ptr(), 32, ctx.as_ptr(), 0, ksk.as_ptr());
                                    t1 = t_stop();
                                }
                                _ => {
                                    t0 = t_start();
                                    bad |= (c.verify)(ksig.as_ptr(), fixed.as_ptr(), 32, ctx.as_ptr(), 0, kpk.as_ptr());
                                    t1 = t_stop();
                                }
                            }
                        }
                    }
                }
                t1 - t0
            });
            assert_eq!(bad, 0, "a call failed");
        }
    };
}

set_bench!(bench44, 44, ml_dsa_44, 1312, 2560, 2420);
set_bench!(bench65, 65, ml_dsa_65, 1952, 4032, 3309);
set_bench!(bench87, 87, ml_dsa_87, 2592, 4896, 4627);

// ---- kernels: the pieces of signing and keygen, keccakforge's beside mldsa-native's ----
// mldsa-native built alone exports its internal functions (libmldsa.a, under
// PQCP_MLDSA_NATIVE_MLDSA<set>_): its AVX2 NTT, products, Decompose, norm check and its FIPS 202
// (the Keccak x4 assembly, the scalar C x1). Each is called on the same kind of data as
// keccakforge's internal function for the same step (libkeccakforge.a: src/mldsa/*.h), in
// blocks of BLOCK calls rotating over the pieces and the two libraries as above. Polynomials
// are 256 int32 coefficients, 32-byte aligned (mldsa-native keeps the NTT domain in its own
// order: the prices compare, the values do not). Where mldsa-native works in place
// (pointwise, Decompose) both sides time the copy of the input first.
#[repr(C, align(32))]
#[derive(Clone, Copy)]
struct Poly([i32; 256]);
const ZP: Poly = Poly([0; 256]);

extern "C" {
    fn kf_mldsa_ntt(p: *mut Poly);
    fn kf_mldsa_invntt_tomont(p: *mut Poly);
    fn kf_mldsa_pointwise(r: *mut Poly, a: *const Poly, b: *const Poly);
    fn kf_mldsa_pointwise_acc_vec(r: *mut Poly, a: *const Poly, b: *const Poly, n: u32);
    fn kf_mldsa_decompose(a1: *mut Poly, a0: *mut Poly, a: *const Poly, gamma2: i32);
    fn kf_mldsa_poly_exceeds(p: *const Poly, bound: i32, over: *mut u32);
    fn kf_mldsa_expand_mask(y: *mut Poly, rhopp: *const u8, kappa: u32, p: *const u8);
    fn kf_mldsa_expand_a(a: *mut Poly, rho: *const u8, p: *const u8);
    fn kf_mldsa_sample_in_ball(c: *mut Poly, ctilde: *const u8, p: *const u8);
    fn kf_mldsa_shake256(out: *mut u8, outlen: usize, n: u32, inp: *const *const u8, len: *const usize);
}

/// mldsa-native's pieces for one set
#[derive(Clone, Copy)]
#[allow(dead_code)]
struct MlnKernels {
    ntt: unsafe extern "C" fn(*mut Poly),
    invntt: unsafe extern "C" fn(*mut Poly),
    pointwise: unsafe extern "C" fn(*mut Poly, *const Poly),
    acc: unsafe extern "C" fn(*mut Poly, *const Poly, *const Poly),
    decompose: unsafe extern "C" fn(*mut Poly, *mut Poly),
    chknorm: unsafe extern "C" fn(*const Poly, i32) -> u32,
    challenge: unsafe extern "C" fn(*mut Poly, *const u8),
    gamma1: unsafe extern "C" fn(*mut Poly, *const u8, u16),
    expand: unsafe extern "C" fn(*mut Poly, *const u8),
    shake256: unsafe extern "C" fn(*mut u8, usize, *const u8, usize),
}

#[allow(unused_macros)]
macro_rules! mln_kernels {
    ($m:ident, $pre:literal) => {
        #[cfg(have_mldsa_native)]
        mod $m {
            use super::Poly;
            extern "C" {
                #[link_name = concat!($pre, "poly_ntt")] pub fn ntt(a: *mut Poly);
                #[link_name = concat!($pre, "poly_invntt_tomont")] pub fn invntt(a: *mut Poly);
                #[link_name = concat!($pre, "poly_pointwise_montgomery")] pub fn pointwise(a: *mut Poly, b: *const Poly);
                #[link_name = concat!($pre, "polyvecl_pointwise_acc_montgomery")]
                pub fn acc(w: *mut Poly, u: *const Poly, v: *const Poly);
                #[link_name = concat!($pre, "poly_decompose")] pub fn decompose(a1: *mut Poly, a0: *mut Poly);
                #[link_name = concat!($pre, "poly_chknorm")] pub fn chknorm(a: *const Poly, b: i32) -> u32;
                #[link_name = concat!($pre, "poly_challenge")] pub fn challenge(c: *mut Poly, seed: *const u8);
                #[link_name = concat!($pre, "polyvecl_uniform_gamma1")]
                pub fn gamma1(v: *mut Poly, seed: *const u8, kappa: u16);
                #[link_name = concat!($pre, "polyvec_matrix_expand_eager")]
                pub fn expand(mat: *mut Poly, rho: *const u8);
                #[link_name = concat!($pre, "shake256")]
                pub fn shake256(out: *mut u8, outlen: usize, inp: *const u8, inlen: usize);
            }
            pub fn get() -> super::MlnKernels {
                super::MlnKernels { ntt, invntt, pointwise, acc, decompose, chknorm, challenge, gamma1, expand, shake256 }
            }
        }
    };
}
mln_kernels!(mlnk44, "PQCP_MLDSA_NATIVE_MLDSA44_");
mln_kernels!(mlnk65, "PQCP_MLDSA_NATIVE_MLDSA65_");
mln_kernels!(mlnk87, "PQCP_MLDSA_NATIVE_MLDSA87_");

const KPIECES: [&str; 11] = ["NTT", "inverse NTT", "pointwise product", "row of A o y (l products)", "Decompose",
                             "norm check", "SampleInBall", "ExpandMask (l streams)", "ExpandA (k l streams)",
                             "H(mu || w1) (SHAKE256)", "tr = H(pk) (SHAKE256)"];

/// One set's pieces (k, l, gamma2, w1 bytes per polynomial, public key bytes)
#[allow(unused_variables, unused_mut)]
fn kernels(param: c_int, k: usize, l: usize, gamma2: i32, w1b: usize, pkn: usize) {
    #[cfg(have_mldsa_native)]
    let m = match param {
        44 => mlnk44::get(),
        65 => mlnk65::get(),
        _ => mlnk87::get(),
    };
    #[cfg(not(have_mldsa_native))]
    {
        println!("kernels: mldsa-native not linked (MLDSA_NATIVE_DIR), nothing to compare");
        return;
    }
    #[cfg(have_mldsa_native)]
    {
        let p = unsafe { kf_mldsa_params_get(param) };
        let mut v = vec![ZP; 8];
        for (i, x) in v.iter_mut().enumerate() {
            for (j, c) in x.0.iter_mut().enumerate() {
                *c = ((i * 7919 + j * 104729) % 8380417) as i32;
            }
        }
        let mut a = vec![ZP; k * l];
        let mut y = vec![ZP; l];
        for j in 0..l {
            y[j] = v[j % 8];
        }
        let (mut r, mut r2, mut r3);
        (r, r2) = (ZP, ZP);
        let mut seed = [7u8; 64];
        let mut buf = vec![0u8; 64 + k * w1b];
        let pk = vec![0x5au8; pkn];
        let mut out = [0u8; 64];
        let ct = match param { 44 => 32, 65 => 48, _ => 64 }; // c~ bytes
        let mut ones = 0u32;
        let mut t = vec![[Vec::<u64>::new(), Vec::new()]; KPIECES.len()];
        for round in 0..ROUNDS {
            for o in 0..KPIECES.len() {
                for i in 0..2 {
                    for b in 0..BLOCK {
                        seed[0] = b as u8;
                        seed[1] = round as u8;
                        let t0 = t_start();
                        unsafe {
                            match (o, i) {
                                (0, 0) => kf_mldsa_ntt(&mut r),
                                (0, _) => (m.ntt)(&mut r),
                                (1, 0) => kf_mldsa_invntt_tomont(&mut r),
                                (1, _) => (m.invntt)(&mut r),
                                (2, 0) => {
                                    r2 = v[0];
                                    kf_mldsa_pointwise(&mut r, &r2, &v[1])
                                }
                                (2, _) => {
                                    r = v[0];
                                    (m.pointwise)(&mut r, &v[1])
                                }
                                (3, 0) => kf_mldsa_pointwise_acc_vec(&mut r, a.as_ptr(), y.as_ptr(), l as u32),
                                (3, _) => (m.acc)(&mut r, a.as_ptr(), y.as_ptr()),
                                (4, 0) => {
                                    r3 = v[2];
                                    kf_mldsa_decompose(&mut r, &mut r2, &r3, gamma2)
                                }
                                (4, _) => {
                                    r = v[2];
                                    (m.decompose)(&mut r, &mut r2)
                                }
                                (5, 0) => kf_mldsa_poly_exceeds(&v[3], gamma2, &mut ones),
                                (5, _) => ones += (m.chknorm)(&v[3], gamma2),
                                (6, 0) => kf_mldsa_sample_in_ball(&mut r2, seed.as_ptr(), p),
                                (6, _) => (m.challenge)(&mut r2, seed.as_ptr()),
                                (7, 0) => kf_mldsa_expand_mask(y.as_mut_ptr(), seed.as_ptr(), 0, p),
                                (7, _) => (m.gamma1)(y.as_mut_ptr(), seed.as_ptr(), 0),
                                (8, 0) => kf_mldsa_expand_a(a.as_mut_ptr(), seed.as_ptr(), p),
                                (8, _) => (m.expand)(a.as_mut_ptr(), seed.as_ptr()),
                                (9, 0) => {
                                    let inp = [seed.as_ptr(), buf.as_ptr().add(64)];
                                    let len = [64usize, k * w1b];
                                    kf_mldsa_shake256(out.as_mut_ptr(), ct, 2, inp.as_ptr(), len.as_ptr())
                                }
                                (9, _) => {
                                    buf[..64].copy_from_slice(&seed);
                                    (m.shake256)(out.as_mut_ptr(), ct, buf.as_ptr(), buf.len())
                                }
                                (10, 0) => {
                                    let inp = [pk.as_ptr()];
                                    let len = [pkn];
                                    kf_mldsa_shake256(out.as_mut_ptr(), 64, 1, inp.as_ptr(), len.as_ptr())
                                }
                                (_, _) => (m.shake256)(out.as_mut_ptr(), 64, pk.as_ptr(), pkn),
                            }
                        }
                        let t1 = t_stop();
                        if b >= WARM {
                            t[o][i].push(t1 - t0);
                        }
                        // keep the NTTs' inputs in range (the forward NTT grows them), y and A reduced
                        if o <= 1 {
                            r = v[b % 4];
                        }
                        if o == 7 {
                            for j in 0..l {
                                y[j] = v[j % 8];
                            }
                        }
                    }
                }
            }
        }
        std::hint::black_box((&r, &r2, &a, &y, &out, ones));
        println!("ML-DSA-{param} pieces, TSC ticks, median of {SAMPLES} alternated samples; keccakforge arithmetic {}",
                 std::env::var("KECCAKFORGE_MLDSA").unwrap_or_else(|_| "auto".into()));
        println!("{:<30} {:>12} {:>13} {:>8}", "piece", "keccakforge", "mldsa-native", "ratio");
        for o in 0..KPIECES.len() {
            let kf = q(&mut t[o][0], 0.5);
            let mn = q(&mut t[o][1], 0.5);
            println!("{:<30} {:>12} {:>13} {:>7.2}x", KPIECES[o], kf, mn, mn as f64 / kf as f64);
        }
    }
}

// ---- attempts: signing's cost split into the set-up and the price of one attempt ----
// For MSGS messages, keccakforge's kf_mldsa_sign_mu_attempts says how many attempts FIPS 204's
// loop runs; all the libraries then sign them with the same key and rnd (the same
// signature, so the same attempts), in alternated blocks. The median of the signatures that
// took n attempts, n = 1..4, for each library: the step from n to n + 1 is one (rejected)
// attempt's price, the n = 1 figure the set-up plus one accepted attempt.
extern "C" {
    fn kf_mldsa_sign_mu_attempts(p: *const u8, sig: *mut u8, sk: *const u8, mu: *const u8, rnd: *const u8,
                                 attempts: *mut u32) -> c_int;
    fn kf_shake256(out: *mut u8, outlen: usize, inp: *const u8, inlen: usize) -> c_int;
    fn kf_mldsa_params_get(param: c_int) -> *const u8;
}

macro_rules! attempts_bench {
    ($fname:ident, $param:expr, $lc:ident, $pkn:expr, $skn:expr, $sign:expr) => {
        fn $fname(active: &[usize]) {
            use libcrux_ml_dsa::$lc::avx2 as lc;
            let oq = oqs_mldsa($param);
            let mn = mln_mldsa($param);
            const MSGS: usize = 1020;
            let p = unsafe { kf_mldsa_params_get($param) };
            let xi = [7u8; 32];
            let rnd = [5u8; 32];
            let ctx: [u8; 0] = [];
            let mut kpk = vec![0u8; $pkn];
            let mut ksk = vec![0u8; $skn];
            let mut opk = vec![0u8; $pkn];
            let mut osk = vec![0u8; $skn];
            let mut sig = vec![0u8; $sign];
            let mut olen = 0usize;
            unsafe {
                assert_eq!(kf_mldsa_keygen_internal($param, kpk.as_mut_ptr(), ksk.as_mut_ptr(), xi.as_ptr()), 0);
                if let Some(o) = oq {
                    FIXED = Some(xi);
                    assert_eq!((o.keypair)(opk.as_mut_ptr(), osk.as_mut_ptr()), 0);
                    assert_eq!(osk, ksk);
                }
                if let Some(m) = mn {
                    let mut msk = vec![0u8; $skn];
                    assert_eq!((m.keypair)(opk.as_mut_ptr(), msk.as_mut_ptr(), xi.as_ptr()), 0);
                    assert_eq!(msk, ksk);
                }
                FIXED = Some(rnd);
            }
            let lkp = lc::generate_key_pair(xi);
            // the messages and their attempt counts
            let mut msgs = vec![[0u8; 32]; MSGS];
            let mut n = vec![0u32; MSGS];
            for m in 0..MSGS {
                msgs[m][0] = m as u8;
                msgs[m][1] = (m >> 8) as u8;
                msgs[m][2] = 0xA5;
                let mut inp = Vec::with_capacity(64 + 2 + 32);
                inp.extend_from_slice(&ksk[64..128]); // tr
                inp.extend_from_slice(&[0, 0]); // pure, empty context
                inp.extend_from_slice(&msgs[m]);
                let mut mu = [0u8; 64];
                unsafe {
                    assert_eq!(kf_shake256(mu.as_mut_ptr(), 64, inp.as_ptr(), inp.len()), 0);
                    assert_eq!(kf_mldsa_sign_mu_attempts(p, sig.as_mut_ptr(), ksk.as_ptr(), mu.as_ptr(), rnd.as_ptr(),
                                                         &mut n[m]), 0);
                }
            }
            let mut t = vec![vec![0u64; MSGS]; IMPLS];
            let _ = &opk;
            let mut bad = 0;
            let mut m0 = 0;
            while m0 < MSGS {
                let m1 = (m0 + BLOCK).min(MSGS);
                for &i in active {
                    for w in 0..WARM + (m1 - m0) {
                        let m = if w < WARM { m0 } else { m0 + w - WARM };
                        let msg = &msgs[m];
                        let t0 = t_start();
                        unsafe {
                            match i {
                                0 => bad |= kf_mldsa_sign($param, sig.as_mut_ptr(), $sign, msg.as_ptr(), 32, ctx.as_ptr(), 0,
                                                          rnd.as_ptr(), ksk.as_ptr(), $skn),
                                1 => bad |= lc::sign(&lkp.signing_key, msg, &ctx, rnd).is_err() as c_int,
                                2 => bad |= (oq.unwrap().sign)(sig.as_mut_ptr(), &mut olen, msg.as_ptr(), 32,
                                                               osk.as_ptr()),
                                // FIXED is rnd here (set above), mldsa-native's randombytes returns it
                                _ => bad |= (mn.unwrap().sign)(sig.as_mut_ptr(), msg.as_ptr(), 32, ctx.as_ptr(), 0,
                                                               ksk.as_ptr()),
                            }
                        }
                        let t1 = t_stop();
                        if w >= WARM {
                            t[i][m] = t1 - t0;
                        }
                    }
                }
                m0 = m1;
            }
            assert_eq!(bad, 0);
            println!("ML-DSA-{}: sign by attempt count, median TSC ticks (same key, rnd, messages for all)", $param);
            println!("{:>9} {:>6} {:>12} {:>12} {:>12} {:>12}   {:>8} {:>8} {:>8}", "attempts", "msgs", "keccakforge",
                     "libcrux", "liboqs", "mldsa-native", "libcrux/", "liboqs/", "mldsa-native/");
            let mut prev = [0u64; IMPLS];
            for a in 1..=5u32 {
                let idx: Vec<usize> = (0..MSGS).filter(|&m| n[m] == a).collect();
                if idx.is_empty() {
                    continue;
                }
                let mut med = [0u64; IMPLS];
                for i in 0..IMPLS {
                    let mut v: Vec<u64> = idx.iter().map(|&m| t[i][m]).collect();
                    med[i] = q(&mut v, 0.5);
                }
                println!("{:>9} {:>6} {:>12} {:>12} {:>12} {:>12}   {:>7.2}x {:>7.2}x {:>7.2}x", a, idx.len(), med[0],
                         med[1], med[2], med[3], med[1] as f64 / med[0] as f64, med[2] as f64 / med[0] as f64,
                         med[3] as f64 / med[0] as f64);
                if a > 1 {
                    let d0 = med[0] as f64 - prev[0] as f64;
                    println!("{:>9} {:>6} {:>12} {:>12} {:>12} {:>12}   {:>7.2}x {:>7.2}x {:>7.2}x", "  step", "",
                             med[0] as i64 - prev[0] as i64, med[1] as i64 - prev[1] as i64,
                             med[2] as i64 - prev[2] as i64, med[3] as i64 - prev[3] as i64,
                             (med[1] as f64 - prev[1] as f64) / d0, (med[2] as f64 - prev[2] as f64) / d0,
                             (med[3] as f64 - prev[3] as f64) / d0);
                }
                prev = med;
            }
            let mut all: Vec<Vec<u64>> = t.clone();
            let med: Vec<u64> = all.iter_mut().map(|v| q(v, 0.5)).collect();
            println!("{:>9} {:>6} {:>12} {:>12} {:>12} {:>12}   {:>7.2}x {:>7.2}x {:>7.2}x", "all", MSGS, med[0], med[1],
                     med[2], med[3], med[1] as f64 / med[0] as f64, med[2] as f64 / med[0] as f64,
                     med[3] as f64 / med[0] as f64);
        }
    };
}
attempts_bench!(attempts44, 44, ml_dsa_44, 1312, 2560, 2420);
attempts_bench!(attempts65, 65, ml_dsa_65, 1952, 4032, 3309);
attempts_bench!(attempts87, 87, ml_dsa_87, 2592, 4896, 4627);


// ---- batch: 64 verifications at once against 64 calls of liboqs's verify ----
// kf_mldsa_verify_batch / kf_slhdsa_verify_batch of BATCH items (each a pure signature of its
// own 32-byte message, empty context) beside BATCH calls of keccakforge's single verify and
// BATCH calls of liboqs's verify on the same items, in alternated rounds; the figure is the
// median thread CPU time of the whole BATCH (a batch outlasts a time slice on a shared host). ML-DSA: the items under one key, and under BATCH keys (a
// server's case; keccakforge's batch shares ExpandA only between consecutive items of one
// key). SLH-DSA (SHAKE sets): the f sets BATCH signatures under BATCH keys; the s sets, whose
// signing is slow, 8 keys' signatures repeated 8 times each (the work per item is the same).
// Before timing: every item verifies in all three, and liboqs signs one message, with the same
// key and randomness, into the same bytes as keccakforge.
const BATCH: usize = 64;

#[repr(C)]
struct VerifyItem {
    msg: *const u8,
    msglen: usize,
    ctx: *const u8,
    ctxlen: usize,
    sig: *const u8,
    siglen: usize,
    pk: *const u8,
    pklen: usize,
}

extern "C" {
    fn kf_mldsa_verify_batch(param: c_int, count: usize, items: *const VerifyItem, results: *mut c_int) -> c_int;
    fn kf_slhdsa_verify_batch(param: c_int, count: usize, items: *const VerifyItem, results: *mut c_int) -> c_int;
    fn kf_slhdsa_keygen_internal(param: c_int, pk: *mut u8, sk: *mut u8, sk_seed: *const u8, sk_prf: *const u8,
                                 pk_seed: *const u8) -> c_int;
    fn kf_slhdsa_sign(param: c_int, sig: *mut u8, siglen: usize, msg: *const u8, msglen: usize, ctx: *const u8,
                      ctxlen: usize, addrnd: *const u8, sk: *const u8, sklen: usize) -> c_int;
    fn kf_slhdsa_verify(param: c_int, msg: *const u8, msglen: usize, ctx: *const u8, ctxlen: usize, sig: *const u8,
                        siglen: usize, pk: *const u8, pklen: usize) -> c_int;
    fn kf_slhdsa_pk_bytes(param: c_int) -> usize;
    fn kf_slhdsa_sk_bytes(param: c_int) -> usize;
    fn kf_slhdsa_sig_bytes(param: c_int) -> usize;
    fn kf_slhdsa_n(param: c_int) -> usize;
}

/// The items of one batch: messages, signatures, public keys (owned)
struct Batch {
    msgs: Vec<[u8; 32]>,
    sigs: Vec<Vec<u8>>,
    pks: Vec<Vec<u8>>,
}

impl Batch {
    fn items(&self) -> Vec<VerifyItem> {
        (0..BATCH)
            .map(|i| VerifyItem {
                msg: self.msgs[i].as_ptr(),
                msglen: 32,
                ctx: std::ptr::null(),
                ctxlen: 0,
                sig: self.sigs[i].as_ptr(),
                siglen: self.sigs[i].len(),
                pk: self.pks[i].as_ptr(),
                pklen: self.pks[i].len(),
            })
            .collect()
    }
}

/// This thread's CPU time in ns (CLOCK_THREAD_CPUTIME_ID): a batch takes milliseconds, longer
/// than the time slices a shared host gives, and TSC ticks would count the other jobs' turns
fn thread_cpu_ns() -> u64 {
    let mut ts: libc::timespec = unsafe { std::mem::zeroed() };
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// Times the batch (impl 0), keccakforge's single verify BATCH times (1) and liboqs's (2, if
/// linked), alternated; rounds of one sample each, the first round dropped. Prints one row.
fn time_batch(label: &str, b: &Batch, rounds: usize, kf_batch: &dyn Fn(&[VerifyItem], &mut [c_int]) -> c_int,
              kf_one: &dyn Fn(&VerifyItem) -> c_int, oqs_one: Option<&dyn Fn(&VerifyItem) -> c_int>) {
    let items = b.items();
    let mut res = vec![0 as c_int; BATCH];
    // every item verifies in every implementation before anything is timed
    assert_eq!(kf_batch(&items, &mut res), 0, "{label}: keccakforge's batch");
    assert!(res.iter().all(|&r| r == 0));
    for it in &items {
        assert_eq!(kf_one(it), 0, "{label}: keccakforge's verify");
        if let Some(o) = oqs_one {
            assert_eq!(o(it), 0, "{label}: liboqs's verify");
        }
    }
    let n = if oqs_one.is_some() { 3 } else { 2 };
    let mut t = vec![Vec::new(); 3];
    let mut bad = 0;
    for r in 0..rounds + 1 {
        for i in 0..n {
            let t0 = thread_cpu_ns();
            match i {
                0 => bad |= kf_batch(&items, &mut res),
                1 => {
                    for it in &items {
                        bad |= kf_one(it);
                    }
                }
                _ => {
                    let o = oqs_one.unwrap();
                    for it in &items {
                        bad |= o(it);
                    }
                }
            }
            let t1 = thread_cpu_ns();
            if r > 0 {
                t[i].push(t1 - t0);
            }
        }
    }
    assert_eq!(bad, 0, "{label}: a verification failed while timed");
    let m: Vec<u64> = (0..n).map(|i| q(&mut t[i], 0.5)).collect();
    let oq = if n == 3 { format!("{:>13.1} {:>9.2}x", m[2] as f64 / 1e3, m[2] as f64 / m[0] as f64) } else { "(liboqs not linked)".into() };
    println!("{label:<28} {:>13.1} {:>13.1} {:>9.2}x   {oq}", m[0] as f64 / 1e3, m[1] as f64 / 1e3,
             m[1] as f64 / m[0] as f64);
}

fn batch_mldsa(param: c_int, pkn: usize, skn: usize, sign: usize) {
    let oq = oqs_mldsa(param);
    let rnd = [5u8; 32];
    for keys in [1usize, BATCH] {
        let mut b = Batch { msgs: vec![[0u8; 32]; BATCH], sigs: vec![vec![0u8; sign]; BATCH], pks: vec![vec![0u8; pkn]; BATCH] };
        let mut sk = vec![0u8; skn];
        for i in 0..BATCH {
            let xi = [(i % keys) as u8 ^ 0x31; 32];
            b.msgs[i][0] = i as u8;
            b.msgs[i][1] = 0x77;
            unsafe {
                assert_eq!(kf_mldsa_keygen_internal(param, b.pks[i].as_mut_ptr(), sk.as_mut_ptr(), xi.as_ptr()), 0);
                assert_eq!(kf_mldsa_sign(param, b.sigs[i].as_mut_ptr(), sign, b.msgs[i].as_ptr(), 32, std::ptr::null(),
                                         0, rnd.as_ptr(), sk.as_ptr(), skn), 0);
            }
        }
        let label = format!("ML-DSA-{param}, {keys} key{}", if keys > 1 { "s" } else { "" });
        let kf_batch = |it: &[VerifyItem], r: &mut [c_int]| unsafe {
            kf_mldsa_verify_batch(param, it.len(), it.as_ptr(), r.as_mut_ptr())
        };
        let kf_one = |it: &VerifyItem| unsafe {
            kf_mldsa_verify(param, it.msg, it.msglen, it.ctx, 0, it.sig, it.siglen, it.pk, it.pklen)
        };
        let oqs_one = oq.map(|o| move |it: &VerifyItem| unsafe { (o.verify)(it.msg, it.msglen, it.sig, it.siglen, it.pk) });
        time_batch(&label, &b, 51, &kf_batch, &kf_one, oqs_one.as_ref().map(|f| f as &dyn Fn(&VerifyItem) -> c_int));
    }
}

/// liboqs's SLH-DSA-SHAKE set for keccakforge's kf_slhdsa_param (1..6: 128s, 128f, 192s,
/// 192f, 256s, 256f), if liboqs is linked
#[allow(unused_variables)]
fn oqs_slhdsa(param: c_int) -> Option<OqsSig> {
    #[cfg(have_liboqs)]
    return Some(match param {
        1 => oqs_sig!(OQS_SIG_slh_dsa_pure_shake_128s_keypair, OQS_SIG_slh_dsa_pure_shake_128s_sign,
                      OQS_SIG_slh_dsa_pure_shake_128s_verify),
        2 => oqs_sig!(OQS_SIG_slh_dsa_pure_shake_128f_keypair, OQS_SIG_slh_dsa_pure_shake_128f_sign,
                      OQS_SIG_slh_dsa_pure_shake_128f_verify),
        3 => oqs_sig!(OQS_SIG_slh_dsa_pure_shake_192s_keypair, OQS_SIG_slh_dsa_pure_shake_192s_sign,
                      OQS_SIG_slh_dsa_pure_shake_192s_verify),
        4 => oqs_sig!(OQS_SIG_slh_dsa_pure_shake_192f_keypair, OQS_SIG_slh_dsa_pure_shake_192f_sign,
                      OQS_SIG_slh_dsa_pure_shake_192f_verify),
        5 => oqs_sig!(OQS_SIG_slh_dsa_pure_shake_256s_keypair, OQS_SIG_slh_dsa_pure_shake_256s_sign,
                      OQS_SIG_slh_dsa_pure_shake_256s_verify),
        _ => oqs_sig!(OQS_SIG_slh_dsa_pure_shake_256f_keypair, OQS_SIG_slh_dsa_pure_shake_256f_sign,
                      OQS_SIG_slh_dsa_pure_shake_256f_verify),
    });
    #[cfg(not(have_liboqs))]
    None
}

fn batch_slhdsa(param: c_int, name: &str) {
    let oq = oqs_slhdsa(param);
    let (pkn, skn, sign, n) = unsafe {
        (kf_slhdsa_pk_bytes(param), kf_slhdsa_sk_bytes(param), kf_slhdsa_sig_bytes(param), kf_slhdsa_n(param))
    };
    // the s sets: 8 keys' signatures, repeated
    let distinct = if param % 2 == 1 { 8 } else { BATCH };
    let addrnd = [0x3cu8; 32];
    let mut b = Batch { msgs: vec![[0u8; 32]; BATCH], sigs: vec![vec![0u8; sign]; BATCH], pks: vec![vec![0u8; pkn]; BATCH] };
    let mut sk = vec![0u8; skn];
    for i in 0..distinct {
        let (sk_seed, sk_prf, pk_seed) = ([i as u8 ^ 0x51; 32], [i as u8 ^ 0x52; 32], [i as u8 ^ 0x53; 32]);
        b.msgs[i][0] = i as u8;
        b.msgs[i][1] = 0x66;
        unsafe {
            assert_eq!(kf_slhdsa_keygen_internal(param, b.pks[i].as_mut_ptr(), sk.as_mut_ptr(), sk_seed.as_ptr(),
                                                 sk_prf.as_ptr(), pk_seed.as_ptr()), 0);
            assert_eq!(kf_slhdsa_sign(param, b.sigs[i].as_mut_ptr(), sign, b.msgs[i].as_ptr(), 32, std::ptr::null(),
                                      0, addrnd.as_ptr(), sk.as_ptr(), skn), 0);
        }
    }
    for i in distinct..BATCH {
        b.msgs[i] = b.msgs[i % distinct];
        b.sigs[i] = b.sigs[i % distinct].clone();
        b.pks[i] = b.pks[i % distinct].clone();
    }
    if let Some(o) = oq {
        // liboqs's key pair and signature with given randomness are keccakforge's
        let (mut opk, mut osk, mut osig, mut olen) = (vec![0u8; pkn], vec![0u8; skn], vec![0u8; sign], 0usize);
        let (mut kpk, mut ksk, mut ksig) = (vec![0u8; pkn], vec![0u8; skn], vec![0u8; sign]);
        let msg = [0x42u8; 32];
        unsafe {
            set_fixed(Some(addrnd));
            assert_eq!((o.keypair)(opk.as_mut_ptr(), osk.as_mut_ptr()), 0);
            assert_eq!((o.sign)(osig.as_mut_ptr(), &mut olen, msg.as_ptr(), 32, osk.as_ptr()), 0);
            assert_eq!(olen, sign);
            // FIPS 205's sk: SK.seed || SK.prf || PK.seed || PK.root
            assert_eq!(kf_slhdsa_keygen_internal(param, kpk.as_mut_ptr(), ksk.as_mut_ptr(), osk.as_ptr(),
                                                 osk.as_ptr().add(n), osk.as_ptr().add(2 * n)), 0);
            assert_eq!(kf_slhdsa_sign(param, ksig.as_mut_ptr(), sign, msg.as_ptr(), 32, std::ptr::null(), 0,
                                      addrnd.as_ptr(), ksk.as_ptr(), skn), 0);
            set_fixed(None);
        }
        assert_eq!(kpk, opk, "{name}: liboqs's and keccakforge's public keys from one seed");
        assert_eq!(ksk, osk, "{name}: liboqs's and keccakforge's private keys from one seed");
        assert_eq!(ksig, osig, "{name}: liboqs's and keccakforge's signatures with one addrnd");
    }
    let kf_batch = |it: &[VerifyItem], r: &mut [c_int]| unsafe {
        kf_slhdsa_verify_batch(param, it.len(), it.as_ptr(), r.as_mut_ptr())
    };
    let kf_one = |it: &VerifyItem| unsafe {
        kf_slhdsa_verify(param, it.msg, it.msglen, it.ctx, 0, it.sig, it.siglen, it.pk, it.pklen)
    };
    let oqs_one = oq.map(|o| move |it: &VerifyItem| unsafe { (o.verify)(it.msg, it.msglen, it.sig, it.siglen, it.pk) });
    let label = format!("{name}, {distinct} keys");
    time_batch(&label, &b, 11, &kf_batch, &kf_one, oqs_one.as_ref().map(|f| f as &dyn Fn(&VerifyItem) -> c_int));
}

fn batch() {
    println!("verify of {BATCH} signatures: median thread CPU time of the whole {BATCH}, in us, rounds alternated");
    println!("{:<28} {:>13} {:>13} {:>10}   {:>13} {:>10}", "set", "kf batch", "kf 64 single", "single/",
             "liboqs 64", "liboqs/");
    batch_mldsa(44, 1312, 2560, 2420);
    batch_mldsa(65, 1952, 4032, 3309);
    batch_mldsa(87, 2592, 4896, 4627);
    for (p, name) in [(2, "SLH-DSA-SHAKE-128f"), (1, "SLH-DSA-SHAKE-128s"), (4, "SLH-DSA-SHAKE-192f"),
                      (3, "SLH-DSA-SHAKE-192s"), (6, "SLH-DSA-SHAKE-256f"), (5, "SLH-DSA-SHAKE-256s")] {
        batch_slhdsa(p, name);
    }
}

/// Prints what is linked, refuses a too-old liboqs or mldsa-native; the implementations to time
fn peers(names: &mut Vec<String>) -> Vec<usize> {
    let mut active = vec![0, 1];
    *names = NAMES.iter().map(|s| s.to_string()).collect();
    println!("keccakforge {} (libkeccakforge.a)", cstr(unsafe { kf_version_string() }));
    println!("{LIBCRUX}: built with the harness, {}", tsc::harness_build());
    #[cfg(have_liboqs)]
    {
        let v = env!("PEER_LIBOQS_VERSION");
        tsc::require_liboqs(v, &cstr(unsafe { oqs::OQS_version() }), LIBOQS_OLDEST);
        unsafe {
            oqs::OQS_init();
            oqs::OQS_randombytes_custom_algorithm(Some(fast_random));
        }
        println!("liboqs {v}: {}", env!("PEER_LIBOQS_SETTINGS"));
        names[2] = format!("liboqs {v}");
        active.push(2);
    }
    #[cfg(not(have_liboqs))]
    {
        let _ = LIBOQS_OLDEST;
        println!("liboqs: not linked (build with LIBOQS_DIR=<install prefix> to compare)");
    }
    #[cfg(have_mldsa_native)]
    {
        let v = env!("PEER_MLDSA_NATIVE_VERSION");
        tsc::require_version("mldsa-native", v, MLDSA_NATIVE_OLDEST);
        println!("mldsa-native v{v}: {}", env!("PEER_MLDSA_NATIVE_SETTINGS"));
        names[3] = format!("mldsa-native v{v}");
        active.push(3);
    }
    #[cfg(not(have_mldsa_native))]
    {
        let _ = MLDSA_NATIVE_OLDEST;
        println!("mldsa-native: not linked (build with MLDSA_NATIVE_DIR=<source tree> MLDSA_NATIVE_LIB=<make lib's \
                  BUILD_DIR> to compare)");
    }
    active
}

fn main() {
    let cpu: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    pin(cpu);
    assert!(libcrux_platform::simd256_support(), "libcrux's AVX2 path needs AVX2");
    let mut names = Vec::new();
    let active = peers(&mut names);
    let (x1, xn) = unsafe { (cstr(kf_backend_name()), cstr(kf_backend_batch_name())) };
    println!("keccakforge Keccak backends {x1}/{xn}, arithmetic {}",
             std::env::var("KECCAKFORGE_MLDSA").unwrap_or_else(|_| "auto".into()));
    match std::env::args().nth(2).as_deref() {
        Some("batch") => return batch(),
        Some("kernels") => {
            kernels(44, 4, 4, 95232, 192, 1312);
            kernels(65, 6, 5, 261888, 128, 1952);
            kernels(87, 8, 7, 261888, 128, 2592);
            return;
        }
        Some("attempts") => {
            attempts44(&active);
            attempts65(&active);
            attempts87(&active);
            return;
        }
        Some(m) => {
            eprintln!("unknown mode {m}: none, `attempts`, `batch` or `kernels`");
            std::process::exit(2);
        }
        None => {}
    }
    println!("ML-DSA, TSC ticks, median of {SAMPLES} samples per figure (sign: {SAMPLES} messages, median and p90), \
              cpu {cpu}, samples alternated");
    println!("{:<6} {:<32} {:>9} {:>9} {:>9} {:>9}   {:>13} {:>13} {:>13} {:>13}", "set", "implementation", "keygen",
             "sign", "sign p90", "verify", "keygen ratio", "sign ratio", "sign p90 ratio", "verify ratio");
    for (set, f) in [(44, bench44 as fn(&mut [[Vec<u64>; 3]; IMPLS], &[usize])), (65, bench65), (87, bench87)] {
        let mut t: [[Vec<u64>; 3]; IMPLS] = Default::default();
        f(&mut t, &active);
        let mut med = [[0u64; 3]; IMPLS];
        let mut p90 = [0u64; IMPLS];
        for &i in &active {
            for o in 0..3 {
                med[i][o] = q(&mut t[i][o], 0.5);
            }
            p90[i] = q(&mut t[i][1], 0.9);
        }
        for &i in &active {
            // ratio: this implementation's ticks / keccakforge's (above 1: keccakforge is faster)
            println!("{:<6} {:<32} {:>9} {:>9} {:>9} {:>9}   {:>12.2}x {:>12.2}x {:>12.2}x {:>12.2}x",
                     format!("ML-DSA-{set}"), names[i], med[i][0], med[i][1], p90[i], med[i][2],
                     med[i][0] as f64 / med[0][0] as f64, med[i][1] as f64 / med[0][1] as f64,
                     p90[i] as f64 / p90[0] as f64, med[i][2] as f64 / med[0][2] as f64);
        }
    }
}
