// SPDX-License-Identifier: Apache-2.0 OR MIT
//! PKCS#8 and SubjectPublicKeyInfo for the ML-KEM, ML-DSA and SLH-DSA keys: the `pkcs8` and
//! `spki` crates' traits (`EncodePrivateKey`, `DecodePrivateKey`, `EncodePublicKey`,
//! `DecodePublicKey`), in the forms OpenSSL 3.5 and the IETF LAMPS documents use (the C
//! library's `kf_key_*` codecs; see `include/keccakforge.h`).
//!
//! Encoding builds the DER with the `pkcs8`/`der` types (byte for byte what the C encoders
//! write: `tests/keys.rs` compares them); decoding lets `pkcs8`/`spki` read the outer
//! structure and hands it to the C decoder, which checks the key (ML-KEM's hash and modulus
//! checks, an ML-DSA key's consistency, the seed and expanded key agreeing in the "both" form).

use crate::error::Error;
use crate::ffi;
use pkcs8::der::asn1::{BitStringRef, ContextSpecific, OctetStringRef};
use pkcs8::der::{Encode, TagMode, TagNumber};
use pkcs8::spki::{AlgorithmIdentifier, ObjectIdentifier, SubjectPublicKeyInfoRef};
use pkcs8::{Document, PrivateKeyInfoRef, SecretDocument};
use zeroize::Zeroizing;

/// Which CHOICE of the ML-KEM / ML-DSA private-key encoding to write (RFC 9881 for ML-DSA,
/// draft-ietf-lamps-kyber-certificates for ML-KEM). SLH-DSA has one form (the key itself).
///
/// The `EncodePrivateKey` impls write the seed when the key holds one (a key generated or
/// read from a seed), else the expanded key, as the C library's `KF_PRIV_DEFAULT` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrivateKeyForm {
    /// `seed [0] IMPLICIT OCTET STRING` (ML-KEM d || z, 64 bytes; ML-DSA xi, 32 bytes).
    Seed,
    /// `expandedKey OCTET STRING` (ML-KEM dk, ML-DSA sk).
    Expanded,
    /// `both SEQUENCE { seed, expandedKey }`.
    Both,
}

/// The algorithm identifier of a key: the OID, no parameters.
pub(crate) const fn algorithm(oid: &'static str) -> AlgorithmIdentifier<pkcs8::der::asn1::AnyRef<'static>> {
    AlgorithmIdentifier { oid: ObjectIdentifier::new_unwrap(oid), parameters: None }
}

/// SubjectPublicKeyInfo { algorithm, BIT STRING public } as DER.
pub(crate) fn spki_der(oid: ObjectIdentifier, public: &[u8]) -> spki::Result<Document> {
    let info = SubjectPublicKeyInfoRef {
        algorithm: AlgorithmIdentifier { oid, parameters: None },
        subject_public_key: BitStringRef::new(0, public)?,
    };
    Ok(Document::encode_msg(&info)?)
}

/// The privateKey OCTET STRING's content of a key: `form` with `seed` and `private` (ML-KEM,
/// ML-DSA), or `private` itself (`form` None: SLH-DSA).
fn private_key_content(form: Option<PrivateKeyForm>, seed: Option<&[u8]>, private: &[u8])
    -> pkcs8::Result<Zeroizing<Vec<u8>>> {
    let seed_field = |s: &[u8]| -> pkcs8::der::Result<Vec<u8>> {
        ContextSpecific { tag_number: TagNumber(0), tag_mode: TagMode::Implicit, value: OctetStringRef::new(s)? }
            .to_der()
    };
    Ok(Zeroizing::new(match form {
        None => private.to_vec(),
        Some(PrivateKeyForm::Expanded) => OctetStringRef::new(private)?.to_der()?,
        Some(PrivateKeyForm::Seed) => seed_field(seed.ok_or(pkcs8::KeyError::Invalid)?)?,
        Some(PrivateKeyForm::Both) => {
            let s = seed.ok_or(pkcs8::KeyError::Invalid)?;
            [OctetStringRef::new(s)?, OctetStringRef::new(private)?].to_der()?
        }
    }))
}

/// PrivateKeyInfo (v1, no attributes, no public key) of a key as DER.
pub(crate) fn pkcs8_der(oid: ObjectIdentifier, form: Option<PrivateKeyForm>, seed: Option<&[u8]>, private: &[u8])
    -> pkcs8::Result<SecretDocument> {
    let content = private_key_content(form, seed, private)?;
    let info = PrivateKeyInfoRef::new(AlgorithmIdentifier { oid, parameters: None }, OctetStringRef::new(&content)?);
    Ok(SecretDocument::encode_msg(&info)?)
}

/// The C library's view of a PKCS#8 key whose outer structure `pkcs8` has read: the OID must
/// be `oid`; the C decoder (`kf_key_decode_pkcs8`) reads and checks the key.
pub(crate) fn pkcs8_decode(info: &PrivateKeyInfoRef<'_>, oid: ObjectIdentifier, key_type: i32)
    -> pkcs8::Result<ffi::Pkcs8Key> {
    info.algorithm.assert_algorithm_oid(oid)?;
    let der = Zeroizing::new(info.to_der()?);
    let key = ffi::key_decode_pkcs8(&der).map_err(pkcs8_error)?;
    if key.key_type != key_type {
        return Err(pkcs8::Error::PublicKey(spki::Error::OidUnknown { oid }));
    }
    Ok(key)
}

/// The public key of an SPKI whose outer structure `spki` has read: the OID must be `oid`;
/// the C decoder (`kf_key_decode_spki`) checks the rest (no parameters, no unused bits, the
/// size, ML-KEM's modulus check).
pub(crate) fn spki_decode(info: &SubjectPublicKeyInfoRef<'_>, oid: ObjectIdentifier, key_type: i32)
    -> spki::Result<Vec<u8>> {
    info.algorithm.assert_algorithm_oid(oid)?;
    let der = info.to_der()?;
    let (t, public) = ffi::key_decode_spki(&der).map_err(|_| spki::Error::KeyMalformed)?;
    if t != key_type {
        return Err(spki::Error::OidUnknown { oid });
    }
    Ok(public)
}

/// A C status as a `pkcs8` error: malformed DER as ASN.1, a bad key or length as a malformed key.
pub(crate) fn pkcs8_error(e: Error) -> pkcs8::Error {
    match e {
        Error::BadEncoding => pkcs8::Error::Asn1(pkcs8::der::ErrorKind::Failed.into()),
        Error::BadLength => pkcs8::Error::KeyMalformed(pkcs8::KeyError::Invalid),
        _ => pkcs8::Error::KeyMalformed(pkcs8::KeyError::Invalid),
    }
}

/// The `AssociatedAlgorithmIdentifier` and `AssociatedOid` impls of a key type.
macro_rules! key_oid {
    ($ty:ty, $oid:expr) => {
        impl pkcs8::spki::AssociatedAlgorithmIdentifier for $ty {
            type Params = pkcs8::der::asn1::AnyRef<'static>;
            const ALGORITHM_IDENTIFIER: pkcs8::spki::AlgorithmIdentifier<Self::Params> = crate::keys::algorithm($oid);
        }
        impl pkcs8::der::oid::AssociatedOid for $ty {
            const OID: pkcs8::ObjectIdentifier = pkcs8::ObjectIdentifier::new_unwrap($oid);
        }
    };
}
