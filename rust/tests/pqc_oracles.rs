// SPDX-License-Identifier: Apache-2.0 OR MIT
//! ML-KEM, ML-DSA and SLH-DSA against RustCrypto's ml-kem 0.2, ml-dsa 0.1 and slh-dsa
//! 0.2.0-rc.5 as independent oracles: identical keys from the same seeds, identical
//! ciphertexts, shared secrets and deterministic/hedged signatures, cross-verification, and
//! named errors for bad input.

use keccakforge::signature::{Keypair, RandomizedSigner, Signer, Verifier};
use keccakforge::Error;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn rng() -> ChaCha20Rng {
    let seed = std::env::var("KF_RUST_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64);
    eprintln!("KF_RUST_TEST_SEED={seed}");
    ChaCha20Rng::seed_from_u64(seed)
}

fn bytes<const N: usize>(r: &mut impl RngCore) -> [u8; N] {
    let mut b = [0u8; N];
    r.fill_bytes(&mut b);
    b
}

macro_rules! mlkem_test {
    ($test:ident, $ours:ident, $theirs:ty) => {
        #[test]
        fn $test() {
            use keccakforge::$ours as kf;
            use ml_kem::kem::{Decapsulate, Encapsulate};
            use ml_kem::{EncapsulateDeterministic, EncodedSizeUser, KemCore};
            let mut r = rng();
            for _ in 0..20 {
                let seed_bytes: [u8; 64] = bytes(&mut r);
                let seed = kf::Seed::from_bytes(&seed_bytes);
                let (dk, ek) = kf::generate_from_seed(&seed);
                let d = ml_kem::B32::try_from(&seed_bytes[..32]).unwrap();
                let z = ml_kem::B32::try_from(&seed_bytes[32..]).unwrap();
                let (odk, oek) = <$theirs>::generate_deterministic(&d, &z);
                assert_eq!(&ek.as_bytes()[..], odk.encapsulation_key().as_bytes().as_slice());
                assert_eq!(&ek.as_bytes()[..], oek.as_bytes().as_slice());
                assert_eq!(&dk.as_bytes()[..], odk.as_bytes().as_slice());
                assert_eq!(dk.encapsulation_key(), ek);

                let m: [u8; 32] = bytes(&mut r);
                let (ct, ss) = ek.encapsulate_deterministic(&m).unwrap();
                let (oct, oss) = oek.encapsulate_deterministic(&ml_kem::B32::from(m)).unwrap();
                assert_eq!(&ct.as_bytes()[..], oct.as_slice());
                assert_eq!(&ss.as_bytes()[..], oss.as_slice());
                assert_eq!(dk.decapsulate(&ct).unwrap(), ss);

                // random encapsulation both ways
                let (ct2, ss2) = ek.encapsulate(&mut r).unwrap();
                let oct2 = ml_kem::Ciphertext::<$theirs>::try_from(&ct2.as_bytes()[..]).unwrap();
                assert_eq!(odk.decapsulate(&oct2).unwrap().as_slice(), &ss2.as_bytes()[..]);
                let (oct3, oss3) = oek.encapsulate(&mut r).unwrap();
                let ct3 = kf::Ciphertext::try_from(oct3.as_slice()).unwrap();
                assert_eq!(&dk.decapsulate(&ct3).unwrap().as_bytes()[..], oss3.as_slice());

                // a changed ciphertext: the implicit-rejection key, the same on both sides
                let mut bad = *ct.as_bytes();
                bad[r.gen_range(0..bad.len())] ^= 1 << r.gen_range(0..8);
                let kbad = dk.decapsulate(&kf::Ciphertext::from_bytes(&bad)).unwrap();
                assert_ne!(kbad, ss);
                let obad = ml_kem::Ciphertext::<$theirs>::try_from(&bad[..]).unwrap();
                assert_eq!(&kbad.as_bytes()[..], odk.decapsulate(&obad).unwrap().as_slice());
            }
            // key checks: a coefficient >= q in ek (modulus check), a changed H(ek) in dk (hash check)
            let (dk, ek) = kf::generate(&mut r).unwrap();
            let mut e = *ek.as_bytes();
            e[0] = 0xFF;
            e[1] |= 0x0F; // first 12-bit coefficient = 0xFFF > q
            assert_eq!(kf::EncapsulationKey::from_bytes(&e).err(), Some(Error::BadKey));
            let mut d = *dk.as_bytes();
            d[kf::DK_BYTES - 64] ^= 1;
            assert_eq!(kf::DecapsulationKey::from_bytes(&d).err(), Some(Error::BadKey));
            assert_eq!(kf::EncapsulationKey::try_from(&e[1..]).err(), Some(Error::BadLength));
            assert!(kf::DecapsulationKey::from_bytes(dk.as_bytes()).is_ok());
        }
    };
}
mlkem_test!(mlkem512_against_ml_kem, ml_kem_512, ml_kem::MlKem512);
mlkem_test!(mlkem768_against_ml_kem, ml_kem_768, ml_kem::MlKem768);
mlkem_test!(mlkem1024_against_ml_kem, ml_kem_1024, ml_kem::MlKem1024);

macro_rules! mldsa_test {
    ($test:ident, $ours:ident, $theirs:ty) => {
        #[test]
        #[allow(deprecated)] // ml-dsa's to_expanded (the expanded key is what FIPS 204 skEncode gives)
        fn $test() {
            use keccakforge::$ours as kf;
            let mut r = rng();
            for i in 0..6 {
                let xi: [u8; 32] = bytes(&mut r);
                let (sk, vk) = kf::generate_from_seed(&xi);
                let okp = ml_dsa::SigningKey::<$theirs>::from_seed(&xi.into());
                assert_eq!(&vk.as_bytes()[..], okp.expanded_key().verifying_key().encode().as_slice());
                assert_eq!(&sk.as_bytes()[..], okp.expanded_key().to_expanded().as_slice());

                let ml = r.gen_range(0..300);
                let mut msg = vec![0u8; ml];
                r.fill_bytes(&mut msg);
                let cl = if i == 0 { 255 } else { r.gen_range(0..40) };
                let mut ctx = vec![0u8; cl];
                r.fill_bytes(&mut ctx);

                // deterministic, with a context
                let sig = sk.sign_with_context(&msg, &ctx, None).unwrap();
                let osig = okp.expanded_key().sign_deterministic(&msg, &ctx).unwrap();
                assert_eq!(&sig.as_bytes()[..], osig.encode().as_slice());
                // Signer = deterministic, empty context
                let s0: kf::Signature = sk.sign(&msg);
                assert_eq!(&s0.as_bytes()[..], okp.expanded_key().sign_deterministic(&msg, b"").unwrap().encode().as_slice());
                // hedged with a given rnd: Sign_internal(M' = 0 || |ctx| || ctx || M, rnd)
                let rnd: [u8; 32] = bytes(&mut r);
                let hs = sk.sign_with_context(&msg, &ctx, Some(&rnd)).unwrap();
                let ohs = okp.expanded_key().sign_internal(&[&[0, cl as u8], &ctx, &msg], &rnd.into());
                assert_eq!(&hs.as_bytes()[..], ohs.encode().as_slice());
                // RandomizedSigner verifies on both sides
                let rs: kf::Signature = sk.sign_with_rng(&mut r, &msg);
                assert!(vk.verify(&msg, &rs).is_ok());
                assert_ne!(rs, s0, "hedged signing gave the deterministic signature");
                let ors = ml_dsa::Signature::<$theirs>::decode(&rs.as_bytes()[..].try_into().unwrap()).unwrap();
                assert!(okp.expanded_key().verifying_key().verify_with_context(&msg, b"", &ors));

                assert_eq!(vk.verify_with_context(&msg, &ctx, &sig), Ok(()));
                let mut bad = *sig.as_bytes();
                bad[r.gen_range(0..bad.len())] ^= 1 << r.gen_range(0..8);
                assert_eq!(vk.verify_with_context(&msg, &ctx, &kf::Signature::from_bytes(&bad)), Err(Error::BadSignature));
                assert!(vk.verify(&msg, &kf::Signature::from_bytes(&bad)).is_err());
                if !msg.is_empty() {
                    assert_eq!(vk.verify_with_context(&msg[1..], &ctx, &sig), Err(Error::BadSignature));
                }
            }
            let (sk, _) = kf::generate(&mut r).unwrap();
            assert_eq!(sk.sign_with_context(b"m", &[0u8; 256], None).err(), Some(Error::BadContext));
            assert!(kf::Signature::try_from(&[0u8; 3][..]).is_err());
        }
    };
}
mldsa_test!(mldsa44_against_ml_dsa, ml_dsa_44, ml_dsa::MlDsa44);
mldsa_test!(mldsa65_against_ml_dsa, ml_dsa_65, ml_dsa::MlDsa65);
mldsa_test!(mldsa87_against_ml_dsa, ml_dsa_87, ml_dsa::MlDsa87);

macro_rules! slhdsa_test {
    ($test:ident, $ours:ident, $theirs:ty, $oracle_signs:expr) => {
        #[test]
        fn $test() {
            use keccakforge::$ours as kf;
            const N: usize = kf::N;
            let mut r = rng();
            let (a, b, c): ([u8; N], [u8; N], [u8; N]) = (bytes(&mut r), bytes(&mut r), bytes(&mut r));
            let (sk, vk) = kf::generate_from_seeds(&a, &b, &c);
            let osk = slh_dsa::SigningKey::<$theirs>::slh_keygen_internal(&a, &b, &c);
            assert_eq!(&sk.as_bytes()[..], osk.to_bytes().as_slice());
            assert_eq!(&vk.as_bytes()[..], osk.as_ref().to_bytes().as_slice());
            assert_eq!(sk.verifying_key(), vk);
            assert_eq!(Keypair::verifying_key(&sk), vk);

            let mut msg = vec![0u8; r.gen_range(0..200)];
            r.fill_bytes(&mut msg);
            let mut ctx = vec![0u8; r.gen_range(0..30)];
            r.fill_bytes(&mut ctx);
            let addrnd: [u8; N] = bytes(&mut r);
            let sig = sk.sign_with_context(&msg, &ctx, Some(&addrnd)).unwrap();
            if $oracle_signs {
                // the fast sets: the oracle signs too, byte for byte the same
                let osig = osk.try_sign_with_context(&msg, &ctx, Some(&addrnd)).unwrap();
                assert_eq!(&sig.as_bytes()[..], osig.to_bytes().as_slice());
                let d: kf::Signature = sk.sign(&msg);
                assert_eq!(&d.as_bytes()[..], osk.try_sign_with_context(&msg, b"", None).unwrap().to_bytes().as_slice());
            }
            // the oracle verifies ours
            let osig = slh_dsa::Signature::<$theirs>::try_from(&sig.as_bytes()[..]).unwrap();
            assert!(osk.as_ref().try_verify_with_context(&msg, &ctx, &osig).is_ok());
            assert_eq!(vk.verify_with_context(&msg, &ctx, &sig), Ok(()));
            let mut bad = sig.as_bytes().to_vec();
            let i = r.gen_range(0..bad.len());
            bad[i] ^= 1 << r.gen_range(0..8);
            let bad = kf::Signature::try_from(&bad[..]).unwrap();
            assert_eq!(vk.verify_with_context(&msg, &ctx, &bad), Err(Error::BadSignature), "bit flipped in byte {i}");
            assert_eq!(vk.verify_with_context(&msg, b"other", &sig), Err(Error::BadSignature));
            let rs: kf::Signature = sk.sign_with_rng(&mut r, &msg);
            assert!(vk.verify(&msg, &rs).is_ok());
            // hedged: fresh randomness makes a signature other than the deterministic one
            assert_ne!(rs, sk.sign(&msg));
            assert_eq!(sk.sign_with_context(b"m", &[0u8; 256], None).err(), Some(Error::BadContext));
        }
    };
}
slhdsa_test!(slhdsa_shake_128s_against_slh_dsa, slh_dsa_shake_128s, slh_dsa::Shake128s, false);
slhdsa_test!(slhdsa_shake_128f_against_slh_dsa, slh_dsa_shake_128f, slh_dsa::Shake128f, true);
slhdsa_test!(slhdsa_shake_192s_against_slh_dsa, slh_dsa_shake_192s, slh_dsa::Shake192s, false);
slhdsa_test!(slhdsa_shake_192f_against_slh_dsa, slh_dsa_shake_192f, slh_dsa::Shake192f, true);
slhdsa_test!(slhdsa_shake_256s_against_slh_dsa, slh_dsa_shake_256s, slh_dsa::Shake256s, false);
slhdsa_test!(slhdsa_shake_256f_against_slh_dsa, slh_dsa_shake_256f, slh_dsa::Shake256f, true);

#[test]
fn errors_are_std_errors() {
    let e: Box<dyn std::error::Error> = Box::new(Error::BadSignature);
    assert!(e.to_string().starts_with("KF_ERR_BAD_SIGNATURE"));
    assert_eq!(Error::from_status(-11), Some(Error::BadSignature));
    assert_eq!(Error::from_status(0), None);
    assert_eq!(Error::from_status(-99), Some(Error::Other(-99)));
}
