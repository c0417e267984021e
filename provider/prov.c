/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * prov.c - the keccakforge OpenSSL 3 provider: entry point (OSSL_provider_init), the
 * algorithm query, the TLS-GROUP capability, and error reporting through the core.
 *
 * No file-scope state: the module may be loaded into several library contexts at once
 * (one OSSL_provider_init each, and each may be unloaded while the others run), so the
 * core handle and upcalls of an instance live in its kf_provctx, and errors go out on the
 * handle of the instance whose operation raised them.
 */
#include "kf_prov.h"
#include "keccakforge.h"

#include <openssl/crypto.h>
#include <openssl/provider.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kf_prov_err(const kf_provctx *pc, int reason, const char *fmt, ...)
{
    va_list ap;
    if (!pc || !pc->new_error || !pc->vset_error) return;   /* the core offered no error upcalls */
    pc->new_error(pc->handle);
    if (pc->set_error_debug) pc->set_error_debug(pc->handle, "keccakforge", 0, "keccakforge provider");
    va_start(ap, fmt);
    pc->vset_error(pc->handle, (uint32_t)reason, fmt, ap);
    va_end(ap);
}

int kf_prov_lib_err(const kf_provctx *pc, int status, const char *what)
{
    int reason = KF_R_LIBRARY;
    if (status == KF_ERR_BAD_LENGTH || status == KF_ERR_BAD_SIGNATURE_SIZE) reason = KF_R_BAD_LENGTH;
    else if (status == KF_ERR_BAD_KEY) reason = KF_R_BAD_KEY;
    else if (status == KF_ERR_BAD_SIGNATURE) reason = KF_R_BAD_SIGNATURE;
    kf_prov_err(pc, reason, "%s: %s", what, kf_strerror(status));
    return 0;
}

unsigned char *kf_prov_read_all(const kf_provctx *pc, OSSL_CORE_BIO *cin, size_t max, size_t *len)
{
    size_t cap = 4096, n = 0;
    unsigned char *buf;
    if (!pc->bio_read_ex) { kf_prov_err(pc, KF_R_LIBRARY, "the core offers no BIO_read_ex"); return NULL; }
    if (!(buf = malloc(cap))) { kf_prov_err(pc, KF_R_NO_MEMORY, "reading input"); return NULL; }
    for (;;) {
        size_t got = 0;
        if (n == cap) {
            unsigned char *nb;
            if (cap >= max) {
                kf_wipe(buf, n);
                free(buf);
                kf_prov_err(pc, KF_R_BAD_ENCODING, "input longer than %zu bytes", max);
                return NULL;
            }
            /* the input is often a private key: grown by allocate, copy, wipe and free, as
             * realloc would leave the old block's bytes in the heap when it moves */
            nb = malloc(cap * 2);
            if (nb) memcpy(nb, buf, n);
            kf_wipe(buf, n);
            free(buf);
            if (!nb) {
                kf_prov_err(pc, KF_R_NO_MEMORY, "reading input");
                return NULL;
            }
            buf = nb;
            cap *= 2;
        }
        if (!pc->bio_read_ex(cin, buf + n, cap - n, &got) || got == 0) break;
        n += got;
    }
    *len = n;
    return buf;
}

int kf_prov_write_all(const kf_provctx *pc, OSSL_CORE_BIO *cout, const void *buf, size_t len)
{
    size_t done = 0;
    if (!pc->bio_write_ex) { kf_prov_err(pc, KF_R_LIBRARY, "the core offers no BIO_write_ex"); return 0; }
    while (done < len) {
        size_t w = 0;
        /* a failed write (a closed pipe, a full disk) is the output's, not the provider's:
         * no provider error, as OpenSSL's own encoders raise none (the BIO says what it knows) */
        if (!pc->bio_write_ex(cout, (const char *)buf + done, len - done, &w) || w == 0) return 0;
        done += w;
    }
    return 1;
}

void *kf_prov_zalloc(const kf_provctx *pc, size_t n)
{
    size_t r = (n + 31) & ~(size_t)31;
    void *p = aligned_alloc(32, r ? r : 32);
    if (!p) { kf_prov_err(pc, KF_R_NO_MEMORY, "allocating %zu bytes", n); return NULL; }
    memset(p, 0, r ? r : 32);
    return p;
}

