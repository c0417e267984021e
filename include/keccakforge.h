/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccakforge.h - the whole public API of keccakforge.
 *
 * Everything built on the Keccak-p[1600] permutation:
 *   - SHA3-224/256/384/512, SHAKE128/256 (FIPS 202) and legacy Keccak-256/512, one-shot and
 *     incremental, any bit length;
 *   - cSHAKE, KMAC (+ constant-time tag check), TupleHash, ParallelHash (NIST SP 800-185);
 *   - TurboSHAKE128/256 and KangarooTwelve KT128/KT256 (RFC 9861), optionally multi-threaded;
 *   - batched hashing: up to 8 independent SHAKE / TurboSHAKE / SHA3-256/512 instances in
 *     lock-step on the SIMD backends;
 *   - ML-KEM-512/768/1024 (FIPS 203), SLH-DSA with SHAKE, its six parameter sets (FIPS 205),
 *     and ML-DSA-44/65/87 (FIPS 204);
 *   - the permutation itself, the choice of its backend, the library's version, kf_wipe and
 *     kf_ct_equal.
 *
 * Language: C11 or C++11 (or later). The header uses _Alignas / alignas for its contexts;
 * an older standard (-std=c99 -pedantic, -std=c++98) warns or fails.
 *
 * Conventions
 *   - Every function returns KF_OK (0) or a negative kf_status; nothing aborts or prints.
 *   - Lengths are in bytes unless the name ends in _bits. A bit string of n bits is
 *     passed as ceil(n/8) bytes in FIPS 202 order: bit i is bit (i mod 8), counting from
 *     the least significant bit, of byte i/8. Unused high bits of the last byte are ignored.
 *   - A NULL pointer is accepted only with a zero length.
 *   - Contexts are plain structs you allocate (stack is fine); their insides are private.
 *     A context is bound to the permutation backend that was active when it was initialized.
 *     Contexts are wiped when a fixed-length output is produced and can be wiped at any time
 *     with kf_wipe().
 *   - Copying: every context (kf_hash_ctx, kf_xof_ctx, kf_kmac_ctx, kf_tuplehash_ctx,
 *     kf_parallelhash_ctx, kf_kt_ctx, kf_batch_ctx) is trivially copyable at any point of
 *     its life: struct assignment or memcpy gives an independent context that goes on from
 *     the same point (absorbing or squeezing) without affecting the original. Contexts hold
 *     no pointers into themselves and own no other memory or threads. A copy holds the same
 *     secrets as its original (e.g. a KMAC key's state): wipe both.
 *   - Thread safety: functions are reentrant; a context must not be shared between threads
 *     without locking.
 *   - Errors, one rule each, in every part of the API:
 *       a NULL pointer with a non-zero length, or a NULL context       KF_ERR_NULL_POINTER
 *       a length that is not allowed: an output buffer too small, a key, ciphertext or
 *       signature whose length is not its parameter set's, a block size of 0  KF_ERR_BAD_LENGTH
 *       a key of the right length that fails its content checks         KF_ERR_BAD_KEY
 *       a signature (of the right length) that does not verify          KF_ERR_BAD_SIGNATURE
 *       a MAC tag that does not match                                   KF_ERR_BAD_TAG
 *       a DER/PEM key encoding that is malformed or names no known key  KF_ERR_BAD_ENCODING
 *       an unknown algorithm, variant or parameter set                  KF_ERR_BAD_ALGORITHM
 *     Outputs of a call that fails are zeroed where the call would have written secrets.
 *     Results marked KF_MUST_CHECK (verifications, decapsulation, key checks, context inits)
 *     make the compiler warn when they are ignored.
 */
#ifndef KECCAKFORGE_H
#define KECCAKFORGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this header; kf_version_string() gives the library's (the two differ when
 * a program runs against another build of the shared library than it was compiled with). */
#define KF_VERSION_MAJOR 0
#define KF_VERSION_MINOR 1
#define KF_VERSION_PATCH 0
#define KECCAKFORGE_VERSION_STRING "0.1.0"

/* Exported functions. On Windows, the library's own sources are built with KF_SHARED_BUILD
 * (dllexport) and programs that use the DLL define KF_SHARED (dllimport; the CMake target
 * keccakforge::keccakforge does it for them); a static link defines neither. */
#if defined(_WIN32) && defined(KF_SHARED_BUILD)
#  define KF_API __declspec(dllexport)
#elif defined(_WIN32) && defined(KF_SHARED)
#  define KF_API __declspec(dllimport)
#elif defined(__GNUC__)
#  define KF_API __attribute__((visibility("default")))
#else
#  define KF_API
#endif

/* Results that must not be ignored (a verification, a decapsulation, a key check, an init
 * whose context is unusable on error): the compiler warns when the return value is dropped. */
#if defined(__GNUC__) || defined(__clang__)
#  define KF_MUST_CHECK __attribute__((warn_unused_result))
#else
#  define KF_MUST_CHECK
#endif

/* ---- Status codes ------------------------------------------------------------------- */
typedef enum kf_status {
    KF_OK                  =  0,
    KF_ERR_NULL_POINTER    = -1,  /* NULL context, or NULL buffer with a non-zero length */
    KF_ERR_BAD_STATE       = -2,  /* call out of order: update after final, uninitialized ctx, ... */
    KF_ERR_BAD_DOMAIN      = -3,  /* TurboSHAKE domain byte outside 0x01..0x7F */
    KF_ERR_TOO_LONG        = -4,  /* a length overflows its encoding (SP 800-185) or size_t */
    KF_ERR_BAD_LENGTH      = -5,  /* a length that is not allowed: see "Errors" above */
    KF_ERR_BAD_ALGORITHM   = -6,  /* unknown algorithm / variant identifier */
    KF_ERR_UNKNOWN_BACKEND = -7,  /* no backend of that name in this build */
    KF_ERR_UNSUPPORTED     = -8,  /* backend exists but this CPU cannot run it */
    KF_ERR_BAD_KEY         = -9,  /* a key of the right length fails its content checks (ML-KEM, FIPS 203 §7.2/§7.3) */
    KF_ERR_RNG             = -10, /* the random number source failed */
    KF_ERR_BAD_SIGNATURE   = -11, /* SLH-DSA, ML-DSA: the signature does not verify */
    KF_ERR_BAD_SIGNATURE_SIZE = -12, /* no longer returned (a wrong signature length is KF_ERR_BAD_LENGTH); kept so old code compiles */
    KF_ERR_BAD_CONTEXT     = -13, /* SLH-DSA, ML-DSA: context string longer than 255 bytes */
    KF_ERR_BAD_TAG         = -14, /* a MAC tag does not match (kf_kmac_verify) */
    KF_ERR_BAD_ENCODING    = -15, /* a DER or PEM encoding is malformed or of an unknown key type */
} kf_status;

/* Human-readable name of a status code ("KF_ERR_BAD_STATE", ...). Never NULL. */
KF_API const char *kf_strerror(int status);
/* What a status code means, in words for a person ("signature does not verify", "wrong
 * length", ...; lower case, no final full stop), to print with kf_strerror()'s name after it
 * for scripts: "signature does not verify (KF_ERR_BAD_SIGNATURE)". Never NULL. */
KF_API const char *kf_error_message(int status);

/* The library's version, "MAJOR.MINOR.PATCH" (KECCAKFORGE_VERSION_STRING when it was built). */
KF_API const char *kf_version_string(void);

/* 1 if a[0..len) equals b[0..len), else 0 (also 0 for a NULL pointer with len > 0). The time
 * depends on len only, not on the contents: for MAC tags and other secrets. */
/*@ requires len == 0 || a == \null || \valid_read((uint8_t *)a + (0 .. len - 1));
    requires len == 0 || b == \null || \valid_read((uint8_t *)b + (0 .. len - 1));
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
KF_API int kf_ct_equal(const void *a, const void *b, size_t len);

/* ---- Sizes -------------------------------------------------------------------------- */
#define KF_SHA3_224_BYTES 28
#define KF_SHA3_256_BYTES 32
#define KF_SHA3_384_BYTES 48
#define KF_SHA3_512_BYTES 64
#define KF_KECCAK256_BYTES 32
#define KF_KECCAK512_BYTES 64
#define KF_SHAKE128_RATE 168
#define KF_SHAKE256_RATE 136
#define KF_KT_CHUNK_BYTES 8192

/* ---- Permutation backends ----------------------------------------------------------- */
/* Name of the Keccak-p[1600] backend new contexts use ("opt64-bmi2", "ref", ...).
 * Chosen once from the CPU's features; the environment variable KECCAKFORGE_BACKEND
 * forces one by name (if it names an unknown or unsupported backend, the automatic
 * choice stays and kf_backend_name() reports what is really used). */
KF_API const char *kf_backend_name(void);
/* Force a backend by name for contexts initialized from now on (process-wide). */
KF_API int kf_backend_select(const char *name);
/* Names of the backends this build has and this CPU runs, best first. Returns the count
 * (may exceed max; only min(count, max) names are written). */
KF_API size_t kf_backend_list(const char **names, size_t max);
/* Name of the batched backend (N states per call: "avx512-x8", "avx2-x4", ...) that the
 * batched API, KT and ParallelHash use, or "x1" when there is none. KECCAKFORGE_BACKEND and
 * kf_backend_select() also take a batched name (x1 stays automatic) or "x1" (no batched
 * backend: everything runs one state at a time). */
KF_API const char *kf_backend_batch_name(void);
/* Names of the batched backends this build has and this CPU runs, best first (as above). */
KF_API size_t kf_backend_batch_list(const char **names, size_t max);
/* ML-DSA's arithmetic in use: "portable", "avx2" or "avx512" (the AVX2 code with its AVX-512
 * NTT; the automatic choice, "avx2" where the CPU has AVX2, also runs ExpandA's and ExpandS's
 * rejection steps with AVX-512 where the CPU has AVX-512 F, BW and VBMI, which
 * KECCAKFORGE_MLDSA=avx2 leaves out), chosen once from the CPU's features and the environment
 * variable KECCAKFORGE_MLDSA, whose accepted values are exactly those three names (the CPU
 * must run the one named). Any other value is ignored (the automatic choice stays) and
 * *env_known, when env_known is not NULL, is set to 0; else to 1 (unset or empty included). The library never prints: kforge
 * warns about an unknown value, naming the accepted ones. */
