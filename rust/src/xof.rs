// SPDX-License-Identifier: Apache-2.0 OR MIT
//! SHAKE128/256, TurboSHAKE128/256 and cSHAKE128/256 as [`digest::ExtendableOutput`] types.

use crate::error::Error;
use crate::ffi::{self, XofCtx, XofKind};
use core::fmt;
use digest::common::{AlgorithmName, BlockSizeUser};
use digest::consts::{U136, U168, U16, U32};
use digest::{CollisionResistance, CustomizedInit, ExtendableOutput, ExtendableOutputReset, HashMarker, Reset, Update, XofReader};

/// The output stream of a finished XOF ([`digest::XofReader`]): any number of `read` calls of
/// any lengths continue the same output.
#[derive(Clone)]
pub struct KeccakXofReader {
    ctx: XofCtx,
}

impl XofReader for KeccakXofReader {
    #[inline]
    fn read(&mut self, buffer: &mut [u8]) {
        // the context was finished into squeezing state by finalize_xof
        ffi::xof_squeeze(&mut self.ctx, buffer).expect("kf_xof_squeeze on a squeezing context");
    }
}
impl std::io::Read for KeccakXofReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        XofReader::read(self, buf);
        Ok(buf.len())
    }
}
impl zeroize::ZeroizeOnDrop for KeccakXofReader {}
impl fmt::Debug for KeccakXofReader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("KeccakXofReader { ... }")
    }
}

/// The reader of [`Shake128`] (as `sha3::Shake128Reader`).
pub type Shake128Reader = KeccakXofReader;
/// The reader of [`Shake256`].
pub type Shake256Reader = KeccakXofReader;
/// The reader of [`TurboShake128`].
pub type TurboShake128Reader = KeccakXofReader;
/// The reader of [`TurboShake256`].
pub type TurboShake256Reader = KeccakXofReader;
/// The reader of [`CShake128`].
pub type CShake128Reader = KeccakXofReader;
/// The reader of [`CShake256`].
pub type CShake256Reader = KeccakXofReader;

