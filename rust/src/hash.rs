// SPDX-License-Identifier: Apache-2.0 OR MIT
//! SHA3-224/256/384/512 and legacy Keccak-256/512 as [`digest::Digest`] types.

use crate::ffi::{self, HashCtx};
use core::fmt;
use digest::common::BlockSizeUser;
use digest::const_oid::{AssociatedOid, ObjectIdentifier};
use digest::consts::{U104, U136, U144, U28, U32, U48, U64, U72};
use digest::{FixedOutput, FixedOutputReset, HashMarker, Output, OutputSizeUser, Reset, Update};

macro_rules! fixed_hash {
    ($name:ident, $alg:expr, $out:ty, $rate:ty, $title:expr, $example:expr) => {
        #[doc = concat!($title, " on keccakforge's Keccak, a drop-in for `sha3::", stringify!($name), "`.")]
        ///
        /// Implements [`digest::Digest`] (through `Update`, `FixedOutput`, `Default` and
        /// `HashMarker`), `Reset`, `FixedOutputReset` (hence `DynDigest`), `Clone` (an
        /// independent copy of the state), `std::io::Write`, `ZeroizeOnDrop` (the C context is
        /// wiped when dropped) and, for SHA-3, `AssociatedOid` (hence `DynDigestWithOid`).
        ///
        /// ```
        #[doc = concat!("use keccakforge::{", stringify!($name), ", Digest};")]
        #[doc = concat!("let mut h = ", stringify!($name), "::new();")]
        /// h.update(b"abc");
        /// let copy = h.clone();
        /// let d = h.finalize();
        #[doc = concat!("assert_eq!(hex::encode(&d), \"", $example, "\");")]
        #[doc = concat!("assert_eq!(copy.finalize(), ", stringify!($name), "::digest(b\"abc\"));")]
        /// ```
        #[derive(Clone)]
        pub struct $name {
            ctx: HashCtx,
        }

        impl Default for $name {
            #[inline]
            fn default() -> Self {
                let mut ctx = HashCtx::zeroed();
                // a known algorithm and a fresh context: init cannot fail
                ffi::hash_init(&mut ctx, $alg).expect("kf_hash_init of a known algorithm");
                Self { ctx }
            }
        }
        impl HashMarker for $name {}
        impl OutputSizeUser for $name {
            type OutputSize = $out;
        }
        impl BlockSizeUser for $name {
            type BlockSize = $rate;
        }
        impl Update for $name {
            #[inline]
            fn update(&mut self, data: &[u8]) {
                // the context is initialized and never finished while self exists
                ffi::hash_update(&mut self.ctx, data).expect("kf_hash_update on a live context");
            }
        }
        impl FixedOutput for $name {
            #[inline]
            fn finalize_into(mut self, out: &mut Output<Self>) {
                ffi::hash_final(&mut self.ctx, out).expect("kf_hash_final with the digest's size");
            }
        }
        impl FixedOutputReset for $name {
            #[inline]
            fn finalize_into_reset(&mut self, out: &mut Output<Self>) {
                ffi::hash_final(&mut self.ctx, out).expect("kf_hash_final with the digest's size");
                Reset::reset(self);
            }
        }
        impl Reset for $name {
            #[inline]
            fn reset(&mut self) {
                ffi::hash_init(&mut self.ctx, $alg).expect("kf_hash_init of a known algorithm");
            }
        }
        impl zeroize::ZeroizeOnDrop for $name {}
        impl digest::common::AlgorithmName for $name {
            fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($title)
            }
        }
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!(stringify!($name), " { ... }"))
            }
        }
        impl std::io::Write for $name {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                Update::update(self, buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
    };
}

fixed_hash!(Sha3_224, 1, U28, U144, "SHA3-224",
    "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf");
fixed_hash!(Sha3_256, 2, U32, U136, "SHA3-256",
    "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
fixed_hash!(Sha3_384, 3, U48, U104, "SHA3-384",
    "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25");
fixed_hash!(Sha3_512, 4, U64, U72, "SHA3-512",
    "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0");
fixed_hash!(Keccak256, 5, U32, U136, "Keccak-256 (the 2011 padding, as Ethereum uses; not SHA3-256)",
    "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
fixed_hash!(Keccak512, 6, U64, U72, "Keccak-512 (the 2011 padding; not SHA3-512)",
    "18587dc2ea106b9a1563e32b3312421ca164c7f1f07bc922a9c83d77cea3a1e5d0c69910739025372dc14ac9642629379540c17e2a65b19d77aa511a9d00bb96");

macro_rules! oid {
    ($name:ident, $oid:expr) => {
        impl AssociatedOid for $name {
            const OID: ObjectIdentifier = ObjectIdentifier::new_unwrap($oid);
        }
    };
}
// NIST's hashAlgs arc (2.16.840.1.101.3.4.2), as sha3 0.12 gives them
oid!(Sha3_224, "2.16.840.1.101.3.4.2.7");
oid!(Sha3_256, "2.16.840.1.101.3.4.2.8");
oid!(Sha3_384, "2.16.840.1.101.3.4.2.9");
oid!(Sha3_512, "2.16.840.1.101.3.4.2.10");