KF_API const char *kf_mldsa_arith_name(int *env_known);

/* Keccak-p[1600, nr] on 25 lanes in the standard (FIPS 202) layout, 1 <= nr <= 24,
 * with the current backend. */
KF_API int kf_keccak_p1600(uint64_t lanes[25], unsigned nr);

/* ---- Context storage (opaque) ------------------------------------------------------- */
#ifdef __cplusplus
#  define KF_ALIGN32 alignas(32)
#else
#  define KF_ALIGN32 _Alignas(32)
#endif
#if defined(__FRAMAC__) && defined(KF_PROOF_CTX_VIEW)
/* The proof build of the hash modes only (proofs/ctx_view.h, docs/ASSURANCE.md): each context
 * is declared here and completed by the library's private header as the struct it keeps in its
 * bytes, so that the prover sees the struct the code casts these bytes to. A compiler never
 * sees this. */
#  define KF_DECLARE_CTX(name, bytes) typedef struct name name
#else
#define KF_DECLARE_CTX(name, bytes) \
    typedef struct name { KF_ALIGN32 unsigned char opaque_[bytes]; } name
#endif
KF_DECLARE_CTX(kf_hash_ctx, 288);
KF_DECLARE_CTX(kf_xof_ctx, 288);
KF_DECLARE_CTX(kf_kmac_ctx, 288);
KF_DECLARE_CTX(kf_tuplehash_ctx, 288);
KF_DECLARE_CTX(kf_parallelhash_ctx, 640);
KF_DECLARE_CTX(kf_kt_ctx, 640);

/* Zero any context (or buffer) in a way the compiler cannot remove. */
/*@ requires p == \null || \valid((uint8_t *)p + (0 .. len - 1));
    assigns ((uint8_t *)p)[0 .. len - 1]; */
KF_API void kf_wipe(void *p, size_t len);

/* ---- FIPS 202 fixed-length hashes and legacy Keccak --------------------------------- */
typedef enum kf_hash_alg {
    KF_SHA3_224 = 1,
    KF_SHA3_256 = 2,
    KF_SHA3_384 = 3,
    KF_SHA3_512 = 4,
    /* Keccak with the original 2011 padding (no 01 domain bits), as Ethereum uses.
     * NOT SHA-3: outputs differ from SHA3-256/512 for every input. */
    KF_KECCAK256_LEGACY = 5,
    KF_KECCAK512_LEGACY = 6,
} kf_hash_alg;

KF_API size_t kf_hash_size(kf_hash_alg alg);        /* digest bytes, 0 if unknown */
KF_API KF_MUST_CHECK int kf_hash_init(kf_hash_ctx *ctx, kf_hash_alg alg);
KF_API int kf_hash_update(kf_hash_ctx *ctx, const void *in, size_t len);
/* Absorb a bit string of nbits bits. Any number of calls, any alignment. */
KF_API int kf_hash_update_bits(kf_hash_ctx *ctx, const void *in, size_t nbits);
/* Write the digest (kf_hash_size(alg) bytes; outlen must be at least that) and wipe ctx. */
KF_API int kf_hash_final(kf_hash_ctx *ctx, uint8_t *out, size_t outlen);
KF_API int kf_hash(kf_hash_alg alg, uint8_t *out, size_t outlen, const void *in, size_t inlen);

KF_API int kf_sha3_224(uint8_t out[KF_SHA3_224_BYTES], const void *in, size_t inlen);
KF_API int kf_sha3_256(uint8_t out[KF_SHA3_256_BYTES], const void *in, size_t inlen);
KF_API int kf_sha3_384(uint8_t out[KF_SHA3_384_BYTES], const void *in, size_t inlen);
KF_API int kf_sha3_512(uint8_t out[KF_SHA3_512_BYTES], const void *in, size_t inlen);
KF_API int kf_keccak256_legacy(uint8_t out[KF_KECCAK256_BYTES], const void *in, size_t inlen);
KF_API int kf_keccak512_legacy(uint8_t out[KF_KECCAK512_BYTES], const void *in, size_t inlen);

/* ---- XOFs: SHAKE, TurboSHAKE, cSHAKE ------------------------------------------------ */
/* Usage: init; absorb any number of times; squeeze any number of times, any lengths
 * (the first squeeze pads). absorb after squeeze returns KF_ERR_BAD_STATE. */
KF_API KF_MUST_CHECK int kf_shake128_init(kf_xof_ctx *ctx);
KF_API KF_MUST_CHECK int kf_shake256_init(kf_xof_ctx *ctx);
/* TurboSHAKE (RFC 9861): 12 rounds; domain byte D in 0x01..0x7F (0x1F is the default). */
KF_API KF_MUST_CHECK int kf_turboshake128_init(kf_xof_ctx *ctx, uint8_t domain);
KF_API KF_MUST_CHECK int kf_turboshake256_init(kf_xof_ctx *ctx, uint8_t domain);
/* cSHAKE (SP 800-185 §3): function name N and customization S, byte strings.
 * With N and S both empty, cSHAKE is SHAKE (as the standard says). */
KF_API KF_MUST_CHECK int kf_cshake128_init(kf_xof_ctx *ctx, const void *N, size_t Nlen, const void *S, size_t Slen);
KF_API KF_MUST_CHECK int kf_cshake256_init(kf_xof_ctx *ctx, const void *N, size_t Nlen, const void *S, size_t Slen);
KF_API int kf_xof_absorb(kf_xof_ctx *ctx, const void *in, size_t len);
KF_API int kf_xof_absorb_bits(kf_xof_ctx *ctx, const void *in, size_t nbits);
KF_API int kf_xof_squeeze(kf_xof_ctx *ctx, uint8_t *out, size_t len);

KF_API int kf_shake128(uint8_t *out, size_t outlen, const void *in, size_t inlen);
KF_API int kf_shake256(uint8_t *out, size_t outlen, const void *in, size_t inlen);
KF_API int kf_turboshake128(uint8_t *out, size_t outlen, const void *in, size_t inlen, uint8_t domain);
KF_API int kf_turboshake256(uint8_t *out, size_t outlen, const void *in, size_t inlen, uint8_t domain);
KF_API int kf_cshake128(uint8_t *out, size_t outlen, const void *in, size_t inlen,
                        const void *N, size_t Nlen, const void *S, size_t Slen);
KF_API int kf_cshake256(uint8_t *out, size_t outlen, const void *in, size_t inlen,
                        const void *N, size_t Nlen, const void *S, size_t Slen);

/* ---- SP 800-185 variants ------------------------------------------------------------ */
typedef enum kf_sp800185_variant {
    KF_V128    = 1,   /* KMAC128, TupleHash128, ParallelHash128 */
    KF_V256    = 2,   /* ... 256 */
    KF_V128XOF = 3,   /* KMACXOF128, TupleHashXOF128, ParallelHashXOF128 */
    KF_V256XOF = 4,
} kf_sp800185_variant;

/* Common finishing calls for KMAC, TupleHash and ParallelHash:
 *   fixed variants: final(out, outlen) or final_bits(out, outbits) once; the requested
 *     length L is part of the input (right_encode(L)); the context is then wiped.
 *   XOF variants: final(out, outlen) squeezes the first bytes; squeeze() continues.
 *     squeeze() before final() returns KF_ERR_BAD_STATE. final_bits(out, outbits) on an XOF
 *     variant writes the first outbits bits and ends (wipes) the context like a fixed final. */

/* KMAC (SP 800-185 §4): key K, customization S. */
KF_API KF_MUST_CHECK int kf_kmac_init(kf_kmac_ctx *ctx, kf_sp800185_variant v,
                        const void *key, size_t keylen, const void *S, size_t Slen);
KF_API KF_MUST_CHECK int kf_kmac_init_bits(kf_kmac_ctx *ctx, kf_sp800185_variant v,
                             const void *key, size_t keybits, const void *S, size_t Slen);
KF_API int kf_kmac_update(kf_kmac_ctx *ctx, const void *in, size_t len);
KF_API int kf_kmac_update_bits(kf_kmac_ctx *ctx, const void *in, size_t nbits);
KF_API int kf_kmac_final(kf_kmac_ctx *ctx, uint8_t *out, size_t outlen);
KF_API int kf_kmac_final_bits(kf_kmac_ctx *ctx, uint8_t *out, size_t outbits);
KF_API int kf_kmac_squeeze(kf_kmac_ctx *ctx, uint8_t *out, size_t len);
KF_API int kf_kmac128(uint8_t *out, size_t outlen, const void *key, size_t keylen,
                      const void *in, size_t inlen, const void *S, size_t Slen);
KF_API int kf_kmac256(uint8_t *out, size_t outlen, const void *key, size_t keylen,
                      const void *in, size_t inlen, const void *S, size_t Slen);
/* Check a tag: finish ctx as kf_kmac_final(ctx, ., taglen) would and compare its output with
 * tag[0..taglen) in constant time. KF_OK if they match, KF_ERR_BAD_TAG if not (taglen 0 is
 * KF_ERR_BAD_LENGTH); ctx is wiped in every case once it was a KMAC context ready for final.
 * The KMACXOF variants compare the first taglen bytes of their output. */
KF_API KF_MUST_CHECK int kf_kmac_verify(kf_kmac_ctx *ctx, const uint8_t *tag, size_t taglen);
/* One-shot checks: the tag against KMAC128/256(key, in, taglen * 8, S). */
KF_API KF_MUST_CHECK int kf_kmac128_verify(const uint8_t *tag, size_t taglen, const void *key, size_t keylen,
                             const void *in, size_t inlen, const void *S, size_t Slen);
