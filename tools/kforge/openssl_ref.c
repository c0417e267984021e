/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * openssl_ref.c - suite "openssl": OpenSSL's libcrypto, measured in the same run as
 * keccakforge, so the ratio between the two survives a noisy or different machine.
 *
 * libcrypto is loaded at run time with dlopen ("libcrypto.so.3", then "libcrypto.so"),
 * so building kforge needs no OpenSSL headers or libraries; the few EVP calls used are
 * declared here as function pointer types with OpenSSL's documented signatures and the
 * opaque OpenSSL structs as void. With OpenSSL 3 the digest is fetched once with
 * EVP_MD_fetch (not looked up on every init); one EVP_MD_CTX is reused; each message
 * costs EVP_DigestInit_ex + EVP_DigestUpdate + EVP_DigestFinal_ex (or FinalXOF), the
 * same work as our one-shot call. Before any timing both sides must produce the same
 * output on every tested length: a wrong comparison is worse than none.
 */
#include "bench.h"
#include "keccakforge.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef void *(*evp_md_ctx_new_fn)(void);
typedef void (*evp_md_ctx_free_fn)(void *ctx);
typedef const void *(*evp_get_digestbyname_fn)(const char *name);
typedef void *(*evp_md_fetch_fn)(void *libctx, const char *algorithm, const char *properties);
typedef void (*evp_md_free_fn)(void *md);
typedef int (*evp_digestinit_ex_fn)(void *ctx, const void *md, void *engine);
typedef int (*evp_digestupdate_fn)(void *ctx, const void *data, size_t len);
typedef int (*evp_digestfinal_ex_fn)(void *ctx, unsigned char *md, unsigned int *len);
typedef int (*evp_digestfinalxof_fn)(void *ctx, unsigned char *md, size_t len);
typedef const char *(*openssl_version_fn)(int type);

static struct libcrypto {
    int tried;
    void *handle;
    char why[256];        /* why it is not usable */
    const char *version;
    evp_md_ctx_new_fn ctx_new;
    evp_md_ctx_free_fn ctx_free;
    evp_get_digestbyname_fn get_digestbyname;
    evp_md_fetch_fn md_fetch;   /* OpenSSL 3 only */
    evp_md_free_fn md_free;
    evp_digestinit_ex_fn init_ex;
    evp_digestupdate_fn update;
    evp_digestfinal_ex_fn final_ex;
    evp_digestfinalxof_fn final_xof;
} lc;

/* dlsym gives void *; POSIX guarantees it converts to a function pointer. */
#define RESOLVE(field, type, symbol) (lc.field = (type)dlsym(lc.handle, symbol))

static int load_libcrypto(void)
{
    static const char *const names[] = {"libcrypto.so.3", "libcrypto.so"};
    if (lc.tried) return lc.handle != NULL;
    lc.tried = 1;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !lc.handle; i++)
        lc.handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!lc.handle) {
        const char *e = dlerror();
        snprintf(lc.why, sizeof lc.why, "dlopen libcrypto.so.3 / libcrypto.so: %s", e ? e : "failed");
        return 0;
    }
    openssl_version_fn version;
    RESOLVE(ctx_new, evp_md_ctx_new_fn, "EVP_MD_CTX_new");
    RESOLVE(ctx_free, evp_md_ctx_free_fn, "EVP_MD_CTX_free");
    RESOLVE(get_digestbyname, evp_get_digestbyname_fn, "EVP_get_digestbyname");
    RESOLVE(md_fetch, evp_md_fetch_fn, "EVP_MD_fetch");
    RESOLVE(md_free, evp_md_free_fn, "EVP_MD_free");
    RESOLVE(init_ex, evp_digestinit_ex_fn, "EVP_DigestInit_ex");
    RESOLVE(update, evp_digestupdate_fn, "EVP_DigestUpdate");
    RESOLVE(final_ex, evp_digestfinal_ex_fn, "EVP_DigestFinal_ex");
    RESOLVE(final_xof, evp_digestfinalxof_fn, "EVP_DigestFinalXOF");
    version = (openssl_version_fn)dlsym(lc.handle, "OpenSSL_version");
    if (!lc.md_free) lc.md_fetch = NULL; /* a fetched digest must be freed */
    if (!lc.ctx_new || !lc.ctx_free || !lc.init_ex || !lc.update || !lc.final_ex || !lc.final_xof ||
        (!lc.md_fetch && !lc.get_digestbyname)) {
        snprintf(lc.why, sizeof lc.why, "libcrypto lacks the EVP digest calls (older than 1.1.1?)");
        lc.handle = NULL; /* left loaded: unloading libcrypto is not safe */
        return 0;
    }
    lc.version = version ? version(0 /* OPENSSL_VERSION */) : "libcrypto (version unknown)";
    return 1;
}

const char *bench_openssl_version(const char **why)
{
    if (load_libcrypto()) return lc.version;
    if (why) *why = lc.why;
    return NULL;
}

/* ---- one message through EVP ---------------------------------------------------------- */

typedef struct ossl_arg {
    void *ctx;
    const void *md;
    int xof;
    const uint8_t *in;
    size_t inlen;
    uint8_t *out;
    size_t outlen;
    int ok;
} ossl_arg;

