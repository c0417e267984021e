/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_batch.c - the batched API, batched KT/ParallelHash leaves and their threads, against
 * the one-instance (x1) functions.
 *
 * For every runnable batched backend and for "x1" (no batched backend, the fallback path),
 * selected with kf_backend_select:
 *   - one-shot kf_batch_hash (per-instance lengths) and kf_batch_hash_equal, every algorithm,
 *     every n from 1 to 17, random input and output lengths, each out[i] equal to the x1 call;
 *   - the incremental context for n = 1..8: absorb and squeeze in random pieces, and
 *     kf_batch_squeeze_blocks as ML-KEM uses it (3 blocks, then 1 at a time);
 *   - KT128/KT256 and ParallelHash128/256 on sizes around chunk/block boundaries and a few
 *     MiB, single-thread, with 2..4 threads and with 0 (auto), one-shot and incremental, equal to the digests
 *     computed first with "x1" (which is also the pre-batching code path);
 * then the named errors of the new calls. Last line: "N passed, N failed".
 * --quick (the cross builds, under qemu): each batched backend runs the KT/ParallelHash cases
 * on a third of the sizes, the thirds rotating over the backends (x1 runs them all).
 */
#include "keccakforge.h"
#define TEST_OWN_CHECK /* below: counts passes too, names the backend */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long passed, failed;
#define CHECK(cond, ...) do { if (cond) passed++; else { failed++; if (failed < 40) { \
    printf("FAIL %s:%d [%s]: ", __FILE__, __LINE__, kf_backend_batch_name()); printf(__VA_ARGS__); printf("\n"); } } } while (0)

/* ---- x1 reference for every batched algorithm ---------------------------------------------- */

static const kf_batch_alg algs[] = {KF_BATCH_SHAKE128, KF_BATCH_SHAKE256, KF_BATCH_TURBOSHAKE128,
                                    KF_BATCH_TURBOSHAKE256, KF_BATCH_SHA3_256, KF_BATCH_SHA3_512};
#define N_ALGS (sizeof algs / sizeof algs[0])

static size_t digest_of(kf_batch_alg a) { return a == KF_BATCH_SHA3_256 ? 32 : a == KF_BATCH_SHA3_512 ? 64 : 0; }

static int ref_hash(kf_batch_alg a, uint8_t domain, uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    switch (a) {
    case KF_BATCH_SHAKE128: return kf_shake128(out, outlen, in, inlen);
    case KF_BATCH_SHAKE256: return kf_shake256(out, outlen, in, inlen);
    case KF_BATCH_TURBOSHAKE128: return kf_turboshake128(out, outlen, in, inlen, domain);
    case KF_BATCH_TURBOSHAKE256: return kf_turboshake256(out, outlen, in, inlen, domain);
    case KF_BATCH_SHA3_256: return kf_sha3_256(out, in, inlen);
    case KF_BATCH_SHA3_512: return kf_sha3_512(out, in, inlen);
    }
    return -1;
}

#define MAX_N 17
#define MAX_IN 700
#define MAX_OUT 600

static uint8_t inbuf[MAX_N][MAX_IN], outbuf[MAX_N][MAX_OUT + 8], want[MAX_OUT + 8];

/* One-shot with per-instance (equal = 0) or equal lengths, n instances. */
static void oneshot_case(kf_batch_alg a, size_t n, int equal)
{
    const uint8_t *in[MAX_N];
    uint8_t *out[MAX_N];
    size_t inlen[MAX_N], rate = kf_batch_rate(a), common = rnd_below(3 * rate + 2);
    size_t outlen = digest_of(a) ? digest_of(a) : 1 + rnd_below(rnd() & 1 ? MAX_OUT : 40);
    if (common > MAX_IN) common = MAX_IN;
    for (size_t i = 0; i < n; i++) {
        /* lengths: random, or right at block edges (rate - 1, rate, rate + 1 ...) */
        size_t l = rnd() & 1 ? rnd_below(MAX_IN + 1) : rnd_below(4) * rate + rnd_below(3) - (rnd() & 1);
        inlen[i] = equal ? common : (l > MAX_IN ? MAX_IN : l);
        rnd_bytes(inbuf[i], inlen[i]);
        in[i] = inbuf[i];
        out[i] = outbuf[i];
        memset(outbuf[i], 0xA5, sizeof outbuf[i]);
    }
    int rc = equal ? kf_batch_hash_equal(a, out, outlen, in, common, n) : kf_batch_hash(a, out, outlen, in, inlen, n);
    CHECK(rc == KF_OK, "kf_batch_hash%s alg %d n %zu: %s", equal ? "_equal" : "", a, n, kf_strerror(rc));
    for (size_t i = 0; i < n; i++) {
        ref_hash(a, 0x1F, want, outlen, in[i], inlen[i]);
        CHECK(memcmp(out[i], want, outlen) == 0 && outbuf[i][outlen] == 0xA5,
              "one-shot%s alg %d n %zu instance %zu inlen %zu outlen %zu", equal ? " equal" : "", a, n, i, inlen[i], outlen);
    }
}