KF_API KF_MUST_CHECK int kf_kmac256_verify(const uint8_t *tag, size_t taglen, const void *key, size_t keylen,
                             const void *in, size_t inlen, const void *S, size_t Slen);

/* TupleHash (SP 800-185 §5): each add() call is one whole element of the tuple. */
KF_API KF_MUST_CHECK int kf_tuplehash_init(kf_tuplehash_ctx *ctx, kf_sp800185_variant v, const void *S, size_t Slen);
KF_API int kf_tuplehash_add(kf_tuplehash_ctx *ctx, const void *elem, size_t len);
KF_API int kf_tuplehash_add_bits(kf_tuplehash_ctx *ctx, const void *elem, size_t nbits);
KF_API int kf_tuplehash_final(kf_tuplehash_ctx *ctx, uint8_t *out, size_t outlen);
KF_API int kf_tuplehash_final_bits(kf_tuplehash_ctx *ctx, uint8_t *out, size_t outbits);
KF_API int kf_tuplehash_squeeze(kf_tuplehash_ctx *ctx, uint8_t *out, size_t len);

/* ParallelHash (SP 800-185 §6): block size B bytes (B > 0). */
KF_API KF_MUST_CHECK int kf_parallelhash_init(kf_parallelhash_ctx *ctx, kf_sp800185_variant v, size_t B,
                                const void *S, size_t Slen);
KF_API int kf_parallelhash_update(kf_parallelhash_ctx *ctx, const void *in, size_t len);
/* After a bit string whose length is not a multiple of 8, only final/final_bits may follow. */
KF_API int kf_parallelhash_update_bits(kf_parallelhash_ctx *ctx, const void *in, size_t nbits);
KF_API int kf_parallelhash_final(kf_parallelhash_ctx *ctx, uint8_t *out, size_t outlen);
KF_API int kf_parallelhash_final_bits(kf_parallelhash_ctx *ctx, uint8_t *out, size_t outbits);
KF_API int kf_parallelhash_squeeze(kf_parallelhash_ctx *ctx, uint8_t *out, size_t len);
KF_API int kf_parallelhash(kf_sp800185_variant v, uint8_t *out, size_t outlen, const void *in,
                           size_t inlen, size_t B, const void *S, size_t Slen);

/* ---- KangarooTwelve: KT128 and KT256 (RFC 9861) ------------------------------------- */
typedef enum kf_kt_variant { KF_KT128 = 1, KF_KT256 = 2 } kf_kt_variant;
/* Usage: init; update any number of times; final(custom) once; squeeze any number of times. */
KF_API KF_MUST_CHECK int kf_kt_init(kf_kt_ctx *ctx, kf_kt_variant v);
KF_API int kf_kt_update(kf_kt_ctx *ctx, const void *in, size_t len);
KF_API int kf_kt_final(kf_kt_ctx *ctx, const void *custom, size_t customlen);
KF_API int kf_kt_squeeze(kf_kt_ctx *ctx, uint8_t *out, size_t len);
KF_API int kf_kt128(uint8_t *out, size_t outlen, const void *in, size_t inlen,
                    const void *custom, size_t customlen);
KF_API int kf_kt256(uint8_t *out, size_t outlen, const void *in, size_t inlen,
                    const void *custom, size_t customlen);

/* Multi-threaded KT: the 8 KiB leaves are hashed by up to `threads` threads (0 = auto: the
 * caller's thread plus one per CPU that other processes left idle in the last 0.1 s or so, as
 * /proc/stat shows on Linux, never more than the CPUs the process may use (its affinity mask,
 * its cgroup v2 CPU quota); one per online core elsewhere), each thread on the batched
 * backend; the result is the same as kf_kt128/256.
 * kf_kt_set_threads makes kf_kt_update of a context do the same (1, the default, = no
 * threads); threads only start for updates of many whole chunks (KT: 32 or more). The worker
 * threads are kept in a small process-wide pool for later calls (they poll about 1 ms after a
 * job, yielding their CPU, then sleep; on Linux their affinity masks keep them off the
 * calling thread's CPU). */
KF_API int kf_kt_set_threads(kf_kt_ctx *ctx, unsigned threads);
KF_API int kf_kt128_mt(uint8_t *out, size_t outlen, const void *in, size_t inlen,
                       const void *custom, size_t customlen, unsigned threads);
KF_API int kf_kt256_mt(uint8_t *out, size_t outlen, const void *in, size_t inlen,
                       const void *custom, size_t customlen, unsigned threads);
/* The same for ParallelHash's blocks (results equal kf_parallelhash). */
KF_API int kf_parallelhash_set_threads(kf_parallelhash_ctx *ctx, unsigned threads);
KF_API int kf_parallelhash_mt(kf_sp800185_variant v, uint8_t *out, size_t outlen, const void *in,
                              size_t inlen, size_t B, const void *S, size_t Slen, unsigned threads);

/* ---- Tree hashing: KT and ParallelHash split across machines ------------------------ */
/* KT128/KT256 and ParallelHash are trees: their leaves can be hashed anywhere, in any order,
 * and combined later. kf_tree_leaves computes the chaining values (CVs) of the leaves inside
 * one part of a message of total_len bytes from that part's bytes alone; kf_tree_final makes
 * the hash from the first chunk, all the CVs in order, total_len, the customization and the
 * output length. The result equals kf_kt128/256 or kf_parallelhash(XOF) of the whole message
 * for every split.
 *   Leaves: KT: S = M || C || length_encode(|C|) in chunks of KF_KT_CHUNK_BYTES; the first
 *     chunk S_0 belongs to the final node, so the leaves start at byte 8192 of M (first_len =
 *     min(8192, total_len) bytes go to kf_tree_final). ParallelHash: blocks of B bytes of M
 *     from byte 0 (first_len = 0), the last one maybe shorter.
 *   A part [offset, offset + partlen) must start and end on leaf boundaries: first_len + k *
 *     leaf_len, or total_len. It gives ceil(partlen / leaf_len) CVs of cv_len bytes (32 for
 *     the 128 modes, 64 for the 256 ones), in order; cvs_len must be exactly that. Parts may
 *     be empty. For KT the part that ends at total_len completes its short last leaf with the
 *     first bytes of C || length_encode(|C|), so it needs the customization (other parts and
 *     ParallelHash ignore it; pass the same one everywhere).
 *   kf_tree_final takes first = M[0, first_len) and the CVs of all parts in message order,
 *     cv_count * cv_len bytes (kf_tree_layout); KT leaves made of the customization alone are
 *     hashed there. ParallelHash (fixed) makes outlen bytes with L = 8 * outlen; the XOF and
 *     KT modes give the first outlen bytes of their output.
 *   block: ParallelHash's B (> 0); 0 or KF_KT_CHUNK_BYTES for KT.
 * Errors: unknown mode KF_ERR_BAD_ALGORITHM; NULL with a non-zero length KF_ERR_NULL_POINTER;
 * a part not on leaf boundaries or beyond total_len, a CV buffer or first chunk of the wrong
 * length (CVs missing or extra), B = 0 KF_ERR_BAD_LENGTH; sizes whose encodings or products
 * overflow KF_ERR_TOO_LONG. CVs are not authenticated: the caller keeps them in order. Whole
 * leaves run on the batched backend. */
typedef enum kf_tree_mode {
    KF_TREE_KT128 = 1,
    KF_TREE_KT256 = 2,
    KF_TREE_PARALLELHASH128 = 3,
    KF_TREE_PARALLELHASH256 = 4,
    KF_TREE_PARALLELHASHXOF128 = 5,
    KF_TREE_PARALLELHASHXOF256 = 6,
} kf_tree_mode;
/* The shape of a message's tree: leaf_len, cv_len, first_len and cv_count (the CVs
 * kf_tree_final takes) for total_len bytes; any output pointer may be NULL. */
KF_API int kf_tree_layout(kf_tree_mode mode, size_t block, uint64_t total_len, size_t *leaf_len, size_t *cv_len,
                          size_t *first_len, uint64_t *cv_count);
KF_API int kf_tree_leaves(kf_tree_mode mode, size_t block, uint64_t total_len, const void *custom,
                          size_t customlen, uint64_t offset, const void *part, size_t partlen, uint8_t *cvs,
                          size_t cvs_len);
KF_API int kf_tree_final(kf_tree_mode mode, size_t block, uint64_t total_len, const void *custom,
                         size_t customlen, const void *first, size_t firstlen, const uint8_t *cvs,
                         size_t cvs_len, uint8_t *out, size_t outlen);

/* ---- Batched hashing: N independent instances in lock-step -------------------------- */
/* For callers with many independent hashes (ML-KEM matrix sampling and PRF, SLH-DSA's
 * short hashes): instances run together on the batched backend (4 or 8 states per
 * permutation call, see kf_backend_batch_name), a few times faster than one by one.
 * Results are exactly those of the one-instance functions above.
 *
 * Algorithms: SHAKE128/256 and TurboSHAKE128/256 (XOFs: any output length; TurboSHAKE with
 * the domain byte 0x1F unless kf_batch_init_turboshake sets another), SHA3-256/512 (the
 * output is the digest: outlen must be at least 32/64, and exactly that many bytes are written).
 *
 * Arrays: in[i] / out[i] / inlen[i] belong to instance i; an in[i] may be NULL only if its
 * length is 0. Errors: n == 0 or n too big, a short SHA-3 output -> KF_ERR_BAD_LENGTH;
 * NULL arrays or buffers -> KF_ERR_NULL_POINTER; calls out of order -> KF_ERR_BAD_STATE. */
typedef enum kf_batch_alg {
    KF_BATCH_SHAKE128 = 1,
    KF_BATCH_SHAKE256 = 2,
    KF_BATCH_TURBOSHAKE128 = 3,
    KF_BATCH_TURBOSHAKE256 = 4,
    KF_BATCH_SHA3_256 = 5,
    KF_BATCH_SHA3_512 = 6,
} kf_batch_alg;

