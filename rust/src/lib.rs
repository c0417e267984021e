// SPDX-License-Identifier: Apache-2.0 OR MIT
//! keccakforge: everything built on Keccak-p\[1600\] — SHA-3, SHAKE, TurboSHAKE,
//! KangarooTwelve, cSHAKE, KMAC, TupleHash, ParallelHash, batched hashing, ML-KEM, ML-DSA and
//! SLH-DSA — on the keccakforge C library (run-time dispatch to scalar, AVX2 and AVX-512 code
//! that runs up to eight Keccak states at once), behind RustCrypto's traits of the current
//! generation: `digest` 0.11, `signature` 3, `kem` 0.3, `pkcs8` 0.11 / `spki` 0.8 and
//! `rand_core` 0.10.
//!
//! The hash types are drop-ins for the `sha3` 0.12, `shake`, `turboshake`, `cshake` and
//! `k12` 0.5 crates' types of the same names:
//!
//! ```
//! use keccakforge::{Digest, Sha3_256};
//! let d = Sha3_256::digest(b"abc");
//! assert_eq!(hex::encode(d), "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
//! ```
//!
//! All `unsafe` code is in one private module (the C calls); everything else is checked by
//! `#![deny(unsafe_code)]`.
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod ffi;
#[macro_use]
mod bytes;
#[macro_use]
mod keys;

pub mod batch;
mod error;
mod hash;
mod kmac;
mod kt;
mod mldsa;
mod mlkem;
mod mlkem_common;
mod prehash;
mod slhdsa;
mod sp800185;
pub mod tree;
mod xof;

pub use digest;
pub use kem;
pub use pkcs8;
pub use rand_core;
pub use signature;
pub use spki;
pub use keys::PrivateKeyForm;
pub use mldsa::{ml_dsa_44, ml_dsa_65, ml_dsa_87};
pub use mlkem::{ml_kem_1024, ml_kem_512, ml_kem_768, MlKem1024, MlKem512, MlKem768};
pub use prehash::PreHash;
pub use sp800185::{
    ParallelHash128, ParallelHash256, ParallelHashXof128, ParallelHashXof256, ParallelHashXofReader, TupleHash128,
    TupleHash256, TupleHashXof128, TupleHashXof256, TupleHashXofReader,
};
pub use slhdsa::{
    slh_dsa_shake_128f, slh_dsa_shake_128s, slh_dsa_shake_192f, slh_dsa_shake_192s, slh_dsa_shake_256f,
    slh_dsa_shake_256s,
};
pub use digest::{Digest, ExtendableOutput, Mac, XofReader};
pub use error::Error;
pub use hash::{Keccak256, Keccak512, Sha3_224, Sha3_256, Sha3_384, Sha3_512};
pub use kmac::{Kmac128, Kmac256};
pub use kt::{Kt128, Kt256, KtReader};
pub use xof::{
    CShake128, CShake128Reader, CShake256, CShake256Reader, KeccakXofReader, Shake128, Shake128Reader, Shake256,
    Shake256Reader, TurboShake128, TurboShake128Reader, TurboShake256, TurboShake256Reader,
};

// README.md's examples run as doctests
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The C library's version ("0.1.0").
///
/// ```
/// assert_eq!(keccakforge::version(), "0.1.0");
/// ```
pub fn version() -> &'static str {
    ffi::version_string()
}

/// The Keccak-p\[1600\] backends in use: the one-state backend and the batched one (for
/// example `("avx512vl-x1-pairs", "avx512-x8")`, or `"x1"` as the second when there is none).
///
/// ```
/// let (x1, xn) = keccakforge::backends();
/// assert!(!x1.is_empty() && !xn.is_empty());
/// ```
pub fn backends() -> (&'static str, &'static str) {
    (ffi::backend_name(), ffi::backend_batch_name())
}
