/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_openssl_provider.c - suite "openssl-provider": the keccakforge OpenSSL provider
 * (provider/, keccakforge.so) measured through EVP in the same run as the alternatives:
 *   - SHA3-256 and SHAKE128 (32-byte output) on 1 MiB: EVP with our provider against EVP
 *     with OpenSSL's default provider (both fetched explicitly by property query, one
 *     EVP_MD_CTX reused; outputs compared before timing);
 *   - ML-KEM-768 encaps and decaps: EVP_PKEY_encapsulate/decapsulate (one EVP_PKEY_CTX
 *     reused) against kf_mlkem_encaps/decaps called directly;
 *   - TLS 1.3 handshakes, client and server in this process over memory BIOs (provider/
 *     tls_pair.h; ECDSA P-256 certificate, no session resumption): X25519MLKEM768 against
 *     X25519 alone.
 * Samples interleaved (bench_measure_n); ratios are medians of neighbouring samples.
 * The provider module is looked for in $KECCAKFORGE_PROVIDER_DIR, then the build tree,
 * then the install directory. Built only when OpenSSL >= 3.0 headers were found.
 */
#include "bench.h"
#include "keccakforge.h"

#include <stdio.h>
#include <string.h>

#ifndef KF_HAVE_OPENSSL3
void bench_suite_openssl_provider(bench *b)
{
    (void)b;
    printf("    skipped: kforge was built without OpenSSL 3 headers (libssl-dev)\n");
}
#else
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <stdlib.h>

#include "../../provider/tls_pair.h"

static OSSL_LIB_CTX *libctx;
static OSSL_PROVIDER *pk_kf, *pk_default;

static int load(char *where, size_t wlen)
{
    const char *dirs[3] = {getenv("KECCAKFORGE_PROVIDER_DIR"), KF_BINARY_DIR "/ossl-modules", KF_OSSL_MODULES_INSTALLED};
    for (int i = 0; i < 3; i++) {
        if (!dirs[i]) continue;
        libctx = OSSL_LIB_CTX_new();
        if (libctx && OSSL_PROVIDER_set_default_search_path(libctx, dirs[i]) && (pk_kf = OSSL_PROVIDER_load(libctx, "keccakforge"))
            && (pk_default = OSSL_PROVIDER_load(libctx, "default"))) {
            snprintf(where, wlen, "%s", dirs[i]);
            return 1;
        }
        OSSL_PROVIDER_unload(pk_kf);
        pk_kf = NULL;
        OSSL_LIB_CTX_free(libctx);
        libctx = NULL;
        ERR_clear_error();
    }
    return 0;
}

/* ---- digests ------------------------------------------------------------------------ */
typedef struct md_arg {
    EVP_MD_CTX *ctx;
    EVP_MD *md;
    int xof;
    const uint8_t *in;
    size_t len;
    uint8_t out[64];
    int ok;
} md_arg;

static void run_md(void *v, size_t reps)
{
    md_arg *a = v;
    unsigned n;
    while (reps--) {
        a->ok &= EVP_DigestInit_ex(a->ctx, a->md, NULL) == 1 && EVP_DigestUpdate(a->ctx, a->in, a->len) == 1
                 && (a->xof ? EVP_DigestFinalXOF(a->ctx, a->out, 32) : EVP_DigestFinal_ex(a->ctx, a->out, &n)) == 1;
    }
}

static void bench_digest(bench *b, const char *name, int xof)
{
    md_arg a[2];
    const char *props[2] = {"provider=keccakforge", "provider=default"};
    size_t len = BENCH_INPUT_LEN;
    double t[2], r[2];
    char label[24];
    for (int i = 0; i < 2; i++) {
        a[i] = (md_arg){EVP_MD_CTX_new(), EVP_MD_fetch(libctx, name, props[i]), xof, b->input, len, {0}, 1};
        if (!a[i].ctx || !a[i].md) {
            printf("    %-14s %s not available: skipped\n", name, props[i]);
            goto end;
        }
        run_md(&a[i], 1);
    }
    if (!a[0].ok || !a[1].ok || memcmp(a[0].out, a[1].out, 32) != 0) {
        printf("    %-14s OUTPUTS DIFFER (or a call failed): not compared\n", name);
        goto end;
    }
    {
        bench_fn fns[2] = {run_md, run_md};
        void *args[2] = {&a[0], &a[1]};
        bench_measure_n(b, 2, fns, args, 1, t, r);
    }
    bench_add(b, "openssl-provider", name, "keccakforge-provider", (long long)len, "ticks/byte", t[0] / (double)len);
    bench_add(b, "openssl-provider", name, "openssl-default", (long long)len, "ticks/byte", t[1] / (double)len);
    bench_add(b, "openssl-provider", name, "keccakforge-provider", (long long)len, "speedup-vs-default-provider", r[1]);
    printf("    %-14s %8s %12.2f %12.2f %9.2fx\n", name, bench_size_label(len, label), t[0] / (double)len,
           t[1] / (double)len, r[1]);
end:
    for (int i = 0; i < 2; i++) {
        EVP_MD_free(a[i].md);
        EVP_MD_CTX_free(a[i].ctx);
    }
}