#define KF_BATCH_MAX 8 /* instances in one kf_batch_ctx */
KF_DECLARE_CTX(kf_batch_ctx, 2304);

/* Bytes per squeezed block of alg (168 for SHAKE128/TurboSHAKE128, 136, 72), 0 if unknown. */
KF_API size_t kf_batch_rate(kf_batch_alg alg);

/* Incremental, 1 <= n <= KF_BATCH_MAX instances, equal lengths on every call:
 *   init; absorb any number of times; squeeze any number of times (the first pads).
 * absorb after squeeze returns KF_ERR_BAD_STATE. ML-KEM SampleNTT, for example:
 *   kf_batch_init(&c, KF_BATCH_SHAKE128, 4); kf_batch_absorb(&c, seeds, 34);
 *   kf_batch_squeeze_blocks(&c, bufs, 3); ... then kf_batch_squeeze_blocks(&c, next, 1)
 * while any instance still needs bytes (every instance squeezes; unneeded blocks are cheap
 * to ignore). kf_wipe(ctx) when done with secrets. */
KF_API KF_MUST_CHECK int kf_batch_init(kf_batch_ctx *ctx, kf_batch_alg alg, size_t n);
KF_API KF_MUST_CHECK int kf_batch_init_turboshake(kf_batch_ctx *ctx, kf_batch_alg alg, uint8_t domain, size_t n);
KF_API int kf_batch_absorb(kf_batch_ctx *ctx, const uint8_t *const in[], size_t len);
KF_API int kf_batch_squeeze(kf_batch_ctx *ctx, uint8_t *const out[], size_t len);
/* nblocks whole blocks of kf_batch_rate(alg) bytes into each out[i]; only at a block
 * boundary of the output (else KF_ERR_BAD_STATE), and only for the XOFs. */
KF_API int kf_batch_squeeze_blocks(kf_batch_ctx *ctx, uint8_t *const out[], size_t nblocks);

/* One-shot, any n >= 1 (groups of the backend's width; the rest on a narrower one or x1):
 * out[i] = alg(in[i][0 .. inlen[i])) truncated/extended to outlen bytes. Per-instance lengths
 * may differ (instances of similar length are grouped together); kf_batch_hash_equal is the
 * common case of one length for all (SLH-DSA). */
KF_API int kf_batch_hash(kf_batch_alg alg, uint8_t *const out[], size_t outlen,
                         const uint8_t *const in[], const size_t inlen[], size_t n);
KF_API int kf_batch_hash_equal(kf_batch_alg alg, uint8_t *const out[], size_t outlen,
                               const uint8_t *const in[], size_t inlen, size_t n);
KF_API int kf_shake128_batch(uint8_t *const out[], size_t outlen, const uint8_t *const in[],
                             const size_t inlen[], size_t n);
KF_API int kf_shake256_batch(uint8_t *const out[], size_t outlen, const uint8_t *const in[],
                             const size_t inlen[], size_t n);
KF_API int kf_turboshake128_batch(uint8_t *const out[], size_t outlen, const uint8_t *const in[],
                                  const size_t inlen[], size_t n, uint8_t domain);
KF_API int kf_turboshake256_batch(uint8_t *const out[], size_t outlen, const uint8_t *const in[],
                                  const size_t inlen[], size_t n, uint8_t domain);
KF_API int kf_sha3_256_batch(uint8_t *const out[], const uint8_t *const in[], const size_t inlen[], size_t n);
KF_API int kf_sha3_512_batch(uint8_t *const out[], const uint8_t *const in[], const size_t inlen[], size_t n);

/* ---- ML-KEM (FIPS 203) -------------------------------------------------------------- */
/* ML-KEM-512, -768 and -1024: key generation, encapsulation and decapsulation (Alg. 19-21)
 * and the deterministic internal forms (Alg. 16-17). Keys and ciphertexts are the byte
 * strings of FIPS 203; sizes below. Secret-dependent work is constant time (no branch or
 * memory address depends on a secret) and secrets are wiped before returning.
 *
 * Inputs are checked as FIPS 203 §7.2/§7.3 ask: wrong lengths -> KF_ERR_BAD_LENGTH; an
 * encapsulation key whose coefficients are not all < q (modulus check) or a decapsulation
 * key whose stored H(ek) does not match (hash check) -> KF_ERR_BAD_KEY. A ciphertext of the
 * right length is never rejected: decapsulation returns the implicit-rejection key
 * J(z || c) for an invalid one. On any error the outputs are zeroed. */
typedef enum kf_mlkem_param {
    KF_MLKEM512 = 512,
    KF_MLKEM768 = 768,
    KF_MLKEM1024 = 1024,
} kf_mlkem_param;

#define KF_MLKEM512_EK_BYTES 800      /* encapsulation key: 384k + 32 */
#define KF_MLKEM512_DK_BYTES 1632     /* decapsulation key: 768k + 96 */
#define KF_MLKEM512_CT_BYTES 768      /* ciphertext: 32 (du k + dv) */
#define KF_MLKEM768_EK_BYTES 1184
#define KF_MLKEM768_DK_BYTES 2400
#define KF_MLKEM768_CT_BYTES 1088
#define KF_MLKEM1024_EK_BYTES 1568
#define KF_MLKEM1024_DK_BYTES 3168
#define KF_MLKEM1024_CT_BYTES 1568
#define KF_MLKEM_EK_MAX_BYTES KF_MLKEM1024_EK_BYTES
#define KF_MLKEM_DK_MAX_BYTES KF_MLKEM1024_DK_BYTES
#define KF_MLKEM_CT_MAX_BYTES KF_MLKEM1024_CT_BYTES
#define KF_MLKEM_SS_BYTES 32          /* shared secret K */
#define KF_MLKEM_SEED_BYTES 32        /* each of d and z (KeyGen_internal) */
#define KF_MLKEM_KEYGEN_SEED_BYTES 64 /* d || z, as `kforge mlkem keygen --seed` takes it */
#define KF_MLKEM_MSG_BYTES 32         /* m (Encaps_internal) */

/* (ACSL) the ghost table of the batched Keccak calls (src/keccak/keccak_backend.h; no compiled
 * code reads or writes it): KeyGen, Encaps and Decaps run their Keccak jobs in a batched schedule
 * whose contracts assign it, so theirs below name it too. */
/*@ ghost extern const struct kf_backend_xn *kf_spec_xn_table; */
/* Sizes of a parameter set (0 if param is unknown). */
/*@ logic integer kf_mlkem_ek_len(integer param) =
      param == KF_MLKEM512 ? KF_MLKEM512_EK_BYTES : param == KF_MLKEM768 ? KF_MLKEM768_EK_BYTES
      : param == KF_MLKEM1024 ? KF_MLKEM1024_EK_BYTES : 0;
    logic integer kf_mlkem_dk_len(integer param) =
      param == KF_MLKEM512 ? KF_MLKEM512_DK_BYTES : param == KF_MLKEM768 ? KF_MLKEM768_DK_BYTES
      : param == KF_MLKEM1024 ? KF_MLKEM1024_DK_BYTES : 0;
    logic integer kf_mlkem_ct_len(integer param) =
      param == KF_MLKEM512 ? KF_MLKEM512_CT_BYTES : param == KF_MLKEM768 ? KF_MLKEM768_CT_BYTES
      : param == KF_MLKEM1024 ? KF_MLKEM1024_CT_BYTES : 0; */
/*@ assigns \nothing;
    ensures \result == kf_mlkem_ek_len(param); */
KF_API size_t kf_mlkem_ek_bytes(kf_mlkem_param param);
/*@ assigns \nothing;
    ensures \result == kf_mlkem_dk_len(param); */
KF_API size_t kf_mlkem_dk_bytes(kf_mlkem_param param);
/*@ assigns \nothing;
    ensures \result == kf_mlkem_ct_len(param); */
KF_API size_t kf_mlkem_ct_bytes(kf_mlkem_param param);

/* ML-KEM.KeyGen (Alg. 19): ek (ek_bytes) and dk (dk_bytes), d and z from the RNG. ek and dk
 * must not overlap. */
/*@ requires ek == \null || \valid(ek + (0 .. kf_mlkem_ek_len(param) - 1));
    requires dk == \null || \valid(dk + (0 .. kf_mlkem_dk_len(param) - 1));
    requires ek == \null || dk == \null ||
             \separated(ek + (0 .. kf_mlkem_ek_len(param) - 1), dk + (0 .. kf_mlkem_dk_len(param) - 1));
    assigns ek[0 .. kf_mlkem_ek_len(param) - 1], dk[0 .. kf_mlkem_dk_len(param) - 1], kf_spec_xn_table; */
KF_API int kf_mlkem_keygen(kf_mlkem_param param, uint8_t *ek, uint8_t *dk);
/* ML-KEM.KeyGen (Alg. 19) that also hands back the seed d || z it drew (64 bytes): the
 * compact private key of the PKCS#8 seed form (kf_key_encode_pkcs8, KF_PRIV_SEED), from which
 * kf_mlkem_keygen_internal rebuilds ek and dk. seed is a secret like dk; on an error it is
 * zeroed with ek and dk. ek, dk and seed must not overlap. */
/*@ requires ek == \null || \valid(ek + (0 .. kf_mlkem_ek_len(param) - 1));
    requires dk == \null || \valid(dk + (0 .. kf_mlkem_dk_len(param) - 1));
    requires seed == \null || \valid(seed + (0 .. KF_MLKEM_KEYGEN_SEED_BYTES - 1));
    requires ek == \null || dk == \null ||
             \separated(ek + (0 .. kf_mlkem_ek_len(param) - 1), dk + (0 .. kf_mlkem_dk_len(param) - 1));
    requires ek == \null || seed == \null ||
             \separated(ek + (0 .. kf_mlkem_ek_len(param) - 1), seed + (0 .. KF_MLKEM_KEYGEN_SEED_BYTES - 1));
    requires dk == \null || seed == \null ||
             \separated(dk + (0 .. kf_mlkem_dk_len(param) - 1), seed + (0 .. KF_MLKEM_KEYGEN_SEED_BYTES - 1));
    assigns ek[0 .. kf_mlkem_ek_len(param) - 1], dk[0 .. kf_mlkem_dk_len(param) - 1],
            seed[0 .. KF_MLKEM_KEYGEN_SEED_BYTES - 1], kf_spec_xn_table; */
