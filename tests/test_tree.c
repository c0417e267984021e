/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_tree.c - the tree-hash API (kf_tree_layout, kf_tree_leaves, kf_tree_final) against the
 * one-shot functions, on every batched backend and "x1", and on every x1 backend.
 *
 *   splits: for KT128/KT256 and ParallelHash128/256 and their XOFs, messages around the leaf
 *     and chunk boundaries and random ones, customizations from empty to several chunks, are
 *     cut at random leaf boundaries into parts of 0 to 3 leaves (empty parts included); the
 *     parts are hashed in a shuffled order into their places, and kf_tree_final must give the
 *     one-shot's output (computed on the default backend) byte for byte.
 *   vectors: the KT128/KT256 vectors of RFC 9861 (k12_turboshake.jsonl) and the ParallelHash
 *     samples of SP 800-185 (sp800_185_nist_samples.jsonl) from KF_VECTORS_DIR through random
 *     splits; "SKIP vectors" is printed (and the rest still runs) when the files are absent.
 *   misuse: parts off a leaf boundary, beyond total_len or with a CV buffer of the wrong size,
 *     a first chunk of the wrong length, CVs missing or extra, NULL buffers with a length,
 *     unknown modes, B = 0, overflowing sizes: each a named error, and the output untouched.
 */
#define TEST_RNG_SEED 0x3C6EF372FE94F82BULL
#include "test_util.h"
#include "keccakforge.h"

#include <stdlib.h>
#include <string.h>

#define MAX_OUT 256

static const kf_tree_mode MODES[] = {KF_TREE_KT128, KF_TREE_KT256, KF_TREE_PARALLELHASH128,
                                     KF_TREE_PARALLELHASH256, KF_TREE_PARALLELHASHXOF128,
                                     KF_TREE_PARALLELHASHXOF256};
#define NMODES (sizeof MODES / sizeof MODES[0])

static int is_kt(kf_tree_mode m) { return m == KF_TREE_KT128 || m == KF_TREE_KT256; }

static int oneshot(kf_tree_mode m, size_t B, const uint8_t *msg, size_t len, const uint8_t *c, size_t clen,
                   uint8_t *out, size_t outlen)
{
    switch (m) {
    case KF_TREE_KT128: return kf_kt128(out, outlen, msg, len, c, clen);
    case KF_TREE_KT256: return kf_kt256(out, outlen, msg, len, c, clen);
    case KF_TREE_PARALLELHASH128: return kf_parallelhash(KF_V128, out, outlen, msg, len, B, c, clen);
    case KF_TREE_PARALLELHASH256: return kf_parallelhash(KF_V256, out, outlen, msg, len, B, c, clen);
    case KF_TREE_PARALLELHASHXOF128: return kf_parallelhash(KF_V128XOF, out, outlen, msg, len, B, c, clen);
    case KF_TREE_PARALLELHASHXOF256: return kf_parallelhash(KF_V256XOF, out, outlen, msg, len, B, c, clen);
    }
    return -100;
}

/* The tree hash of msg through random parts of 0..3 leaves, hashed in a shuffled order. */
static int tree_split(kf_tree_mode m, size_t B, const uint8_t *msg, size_t len, const uint8_t *c, size_t clen,
                      uint8_t *out, size_t outlen, size_t *nparts)
{
    size_t leaf, cvl, first;
    uint64_t ncv;
    int rc = kf_tree_layout(m, B, len, &leaf, &cvl, &first, &ncv);
    if (rc != KF_OK) return rc;
    uint8_t *cvs = malloc(ncv * cvl + 1);
    size_t cap = 2 * (size_t)ncv + 4, n = 0;
    size_t *lo = malloc(cap * sizeof *lo), *hi = malloc(cap * sizeof *hi);
    if (!cvs || !lo || !hi) { free(cvs); free(lo); free(hi); return -101; }
    for (size_t i = 0, empty = 0;;) { /* parts of leaves [i, j), 0..3 leaves, empty ones too */
        size_t j = i + rnd_below(4);
        if (j > ncv) j = (size_t)ncv;
        if (j == i && empty && i < ncv) j = i + 1; /* no two empty parts in a row */
        empty = j == i;
        lo[n] = i;
        hi[n++] = j;
        if (j == ncv && (i == j || rnd_below(2))) break; /* sometimes an empty part at the end */
        i = j;
    }
    for (size_t k = n; k > 1; k--) { /* shuffle: any order of the parts */
        size_t r = rnd_below(k), t0 = lo[k - 1], t1 = hi[k - 1];
        lo[k - 1] = lo[r]; hi[k - 1] = hi[r];
        lo[r] = t0; hi[r] = t1;
    }
    for (size_t k = 0; k < n && rc == KF_OK; k++) {
        uint64_t off = first + (uint64_t)lo[k] * leaf, end = first + (uint64_t)hi[k] * leaf;
        if (end > len) end = len;
        if (off > len) off = len;
        rc = kf_tree_leaves(m, B, len, c, clen, off, msg + off, (size_t)(end - off), cvs + lo[k] * cvl,
                            (hi[k] - lo[k]) * cvl);
    }
    if (rc == KF_OK) rc = kf_tree_final(m, B, len, c, clen, msg, first, cvs, ncv * cvl, out, outlen);
    if (nparts) *nparts = n;
    free(cvs);
    free(lo);
    free(hi);
    return rc;
}

