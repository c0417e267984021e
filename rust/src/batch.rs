// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Batched hashing: many independent messages hashed together, 4 or 8 Keccak states per
//! permutation call on the SIMD backends. The results are exactly those of the one-message
//! types ([`crate::Shake128`], [`crate::Sha3_256`], ...).
//!
//! ```
//! use keccakforge::{batch, Digest, Sha3_256};
//! let msgs: Vec<Vec<u8>> = (0..10).map(|i| vec![i as u8; 100 + i]).collect();
//! let inputs: Vec<&[u8]> = msgs.iter().map(|m| m.as_slice()).collect();
//! let digests = batch::sha3_256(&inputs)?;
//! assert_eq!(digests[3], Sha3_256::digest(&msgs[3]).as_slice());
//!
//! let mut outs = vec![[0u8; 48]; 10];
//! let mut out_refs: Vec<&mut [u8]> = outs.iter_mut().map(|o| o.as_mut_slice()).collect();
//! batch::shake128(&inputs, &mut out_refs)?;
//! # Ok::<(), keccakforge::Error>(())
//! ```

use crate::error::Error;
use crate::ffi::{self, BatchAlg};

fn xof(alg: BatchAlg, inputs: &[&[u8]], outputs: &mut [&mut [u8]]) -> Result<(), Error> {
    let len = outputs.first().map_or(0, |o| o.len());
    if outputs.iter().any(|o| o.len() != len) {
        return Err(Error::BadLength);
    }
    ffi::batch_hash(alg, outputs, len, inputs)
}

/// `outputs[i] = SHAKE128(inputs[i])`, as many bytes as `outputs[i]` holds; all outputs must
/// have one length and there must be one per input ([`Error::BadLength`] otherwise).
pub fn shake128(inputs: &[&[u8]], outputs: &mut [&mut [u8]]) -> Result<(), Error> {
    xof(BatchAlg::Shake128, inputs, outputs)
}
/// `outputs[i] = SHAKE256(inputs[i])` (as [`shake128`]).
pub fn shake256(inputs: &[&[u8]], outputs: &mut [&mut [u8]]) -> Result<(), Error> {
    xof(BatchAlg::Shake256, inputs, outputs)
}
/// `outputs[i] = TurboSHAKE128(inputs[i], domain)` (as [`shake128`]; [`Error::BadDomain`]
/// outside 0x01..=0x7F).
pub fn turboshake128(inputs: &[&[u8]], domain: u8, outputs: &mut [&mut [u8]]) -> Result<(), Error> {
    xof(BatchAlg::TurboShake128(domain), inputs, outputs)
}
/// `outputs[i] = TurboSHAKE256(inputs[i], domain)` (as [`turboshake128`]).
pub fn turboshake256(inputs: &[&[u8]], domain: u8, outputs: &mut [&mut [u8]]) -> Result<(), Error> {
    xof(BatchAlg::TurboShake256(domain), inputs, outputs)
}

fn fixed<const N: usize>(alg: BatchAlg, inputs: &[&[u8]]) -> Result<Vec<[u8; N]>, Error> {
    let mut outs = vec![[0u8; N]; inputs.len()];
    let mut refs: Vec<&mut [u8]> = outs.iter_mut().map(|o| o.as_mut_slice()).collect();
    ffi::batch_hash(alg, &mut refs, N, inputs)?;
    Ok(outs)
}
/// SHA3-256 of every input.
pub fn sha3_256(inputs: &[&[u8]]) -> Result<Vec<[u8; 32]>, Error> {
    fixed::<32>(BatchAlg::Sha3_256, inputs)
}
/// SHA3-512 of every input.
pub fn sha3_512(inputs: &[&[u8]]) -> Result<Vec<[u8; 64]>, Error> {
    fixed::<64>(BatchAlg::Sha3_512, inputs)
}
