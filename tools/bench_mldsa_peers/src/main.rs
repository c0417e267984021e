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
//! message, hedged with 32 given random bytes (liboqs draws them from the callback installed
//! with OQS_randombytes_custom_algorithm, which returns the same bytes: no system call is timed,
//! and all three make the same signature, so the same attempts of the rejection loop);
//! verify: each library's own signature of one fixed message. Before timing, the harness
//! checks that keccakforge and libcrux make the same key from the same seed and that each
//! library accepts the other two's signatures.
//! Second argument `attempts` or `kernels`: signing split by attempt count, or the pieces of an
//! attempt against liboqs's (README.md).
mod tsc;
use tsc::{pin, q, t_start, t_stop};
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
/// When set, liboqs's randombytes returns these 32 bytes (repeated) instead: the same seed for
/// its key pair as keccakforge's and libcrux's, and the same rnd for its signatures, so all
/// three sign every message with the same key and rnd, make the same signature and run the
/// same number of attempts of the rejection loop (the sign medians compare like with like).
static mut FIXED: Option<[u8; 32]> = None;

/// liboqs's randombytes: the fixed bytes above, else splitmix64 (not for keys anyone uses: a
/// benchmark's stand-in for a DRBG)
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
                FIXED = Some(xi);
                assert_eq!($oqs_keypair(opk.as_mut_ptr(), osk.as_mut_ptr()) as c_int, 0);
                FIXED = Some(rnd);
                assert_eq!($oqs_sign(osig.as_mut_ptr(), &mut olen, fixed.as_ptr(), 32, osk.as_ptr()) as c_int, 0);
                assert_eq!(olen, $sign);
            }
            assert_eq!(opk, kpk, "liboqs and keccakforge keys from one seed");
            assert_eq!(osig, ksig, "liboqs and keccakforge signatures with one rnd");
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
            tsc::alternate(t, ROUNDS, BLOCK, WARM, |i, o, b, r| {
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
                t1 - t0
            });
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



// ---- kernels: the pieces of one signing attempt, keccakforge's beside liboqs's (ML-DSA-44) ----
// liboqs's ML-DSA-44 AVX2 code (pqcrystals-dilithium-standard, in liboqs.a under its namespaced
// names) and keccakforge's internal functions (libkeccakforge.a: src/mldsa/*.h), each called on
// the same kind of data, timed in alternated blocks as above. Their polynomials are 256
// int32 coefficients, 32-byte aligned (liboqs keeps the NTT domain in its own order: the
// prices compare, the values do not).
#[repr(C, align(32))]
#[derive(Clone, Copy)]
struct Poly([i32; 256]);
const Z: Poly = Poly([0; 256]);