static int ossl_once(const ossl_arg *a)
{
    unsigned int n = 0;
    if (lc.init_ex(a->ctx, a->md, NULL) != 1 || lc.update(a->ctx, a->in, a->inlen) != 1) return 0;
    if (a->xof) return lc.final_xof(a->ctx, a->out, a->outlen) == 1;
    return lc.final_ex(a->ctx, a->out, &n) == 1 && n == a->outlen;
}

static void run_ossl(void *arg, size_t reps)
{
    ossl_arg *a = arg;
    int ok = 1;
    for (size_t i = 0; i < reps; i++) ok &= ossl_once(a);
    a->ok = ok;
}

/* The functions compared; ours by their name in the hash suite. */
static const struct pair {
    const char *ours, *theirs;
    size_t outlen;
    int xof;
} pairs[] = {
    {"sha3-256", "SHA3-256", 32, 0},
    {"shake128", "SHAKE128", 32, 1},
    {"sha3-512", "SHA3-512", 64, 0},
    {"shake256", "SHAKE256", 32, 1},
};

static const size_t sizes[] = {64, 1024, 8192, (size_t)1 << 20};
#define N_SIZES (sizeof sizes / sizeof sizes[0])

/* Same output on the timed sizes and around the block boundaries of both rates? */
static int outputs_agree(const bench *b, const bench_mode *m, ossl_arg *a, size_t *bad_len)
{
    static const size_t lens[] = {0, 1, 135, 136, 137, 167, 168, 169, 64, 1024, 8192, (size_t)1 << 20};
    uint8_t ours[64], theirs[64];
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        a->in = b->input;
        a->inlen = lens[i];
        a->out = theirs;
        *bad_len = lens[i];
        if (m->call(ours, a->outlen, b->input, lens[i]) != KF_OK || !ossl_once(a)) return 0;
        if (memcmp(ours, theirs, a->outlen) != 0) return 0;
    }
    return 1;
}

/* One row per size: ours and OpenSSL timed with interleaved samples. */
static void compare_pair(bench *b, const struct pair *p, void *ctx)
{
    char label[24];
    const bench_mode *m = bench_mode_find(p->ours);
    void *fetched = lc.md_fetch ? lc.md_fetch(NULL, p->theirs, NULL) : NULL;
    const void *md = fetched ? fetched : lc.get_digestbyname ? lc.get_digestbyname(p->theirs) : NULL;
    ossl_arg oa = {ctx, md, p->xof, NULL, 0, NULL, p->outlen, 1};
    size_t bad_len = 0;
    if (!m || !md) {
        printf("    %-10s not available in %s\n", p->ours, m ? "libcrypto" : "keccakforge");
    } else if (!outputs_agree(b, m, &oa, &bad_len)) {
        printf("    %-10s OUTPUTS DIFFER (or a call failed) at %zu bytes of input: not compared\n",
               p->ours, bad_len);
    } else {
        static uint8_t out_ours[64], out_theirs[64];
        for (size_t s = 0; s < N_SIZES; s++) {
            bench_mode_arg ma = {m, b->input, sizes[s], out_ours, p->outlen, KF_OK};
            oa.in = b->input;
            oa.inlen = sizes[s];
            oa.out = out_theirs;
            bench_fn fns[2] = {bench_run_mode, run_ossl};
            void *args[2] = {&ma, &oa};
            double t[2], ratio[2];
            bench_measure_n(b, 2, fns, args, 1, t, ratio);
            if (ma.rc != KF_OK || !oa.ok) {
                printf("    %-10s %8s  a call failed while timing\n", p->ours, bench_size_label(sizes[s], label));
                continue;
            }
            t[0] /= (double)sizes[s];
            t[1] /= (double)sizes[s];
            bench_add(b, "openssl", p->ours, b->backend, (long long)sizes[s], "ticks/byte", t[0]);
            bench_add(b, "openssl", p->ours, "openssl", (long long)sizes[s], "ticks/byte", t[1]);
            bench_add(b, "openssl", p->ours, b->backend, (long long)sizes[s], "speedup-vs-openssl", ratio[1]);
            printf("    %-10s %8s %12.2f %12.2f %9.2fx\n", p->ours, bench_size_label(sizes[s], label), t[0],
                   t[1], ratio[1]);
            fflush(stdout);
        }
    }
    if (fetched) lc.md_free(fetched);
}

void bench_suite_openssl(bench *b)
{
    printf("    OpenSSL libcrypto in the same run, samples interleaved: ticks per input byte\n");
    if (!load_libcrypto()) {
        printf("    OpenSSL not found (%s): skipped\n", lc.why);
        return;
    }
    void *ctx = lc.ctx_new();
    if (!ctx) {
        printf("    EVP_MD_CTX_new failed: skipped\n");
        return;
    }
    printf("    %s: %s once, one EVP_MD_CTX reused, Init_ex+Update+Final per message;\n"
           "    keccakforge: one-shot call, backend %s. XOF output 32 bytes.\n",
           lc.version, lc.md_fetch ? "EVP_MD_fetch" : "EVP_get_digestbyname", b->backend);
    printf("    %-10s %8s %12s %12s %10s\n", "function", "input", "keccakforge", "openssl", "speedup");
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) compare_pair(b, &pairs[i], ctx);
    printf("    (speedup = keccakforge speed / OpenSSL speed, the median of the ratios of neighbouring\n"
           "    samples; above 1 means keccakforge is faster)\n");
    lc.ctx_free(ctx);
}
