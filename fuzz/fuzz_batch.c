/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_batch.c - batched against x1, on every batched backend this CPU runs and on "x1"
 * (the fallback without one): kf_batch_hash (instances of any lengths), kf_batch_hash_equal,
 * the incremental kf_batch_ctx (absorb and squeeze split anywhere), and KT and ParallelHash
 * (whose leaves run on the batched backend) must all give what the x1 functions give.
 * The x1 reference runs on an x1 backend the input picks (every one the CPU runs).
 *
 * Input: alg, n, per-instance lengths, x1 backend, split points; the data follows.
 */
#include "fuzz_util.h"

#define MAXN 20
#define OUT_MAX 400

static const char *xn_names[16];
static size_t n_xn;
static const char *x1_names[16];
static size_t n_x1;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    n_xn = kf_backend_batch_list(xn_names, 15);
    if (n_xn > 15) n_xn = 15;
    xn_names[n_xn++] = "x1";
    n_x1 = kf_backend_list(x1_names, 16);
    if (n_x1 > 16) n_x1 = 16;
    return 0;
}

static int ref_one(unsigned alg, uint8_t dom, uint8_t *out, size_t outlen, const uint8_t *in, size_t len)
{
    switch (alg) {
    case KF_BATCH_SHAKE128: return kf_shake128(out, outlen, in, len);
    case KF_BATCH_SHAKE256: return kf_shake256(out, outlen, in, len);
    case KF_BATCH_TURBOSHAKE128: return kf_turboshake128(out, outlen, in, len, dom);
    case KF_BATCH_TURBOSHAKE256: return kf_turboshake256(out, outlen, in, len, dom);
    case KF_BATCH_SHA3_256: return kf_sha3_256(out, in, len);
    default: return kf_sha3_512(out, in, len);
    }
}

