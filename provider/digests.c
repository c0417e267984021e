/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * digests.c - the provider's digests: SHA3-224/256/384/512, SHAKE128/256, KECCAK-256,
 * TurboSHAKE128/256, KT128/KT256 and cSHAKE128/256, each on the library's contexts.
 *
 * Parameters (EVP_MD_CTX_set_params, or EVP_DigestInit_ex2's params):
 *   "xoflen" (size_t)      output bytes of an XOF's EVP_DigestFinal_ex (as OpenSSL's SHAKE)
 *   "custom" (octets)      cSHAKE's S, KT's customization string (at most 512 bytes)
 *   "function-name" (octets) cSHAKE's N (at most 256 bytes)
 *   "domain" (uint)        TurboSHAKE's domain byte, 0x01..0x7F (default 0x1F)
 * cSHAKE's N and S must be set before the first update. Unknown parameters are an error.
 * A context is a plain struct (with its provider instance): dupctx copies it.
 */
#include "kf_prov.h"
#include "keccakforge.h"

#include <string.h>

typedef enum { D_SHA3, D_SHAKE, D_TURBO, D_CSHAKE, D_KT } dkind;

typedef struct dinfo {
    dkind kind;
    int id;          /* kf_hash_alg for D_SHA3; 128 or 256 otherwise */
    size_t size;     /* digest bytes (default output of an XOF) */
    size_t block;    /* rate */
} dinfo;

#define CUSTOM_MAX 512
#define NAME_MAX_ 256

typedef struct dctx {
    union { kf_hash_ctx h; kf_xof_ctx x; kf_kt_ctx kt; } u;
    const kf_provctx *prov;   /* the instance that made it (errors go to its core) */
    const dinfo *info;
    size_t xoflen;
    int inited;      /* the library context is initialized (absorbing) */
    uint8_t domain;
    size_t nlen, slen;
    uint8_t N[NAME_MAX_], S[CUSTOM_MAX];
} dctx;

static int d_start(dctx *c)
{
    int rc = KF_OK;
    const dinfo *in = c->info;
    if (c->inited) return 1;
    switch (in->kind) {
    case D_SHA3: rc = kf_hash_init(&c->u.h, (kf_hash_alg)in->id); break;
    case D_SHAKE: rc = in->id == 128 ? kf_shake128_init(&c->u.x) : kf_shake256_init(&c->u.x); break;
    case D_TURBO:
        rc = in->id == 128 ? kf_turboshake128_init(&c->u.x, c->domain) : kf_turboshake256_init(&c->u.x, c->domain);
        break;
    case D_CSHAKE:
        rc = in->id == 128 ? kf_cshake128_init(&c->u.x, c->N, c->nlen, c->S, c->slen)
                           : kf_cshake256_init(&c->u.x, c->N, c->nlen, c->S, c->slen);
        break;
    case D_KT: rc = kf_kt_init(&c->u.kt, in->id == 128 ? KF_KT128 : KF_KT256); break;
    }
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "digest init");
    c->inited = 1;
    return 1;
}

static void *d_newctx(const kf_provctx *prov, const dinfo *info)
{
    dctx *c = kf_prov_zalloc(prov, sizeof *c);
    if (!c) return NULL;
    c->prov = prov;
    c->info = info;
    c->xoflen = info->size;
    c->domain = 0x1F;
    return c;
}

static void d_freectx(void *vc) { kf_prov_free(vc, sizeof(dctx)); }

static void *d_dupctx(void *vc)
{
    dctx *n = kf_prov_zalloc(((dctx *)vc)->prov, sizeof *n);
    if (n) *n = *(dctx *)vc;   /* the instance too */
    return n;
}

static const char *const d_known_xof[] = {OSSL_DIGEST_PARAM_XOFLEN, NULL};
static const char *const d_known_turbo[] = {OSSL_DIGEST_PARAM_XOFLEN, "domain", NULL};
static const char *const d_known_custom[] = {OSSL_DIGEST_PARAM_XOFLEN, "custom", NULL};
static const char *const d_known_cshake[] = {OSSL_DIGEST_PARAM_XOFLEN, "custom", "function-name", NULL};
static const char *const d_known_none[] = {NULL};

