// SPDX-License-Identifier: Apache-2.0 OR MIT
//! ML-KEM, ML-DSA and SLH-DSA against RustCrypto's ml-kem 0.3, ml-dsa 0.1.2 and slh-dsa
//! 0.2.0-rc.5 as independent oracles: identical keys from the same seeds, identical
//! ciphertexts, shared secrets and deterministic/hedged signatures, cross-verification, the
//! `kem` traits used on both sides (our types through `Kem`/`Encapsulate`/`Decapsulate`
//! against ml-kem's), PKCS#8/SPKI decoded across, HashML-DSA / HashSLH-DSA against the
//! oracles' internal signing on M' = 1 || |ctx| || ctx || OID || PH(M), and named errors for
//! bad input.

use keccakforge::signature::{Keypair, RandomizedSigner, Signer, Verifier};
use keccakforge::Error;

/// (the DER of PH's OID, PH(msg)) for HashML-DSA / HashSLH-DSA's M', with RustCrypto's hashes.
fn prehash(ph: keccakforge::PreHash, msg: &[u8]) -> (Vec<u8>, Vec<u8>) {
    use keccakforge::pkcs8::der::Encode;
    use sha3::Digest;
    use shake::{ExtendableOutput, Update};
    let oid = ph.oid().to_der().unwrap();
    let d = match ph {
        keccakforge::PreHash::Sha3_224 => sha3::Sha3_224::digest(msg).to_vec(),
        keccakforge::PreHash::Sha3_256 => sha3::Sha3_256::digest(msg).to_vec(),
        keccakforge::PreHash::Sha3_384 => sha3::Sha3_384::digest(msg).to_vec(),
        keccakforge::PreHash::Sha3_512 => sha3::Sha3_512::digest(msg).to_vec(),
        keccakforge::PreHash::Shake128 => {
            let mut o = vec![0u8; 32];
            shake::Shake128::default().chain(msg).finalize_xof_into(&mut o);
            o
        }
        keccakforge::PreHash::Shake256 => {
            let mut o = vec![0u8; 64];
            shake::Shake256::default().chain(msg).finalize_xof_into(&mut o);
            o
        }
    };
    (oid, d)
}
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn rng() -> ChaCha20Rng {
    let seed = std::env::var("KF_RUST_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64);
    eprintln!("KF_RUST_TEST_SEED={seed}");
    ChaCha20Rng::seed_from_u64(seed)
}

fn bytes<const N: usize>(r: &mut impl Rng) -> [u8; N] {
    let mut b = [0u8; N];
    r.fill_bytes(&mut b);
    b
}

macro_rules! mlkem_test {
    ($test:ident, $ours:ident, $kem:ident, $theirs:ty) => {
        #[test]
        #[allow(deprecated)] // ml-kem's expanded-key encoding (FIPS 203's dk), compared byte for byte
        fn $test() {
            use keccakforge::$ours as kf;
            use keccakforge::kem::{Decapsulate, Encapsulate, FromSeed, Kem, KeyExport, KeyInit, TryKeyInit};
            use keccakforge::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey};
            use ml_kem::ExpandedKeyEncoding;
            type OurKem = keccakforge::$kem;
            let mut r = rng();
            for i in 0..20 {
                let seed_bytes: [u8; 64] = bytes(&mut r);
                let seed = kf::Seed::from_bytes(&seed_bytes);
                let (dk, ek) = kf::generate_from_seed(&seed);
                let odk = ml_kem::DecapsulationKey::<$theirs>::from_seed(seed_bytes.into());
                let oek = odk.encapsulation_key().clone();
                assert_eq!(&ek.as_bytes()[..], oek.to_bytes().as_slice());
                assert_eq!(&dk.as_bytes()[..], odk.to_expanded_bytes().as_slice());
                assert_eq!(dk.encapsulation_key(), &ek);

                let m: [u8; 32] = bytes(&mut r);
                let (ct, ss) = ek.encapsulate_deterministic(&m).unwrap();
                let (oct, oss) = oek.encapsulate_deterministic(&m.into());
                assert_eq!(&ct.as_bytes()[..], oct.as_slice());
                assert_eq!(&ss.as_bytes()[..], oss.as_slice());
                assert_eq!(dk.decapsulate(&ct).unwrap(), ss);

                // random encapsulation both ways
                let (ct2, ss2) = ek.encapsulate(&mut r).unwrap();
                let oct2 = ml_kem::Ciphertext::<$theirs>::try_from(&ct2.as_bytes()[..]).unwrap();
                assert_eq!(odk.decapsulate(&oct2).as_slice(), &ss2.as_bytes()[..]);
                let (oct3, oss3) = oek.encapsulate_with_rng(&mut r);
                let ct3 = kf::Ciphertext::try_from(oct3.as_slice()).unwrap();
                assert_eq!(&dk.decapsulate(&ct3).unwrap().as_bytes()[..], oss3.as_slice());

                // a changed ciphertext: the implicit-rejection key, the same on both sides
                let mut bad = *ct.as_bytes();
                bad[r.random_range(0..bad.len())] ^= 1 << r.random_range(0..8);
                let kbad = dk.decapsulate(&kf::Ciphertext::from_bytes(&bad)).unwrap();
                assert_ne!(kbad, ss);
                let obad = ml_kem::Ciphertext::<$theirs>::try_from(&bad[..]).unwrap();
                assert_eq!(&kbad.as_bytes()[..], odk.decapsulate(&obad).as_slice());

                // the kem traits on our side, crossed with ml-kem's
                let (tdk, tek) = if i % 2 == 0 {
                    OurKem::generate_keypair_from_rng(&mut r)
                } else {
                    <OurKem as FromSeed>::from_seed(&seed_bytes.into())
                };
                assert_eq!(tdk.encapsulation_key(), &tek);
                let theirs_ek = ml_kem::EncapsulationKey::<$theirs>::new_from_slice(&KeyExport::to_bytes(&tek)).unwrap();
                let (c1, k1) = theirs_ek.encapsulate_with_rng(&mut r);
                assert_eq!(Decapsulate::decapsulate(&tdk, &c1), k1, "ml-kem encapsulated, ours decapsulated");
                let (c2, k2) = tek.encapsulate_with_rng(&mut r);
                let theirs_dk = ml_kem::DecapsulationKey::<$theirs>::new(&(*tdk.seed().unwrap().as_bytes()).into());
                assert_eq!(theirs_dk.decapsulate(&c2), k2, "ours encapsulated, ml-kem decapsulated");
                assert_eq!(Decapsulate::decapsulate(&tdk, &c2), k2);
                assert_eq!(<kf::EncapsulationKey as TryKeyInit>::new(&theirs_dk.encapsulation_key().to_bytes()).unwrap(), tek);
                assert_eq!(<kf::DecapsulationKey as KeyInit>::new(&(*tdk.seed().unwrap().as_bytes()).into()), tdk);

                // PKCS#8 (seed form) and SPKI: the same DER as ml-kem's, and read across
                let der = dk.to_pkcs8_der().unwrap();
                assert_eq!(der.as_bytes(), odk.to_pkcs8_der().unwrap().as_bytes(), "PKCS#8 DER differs from ml-kem's");
                assert_eq!(ml_kem::DecapsulationKey::<$theirs>::from_pkcs8_der(der.as_bytes()).unwrap(), odk);
                assert_eq!(kf::DecapsulationKey::from_pkcs8_der(odk.to_pkcs8_der().unwrap().as_bytes()).unwrap(), dk);
                let pder = ek.to_public_key_der().unwrap();
                assert_eq!(pder.as_bytes(), oek.to_public_key_der().unwrap().as_bytes(), "SPKI DER differs from ml-kem's");
                assert_eq!(kf::EncapsulationKey::from_public_key_der(pder.as_bytes()).unwrap(), ek);
                assert_eq!(ml_kem::EncapsulationKey::<$theirs>::from_public_key_der(pder.as_bytes()).unwrap(), oek);
            }
            // key checks: a coefficient >= q in ek (modulus check), a changed H(ek) in dk (hash check)
            let (dk, ek) = kf::generate(&mut r).unwrap();
            let mut e = *ek.as_bytes();
            e[0] = 0xFF;
            e[1] |= 0x0F; // first 12-bit coefficient = 0xFFF > q
            assert_eq!(kf::EncapsulationKey::from_bytes(&e).err(), Some(Error::BadKey));
            assert!(<kf::EncapsulationKey as TryKeyInit>::new(&e.into()).is_err());
            let mut d = *dk.as_bytes();
            d[kf::DK_BYTES - 64] ^= 1;
            assert_eq!(kf::DecapsulationKey::from_bytes(&d).err(), Some(Error::BadKey));
            assert_eq!(kf::EncapsulationKey::try_from(&e[1..]).err(), Some(Error::BadLength));
            assert!(kf::DecapsulationKey::from_bytes(dk.as_bytes()).is_ok());
            assert!(kf::DecapsulationKey::from_bytes(dk.as_bytes()).unwrap().seed().is_none());
        }
    };
}
mlkem_test!(mlkem512_against_ml_kem, ml_kem_512, MlKem512, ml_kem::MlKem512);
mlkem_test!(mlkem768_against_ml_kem, ml_kem_768, MlKem768, ml_kem::MlKem768);
mlkem_test!(mlkem1024_against_ml_kem, ml_kem_1024, MlKem1024, ml_kem::MlKem1024);

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

                let ml = r.random_range(0..300);
                let mut msg = vec![0u8; ml];
                r.fill_bytes(&mut msg);
                let cl = if i == 0 { 255 } else { r.random_range(0..40) };
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
                bad[r.random_range(0..bad.len())] ^= 1 << r.random_range(0..8);
                assert_eq!(vk.verify_with_context(&msg, &ctx, &kf::Signature::from_bytes(&bad)), Err(Error::BadSignature));
                assert!(vk.verify(&msg, &kf::Signature::from_bytes(&bad)).is_err());
                if !msg.is_empty() {
                    assert_eq!(vk.verify_with_context(&msg[1..], &ctx, &sig), Err(Error::BadSignature));
                }

                // HashML-DSA (Alg. 4): Sign_internal(M' = 1 || |ctx| || ctx || OID(PH) || PH(M), rnd)
                let ph = keccakforge::PreHash::ALL[i % 6];
                let (oid, digest) = prehash(ph, &msg);
                let hs = sk.hash_sign(&msg, &ctx, ph, Some(&rnd)).unwrap();
                let ohs = okp.expanded_key().sign_internal(&[&[1, cl as u8], &ctx, &oid, &digest], &rnd.into());
                assert_eq!(&hs.as_bytes()[..], ohs.encode().as_slice(), "HashML-DSA with {ph:?}");
                assert_eq!(vk.hash_verify(&msg, &ctx, ph, &hs), Ok(()));
                assert_eq!(vk.verify_with_context(&msg, &ctx, &hs), Err(Error::BadSignature), "a pre-hash signature passed as pure");
                let other = keccakforge::PreHash::ALL[(i + 1) % 6];
                assert_eq!(vk.hash_verify(&msg, &ctx, other, &hs), Err(Error::BadSignature));
                let hd = sk.hash_sign(&msg, &ctx, ph, None).unwrap();
                let ohd = okp.expanded_key().sign_internal(&[&[1, cl as u8], &ctx, &oid, &digest], &[0u8; 32].into());
                assert_eq!(&hd.as_bytes()[..], ohd.encode().as_slice(), "deterministic HashML-DSA with {ph:?}");

                // PKCS#8 (seed form) and SPKI read across with ml-dsa's
                {
                    use keccakforge::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey};
                    let der = sk.to_pkcs8_der().unwrap();
                    let osk = ml_dsa::SigningKey::<$theirs>::from_pkcs8_der(der.as_bytes()).unwrap();
                    assert_eq!(osk.to_seed().as_slice(), &xi[..]);
                    assert_eq!(kf::SigningKey::from_pkcs8_der(okp.to_pkcs8_der().unwrap().as_bytes()).unwrap(), sk);
                    let pder = vk.to_public_key_der().unwrap();
                    assert_eq!(pder.as_bytes(), okp.verifying_key().to_public_key_der().unwrap().as_bytes());
                    assert_eq!(kf::VerifyingKey::from_public_key_der(pder.as_bytes()).unwrap(), vk);
                    assert_eq!(sk.verifying_key().unwrap(), vk);
                }
            }
            let (sk, _) = kf::generate(&mut r).unwrap();
            assert_eq!(sk.sign_with_context(b"m", &[0u8; 256], None).err(), Some(Error::BadContext));
            assert!(kf::Signature::try_from(&[0u8; 3][..]).is_err());
            assert_eq!(sk.check(), Ok(()));
            let mut bad = *sk.as_bytes();
            bad[64] ^= 1; // inside tr: no longer H(pk)
            assert_eq!(kf::SigningKey::from_bytes(&bad).check(), Err(Error::BadKey));
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

            let mut msg = vec![0u8; r.random_range(0..200)];
            r.fill_bytes(&mut msg);
            let mut ctx = vec![0u8; r.random_range(0..30)];
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
            // HashSLH-DSA (Alg. 23): slh_sign_internal(M' = 1 || |ctx| || ctx || OID(PH) || PH(M))
            let ph = keccakforge::PreHash::ALL[r.random_range(0..6)];
            let (oid, digest) = prehash(ph, &msg);
            let cl = [1u8, ctx.len() as u8];
            let hs = sk.hash_sign(&msg, &ctx, ph, Some(&addrnd)).unwrap();
            let ohs = slh_dsa::Signature::<$theirs>::try_from(&hs.as_bytes()[..]).unwrap();
            assert!(osk.as_ref().slh_verify_internal(&[&cl, &ctx, &oid, &digest], &ohs).is_ok(), "HashSLH-DSA with {ph:?}");
            if $oracle_signs {
                let o = osk.slh_sign_internal(&[&cl, &ctx, &oid, &digest], Some(&addrnd));
                assert_eq!(&hs.as_bytes()[..], o.to_bytes().as_slice());
            }
            assert_eq!(vk.hash_verify(&msg, &ctx, ph, &hs), Ok(()));
            assert_eq!(vk.verify_with_context(&msg, &ctx, &hs), Err(Error::BadSignature));
            // PKCS#8 / SPKI round trips
            {
                use keccakforge::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey};
                assert_eq!(kf::SigningKey::from_pkcs8_der(sk.to_pkcs8_der().unwrap().as_bytes()).unwrap(), sk);
                assert_eq!(kf::VerifyingKey::from_public_key_der(vk.to_public_key_der().unwrap().as_bytes()).unwrap(), vk);
            }
            // the oracle verifies ours
            let osig = slh_dsa::Signature::<$theirs>::try_from(&sig.as_bytes()[..]).unwrap();
            assert!(osk.as_ref().try_verify_with_context(&msg, &ctx, &osig).is_ok());
            assert_eq!(vk.verify_with_context(&msg, &ctx, &sig), Ok(()));
            let mut bad = sig.as_bytes().to_vec();
            let i = r.random_range(0..bad.len());
            bad[i] ^= 1 << r.random_range(0..8);
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