KF_API int kf_mlkem_keygen_seed(kf_mlkem_param param, uint8_t *ek, uint8_t *dk,
                                uint8_t seed[KF_MLKEM_KEYGEN_SEED_BYTES]);
/* ML-KEM.KeyGen_internal(d, z) (Alg. 16), deterministic. ek, dk, d and z must not overlap
 * (it copies ek and z into dk; overlapping buffers give undefined results). */
/*@ requires ek == \null || \valid(ek + (0 .. kf_mlkem_ek_len(param) - 1));
    requires dk == \null || \valid(dk + (0 .. kf_mlkem_dk_len(param) - 1));
    requires d == \null || \valid_read(d + (0 .. KF_MLKEM_SEED_BYTES - 1));
    requires z == \null || \valid_read(z + (0 .. KF_MLKEM_SEED_BYTES - 1));
    requires ek == \null || dk == \null ||
             \separated(ek + (0 .. kf_mlkem_ek_len(param) - 1), dk + (0 .. kf_mlkem_dk_len(param) - 1));
    requires ek == \null || d == \null || \separated(ek + (0 .. kf_mlkem_ek_len(param) - 1), d + (0 .. KF_MLKEM_SEED_BYTES - 1));
    requires ek == \null || z == \null || \separated(ek + (0 .. kf_mlkem_ek_len(param) - 1), z + (0 .. KF_MLKEM_SEED_BYTES - 1));
    requires dk == \null || d == \null || \separated(dk + (0 .. kf_mlkem_dk_len(param) - 1), d + (0 .. KF_MLKEM_SEED_BYTES - 1));
    requires dk == \null || z == \null || \separated(dk + (0 .. kf_mlkem_dk_len(param) - 1), z + (0 .. KF_MLKEM_SEED_BYTES - 1));
    assigns ek[0 .. kf_mlkem_ek_len(param) - 1], dk[0 .. kf_mlkem_dk_len(param) - 1], kf_spec_xn_table; */
KF_API int kf_mlkem_keygen_internal(kf_mlkem_param param, uint8_t *ek, uint8_t *dk,
                                    const uint8_t d[KF_MLKEM_SEED_BYTES],
                                    const uint8_t z[KF_MLKEM_SEED_BYTES]);
/* ML-KEM.Encaps (Alg. 20): ct (ct_bytes) and the shared secret ss, m from the RNG.
 * ek is checked (length eklen, modulus check). */
/*@ requires ct == \null || \valid(ct + (0 .. kf_mlkem_ct_len(param) - 1));
    requires ss == \null || \valid(ss + (0 .. KF_MLKEM_SS_BYTES - 1));
    requires ek == \null || \valid_read(ek + (0 .. eklen - 1));
    assigns ct[0 .. kf_mlkem_ct_len(param) - 1], ss[0 .. KF_MLKEM_SS_BYTES - 1], kf_spec_xn_table; */
KF_API int kf_mlkem_encaps(kf_mlkem_param param, uint8_t *ct, uint8_t ss[KF_MLKEM_SS_BYTES],
                           const uint8_t *ek, size_t eklen);
/* ML-KEM.Encaps_internal(ek, m) (Alg. 17), deterministic; ek is checked as above. */
/*@ requires ct == \null || \valid(ct + (0 .. kf_mlkem_ct_len(param) - 1));
    requires ss == \null || \valid(ss + (0 .. KF_MLKEM_SS_BYTES - 1));
    requires ek == \null || \valid_read(ek + (0 .. eklen - 1));
    requires m == \null || \valid_read(m + (0 .. KF_MLKEM_MSG_BYTES - 1));
    assigns ct[0 .. kf_mlkem_ct_len(param) - 1], ss[0 .. KF_MLKEM_SS_BYTES - 1], kf_spec_xn_table; */
KF_API int kf_mlkem_encaps_internal(kf_mlkem_param param, uint8_t *ct, uint8_t ss[KF_MLKEM_SS_BYTES],
                                    const uint8_t *ek, size_t eklen,
                                    const uint8_t m[KF_MLKEM_MSG_BYTES]);
/* ML-KEM.Decaps (Alg. 21, with Decaps_internal, Alg. 18): ss from ct and dk. Checks the
 * lengths of ct and dk and dk's hash (§7.3); an invalid ciphertext gives J(z || ct). */
/*@ requires ss == \null || \valid(ss + (0 .. KF_MLKEM_SS_BYTES - 1));
    requires ct == \null || \valid_read(ct + (0 .. ctlen - 1));
    requires dk == \null || \valid_read(dk + (0 .. dklen - 1));
    assigns ss[0 .. KF_MLKEM_SS_BYTES - 1], kf_spec_xn_table; */
KF_API KF_MUST_CHECK int kf_mlkem_decaps(kf_mlkem_param param, uint8_t ss[KF_MLKEM_SS_BYTES],
                           const uint8_t *ct, size_t ctlen, const uint8_t *dk, size_t dklen);
/* The input checks alone: KF_OK, KF_ERR_BAD_LENGTH or KF_ERR_BAD_KEY.
 * check_ek: length and modulus check (§7.2). check_dk: length and hash check (§7.3). */
/*@ requires ek == \null || \valid_read(ek + (0 .. eklen - 1));
    assigns \nothing; */
KF_API KF_MUST_CHECK int kf_mlkem_check_ek(kf_mlkem_param param, const uint8_t *ek, size_t eklen);
/*@ requires dk == \null || \valid_read(dk + (0 .. dklen - 1));
    assigns \nothing; */
KF_API KF_MUST_CHECK int kf_mlkem_check_dk(kf_mlkem_param param, const uint8_t *dk, size_t dklen);

/* Randomness for kf_mlkem_keygen/encaps: fn(arg, out, len) fills out and returns 0, or
 * returns non-zero (the call then fails with KF_ERR_RNG). The default (fn == NULL) is the
 * operating system's generator (getrandom on Linux). Process-wide; meant for tests and
 * for callers with their own approved DRBG; set it before using ML-KEM from threads. */
typedef int (*kf_mlkem_rng_fn)(void *arg, uint8_t *out, size_t len);
KF_API int kf_mlkem_set_rng(kf_mlkem_rng_fn fn, void *arg);

/* ---- SLH-DSA (FIPS 205), SHAKE parameter sets --------------------------------------- */
/* SLH-DSA-SHAKE-128s/128f/192s/192f/256s/256f: key generation (Alg. 21, from the OS random
 * generator, and Alg. 18 from given seeds), signing and verification of the pure (Alg. 22,
 * 24) and pre-hash HashSLH-DSA (Alg. 23, 25) forms with a context string of at most 255
 * bytes, and the internal functions (Alg. 19, 20) that take the message M' as it is.
 * Keys and signatures are FIPS 205's byte strings: pk = PK.seed || PK.root (2n bytes),
 * sk = SK.seed || SK.prf || PK.seed || PK.root (4n bytes).
 *
 * addrnd: n bytes of fresh randomness for the hedged variant FIPS 205 recommends, or NULL
 * for the deterministic variant (opt_rand = PK.seed).
 * Errors (the rule of the Conventions above): unknown param -> KF_ERR_BAD_ALGORITHM; sk or pk
 * of the wrong length, a signature output buffer shorter than the set's signature, and (verify)
 * a signature of the wrong length -> KF_ERR_BAD_LENGTH; context over 255 bytes ->
 * KF_ERR_BAD_CONTEXT; a signature that does not verify -> KF_ERR_BAD_SIGNATURE (verification
 * reads exactly siglen bytes of sig). */
typedef enum kf_slhdsa_param {
    KF_SLHDSA_SHAKE_128S = 1,
    KF_SLHDSA_SHAKE_128F = 2,
    KF_SLHDSA_SHAKE_192S = 3,
    KF_SLHDSA_SHAKE_192F = 4,
    KF_SLHDSA_SHAKE_256S = 5,
    KF_SLHDSA_SHAKE_256F = 6,
} kf_slhdsa_param;

/* Pre-hash functions of HashSLH-DSA (FIPS 205 §10.2; the SHA-2 ones are not offered). */
typedef enum kf_slhdsa_prehash {
    KF_SLHDSA_PH_SHA3_224 = 1,
    KF_SLHDSA_PH_SHA3_256 = 2,
    KF_SLHDSA_PH_SHA3_384 = 3,
    KF_SLHDSA_PH_SHA3_512 = 4,
    KF_SLHDSA_PH_SHAKE128 = 5,  /* 256-bit output */
    KF_SLHDSA_PH_SHAKE256 = 6,  /* 512-bit output */
} kf_slhdsa_prehash;

#define KF_SLHDSA_SHAKE_128S_PK_BYTES 32
#define KF_SLHDSA_SHAKE_128S_SK_BYTES 64
#define KF_SLHDSA_SHAKE_128S_SIG_BYTES 7856
#define KF_SLHDSA_SHAKE_128F_PK_BYTES 32
#define KF_SLHDSA_SHAKE_128F_SK_BYTES 64
#define KF_SLHDSA_SHAKE_128F_SIG_BYTES 17088
#define KF_SLHDSA_SHAKE_192S_PK_BYTES 48
#define KF_SLHDSA_SHAKE_192S_SK_BYTES 96
#define KF_SLHDSA_SHAKE_192S_SIG_BYTES 16224
#define KF_SLHDSA_SHAKE_192F_PK_BYTES 48
#define KF_SLHDSA_SHAKE_192F_SK_BYTES 96
#define KF_SLHDSA_SHAKE_192F_SIG_BYTES 35664
#define KF_SLHDSA_SHAKE_256S_PK_BYTES 64
#define KF_SLHDSA_SHAKE_256S_SK_BYTES 128
#define KF_SLHDSA_SHAKE_256S_SIG_BYTES 29792
#define KF_SLHDSA_SHAKE_256F_PK_BYTES 64
#define KF_SLHDSA_SHAKE_256F_SK_BYTES 128
#define KF_SLHDSA_SHAKE_256F_SIG_BYTES 49856
#define KF_SLHDSA_PK_MAX_BYTES 64
#define KF_SLHDSA_SK_MAX_BYTES 128
#define KF_SLHDSA_SIG_MAX_BYTES 49856
#define KF_SLHDSA_MAX_CONTEXT_BYTES 255