static int d_set_ctx_params(void *vc, const OSSL_PARAM params[])
{
    dctx *c = vc;
    const OSSL_PARAM *p;
    const char *const *known = d_known_none;
    switch (c->info->kind) {
    case D_SHA3: known = d_known_none; break;
    case D_SHAKE: known = d_known_xof; break;
    case D_TURBO: known = d_known_turbo; break;
    case D_KT: known = d_known_custom; break;
    case D_CSHAKE: known = d_known_cshake; break;
    }
    if (!params) return 1;
    if (!kf_prov_check_known(c->prov, params, known)) return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_DIGEST_PARAM_XOFLEN))) {
        size_t v;
        if (!OSSL_PARAM_get_size_t(p, &v)) { kf_prov_err(c->prov, KF_R_BAD_PARAM, "xoflen"); return 0; }
        c->xoflen = v;
    }
    if ((p = OSSL_PARAM_locate_const(params, "domain"))) {
        unsigned v;
        if (!OSSL_PARAM_get_uint(p, &v) || v < 1 || v > 0x7F) {
            kf_prov_err(c->prov, KF_R_BAD_PARAM, "domain must be 0x01..0x7F");
            return 0;
        }
        if (c->inited) { kf_prov_err(c->prov, KF_R_BAD_STATE, "domain set after the first update"); return 0; }
        c->domain = (uint8_t)v;
    }
    if ((p = OSSL_PARAM_locate_const(params, "custom"))) {
        const void *v = NULL; size_t n = 0;
        if (!OSSL_PARAM_get_octet_string_ptr(p, &v, &n) || n > CUSTOM_MAX) {
            kf_prov_err(c->prov, KF_R_BAD_PARAM, "custom: an octet string of at most %d bytes", CUSTOM_MAX);
            return 0;
        }
        if (c->info->kind == D_CSHAKE && c->inited) {
            kf_prov_err(c->prov, KF_R_BAD_STATE, "cSHAKE customization set after the first update");
            return 0;
        }
        if (n) memcpy(c->S, v, n);
        c->slen = n;
    }
    if ((p = OSSL_PARAM_locate_const(params, "function-name"))) {
        const void *v = NULL; size_t n = 0;
        if (!OSSL_PARAM_get_octet_string_ptr(p, &v, &n) || n > NAME_MAX_) {
            kf_prov_err(c->prov, KF_R_BAD_PARAM, "function-name: an octet string of at most %d bytes", NAME_MAX_);
            return 0;
        }
        if (c->inited) {
            kf_prov_err(c->prov, KF_R_BAD_STATE, "cSHAKE function name set after the first update");
            return 0;
        }
        if (n) memcpy(c->N, v, n);
        c->nlen = n;
    }
    return 1;
}

static int d_init(void *vc, const OSSL_PARAM params[])
{
    dctx *c = vc;
    const dinfo *info = c->info;
    const kf_provctx *prov = c->prov;
    kf_wipe(c, sizeof *c);
    c->prov = prov;
    c->info = info;
    c->xoflen = info->size;
    c->domain = 0x1F;
    if (!d_set_ctx_params(c, params)) return 0;
    /* cSHAKE and TurboSHAKE start on the first update (their parameters may still come) */
    if (info->kind == D_CSHAKE || info->kind == D_TURBO) return 1;
    return d_start(c);
}

static int d_update(void *vc, const unsigned char *in, size_t len)
{
    dctx *c = vc;
    int rc;
    if (!d_start(c)) return 0;
    switch (c->info->kind) {
    case D_SHA3: rc = kf_hash_update(&c->u.h, in, len); break;
    case D_KT: rc = kf_kt_update(&c->u.kt, in, len); break;
    default: rc = kf_xof_absorb(&c->u.x, in, len); break;
    }
    return rc == KF_OK ? 1 : kf_prov_lib_err(c->prov, rc, "digest update");
}