/* Incremental: random absorb pieces (the same for all), then random squeeze pieces. */
static void incremental_case(kf_batch_alg a, size_t n, uint8_t domain)
{
    kf_batch_ctx c;
    const uint8_t *in[8];
    uint8_t *out[8];
    size_t len = rnd_below(MAX_IN + 1), outlen = digest_of(a) ? digest_of(a) : 1 + rnd_below(MAX_OUT);
    int rc = domain == 0x1F ? kf_batch_init(&c, a, n) : kf_batch_init_turboshake(&c, a, domain, n);
    CHECK(rc == KF_OK, "init alg %d n %zu: %s", a, n, kf_strerror(rc));
    for (size_t i = 0; i < n; i++) rnd_bytes(inbuf[i], len);
    for (size_t done = 0; done < len;) {
        size_t piece = rnd() & 3 ? rnd_below(len - done + 1) : rnd_below(9);
        if (piece > len - done) piece = len - done;
        for (size_t i = 0; i < n; i++) in[i] = inbuf[i] + done;
        rc = kf_batch_absorb(&c, in, piece);
        CHECK(rc == KF_OK, "absorb: %s", kf_strerror(rc));
        done += piece;
    }
    for (size_t done = 0; done < outlen;) {
        size_t piece = rnd() & 3 ? rnd_below(outlen - done + 1) : rnd_below(9);
        if (piece > outlen - done) piece = outlen - done;
        for (size_t i = 0; i < n; i++) out[i] = outbuf[i] + done;
        rc = kf_batch_squeeze(&c, out, piece);
        CHECK(rc == KF_OK, "squeeze: %s", kf_strerror(rc));
        done += piece;
    }
    for (size_t i = 0; i < n; i++) {
        ref_hash(a, domain, want, outlen, inbuf[i], len);
        CHECK(memcmp(outbuf[i], want, outlen) == 0, "incremental alg %d D %02x n %zu instance %zu len %zu outlen %zu",
              a, domain, n, i, len, outlen);
    }
    kf_wipe(&c, sizeof c);
}

/* ML-KEM SampleNTT: rho || j || i (34 bytes), 3 SHAKE128 blocks, then 1 block at a time. */
static void mlkem_case(size_t n)
{
    kf_batch_ctx c;
    const uint8_t *in[8];
    uint8_t *out[8];
    size_t rate = KF_SHAKE128_RATE;
    uint8_t seed[8][34], blocks[8][5 * KF_SHAKE128_RATE];
    for (size_t i = 0; i < n; i++) {
        rnd_bytes(seed[i], 32);
        seed[i][32] = (uint8_t)i;
        seed[i][33] = (uint8_t)(i + 1);
        in[i] = seed[i];
        out[i] = blocks[i];
    }
    int rc = kf_batch_init(&c, KF_BATCH_SHAKE128, n);
    if (rc == KF_OK) rc = kf_batch_absorb(&c, in, 34);
    if (rc == KF_OK) rc = kf_batch_squeeze_blocks(&c, out, 3);
    for (int extra = 3; extra < 5 && rc == KF_OK; extra++) {
        for (size_t i = 0; i < n; i++) out[i] = blocks[i] + extra * rate;
        rc = kf_batch_squeeze_blocks(&c, out, 1);
    }
    CHECK(rc == KF_OK, "ML-KEM sampling n %zu: %s", n, kf_strerror(rc));
    for (size_t i = 0; i < n; i++) {
        uint8_t ref[5 * KF_SHAKE128_RATE];
        kf_shake128(ref, sizeof ref, seed[i], 34);
        CHECK(memcmp(ref, blocks[i], sizeof ref) == 0, "ML-KEM sampling n %zu instance %zu", n, i);
    }
}