void kf_prov_free(void *p, size_t n)
{
    if (!p) return;
    kf_wipe(p, n);
    free(p);
}

int kf_prov_check_known(const kf_provctx *pc, const OSSL_PARAM params[], const char *const known[])
{
    for (const OSSL_PARAM *p = params; p && p->key; p++) {
        size_t i;
        for (i = 0; known[i]; i++)
            if (strcmp(p->key, known[i]) == 0) break;
        if (!known[i]) {
            kf_prov_err(pc, KF_R_UNKNOWN_PARAM, "unknown parameter '%s'", p->key);
            return 0;
        }
    }
    return 1;
}

/* ---- provider functions ------------------------------------------------------------ */
static const OSSL_ITEM reason_strings[] = {
    {KF_R_BAD_LENGTH, "wrong length"},
    {KF_R_BAD_KEY, "invalid key"},
    {KF_R_NO_KEY, "no key"},
    {KF_R_UNKNOWN_PARAM, "unknown parameter"},
    {KF_R_BAD_PARAM, "invalid parameter value"},
    {KF_R_BAD_STATE, "call out of order"},
    {KF_R_BAD_ENCODING, "invalid key encoding"},
    {KF_R_BAD_SIGNATURE, "signature does not verify"},
    {KF_R_LIBRARY, "keccakforge library error"},
    {KF_R_NO_MEMORY, "out of memory"},
    {KF_R_CLASSIC, "X25519/P-256/P-384 (default provider) failed"},
    {KF_R_KEY_MISMATCH, "key parts do not match"},
    {KF_R_OPENSSL_LIMIT, "not possible with this OpenSSL version"},
    {0, NULL},
};

static const OSSL_ITEM *kf_reason_strings(void *provctx)
{
    (void)provctx;
    return reason_strings;
}

static const OSSL_PARAM *kf_gettable_params(void *provctx)
{
    static const OSSL_PARAM t[] = {
        OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, NULL, 0),
        OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0),
        OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, NULL, 0),
        OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, 0),
        OSSL_PARAM_END};
    (void)provctx;
    return t;
}

static int kf_get_params(void *provctx, OSSL_PARAM params[])
{
    const kf_provctx *pc = provctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) && !OSSL_PARAM_set_utf8_ptr(p, "keccakforge provider")) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) && !OSSL_PARAM_set_utf8_ptr(p, KECCAKFORGE_VERSION_STRING)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) && !OSSL_PARAM_set_utf8_ptr(p, pc->build)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) && !OSSL_PARAM_set_int(p, 1)) return 0;
    return 1;
}

static const OSSL_ALGORITHM *kf_query(void *provctx, int operation_id, int *no_cache)
{
    (void)provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_DIGEST: return kf_prov_digests;
    case OSSL_OP_MAC: return kf_prov_macs;
    case OSSL_OP_KEYMGMT: return kf_prov_keymgmt;
    case OSSL_OP_KEM: return kf_prov_kems;
    case OSSL_OP_SIGNATURE: return kf_prov_signatures;
    case OSSL_OP_ENCODER: return kf_prov_encoders;
    case OSSL_OP_DECODER: return kf_prov_decoders;
    default: return NULL;
    }
}

static int kf_get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg)
{
    (void)provctx;
    if (strcmp(capability, "TLS-GROUP") == 0) return kf_prov_tls_groups(cb, arg);
    if (strcmp(capability, "TLS-SIGALG") == 0) return kf_prov_tls_sigalgs(cb, arg);
    return 0;
}

/* The signature OIDs (NIST's sigAlgs arc) with OpenSSL 3.5's short and long names, and
 * each as its own signature algorithm with no digest (as Ed25519): X.509 verification
 * maps a certificate's signature OID to the key type through this (OBJ_find_sigid_algs),
 * and printing names the algorithm. On an OpenSSL that knows the OIDs already (3.5+)
 * both calls succeed without changing anything. */