static uint8_t *buf_random(size_t n)
{
    uint8_t *p = malloc(n + 1);
    if (p) rnd_bytes(p, n);
    return p;
}

/* ---- splits against the one-shots -------------------------------------------------------- */

typedef struct tcase {
    kf_tree_mode m;
    size_t B, len, clen, outlen;
    uint64_t seed;
    uint8_t want[MAX_OUT];
} tcase;

/* every KT length below with every customization length below, for both KT modes, then
 * random cases of every mode */
#define KT_NLENS 12
#define KT_NCLENS 9
#define NFIXED (2 * KT_NLENS * KT_NCLENS)
#define NCASES (NFIXED + 120)
static tcase cases[NCASES];

static void make_cases(void)
{
    static const size_t kt_lens[KT_NLENS] = {0, 1, 100, 8191, 8192, 8193, 16383, 16384, 16385, 3 * 8192 + 7,
                                             9 * 8192, 11 * 8192 + 1};
    static const size_t kt_clens[KT_NCLENS] = {0, 1, 41, 8181, 8182, 8191, 8192, 9000, 20000};
    static const size_t ph_B[] = {1, 7, 8, 64, 136, 168, 1000, 8192};
    for (size_t i = 0; i < NCASES; i++) {
        tcase *t = &cases[i];
        if (i < NFIXED) {
            t->m = i % 2 ? KF_TREE_KT256 : KF_TREE_KT128;
            t->B = rnd_below(2) ? 0 : KF_KT_CHUNK_BYTES;
            t->len = kt_lens[(i / 2) % KT_NLENS];
            t->clen = kt_clens[i / (2 * KT_NLENS)];
        } else if (is_kt(t->m = MODES[i % NMODES])) {
            t->B = 0;
            t->len = rnd_below(2) ? kt_lens[rnd_below(KT_NLENS)] + rnd_below(3) : rnd_below(14 * 8192);
            t->clen = rnd_below(3) ? 0 : kt_clens[rnd_below(KT_NCLENS)] + rnd_below(3);
        } else {
            t->B = ph_B[rnd_below(8)];
            t->len = rnd_below(3) ? rnd_below(13 * t->B + 3) : rnd_below(4) * t->B;
            if (t->len > 120000) t->len = 120000;
            t->clen = rnd_below(3) ? 0 : rnd_below(300);
        }
        t->outlen = 1 + rnd_below(MAX_OUT);
        t->seed = rnd();
    }
}

static void case_inputs(const tcase *t, uint8_t **msg, uint8_t **c)
{
    uint64_t save = rng_state;
    rng_state = t->seed;
    *msg = buf_random(t->len);
    *c = buf_random(t->clen);
    rng_state = save;
}