static void batch_api_tests(void)
{
    for (size_t n = 1; n <= MAX_N; n++)
        for (size_t k = 0; k < N_ALGS; k++)
            for (int rep = 0; rep < 3; rep++) {
                oneshot_case(algs[k], n, 0);
                oneshot_case(algs[k], n, 1);
            }
    for (size_t n = 1; n <= KF_BATCH_MAX; n++) {
        for (size_t k = 0; k < N_ALGS; k++)
            for (int rep = 0; rep < 4; rep++) incremental_case(algs[k], n, 0x1F);
        incremental_case(KF_BATCH_TURBOSHAKE128, n, 0x0B);
        incremental_case(KF_BATCH_TURBOSHAKE256, n, 0x7F);
        mlkem_case(n);
    }
}

/* ---- KT and ParallelHash with threads ------------------------------------------------------ */

static uint8_t *big;
#define BIG_MAX ((size_t)3 << 20)
static size_t sizes[80];
static size_t n_sizes;
static uint8_t ref_kt[2][80][64], ref_ph[2][80][64];
static const size_t ph_B[] = {8192, 1000, 7};

static void make_sizes(void)
{
    static const size_t fixed[] = {0, 1, 8191, 8192, 8193, 2 * 8192, 64 * 8192 + 100, BIG_MAX - 3};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) sizes[n_sizes++] = fixed[i];
    for (size_t k = 2; k <= 20; k++) {
        sizes[n_sizes++] = k * 8192 - 1;
        sizes[n_sizes++] = k * 8192 + 1;
        if (k % 4 == 0) sizes[n_sizes++] = k * 8192;
    }
    sizes[n_sizes++] = BIG_MAX - 8192 * 7 + 5;
}

static const uint8_t custom[] = "test_batch custom";

static int kt_call(int v, uint8_t *out, size_t len, unsigned threads)
{
    if (threads == 1)
        return (v ? kf_kt256 : kf_kt128)(out, 64, big, len, custom, sizeof custom - 1);
    return (v ? kf_kt256_mt : kf_kt128_mt)(out, 64, big, len, custom, sizeof custom - 1, threads);
}

/* ParallelHash with B = ph_B[s % 3] (XOF variant, so 64 bytes serve both widths). */
static int ph_call(int v, size_t s, uint8_t *out, size_t len, unsigned threads)
{
    kf_sp800185_variant var = v ? KF_V256XOF : KF_V128XOF;
    return kf_parallelhash_mt(var, out, 64, big, len, ph_B[s % 3], custom, 4, threads);
}

static void tree_reference(void)
{
    for (int v = 0; v < 2; v++)
        for (size_t s = 0; s < n_sizes; s++) {
            kt_call(v, ref_kt[v][s], sizes[s], 1);
            kf_parallelhash(v ? KF_V256XOF : KF_V128XOF, ref_ph[v][s], 64, big, sizes[s], ph_B[s % 3], custom, 4);
        }
}

/* Incremental KT with threads: the input in random pieces, some of them MiB-sized. */
static void kt_incremental(int v, size_t s, unsigned threads)
{
    kf_kt_ctx c;
    uint8_t out[64];
    int rc = kf_kt_init(&c, v ? KF_KT256 : KF_KT128);
    if (rc == KF_OK) rc = kf_kt_set_threads(&c, threads);
    for (size_t done = 0; rc == KF_OK && done < sizes[s];) {
        size_t left = sizes[s] - done, piece = rnd() & 1 ? rnd_below(left + 1) : rnd_below(20000);
        if (piece > left) piece = left;
        rc = kf_kt_update(&c, big + done, piece);
        done += piece;
    }
    if (rc == KF_OK) rc = kf_kt_final(&c, custom, sizeof custom - 1);
    if (rc == KF_OK) rc = kf_kt_squeeze(&c, out, 64);
    CHECK(rc == KF_OK && memcmp(out, ref_kt[v][s], 64) == 0, "KT%d incremental %zu bytes, %u threads: %s",
          v ? 256 : 128, sizes[s], threads, kf_strerror(rc));
}

