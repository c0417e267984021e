// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The byte-array newtypes of the PQC modules: public values (keys, ciphertexts, signatures)
//! and secret ones (wiped on drop, compared in constant time, never printed).

/// A public byte string of a fixed length. `$boxed` chooses `Box<[u8; N]>` (large signatures,
/// kept off the stack) or `[u8; N]`.
macro_rules! public_bytes {
    ($(#[$m:meta])* $name:ident, $len:expr, inline) => {
        $(#[$m])*
        #[derive(Clone, PartialEq, Eq, Hash)]
        pub struct $name(pub(crate) [u8; $len]);
        impl $name {
            pub(crate) fn zeroed() -> Self {
                Self([0u8; $len])
            }
        }
        public_bytes!(@common $name, $len);
    };
    ($(#[$m:meta])* $name:ident, $len:expr, boxed) => {
        $(#[$m])*
        #[derive(Clone, PartialEq, Eq, Hash)]
        pub struct $name(pub(crate) Box<[u8; $len]>);
        impl $name {
            pub(crate) fn zeroed() -> Self {
                let b: Box<[u8]> = vec![0u8; $len].into_boxed_slice();
                Self(b.try_into().expect("length"))
            }
        }
        public_bytes!(@common $name, $len);
    };
    (@common $name:ident, $len:expr) => {
        impl $name {
            /// The length in bytes.
            pub const LEN: usize = $len;
            /// The bytes.
            pub fn as_bytes(&self) -> &[u8; $len] {
                &self.0
            }
        }
        impl AsRef<[u8]> for $name {
            fn as_ref(&self) -> &[u8] {
                &self.0[..]
            }
        }
        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($name), "({} bytes: "), $len)?;
                for b in &self.0[..8] {
                    write!(f, "{b:02x}")?;
                }
                f.write_str("...)")
            }
        }
        impl From<$name> for Vec<u8> {
            fn from(v: $name) -> Vec<u8> {
                v.0.to_vec()
            }
        }
    };
}

/// A secret byte string of a fixed length: wiped when dropped, `==` in constant time, printed
/// as `Name(..)`.
macro_rules! secret_bytes {
    ($(#[$m:meta])* $name:ident, $len:expr) => {
        $(#[$m])*
        #[derive(Clone)]
        pub struct $name(pub(crate) [u8; $len]);
        impl $name {
            /// The length in bytes.
            pub const LEN: usize = $len;
            /// The secret bytes (handle with care: copies are not wiped for you).
            pub fn as_bytes(&self) -> &[u8; $len] {
                &self.0
            }
            pub(crate) fn zeroed() -> Self {
                Self([0u8; $len])
            }
        }
        impl Drop for $name {
            fn drop(&mut self) {
                zeroize::Zeroize::zeroize(&mut self.0);
            }
        }
        impl zeroize::ZeroizeOnDrop for $name {}
        impl PartialEq for $name {
            /// Constant time (depends on the length only).
            fn eq(&self, other: &Self) -> bool {
                crate::ffi::ct_equal(&self.0, &other.0)
            }
        }
        impl Eq for $name {}
        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(concat!(stringify!($name), "(..)"))
            }
        }
    };
}

/// Fill `buf` from a cryptographic RNG ([`crate::Error::Rng`] if it fails).
pub(crate) fn fill<R: rand_core::TryCryptoRng + ?Sized>(rng: &mut R, buf: &mut [u8]) -> Result<(), crate::Error> {
    rng.try_fill_bytes(buf).map_err(|_| crate::Error::Rng)
}