extern "C" {
    fn kf_mldsa_params_get(param: c_int) -> *const u8;
    fn kf_mldsa_ntt(p: *mut Poly);
    fn kf_mldsa_invntt_tomont(p: *mut Poly);
    fn kf_mldsa_pointwise(r: *mut Poly, a: *const Poly, b: *const Poly);
    fn kf_mldsa_pointwise_acc_vec(r: *mut Poly, a: *const Poly, b: *const Poly, n: u32);
    fn kf_mldsa_decompose(a1: *mut Poly, a0: *mut Poly, a: *const Poly, gamma2: i32);
    fn kf_mldsa_make_hint(h: *mut Poly, r: *const Poly, rz: *const Poly, gamma2: i32, ones: *mut u32);
    fn kf_mldsa_poly_exceeds(p: *const Poly, bound: i32, over: *mut u32);
    fn kf_mldsa_expand_mask(y: *mut Poly, rhopp: *const u8, kappa: u32, p: *const u8);
    fn kf_mldsa_expand_a(a: *mut Poly, rho: *const u8, p: *const u8);
    fn kf_mldsa_sample_in_ball(c: *mut Poly, ctilde: *const u8, p: *const u8);
    fn kf_mldsa_shake256(out: *mut u8, outlen: usize, n: u32, inp: *const *const u8, len: *const usize);
    fn kf_mldsa_sk_decode(rho: *mut u8, key: *mut u8, tr: *mut u8, s1: *mut Poly, s2: *mut Poly, t0: *mut Poly,
                          sk: *const u8, p: *const u8) -> c_int;
    fn kf_mldsa_pack_simple(out: *mut u8, p: *const Poly, bits: u32);
    fn kf_mldsa_ntt_avx2(p: *mut Poly);
    fn kf_mldsa_poly_caddq(p: *mut Poly);
    fn kf_mldsa_poly_reduce(p: *mut Poly);
    fn pqcrystals_ml_dsa_44_avx2_poly_caddq(a: *mut Poly);
    fn pqcrystals_ml_dsa_44_avx2_polyvec_matrix_pointwise_montgomery(t: *mut Poly, mat: *const Poly, v: *const Poly);
    fn kf_mldsa_ntt_avx512(p: *mut Poly);
    fn kf_mldsa_invntt_tomont_avx2(p: *mut Poly);
    fn kf_mldsa_invntt_tomont_avx512(p: *mut Poly);

    fn pqcrystals_ml_dsa_44_avx2_poly_ntt(a: *mut Poly);
    fn pqcrystals_ml_dsa_44_avx2_poly_invntt_tomont(a: *mut Poly);
    fn pqcrystals_ml_dsa_44_avx2_poly_pointwise_montgomery(c: *mut Poly, a: *const Poly, b: *const Poly);
    fn pqcrystals_ml_dsa_44_avx2_polyvecl_pointwise_acc_montgomery(w: *mut Poly, u: *const Poly, v: *const Poly);
    fn pqcrystals_ml_dsa_44_avx2_poly_decompose(a1: *mut Poly, a0: *mut Poly, a: *const Poly);
    fn pqcrystals_ml_dsa_44_avx2_poly_make_hint(hint: *mut u8, a0: *const Poly, a1: *const Poly) -> u32;
    fn pqcrystals_ml_dsa_44_avx2_poly_chknorm(a: *const Poly, b: i32) -> c_int;
    fn pqcrystals_ml_dsa_44_avx2_poly_uniform_gamma1_4x(a0: *mut Poly, a1: *mut Poly, a2: *mut Poly, a3: *mut Poly,
                                                        seed: *const u8, n0: u16, n1: u16, n2: u16, n3: u16);
    fn pqcrystals_ml_dsa_44_avx2_polyvec_matrix_expand(mat: *mut Poly, rho: *const u8);
    fn pqcrystals_ml_dsa_44_avx2_poly_challenge(c: *mut Poly, seed: *const u8);
    fn pqcrystals_ml_dsa_44_avx2_unpack_sk(rho: *mut u8, tr: *mut u8, key: *mut u8, t0: *mut Poly, s1: *mut Poly,
                                           s2: *mut Poly, sk: *const u8);
    fn pqcrystals_ml_dsa_44_avx2_polyz_pack(r: *mut u8, a: *const Poly);
    fn pqcrystals_ml_dsa_44_avx2_polyw1_pack(r: *mut u8, a: *const Poly);
    fn OQS_SHA3_shake256(out: *mut u8, outlen: usize, inp: *const u8, inlen: usize);
}

const KOPS: [&str; 19] = ["NTT", "inverse NTT", "pointwise product", "row of A o y (l = 4)", "Decompose",
                          "MakeHint", "norm check", "w1 pack (one poly)", "ExpandMask (4 streams)",
                          "H(mu || w1): SHAKE256 832 B", "SampleInBall", "ExpandA (16 streams)", "skDecode",
                          "z pack (4 polys)", "NTT: kf AVX2 code", "NTT: kf AVX-512 code",
                          "INTT: kf AVX2 code", "INTT: kf AVX-512 code",
                          "attempt front: y .. c (44)"];