static const struct { const char *oid, *sn, *ln; } sig_objects[] = {
    {"2.16.840.1.101.3.4.3.17", "id-ml-dsa-44", "ML-DSA-44"},
    {"2.16.840.1.101.3.4.3.18", "id-ml-dsa-65", "ML-DSA-65"},
    {"2.16.840.1.101.3.4.3.19", "id-ml-dsa-87", "ML-DSA-87"},
    {"2.16.840.1.101.3.4.3.26", "id-slh-dsa-shake-128s", "SLH-DSA-SHAKE-128s"},
    {"2.16.840.1.101.3.4.3.27", "id-slh-dsa-shake-128f", "SLH-DSA-SHAKE-128f"},
    {"2.16.840.1.101.3.4.3.28", "id-slh-dsa-shake-192s", "SLH-DSA-SHAKE-192s"},
    {"2.16.840.1.101.3.4.3.29", "id-slh-dsa-shake-192f", "SLH-DSA-SHAKE-192f"},
    {"2.16.840.1.101.3.4.3.30", "id-slh-dsa-shake-256s", "SLH-DSA-SHAKE-256s"},
    {"2.16.840.1.101.3.4.3.31", "id-slh-dsa-shake-256f", "SLH-DSA-SHAKE-256f"},
};

/* Not fatal: a failure (another provider took a name, out of memory) leaves OpenSSL's own
 * error on the queue, and only X.509/CMS with that algorithm stop working. */
static void register_objects(kf_provctx *ctx)
{
    if (!ctx->obj_create || !ctx->obj_add_sigid) return;   /* a core without them */
    for (size_t i = 0; i < sizeof sig_objects / sizeof sig_objects[0]; i++)
        if (ctx->obj_create(ctx->handle, sig_objects[i].oid, sig_objects[i].sn, sig_objects[i].ln))
            (void)ctx->obj_add_sigid(ctx->handle, sig_objects[i].sn, NULL, sig_objects[i].sn);
}

/* Frees what OSSL_provider_init made: the X25519 context and the instance. */
static void kf_teardown(void *vctx)
{
    kf_provctx *ctx = vctx;
    if (!ctx) return;
    if (ctx->classic_default) OSSL_PROVIDER_unload(ctx->classic_default);
    OSSL_LIB_CTX_free(ctx->classic);
    free(ctx);
}

static const OSSL_DISPATCH kf_dispatch[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))kf_teardown},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))kf_gettable_params},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))kf_get_params},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))kf_query},
    {OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))kf_reason_strings},
    {OSSL_FUNC_PROVIDER_GET_CAPABILITIES, (void (*)(void))kf_get_capabilities},
    {0, NULL}};

/* Called once per library context that loads the provider: each call gets its own core
 * handle and upcalls, kept in its own kf_provctx (freed by kf_teardown). */
__attribute__((visibility("default")))
int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx)
{
    kf_provctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return 0;
    ctx->handle = handle;
    for (; in && in->function_id; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CORE_NEW_ERROR: ctx->new_error = OSSL_FUNC_core_new_error(in); break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG: ctx->set_error_debug = OSSL_FUNC_core_set_error_debug(in); break;
        case OSSL_FUNC_CORE_VSET_ERROR: ctx->vset_error = OSSL_FUNC_core_vset_error(in); break;
        case OSSL_FUNC_BIO_READ_EX: ctx->bio_read_ex = OSSL_FUNC_BIO_read_ex(in); break;
        case OSSL_FUNC_BIO_WRITE_EX: ctx->bio_write_ex = OSSL_FUNC_BIO_write_ex(in); break;
        case OSSL_FUNC_CORE_OBJ_CREATE: ctx->obj_create = OSSL_FUNC_core_obj_create(in); break;
        case OSSL_FUNC_CORE_OBJ_ADD_SIGID: ctx->obj_add_sigid = OSSL_FUNC_core_obj_add_sigid(in); break;
        default: break;
        }
    }
    snprintf(ctx->build, sizeof ctx->build, "keccakforge %s, backend %s", KECCAKFORGE_VERSION_STRING,
             kf_backend_name());
    /* The X25519 half of the hybrid TLS group runs in OpenSSL's own default provider, in a
     * library context of ours (hybrid.c). */
    kf_prov_classic_init(ctx);
    register_objects(ctx);
    *provctx = ctx;
    *out = kf_dispatch;
    return 1;
}