macro_rules! xof_common {
    ($name:ident, $rate:ty, $cr:ty, $title:expr) => {
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
                // absorbing: the reader takes the context, so no absorb after squeeze
                ffi::xof_absorb(&mut self.ctx, data).expect("kf_xof_absorb on an absorbing context");
            }
        }
        impl ExtendableOutput for $name {
            type Reader = KeccakXofReader;
            #[inline]
            fn finalize_xof(self) -> KeccakXofReader {
                KeccakXofReader { ctx: self.ctx }
            }
        }
        impl ExtendableOutputReset for $name {
            fn finalize_xof_reset(&mut self) -> KeccakXofReader {
                let reader = KeccakXofReader { ctx: self.ctx.clone() };
                Reset::reset(self);
                reader
            }
        }
        impl BlockSizeUser for $name {
            type BlockSize = $rate;
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

macro_rules! shake {
    ($name:ident, $kind:expr, $rate:ty, $cr:ty, $title:expr, $example:expr) => {
        #[doc = concat!($title, " (FIPS 202), a drop-in for `shake::", stringify!($name), "` (`sha3::", stringify!($name), "` before sha3 0.12).")]
        ///
        /// ```
        /// use keccakforge::digest::{ExtendableOutput, Update, XofReader};
        #[doc = concat!("let mut x = keccakforge::", stringify!($name), "::default();")]
        /// x.update(b"abc");
        /// let mut reader = x.finalize_xof();
        /// let mut out = [0u8; 16];
        /// reader.read(&mut out[..5]);
        /// reader.read(&mut out[5..]); // the stream continues
        #[doc = concat!("assert_eq!(hex::encode(out), \"", $example, "\");")]
        /// ```
        #[derive(Clone)]
        pub struct $name {
            ctx: XofCtx,
        }
        impl Default for $name {
            fn default() -> Self {
                let mut ctx = XofCtx::zeroed();
                ffi::xof_init(&mut ctx, $kind).expect("XOF init");
                Self { ctx }
            }
        }
        impl Reset for $name {
            fn reset(&mut self) {
                ffi::xof_init(&mut self.ctx, $kind).expect("XOF init");
            }
        }
        xof_common!($name, $rate, $cr, $title);
    };
}
shake!(Shake128, XofKind::Shake128, U168, U16, "SHAKE128", "5881092dd818bf5cf8a3ddb793fbcba7");
shake!(Shake256, XofKind::Shake256, U136, U32, "SHAKE256", "483366601360a8771c6863080cc4114d");

macro_rules! turboshake {
    ($name:ident, $kind:path, $rate:ty, $cr:ty, $title:expr, $example:expr) => {
        #[doc = concat!($title, " (RFC 9861): 12-round Keccak with a domain byte in 0x01..=0x7F.")]
        ///
        #[doc = concat!("`Default` uses the domain byte 0x1F: a drop-in for `turboshake::", stringify!($name), "`")]
        /// (whose other domain bytes are a const parameter, `CTurboShake128<D>`; here it is
        /// the argument of `new`).
        ///
        /// ```
        /// use keccakforge::digest::{ExtendableOutput, Update};
        #[doc = concat!("let mut x = keccakforge::", stringify!($name), "::new(0x1F)?;")]
        /// x.update(b"");
        /// let mut out = [0u8; 16];
        /// x.finalize_xof_into(&mut out);
        #[doc = concat!("assert_eq!(hex::encode(out), \"", $example, "\");")]
        #[doc = concat!("assert!(keccakforge::", stringify!($name), "::new(0).is_err());")]
        /// # Ok::<(), keccakforge::Error>(())
        /// ```
        #[derive(Clone)]
        pub struct $name {
            ctx: XofCtx,
            domain: u8,
        }
        impl $name {
            /// A TurboSHAKE instance with domain byte `domain` ([`Error::BadDomain`] outside
            /// 0x01..=0x7F).
            pub fn new(domain: u8) -> Result<Self, Error> {
                let mut ctx = XofCtx::zeroed();
                ffi::xof_init(&mut ctx, $kind(domain))?;
                Ok(Self { ctx, domain })
            }
        }
        impl Default for $name {
            fn default() -> Self {
                Self::new(0x1F).expect("0x1F is a valid domain byte")
            }
        }
        impl Reset for $name {
            fn reset(&mut self) {
                ffi::xof_init(&mut self.ctx, $kind(self.domain)).expect("domain checked at construction");
            }
        }
        xof_common!($name, $rate, $cr, $title);
    };
}
turboshake!(TurboShake128, XofKind::TurboShake128, U168, U16, "TurboSHAKE128", "1e415f1c5983aff2169217277d17bb53");
turboshake!(TurboShake256, XofKind::TurboShake256, U136, U32, "TurboSHAKE256", "367a329dafea871c7802ec67f905ae13");

macro_rules! cshake {
    ($name:ident, $kind:path, $rate:ty, $cr:ty, $title:expr, $example:expr) => {
        #[doc = concat!($title, " (NIST SP 800-185 §3): SHAKE with a function name N and a customization string S.")]
        ///
        /// `Default` has N and S empty (then cSHAKE is SHAKE). A drop-in for
        #[doc = concat!("`cshake::", stringify!($name), "`: `new_with_function_name(n, s)` and")]
        /// `CustomizedInit::new_customized(s)` as there.
        ///
        /// ```
        /// use keccakforge::digest::{ExtendableOutput, Update};
        #[doc = concat!("let mut x = keccakforge::", stringify!($name), "::new(b\"\", b\"Email Signature\");")]
        /// x.update(&[0, 1, 2, 3]);
        /// let mut out = [0u8; 8];
        /// x.finalize_xof_into(&mut out);
        #[doc = concat!("assert_eq!(hex::encode(out), \"", $example, "\");")]
        /// ```
        #[derive(Clone)]
        pub struct $name {
            ctx: XofCtx,
            init: XofCtx,
        }
        impl $name {
            /// cSHAKE with function name `function_name` (N) and customization `customization` (S).
            pub fn new(function_name: &[u8], customization: &[u8]) -> Self {
                let mut ctx = XofCtx::zeroed();
                // byte strings of any length a slice can have are encodable
                ffi::xof_init(&mut ctx, $kind(function_name, customization)).expect("cSHAKE init");
                Self { init: ctx.clone(), ctx }
            }
            /// cSHAKE with an empty function name and customization `customization`.
            pub fn from_customization(customization: &[u8]) -> Self {
                Self::new(b"", customization)
            }
            /// The same as [`new`](Self::new) (the name `cshake`'s type uses).
            pub fn new_with_function_name(function_name: &[u8], customization: &[u8]) -> Self {
                Self::new(function_name, customization)
            }
        }
        impl CustomizedInit for $name {
            fn new_customized(customization: &[u8]) -> Self {
                Self::new(b"", customization)
            }
        }
        impl Default for $name {
            fn default() -> Self {
                Self::new(b"", b"")
            }
        }
        impl Reset for $name {
            fn reset(&mut self) {
                self.ctx = self.init.clone();
            }
        }
        xof_common!($name, $rate, $cr, $title);
    };
}
cshake!(CShake128, XofKind::CShake128, U168, U16, "cSHAKE128", "c1c36925b6409a04");
cshake!(CShake256, XofKind::CShake256, U136, U32, "cSHAKE256", "d008828e2b80ac9d");
