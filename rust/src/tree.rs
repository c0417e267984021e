// SPDX-License-Identifier: Apache-2.0 OR MIT
//! KT128/KT256 and ParallelHash128/256 (and their XOFs) split across threads, processes or
//! machines: the C library's tree-hash API (`kf_tree_leaves`, `kf_tree_final`).
//!
//! A message of `total_len` bytes is cut at leaf boundaries into parts; [`leaves`] gives the
//! chaining values (CVs) of one part from its bytes alone, anywhere and in any order, and
//! [`final_hash`] combines the first chunk and all the CVs, in message order, into exactly
//! the output of the one-shot function.
//!
//! ```
//! use keccakforge::tree::{self, Mode};
//! use keccakforge::digest::{ExtendableOutput, Update};
//! let data = vec![7u8; 5 * 8192 + 100];
//! let n = data.len() as u64;
//! let lay = tree::layout(Mode::Kt128, 0, n).unwrap();
//! let mut cvs = Vec::new();
//! for (off, len) in tree::parts(Mode::Kt128, 0, n, 2).unwrap() {
//!     let part = &data[off as usize..(off + len) as usize];
//!     cvs.extend(tree::leaves(Mode::Kt128, 0, n, b"", off, part).unwrap());
//! }
//! let mut out = [0u8; 32];
//! tree::final_hash(Mode::Kt128, 0, n, b"", &data[..lay.first_len], &cvs, &mut out).unwrap();
//! let mut one = keccakforge::Kt128::default();
//! one.update(&data);
//! let mut want = [0u8; 32];
//! one.finalize_xof_into(&mut want);
//! assert_eq!(out, want);
//! ```

use crate::error::Error;
use crate::ffi;

/// The tree modes (`kf_tree_mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// KT128 (RFC 9861): leaves of 8192 bytes after the first chunk.
    Kt128 = 1,
    /// KT256 (RFC 9861).
    Kt256 = 2,
    /// ParallelHash128 (SP 800-185): blocks of `block` bytes from the start.
    ParallelHash128 = 3,
    /// ParallelHash256.
    ParallelHash256 = 4,
    /// ParallelHashXOF128.
    ParallelHashXof128 = 5,
    /// ParallelHashXOF256.
    ParallelHashXof256 = 6,
}

/// The shape of a message's tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Bytes per leaf: 8192 (KT) or `block` (ParallelHash).
    pub leaf_len: usize,
    /// Bytes per chaining value: 32 (128 modes) or 64 (256 modes).
    pub cv_len: usize,
    /// Bytes of the first chunk [`final_hash`] takes: min(8192, total_len) for KT, 0 for ParallelHash.
    pub first_len: usize,
    /// CVs [`final_hash`] takes.
    pub cv_count: u64,
}

/// The layout of a message of `total_len` bytes (`block`: ParallelHash's B, 0 or 8192 for KT).
pub fn layout(mode: Mode, block: usize, total_len: u64) -> Result<Layout, Error> {
    let (leaf_len, cv_len, first_len, cv_count) = ffi::tree_layout(mode as i32, block, total_len)?;
    Ok(Layout { leaf_len, cv_len, first_len, cv_count })
}

/// `(offset, length)` of `count` parts on leaf boundaries covering the message after the first
/// chunk (empty when it has no leaves).
pub fn parts(mode: Mode, block: usize, total_len: u64, count: u64) -> Result<Vec<(u64, u64)>, Error> {
    let lay = layout(mode, block, total_len)?;
    if count == 0 {
        return Err(Error::BadLength);
    }
    let per = lay.cv_count.div_ceil(count).max(1);
    let mut out = Vec::new();
    let mut i = 0u64;
    while i < lay.cv_count {
        let off = lay.first_len as u64 + i * lay.leaf_len as u64;
        let end = (lay.first_len as u64 + (i + per) * lay.leaf_len as u64).min(total_len);
        out.push((off, end - off));
        i += per;
    }
    Ok(out)
}

/// The CVs of the leaves that start in `part`, the message's bytes `[offset, offset +
/// part.len())` (on leaf boundaries, else [`Error::BadLength`]). KT's last part needs the
/// customization; pass the same one everywhere.
pub fn leaves(mode: Mode, block: usize, total_len: u64, customization: &[u8], offset: u64, part: &[u8])
    -> Result<Vec<u8>, Error> {
    let lay = layout(mode, block, total_len)?;
    let count = part.len().div_ceil(lay.leaf_len);
    let mut cvs = vec![0u8; count.checked_mul(lay.cv_len).ok_or(Error::TooLong)?];
    ffi::tree_leaves(mode as i32, block, total_len, customization, offset, part, &mut cvs)?;
    Ok(cvs)
}

/// The hash of the whole message into `out` from its first chunk (`layout().first_len`
/// bytes) and all its CVs in order ([`Error::BadLength`] if any is missing or extra).
pub fn final_hash(mode: Mode, block: usize, total_len: u64, customization: &[u8], first: &[u8], cvs: &[u8],
                  out: &mut [u8]) -> Result<(), Error> {
    ffi::tree_final(mode as i32, block, total_len, customization, first, cvs, out)
}