static void run_cases(const char *label)
{
    int bad = 0;
    size_t parts = 0;
    for (size_t i = 0; i < NCASES; i++) {
        tcase *t = &cases[i];
        uint8_t *msg, *c, got[MAX_OUT], again[MAX_OUT];
        case_inputs(t, &msg, &c);
        size_t np = 0;
        for (int rep = 0; rep < 2; rep++) { /* two different random splits */
            memset(got, 0xA5, sizeof got);
            int rc = tree_split(t->m, t->B, msg, t->len, c, t->clen, got, t->outlen, &np);
            parts += np;
            if (rc != KF_OK || memcmp(got, t->want, t->outlen) != 0) {
                if (bad++ < 5)
                    CHECK(0, "%s: mode %d B %zu len %zu clen %zu outlen %zu split %d: rc %d, %s", label, (int)t->m,
                          t->B, t->len, t->clen, t->outlen, rep, rc, rc ? kf_strerror(rc) : "output differs");
                else
                    failures++;
            }
        }
        /* the one-shot on this backend too */
        if (oneshot(t->m, t->B, msg, t->len, c, t->clen, again, t->outlen) != KF_OK ||
            memcmp(again, t->want, t->outlen) != 0)
            CHECK(0, "%s: one-shot mode %d len %zu differs from the default backend's", label, (int)t->m, t->len);
        free(msg);
        free(c);
    }
    printf("%-24s %d cases x 2 splits (%zu parts): %s\n", label, NCASES, parts, bad ? "FAIL" : "ok");
}

static void test_splits(void)
{
    make_cases();
    for (size_t i = 0; i < NCASES; i++) { /* want: the one-shot on the default backend */
        uint8_t *msg, *c;
        case_inputs(&cases[i], &msg, &c);
        int rc = oneshot(cases[i].m, cases[i].B, msg, cases[i].len, c, cases[i].clen, cases[i].want,
                         cases[i].outlen);
        CHECK(rc == KF_OK, "one-shot case %zu: %s", i, kf_strerror(rc));
        free(msg);
        free(c);
    }
    const char *names[16];
    size_t nb = kf_backend_batch_list(names, 16);
    for (size_t i = 0; i < nb && i < 16; i++) {
        CHECK(kf_backend_select(names[i]) == KF_OK, "select %s", names[i]);
        char label[64];
        snprintf(label, sizeof label, "batched %s", kf_backend_batch_name());
        run_cases(label);
    }
    CHECK(kf_backend_select("x1") == KF_OK, "select x1");
    size_t n1 = kf_backend_list(names, 16);
    for (size_t i = 0; i < n1 && i < 16; i++) {
        CHECK(kf_backend_select(names[i]) == KF_OK, "select %s", names[i]);
        char label[64];
        snprintf(label, sizeof label, "x1 %s (batched %s)", kf_backend_name(), kf_backend_batch_name());
        run_cases(label);
    }
}

/* ---- official vectors ------------------------------------------------------------------- */

/* The text after "key": in s (NULL if absent) */
static const char *field(const char *s, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(s, pat);
    if (!p) return NULL;
    p += strlen(pat);
    while (*p == ' ') p++;
    return p;
}

static size_t hex_decode(const char *h, uint8_t *out, size_t max)
{
    size_t n = 0;
    while (n < max && h[0] && h[1] && h[0] != '"') {
        unsigned v;
        if (sscanf(h, "%2x", &v) != 1) break;
        out[n++] = (uint8_t)v;
        h += 2;
    }
    return n;
}

/* A {"kind": empty|ptn|hex, "len": n, "hex": ...} object at p into a new buffer */
static uint8_t *kt_bytes(const char *p, size_t *len)
{
    const char *end = strchr(p, '}');
    const char *kind = field(p, "kind"), *l = field(p, "len");
    if (!kind || !l || kind > end || l > end) return NULL;
    *len = (size_t)strtoull(l, NULL, 10);
    uint8_t *b = malloc(*len + 1);
    if (!b) return NULL;
    if (!strncmp(kind, "\"ptn\"", 5)) {
        for (size_t i = 0; i < *len; i++) b[i] = (uint8_t)(i % 251);
    } else if (!strncmp(kind, "\"hex\"", 5)) {
        const char *h = field(p, "hex");
        if (!h || h > end || hex_decode(h + 1, b, *len) != *len) { free(b); return NULL; }
    }
    return b;
}

static FILE *open_vectors(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return fopen(path, "r");
}