/* ---- ML-KEM-768 ------------------------------------------------------------------------ */
typedef struct kem_arg {
    EVP_PKEY_CTX *enc, *dec;
    uint8_t ek[KF_MLKEM768_EK_BYTES], dk[KF_MLKEM768_DK_BYTES], ct[KF_MLKEM768_CT_BYTES], ss[32];
    int ok;
} kem_arg;

static void evp_encaps(void *v, size_t reps)
{
    kem_arg *a = v;
    while (reps--) {
        size_t cl = sizeof a->ct, sl = sizeof a->ss;
        a->ok &= EVP_PKEY_encapsulate(a->enc, a->ct, &cl, a->ss, &sl) == 1;
    }
}
static void lib_encaps(void *v, size_t reps)
{
    kem_arg *a = v;
    while (reps--) a->ok &= kf_mlkem_encaps(KF_MLKEM768, a->ct, a->ss, a->ek, sizeof a->ek) == KF_OK;
}
static void evp_decaps(void *v, size_t reps)
{
    kem_arg *a = v;
    while (reps--) {
        size_t sl = sizeof a->ss;
        a->ok &= EVP_PKEY_decapsulate(a->dec, a->ss, &sl, a->ct, sizeof a->ct) == 1;
    }
}
static void lib_decaps(void *v, size_t reps)
{
    kem_arg *a = v;
    while (reps--) a->ok &= kf_mlkem_decaps(KF_MLKEM768, a->ss, a->ct, sizeof a->ct, a->dk, sizeof a->dk) == KF_OK;
}

static void bench_kem(bench *b)
{
    EVP_PKEY_CTX *g = EVP_PKEY_CTX_new_from_name(libctx, "ML-KEM-768", "provider=keccakforge");
    EVP_PKEY *pk = NULL;
    kem_arg a = {0};
    size_t n;
    a.ok = 1;
    if (!g || EVP_PKEY_keygen_init(g) != 1 || EVP_PKEY_generate(g, &pk) != 1
        || EVP_PKEY_get_octet_string_param(pk, OSSL_PKEY_PARAM_PUB_KEY, a.ek, sizeof a.ek, &n) != 1
        || EVP_PKEY_get_octet_string_param(pk, OSSL_PKEY_PARAM_PRIV_KEY, a.dk, sizeof a.dk, &n) != 1) {
        printf("    ML-KEM-768 through EVP not available: skipped\n");
        goto end;
    }
    a.enc = EVP_PKEY_CTX_new_from_pkey(libctx, pk, "provider=keccakforge");
    a.dec = EVP_PKEY_CTX_new_from_pkey(libctx, pk, "provider=keccakforge");
    if (!a.enc || !a.dec || EVP_PKEY_encapsulate_init(a.enc, NULL) != 1 || EVP_PKEY_decapsulate_init(a.dec, NULL) != 1) {
        printf("    ML-KEM-768 EVP contexts failed: skipped\n");
        goto end;
    }
    {
        const char *what[2] = {"mlkem768-encaps", "mlkem768-decaps"};
        bench_fn fe[2] = {lib_encaps, evp_encaps}, fd[2] = {lib_decaps, evp_decaps};
        void *args[2] = {&a, &a};
        for (int k = 0; k < 2; k++) {
            double t[2], r[2];
            if (k == 1) lib_encaps(&a, 1);   /* a valid ciphertext to decapsulate */
            bench_measure_n(b, 2, k ? fd : fe, args, 1, t, r);
            if (!a.ok) { printf("    %s: a call failed while timing\n", what[k]); break; }
            bench_add(b, "openssl-provider", what[k], "library-direct", -1, "ticks/op", t[0]);
            bench_add(b, "openssl-provider", what[k], "evp-keccakforge-provider", -1, "ticks/op", t[1]);
            bench_add(b, "openssl-provider", what[k], "evp-keccakforge-provider", -1, "evp-over-direct", r[1]);
            printf("    %-16s %12.0f %12.0f %9.3fx  (EVP / direct)\n", what[k], t[0], t[1], r[1]);
        }
    }
end:
    EVP_PKEY_CTX_free(a.enc);
    EVP_PKEY_CTX_free(a.dec);
    EVP_PKEY_free(pk);
    EVP_PKEY_CTX_free(g);
    kf_wipe(a.dk, sizeof a.dk);
}