static int d_final(void *vc, unsigned char *out, size_t *outl, size_t outsz)
{
    dctx *c = vc;
    int rc;
    size_t n = c->info->kind == D_SHA3 ? c->info->size : c->xoflen;
    if (outsz < n) {
        kf_prov_err(c->prov, KF_R_BAD_LENGTH, "output buffer of %zu bytes, %zu needed", outsz, n);
        return 0;
    }
    if (!d_start(c)) return 0;
    switch (c->info->kind) {
    case D_SHA3: rc = kf_hash_final(&c->u.h, out, n); break;
    case D_KT:
        rc = kf_kt_final(&c->u.kt, c->S, c->slen);
        if (rc == KF_OK) rc = kf_kt_squeeze(&c->u.kt, out, n);
        break;
    default: rc = kf_xof_squeeze(&c->u.x, out, n); break;
    }
    kf_wipe(&c->u, sizeof c->u);
    c->inited = 0;
    if (rc != KF_OK) return kf_prov_lib_err(c->prov, rc, "digest final");
    *outl = n;
    return 1;
}

static int d_get_params(const dinfo *info, OSSL_PARAM params[])
{
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_BLOCK_SIZE)) && !OSSL_PARAM_set_size_t(p, info->block)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_SIZE)) && !OSSL_PARAM_set_size_t(p, info->size)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_XOF)) && !OSSL_PARAM_set_int(p, info->kind != D_SHA3)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_ALGID_ABSENT)) && !OSSL_PARAM_set_int(p, 1)) return 0;
    return 1;
}

static const OSSL_PARAM *d_gettable_params(void *provctx)
{
    static const OSSL_PARAM t[] = {
        OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, NULL), OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL),
        OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, NULL), OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, NULL),
        OSSL_PARAM_END};
    (void)provctx;
    return t;
}

static const OSSL_PARAM settable_none[] = {OSSL_PARAM_END};
static const OSSL_PARAM settable_xof[] = {OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_XOFLEN, NULL), OSSL_PARAM_END};
static const OSSL_PARAM settable_turbo[] = {
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_XOFLEN, NULL), OSSL_PARAM_uint("domain", NULL), OSSL_PARAM_END};
static const OSSL_PARAM settable_kt[] = {
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_XOFLEN, NULL), OSSL_PARAM_octet_string("custom", NULL, 0), OSSL_PARAM_END};
static const OSSL_PARAM settable_cshake[] = {
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_XOFLEN, NULL), OSSL_PARAM_octet_string("custom", NULL, 0),
    OSSL_PARAM_octet_string("function-name", NULL, 0), OSSL_PARAM_END};

static const OSSL_PARAM *settable_for(const dinfo *info)
{
    switch (info->kind) {
    case D_SHAKE: return settable_xof;
    case D_TURBO: return settable_turbo;
    case D_KT: return settable_kt;
    case D_CSHAKE: return settable_cshake;
    default: return settable_none;
    }
}

