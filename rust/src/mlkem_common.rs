// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Types shared by the ML-KEM parameter sets.

use crate::bytes::fill;
use crate::error::Error;

secret_bytes!(
    /// An ML-KEM shared secret K (32 bytes); wiped on drop, `==` in constant time.
    SharedSecret, 32);
secret_bytes!(
    /// The 64-byte key-generation seed d || z (FIPS 203 Alg. 16): the whole private key in
    /// its shortest form; wiped on drop.
    Seed, 64);

impl Seed {
    /// A seed from its bytes (d || z).
    pub fn from_bytes(bytes: &[u8; 64]) -> Self {
        Self(*bytes)
    }
    /// A fresh seed from `rng`.
    pub fn random<R: rand_core::TryCryptoRng + ?Sized>(rng: &mut R) -> Result<Self, Error> {
        let mut s = Self::zeroed();
        fill(rng, &mut s.0)?;
        Ok(s)
    }
    pub(crate) fn halves(&self) -> (&[u8; 32], &[u8; 32]) {
        let (d, z) = self.0.split_at(32);
        (d.try_into().expect("32"), z.try_into().expect("32"))
    }
}
