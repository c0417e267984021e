/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kf_prov.h - what the parts of the keccakforge OpenSSL provider share: the provider
 * context, error reporting through the core's error upcalls, the core BIO upcalls, and
 * each part's algorithm table.
 */
#ifndef KF_PROV_H
#define KF_PROV_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <stddef.h>
#include <stdint.h>

/* One per loaded instance (each OSSL_provider_init in each library context): everything
 * the instance got from the core lives here, never in file-scope variables, and every
 * operation context and key keeps a pointer to its instance's. Immutable after init. */
typedef struct kf_provctx {
    const OSSL_CORE_HANDLE *handle;
    /* the core's upcalls offered to this instance (NULL if not offered) */
    OSSL_FUNC_core_new_error_fn *new_error;
    OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
    OSSL_FUNC_core_vset_error_fn *vset_error;
    OSSL_FUNC_BIO_read_ex_fn *bio_read_ex;
    OSSL_FUNC_BIO_write_ex_fn *bio_write_ex;
    OSSL_FUNC_core_obj_create_fn *obj_create;       /* OIDs OpenSSL 3.0 does not know */
    OSSL_FUNC_core_obj_add_sigid_fn *obj_add_sigid; /* ... and their signature mappings */
    OSSL_LIB_CTX *classic;   /* a private library context with OpenSSL's default provider (X25519) */
    OSSL_PROVIDER *classic_default;
    char build[96];          /* OSSL_PROV_PARAM_BUILDINFO, written by init */
} kf_provctx;

/* Reason codes of this provider's errors (strings in prov.c). */
enum {
    KF_R_BAD_LENGTH = 1,
    KF_R_BAD_KEY,
    KF_R_NO_KEY,
    KF_R_UNKNOWN_PARAM,
    KF_R_BAD_PARAM,
    KF_R_BAD_STATE,
    KF_R_BAD_ENCODING,
    KF_R_BAD_SIGNATURE,
    KF_R_LIBRARY,
    KF_R_NO_MEMORY,
    KF_R_CLASSIC,
    KF_R_KEY_MISMATCH,
    KF_R_OPENSSL_LIMIT,
};

/* Every helper below takes the instance (pc) whose core the error goes to: the operation
 * context's or the key's, never NULL. */

/* Put an error with reason `reason` and a formatted detail on OpenSSL's error queue. */
void kf_prov_err(const kf_provctx *pc, int reason, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The same for a keccakforge status code (names it). Returns 0 (failure) for chaining. */
int kf_prov_lib_err(const kf_provctx *pc, int status, const char *what);

/* Read the whole of a core BIO (at most `max` bytes) into a fresh buffer; NULL on error. */
unsigned char *kf_prov_read_all(const kf_provctx *pc, OSSL_CORE_BIO *cin, size_t max, size_t *len);
int kf_prov_write_all(const kf_provctx *pc, OSSL_CORE_BIO *cout, const void *buf, size_t len);

/* Writes "label:" and the bytes in hex (xx:xx:..., 16 a line, indented by 4), as the
 * text encoders print key parts (codecs.c). */
int kf_prov_text_hex(const kf_provctx *pc, OSSL_CORE_BIO *out, const char *label, const uint8_t *b, size_t n);

/* 32-byte aligned, zeroed allocation (the library's contexts ask for it); kf_prov_free wipes. */
void *kf_prov_zalloc(const kf_provctx *pc, size_t n);
void kf_prov_free(void *p, size_t n);

/* Every parameter in params must have one of the names in the NULL-terminated list
 * `known` (else an error naming it, and 0). */
int kf_prov_check_known(const kf_provctx *pc, const OSSL_PARAM params[], const char *const known[]);

extern const OSSL_ALGORITHM kf_prov_digests[];
extern const OSSL_ALGORITHM kf_prov_macs[];
extern const OSSL_ALGORITHM kf_prov_keymgmt[];
extern const OSSL_ALGORITHM kf_prov_kems[];
extern const OSSL_ALGORITHM kf_prov_signatures[];
extern const OSSL_ALGORITHM kf_prov_encoders[];
extern const OSSL_ALGORITHM kf_prov_decoders[];
extern const OSSL_DISPATCH kf_encoder_hybrid_text[];   /* hybrid.c */
int kf_prov_tls_groups(OSSL_CALLBACK *cb, void *arg);
/* TLS-SIGALG: ML-DSA-44/65/87 (signature.c) */
int kf_prov_tls_sigalgs(OSSL_CALLBACK *cb, void *arg);
/* The X25519 library context (hybrid.c): OSSL_LIB_CTX_new + OpenSSL's default provider. */
void kf_prov_classic_init(kf_provctx *p);

#define KF_PROPS "provider=keccakforge"

#endif