/* Sizes of a parameter set (0 if param is unknown); n is the seed size (16, 24 or 32). */
/*@ logic integer kf_slhdsa_n_len(integer param) =
      param == KF_SLHDSA_SHAKE_128S || param == KF_SLHDSA_SHAKE_128F ? 16
      : param == KF_SLHDSA_SHAKE_192S || param == KF_SLHDSA_SHAKE_192F ? 24
      : param == KF_SLHDSA_SHAKE_256S || param == KF_SLHDSA_SHAKE_256F ? 32 : 0; */
/*@ assigns \nothing;
    ensures \result == 2 * kf_slhdsa_n_len(param); */
KF_API size_t kf_slhdsa_pk_bytes(kf_slhdsa_param param);
/*@ assigns \nothing;
    ensures \result == 4 * kf_slhdsa_n_len(param); */
KF_API size_t kf_slhdsa_sk_bytes(kf_slhdsa_param param);
KF_API size_t kf_slhdsa_sig_bytes(kf_slhdsa_param param);
KF_API size_t kf_slhdsa_n(kf_slhdsa_param param);

/* slh_keygen (Alg. 21): pk (pk_bytes) and sk (sk_bytes), the seeds from the OS generator
 * (KF_ERR_RNG if it fails). */
KF_API int kf_slhdsa_keygen(kf_slhdsa_param param, uint8_t *pk, uint8_t *sk);
/* slh_keygen_internal (Alg. 18) from the three n-byte seeds. */
KF_API int kf_slhdsa_keygen_internal(kf_slhdsa_param param, uint8_t *pk, uint8_t *sk,
                                     const uint8_t *sk_seed, const uint8_t *sk_prf,
                                     const uint8_t *pk_seed);
/* slh_sign (Alg. 22): sig (sig_bytes written; siglen is the buffer's size). */
KF_API int kf_slhdsa_sign(kf_slhdsa_param param, uint8_t *sig, size_t siglen,
                          const void *msg, size_t msglen, const void *ctx, size_t ctxlen,
                          const uint8_t *addrnd, const uint8_t *sk, size_t sklen);
/* slh_verify (Alg. 24): KF_OK if sig is a valid signature of msg under ctx and pk. */
KF_API KF_MUST_CHECK int kf_slhdsa_verify(kf_slhdsa_param param, const void *msg, size_t msglen,
                            const void *ctx, size_t ctxlen, const uint8_t *sig, size_t siglen,
                            const uint8_t *pk, size_t pklen);
/* Many slh_verify (Alg. 24) calls at once, all of one parameter set: results[i] is exactly
 * what kf_slhdsa_verify would return for items[i] (KF_OK, KF_ERR_BAD_SIGNATURE, or the
 * argument error: KF_ERR_BAD_LENGTH, KF_ERR_NULL_POINTER, KF_ERR_BAD_CONTEXT,
 * KF_ERR_BAD_ALGORITHM). Messages, contexts and public keys may all differ. The signatures
 * run in lock-step, one per lane of the batched backend (8 on avx512-x8, 4 on x4): FORS
 * trees, WOTS+ chains (lanes refilled as chains of different lengths end), T_len and the
 * climbs, layer by layer, which a single verification cannot do (its layers depend on each
 * other); on a host without an interleaved batched backend the items are verified one by
 * one. Returns KF_OK if every item verified, else the first item's result that is not
 * KF_OK; KF_ERR_NULL_POINTER (results untouched) if items or results is NULL with count > 0.
 * count 0 is KF_OK. */
typedef struct kf_slhdsa_verify_item {
    const void *msg;
    size_t msglen;
    const void *ctx;      /* context string, at most 255 bytes; NULL with ctxlen 0 for none */
    size_t ctxlen;
    const uint8_t *sig;
    size_t siglen;
    const uint8_t *pk;
    size_t pklen;
} kf_slhdsa_verify_item;
KF_API KF_MUST_CHECK int kf_slhdsa_verify_batch(kf_slhdsa_param param, size_t count,
                                                const kf_slhdsa_verify_item *items, int *results);
/* hash_slh_sign / hash_slh_verify (Alg. 23, 25) with pre-hash ph. */
KF_API int kf_slhdsa_hash_sign(kf_slhdsa_param param, kf_slhdsa_prehash ph, uint8_t *sig, size_t siglen,
                               const void *msg, size_t msglen, const void *ctx, size_t ctxlen,
                               const uint8_t *addrnd, const uint8_t *sk, size_t sklen);
KF_API KF_MUST_CHECK int kf_slhdsa_hash_verify(kf_slhdsa_param param, kf_slhdsa_prehash ph, const void *msg, size_t msglen,
                                 const void *ctx, size_t ctxlen, const uint8_t *sig, size_t siglen,
                                 const uint8_t *pk, size_t pklen);
/* slh_sign_internal / slh_verify_internal (Alg. 19, 20): msg is M' itself (no context). */
KF_API int kf_slhdsa_sign_internal(kf_slhdsa_param param, uint8_t *sig, size_t siglen,
                                   const void *msg, size_t msglen, const uint8_t *addrnd,
                                   const uint8_t *sk, size_t sklen);
KF_API KF_MUST_CHECK int kf_slhdsa_verify_internal(kf_slhdsa_param param, const void *msg, size_t msglen,
                                     const uint8_t *sig, size_t siglen, const uint8_t *pk, size_t pklen);

/* ---- ML-DSA (FIPS 204) ---------------------------------------------------------------- */
/* ML-DSA-44/65/87: key generation (Alg. 1, from the OS random generator, and KeyGen_internal,
 * Alg. 6, from the 32-byte seed xi), signing and verification of the pure (Alg. 2, 3) and
 * pre-hash HashML-DSA (Alg. 4, 5) forms with a context string of at most 255 bytes, the
 * internal functions (Alg. 7, 8) that take the message M' as it is, and signing and
 * verifying from an externally computed mu = H(H(pk, 64) || M', 64) (the "external mu"
 * interface of ACVP and HSMs). Keys and signatures are FIPS 204's byte strings (pkEncode,
 * skEncode - the expanded private key, not the seed - and sigEncode).
 *
 * rnd: the 32 bytes of fresh randomness of the hedged variant FIPS 204 recommends (§3.4), or
 * NULL for the deterministic variant (rnd = 32 zero bytes). As with SLH-DSA's addrnd, the
 * library does not draw them itself: a caller that wants the hedged default passes 32 bytes
 * from its generator (the Python and CLI front ends will use the OS generator).
 * Errors (the rule of the Conventions above): unknown param -> KF_ERR_BAD_ALGORITHM; sk or pk
 * of the wrong length, a signature output buffer shorter than the set's signature, and (verify)
 * a signature of the wrong length -> KF_ERR_BAD_LENGTH; context over 255 bytes ->
 * KF_ERR_BAD_CONTEXT; a private key whose s1 or s2 coefficients lie outside [-eta, eta]
 * (never one that skEncode wrote) -> KF_ERR_BAD_KEY; a signature that does not verify,
 * including a malformed hint (indices not strictly increasing, counts out of order or over
 * omega, non-zero padding) or z out of bounds -> KF_ERR_BAD_SIGNATURE; signing whose
 * rejection loop ends 1000 attempts without a signature (never for a key skEncode wrote: the
 * chance is below 2^-200; a crafted key could otherwise loop forever) -> KF_ERR_BAD_STATE.
 * A failed signing call zeroes sig[0 .. siglen).
 * Stack: key generation, signing and verification keep the matrix A and their vectors on the
 * stack, sized for ML-DSA-87 whatever the set: signing 124 KiB, key generation 112 KiB,
 * verification 100 KiB (measured, GCC 12 -O2, x86-64; give threads that call
 * them a stack of 256 KB or more; glibc's default is 8 MB, musl's 128 KB is too small). */
typedef enum kf_mldsa_param {
    KF_MLDSA44 = 44,
    KF_MLDSA65 = 65,
    KF_MLDSA87 = 87,
} kf_mldsa_param;

/* Pre-hash functions of HashML-DSA (FIPS 204 §5.4; the SHA-2 ones are not offered). The
 * values are those of kf_slhdsa_prehash. */
typedef enum kf_mldsa_prehash {
    KF_MLDSA_PH_SHA3_224 = 1,
    KF_MLDSA_PH_SHA3_256 = 2,
    KF_MLDSA_PH_SHA3_384 = 3,
    KF_MLDSA_PH_SHA3_512 = 4,
    KF_MLDSA_PH_SHAKE128 = 5,  /* 256-bit output */
    KF_MLDSA_PH_SHAKE256 = 6,  /* 512-bit output */
} kf_mldsa_prehash;