static void test_vectors(void)
{
    const char *dir = getenv("KF_VECTORS_DIR");
    FILE *f = dir && *dir ? open_vectors(dir, "k12_turboshake.jsonl") : NULL;
    FILE *g = dir && *dir ? open_vectors(dir, "sp800_185_nist_samples.jsonl") : NULL;
    if (!f || !g) {
        printf("SKIP vectors: %s not found (KF_VECTORS_DIR=%s)\n",
               !f ? "k12_turboshake.jsonl" : "sp800_185_nist_samples.jsonl", dir ? dir : "(unset)");
        if (f) fclose(f);
        if (g) fclose(g);
        return;
    }
    static char line[1 << 16];
    int kt = 0, ph = 0;
    while (fgets(line, sizeof line, f)) {
        const char *fn = field(line, "function");
        if (!fn || (strncmp(fn, "\"KT128\"", 7) && strncmp(fn, "\"KT256\"", 7))) continue;
        kf_tree_mode m = fn[3] == '1' ? KF_TREE_KT128 : KF_TREE_KT256;
        size_t len, clen, outlen = (size_t)strtoull(field(line, "outlen"), NULL, 10), last = 0;
        const char *lb = field(line, "expected_is_last_bytes");
        if (lb) last = (size_t)strtoull(lb, NULL, 10);
        uint8_t *msg = kt_bytes(field(line, "msg"), &len), *c = kt_bytes(field(line, "customization"), &clen);
        uint8_t want[128], *got = malloc(outlen);
        size_t wlen = hex_decode(field(line, "expected") + 1, want, sizeof want);
        if (!msg || !c || !got || wlen != (last ? last : outlen)) {
            CHECK(0, "unreadable KT vector line: %.80s", line);
        } else {
            int rc = tree_split(m, 0, msg, len, c, clen, got, outlen, NULL);
            CHECK(rc == KF_OK && !memcmp(got + outlen - wlen, want, wlen), "KT%s vector len %zu clen %zu: rc %d",
                  m == KF_TREE_KT128 ? "128" : "256", len, clen, rc);
            kt++;
        }
        free(msg);
        free(c);
        free(got);
    }
    while (fgets(line, sizeof line, g)) {
        const char *fn = field(line, "function");
        if (!fn || strncmp(fn, "\"ParallelHash", 13)) continue;
        int v256 = fn[13] == '2';
        int xof = !strncmp(field(line, "xof"), "true", 4);
        kf_tree_mode m = v256 ? (xof ? KF_TREE_PARALLELHASHXOF256 : KF_TREE_PARALLELHASH256)
                              : (xof ? KF_TREE_PARALLELHASHXOF128 : KF_TREE_PARALLELHASH128);
        size_t bits = (size_t)strtoull(field(line, "msg_bits"), NULL, 10);
        size_t B = (size_t)strtoull(field(line, "B"), NULL, 10);
        size_t outlen = (size_t)strtoull(field(line, "outlen_bits"), NULL, 10) / 8;
        if (bits % 8) continue; /* the tree API takes whole bytes */
        static uint8_t msg[1 << 15];
        uint8_t want[256], got[256];
        size_t len = hex_decode(field(line, "msg") + 1, msg, sizeof msg);
        const char *S = field(line, "S") + 1;
        size_t slen = (size_t)(strchr(S, '"') - S);
        size_t wlen = hex_decode(field(line, "expected") + 1, want, sizeof want);
        CHECK(len == bits / 8 && wlen == outlen, "unreadable ParallelHash sample: %.80s", line);
        for (int rep = 0; rep < 3; rep++) {
            int rc = tree_split(m, B, msg, len, (const uint8_t *)S, slen, got, outlen, NULL);
            CHECK(rc == KF_OK && !memcmp(got, want, outlen), "ParallelHash sample mode %d S '%.*s': rc %d", (int)m,
                  (int)slen, S, rc);
        }
        ph++;
    }
    fclose(f);
    fclose(g);
    printf("vectors: %d KT (RFC 9861), %d ParallelHash (SP 800-185 samples)\n", kt, ph);
    CHECK(kt >= 30 && ph >= 8, "too few vectors read: %d KT, %d ParallelHash", kt, ph);
}

/* ---- misuse ------------------------------------------------------------------------------ */

