// SPDX-License-Identifier: Apache-2.0 OR MIT
//! TupleHash and ParallelHash (NIST SP 800-185 §5, §6), fixed-length and XOF variants.
//!
//! TupleHash hashes a tuple of byte strings: each [`add`](TupleHash128::add) is one whole
//! element, so `("ab", "c")` and `("a", "bc")` hash differently (it is not a byte stream and
//! has no `Update`). ParallelHash hashes a byte stream in blocks of B bytes, 4 or 8 blocks per
//! permutation call on the SIMD backends and optionally on threads; it implements `Update`
//! (and its XOF variants `ExtendableOutput`).
//!
//! The fixed variants take the output length as an input (L = 8 x the length), so a shorter
//! output is not a prefix of a longer one; the XOF variants (L = 0) stream.

use crate::error::Error;
use crate::ffi::{self, ParallelHashCtx, TupleHashCtx};
use core::fmt;
use digest::{ExtendableOutput, Reset, Update, XofReader};

/// An XOF's output stream: the first read finishes the input (`$fin`, L = 0), the next ones
/// continue the stream (`$squeeze`).
macro_rules! xof_reader {
    ($reader:ident, $ctx:ty, $fin:ident, $squeeze:ident, $what:expr, $doc:expr) => {
        #[doc = $doc]
        #[derive(Clone)]
        pub struct $reader {
            ctx: $ctx,
            started: bool,
        }
        impl XofReader for $reader {
            fn read(&mut self, buffer: &mut [u8]) {
                if buffer.is_empty() {
                    return;
                }
                let r = if self.started {
                    ffi::$squeeze(&mut self.ctx, buffer)
                } else {
                    ffi::$fin(&mut self.ctx, buffer)
                };
                r.expect(concat!($what, " squeeze"));
                self.started = true;
            }
        }
        impl fmt::Debug for $reader {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!(stringify!($reader), " { ... }"))
            }
        }
        impl zeroize::ZeroizeOnDrop for $reader {}
    };
}

/// What TupleHash128/256 and their XOF variants share: `new`, `add`, `chain`, `Default`,
/// `Debug`, wiping on drop.
macro_rules! tuplehash_common {
    ($name:ident, $v:expr) => {
        impl $name {
            /// An empty tuple with customization string `customization`.
            pub fn new(customization: &[u8]) -> Self {
                let mut ctx = TupleHashCtx::zeroed();
                ffi::tuplehash_init(&mut ctx, $v, customization).expect("kf_tuplehash_init");
                Self { ctx }
            }
            /// Append one element to the tuple.
            pub fn add(&mut self, element: &[u8]) {
                ffi::tuplehash_add(&mut self.ctx, element).expect("kf_tuplehash_add on a live context");
            }
            /// [`add`](Self::add), by value.
            pub fn chain(mut self, element: &[u8]) -> Self {
                self.add(element);
                self
            }
        }
        impl Default for $name {
            fn default() -> Self {
                Self::new(b"")
            }
        }
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!(stringify!($name), " { ... }"))
            }
        }
        impl zeroize::ZeroizeOnDrop for $name {}
    };
}

macro_rules! tuplehash {
    ($name:ident, $xof:ident, $v:expr, $vx:expr, $title:expr, $bits:expr) => {
        #[doc = concat!($title, " (SP 800-185 §5) with customization string S, any output length.")]
        ///
        /// ```
        #[doc = concat!("let mut h = keccakforge::", stringify!($name), "::new(b\"my app\");")]
        /// h.add(b"first element");
        /// h.add(b"second");
        #[doc = concat!("let mut out = [0u8; ", $bits, " / 8];")]
        /// h.clone().finalize_into(&mut out)?;
        /// // the elements' boundaries count
        #[doc = concat!("let mut other = [0u8; ", $bits, " / 8];")]
        #[doc = concat!("keccakforge::", stringify!($name), "::new(b\"my app\").chain(b\"first elementsecond\").finalize_into(&mut other)?;")]
        /// assert_ne!(out, other);
        /// # Ok::<(), keccakforge::Error>(())
        /// ```
        #[derive(Clone)]
        pub struct $name {
            ctx: TupleHashCtx,
        }
        impl $name {
            /// The hash of the tuple with L = 8 x `out.len()` into `out`.
            pub fn finalize_into(mut self, out: &mut [u8]) -> Result<(), Error> {
                ffi::tuplehash_final(&mut self.ctx, out)
            }
        }
        tuplehash_common!($name, $v);

        #[doc = concat!($title, "'s XOF variant (TupleHashXOF, L = 0): [`add`](Self::add) elements, then read any length.")]
        ///
        /// ```
        /// use keccakforge::digest::XofReader;
        #[doc = concat!("let mut reader = keccakforge::", stringify!($xof), "::new(b\"\").chain(b\"a\").chain(b\"b\").finalize_xof();")]
        /// let mut out = [0u8; 100];
        /// reader.read(&mut out[..10]);
        /// reader.read(&mut out[10..]); // the stream continues
        /// ```
        #[derive(Clone)]
        pub struct $xof {
            ctx: TupleHashCtx,
        }
        impl $xof {
            /// The output stream.
            pub fn finalize_xof(self) -> TupleHashXofReader {
                TupleHashXofReader { ctx: self.ctx, started: false }
            }
        }
        tuplehash_common!($xof, $vx);
    };
}
tuplehash!(TupleHash128, TupleHashXof128, 1, 3, "TupleHash128", "256");
tuplehash!(TupleHash256, TupleHashXof256, 2, 4, "TupleHash256", "512");