static void batch_case(fz *r)
{
    unsigned alg = 1 + fz_u8(r) % 6;
    int turbo = alg == KF_BATCH_TURBOSHAKE128 || alg == KF_BATCH_TURBOSHAKE256;
    uint8_t dom = turbo ? (uint8_t)(1 + fz_u8(r) % 0x7F) : 0x1F;
    size_t n = 1 + fz_u8(r) % MAXN;
    size_t outlen = alg == KF_BATCH_SHA3_256 ? 32 : alg == KF_BATCH_SHA3_512 ? 64 : fz_u16(r) % OUT_MAX;
    size_t len[MAXN], total = 0, eq = fz_u16(r) % 600;
    for (size_t i = 0; i < n; i++) len[i] = fz_u16(r) % 700;
    const char *x1 = x1_names[fz_u8(r) % n_x1];
    size_t cut_in = fz_u16(r), cut_out = fz_u16(r);
    /* instance i reads data at offset i (overlapping windows of one buffer), zero-padded */
    static uint8_t data[MAXN + 1024];
    memset(data, 0, sizeof data);
    size_t dl;
    const uint8_t *d = fz_bytes(r, sizeof data, &dl);
    memcpy(data, d, dl);
    for (size_t i = 0; i < n; i++) total += len[i];
    (void)total;

    static uint8_t ref[MAXN][OUT_MAX], refeq[MAXN][OUT_MAX], got[MAXN][OUT_MAX];
    uint8_t *o[MAXN];
    const uint8_t *in[MAXN];
    for (size_t i = 0; i < n; i++) {
        o[i] = got[i];
        in[i] = len[i] ? data + i : NULL; /* NULL with length 0 is allowed */
    }
    FZ_CHECK(kf_backend_select(x1) == KF_OK, "select %s", x1);
    for (size_t i = 0; i < n; i++) {
        FZ_CHECK(ref_one(alg, dom, ref[i], outlen, in[i], len[i]) == KF_OK, "x1 reference");
        FZ_CHECK(ref_one(alg, dom, refeq[i], outlen, data + i, eq) == KF_OK, "x1 reference");
    }
    for (size_t b = 0; b < n_xn; b++) {
        FZ_CHECK(kf_backend_select(xn_names[b]) == KF_OK, "select %s", xn_names[b]);
        int rc;
        if (turbo)
            rc = (alg == KF_BATCH_TURBOSHAKE128 ? kf_turboshake128_batch : kf_turboshake256_batch)(o, outlen, in, len, n, dom);
        else
            rc = kf_batch_hash((kf_batch_alg)alg, o, outlen, in, len, n);
        FZ_CHECK(rc == KF_OK, "batch_hash on %s: %s", xn_names[b], kf_strerror(rc));
        for (size_t i = 0; i < n; i++)
            FZ_CHECK(memcmp(got[i], ref[i], outlen) == 0, "batch_hash on %s, instance %zu of %zu", xn_names[b], i, n);
        if (!turbo) {
            const uint8_t *ineq[MAXN];
            for (size_t i = 0; i < n; i++) ineq[i] = data + i;
            rc = kf_batch_hash_equal((kf_batch_alg)alg, o, outlen, ineq, eq, n);
            FZ_CHECK(rc == KF_OK, "batch_hash_equal: %s", kf_strerror(rc));
            for (size_t i = 0; i < n; i++)
                FZ_CHECK(memcmp(got[i], refeq[i], outlen) == 0, "batch_hash_equal on %s, instance %zu", xn_names[b], i);
        }
        /* the incremental context, up to KF_BATCH_MAX instances of length eq */
        if (n <= KF_BATCH_MAX) {
            kf_batch_ctx c;
            const uint8_t *p[KF_BATCH_MAX];
            uint8_t *q[KF_BATCH_MAX];
            rc = turbo ? kf_batch_init_turboshake(&c, (kf_batch_alg)alg, dom, n) : kf_batch_init(&c, (kf_batch_alg)alg, n);
            FZ_CHECK(rc == KF_OK, "batch_init: %s", kf_strerror(rc));
            size_t c1 = eq ? cut_in % (eq + 1) : 0;
            for (size_t i = 0; i < n; i++) p[i] = data + i;
            FZ_CHECK(kf_batch_absorb(&c, p, c1) == KF_OK, "absorb");
            for (size_t i = 0; i < n; i++) p[i] = data + i + c1;
            FZ_CHECK(kf_batch_absorb(&c, p, eq - c1) == KF_OK, "absorb");
            size_t c2 = cut_out % (outlen + 1);
            for (size_t i = 0; i < n; i++) q[i] = got[i];
            FZ_CHECK(kf_batch_squeeze(&c, q, c2) == KF_OK, "squeeze");
            for (size_t i = 0; i < n; i++) q[i] = got[i] + c2;
            FZ_CHECK(kf_batch_squeeze(&c, q, outlen - c2) == KF_OK, "squeeze");
            for (size_t i = 0; i < n; i++)
                FZ_CHECK(memcmp(got[i], refeq[i], outlen) == 0, "batch ctx on %s, instance %zu", xn_names[b], i);
        }
    }
}

/* KT and ParallelHash: leaves on each batched backend against "x1" (no batched backend) */
static void tree_case(fz *r)
{
    int kt = fz_u8(r) & 1;
    size_t B = 1 + fz_u16(r) % 300, outlen = 1 + fz_u16(r) % 100;
    size_t len = ((size_t)fz_u16(r) * 16) % (1u << 18);
    unsigned threads = 1 + fz_u8(r) % 3;
    static uint8_t msg[1u << 18];
    kf_shake128(msg, len, r->p, r->n);
    if (B < len / 2048) B = len / 2048; /* at most ~2048 leaves: a unit stays well under a second */
    uint8_t ref[100], got[100];
    FZ_CHECK(kf_backend_select("x1") == KF_OK, "select x1");
    if (kt) kf_kt128(ref, outlen, msg, len, "c", 1);
    else kf_parallelhash(KF_V128, ref, outlen, msg, len, B, "", 0);
    for (size_t b = 0; b + 1 < n_xn; b++) {
        FZ_CHECK(kf_backend_select(xn_names[b]) == KF_OK, "select");
        if (kt) FZ_CHECK(kf_kt128_mt(got, outlen, msg, len, "c", 1, threads) == KF_OK, "kt");
        else FZ_CHECK(kf_parallelhash_mt(KF_V128, got, outlen, msg, len, B, "", 0, threads) == KF_OK, "ph");
        FZ_CHECK(memcmp(ref, got, outlen) == 0, "%s on %s (len %zu)", kt ? "KT128" : "ParallelHash128", xn_names[b], len);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz r = {data, size};
    if (fz_u8(&r) % 8 == 0) tree_case(&r);
    else batch_case(&r);
    return 0;
}