/* ---- TLS 1.3 handshakes ------------------------------------------------------------------ */
typedef struct hs_arg { tls_env *env; const char *groups; int want, ok; } hs_arg;

static void run_hs(void *v, size_t reps)
{
    hs_arg *a = v;
    while (reps--) a->ok &= tls_handshake(a->env, a->groups) == a->want;
}

static void bench_tls(bench *b)
{
    tls_env env = {0};
    hs_arg h[2] = {{&env, "X25519MLKEM768", 0x11EC, 1}, {&env, "X25519", -1, 1}};
    double t[2], r[2];
    if (!tls_env_init(&env, libctx)) {
        printf("    TLS contexts failed: skipped\n");
        goto end;
    }
    h[1].want = tls_handshake(&env, "X25519");   /* whatever the X25519 group reports */
    if (tls_handshake(&env, "X25519MLKEM768") != 0x11EC || h[1].want < 0) {
        printf("    TLS handshakes failed: skipped\n");
        goto end;
    }
    {
        bench_fn fns[2] = {run_hs, run_hs};
        void *args[2] = {&h[0], &h[1]};
        bench_measure_n(b, 2, fns, args, 1, t, r);
    }
    if (!h[0].ok || !h[1].ok) {
        printf("    a handshake failed while timing\n");
        goto end;
    }
    bench_add(b, "openssl-provider", "tls13-handshake", "X25519MLKEM768", -1, "ticks/handshake", t[0]);
    bench_add(b, "openssl-provider", "tls13-handshake", "X25519", -1, "ticks/handshake", t[1]);
    bench_add(b, "openssl-provider", "tls13-handshake", "X25519MLKEM768", -1, "handshakes/s", b->tsc_hz / t[0]);
    bench_add(b, "openssl-provider", "tls13-handshake", "X25519", -1, "handshakes/s", b->tsc_hz / t[1]);
    printf("    TLS 1.3 handshakes/s (client+server in one thread, memory BIOs, P-256 certificate):\n"
           "      X25519MLKEM768 %8.0f   X25519 %8.0f   (hybrid costs %.2fx the time of X25519)\n",
           b->tsc_hz / t[0], b->tsc_hz / t[1], 1.0 / r[1]);
end:
    tls_env_free(&env);
}

void bench_suite_openssl_provider(bench *b)
{
    char where[512];
    printf("    the keccakforge OpenSSL provider through EVP, same run, samples interleaved\n");
    if (!load(where, sizeof where)) {
        printf("    keccakforge.so not found (set KECCAKFORGE_PROVIDER_DIR): skipped\n");
        return;
    }
    printf("    %s, provider from %s\n", OpenSSL_version(OPENSSL_VERSION), where);
    printf("    %-14s %8s %12s %12s %10s\n", "digest", "input", "provider", "default", "speedup");
    bench_digest(b, "SHA3-256", 0);
    bench_digest(b, "SHAKE128", 1);
    printf("    (ticks per byte; speedup = default provider's time / ours, median of neighbouring-sample ratios)\n");
    printf("    %-16s %12s %12s\n", "ML-KEM-768", "direct", "EVP");
    bench_kem(b);
    bench_tls(b);
    OSSL_PROVIDER_unload(pk_kf);
    OSSL_PROVIDER_unload(pk_default);
    OSSL_LIB_CTX_free(libctx);
    libctx = NULL;
}
#endif
