// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The only module with `unsafe`: the C declarations of `include/keccakforge.h` that the crate
//! uses and a safe function for each. Every safe function passes the C library pointers it
//! derived from Rust references or slices with their true lengths, and turns its status code
//! into a [`Result`]. The C contexts are plain, trivially copyable structs (the header's
//! "Copying" convention): Rust holds them by value, copies them with `Clone`, and wipes them
//! with `kf_wipe` on drop.
#![allow(unsafe_code)]

use crate::error::{check, Error};
use core::ffi::{c_char, c_int, c_uint, c_void, CStr};

pub mod consts {
    #![allow(dead_code)]
    include!(concat!(env!("OUT_DIR"), "/kf_consts.rs"));
}
use consts::*;

macro_rules! ctx {
    ($name:ident, $bytes:expr) => {
        /// Storage of a C context (`KF_DECLARE_CTX` in the header: 32-byte aligned bytes).
        #[repr(C, align(32))]
        #[derive(Clone)]
        pub struct $name([u8; $bytes]);
        impl $name {
            /// Zeroed storage, ready for the C library's init call.
            pub const fn zeroed() -> Self {
                Self([0u8; $bytes])
            }
        }
        impl Drop for $name {
            fn drop(&mut self) {
                wipe(&mut self.0);
            }
        }
    };
}
ctx!(HashCtx, KF_HASH_CTX_BYTES);
ctx!(XofCtx, KF_XOF_CTX_BYTES);
ctx!(KmacCtx, KF_KMAC_CTX_BYTES);
ctx!(KtCtx, KF_KT_CTX_BYTES);
ctx!(TupleHashCtx, KF_TUPLEHASH_CTX_BYTES);
ctx!(ParallelHashCtx, KF_PARALLELHASH_CTX_BYTES);

