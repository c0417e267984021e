/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_api.c - the API pieces bindings and integrators rely on, through the public header only:
 *   - the version (macros, kf_version_string, and the build's project version);
 *   - the copy guarantee of keccakforge.h's Conventions: for every context type, a copy taken
 *     mid-absorb (and, for the XOFs, mid-squeeze) and its original finish independently with
 *     the results of one-shot calls on their own inputs;
 *   - kf_ct_equal and the KMAC tag checks.
 */
#include <keccakforge.h>

#include <stdio.h>
#include <string.h>

#include "test_util.h"

#define MAXLEN 20000
static uint8_t A[MAXLEN], B[MAXLEN], AB[2 * MAXLEN];

/* A random split: A = the first a bytes, then B (for the original) or C (for the copy). */
static size_t join(const uint8_t *x, size_t xl, const uint8_t *y, size_t yl)
{
    memcpy(AB, x, xl);
    memcpy(AB + xl, y, yl);
    return xl + yl;
}

static void test_version(void)
{
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", KF_VERSION_MAJOR, KF_VERSION_MINOR, KF_VERSION_PATCH);
    CHECK(strcmp(want, KECCAKFORGE_VERSION_STRING) == 0, "macros %s vs string %s", want,
          KECCAKFORGE_VERSION_STRING);
    CHECK(strcmp(kf_version_string(), KECCAKFORGE_VERSION_STRING) == 0, "kf_version_string %s",
          kf_version_string());
#ifdef KF_PROJECT_VERSION
    CHECK(strcmp(kf_version_string(), KF_PROJECT_VERSION) == 0, "library %s, CMake project %s",
          kf_version_string(), KF_PROJECT_VERSION);
#endif
}

static void test_ct_equal(void)
{
    uint8_t x[100], y[100];
    rnd_bytes(x, sizeof x);
    memcpy(y, x, sizeof y);
    CHECK(kf_ct_equal(x, y, sizeof x) == 1, "equal buffers");
    CHECK(kf_ct_equal(x, y, 0) == 1, "empty buffers");
    CHECK(kf_ct_equal(NULL, NULL, 0) == 1, "NULL, length 0");
    CHECK(kf_ct_equal(x, NULL, 1) == 0 && kf_ct_equal(NULL, y, 1) == 0, "NULL, length 1");
    for (size_t i = 0; i < sizeof x; i++) {
        for (unsigned bit = 0; bit < 8; bit++) {
            y[i] ^= (uint8_t)(1u << bit);
            CHECK(kf_ct_equal(x, y, sizeof x) == 0, "byte %zu bit %u differs", i, bit);
            y[i] ^= (uint8_t)(1u << bit);
        }
    }
}

static void test_kmac_verify(void)
{
    uint8_t key[32], msg[300], tag[200], bad[200];
    rnd_bytes(key, sizeof key);
    rnd_bytes(msg, sizeof msg);
    for (size_t taglen = 1; taglen <= sizeof tag; taglen += 1 + taglen / 3) {
        CHECK(kf_kmac256(tag, taglen, key, 32, msg, sizeof msg, "S", 1) == KF_OK, "kmac256");
        CHECK(kf_kmac256_verify(tag, taglen, key, 32, msg, sizeof msg, "S", 1) == KF_OK,
              "verify %zu", taglen);
        memcpy(bad, tag, taglen);
        bad[rnd_below(taglen)] ^= (uint8_t)(1u << rnd_below(8));
        CHECK(kf_kmac256_verify(bad, taglen, key, 32, msg, sizeof msg, "S", 1) == KF_ERR_BAD_TAG,
              "bad tag %zu", taglen);
        /* a tag of another length is another MAC (L is absorbed), not a prefix */
        if (taglen > 1)
            CHECK(kf_kmac256_verify(tag, taglen - 1, key, 32, msg, sizeof msg, "S", 1) ==
                      KF_ERR_BAD_TAG,
                  "truncated tag %zu", taglen);
        CHECK(kf_kmac128(tag, taglen, key, 16, msg, 7, NULL, 0) == KF_OK, "kmac128");
        CHECK(kf_kmac128_verify(tag, taglen, key, 16, msg, 7, NULL, 0) == KF_OK, "verify128 %zu",
              taglen);
        CHECK(kf_kmac128_verify(tag, taglen, key, 16, msg, 8, NULL, 0) == KF_ERR_BAD_TAG,
              "other msg %zu", taglen);
    }
    /* KMACXOF: the first taglen bytes of the XOF output */
    kf_kmac_ctx c, d;
    CHECK(kf_kmac_init(&c, KF_V128XOF, key, 32, NULL, 0) == KF_OK, "xof init");
    kf_kmac_update(&c, msg, 50);
    d = c;
    kf_kmac_final(&c, tag, 0);
    kf_kmac_squeeze(&c, tag, 70);
    CHECK(kf_kmac_verify(&d, tag, 70) == KF_OK, "kmacxof verify");
    /* the context is wiped: a second verify is out of order */
    CHECK(kf_kmac_verify(&d, tag, 70) == KF_ERR_BAD_STATE, "verify after verify");
    CHECK(kf_kmac_init(&c, KF_V256, key, 32, NULL, 0) == KF_OK, "init");
    CHECK(kf_kmac_verify(&c, tag, 0) == KF_ERR_BAD_LENGTH, "empty tag");
    CHECK(kf_kmac_verify(&c, tag, 32) == KF_ERR_BAD_STATE, "context wiped after the empty tag");
    CHECK(kf_kmac_init(&c, KF_V256, key, 32, NULL, 0) == KF_OK, "init");
    CHECK(kf_kmac_verify(&c, NULL, 32) == KF_ERR_NULL_POINTER, "NULL tag");
    CHECK(kf_kmac_verify(NULL, tag, 32) == KF_ERR_NULL_POINTER, "NULL ctx");
    CHECK(strcmp(kf_strerror(KF_ERR_BAD_TAG), "KF_ERR_BAD_TAG") == 0, "status name");
    CHECK(strcmp(kf_strerror(KF_ERR_BAD_ENCODING), "KF_ERR_BAD_ENCODING") == 0, "status name");
    /* every status has words of its own, not its name; an unknown one too */
    for (int a = 0; a >= KF_ERR_BAD_ENCODING - 1; a--) {
        const char *m = kf_error_message(a);
        CHECK(m && *m && strncmp(m, "KF_", 3) != 0, "status words");
        for (int b = a + 1; b <= 0; b++) CHECK(strcmp(m, kf_error_message(b)) != 0, "status words differ");
    }
    CHECK(strcmp(kf_error_message(KF_ERR_BAD_SIGNATURE), "signature does not verify") == 0, "status words");
}

/* ---- copies ------------------------------------------------------------------------------- */

static void test_copy_hash(size_t a, size_t b, size_t c)
{
    for (int alg = KF_SHA3_224; alg <= KF_KECCAK512_LEGACY; alg++) {
        kf_hash_ctx x, y;
        uint8_t dx[64], dy[64], want[64];
        size_t n = kf_hash_size((kf_hash_alg)alg);
        CHECK(kf_hash_init(&x, (kf_hash_alg)alg) == KF_OK, "kf_hash_init");
        kf_hash_update(&x, A, a);
        y = x;
        kf_hash_update(&x, B, b);
        kf_hash_update(&y, B + b, c);
        CHECK(kf_hash_final(&x, dx, n) == KF_OK && kf_hash_final(&y, dy, n) == KF_OK, "hash final");
        kf_hash((kf_hash_alg)alg, want, n, AB, join(A, a, B, b));
        CHECK(memcmp(dx, want, n) == 0, "hash %d original, %zu+%zu", alg, a, b);
        kf_hash((kf_hash_alg)alg, want, n, AB, join(A, a, B + b, c));
        CHECK(memcmp(dy, want, n) == 0, "hash %d copy, %zu+%zu", alg, a, c);
    }
}

/* XOF contexts: copy mid-absorb, then copy mid-squeeze */
static void test_copy_xof(size_t a, size_t b, size_t c)
{
    for (int kind = 0; kind < 3; kind++) {
        kf_xof_ctx x, y, z;
        uint8_t ox[300], oy[300], oz[300], want[600];
        int rc = kind == 0   ? kf_shake128_init(&x)
                 : kind == 1 ? kf_turboshake256_init(&x, 0x0B)
                             : kf_cshake128_init(&x, "N", 1, "S", 1);
        CHECK(rc == KF_OK, "xof %d init", kind);
        kf_xof_absorb(&x, A, a);
        y = x;
        kf_xof_absorb(&x, B, b);
        kf_xof_absorb(&y, B + b, c);
        kf_xof_squeeze(&x, ox, 100);
        z = x; /* copy mid-squeeze */
        kf_xof_squeeze(&x, ox + 100, 200);
        kf_xof_squeeze(&z, oz, 200);
        kf_xof_squeeze(&y, oy, 300);
        size_t l1 = join(A, a, B, b);
        if (kind == 0)
            kf_shake128(want, 300, AB, l1);
        else if (kind == 1)
            kf_turboshake256(want, 300, AB, l1, 0x0B);
        else
            kf_cshake128(want, 300, AB, l1, "N", 1, "S", 1);
        CHECK(memcmp(ox, want, 300) == 0, "xof %d original", kind);
        CHECK(memcmp(oz, want + 100, 200) == 0, "xof %d copy taken mid-squeeze", kind);
        size_t l2 = join(A, a, B + b, c);
        if (kind == 0)
            kf_shake128(want, 300, AB, l2);
        else if (kind == 1)
            kf_turboshake256(want, 300, AB, l2, 0x0B);
        else
            kf_cshake128(want, 300, AB, l2, "N", 1, "S", 1);
        CHECK(memcmp(oy, want, 300) == 0, "xof %d copy taken mid-absorb", kind);
    }
}

static void test_copy_kmac(size_t a, size_t b, size_t c)
{
    static const uint8_t key[] = "a key of some length, 40 bytes long....";
    kf_kmac_ctx x, y;
    uint8_t tx[48], ty[48], want[48];
    CHECK(kf_kmac_init(&x, KF_V256, key, 40, "cust", 4) == KF_OK, "kf_kmac_init");
    kf_kmac_update(&x, A, a);
    y = x;
    kf_kmac_update(&x, B, b);
    kf_kmac_update(&y, B + b, c);
    kf_kmac_final(&x, tx, 48);
    kf_kmac_final(&y, ty, 48);
    kf_kmac256(want, 48, key, 40, AB, join(A, a, B, b), "cust", 4);
    CHECK(memcmp(tx, want, 48) == 0, "kmac original");
    kf_kmac256(want, 48, key, 40, AB, join(A, a, B + b, c), "cust", 4);
    CHECK(memcmp(ty, want, 48) == 0, "kmac copy");
}

static void test_copy_tuplehash(size_t a, size_t b, size_t c)
{
    kf_tuplehash_ctx x, y, w;
    uint8_t tx[32], ty[32], want[32];
    CHECK(kf_tuplehash_init(&x, KF_V128, "S", 1) == KF_OK, "kf_tuplehash_init");
    kf_tuplehash_add(&x, A, a);
    y = x;
    kf_tuplehash_add(&x, B, b);
    kf_tuplehash_add(&y, B + b, c);
    kf_tuplehash_final(&x, tx, 32);
    kf_tuplehash_final(&y, ty, 32);
    CHECK(kf_tuplehash_init(&w, KF_V128, "S", 1) == KF_OK, "kf_tuplehash_init");
    kf_tuplehash_add(&w, A, a);
    kf_tuplehash_add(&w, B, b);
    kf_tuplehash_final(&w, want, 32);
    CHECK(memcmp(tx, want, 32) == 0, "tuplehash original");
    CHECK(kf_tuplehash_init(&w, KF_V128, "S", 1) == KF_OK, "kf_tuplehash_init");
    kf_tuplehash_add(&w, A, a);
    kf_tuplehash_add(&w, B + b, c);
    kf_tuplehash_final(&w, want, 32);
    CHECK(memcmp(ty, want, 32) == 0, "tuplehash copy");
}

static void test_copy_parallelhash(size_t a, size_t b, size_t c, unsigned threads)
{
    kf_parallelhash_ctx x, y;
    uint8_t tx[64], ty[64], want[64];
    size_t blk = 64 + rnd_below(200);
    CHECK(kf_parallelhash_init(&x, KF_V256, blk, "S", 1) == KF_OK, "kf_parallelhash_init");
    kf_parallelhash_set_threads(&x, threads);
    kf_parallelhash_update(&x, A, a);
    y = x;
    kf_parallelhash_update(&x, B, b);
    kf_parallelhash_update(&y, B + b, c);
    kf_parallelhash_final(&x, tx, 64);
    kf_parallelhash_final(&y, ty, 64);
    kf_parallelhash(KF_V256, want, 64, AB, join(A, a, B, b), blk, "S", 1);
    CHECK(memcmp(tx, want, 64) == 0, "parallelhash original, B %zu, %u threads", blk, threads);
    kf_parallelhash(KF_V256, want, 64, AB, join(A, a, B + b, c), blk, "S", 1);
    CHECK(memcmp(ty, want, 64) == 0, "parallelhash copy, B %zu, %u threads", blk, threads);
}

static void test_copy_kt(size_t a, size_t b, size_t c, unsigned threads)
{
    for (int v = KF_KT128; v <= KF_KT256; v++) {
        kf_kt_ctx x, y, z;
        uint8_t ox[200], oy[200], oz[200], want[200];
        CHECK(kf_kt_init(&x, (kf_kt_variant)v) == KF_OK, "kf_kt_init");
        kf_kt_set_threads(&x, threads);
        kf_kt_update(&x, A, a);
        y = x;
        kf_kt_update(&x, B, b);
        kf_kt_update(&y, B + b, c);
        kf_kt_final(&x, "C", 1);
        kf_kt_final(&y, "C", 1);
        kf_kt_squeeze(&x, ox, 50);
        z = x;
        kf_kt_squeeze(&x, ox + 50, 150);
        kf_kt_squeeze(&z, oz, 150);
        kf_kt_squeeze(&y, oy, 200);
        size_t l1 = join(A, a, B, b);
        if (v == KF_KT128)
            kf_kt128(want, 200, AB, l1, "C", 1);
        else
            kf_kt256(want, 200, AB, l1, "C", 1);
        CHECK(memcmp(ox, want, 200) == 0, "kt%d original %zu+%zu", v, a, b);
        CHECK(memcmp(oz, want + 50, 150) == 0, "kt%d copy mid-squeeze", v);
        size_t l2 = join(A, a, B + b, c);
        if (v == KF_KT128)
            kf_kt128(want, 200, AB, l2, "C", 1);
        else
            kf_kt256(want, 200, AB, l2, "C", 1);
        CHECK(memcmp(oy, want, 200) == 0, "kt%d copy mid-absorb %zu+%zu", v, a, c);
    }
}

static void test_copy_batch(size_t a, size_t b)
{
    enum { N = 5 };
    kf_batch_ctx x, y, z;
    uint8_t ox[N][400], oy[N][400], oz[N][300], want[800];
    const uint8_t *in1[N], *in2[N];
    uint8_t *out_x[N], *out_y[N], *out_z[N];
    for (int i = 0; i < N; i++) {
        in1[i] = A + 7 * i;
        in2[i] = B + 11 * i;
        out_x[i] = ox[i];
        out_y[i] = oy[i];
        out_z[i] = oz[i];
    }
    CHECK(kf_batch_init(&x, KF_BATCH_SHAKE256, N) == KF_OK, "kf_batch_init");
    kf_batch_absorb(&x, in1, a);
    y = x;
    kf_batch_absorb(&x, in2, b);
    kf_batch_squeeze(&x, out_x, 100);
    z = x;
    kf_batch_squeeze(&x, out_x, 300); /* overwrites: ox[i] holds bytes 100..400 from here */
    kf_batch_squeeze(&z, out_z, 300);
    kf_batch_squeeze(&y, out_y, 400);
    for (int i = 0; i < N; i++) {
        kf_shake256(want, 400, AB, join(in1[i], a, in2[i], b));
        CHECK(memcmp(ox[i], want + 100, 300) == 0 && memcmp(oz[i], want + 100, 300) == 0,
              "batch instance %d: original and copy taken mid-squeeze", i);
        kf_shake256(want, 400, in1[i], a);
        CHECK(memcmp(oy[i], want, 400) == 0, "batch instance %d: copy taken mid-absorb", i);
    }
}

int main(void)
{
    rnd_bytes(A, sizeof A);
    rnd_bytes(B, sizeof B);
    test_version();
    test_ct_equal();
    test_kmac_verify();
    /* lengths across block (136/168 bytes) and KT chunk (8192) boundaries */
    static const size_t lens[] = {0, 1, 135, 136, 137, 500, 8191, 8192, 8193, 12000};
    const size_t nl = sizeof lens / sizeof lens[0];
    for (int round = 0; round < 40; round++) {
        size_t a = round < 10 ? lens[round] : rnd_below(MAXLEN / 2);
        size_t b = rnd_below(round < 20 ? 300 : MAXLEN / 2), c = rnd_below(MAXLEN / 2 - b);
        if (round < (int)nl) c = lens[nl - 1 - round] / 2;
        test_copy_hash(a, b, c);
        test_copy_xof(a, b, c);
        test_copy_kmac(a, b, c);
        test_copy_tuplehash(a, b, c);
        test_copy_parallelhash(a, b, c, 1 + (unsigned)(round % 2));
        test_copy_kt(a, b, c, 1 + (unsigned)(round % 2));
        test_copy_batch(a % 2000, b % 2000);
    }
    printf("test_api: version %s, %d failures\n", kf_version_string(), failures);
    return failures != 0;
}