#define KF_MLDSA44_PK_BYTES 1312   /* 32 + 320k */
#define KF_MLDSA44_SK_BYTES 2560   /* 128 + 32 ((k + l) bitlen(2 eta) + 13k) */
#define KF_MLDSA44_SIG_BYTES 2420  /* lambda/4 + 32 l (1 + bitlen(gamma1 - 1)) + omega + k */
#define KF_MLDSA65_PK_BYTES 1952
#define KF_MLDSA65_SK_BYTES 4032
#define KF_MLDSA65_SIG_BYTES 3309
#define KF_MLDSA87_PK_BYTES 2592
#define KF_MLDSA87_SK_BYTES 4896
#define KF_MLDSA87_SIG_BYTES 4627
#define KF_MLDSA_PK_MAX_BYTES KF_MLDSA87_PK_BYTES
#define KF_MLDSA_SK_MAX_BYTES KF_MLDSA87_SK_BYTES
#define KF_MLDSA_SIG_MAX_BYTES KF_MLDSA87_SIG_BYTES
#define KF_MLDSA_SEED_BYTES 32         /* xi (KeyGen_internal) */
#define KF_MLDSA_RND_BYTES 32          /* rnd (hedged signing) */
#define KF_MLDSA_MU_BYTES 64           /* mu (external-mu signing and verifying) */
#define KF_MLDSA_MAX_CONTEXT_BYTES 255

/* Sizes of a parameter set (0 if param is unknown). */
/*@ logic integer kf_mldsa_pk_len(integer param) =
      param == KF_MLDSA44 ? KF_MLDSA44_PK_BYTES : param == KF_MLDSA65 ? KF_MLDSA65_PK_BYTES
      : param == KF_MLDSA87 ? KF_MLDSA87_PK_BYTES : 0;
    logic integer kf_mldsa_sk_len(integer param) =
      param == KF_MLDSA44 ? KF_MLDSA44_SK_BYTES : param == KF_MLDSA65 ? KF_MLDSA65_SK_BYTES
      : param == KF_MLDSA87 ? KF_MLDSA87_SK_BYTES : 0; */
/*@ assigns \nothing;
    ensures \result == kf_mldsa_pk_len(param); */
KF_API size_t kf_mldsa_pk_bytes(kf_mldsa_param param);
/*@ assigns \nothing;
    ensures \result == kf_mldsa_sk_len(param); */
KF_API size_t kf_mldsa_sk_bytes(kf_mldsa_param param);
KF_API size_t kf_mldsa_sig_bytes(kf_mldsa_param param);

/* ML-DSA.KeyGen (Alg. 1): pk (pk_bytes) and sk (sk_bytes), xi from the OS generator
 * (KF_ERR_RNG if it fails). */
KF_API int kf_mldsa_keygen(kf_mldsa_param param, uint8_t *pk, uint8_t *sk);
/* ML-DSA.KeyGen_internal(xi) (Alg. 6), deterministic. */
/*@ requires pk == \null || \valid(pk + (0 .. kf_mldsa_pk_len(param) - 1));
    requires sk == \null || \valid(sk + (0 .. kf_mldsa_sk_len(param) - 1));
    requires xi == \null || \valid_read(xi + (0 .. KF_MLDSA_SEED_BYTES - 1));
    assigns pk[0 .. kf_mldsa_pk_len(param) - 1], sk[0 .. kf_mldsa_sk_len(param) - 1], kf_spec_xn_table; */
KF_API int kf_mldsa_keygen_internal(kf_mldsa_param param, uint8_t *pk, uint8_t *sk,
                                    const uint8_t xi[KF_MLDSA_SEED_BYTES]);
/* ML-DSA.Sign (Alg. 2): sig (sig_bytes written; siglen is the buffer's size). sk's tr and t0
 * are used as they are, not checked: see kf_mldsa_check_sk. */
KF_API int kf_mldsa_sign(kf_mldsa_param param, uint8_t *sig, size_t siglen,
                         const void *msg, size_t msglen, const void *ctx, size_t ctxlen,
                         const uint8_t *rnd, const uint8_t *sk, size_t sklen);
/* ML-DSA.Verify (Alg. 3): KF_OK if sig is a valid signature of msg under ctx and pk. */
KF_API KF_MUST_CHECK int kf_mldsa_verify(kf_mldsa_param param, const void *msg, size_t msglen,
                           const void *ctx, size_t ctxlen, const uint8_t *sig, size_t siglen,
                           const uint8_t *pk, size_t pklen);
/* Many kf_mldsa_verify (Alg. 3) calls at once, all of one parameter set: results[i] is exactly
 * what kf_mldsa_verify would return for items[i] (KF_OK, KF_ERR_BAD_SIGNATURE, or the argument
 * error: KF_ERR_BAD_LENGTH, KF_ERR_NULL_POINTER, KF_ERR_BAD_CONTEXT, KF_ERR_BAD_ALGORITHM).
 * Messages, contexts and public keys may all differ. The hashes a single verification runs on
 * one Keccak state (tr = H(pk) and the final c~' hash) run for up to 8 items at a time in the
 * lanes of the batched backend, and consecutive items under the same public key share one
 * ExpandA; the arithmetic is item by item. Returns KF_OK if every item verified, else the
 * first item's result that is not KF_OK; KF_ERR_NULL_POINTER (results untouched) if items or
 * results is NULL with count > 0. count 0 is KF_OK. */
typedef struct kf_mldsa_verify_item {
    const void *msg;
    size_t msglen;
    const void *ctx;      /* context string, at most 255 bytes; NULL with ctxlen 0 for none */
    size_t ctxlen;
    const uint8_t *sig;
    size_t siglen;
    const uint8_t *pk;
    size_t pklen;
} kf_mldsa_verify_item;
KF_API KF_MUST_CHECK int kf_mldsa_verify_batch(kf_mldsa_param param, size_t count,
                                               const kf_mldsa_verify_item *items, int *results);
/* HashML-DSA.Sign / HashML-DSA.Verify (Alg. 4, 5) with pre-hash ph. */
KF_API int kf_mldsa_hash_sign(kf_mldsa_param param, kf_mldsa_prehash ph, uint8_t *sig, size_t siglen,
                              const void *msg, size_t msglen, const void *ctx, size_t ctxlen,
                              const uint8_t *rnd, const uint8_t *sk, size_t sklen);
KF_API KF_MUST_CHECK int kf_mldsa_hash_verify(kf_mldsa_param param, kf_mldsa_prehash ph,
                                const void *msg, size_t msglen, const void *ctx, size_t ctxlen,
                                const uint8_t *sig, size_t siglen, const uint8_t *pk, size_t pklen);
/* ML-DSA.Sign_internal / Verify_internal (Alg. 7, 8): msg is M' itself (no context). */
KF_API int kf_mldsa_sign_internal(kf_mldsa_param param, uint8_t *sig, size_t siglen,
                                  const void *msg, size_t msglen, const uint8_t *rnd,
                                  const uint8_t *sk, size_t sklen);
KF_API KF_MUST_CHECK int kf_mldsa_verify_internal(kf_mldsa_param param, const void *msg, size_t msglen,
                                    const uint8_t *sig, size_t siglen, const uint8_t *pk, size_t pklen);
/* The public key of an expanded private key sk (which does not hold it): pk = rho || t1 with
 * t = NTT^-1(ExpandA(rho) o NTT(s1)) + s2, after checking that sk is one KeyGen_internal
 * could have written - s1 and s2 in [-eta, eta], t0 the low part of that t, tr = H(pk) -
 * else KF_ERR_BAD_KEY (pk zeroed). Costs about one key generation. */
/*@ requires pk == \null || \valid(pk + (0 .. kf_mldsa_pk_len(param) - 1));
    requires sk == \null || \valid_read(sk + (0 .. sklen - 1));
    assigns pk[0 .. kf_mldsa_pk_len(param) - 1], kf_spec_xn_table; */
KF_API KF_MUST_CHECK int kf_mldsa_pk_from_sk(kf_mldsa_param param, uint8_t *pk, const uint8_t *sk, size_t sklen);
/* KF_OK if the expanded private key sk is one KeyGen_internal could have written (the checks
 * of kf_mldsa_pk_from_sk, without keeping pk), else KF_ERR_BAD_KEY (KF_ERR_BAD_LENGTH,
 * KF_ERR_NULL_POINTER, KF_ERR_BAD_ALGORITHM for bad arguments). Signing checks only that
 * s1 and s2 lie in [-eta, eta]: it takes tr and t0 as they are, so with a key whose tr or t0
 * is not its own, kf_mldsa_sign (and the other signing calls) return KF_OK and a signature
 * that does not verify. Check a key that comes from outside once, when it is loaded: the
 * PKCS#8 decoder, the kforge CLI, the OpenSSL provider's key import and decoders and the
 * Python package's load_private_key and check_private_key do. K (bytes 32..63) cannot be
 * checked without the seed: any K gives a working key. Costs about one key generation;
 * constant time but for the verdict. */
/*@ requires sk == \null || \valid_read(sk + (0 .. sklen - 1));
    assigns kf_spec_xn_table; */
KF_API KF_MUST_CHECK int kf_mldsa_check_sk(kf_mldsa_param param, const uint8_t *sk, size_t sklen);
/* Sign_internal / Verify_internal from mu (64 bytes) instead of M': mu must be
 * H(tr || M', 64) with tr = H(pk, 64) (Alg. 7 line 6), computed by the caller.
 * kf_mldsa_verify_mu does not authenticate pk: the key is bound to the signature only
 * through tr inside mu, which the caller computed, so it checks the signature against mu
 * and pk's A and t1 alone. Another pk can accept the same (mu, sig) (a t1 changed in a low
 * bit keeps w1' for some keys: a few percent of single-bit changes); compute mu from the pk
 * you mean (or use kf_mldsa_verify) when the key matters. */
KF_API int kf_mldsa_sign_mu(kf_mldsa_param param, uint8_t *sig, size_t siglen,
                            const uint8_t mu[KF_MLDSA_MU_BYTES], const uint8_t *rnd,
                            const uint8_t *sk, size_t sklen);
KF_API KF_MUST_CHECK int kf_mldsa_verify_mu(kf_mldsa_param param, const uint8_t mu[KF_MLDSA_MU_BYTES],
                              const uint8_t *sig, size_t siglen, const uint8_t *pk, size_t pklen);