mod sys {
    use super::*;
    unsafe extern "C" {
        pub fn kf_strerror(status: c_int) -> *const c_char;
        pub fn kf_version_string() -> *const c_char;
        pub fn kf_backend_name() -> *const c_char;
        pub fn kf_backend_batch_name() -> *const c_char;
        pub fn kf_ct_equal(a: *const c_void, b: *const c_void, len: usize) -> c_int;
        pub fn kf_wipe(p: *mut c_void, len: usize);

        pub fn kf_hash_init(ctx: *mut HashCtx, alg: c_int) -> c_int;
        pub fn kf_hash_update(ctx: *mut HashCtx, inp: *const c_void, len: usize) -> c_int;
        pub fn kf_hash_final(ctx: *mut HashCtx, out: *mut u8, outlen: usize) -> c_int;

        pub fn kf_shake128_init(ctx: *mut XofCtx) -> c_int;
        pub fn kf_shake256_init(ctx: *mut XofCtx) -> c_int;
        pub fn kf_turboshake128_init(ctx: *mut XofCtx, domain: u8) -> c_int;
        pub fn kf_turboshake256_init(ctx: *mut XofCtx, domain: u8) -> c_int;
        pub fn kf_cshake128_init(ctx: *mut XofCtx, n: *const c_void, nlen: usize, s: *const c_void, slen: usize) -> c_int;
        pub fn kf_cshake256_init(ctx: *mut XofCtx, n: *const c_void, nlen: usize, s: *const c_void, slen: usize) -> c_int;
        pub fn kf_xof_absorb(ctx: *mut XofCtx, inp: *const c_void, len: usize) -> c_int;
        pub fn kf_xof_squeeze(ctx: *mut XofCtx, out: *mut u8, len: usize) -> c_int;

        pub fn kf_kmac_init(ctx: *mut KmacCtx, v: c_int, key: *const c_void, keylen: usize, s: *const c_void, slen: usize) -> c_int;
        pub fn kf_kmac_update(ctx: *mut KmacCtx, inp: *const c_void, len: usize) -> c_int;
        pub fn kf_kmac_final(ctx: *mut KmacCtx, out: *mut u8, outlen: usize) -> c_int;
        pub fn kf_kmac_verify(ctx: *mut KmacCtx, tag: *const u8, taglen: usize) -> c_int;

        pub fn kf_kt_init(ctx: *mut KtCtx, v: c_int) -> c_int;
        pub fn kf_kt_set_threads(ctx: *mut KtCtx, threads: c_uint) -> c_int;
        pub fn kf_kt_update(ctx: *mut KtCtx, inp: *const c_void, len: usize) -> c_int;
        pub fn kf_kt_final(ctx: *mut KtCtx, custom: *const c_void, customlen: usize) -> c_int;
        pub fn kf_kt_squeeze(ctx: *mut KtCtx, out: *mut u8, len: usize) -> c_int;

        pub fn kf_batch_hash(alg: c_int, out: *const *mut u8, outlen: usize, inp: *const *const u8,
                             inlen: *const usize, n: usize) -> c_int;
        pub fn kf_turboshake128_batch(out: *const *mut u8, outlen: usize, inp: *const *const u8,
                                      inlen: *const usize, n: usize, domain: u8) -> c_int;
        pub fn kf_turboshake256_batch(out: *const *mut u8, outlen: usize, inp: *const *const u8,
                                      inlen: *const usize, n: usize, domain: u8) -> c_int;

        pub fn kf_mlkem_keygen_internal(param: c_int, ek: *mut u8, dk: *mut u8, d: *const u8, z: *const u8) -> c_int;
        pub fn kf_mlkem_encaps_internal(param: c_int, ct: *mut u8, ss: *mut u8, ek: *const u8, eklen: usize,
                                        m: *const u8) -> c_int;
        pub fn kf_mlkem_decaps(param: c_int, ss: *mut u8, ct: *const u8, ctlen: usize, dk: *const u8, dklen: usize) -> c_int;
        pub fn kf_mlkem_check_ek(param: c_int, ek: *const u8, eklen: usize) -> c_int;
        pub fn kf_mlkem_check_dk(param: c_int, dk: *const u8, dklen: usize) -> c_int;

        pub fn kf_mldsa_keygen_internal(param: c_int, pk: *mut u8, sk: *mut u8, xi: *const u8) -> c_int;
        pub fn kf_mldsa_sign(param: c_int, sig: *mut u8, siglen: usize, msg: *const c_void, msglen: usize,
                             ctx: *const c_void, ctxlen: usize, rnd: *const u8, sk: *const u8, sklen: usize) -> c_int;
        pub fn kf_mldsa_verify(param: c_int, msg: *const c_void, msglen: usize, ctx: *const c_void, ctxlen: usize,
                               sig: *const u8, siglen: usize, pk: *const u8, pklen: usize) -> c_int;

        pub fn kf_slhdsa_keygen_internal(param: c_int, pk: *mut u8, sk: *mut u8, sk_seed: *const u8,
                                         sk_prf: *const u8, pk_seed: *const u8) -> c_int;
        pub fn kf_slhdsa_sign(param: c_int, sig: *mut u8, siglen: usize, msg: *const c_void, msglen: usize,
                              ctx: *const c_void, ctxlen: usize, addrnd: *const u8, sk: *const u8, sklen: usize) -> c_int;
        pub fn kf_slhdsa_verify(param: c_int, msg: *const c_void, msglen: usize, ctx: *const c_void, ctxlen: usize,
                                sig: *const u8, siglen: usize, pk: *const u8, pklen: usize) -> c_int;
        pub fn kf_slhdsa_n(param: c_int) -> usize;

        pub fn kf_mldsa_hash_sign(param: c_int, ph: c_int, sig: *mut u8, siglen: usize, msg: *const c_void,
                                  msglen: usize, ctx: *const c_void, ctxlen: usize, rnd: *const u8, sk: *const u8,
                                  sklen: usize) -> c_int;
        pub fn kf_mldsa_hash_verify(param: c_int, ph: c_int, msg: *const c_void, msglen: usize, ctx: *const c_void,
                                    ctxlen: usize, sig: *const u8, siglen: usize, pk: *const u8, pklen: usize) -> c_int;
        pub fn kf_mldsa_check_sk(param: c_int, sk: *const u8, sklen: usize) -> c_int;
        pub fn kf_mldsa_pk_from_sk(param: c_int, pk: *mut u8, sk: *const u8, sklen: usize) -> c_int;
        pub fn kf_slhdsa_hash_sign(param: c_int, ph: c_int, sig: *mut u8, siglen: usize, msg: *const c_void,
                                   msglen: usize, ctx: *const c_void, ctxlen: usize, addrnd: *const u8, sk: *const u8,
                                   sklen: usize) -> c_int;
        pub fn kf_slhdsa_hash_verify(param: c_int, ph: c_int, msg: *const c_void, msglen: usize, ctx: *const c_void,
                                     ctxlen: usize, sig: *const u8, siglen: usize, pk: *const u8, pklen: usize) -> c_int;

        pub fn kf_tuplehash_init(ctx: *mut TupleHashCtx, v: c_int, s: *const c_void, slen: usize) -> c_int;
        pub fn kf_tuplehash_add(ctx: *mut TupleHashCtx, elem: *const c_void, len: usize) -> c_int;
        pub fn kf_tuplehash_final(ctx: *mut TupleHashCtx, out: *mut u8, outlen: usize) -> c_int;
        pub fn kf_tuplehash_squeeze(ctx: *mut TupleHashCtx, out: *mut u8, len: usize) -> c_int;
        pub fn kf_parallelhash_init(ctx: *mut ParallelHashCtx, v: c_int, block: usize, s: *const c_void,
                                    slen: usize) -> c_int;
        pub fn kf_parallelhash_set_threads(ctx: *mut ParallelHashCtx, threads: c_uint) -> c_int;
        pub fn kf_parallelhash_update(ctx: *mut ParallelHashCtx, inp: *const c_void, len: usize) -> c_int;
        pub fn kf_parallelhash_final(ctx: *mut ParallelHashCtx, out: *mut u8, outlen: usize) -> c_int;
        pub fn kf_parallelhash_squeeze(ctx: *mut ParallelHashCtx, out: *mut u8, len: usize) -> c_int;

        pub fn kf_key_decode_spki(der: *const u8, derlen: usize, t: *mut c_int, pubk: *mut u8, pubcap: usize,
                                  publen: *mut usize) -> c_int;
        pub fn kf_key_decode_pkcs8(der: *const u8, derlen: usize, t: *mut c_int, form: *mut c_int, seed: *mut u8,
                                   seedcap: usize, seedlen: *mut usize, privk: *mut u8, privcap: usize,
                                   privlen: *mut usize) -> c_int;
    }
}