xof_reader!(
    TupleHashXofReader, TupleHashCtx, tuplehash_final, tuplehash_squeeze, "TupleHashXOF",
    "The output stream of [`TupleHashXof128`] / [`TupleHashXof256`]."
);

macro_rules! parallelhash_common {
    ($name:ident, $v:expr) => {
        impl $name {
            /// ParallelHash with block size `block` bytes (B > 0, else [`Error::BadLength`])
            /// and customization string `customization`.
            pub fn new(block: usize, customization: &[u8]) -> Result<Self, Error> {
                let mut ctx = ParallelHashCtx::zeroed();
                ffi::parallelhash_init(&mut ctx, $v, block, customization)?;
                Ok(Self { init: ctx.clone(), ctx })
            }
            /// Hash the blocks of later updates on up to `threads` threads (0: as many as the
            /// CPUs other processes leave idle; 1: none). The output is unchanged.
            pub fn with_threads(mut self, threads: u32) -> Self {
                ffi::parallelhash_set_threads(&mut self.ctx, threads).expect("kf_parallelhash_set_threads");
                ffi::parallelhash_set_threads(&mut self.init, threads).expect("kf_parallelhash_set_threads");
                self
            }
        }
        impl Update for $name {
            fn update(&mut self, data: &[u8]) {
                ffi::parallelhash_update(&mut self.ctx, data).expect("kf_parallelhash_update on a live context");
            }
        }
        impl Reset for $name {
            /// Back to the state after `new` (block size, customization and threads kept).
            fn reset(&mut self) {
                self.ctx = self.init.clone();
            }
        }
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(concat!(stringify!($name), " { ... }"))
            }
        }
        impl zeroize::ZeroizeOnDrop for $name {}
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

macro_rules! parallelhash {
    ($name:ident, $xof:ident, $v:expr, $vx:expr, $title:expr) => {
        #[doc = concat!($title, " (SP 800-185 §6): a byte stream in blocks of B bytes, any output length.")]
        ///
        /// ```
        /// use keccakforge::digest::Update;
        #[doc = concat!("let mut h = keccakforge::", stringify!($name), "::new(8192, b\"\")?.with_threads(2);")]
        /// h.update(&vec![7u8; 100_000]);
        /// let mut out = [0u8; 32];
        /// h.finalize_into(&mut out)?;
        /// # Ok::<(), keccakforge::Error>(())
        /// ```
        #[derive(Clone)]
        pub struct $name {
            ctx: ParallelHashCtx,
            init: ParallelHashCtx,
        }
        impl $name {
            /// The hash with L = 8 x `out.len()` into `out`.
            pub fn finalize_into(mut self, out: &mut [u8]) -> Result<(), Error> {
                ffi::parallelhash_final(&mut self.ctx, out)
            }
        }
        parallelhash_common!($name, $v);

        #[doc = concat!($title, "'s XOF variant (ParallelHashXOF, L = 0), an [`ExtendableOutput`].")]
        ///
        /// ```
        /// use keccakforge::digest::{ExtendableOutput, Update, XofReader};
        #[doc = concat!("let mut h = keccakforge::", stringify!($xof), "::new(64, b\"app\")?;")]
        /// h.update(b"some bytes");
        /// let mut reader = h.finalize_xof();
        /// let mut out = [0u8; 50];
        /// reader.read(&mut out);
        /// # Ok::<(), keccakforge::Error>(())
        /// ```
        #[derive(Clone)]
        pub struct $xof {
            ctx: ParallelHashCtx,
            init: ParallelHashCtx,
        }
        impl ExtendableOutput for $xof {
            type Reader = ParallelHashXofReader;
            fn finalize_xof(self) -> ParallelHashXofReader {
                ParallelHashXofReader { ctx: self.ctx.clone(), started: false }
            }
        }
        parallelhash_common!($xof, $vx);
    };
}
parallelhash!(ParallelHash128, ParallelHashXof128, 1, 3, "ParallelHash128");
parallelhash!(ParallelHash256, ParallelHashXof256, 2, 4, "ParallelHash256");

xof_reader!(
    ParallelHashXofReader, ParallelHashCtx, parallelhash_final, parallelhash_squeeze, "ParallelHashXOF",
    "The output stream of [`ParallelHashXof128`] / [`ParallelHashXof256`]."
);