fn kernels() {
    let p = unsafe { kf_mldsa_params_get(44) };
    let gamma2: i32 = (8380417 - 1) / 88;
    let mut a = vec![Z; 20];
    let mut v = vec![Z; 8];
    let mut r = Z;
    let mut r2 = Z;
    let mut buf = [0u8; 1024];
    let mut sig = [0u8; 2420];
    let mut rho = [0u8; 64];
    let mut tr = [0u8; 64];
    let mut key = [0u8; 32];
    let mut seed = [7u8; 64];
    let mut pk = vec![0u8; 1312];
    let mut sk = vec![0u8; 2560];
    unsafe { assert_eq!(kf_mldsa_keygen_internal(44, pk.as_mut_ptr(), sk.as_mut_ptr(), seed.as_ptr()), 0) };
    for (i, x) in v.iter_mut().enumerate() {
        for (j, c) in x.0.iter_mut().enumerate() {
            *c = ((i * 7919 + j * 104729) % 8380417) as i32;
        }
    }
    let mut w = vec![Z; 12];
    for i in 0..16 {
        a[i] = v[i % 8];
    }
    let mut t = vec![[Vec::<u64>::new(), Vec::new()]; KOPS.len()];
    let mut ones = 0u32;
    for round in 0..ROUNDS {
        for o in 0..KOPS.len() {
            for i in 0..2 {
                for b in 0..BLOCK {
                    seed[0] = b as u8;
                    seed[1] = round as u8;
                    let t0 = t_start();
                    unsafe {
                        match (o, i) {
                            (0, 0) => kf_mldsa_ntt(&mut r),
                            (0, _) => pqcrystals_ml_dsa_44_avx2_poly_ntt(&mut r),
                            (1, 0) => kf_mldsa_invntt_tomont(&mut r),
                            (1, _) => pqcrystals_ml_dsa_44_avx2_poly_invntt_tomont(&mut r),
                            (2, 0) => kf_mldsa_pointwise(&mut r, &v[0], &v[1]),
                            (2, _) => pqcrystals_ml_dsa_44_avx2_poly_pointwise_montgomery(&mut r, &v[0], &v[1]),
                            (3, 0) => kf_mldsa_pointwise_acc_vec(&mut r, v.as_ptr(), v.as_ptr().add(4), 4),
                            (3, _) => pqcrystals_ml_dsa_44_avx2_polyvecl_pointwise_acc_montgomery(&mut r, v.as_ptr(),
                                                                                                 v.as_ptr().add(4)),
                            (4, 0) => kf_mldsa_decompose(&mut r, &mut r2, &v[2], gamma2),
                            (4, _) => pqcrystals_ml_dsa_44_avx2_poly_decompose(&mut r, &mut r2, &v[2]),
                            (5, 0) => kf_mldsa_make_hint(&mut r, &v[2], &v[3], gamma2, &mut ones),
                            (5, _) => ones += pqcrystals_ml_dsa_44_avx2_poly_make_hint(buf.as_mut_ptr(), &v[2], &v[3]),
                            (6, 0) => kf_mldsa_poly_exceeds(&v[2], gamma2, &mut ones),
                            (6, _) => ones += pqcrystals_ml_dsa_44_avx2_poly_chknorm(&v[2], gamma2) as u32,
                            (7, 0) => kf_mldsa_pack_simple(buf.as_mut_ptr(), &r2, 6),
                            (7, _) => pqcrystals_ml_dsa_44_avx2_polyw1_pack(buf.as_mut_ptr(), &r2),
                            (8, 0) => kf_mldsa_expand_mask(a.as_mut_ptr(), seed.as_ptr(), 0, p),
                            (8, _) => pqcrystals_ml_dsa_44_avx2_poly_uniform_gamma1_4x(
                                &mut a[0] as *mut Poly, &mut a[1] as *mut Poly, &mut a[2] as *mut Poly,
                                &mut a[3] as *mut Poly, seed.as_ptr(), 0, 1, 2, 3),
                            (9, 0) => {
                                let inp = [seed.as_ptr(), buf.as_ptr()];
                                let len = [64usize, 768];
                                kf_mldsa_shake256(sig.as_mut_ptr(), 32, 2, inp.as_ptr(), len.as_ptr())
                            }
                            (9, _) => {
                                buf[..64].copy_from_slice(&seed);
                                OQS_SHA3_shake256(sig.as_mut_ptr(), 32, buf.as_ptr(), 832)
                            }
                            (18, 0) => {
                                // one attempt's front as mldsa.c's sign_attempt: ExpandMask, NTT(y), A o y,
                                // INTT, w1, H(mu || w1), SampleInBall, NTT(c)
                                kf_mldsa_expand_mask(a.as_mut_ptr().add(16), seed.as_ptr(), 0, p);
                                for j in 0..4 {
                                    w[j] = a[16 + j];
                                    kf_mldsa_ntt(&mut w[j]);
                                }
                                for i in 0..4 {
                                    kf_mldsa_pointwise_acc_vec(&mut w[4 + i], a.as_ptr().add(4 * i), w.as_ptr(), 4);
                                    kf_mldsa_poly_reduce(&mut w[4 + i]);
                                    kf_mldsa_invntt_tomont(&mut w[4 + i]);
                                    kf_mldsa_poly_caddq(&mut w[4 + i]);
                                    kf_mldsa_decompose(&mut r2, std::ptr::null_mut(), &w[4 + i], gamma2);
                                    kf_mldsa_pack_simple(buf.as_mut_ptr().add(64 + 192 * i), &r2, 6);
                                }
                                let inp = [seed.as_ptr(), buf.as_ptr().add(64)];
                                let len = [64usize, 768];
                                kf_mldsa_shake256(sig.as_mut_ptr(), 32, 2, inp.as_ptr(), len.as_ptr());
                                kf_mldsa_sample_in_ball(&mut r, sig.as_ptr(), p);
                                kf_mldsa_ntt(&mut r);
                            }
                            (18, _) => {
                                pqcrystals_ml_dsa_44_avx2_poly_uniform_gamma1_4x(
                                    &mut a[16] as *mut Poly, &mut a[17] as *mut Poly, &mut a[18] as *mut Poly,
                                    &mut a[19] as *mut Poly, seed.as_ptr(), 0, 1, 2, 3);
                                for j in 0..4 {
                                    w[j] = a[16 + j];
                                    pqcrystals_ml_dsa_44_avx2_poly_ntt(&mut w[j]);
                                }
                                pqcrystals_ml_dsa_44_avx2_polyvec_matrix_pointwise_montgomery(w.as_mut_ptr().add(4),
                                                                                              a.as_ptr(), w.as_ptr());
                                for i in 0..4 {
                                    pqcrystals_ml_dsa_44_avx2_poly_invntt_tomont(&mut w[4 + i]);
                                    pqcrystals_ml_dsa_44_avx2_poly_caddq(&mut w[4 + i]);
                                    pqcrystals_ml_dsa_44_avx2_poly_decompose(&mut r2, &mut w[8 + i], &w[4 + i]);
                                    pqcrystals_ml_dsa_44_avx2_polyw1_pack(buf.as_mut_ptr().add(64 + 192 * i), &r2);
                                }
                                buf[..64].copy_from_slice(&seed);
                                OQS_SHA3_shake256(sig.as_mut_ptr(), 32, buf.as_ptr(), 832);
                                pqcrystals_ml_dsa_44_avx2_poly_challenge(&mut r, sig.as_ptr());
                                pqcrystals_ml_dsa_44_avx2_poly_ntt(&mut r);
                            }
                            (19.., _) => unreachable!(),
                            (10, 0) => kf_mldsa_sample_in_ball(&mut r2, seed.as_ptr(), p),
                            (10, _) => pqcrystals_ml_dsa_44_avx2_poly_challenge(&mut r2, seed.as_ptr()),
                            (11, 0) => kf_mldsa_expand_a(a.as_mut_ptr(), seed.as_ptr(), p),
                            (11, _) => pqcrystals_ml_dsa_44_avx2_polyvec_matrix_expand(a.as_mut_ptr(), seed.as_ptr()),
                            (12, 0) => {
                                ones += kf_mldsa_sk_decode(rho.as_mut_ptr(), key.as_mut_ptr(), tr.as_mut_ptr(),
                                                           a.as_mut_ptr(), a.as_mut_ptr().add(4),
                                                           a.as_mut_ptr().add(8), sk.as_ptr(), p) as u32
                            }
                            (12, _) => pqcrystals_ml_dsa_44_avx2_unpack_sk(rho.as_mut_ptr(), tr.as_mut_ptr(),
                                                                           key.as_mut_ptr(), a.as_mut_ptr().add(8),
                                                                           a.as_mut_ptr(), a.as_mut_ptr().add(4),
                                                                           sk.as_ptr()),
                            (14, 0) => kf_mldsa_ntt_avx2(&mut r),
                            (15, 0) => kf_mldsa_ntt_avx512(&mut r),
                            (16, 0) => kf_mldsa_invntt_tomont_avx2(&mut r),
                            (17, 0) => kf_mldsa_invntt_tomont_avx512(&mut r),
                            (14..=15, _) => pqcrystals_ml_dsa_44_avx2_poly_ntt(&mut r),
                            (16..=17, _) => pqcrystals_ml_dsa_44_avx2_poly_invntt_tomont(&mut r),
                            (13, 0) => {
                                for j in 0..4 {
                                    kf_mldsa_pack_simple(sig.as_mut_ptr().add(32 + 576 * j), &v[j], 18)
                                }
                            }
                            (13, _) => {
                                for j in 0..4 {
                                    pqcrystals_ml_dsa_44_avx2_polyz_pack(sig.as_mut_ptr().add(32 + 576 * j), &v[j])
                                }
                            }
                        }
                    }
                    let t1 = t_stop();
                    if b >= WARM {
                        t[o][i].push(t1 - t0);
                    }
                    // keep NTT inputs in range: the forward NTT grows coefficients
                    if o <= 1 || o >= 14 {
                        r = v[(b % 4) as usize];
                    }
                }
            }
        }
    }
    std::hint::black_box((&r, &r2, &a, &buf, &sig, ones, &w));
    println!("ML-DSA-44 pieces, TSC ticks, median of {SAMPLES} alternated samples; keccakforge arithmetic {}",
             std::env::var("KECCAKFORGE_MLDSA").unwrap_or_else(|_| "auto".into()));
    println!("{:<30} {:>12} {:>12} {:>8}", "piece", "keccakforge", "liboqs", "ratio");
    for o in 0..KOPS.len() {
        let k = q(&mut t[o][0], 0.5);
        let l = q(&mut t[o][1], 0.5);
        println!("{:<30} {:>12} {:>12} {:>7.2}x", KOPS[o], k, l, l as f64 / k as f64);
    }
}