/// A NUL-terminated string the C library returns (static storage, never NULL per the header).
fn static_str(p: *const c_char) -> &'static str {
    if p.is_null() {
        return "";
    }
    // SAFETY: the library's name/version/strerror functions return pointers to NUL-terminated
    // string literals with static storage duration; p was checked non-NULL.
    let s = unsafe { CStr::from_ptr(p) };
    s.to_str().unwrap_or("")
}

pub fn strerror(status: i32) -> &'static str {
    // SAFETY: kf_strerror takes any int and returns a static string.
    static_str(unsafe { sys::kf_strerror(status) })
}
pub fn version_string() -> &'static str {
    // SAFETY: no arguments; returns a static string.
    static_str(unsafe { sys::kf_version_string() })
}
pub fn backend_name() -> &'static str {
    // SAFETY: no arguments; returns a static string (the backend table's name).
    static_str(unsafe { sys::kf_backend_name() })
}
pub fn backend_batch_name() -> &'static str {
    // SAFETY: no arguments; returns a static string.
    static_str(unsafe { sys::kf_backend_batch_name() })
}

/// Constant-time equality (time depends on the length only); false for different lengths.
pub fn ct_equal(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    // SAFETY: both slices are valid for a.len() bytes of reads.
    unsafe { sys::kf_ct_equal(a.as_ptr().cast(), b.as_ptr().cast(), a.len()) == 1 }
}

/// Zero a buffer in a way the compiler cannot remove.
pub fn wipe(buf: &mut [u8]) {
    // SAFETY: buf is valid for buf.len() bytes of writes.
    unsafe { sys::kf_wipe(buf.as_mut_ptr().cast(), buf.len()) }
}

// ---- fixed-length hashes ------------------------------------------------------------------

pub fn hash_init(ctx: &mut HashCtx, alg: c_int) -> Result<(), Error> {
    // SAFETY: ctx is a properly sized and aligned context the library may write.
    check(unsafe { sys::kf_hash_init(ctx, alg) })
}
pub fn hash_update(ctx: &mut HashCtx, data: &[u8]) -> Result<(), Error> {
    // SAFETY: ctx is an initialized context (callers init it on construction); data is valid
    // for data.len() bytes.
    check(unsafe { sys::kf_hash_update(ctx, data.as_ptr().cast(), data.len()) })
}
pub fn hash_final(ctx: &mut HashCtx, out: &mut [u8]) -> Result<(), Error> {
    // SAFETY: out is valid for out.len() bytes of writes; the library checks out.len() against
    // the digest size and never writes more than that.
    check(unsafe { sys::kf_hash_final(ctx, out.as_mut_ptr(), out.len()) })
}

// ---- XOFs ---------------------------------------------------------------------------------

/// Which XOF a [`XofCtx`] is initialized as.
#[derive(Clone, Copy, Debug)]
pub enum XofKind<'a> {
    Shake128,
    Shake256,
    TurboShake128(u8),
    TurboShake256(u8),
    CShake128(&'a [u8], &'a [u8]),
    CShake256(&'a [u8], &'a [u8]),
}