/* ---- Key encodings: DER and PEM (SubjectPublicKeyInfo, PKCS#8) ----------------------- */
/* ML-KEM, ML-DSA and SLH-DSA keys in the X.509 / PKCS#8 forms OpenSSL 3.5 and the IETF LAMPS
 * documents use: SubjectPublicKeyInfo with the raw public key as the BIT STRING, and
 * PKCS#8 PrivateKeyInfo (OneAsymmetricKey v0; v1 accepted on input) with the NIST OIDs
 * 2.16.840.1.101.3.4.4.1-3 (ML-KEM-512/768/1024), 2.16.840.1.101.3.4.3.17-19
 * (ML-DSA-44/65/87) and 2.16.840.1.101.3.4.3.26-31 (SLH-DSA-SHAKE-128s, 128f, 192s, 192f,
 * 256s, 256f), no algorithm parameters.
 * SLH-DSA's privateKey is sk itself. ML-KEM's is the CHOICE of draft-ietf-lamps-kyber-
 * certificates: seed [0] (the 64-byte d || z), expandedKey (dk), or both (SEQUENCE of seed
 * and dk); ML-DSA's the same CHOICE of RFC 9881 with the 32-byte seed xi and sk.
 * Decoders accept DER only (minimal lengths, nothing trailing) and check the keys:
 * ML-KEM ek's modulus check, dk's hash check and the modulus check of the ek inside dk;
 * an ML-DSA sk must be consistent (kf_mldsa_pk_from_sk); and for "both" (and a v1
 * publicKey) the parts must agree (else KF_ERR_BAD_KEY); the PKCS#8 encoder refuses
 * (KF_ERR_BAD_KEY) a dk or sk the decoder would. Malformed DER/PEM -> KF_ERR_BAD_ENCODING; a key or
 * seed of the wrong size -> KF_ERR_BAD_LENGTH; an unknown OID -> KF_ERR_BAD_ENCODING. As RFC 5958
 * says, a v1 OneAsymmetricKey (version 1) must carry the publicKey and a v0 one must not (else
 * KF_ERR_BAD_ENCODING); a publicKey of the wrong size is KF_ERR_BAD_LENGTH, as in an SPKI.
 * Encoders: out == NULL asks for the length only (*outlen); a short out -> KF_ERR_BAD_LENGTH
 * with *outlen the length needed and nothing written to out (kf_pem_decode likewise: on any
 * error der holds nothing of the key). */

typedef enum kf_key_type {
    KF_KEY_MLKEM512 = 1,
    KF_KEY_MLKEM768 = 2,
    KF_KEY_MLKEM1024 = 3,
    KF_KEY_SLHDSA_SHAKE_128S = 11,
    KF_KEY_SLHDSA_SHAKE_128F = 12,
    KF_KEY_SLHDSA_SHAKE_192S = 13,
    KF_KEY_SLHDSA_SHAKE_192F = 14,
    KF_KEY_SLHDSA_SHAKE_256S = 15,
    KF_KEY_SLHDSA_SHAKE_256F = 16,
    KF_KEY_MLDSA44 = 21,
    KF_KEY_MLDSA65 = 22,
    KF_KEY_MLDSA87 = 23,
} kf_key_type;

/* Which ML-KEM- or ML-DSA-PrivateKey CHOICE to write (and which one was read). */
typedef enum kf_key_priv_form {
    KF_PRIV_DEFAULT = 0,   /* ML-KEM, ML-DSA: seed when a seed is given, else expandedKey; SLH-DSA: sk */
    KF_PRIV_SEED = 1,      /* seed [0] IMPLICIT OCTET STRING (ML-KEM 64 bytes, ML-DSA 32) */
    KF_PRIV_EXPANDED = 2,  /* expandedKey OCTET STRING (dk, sk); SLH-DSA's only form */
    KF_PRIV_BOTH = 3,      /* SEQUENCE { seed, expandedKey } */
} kf_key_priv_form;

/* "ML-KEM-768", "ML-DSA-65", "SLH-DSA-SHAKE-128s", ... (NULL if unknown); public / private
 * key sizes (ML-KEM ek / dk, ML-DSA and SLH-DSA pk / sk; 0 if unknown). */
KF_API const char *kf_key_type_name(kf_key_type t);
KF_API size_t kf_key_pub_bytes(kf_key_type t);
KF_API size_t kf_key_priv_bytes(kf_key_type t);
/* SubjectPublicKeyInfo DER of a public key. */
KF_API int kf_key_encode_spki(kf_key_type t, const uint8_t *pub, size_t publen,
                              uint8_t *out, size_t outcap, size_t *outlen);
/* PKCS#8 DER of a private key. ML-KEM: seed (64 bytes, d || z) for SEED/BOTH, priv (dk)
 * for EXPANDED; BOTH derives dk from the seed when priv is NULL. ML-DSA: the same with the
 * 32-byte seed xi and priv = sk. SLH-DSA: priv = sk, seed ignored, form DEFAULT or EXPANDED. */
KF_API int kf_key_encode_pkcs8(kf_key_type t, kf_key_priv_form form, const uint8_t *seed, size_t seedlen,
                               const uint8_t *priv, size_t privlen, uint8_t *out, size_t outcap,
                               size_t *outlen);
/* Read a SubjectPublicKeyInfo: its type, and the public key into pub (pubcap >= its size). */
/*@ requires der == \null || \valid_read(der + (0 .. derlen - 1));
    requires t == \null || \valid(t);
    requires pub == \null || \valid(pub + (0 .. pubcap - 1));
    requires publen == \null || \valid(publen);
    requires der == \null || pub == \null || \separated(pub + (0 .. pubcap - 1), der + (0 .. derlen - 1));
    requires \separated(t, publen, pub + (0 .. pubcap - 1));
    assigns *t, pub[0 .. pubcap - 1], *publen; */
KF_API KF_MUST_CHECK int kf_key_decode_spki(const uint8_t *der, size_t derlen, kf_key_type *t,
                              uint8_t *pub, size_t pubcap, size_t *publen);
/* Read a PKCS#8 key: its type, the form found (form may be NULL), the whole private key
 * into priv (ML-KEM: dk, ML-DSA: sk, expanded from the seed when only the seed is stored;
 * SLH-DSA: sk; the public key is inside: ML-KEM ek = dk[384k .. 384k+ek), SLH-DSA pk = the
 * last 2n bytes; ML-DSA's is not: kf_mldsa_pk_from_sk), and the seed when one is stored
 * (seed may be NULL; *seedlen = 64 (ML-KEM), 32 (ML-DSA) or 0). */
/*@ requires der == \null || \valid_read(der + (0 .. derlen - 1));
    requires t == \null || \valid(t);
    requires form == \null || \valid(form);
    requires seed == \null || \valid(seed + (0 .. seedcap - 1));
    requires seedlen == \null || \valid(seedlen);
    requires priv == \null || \valid(priv + (0 .. privcap - 1));
    requires privlen == \null || \valid(privlen);
    requires der == \null || priv == \null || \separated(priv + (0 .. privcap - 1), der + (0 .. derlen - 1));
    requires der == \null || seed == \null || \separated(seed + (0 .. seedcap - 1), der + (0 .. derlen - 1));
    requires \separated(t, priv + (0 .. privcap - 1), privlen);
    requires form == \null || \separated(form, t, seed + (0 .. seedcap - 1), seedlen, priv + (0 .. privcap - 1), privlen);
    requires seed == \null || \separated(seed + (0 .. seedcap - 1), t, seedlen, priv + (0 .. privcap - 1), privlen);
    requires seedlen == \null || \separated(seedlen, t, priv + (0 .. privcap - 1), privlen);
    assigns *t, *form, seed[0 .. seedcap - 1], *seedlen, priv[0 .. privcap - 1], *privlen, kf_spec_xn_table; */
KF_API KF_MUST_CHECK int kf_key_decode_pkcs8(const uint8_t *der, size_t derlen, kf_key_type *t, kf_key_priv_form *form,
                               uint8_t *seed, size_t seedcap, size_t *seedlen,
                               uint8_t *priv, size_t privcap, size_t *privlen);
/* PEM: "-----BEGIN label-----", base64 in lines of 64, "-----END label-----\n"; out gets
 * a terminating NUL (outcap counts it; *outlen does not). Labels: "PUBLIC KEY" (SPKI),
 * "PRIVATE KEY" (PKCS#8); any label must follow RFC 7468 (printable ASCII, single spaces or
 * hyphens inside, at most 80 bytes), else KF_ERR_BAD_ENCODING, here and in kf_pem_decode. */
KF_API int kf_pem_encode(const char *label, const uint8_t *der, size_t derlen,
                         char *out, size_t outcap, size_t *outlen);
/* The first PEM block of pem: its label (NUL-terminated, if label is not NULL) and DER.
 * der == NULL asks for the length. Bad base64, padding or a missing/mismatched END line ->
 * KF_ERR_BAD_ENCODING. */
/*@ requires pem == \null || \valid_read(pem + (0 .. pemlen - 1));
    requires pemlen <= PTRDIFF_MAX;
    requires label == \null || \valid(label + (0 .. labelcap - 1));
    requires der == \null || \valid(der + (0 .. dercap - 1));
    requires derlen == \null || \valid(derlen);
    requires pem == \null || label == \null || \separated(label + (0 .. labelcap - 1), pem + (0 .. pemlen - 1));
    requires pem == \null || der == \null || \separated(der + (0 .. dercap - 1), pem + (0 .. pemlen - 1));
    requires \separated(label + (0 .. labelcap - 1), der + (0 .. dercap - 1), derlen);
    assigns label[0 .. labelcap - 1], der[0 .. dercap - 1], *derlen;
    ensures der_fits: \result == KF_OK && der != \null ==> *derlen <= dercap;
    ensures label_nul: \result == KF_OK && label != \null ==> \exists integer i; 0 <= i < labelcap && label[i] == '\0'; */
KF_API KF_MUST_CHECK int kf_pem_decode(const char *pem, size_t pemlen, char *label, size_t labelcap,
                         uint8_t *der, size_t dercap, size_t *derlen);

#ifdef __cplusplus
}
#endif
#endif /* KECCAKFORGE_H */