#define EXPECT(call, code) do { int rc_ = (call); CHECK(rc_ == (code), "%s: %s, want %s", #call, \
    kf_strerror(rc_), kf_strerror(code)); } while (0)

static void test_misuse(void)
{
    static uint8_t msg[5 * 8192 + 100], cvs[64 * 8], out[64], c[10];
    uint8_t untouched[64];
    const uint64_t T = sizeof msg; /* KT: S_0, 4 whole leaves, a short one */
    rnd_bytes(msg, sizeof msg);
    memset(out, 0x5A, sizeof out);
    memcpy(untouched, out, sizeof out);
    const kf_tree_mode K = KF_TREE_KT128, P = KF_TREE_PARALLELHASH256;
    /* mode, block */
    EXPECT(kf_tree_leaves((kf_tree_mode)0, 0, T, NULL, 0, 8192, msg + 8192, 8192, cvs, 32), KF_ERR_BAD_ALGORITHM);
    EXPECT(kf_tree_final((kf_tree_mode)7, 0, T, NULL, 0, msg, 8192, cvs, 5 * 32, out, 32), KF_ERR_BAD_ALGORITHM);
    EXPECT(kf_tree_layout((kf_tree_mode)99, 0, T, NULL, NULL, NULL, NULL), KF_ERR_BAD_ALGORITHM);
    EXPECT(kf_tree_leaves(P, 0, T, NULL, 0, 0, msg, 8, cvs, 64), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_leaves(K, 4096, T, NULL, 0, 8192, msg + 8192, 8192, cvs, 32), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_leaves(K, 8192, T, NULL, 0, 8192, msg + 8192, 8192, cvs, 32), KF_OK);
    /* KT parts off a leaf boundary */
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 0, msg, 8192, cvs, 32), KF_ERR_BAD_LENGTH);       /* S_0 is no leaf */
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 4096, msg + 4096, 4096, cvs, 32), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 8193, msg + 8193, 8192, cvs, 32), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 8192, msg + 8192, 8191, cvs, 32), KF_ERR_BAD_LENGTH); /* end off */
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 8192, msg + 8192, 8193, cvs, 64), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 5 * 8192, msg + 5 * 8192, 99, cvs, 32), KF_ERR_BAD_LENGTH); /* short of total */
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 5 * 8192, msg + 5 * 8192, 101, cvs, 32), KF_ERR_BAD_LENGTH); /* beyond */
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, T + 8192, msg, 0, cvs, 0), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, UINT64_MAX, msg, 1, cvs, 32), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 5 * 8192, msg + 5 * 8192, 100, cvs, 32), KF_OK); /* the last part */
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, T, NULL, 0, NULL, 0), KF_OK);                   /* empty at the end */
    EXPECT(kf_tree_leaves(K, 0, 100, NULL, 0, 0, msg, 100, cvs, 0), KF_ERR_BAD_LENGTH); /* all of it is S_0 */
    EXPECT(kf_tree_leaves(K, 0, 100, NULL, 0, 100, NULL, 0, NULL, 0), KF_OK);
    /* the CV buffer's size for the part */
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 8192, msg + 8192, 2 * 8192, cvs, 32), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 8192, msg + 8192, 2 * 8192, cvs, 96), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 8192, msg + 8192, 2 * 8192, cvs, 64), KF_OK);
    EXPECT(kf_tree_leaves(KF_TREE_KT256, 0, T, NULL, 0, 8192, msg + 8192, 2 * 8192, cvs, 64), KF_ERR_BAD_LENGTH);
    /* ParallelHash boundaries (B = 10, 25 bytes: blocks at 0, 10, 20) */
    EXPECT(kf_tree_leaves(P, 10, 25, NULL, 0, 5, msg, 10, cvs, 64), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_leaves(P, 10, 25, NULL, 0, 10, msg, 11, cvs, 128), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_leaves(P, 10, 25, NULL, 0, 10, msg, 15, cvs, 128), KF_OK);
    EXPECT(kf_tree_leaves(P, 10, 25, NULL, 0, 0, msg, 25, cvs, 3 * 64), KF_OK);
    EXPECT(kf_tree_leaves(P, 10, 25, NULL, 0, 0, msg, 25, cvs, 2 * 64), KF_ERR_BAD_LENGTH);
    /* NULL with a length */
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 8192, NULL, 8192, cvs, 32), KF_ERR_NULL_POINTER);
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 0, 8192, msg + 8192, 8192, NULL, 32), KF_ERR_NULL_POINTER);
    EXPECT(kf_tree_leaves(K, 0, T, NULL, 3, 8192, msg + 8192, 8192, cvs, 32), KF_ERR_NULL_POINTER);
    EXPECT(kf_tree_final(K, 0, T, NULL, 0, NULL, 8192, cvs, 5 * 32, out, 32), KF_ERR_NULL_POINTER);
    EXPECT(kf_tree_final(K, 0, T, NULL, 0, msg, 8192, NULL, 5 * 32, out, 32), KF_ERR_NULL_POINTER);
    EXPECT(kf_tree_final(K, 0, T, NULL, 0, msg, 8192, cvs, 5 * 32, NULL, 32), KF_ERR_NULL_POINTER);
    EXPECT(kf_tree_final(K, 0, T, NULL, 1, msg, 8192, cvs, 5 * 32, out, 32), KF_ERR_NULL_POINTER);
    /* final: the first chunk's length, CVs missing or extra */
    EXPECT(kf_tree_final(K, 0, T, c, 3, msg, 8191, cvs, 5 * 32, out, 32), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_final(K, 0, T, c, 3, msg, 8193, cvs, 5 * 32, out, 32), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_final(K, 0, T, c, 3, msg, 8192, cvs, 4 * 32, out, 32), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_final(K, 0, T, c, 3, msg, 8192, cvs, 6 * 32, out, 32), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_final(K, 0, T, c, 3, msg, 8192, cvs, 5 * 32 - 1, out, 32), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_final(K, 0, 100, c, 3, msg, 8192, NULL, 0, out, 32), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_final(P, 10, 25, c, 3, msg, 1, cvs, 3 * 64, out, 32), KF_ERR_BAD_LENGTH); /* no first chunk */
    EXPECT(kf_tree_final(P, 10, 25, c, 3, NULL, 0, cvs, 2 * 64, out, 32), KF_ERR_BAD_LENGTH);
    EXPECT(kf_tree_final(P, 0, 25, c, 3, NULL, 0, cvs, 3 * 64, out, 32), KF_ERR_BAD_LENGTH);
    /* sizes that overflow */
    EXPECT(kf_tree_layout(KF_TREE_PARALLELHASH128, 1, UINT64_MAX, NULL, NULL, NULL, NULL), KF_ERR_TOO_LONG);
    if (sizeof(size_t) == 8) {
        EXPECT(kf_tree_final(P, 1, UINT64_MAX - 1, NULL, 0, NULL, 0, cvs, 64, out, 32), KF_ERR_TOO_LONG);
        EXPECT(kf_tree_final(P, 10, 25, NULL, 0, NULL, 0, cvs, 3 * 64, out, SIZE_MAX / 8 + 1), KF_ERR_TOO_LONG);
    }
    CHECK(!memcmp(out, untouched, sizeof out), "a failing kf_tree_final wrote its output");
    /* layout */
    size_t leaf = 0, cvl = 0, first = 1;
    uint64_t ncv = 0;
    EXPECT(kf_tree_layout(K, 0, T, &leaf, &cvl, &first, &ncv), KF_OK);
    CHECK(leaf == 8192 && cvl == 32 && first == 8192 && ncv == 5, "KT128 layout %zu %zu %zu %llu", leaf, cvl, first,
          (unsigned long long)ncv);
    EXPECT(kf_tree_layout(P, 10, 25, &leaf, &cvl, &first, &ncv), KF_OK);
    CHECK(leaf == 10 && cvl == 64 && first == 0 && ncv == 3, "ParallelHash256 layout %zu %zu %zu %llu", leaf, cvl,
          first, (unsigned long long)ncv);
    EXPECT(kf_tree_layout(K, 0, 0, &leaf, &cvl, &first, &ncv), KF_OK);
    CHECK(first == 0 && ncv == 0, "KT128 layout of the empty message");
}

int main(void)
{
    test_misuse();
    test_vectors();
    test_splits();
    printf("%s: %d failure(s)\n", failures ? "FAIL" : "ok", failures);
    return failures ? 1 : 0;
}