pub fn xof_init(ctx: &mut XofCtx, kind: XofKind<'_>) -> Result<(), Error> {
    // SAFETY (all arms): ctx is a properly sized and aligned context; N and S are slices valid
    // for their lengths.
    check(unsafe {
        match kind {
            XofKind::Shake128 => sys::kf_shake128_init(ctx),
            XofKind::Shake256 => sys::kf_shake256_init(ctx),
            XofKind::TurboShake128(d) => sys::kf_turboshake128_init(ctx, d),
            XofKind::TurboShake256(d) => sys::kf_turboshake256_init(ctx, d),
            XofKind::CShake128(n, s) => {
                sys::kf_cshake128_init(ctx, n.as_ptr().cast(), n.len(), s.as_ptr().cast(), s.len())
            }
            XofKind::CShake256(n, s) => {
                sys::kf_cshake256_init(ctx, n.as_ptr().cast(), n.len(), s.as_ptr().cast(), s.len())
            }
        }
    })
}
pub fn xof_absorb(ctx: &mut XofCtx, data: &[u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by xof_init; data valid for data.len() bytes.
    check(unsafe { sys::kf_xof_absorb(ctx, data.as_ptr().cast(), data.len()) })
}
pub fn xof_squeeze(ctx: &mut XofCtx, out: &mut [u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by xof_init; out valid for out.len() bytes of writes.
    check(unsafe { sys::kf_xof_squeeze(ctx, out.as_mut_ptr(), out.len()) })
}

// ---- KMAC ---------------------------------------------------------------------------------

pub fn kmac_init(ctx: &mut KmacCtx, variant: c_int, key: &[u8], custom: &[u8]) -> Result<(), Error> {
    // SAFETY: ctx properly sized and aligned; key and custom valid for their lengths.
    check(unsafe {
        sys::kf_kmac_init(ctx, variant, key.as_ptr().cast(), key.len(), custom.as_ptr().cast(), custom.len())
    })
}
pub fn kmac_update(ctx: &mut KmacCtx, data: &[u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by kmac_init; data valid for data.len() bytes.
    check(unsafe { sys::kf_kmac_update(ctx, data.as_ptr().cast(), data.len()) })
}
pub fn kmac_final(ctx: &mut KmacCtx, out: &mut [u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by kmac_init; out valid for out.len() bytes of writes.
    check(unsafe { sys::kf_kmac_final(ctx, out.as_mut_ptr(), out.len()) })
}
pub fn kmac_verify(ctx: &mut KmacCtx, tag: &[u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by kmac_init; tag valid for tag.len() bytes of reads.
    check(unsafe { sys::kf_kmac_verify(ctx, tag.as_ptr(), tag.len()) })
}

// ---- KangarooTwelve -----------------------------------------------------------------------

pub fn kt_init(ctx: &mut KtCtx, variant: c_int) -> Result<(), Error> {
    // SAFETY: ctx properly sized and aligned.
    check(unsafe { sys::kf_kt_init(ctx, variant) })
}
pub fn kt_set_threads(ctx: &mut KtCtx, threads: u32) -> Result<(), Error> {
    // SAFETY: ctx initialized by kt_init.
    check(unsafe { sys::kf_kt_set_threads(ctx, threads) })
}
pub fn kt_update(ctx: &mut KtCtx, data: &[u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by kt_init; data valid for data.len() bytes.
    check(unsafe { sys::kf_kt_update(ctx, data.as_ptr().cast(), data.len()) })
}
pub fn kt_final(ctx: &mut KtCtx, custom: &[u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by kt_init; custom valid for custom.len() bytes.
    check(unsafe { sys::kf_kt_final(ctx, custom.as_ptr().cast(), custom.len()) })
}
pub fn kt_squeeze(ctx: &mut KtCtx, out: &mut [u8]) -> Result<(), Error> {
    // SAFETY: ctx finalized by kt_final (the library checks the state); out valid for writes.
    check(unsafe { sys::kf_kt_squeeze(ctx, out.as_mut_ptr(), out.len()) })
}

// ---- batched hashing ----------------------------------------------------------------------

/// The batched algorithms (`kf_batch_alg`).
#[derive(Clone, Copy, Debug)]
pub enum BatchAlg {
    Shake128,
    Shake256,
    TurboShake128(u8),
    TurboShake256(u8),
    Sha3_256,
    Sha3_512,
}

/// out[i] = alg(inputs[i]) truncated/extended to out_len bytes, written into outputs[i];
/// every output buffer must hold out_len bytes (checked here).
pub fn batch_hash(alg: BatchAlg, outputs: &mut [&mut [u8]], out_len: usize, inputs: &[&[u8]]) -> Result<(), Error> {
    if outputs.len() != inputs.len() || outputs.iter().any(|o| o.len() < out_len) {
        return Err(Error::BadLength);
    }
    if inputs.is_empty() {
        return Ok(());
    }
    let inp: Vec<*const u8> = inputs.iter().map(|s| s.as_ptr()).collect();
    let lens: Vec<usize> = inputs.iter().map(|s| s.len()).collect();
    let out: Vec<*mut u8> = outputs.iter_mut().map(|s| s.as_mut_ptr()).collect();
    let n = inputs.len();
    // SAFETY: the three arrays hold n entries; in[i] is valid for lens[i] bytes of reads and
    // out[i] for at least out_len bytes of writes (checked above), and the output slices are
    // distinct &mut borrows, so no two outputs overlap and no output overlaps an input.
    check(unsafe {
        match alg {
            BatchAlg::Shake128 => sys::kf_batch_hash(1, out.as_ptr(), out_len, inp.as_ptr(), lens.as_ptr(), n),
            BatchAlg::Shake256 => sys::kf_batch_hash(2, out.as_ptr(), out_len, inp.as_ptr(), lens.as_ptr(), n),
            BatchAlg::TurboShake128(d) => {
                sys::kf_turboshake128_batch(out.as_ptr(), out_len, inp.as_ptr(), lens.as_ptr(), n, d)
            }
            BatchAlg::TurboShake256(d) => {
                sys::kf_turboshake256_batch(out.as_ptr(), out_len, inp.as_ptr(), lens.as_ptr(), n, d)
            }
            BatchAlg::Sha3_256 => sys::kf_batch_hash(5, out.as_ptr(), out_len, inp.as_ptr(), lens.as_ptr(), n),
            BatchAlg::Sha3_512 => sys::kf_batch_hash(6, out.as_ptr(), out_len, inp.as_ptr(), lens.as_ptr(), n),
        }
    })
}

// ---- ML-KEM -------------------------------------------------------------------------------
// Callers pass arrays of the parameter set's exact sizes (the newtypes' lengths come from the
// header's constants); the library checks the lengths it is given as well.

pub fn mlkem_keygen_internal(param: c_int, ek: &mut [u8], dk: &mut [u8], d: &[u8; 32], z: &[u8; 32]) -> Result<(), Error> {
    if ek.len() != mlkem_size(param, 0) || dk.len() != mlkem_size(param, 1) {
        return Err(Error::BadLength);
    }
    // SAFETY: ek and dk have exactly the set's ek/dk sizes (checked above), which is what the
    // library writes; d and z are 32-byte arrays.
    check(unsafe { sys::kf_mlkem_keygen_internal(param, ek.as_mut_ptr(), dk.as_mut_ptr(), d.as_ptr(), z.as_ptr()) })
}
pub fn mlkem_encaps_internal(param: c_int, ct: &mut [u8], ss: &mut [u8; 32], ek: &[u8], m: &[u8; 32]) -> Result<(), Error> {
    if ct.len() != mlkem_size(param, 2) {
        return Err(Error::BadLength);
    }
    // SAFETY: ct has exactly the set's ciphertext size (checked), ss and m are 32-byte arrays,
    // ek is valid for ek.len() bytes (the library checks that length).
    check(unsafe {
        sys::kf_mlkem_encaps_internal(param, ct.as_mut_ptr(), ss.as_mut_ptr(), ek.as_ptr(), ek.len(), m.as_ptr())
    })
}
pub fn mlkem_decaps(param: c_int, ss: &mut [u8; 32], ct: &[u8], dk: &[u8]) -> Result<(), Error> {
    // SAFETY: ss is a 32-byte array; ct and dk are valid for their lengths (the library
    // checks both lengths against the set).
    check(unsafe { sys::kf_mlkem_decaps(param, ss.as_mut_ptr(), ct.as_ptr(), ct.len(), dk.as_ptr(), dk.len()) })
}
pub fn mlkem_check_ek(param: c_int, ek: &[u8]) -> Result<(), Error> {
    // SAFETY: ek valid for ek.len() bytes.
    check(unsafe { sys::kf_mlkem_check_ek(param, ek.as_ptr(), ek.len()) })
}
pub fn mlkem_check_dk(param: c_int, dk: &[u8]) -> Result<(), Error> {
    // SAFETY: dk valid for dk.len() bytes.
    check(unsafe { sys::kf_mlkem_check_dk(param, dk.as_ptr(), dk.len()) })
}
/// which: 0 ek, 1 dk, 2 ct (sizes from the header's constants)
fn mlkem_size(param: c_int, which: usize) -> usize {
    let t = match param {
        512 => [KF_MLKEM512_EK_BYTES, KF_MLKEM512_DK_BYTES, KF_MLKEM512_CT_BYTES],
        768 => [KF_MLKEM768_EK_BYTES, KF_MLKEM768_DK_BYTES, KF_MLKEM768_CT_BYTES],
        1024 => [KF_MLKEM1024_EK_BYTES, KF_MLKEM1024_DK_BYTES, KF_MLKEM1024_CT_BYTES],
        _ => [usize::MAX; 3],
    };
    t[which]
}

// ---- ML-DSA -------------------------------------------------------------------------------

fn mldsa_sizes(param: c_int) -> (usize, usize, usize) {
    match param {
        44 => (KF_MLDSA44_PK_BYTES, KF_MLDSA44_SK_BYTES, KF_MLDSA44_SIG_BYTES),
        65 => (KF_MLDSA65_PK_BYTES, KF_MLDSA65_SK_BYTES, KF_MLDSA65_SIG_BYTES),
        87 => (KF_MLDSA87_PK_BYTES, KF_MLDSA87_SK_BYTES, KF_MLDSA87_SIG_BYTES),
        _ => (usize::MAX, usize::MAX, usize::MAX),
    }
}
pub fn mldsa_keygen_internal(param: c_int, pk: &mut [u8], sk: &mut [u8], xi: &[u8; 32]) -> Result<(), Error> {
    let (pkb, skb, _) = mldsa_sizes(param);
    if pk.len() != pkb || sk.len() != skb {
        return Err(Error::BadLength);
    }
    // SAFETY: pk and sk have exactly the set's sizes (checked), which is what the library
    // writes; xi is a 32-byte array.
    check(unsafe { sys::kf_mldsa_keygen_internal(param, pk.as_mut_ptr(), sk.as_mut_ptr(), xi.as_ptr()) })
}
pub fn mldsa_sign(param: c_int, sig: &mut [u8], msg: &[u8], ctx: &[u8], rnd: Option<&[u8; 32]>, sk: &[u8]) -> Result<(), Error> {
    let rnd = rnd.map_or(core::ptr::null(), |r| r.as_ptr());
    // SAFETY: sig is valid for sig.len() bytes of writes (the library refuses a shorter buffer
    // than the set's signature and writes no more); msg, ctx, sk valid for their lengths;
    // rnd is NULL or a 32-byte array.
    check(unsafe {
        sys::kf_mldsa_sign(param, sig.as_mut_ptr(), sig.len(), msg.as_ptr().cast(), msg.len(),
                           ctx.as_ptr().cast(), ctx.len(), rnd, sk.as_ptr(), sk.len())
    })
}
pub fn mldsa_verify(param: c_int, msg: &[u8], ctx: &[u8], sig: &[u8], pk: &[u8]) -> Result<(), Error> {
    // SAFETY: all four slices valid for their lengths (the library checks sig and pk lengths).
    check(unsafe {
        sys::kf_mldsa_verify(param, msg.as_ptr().cast(), msg.len(), ctx.as_ptr().cast(), ctx.len(),
                             sig.as_ptr(), sig.len(), pk.as_ptr(), pk.len())
    })
}

// ---- SLH-DSA ------------------------------------------------------------------------------

pub fn slhdsa_n(param: c_int) -> usize {
    // SAFETY: takes any int; returns 0 for an unknown set.
    unsafe { sys::kf_slhdsa_n(param) }
}
pub fn slhdsa_keygen_internal(param: c_int, pk: &mut [u8], sk: &mut [u8], sk_seed: &[u8], sk_prf: &[u8], pk_seed: &[u8]) -> Result<(), Error> {
    let n = slhdsa_n(param);
    if n == 0 || pk.len() != 2 * n || sk.len() != 4 * n || sk_seed.len() != n || sk_prf.len() != n || pk_seed.len() != n {
        return Err(Error::BadLength);
    }
    // SAFETY: pk is 2n bytes and sk 4n bytes (FIPS 205's sizes, what the library writes); the
    // three seeds are n bytes each (all checked above).
    check(unsafe {
        sys::kf_slhdsa_keygen_internal(param, pk.as_mut_ptr(), sk.as_mut_ptr(), sk_seed.as_ptr(), sk_prf.as_ptr(), pk_seed.as_ptr())
    })
}
pub fn slhdsa_sign(param: c_int, sig: &mut [u8], msg: &[u8], ctx: &[u8], addrnd: Option<&[u8]>, sk: &[u8]) -> Result<(), Error> {
    if let Some(a) = addrnd {
        if a.len() != slhdsa_n(param) {
            return Err(Error::BadLength);
        }
    }
    let addrnd = addrnd.map_or(core::ptr::null(), |r| r.as_ptr());
    // SAFETY: sig valid for sig.len() bytes of writes (the library refuses a buffer shorter
    // than the set's signature and writes no more); msg, ctx, sk valid for their lengths;
    // addrnd NULL or n bytes (checked).
    check(unsafe {
        sys::kf_slhdsa_sign(param, sig.as_mut_ptr(), sig.len(), msg.as_ptr().cast(), msg.len(),
                            ctx.as_ptr().cast(), ctx.len(), addrnd, sk.as_ptr(), sk.len())
    })
}
pub fn slhdsa_verify(param: c_int, msg: &[u8], ctx: &[u8], sig: &[u8], pk: &[u8]) -> Result<(), Error> {
    // SAFETY: all four slices valid for their lengths (the library reads exactly siglen bytes
    // of sig and checks pk's length).
    check(unsafe {
        sys::kf_slhdsa_verify(param, msg.as_ptr().cast(), msg.len(), ctx.as_ptr().cast(), ctx.len(),
                              sig.as_ptr(), sig.len(), pk.as_ptr(), pk.len())
    })
}

/// HashML-DSA.Sign (FIPS 204 Alg. 4) with pre-hash `ph` (`kf_mldsa_prehash`).
pub fn mldsa_hash_sign(param: c_int, ph: c_int, sig: &mut [u8], msg: &[u8], ctx: &[u8], rnd: Option<&[u8; 32]>,
                       sk: &[u8]) -> Result<(), Error> {
    let rnd = rnd.map_or(core::ptr::null(), |r| r.as_ptr());
    // SAFETY: as mldsa_sign: sig valid for sig.len() bytes of writes (the library refuses a
    // shorter buffer and writes no more), msg, ctx, sk valid for their lengths, rnd NULL or 32
    // bytes; ph is any int (unknown values are refused).
    check(unsafe {
        sys::kf_mldsa_hash_sign(param, ph, sig.as_mut_ptr(), sig.len(), msg.as_ptr().cast(), msg.len(),
                                ctx.as_ptr().cast(), ctx.len(), rnd, sk.as_ptr(), sk.len())
    })
}
/// HashML-DSA.Verify (FIPS 204 Alg. 5).
pub fn mldsa_hash_verify(param: c_int, ph: c_int, msg: &[u8], ctx: &[u8], sig: &[u8], pk: &[u8]) -> Result<(), Error> {
    // SAFETY: all four slices valid for their lengths (the library checks sig and pk lengths).
    check(unsafe {
        sys::kf_mldsa_hash_verify(param, ph, msg.as_ptr().cast(), msg.len(), ctx.as_ptr().cast(), ctx.len(),
                                  sig.as_ptr(), sig.len(), pk.as_ptr(), pk.len())
    })
}
/// KF_OK if sk is one KeyGen_internal could have written.
pub fn mldsa_check_sk(param: c_int, sk: &[u8]) -> Result<(), Error> {
    // SAFETY: sk valid for sk.len() bytes (the library checks the length).
    check(unsafe { sys::kf_mldsa_check_sk(param, sk.as_ptr(), sk.len()) })
}
/// The public key of an expanded private key (after checking it).
pub fn mldsa_pk_from_sk(param: c_int, pk: &mut [u8], sk: &[u8]) -> Result<(), Error> {
    if pk.len() != mldsa_sizes(param).0 {
        return Err(Error::BadLength);
    }
    // SAFETY: pk has exactly the set's public-key size (checked), which the library writes; sk
    // valid for sk.len() bytes.
    check(unsafe { sys::kf_mldsa_pk_from_sk(param, pk.as_mut_ptr(), sk.as_ptr(), sk.len()) })
}
/// hash_slh_sign (FIPS 205 Alg. 23) with pre-hash `ph` (`kf_slhdsa_prehash`).
pub fn slhdsa_hash_sign(param: c_int, ph: c_int, sig: &mut [u8], msg: &[u8], ctx: &[u8], addrnd: Option<&[u8]>,
                        sk: &[u8]) -> Result<(), Error> {
    if let Some(a) = addrnd {
        if a.len() != slhdsa_n(param) {
            return Err(Error::BadLength);
        }
    }
    let addrnd = addrnd.map_or(core::ptr::null(), |r| r.as_ptr());
    // SAFETY: as slhdsa_sign.
    check(unsafe {
        sys::kf_slhdsa_hash_sign(param, ph, sig.as_mut_ptr(), sig.len(), msg.as_ptr().cast(), msg.len(),
                                 ctx.as_ptr().cast(), ctx.len(), addrnd, sk.as_ptr(), sk.len())
    })
}
/// hash_slh_verify (FIPS 205 Alg. 25).
pub fn slhdsa_hash_verify(param: c_int, ph: c_int, msg: &[u8], ctx: &[u8], sig: &[u8], pk: &[u8]) -> Result<(), Error> {
    // SAFETY: all four slices valid for their lengths.
    check(unsafe {
        sys::kf_slhdsa_hash_verify(param, ph, msg.as_ptr().cast(), msg.len(), ctx.as_ptr().cast(), ctx.len(),
                                   sig.as_ptr(), sig.len(), pk.as_ptr(), pk.len())
    })
}

// ---- TupleHash and ParallelHash (SP 800-185 §5, §6) ----------------------------------------

pub fn tuplehash_init(ctx: &mut TupleHashCtx, variant: c_int, custom: &[u8]) -> Result<(), Error> {
    // SAFETY: ctx properly sized and aligned; custom valid for its length.
    check(unsafe { sys::kf_tuplehash_init(ctx, variant, custom.as_ptr().cast(), custom.len()) })
}
pub fn tuplehash_add(ctx: &mut TupleHashCtx, elem: &[u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by tuplehash_init; elem valid for its length.
    check(unsafe { sys::kf_tuplehash_add(ctx, elem.as_ptr().cast(), elem.len()) })
}
pub fn tuplehash_final(ctx: &mut TupleHashCtx, out: &mut [u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by tuplehash_init; out valid for out.len() bytes of writes.
    check(unsafe { sys::kf_tuplehash_final(ctx, out.as_mut_ptr(), out.len()) })
}
pub fn tuplehash_squeeze(ctx: &mut TupleHashCtx, out: &mut [u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by tuplehash_init (an XOF variant); out valid for writes.
    check(unsafe { sys::kf_tuplehash_squeeze(ctx, out.as_mut_ptr(), out.len()) })
}
pub fn parallelhash_init(ctx: &mut ParallelHashCtx, variant: c_int, block: usize, custom: &[u8]) -> Result<(), Error> {
    // SAFETY: ctx properly sized and aligned; custom valid for its length.
    check(unsafe { sys::kf_parallelhash_init(ctx, variant, block, custom.as_ptr().cast(), custom.len()) })
}
pub fn parallelhash_set_threads(ctx: &mut ParallelHashCtx, threads: u32) -> Result<(), Error> {
    // SAFETY: ctx initialized by parallelhash_init.
    check(unsafe { sys::kf_parallelhash_set_threads(ctx, threads) })
}
pub fn parallelhash_update(ctx: &mut ParallelHashCtx, data: &[u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by parallelhash_init; data valid for its length.
    check(unsafe { sys::kf_parallelhash_update(ctx, data.as_ptr().cast(), data.len()) })
}
pub fn parallelhash_final(ctx: &mut ParallelHashCtx, out: &mut [u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by parallelhash_init; out valid for out.len() bytes of writes.
    check(unsafe { sys::kf_parallelhash_final(ctx, out.as_mut_ptr(), out.len()) })
}
pub fn parallelhash_squeeze(ctx: &mut ParallelHashCtx, out: &mut [u8]) -> Result<(), Error> {
    // SAFETY: ctx initialized by parallelhash_init (an XOF variant); out valid for writes.
    check(unsafe { sys::kf_parallelhash_squeeze(ctx, out.as_mut_ptr(), out.len()) })
}

// ---- DER key codecs (kf_key_*) --------------------------------------------------------------

/// Read a SubjectPublicKeyInfo: (key type, public key).
pub fn key_decode_spki(der: &[u8]) -> Result<(c_int, Vec<u8>), Error> {
    let mut t: c_int = 0;
    let mut public = vec![0u8; KF_MLDSA87_PK_BYTES.max(KF_MLKEM1024_EK_BYTES)];
    let mut len = 0usize;
    // SAFETY: der valid for its length; t and len writable locals; public valid for
    // public.len() bytes of writes (the library checks the capacity).
    check(unsafe { sys::kf_key_decode_spki(der.as_ptr(), der.len(), &mut t, public.as_mut_ptr(), public.len(), &mut len) })?;
    public.truncate(len);
    Ok((t, public))
}
/// A private key read from PKCS#8: its type, the seed (if stored) and the
/// whole private key (ML-KEM dk, ML-DSA / SLH-DSA sk).
pub struct Pkcs8Key {
    pub key_type: c_int,
    pub seed: Option<zeroize::Zeroizing<Vec<u8>>>,
    pub private: zeroize::Zeroizing<Vec<u8>>,
}
pub fn key_decode_pkcs8(der: &[u8]) -> Result<Pkcs8Key, Error> {
    let (mut t, mut form): (c_int, c_int) = (0, 0);
    let mut seed = zeroize::Zeroizing::new(vec![0u8; 64]);
    let mut private = zeroize::Zeroizing::new(vec![0u8; KF_MLDSA87_SK_BYTES.max(KF_MLKEM1024_DK_BYTES)]);
    let (mut seedlen, mut privlen) = (0usize, 0usize);
    // SAFETY: der valid for its length; t, form, seedlen, privlen writable locals; seed and
    // private valid for writes of their lengths (the library checks both capacities).
    check(unsafe {
        sys::kf_key_decode_pkcs8(der.as_ptr(), der.len(), &mut t, &mut form, seed.as_mut_ptr(), seed.len(),
                                 &mut seedlen, private.as_mut_ptr(), private.len(), &mut privlen)
    })?;
    seed.truncate(seedlen);
    private.truncate(privlen);
    Ok(Pkcs8Key { key_type: t, seed: (seedlen > 0).then_some(seed), private })
}

// ---- the tree-hash API (kf_tree_layout, kf_tree_leaves, kf_tree_final) -------------------
mod tree_sys {
    use core::ffi::{c_int, c_void};
    unsafe extern "C" {
        pub fn kf_tree_layout(mode: c_int, block: usize, total_len: u64, leaf_len: *mut usize, cv_len: *mut usize,
                              first_len: *mut usize, cv_count: *mut u64) -> c_int;
        pub fn kf_tree_leaves(mode: c_int, block: usize, total_len: u64, custom: *const c_void, customlen: usize,
                              offset: u64, part: *const c_void, partlen: usize, cvs: *mut u8, cvs_len: usize) -> c_int;
        pub fn kf_tree_final(mode: c_int, block: usize, total_len: u64, custom: *const c_void, customlen: usize,
                             first: *const c_void, firstlen: usize, cvs: *const u8, cvs_len: usize, out: *mut u8,
                             outlen: usize) -> c_int;
    }
}
/// (leaf_len, cv_len, first_len, cv_count) of a message of total_len bytes.
pub fn tree_layout(mode: c_int, block: usize, total_len: u64) -> Result<(usize, usize, usize, u64), Error> {
    let (mut leaf, mut cv, mut first, mut count) = (0usize, 0usize, 0usize, 0u64);
    // SAFETY: the four outputs are valid, writable locals.
    check(unsafe { tree_sys::kf_tree_layout(mode, block, total_len, &mut leaf, &mut cv, &mut first, &mut count) })?;
    Ok((leaf, cv, first, count))
}
pub fn tree_leaves(mode: c_int, block: usize, total_len: u64, custom: &[u8], offset: u64, part: &[u8],
                   cvs: &mut [u8]) -> Result<(), Error> {
    // SAFETY: custom and part valid for reads of their lengths, cvs for writes of its length
    // (the library writes exactly cvs.len() bytes or refuses the call).
    check(unsafe {
        tree_sys::kf_tree_leaves(mode, block, total_len, custom.as_ptr().cast(), custom.len(), offset,
                                 part.as_ptr().cast(), part.len(), cvs.as_mut_ptr(), cvs.len())
    })
}
pub fn tree_final(mode: c_int, block: usize, total_len: u64, custom: &[u8], first: &[u8], cvs: &[u8],
                  out: &mut [u8]) -> Result<(), Error> {
    // SAFETY: custom, first, cvs valid for reads of their lengths, out for writes of its length.
    check(unsafe {
        tree_sys::kf_tree_final(mode, block, total_len, custom.as_ptr().cast(), custom.len(), first.as_ptr().cast(),
                                first.len(), cvs.as_ptr(), cvs.len(), out.as_mut_ptr(), out.len())
    })
}
