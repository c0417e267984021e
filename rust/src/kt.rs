// SPDX-License-Identifier: Apache-2.0 OR MIT
//! KangarooTwelve KT128 and KT256 (RFC 9861) as [`digest::ExtendableOutput`] types.

use crate::error::Error;
use crate::ffi::{self, KtCtx};
use core::fmt;
use digest::common::AlgorithmName;
use digest::consts::{U16, U32};
use digest::{CollisionResistance, CustomizedInit, ExtendableOutput, ExtendableOutputReset, HashMarker, Reset, Update, XofReader};

/// The output stream of a finished [`Kt128`] or [`Kt256`].
#[derive(Clone)]
pub struct KtReader {
    ctx: KtCtx,
}
impl XofReader for KtReader {
    #[inline]
    fn read(&mut self, buffer: &mut [u8]) {
        ffi::kt_squeeze(&mut self.ctx, buffer).expect("kf_kt_squeeze after kf_kt_final");
    }
}
impl std::io::Read for KtReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        XofReader::read(self, buf);
        Ok(buf.len())
    }
}
impl zeroize::ZeroizeOnDrop for KtReader {}
impl fmt::Debug for KtReader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("KtReader { ... }")
    }
}

macro_rules! kt {
    ($name:ident, $variant:expr, $cr:ty, $title:expr, $example:expr) => {
        #[doc = concat!($title, " (RFC 9861) with an optional customization string and threads, a drop-in for `k12::", stringify!($name), "`.")]
        ///
        /// Long inputs are hashed 8 KiB leaf by leaf on the batched SIMD backend (4 or 8 leaves
        /// per permutation call); [`with_threads`](Self::with_threads) spreads them over
        /// threads as well. `Default` has no customization and one thread.
        ///
        /// ```
        /// use keccakforge::digest::{ExtendableOutput, Update};
        #[doc = concat!("let mut x = keccakforge::", stringify!($name), "::default();")]
        /// x.update(b"");
        /// let mut out = [0u8; 16];
        /// x.finalize_xof_into(&mut out);
        #[doc = concat!("assert_eq!(hex::encode(out), \"", $example, "\");")]
        /// // the same with a customization string and up to 2 threads
        #[doc = concat!("let mut y = keccakforge::", stringify!($name), "::new(b\"custom\").with_threads(2);")]
        /// y.update(&vec![7u8; 1 << 20]);
        /// let mut out2 = [0u8; 32];
        /// y.finalize_xof_into(&mut out2);
        /// ```
        #[derive(Clone)]
        pub struct $name {
            ctx: KtCtx,
            custom: Vec<u8>,
            threads: u32,
        }
        impl $name {
            /// An instance with customization string `customization` (C in RFC 9861).
            pub fn new(customization: &[u8]) -> Self {
                let mut ctx = KtCtx::zeroed();
                ffi::kt_init(&mut ctx, $variant).expect("kf_kt_init of a known variant");
                Self { ctx, custom: customization.to_vec(), threads: 1 }
            }
            /// Hash the leaves of later updates on up to `threads` threads (0: as many as the
            /// CPUs other processes leave idle; 1: no threads). The output is unchanged.
            pub fn with_threads(mut self, threads: u32) -> Self {
                self.set_threads(threads).expect("kf_kt_set_threads on a live context");
                self
            }
            /// As [`with_threads`](Self::with_threads), in place.
            pub fn set_threads(&mut self, threads: u32) -> Result<(), Error> {
                ffi::kt_set_threads(&mut self.ctx, threads)?;
                self.threads = threads;
                Ok(())
            }
        }
        impl Default for $name {
            fn default() -> Self {
                Self::new(b"")
            }
        }
        impl CustomizedInit for $name {
            fn new_customized(customization: &[u8]) -> Self {
                Self::new(customization)
            }
        }
        impl HashMarker for $name {}
        impl CollisionResistance for $name {
            type CollisionResistance = $cr;
        }
        impl AlgorithmName for $name {
            fn write_alg_name(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($title)
            }
        }
        impl zeroize::ZeroizeOnDrop for $name {}
        impl Update for $name {
            #[inline]
            fn update(&mut self, data: &[u8]) {
                ffi::kt_update(&mut self.ctx, data).expect("kf_kt_update on a live context");
            }
        }
        impl ExtendableOutput for $name {
            type Reader = KtReader;
            fn finalize_xof(mut self) -> KtReader {
                ffi::kt_final(&mut self.ctx, &self.custom).expect("kf_kt_final once");
                KtReader { ctx: self.ctx.clone() }
            }
        }
        impl ExtendableOutputReset for $name {
            fn finalize_xof_reset(&mut self) -> KtReader {
                let mut ctx = self.ctx.clone();
                ffi::kt_final(&mut ctx, &self.custom).expect("kf_kt_final once");
                Reset::reset(self);
                KtReader { ctx }
            }
        }
        impl Reset for $name {
            fn reset(&mut self) {
                ffi::kt_init(&mut self.ctx, $variant).expect("kf_kt_init of a known variant");
                ffi::kt_set_threads(&mut self.ctx, self.threads).expect("kf_kt_set_threads");
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
kt!(Kt128, 1, U16, "KT128", "1ac2d450fc3b4205d19da7bfca1b3751");
kt!(Kt256, 2, U32, "KT256", "b23d2e9cea9f4904e02bec06817fc10c");
