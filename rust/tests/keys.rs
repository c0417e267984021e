// SPDX-License-Identifier: Apache-2.0 OR MIT
//! PKCS#8 and SubjectPublicKeyInfo through the `pkcs8`/`spki` traits against the C library's
//! own encoders and decoders (`kf_key_encode_pkcs8`, `kf_key_encode_spki`,
//! `kf_key_decode_pkcs8`, called here directly through the header's declarations): byte-
//! identical DER for every parameter set and private-key form, the OIDs of the NIST arcs, the
//! same verdict as the C decoder on mutated encodings, and PEM round trips.

use keccakforge::pkcs8::der::oid::AssociatedOid;
use keccakforge::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePrivateKey, EncodePublicKey, LineEnding};
use keccakforge::PrivateKeyForm;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha20Rng;

#[allow(unsafe_code)]
mod c {
    use core::ffi::c_int;
    unsafe extern "C" {
        fn kf_key_encode_spki(t: c_int, pubk: *const u8, publen: usize, out: *mut u8, outcap: usize, outlen: *mut usize) -> c_int;
        fn kf_key_encode_pkcs8(t: c_int, form: c_int, seed: *const u8, seedlen: usize, privk: *const u8, privlen: usize,
                               out: *mut u8, outcap: usize, outlen: *mut usize) -> c_int;
        fn kf_key_decode_pkcs8(der: *const u8, derlen: usize, t: *mut c_int, form: *mut c_int, seed: *mut u8, seedcap: usize,
                               seedlen: *mut usize, privk: *mut u8, privcap: usize, privlen: *mut usize) -> c_int;
    }
    /// The C library's SPKI DER of a public key.
    pub fn spki(t: i32, public: &[u8]) -> Vec<u8> {
        let mut out = vec![0u8; 8000];
        let mut len = 0;
        // SAFETY: public and out valid for their lengths, len a writable local.
        let rc = unsafe { kf_key_encode_spki(t, public.as_ptr(), public.len(), out.as_mut_ptr(), out.len(), &mut len) };
        assert_eq!(rc, 0, "kf_key_encode_spki");
        out.truncate(len);
        out
    }
    /// The C library's PKCS#8 DER (form 0 default, 1 seed, 2 expanded, 3 both).
    pub fn pkcs8(t: i32, form: i32, seed: Option<&[u8]>, private: &[u8]) -> Vec<u8> {
        let (sp, sl) = seed.map_or((core::ptr::null(), 0), |s| (s.as_ptr(), s.len()));
        let mut out = vec![0u8; 12000];
        let mut len = 0;
        // SAFETY: seed NULL/0 or valid, private and out valid for their lengths.
        let rc = unsafe { kf_key_encode_pkcs8(t, form, sp, sl, private.as_ptr(), private.len(), out.as_mut_ptr(), out.len(), &mut len) };
        assert_eq!(rc, 0, "kf_key_encode_pkcs8");
        out.truncate(len);
        out
    }
    /// The key type the C decoder reads from a PKCS#8 DER, None if it refuses it.
    pub fn pkcs8_type(der: &[u8]) -> Option<i32> {
        let (mut t, mut form) = (0, 0);
        let mut seed = [0u8; 64];
        let mut private = vec![0u8; 5000];
        let (mut sl, mut pl) = (0, 0);
        // SAFETY: every buffer valid for its length; the outputs writable locals.
        let rc = unsafe {
            kf_key_decode_pkcs8(der.as_ptr(), der.len(), &mut t, &mut form, seed.as_mut_ptr(), seed.len(), &mut sl,
                                private.as_mut_ptr(), private.len(), &mut pl)
        };
        (rc == 0).then_some(t)
    }
}