/* every size, or with parts = 3 the sizes s with s % 3 == part */
static void tree_tests(size_t part, size_t parts)
{
    uint8_t out[64];
    for (int v = 0; v < 2; v++)
        for (size_t s = part; s < n_sizes; s += parts)
            for (unsigned k = 0; k < 5; k++) {
                unsigned t = k < 4 ? k + 1 : 0; /* 0: the auto policy */
                int rc = kt_call(v, out, sizes[s], t);
                CHECK(rc == KF_OK && memcmp(out, ref_kt[v][s], 64) == 0, "KT%d %zu bytes, %u threads",
                      v ? 256 : 128, sizes[s], t);
                rc = ph_call(v, s, out, sizes[s], t);
                CHECK(rc == KF_OK && memcmp(out, ref_ph[v][s], 64) == 0, "ParallelHash%d B %zu, %zu bytes, %u threads",
                      v ? 256 : 128, ph_B[s % 3], sizes[s], t);
                if (sizes[s] > 8192 && (s + t) % 3 == 0) kt_incremental(v, s, t);
            }
}

/* ---- named errors ------------------------------------------------------------------------------ */

static void error_tests(void)
{
    kf_batch_ctx c;
    uint8_t buf[2][64], *out[2] = {buf[0], buf[1]};
    const uint8_t *in[2] = {buf[0], buf[1]}, *in_null[2] = {buf[0], NULL};
    size_t lens[2] = {3, 3};
    CHECK(kf_batch_init(NULL, KF_BATCH_SHAKE128, 2) == KF_ERR_NULL_POINTER, "init NULL ctx");
    CHECK(kf_batch_init(&c, KF_BATCH_SHAKE128, 0) == KF_ERR_BAD_LENGTH, "init n = 0");
    CHECK(kf_batch_init(&c, KF_BATCH_SHAKE128, KF_BATCH_MAX + 1) == KF_ERR_BAD_LENGTH, "init n too big");
    CHECK(kf_batch_init(&c, (kf_batch_alg)99, 2) == KF_ERR_BAD_ALGORITHM, "init bad alg");
    CHECK(kf_batch_init_turboshake(&c, KF_BATCH_SHAKE128, 0x1F, 2) == KF_ERR_BAD_ALGORITHM, "turbo init on SHAKE");
    CHECK(kf_batch_init_turboshake(&c, KF_BATCH_TURBOSHAKE128, 0x80, 2) == KF_ERR_BAD_DOMAIN, "turbo D 0x80");
    CHECK(kf_batch_init_turboshake(&c, KF_BATCH_TURBOSHAKE128, 0x00, 2) == KF_ERR_BAD_DOMAIN, "turbo D 0");
    memset(&c, 0, sizeof c);
    CHECK(kf_batch_absorb(&c, in, 3) == KF_ERR_BAD_STATE, "absorb on an uninitialized ctx");
    CHECK(kf_batch_squeeze(&c, out, 3) == KF_ERR_BAD_STATE, "squeeze on an uninitialized ctx");
    CHECK(kf_batch_init(&c, KF_BATCH_SHAKE256, 2) == KF_OK, "init");
    CHECK(kf_batch_absorb(NULL, in, 3) == KF_ERR_NULL_POINTER, "absorb NULL ctx");
    CHECK(kf_batch_absorb(&c, NULL, 3) == KF_ERR_NULL_POINTER, "absorb NULL array");
    CHECK(kf_batch_absorb(&c, in_null, 3) == KF_ERR_NULL_POINTER, "absorb NULL in[1]");
    CHECK(kf_batch_absorb(&c, NULL, 0) == KF_OK, "absorb nothing");
    CHECK(kf_batch_squeeze(&c, NULL, 3) == KF_ERR_NULL_POINTER, "squeeze NULL array");
    CHECK(kf_batch_squeeze(&c, out, 3) == KF_OK, "squeeze");
    CHECK(kf_batch_absorb(&c, in, 3) == KF_ERR_BAD_STATE, "absorb after squeeze");
    CHECK(kf_batch_squeeze_blocks(&c, out, 1) == KF_ERR_BAD_STATE, "squeeze_blocks off a block boundary");
    CHECK(kf_batch_init(&c, KF_BATCH_SHA3_256, 2) == KF_OK, "init SHA3-256");
    CHECK(kf_batch_squeeze_blocks(&c, out, 1) == KF_ERR_BAD_ALGORITHM, "squeeze_blocks on SHA3");
    CHECK(kf_batch_squeeze(&c, out, 33) == KF_ERR_BAD_LENGTH, "SHA3-256 squeeze 33");
    CHECK(kf_batch_squeeze(&c, out, 32) == KF_OK, "SHA3-256 squeeze 32");
    CHECK(kf_batch_squeeze(&c, out, 1) == KF_ERR_BAD_LENGTH, "SHA3-256 squeeze past the digest");
    CHECK(kf_batch_hash(KF_BATCH_SHAKE128, out, 8, in, lens, 0) == KF_ERR_BAD_LENGTH, "one-shot n = 0");
    CHECK(kf_batch_hash(KF_BATCH_SHAKE128, out, 8, in, NULL, 2) == KF_ERR_NULL_POINTER, "one-shot NULL inlen");
    CHECK(kf_batch_hash(KF_BATCH_SHAKE128, NULL, 8, in, lens, 2) == KF_ERR_NULL_POINTER, "one-shot NULL out");
    CHECK(kf_batch_hash(KF_BATCH_SHAKE128, out, 8, NULL, lens, 2) == KF_ERR_NULL_POINTER, "one-shot NULL in");
    CHECK(kf_batch_hash(KF_BATCH_SHAKE128, out, 8, in_null, lens, 2) == KF_ERR_NULL_POINTER, "one-shot NULL in[1]");
    CHECK(kf_batch_hash(KF_BATCH_SHA3_512, out, 63, in, lens, 2) == KF_ERR_BAD_LENGTH, "one-shot short SHA3-512");
    CHECK(kf_batch_hash((kf_batch_alg)0, out, 8, in, lens, 2) == KF_ERR_BAD_ALGORITHM, "one-shot bad alg");
    CHECK(kf_turboshake128_batch(out, 8, in, lens, 2, 0) == KF_ERR_BAD_DOMAIN, "one-shot turbo D 0");
    CHECK(kf_batch_hash_equal(KF_BATCH_SHAKE128, out, 8, in, 0, 2) == KF_OK, "equal, empty inputs");
    CHECK(kf_batch_rate(KF_BATCH_SHA3_512) == 72 && kf_batch_rate((kf_batch_alg)7) == 0, "kf_batch_rate");
    kf_kt_ctx k;
    CHECK(kf_kt_set_threads(NULL, 2) == KF_ERR_NULL_POINTER, "kt_set_threads NULL");
    memset(&k, 0, sizeof k);
    CHECK(kf_kt_set_threads(&k, 2) == KF_ERR_BAD_STATE, "kt_set_threads uninitialized");
    CHECK(kf_kt128_mt(NULL, 8, buf[0], 1, NULL, 0, 2) == KF_ERR_NULL_POINTER, "kt128_mt NULL out");
    kf_parallelhash_ctx p;
    memset(&p, 0, sizeof p);
    CHECK(kf_parallelhash_set_threads(&p, 2) == KF_ERR_BAD_STATE, "parallelhash_set_threads uninitialized");
    CHECK(kf_parallelhash_mt(KF_V128, buf[0], 32, buf[0], 1, 0, NULL, 0, 2) == KF_ERR_BAD_LENGTH, "parallelhash_mt B = 0");
    CHECK(kf_backend_select("no-such-backend") == KF_ERR_UNKNOWN_BACKEND, "select unknown");
}

int main(int argc, char **argv)
{
    const int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    const char *names[16];
    size_t nb = kf_backend_batch_list(names, 16);
    big = malloc(BIG_MAX);
    if (!big) return 1;
    rnd_bytes(big, BIG_MAX);
    make_sizes();

    /* the references first, with no batched backend: the x1 code path */
    CHECK(kf_backend_select("x1") == KF_OK && strcmp(kf_backend_batch_name(), "x1") == 0, "select x1");
    tree_reference();
    for (size_t b = 0; b <= nb && b <= 16; b++) {
        const char *name = b < nb ? names[b] : "x1";
        int rc = kf_backend_select(name);
        CHECK(rc == KF_OK && strcmp(kf_backend_batch_name(), name) == 0, "select %s: %s", name, kf_strerror(rc));
        printf("batched backend %s (x1 %s)\n", kf_backend_batch_name(), kf_backend_name());
        unsigned long f0 = failed;
        batch_api_tests();
        if (quick && b < nb) tree_tests(b % 3, 3);
        else tree_tests(0, 1);
        printf("  %s: %s\n", name, failed == f0 ? "ok" : "FAILED");
        fflush(stdout);
    }
    error_tests();
    free(big);
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}
