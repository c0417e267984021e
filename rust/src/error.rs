// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The library's status codes (`kf_status`) as a Rust error.

use core::fmt;

/// An error the keccakforge C library reported (one variant per `kf_status` code).
///
/// ```
/// use keccakforge::{Error, TurboShake128};
/// // TurboSHAKE's domain byte must lie in 0x01..=0x7F
/// assert_eq!(TurboShake128::new(0x80).err(), Some(Error::BadDomain));
/// assert_eq!(Error::BadDomain.to_string(), "KF_ERR_BAD_DOMAIN: TurboSHAKE domain byte outside 0x01..0x7F");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// `KF_ERR_NULL_POINTER`: a NULL context, or a NULL buffer with a non-zero length.
    NullPointer,
    /// `KF_ERR_BAD_STATE`: a call out of order (update after final, ...).
    BadState,
    /// `KF_ERR_BAD_DOMAIN`: a TurboSHAKE domain byte outside 0x01..=0x7F.
    BadDomain,
    /// `KF_ERR_TOO_LONG`: a length overflows its encoding.
    TooLong,
    /// `KF_ERR_BAD_LENGTH`: a length that is not allowed (buffer too small, key or signature
    /// of another size than its parameter set's, ...).
    BadLength,
    /// `KF_ERR_BAD_ALGORITHM`: an unknown algorithm, variant or parameter set.
    BadAlgorithm,
    /// `KF_ERR_UNKNOWN_BACKEND`: no permutation backend of that name in this build.
    UnknownBackend,
    /// `KF_ERR_UNSUPPORTED`: the backend exists but this CPU cannot run it.
    Unsupported,
    /// `KF_ERR_BAD_KEY`: a key of the right length fails its content checks.
    BadKey,
    /// `KF_ERR_RNG`: the random number source failed.
    Rng,
    /// `KF_ERR_BAD_SIGNATURE`: the signature does not verify.
    BadSignature,
    /// `KF_ERR_BAD_CONTEXT`: a context string longer than 255 bytes.
    BadContext,
    /// `KF_ERR_BAD_TAG`: a MAC tag does not match.
    BadTag,
    /// `KF_ERR_BAD_ENCODING`: a malformed DER or PEM encoding.
    BadEncoding,
    /// A status code this version of the crate does not know.
    Other(i32),
}

impl Error {
    /// The error of a C status code (`None` for `KF_OK`).
    pub fn from_status(status: i32) -> Option<Error> {
        Some(match status {
            0 => return None,
            -1 => Error::NullPointer,
            -2 => Error::BadState,
            -3 => Error::BadDomain,
            -4 => Error::TooLong,
            -5 | -12 => Error::BadLength,
            -6 => Error::BadAlgorithm,
            -7 => Error::UnknownBackend,
            -8 => Error::Unsupported,
            -9 => Error::BadKey,
            -10 => Error::Rng,
            -11 => Error::BadSignature,
            -13 => Error::BadContext,
            -14 => Error::BadTag,
            -15 => Error::BadEncoding,
            other => Error::Other(other),
        })
    }

    /// The C status code of this error.
    pub fn status(&self) -> i32 {
        match *self {
            Error::NullPointer => -1,
            Error::BadState => -2,
            Error::BadDomain => -3,
            Error::TooLong => -4,
            Error::BadLength => -5,
            Error::BadAlgorithm => -6,
            Error::UnknownBackend => -7,
            Error::Unsupported => -8,
            Error::BadKey => -9,
            Error::Rng => -10,
            Error::BadSignature => -11,
            Error::BadContext => -13,
            Error::BadTag => -14,
            Error::BadEncoding => -15,
            Error::Other(s) => s,
        }
    }

    fn describe(&self) -> &'static str {
        match self {
            Error::NullPointer => "NULL pointer with a non-zero length",
            Error::BadState => "call out of order",
            Error::BadDomain => "TurboSHAKE domain byte outside 0x01..0x7F",
            Error::TooLong => "length overflows its encoding",
            Error::BadLength => "length not allowed",
            Error::BadAlgorithm => "unknown algorithm or parameter set",
            Error::UnknownBackend => "no backend of that name",
            Error::Unsupported => "backend not supported by this CPU",
            Error::BadKey => "key fails its content checks",
            Error::Rng => "random number source failed",
            Error::BadSignature => "signature does not verify",
            Error::BadContext => "context string longer than 255 bytes",
            Error::BadTag => "MAC tag does not match",
            Error::BadEncoding => "malformed encoding",
            Error::Other(_) => "unknown status",
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", crate::ffi::strerror(self.status()), self.describe())
    }
}

impl std::error::Error for Error {}

impl From<Error> for signature::Error {
    fn from(e: Error) -> signature::Error {
        signature::Error::from_source(e)
    }
}

/// `Ok(())` for `KF_OK`, the error otherwise.
pub(crate) fn check(status: i32) -> Result<(), Error> {
    match Error::from_status(status) {
        None => Ok(()),
        Some(e) => Err(e),
    }
}
