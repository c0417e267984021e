// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The pre-hash functions of HashML-DSA (FIPS 204 §5.4) and HashSLH-DSA (FIPS 205 §10.2).

/// A pre-hash function of HashML-DSA / HashSLH-DSA: the SHA-3 and SHAKE ones (the SHA-2 ones
/// are not offered). The signature binds the function's OID, so a signer and a verifier must
/// use the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PreHash {
    /// SHA3-224.
    Sha3_224 = 1,
    /// SHA3-256.
    Sha3_256 = 2,
    /// SHA3-384.
    Sha3_384 = 3,
    /// SHA3-512.
    Sha3_512 = 4,
    /// SHAKE128 with a 256-bit output.
    Shake128 = 5,
    /// SHAKE256 with a 512-bit output.
    Shake256 = 6,
}

impl PreHash {
    /// Every pre-hash function, in the order of their C values.
    pub const ALL: [PreHash; 6] =
        [PreHash::Sha3_224, PreHash::Sha3_256, PreHash::Sha3_384, PreHash::Sha3_512, PreHash::Shake128, PreHash::Shake256];

    /// The function's OID (NIST's hashAlgs arc), which HashML-DSA and HashSLH-DSA put in M'.
    pub fn oid(self) -> pkcs8::ObjectIdentifier {
        pkcs8::ObjectIdentifier::new_unwrap(match self {
            PreHash::Sha3_224 => "2.16.840.1.101.3.4.2.7",
            PreHash::Sha3_256 => "2.16.840.1.101.3.4.2.8",
            PreHash::Sha3_384 => "2.16.840.1.101.3.4.2.9",
            PreHash::Sha3_512 => "2.16.840.1.101.3.4.2.10",
            PreHash::Shake128 => "2.16.840.1.101.3.4.2.11",
            PreHash::Shake256 => "2.16.840.1.101.3.4.2.12",
        })
    }
}