// ---- attempts: signing's cost split into the set-up and the price of one attempt ----
// For MSGS messages, keccakforge's kf_mldsa_sign_mu_attempts says how many attempts FIPS 204's
// loop runs; all three libraries then sign them with the same key and rnd (the same
// signature, so the same attempts), in alternated blocks. The median of the signatures that
// took n attempts, n = 1..4, for each library: the step from n to n + 1 is one (rejected)
// attempt's price, the n = 1 figure the set-up plus one accepted attempt.
extern "C" {
    fn kf_mldsa_sign_mu_attempts(p: *const u8, sig: *mut u8, sk: *const u8, mu: *const u8, rnd: *const u8,
                                 attempts: *mut u32) -> c_int;
    fn kf_shake256(out: *mut u8, outlen: usize, inp: *const u8, inlen: usize) -> c_int;
}

macro_rules! attempts_bench {
    ($fname:ident, $param:expr, $lc:ident, $pkn:expr, $skn:expr, $sign:expr, $oqs_keypair:ident, $oqs_sign:ident) => {
        fn $fname() {
            use libcrux_ml_dsa::$lc::avx2 as lc;
            use oqs_sys::sig::{$oqs_keypair, $oqs_sign};
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
                FIXED = Some(xi);
                assert_eq!($oqs_keypair(opk.as_mut_ptr(), osk.as_mut_ptr()) as c_int, 0);
                FIXED = Some(rnd);
            }
            assert_eq!(osk, ksk);
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
            let mut bad = 0;
            let mut m0 = 0;
            while m0 < MSGS {
                let m1 = (m0 + BLOCK).min(MSGS);
                for i in 0..IMPLS {
                    for w in 0..WARM + (m1 - m0) {
                        let m = if w < WARM { m0 } else { m0 + w - WARM };
                        let msg = &msgs[m];
                        let t0 = t_start();
                        unsafe {
                            match i {
                                0 => bad |= kf_mldsa_sign($param, sig.as_mut_ptr(), $sign, msg.as_ptr(), 32, ctx.as_ptr(), 0,
                                                          rnd.as_ptr(), ksk.as_ptr(), $skn),
                                1 => bad |= lc::sign(&lkp.signing_key, msg, &ctx, rnd).is_err() as c_int,
                                _ => bad |= $oqs_sign(sig.as_mut_ptr(), &mut olen, msg.as_ptr(), 32, osk.as_ptr()) as c_int,
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
            println!("{:>9} {:>6} {:>12} {:>12} {:>12}   {:>8} {:>8}", "attempts", "msgs", "keccakforge", "libcrux",
                     "liboqs", "libcrux/", "liboqs/");
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
                println!("{:>9} {:>6} {:>12} {:>12} {:>12}   {:>7.2}x {:>7.2}x", a, idx.len(), med[0], med[1], med[2],
                         med[1] as f64 / med[0] as f64, med[2] as f64 / med[0] as f64);
                if a > 1 {
                    println!("{:>9} {:>6} {:>12} {:>12} {:>12}   {:>7.2}x {:>7.2}x", "  step", "",
                             med[0] as i64 - prev[0] as i64, med[1] as i64 - prev[1] as i64,
                             med[2] as i64 - prev[2] as i64,
                             (med[1] as f64 - prev[1] as f64) / (med[0] as f64 - prev[0] as f64),
                             (med[2] as f64 - prev[2] as f64) / (med[0] as f64 - prev[0] as f64));
                }
                prev = med;
            }
            let mut all: Vec<Vec<u64>> = t.clone();
            let med: Vec<u64> = all.iter_mut().map(|v| q(v, 0.5)).collect();
            println!("{:>9} {:>6} {:>12} {:>12} {:>12}   {:>7.2}x {:>7.2}x", "all", MSGS, med[0], med[1], med[2],
                     med[1] as f64 / med[0] as f64, med[2] as f64 / med[0] as f64);
        }
    };
}
attempts_bench!(attempts44, 44, ml_dsa_44, 1312, 2560, 2420, OQS_SIG_ml_dsa_44_keypair, OQS_SIG_ml_dsa_44_sign);
attempts_bench!(attempts65, 65, ml_dsa_65, 1952, 4032, 3309, OQS_SIG_ml_dsa_65_keypair, OQS_SIG_ml_dsa_65_sign);
attempts_bench!(attempts87, 87, ml_dsa_87, 2592, 4896, 4627, OQS_SIG_ml_dsa_87_keypair, OQS_SIG_ml_dsa_87_sign);

fn main() {
    let cpu: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    pin(cpu);
    unsafe {
        oqs_sys::common::OQS_init();
        oqs_sys::rand::OQS_randombytes_custom_algorithm(Some(fast_random));
    }
    assert!(libcrux_platform::simd256_support(), "libcrux's AVX2 path needs AVX2");
    match std::env::args().nth(2).as_deref() {
        Some("kernels") => return kernels(),
        Some("attempts") => {
            attempts44();
            attempts65();
            attempts87();
            return;
        }
        _ => {}
    }
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