#define DIGEST(nm, kind_, id_, size_, block_)                                                       \
    static const dinfo info_##nm = {kind_, id_, size_, block_};                                    \
    static void *nm##_newctx(void *provctx) { return d_newctx(provctx, &info_##nm); }              \
    static int nm##_get_params(OSSL_PARAM params[]) { return d_get_params(&info_##nm, params); }   \
    static const OSSL_PARAM *nm##_settable(void *c, void *provctx)                                 \
    { (void)c; (void)provctx; return settable_for(&info_##nm); }                                  \
    static const OSSL_DISPATCH nm##_functions[] = {                                                \
        {OSSL_FUNC_DIGEST_NEWCTX, (void (*)(void))nm##_newctx},                                    \
        {OSSL_FUNC_DIGEST_INIT, (void (*)(void))d_init},                                           \
        {OSSL_FUNC_DIGEST_UPDATE, (void (*)(void))d_update},                                       \
        {OSSL_FUNC_DIGEST_FINAL, (void (*)(void))d_final},                                         \
        {OSSL_FUNC_DIGEST_FREECTX, (void (*)(void))d_freectx},                                     \
        {OSSL_FUNC_DIGEST_DUPCTX, (void (*)(void))d_dupctx},                                       \
        {OSSL_FUNC_DIGEST_GET_PARAMS, (void (*)(void))nm##_get_params},                            \
        {OSSL_FUNC_DIGEST_GETTABLE_PARAMS, (void (*)(void))d_gettable_params},                     \
        {OSSL_FUNC_DIGEST_SET_CTX_PARAMS, (void (*)(void))d_set_ctx_params},                       \
        {OSSL_FUNC_DIGEST_SETTABLE_CTX_PARAMS, (void (*)(void))nm##_settable},                     \
        {0, NULL}};

DIGEST(sha3_224, D_SHA3, KF_SHA3_224, 28, 144)
DIGEST(sha3_256, D_SHA3, KF_SHA3_256, 32, 136)
DIGEST(sha3_384, D_SHA3, KF_SHA3_384, 48, 104)
DIGEST(sha3_512, D_SHA3, KF_SHA3_512, 64, 72)
DIGEST(keccak256, D_SHA3, KF_KECCAK256_LEGACY, 32, 136)
DIGEST(keccak512, D_SHA3, KF_KECCAK512_LEGACY, 64, 72)
DIGEST(shake128, D_SHAKE, 128, 16, 168)
DIGEST(shake256, D_SHAKE, 256, 32, 136)
DIGEST(turbo128, D_TURBO, 128, 32, 168)
DIGEST(turbo256, D_TURBO, 256, 64, 136)
DIGEST(cshake128, D_CSHAKE, 128, 32, 168)
DIGEST(cshake256, D_CSHAKE, 256, 64, 136)
DIGEST(kt128, D_KT, 128, 32, 168)
DIGEST(kt256, D_KT, 256, 64, 136)

const OSSL_ALGORITHM kf_prov_digests[] = {
    {"SHA3-224:2.16.840.1.101.3.4.2.7", KF_PROPS, sha3_224_functions, "SHA3-224 (keccakforge)"},
    {"SHA3-256:2.16.840.1.101.3.4.2.8", KF_PROPS, sha3_256_functions, "SHA3-256 (keccakforge)"},
    {"SHA3-384:2.16.840.1.101.3.4.2.9", KF_PROPS, sha3_384_functions, "SHA3-384 (keccakforge)"},
    {"SHA3-512:2.16.840.1.101.3.4.2.10", KF_PROPS, sha3_512_functions, "SHA3-512 (keccakforge)"},
    {"SHAKE-128:SHAKE128:2.16.840.1.101.3.4.2.11", KF_PROPS, shake128_functions, "SHAKE128 (keccakforge)"},
    {"SHAKE-256:SHAKE256:2.16.840.1.101.3.4.2.12", KF_PROPS, shake256_functions, "SHAKE256 (keccakforge)"},
    {"KECCAK-256", KF_PROPS, keccak256_functions, "Keccak-256, legacy padding (keccakforge)"},
    {"KECCAK-512", KF_PROPS, keccak512_functions, "Keccak-512, legacy padding (keccakforge)"},
    {"TURBOSHAKE128:TURBOSHAKE-128", KF_PROPS, turbo128_functions, "TurboSHAKE128, RFC 9861 (keccakforge)"},
    {"TURBOSHAKE256:TURBOSHAKE-256", KF_PROPS, turbo256_functions, "TurboSHAKE256, RFC 9861 (keccakforge)"},
    {"CSHAKE-128:CSHAKE128", KF_PROPS, cshake128_functions, "cSHAKE128, SP 800-185 (keccakforge)"},
    {"CSHAKE-256:CSHAKE256", KF_PROPS, cshake256_functions, "cSHAKE256, SP 800-185 (keccakforge)"},
    {"KT128:KANGAROOTWELVE", KF_PROPS, kt128_functions, "KT128, RFC 9861 (keccakforge)"},
    {"KT256", KF_PROPS, kt256_functions, "KT256, RFC 9861 (keccakforge)"},
    {NULL, NULL, NULL, NULL}};