fn rng() -> ChaCha20Rng {
    let seed = std::env::var("KF_RUST_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64);
    eprintln!("KF_RUST_TEST_SEED={seed}");
    ChaCha20Rng::seed_from_u64(seed)
}

/// The DER of an OID given as a dotted string (base-128 arcs after 40 x a + b).
fn oid_der(dotted: &str) -> Vec<u8> {
    let arcs: Vec<u64> = dotted.split('.').map(|a| a.parse().unwrap()).collect();
    let mut body = vec![(arcs[0] * 40 + arcs[1]) as u8];
    for &a in &arcs[2..] {
        let mut groups = vec![(a & 0x7F) as u8];
        let mut v = a >> 7;
        while v > 0 {
            groups.push((v & 0x7F) as u8 | 0x80);
            v >>= 7;
        }
        body.extend(groups.iter().rev());
    }
    let mut der = vec![0x06, body.len() as u8];
    der.extend(body);
    der
}

/// Flip a random bit of a copy of der: our decoder must accept it exactly when the C one reads
/// it as a key of type t (a flip in the OID's last arc can make a valid key of another set).
fn mutation_agrees<T: DecodePrivateKey>(r: &mut impl Rng, der: &[u8], t: i32, what: &str) {
    for _ in 0..12 {
        let mut m = der.to_vec();
        // the outer header and the algorithm identifier get most of the flips
        let i = if r.random_bool(0.6) { r.random_range(0..m.len().min(40)) } else { r.random_range(0..m.len()) };
        m[i] ^= 1 << r.random_range(0..8);
        let ours = T::from_pkcs8_der(&m).is_ok();
        assert_eq!(ours, c::pkcs8_type(&m) == Some(t), "{what}: byte {i} changed; ours accepts: {ours}");
    }
}

macro_rules! mlkem_keys {
    ($test:ident, $m:ident, $t:expr, $oid:expr) => {
        #[test]
        fn $test() {
            use keccakforge::$m as kf;
            assert_eq!(kf::DecapsulationKey::OID.to_string(), $oid);
            assert_eq!(<keccakforge::$m::EncapsulationKey as AssociatedOid>::OID.to_string(), $oid);
            let mut r = rng();
            for _ in 0..4 {
                let mut s = [0u8; 64];
                r.fill_bytes(&mut s);
                let (dk, ek) = kf::generate_from_seed(&kf::Seed::from_bytes(&s));
                let spki = ek.to_public_key_der().unwrap();
                assert_eq!(spki.as_bytes(), &c::spki($t, ek.as_bytes())[..], "SPKI");
                let o = oid_der($oid);
                assert!(spki.as_bytes().windows(o.len()).any(|w| w == &o[..]), "the OID is in the SPKI");
                let dkb = &dk.as_bytes()[..];
                assert_eq!(dk.to_pkcs8_der().unwrap().as_bytes(), &c::pkcs8($t, 0, Some(&s), dkb)[..], "default form");
                for (form, cf) in [(PrivateKeyForm::Seed, 1), (PrivateKeyForm::Expanded, 2), (PrivateKeyForm::Both, 3)] {
                    let der = dk.to_pkcs8_der_form(form).unwrap();
                    let cder = c::pkcs8($t, cf, Some(&s), dkb);
                    assert_eq!(der.as_bytes(), &cder[..], "{form:?}");
                    let back = kf::DecapsulationKey::from_pkcs8_der(&cder).unwrap();
                    assert_eq!(back, dk);
                    assert_eq!(back.seed().is_some(), form != PrivateKeyForm::Expanded);
                    mutation_agrees::<kf::DecapsulationKey>(&mut r, &cder, $t, concat!(stringify!($m), " PKCS#8"));
                }
                // an expanded-only key writes the expanded form and refuses the seed form
                let ex = kf::DecapsulationKey::from_bytes(dk.as_bytes()).unwrap();
                assert_eq!(ex.to_pkcs8_der().unwrap().as_bytes(), &c::pkcs8($t, 2, None, dkb)[..]);
                assert_eq!(ex.to_pkcs8_der_form(PrivateKeyForm::Seed).err(), Some(keccakforge::Error::BadKey));
                // PEM
                let pem = dk.to_pkcs8_pem(LineEnding::LF).unwrap();
                assert_eq!(kf::DecapsulationKey::from_pkcs8_pem(&pem).unwrap(), dk);
                let ppem = ek.to_public_key_pem(LineEnding::LF).unwrap();
                assert_eq!(kf::EncapsulationKey::from_public_key_pem(&ppem).unwrap(), ek);
            }
        }
    };
}
mlkem_keys!(mlkem512_keys_against_c, ml_kem_512, 1, "2.16.840.1.101.3.4.4.1");
mlkem_keys!(mlkem768_keys_against_c, ml_kem_768, 2, "2.16.840.1.101.3.4.4.2");
mlkem_keys!(mlkem1024_keys_against_c, ml_kem_1024, 3, "2.16.840.1.101.3.4.4.3");

macro_rules! mldsa_keys {
    ($test:ident, $m:ident, $t:expr, $oid:expr) => {
        #[test]
        fn $test() {
            use keccakforge::$m as kf;
            assert_eq!(kf::SigningKey::OID.to_string(), $oid);
            let mut r = rng();
            for _ in 0..3 {
                let mut xi = [0u8; 32];
                r.fill_bytes(&mut xi);
                let (sk, vk) = kf::generate_from_seed(&xi);
                let spki = vk.to_public_key_der().unwrap();
                assert_eq!(spki.as_bytes(), &c::spki($t, vk.as_bytes())[..], "SPKI");
                assert!(spki.as_bytes().windows(11).any(|w| w == &oid_der($oid)[..]));
                assert_eq!(kf::VerifyingKey::from_public_key_der(spki.as_bytes()).unwrap(), vk);
                let skb = &sk.as_bytes()[..];
                assert_eq!(sk.to_pkcs8_der().unwrap().as_bytes(), &c::pkcs8($t, 0, Some(&xi), skb)[..], "default form");
                for (form, cf) in [(PrivateKeyForm::Seed, 1), (PrivateKeyForm::Expanded, 2), (PrivateKeyForm::Both, 3)] {
                    let cder = c::pkcs8($t, cf, Some(&xi), skb);
                    assert_eq!(sk.to_pkcs8_der_form(form).unwrap().as_bytes(), &cder[..], "{form:?}");
                    let back = kf::SigningKey::from_pkcs8_der(&cder).unwrap();
                    assert_eq!(back, sk);
                    assert_eq!(back.seed(), if form == PrivateKeyForm::Expanded { None } else { Some(&xi) });
                    mutation_agrees::<kf::SigningKey>(&mut r, &cder, $t, concat!(stringify!($m), " PKCS#8"));
                }
                // a key whose tr is not H(pk): the C decoder's consistency check refuses it
                let mut bad = *sk.as_bytes();
                bad[64] ^= 1;
                let bad_sk = kf::SigningKey::from_bytes(&bad);
                let der = bad_sk.to_pkcs8_der_form(PrivateKeyForm::Expanded).unwrap();
                assert!(kf::SigningKey::from_pkcs8_der(der.as_bytes()).is_err());
                assert_eq!(c::pkcs8_type(der.as_bytes()), None);
            }
        }
    };
}
mldsa_keys!(mldsa44_keys_against_c, ml_dsa_44, 21, "2.16.840.1.101.3.4.3.17");
mldsa_keys!(mldsa65_keys_against_c, ml_dsa_65, 22, "2.16.840.1.101.3.4.3.18");
mldsa_keys!(mldsa87_keys_against_c, ml_dsa_87, 23, "2.16.840.1.101.3.4.3.19");

macro_rules! slhdsa_keys {
    ($test:ident, $m:ident, $t:expr, $oid:expr) => {
        #[test]
        fn $test() {
            use keccakforge::$m as kf;
            assert_eq!(kf::SigningKey::OID.to_string(), $oid);
            let mut r = rng();
            let mut seeds = [[0u8; kf::N]; 3];
            for s in &mut seeds {
                r.fill_bytes(s);
            }
            let (sk, vk) = kf::generate_from_seeds(&seeds[0], &seeds[1], &seeds[2]);
            let spki = vk.to_public_key_der().unwrap();
            assert_eq!(spki.as_bytes(), &c::spki($t, vk.as_bytes())[..], "SPKI");
            assert!(spki.as_bytes().windows(11).any(|w| w == &oid_der($oid)[..]));
            let cder = c::pkcs8($t, 0, None, sk.as_bytes());
            assert_eq!(sk.to_pkcs8_der().unwrap().as_bytes(), &cder[..], "PKCS#8");
            assert_eq!(kf::SigningKey::from_pkcs8_der(&cder).unwrap(), sk);
            assert_eq!(kf::VerifyingKey::from_public_key_der(spki.as_bytes()).unwrap(), vk);
            mutation_agrees::<kf::SigningKey>(&mut r, &cder, $t, concat!(stringify!($m), " PKCS#8"));
        }
    };
}
slhdsa_keys!(slhdsa_128s_keys_against_c, slh_dsa_shake_128s, 11, "2.16.840.1.101.3.4.3.26");
slhdsa_keys!(slhdsa_128f_keys_against_c, slh_dsa_shake_128f, 12, "2.16.840.1.101.3.4.3.27");
slhdsa_keys!(slhdsa_192s_keys_against_c, slh_dsa_shake_192s, 13, "2.16.840.1.101.3.4.3.28");
slhdsa_keys!(slhdsa_192f_keys_against_c, slh_dsa_shake_192f, 14, "2.16.840.1.101.3.4.3.29");
slhdsa_keys!(slhdsa_256s_keys_against_c, slh_dsa_shake_256s, 15, "2.16.840.1.101.3.4.3.30");
slhdsa_keys!(slhdsa_256f_keys_against_c, slh_dsa_shake_256f, 16, "2.16.840.1.101.3.4.3.31");

#[test]
fn wrong_algorithm_is_refused() {
    // an ML-DSA-65 key read as ML-DSA-44 or as ML-KEM-768: an error, not a panic
    let (sk, vk) = keccakforge::ml_dsa_65::generate_from_seed(&[1u8; 32]);
    let der = sk.to_pkcs8_der().unwrap();
    assert!(keccakforge::ml_dsa_44::SigningKey::from_pkcs8_der(der.as_bytes()).is_err());
    assert!(keccakforge::ml_kem_768::DecapsulationKey::from_pkcs8_der(der.as_bytes()).is_err());
    let pder = vk.to_public_key_der().unwrap();
    assert!(keccakforge::ml_dsa_87::VerifyingKey::from_public_key_der(pder.as_bytes()).is_err());
}
