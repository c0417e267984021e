// SPDX-License-Identifier: Apache-2.0 OR MIT
//! KMAC128 and KMAC256 (NIST SP 800-185 §4) as [`digest::Mac`] types.

use crate::error::Error;
use crate::ffi::{self, KmacCtx};
use core::fmt;
use digest::consts::{U32, U64};
use digest::common::KeySizeUser;
use digest::{FixedOutput, FixedOutputReset, InvalidLength, KeyInit, MacMarker, Output, OutputSizeUser, Reset, Update};

macro_rules! kmac {
    ($name:ident, $variant:expr, $out:ty, $key:ty, $title:expr, $bits:expr) => {
        #[doc = concat!($title, " (SP 800-185 §4) with a ", $bits, "-bit tag, as a [`digest::Mac`].")]
        ///
        /// Keys of any length are accepted ([`KeyInit::new_from_slice`]; the `KeySize` is only
        /// the recommended length); [`new_customized`](Self::new_customized) sets the
        /// customization string S. `verify_slice`/`verify` compare tags in constant time
        /// (digest's `ctutils`); [`verify_tag`](Self::verify_tag) checks a tag of any length
        /// (KMAC with L = 8 x its length) with the C library's constant-time comparison.
        /// The key's state is wiped when the value is dropped.
        ///
        /// ```
        #[doc = concat!("use keccakforge::{", stringify!($name), ", digest::{KeyInit, Mac}};")]
        /// let key: Vec<u8> = (0x40..0x60).collect();
        #[doc = concat!("let mut mac = ", stringify!($name), "::new_customized(&key, b\"My Tagged Application\");")]
        /// mac.update(&[0, 1, 2, 3]);
        /// let tag = mac.clone().finalize().into_bytes();
        /// assert!(mac.verify_slice(&tag).is_ok());
        #[doc = concat!("let mut other = ", stringify!($name), "::new_from_slice(b\"another key\").unwrap();")]
        /// other.update(&[0, 1, 2, 3]);
        /// assert!(other.verify_slice(&tag).is_err());
        /// ```
        #[derive(Clone)]
        pub struct $name {
            ctx: KmacCtx,
            init: KmacCtx,
        }
        impl $name {
            /// KMAC with key `key` (any length) and customization string `customization`.
            pub fn new_customized(key: &[u8], customization: &[u8]) -> Self {
                let mut ctx = KmacCtx::zeroed();
                // every byte-string key and customization a slice can hold is encodable
                ffi::kmac_init(&mut ctx, $variant, key, customization).expect("kf_kmac_init");
                Self { init: ctx.clone(), ctx }
            }
            /// Write KMAC(key, message, L = 8 x `out.len()`, S) into `out` (any length >= 1):
            /// a tag of another length than the type's `OutputSize` (the output length is part
            /// of KMAC's input, so it is not a prefix of a longer tag).
            pub fn finalize_into_len(mut self, out: &mut [u8]) -> Result<(), Error> {
                ffi::kmac_final(&mut self.ctx, out)
            }
            /// Check a tag of any length (L = 8 x `tag.len()`) in constant time:
            /// [`Error::BadTag`] if it does not match, [`Error::BadLength`] if it is empty.
            pub fn verify_tag(mut self, tag: &[u8]) -> Result<(), Error> {
                ffi::kmac_verify(&mut self.ctx, tag)
            }
        }
        impl KeySizeUser for $name {
            type KeySize = $key;
        }
        impl KeyInit for $name {
            fn new(key: &digest::Key<Self>) -> Self {
                Self::new_customized(key, b"")
            }
            fn new_from_slice(key: &[u8]) -> Result<Self, InvalidLength> {
                Ok(Self::new_customized(key, b""))
            }
        }
        impl MacMarker for $name {}
        impl OutputSizeUser for $name {
            type OutputSize = $out;
        }
        impl Update for $name {
            #[inline]
            fn update(&mut self, data: &[u8]) {
                ffi::kmac_update(&mut self.ctx, data).expect("kf_kmac_update on a live context");
            }
        }
        impl FixedOutput for $name {
            fn finalize_into(mut self, out: &mut Output<Self>) {
                ffi::kmac_final(&mut self.ctx, out).expect("kf_kmac_final");
            }
        }
        impl FixedOutputReset for $name {
            fn finalize_into_reset(&mut self, out: &mut Output<Self>) {
                ffi::kmac_final(&mut self.ctx, out).expect("kf_kmac_final");
                Reset::reset(self);
            }
        }
        impl Reset for $name {
            fn reset(&mut self) {
                self.ctx = self.init.clone();
            }
        }
        impl zeroize::ZeroizeOnDrop for $name {}
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!(stringify!($name), " { ... }"))
            }
        }
    };
}
kmac!(Kmac128, 1, U32, U32, "KMAC128", "256");
kmac!(Kmac256, 2, U64, U64, "KMAC256", "512");
