/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_mlkem_simd.c - ML-KEM's AVX2 and AVX-512 arithmetic (src/mlkem/x86_64/) against the
 * portable C on random and extreme inputs: every SIMD function must give the portable output
 * bit for bit (poly_avx2.h), for every input its contract allows.
 *
 * NTT, inverse NTT, base multiplication (k = 2, 3, 4) and KeyGen's row of t^ in bytes (AVX2
 * and AVX-512), tomont, reduce, add, sub, ByteEncode_12
 * / ByteDecode_12, Compress_d / Decompress_d (d = 4, 5, 10, 11) and the message conversions,
 * Compress on every int16 value, rejection sampling (with the scalar finish of sampling.c, and
 * the AVX-512 VBMI2 chunks before the AVX2 ones where the CPU has them)
 * and CBD (eta 2, 3) against the definitions of FIPS 203 Alg. 7 and 8 written out here.
 * Skipped (exit 77) on a CPU without AVX2.
 */
#include "keccak/keccak_backend.h"
#include "mlkem/poly.h"
#include "mlkem/x86_64/poly_avx2.h"
#include "test_util.h"

#include <string.h>

#define N KF_MLKEM_N
#define Q KF_MLKEM_Q
#define TRIALS 2000

/* Uniform in [lo, hi], inclusive. */
static int16_t rnd_in(int lo, int hi)
{
    return (int16_t)(lo + (int)rnd_below((size_t)(hi - lo + 1)));
}

/* Random coefficients in [lo, hi]; one trial in 8 takes only the two ends (the extremes). */
static void rnd_poly(kf_mlkem_poly *p, int lo, int hi)
{
    int ends = rnd_below(8) == 0;
    for (unsigned i = 0; i < N; i++) p->c[i] = ends ? (int16_t)(rnd() & 1 ? lo : hi) : rnd_in(lo, hi);
}

static int same_poly(const kf_mlkem_poly *a, const kf_mlkem_poly *b)
{
    return memcmp(a->c, b->c, sizeof a->c) == 0;
}

static void test_ntt(void)
{
    kf_mlkem_poly x, y, z;
    for (int t = 0; t < TRIALS; t++) {
        rnd_poly(&x, -(Q - 1), Q - 1); /* |input| < q */
        y = x;
        z = x;
        kf_mlkem_poly_ntt_portable(&x);
        kf_mlkem_poly_ntt_avx2(&y);
        CHECK(same_poly(&x, &y), "NTT, trial %d", t);
        if (kf_mlkem_avx512_cpu()) {
            kf_mlkem_poly w;
            rnd_poly(&w, -(Q - 1), Q - 1);
            kf_mlkem_poly v = w, u = z;
            kf_mlkem_poly_ntt_avx512(&z);
            CHECK(same_poly(&x, &z), "AVX-512 NTT, trial %d", t);
            kf_mlkem_poly_ntt_portable(&v);
            kf_mlkem_poly_ntt2_avx512(&u, &w); /* two at once, as KeyGen's s_i and e_i */
            CHECK(same_poly(&x, &u) && same_poly(&v, &w), "AVX-512 NTT of two, trial %d", t);
        }
        rnd_poly(&x, -(Q - 1), Q - 1);
        y = x;
        kf_mlkem_poly_invntt_tomont_portable(&x);
        kf_mlkem_poly_invntt_tomont_avx2(&y);
        CHECK(same_poly(&x, &y), "inverse NTT, trial %d", t);
    }
}

static void test_basemul(void)
{
    kf_mlkem_poly a[KF_MLKEM_K_MAX], b[KF_MLKEM_K_MAX], r1, r2, e;
    for (int t = 0; t < TRIALS; t++) {
        unsigned k = 2 + (unsigned)rnd_below(3);
        for (unsigned l = 0; l < k; l++) {
            rnd_poly(&a[l], -4095, 4095); /* |a| < 2^12 */
            rnd_poly(&b[l], -(Q - 1), Q - 1);
        }
        kf_mlkem_polyvec_basemul_acc_portable(&r1, a, b, k);
        kf_mlkem_polyvec_basemul_acc_avx2(&r2, a, b, k);
        CHECK(same_poly(&r1, &r2), "basemul k=%u, trial %d", k, t);
        if (kf_mlkem_avx512_cpu()) {
            kf_mlkem_polyvec_basemul_acc_avx512(&r2, a, b, k);
            CHECK(same_poly(&r1, &r2), "AVX-512 basemul k=%u, trial %d", k, t);
        }
        /* with b's cache (KeyGen's s^, Encrypt's y^): another sum of the same residue, the
         * same centered value; the last trials take the extremes of both bounds, the sums'
         * largest magnitudes */
        if (t >= TRIALS - 4) {
            k = KF_MLKEM_K_MAX;
            for (unsigned l = 0; l < k; l++)
                for (unsigned i = 0; i < KF_MLKEM_N; i++) {
                    a[l].c[i] = (int16_t)((t & 1) ? 4095 : -4095);
                    b[l].c[i] = (int16_t)(((i + (unsigned)t / 2) & 1) ? Q - 1 : -(Q - 1));
                }
            kf_mlkem_polyvec_basemul_acc_portable(&r1, a, b, k);
        }
        kf_mlkem_poly m[KF_MLKEM_K_MAX];
        kf_mlkem_polyvec_mulcache_avx2(m, b, k);
        memset(&r2, 0x5A, sizeof r2);
        kf_mlkem_polyvec_basemul_acc_cached_avx2(&r2, a, b, m, k);
        CHECK(same_poly(&r1, &r2), "cached basemul k=%u, trial %d", k, t);
        /* a row of t^: the same b as s, e an NTT output */
        uint8_t o1[KF_MLKEM_POLY_BYTES], o2[KF_MLKEM_POLY_BYTES + 16];
        rnd_poly(&e, -(Q - 1) / 2, (Q - 1) / 2);
        kf_mlkem_row_tobytes_portable(o1, a, b, &e, k);
        memset(o2, 0xA5, sizeof o2);
        kf_mlkem_row_tobytes_avx2(o2, a, b, &e, k);
        CHECK(memcmp(o1, o2, sizeof o1) == 0, "row of t^ k=%u, trial %d", k, t);
        for (size_t i = sizeof o1; i < sizeof o2; i++)
            CHECK(o2[i] == 0xA5, "AVX2 row of t^ wrote past its 384 bytes, trial %d", t);
        memset(o2, 0xA5, sizeof o2);
        kf_mlkem_row_tobytes_cached_avx2(o2, a, b, m, &e, k);
        CHECK(memcmp(o1, o2, sizeof o1) == 0, "row of t^ with the cache k=%u, trial %d", k, t);
        if (kf_mlkem_avx512_cpu()) {
            memset(o2, 0xA5, sizeof o2);
            kf_mlkem_row_tobytes_avx512(o2, a, b, &e, k);
            CHECK(memcmp(o1, o2, sizeof o1) == 0, "AVX-512 row of t^ k=%u, trial %d", k, t);
            for (size_t i = sizeof o1; i < sizeof o2; i++)
                CHECK(o2[i] == 0xA5, "AVX-512 row of t^ wrote past its 384 bytes, trial %d", t);
        }
    }
}

static void test_coefficientwise(void)
{
    kf_mlkem_poly x, y, a;
    for (int t = 0; t < TRIALS; t++) {
        rnd_poly(&x, -32768, 32767);
        y = x;
        kf_mlkem_poly_tomont_portable(&x);
        kf_mlkem_poly_tomont_avx2(&y);
        CHECK(same_poly(&x, &y), "tomont, trial %d", t);
        rnd_poly(&x, -32768, 32767);
        y = x;
        kf_mlkem_poly_reduce_portable(&x);
        kf_mlkem_poly_reduce_avx2(&y);
        CHECK(same_poly(&x, &y), "reduce, trial %d", t);
        rnd_poly(&x, -32768, 32767);
        rnd_poly(&a, -32768, 32767);
        y = x;
        kf_mlkem_poly_add_portable(&x, &a);
        kf_mlkem_poly_add_avx2(&y, &a);
        CHECK(same_poly(&x, &y), "add, trial %d", t);
        y = x;
        kf_mlkem_poly_sub_portable(&x, &a);
        kf_mlkem_poly_sub_avx2(&y, &a);
        CHECK(same_poly(&x, &y), "sub, trial %d", t);
    }
}

/* Every int16 value through the Barrett reduction, ByteEncode_12, Compress_d (d = 4, 5, 10,
 * 11) and Compress_1: 256 polynomials of consecutive values. Encoders must also write nothing
 * past their end. */
static void test_every_value(void)
{
    static const unsigned ds[] = {4, 5, 10, 11};
    kf_mlkem_poly p;
    uint8_t o1[KF_MLKEM_POLY_BYTES + 32], o2[KF_MLKEM_POLY_BYTES + 32];
    for (int base = -32768; base < 32768; base += N) {
        for (unsigned i = 0; i < N; i++) p.c[i] = (int16_t)(base + (int)i);
        memset(o1, 0xA5, sizeof o1);
        memset(o2, 0xA5, sizeof o2);
        kf_mlkem_poly_tobytes_portable(o1, &p);
        kf_mlkem_poly_tobytes_avx2(o2, &p);
        CHECK(memcmp(o1, o2, sizeof o1) == 0, "ByteEncode_12 of %d..%d", base, base + N - 1);
        if (kf_mlkem_avx512_cpu()) {
            memset(o2, 0xA5, sizeof o2);
            kf_mlkem_poly_tobytes_avx512(o2, &p);
            CHECK(memcmp(o1, o2, sizeof o1) == 0, "ByteEncode_12 (AVX-512) of %d..%d", base, base + N - 1);
        }
        for (unsigned j = 0; j < 4; j++) {
            memset(o2, 0xA5, sizeof o2);
            kf_mlkem_poly_compress_portable(o1, &p, ds[j]);
            kf_mlkem_poly_compress_avx2(o2, &p, ds[j]);
            CHECK(memcmp(o1, o2, 32 * ds[j]) == 0, "Compress_%u of %d..%d", ds[j], base, base + N - 1);
            CHECK(o2[32 * ds[j]] == 0xA5, "Compress_%u writes past its end", ds[j]);
        }
        kf_mlkem_poly r1 = p, r2 = p; /* the Barrett reduction itself, for every int16 */
        kf_mlkem_poly_reduce_portable(&r1);
        kf_mlkem_poly_reduce_avx2(&r2);
        CHECK(same_poly(&r1, &r2), "Barrett reduction of %d..%d", base, base + N - 1);
        memset(o2, 0xA5, sizeof o2);
        kf_mlkem_poly_tomsg_portable(o1, &p);
        kf_mlkem_poly_tomsg_avx2(o2, &p);
        CHECK(memcmp(o1, o2, 32) == 0 && o2[32] == 0xA5, "Compress_1 of %d..%d", base, base + N - 1);
    }
}

static void test_decoders(void)
{
    static const unsigned ds[] = {4, 5, 10, 11};
    kf_mlkem_poly x, y;
    uint8_t in[KF_MLKEM_POLY_BYTES];
    for (int t = 0; t < TRIALS; t++) {
        rnd_bytes(in, sizeof in);
        kf_mlkem_poly_frombytes_portable(&x, in);
        kf_mlkem_poly_frombytes_avx2(&y, in);
        CHECK(same_poly(&x, &y), "ByteDecode_12, trial %d", t);
        if (kf_mlkem_avx512_cpu()) {
            memset(&y, 0x5A, sizeof y);
            kf_mlkem_poly_frombytes_avx512(&y, in);
            CHECK(same_poly(&x, &y), "ByteDecode_12 (AVX-512), trial %d", t);
        }
        for (unsigned j = 0; j < 4; j++) {
            kf_mlkem_poly_decompress_portable(&x, in, ds[j]);
            kf_mlkem_poly_decompress_avx2(&y, in, ds[j]);
            CHECK(same_poly(&x, &y), "Decompress_%u, trial %d", ds[j], t);
        }
        kf_mlkem_poly_frommsg_portable(&x, in);
        kf_mlkem_poly_frommsg_avx2(&y, in);
        CHECK(same_poly(&x, &y), "Decompress_1 (message), trial %d", t);
    }
    /* The decoders read only their own bytes: inputs that end at the end of a buffer (the
     * last polynomial of a ciphertext or key) come out right, under ASan without reports. */
    for (unsigned j = 0; j < 4; j++) {
        uint8_t *end = in + sizeof in - 32 * ds[j];
        kf_mlkem_poly_decompress_portable(&x, end, ds[j]);
        kf_mlkem_poly_decompress_avx2(&y, end, ds[j]);
        CHECK(same_poly(&x, &y), "Decompress_%u at the end of a buffer", ds[j]);
    }
}

/* Alg. 7 lines 5-14 on 3-byte groups, from coefficient n on; returns the new count. */
static unsigned reject_reference(int16_t *c, unsigned n, const uint8_t *b, size_t len)
{
    for (size_t pos = 0; pos + 3 <= len && n < N; pos += 3) {
        unsigned d1 = b[pos] | (b[pos + 1] & 15u) << 8, d2 = b[pos + 1] >> 4 | (unsigned)b[pos + 2] << 4;
        if (d1 < Q) c[n++] = (int16_t)d1;
        if (d2 < Q && n < N) c[n++] = (int16_t)d2;
    }
    return n;
}

static void test_rejection(void)
{
    int avx512_trials = 0;
    uint8_t buf[3 * 168 + 24];
    int16_t c1[N], c2[N];
    for (int t = 0; t < 4 * TRIALS; t++) {
        size_t len = 3 * rnd_below(sizeof buf / 3 + 1);
        unsigned n0 = (unsigned)rnd_below(N + 1), n1, n2;
        rnd_bytes(buf, sizeof buf);
        /* some trials mostly rejected (high bytes), some never (low second nibbles) */
        if (t % 4 == 1)
            for (size_t i = 0; i < sizeof buf; i++) buf[i] |= 0xC0;
        if (t % 4 == 2)
            for (size_t i = 0; i < sizeof buf; i += 3) buf[i + 1] &= 0x0B, buf[i + 2] &= 0x7F;
        for (unsigned i = 0; i < N; i++) c1[i] = c2[i] = (int16_t)(-1 - (int)i);
        n1 = reject_reference(c1, n0, buf, len);
        n2 = n0;
        size_t used = kf_mlkem_rej_uniform_avx2(c2, &n2, buf, len);
        CHECK(used % 24 == 0 && used <= len && n2 <= N, "rejection: %zu bytes used of %zu", used, len);
        n2 = reject_reference(c2, n2, buf + used, len - used); /* sampling.c's scalar finish */
        /* entries from the count on are scratch (the AVX2 code stores 8 at a time) */
        CHECK(n1 == n2 && memcmp(c1, c2, n1 * sizeof c1[0]) == 0, "rejection, len %zu, from %u: %u vs %u", len,
              n0, n1, n2);
        if (!kf_mlkem_avx512_cpu()) continue;
        /* sampling.c's order on CPUs with VBMI2: AVX-512 48-byte chunks, AVX2, scalar */
        for (unsigned i = 0; i < N; i++) c2[i] = (int16_t)(-1 - (int)i);
        n2 = n0;
        size_t used512 = kf_mlkem_rej_uniform_avx512(c2, &n2, buf, len);
        CHECK(used512 % 48 == 0 && used512 <= len && n2 <= N, "rejection 512: %zu bytes used of %zu", used512, len);
        used = kf_mlkem_rej_uniform_avx2(c2, &n2, buf + used512, len - used512);
        n2 = reject_reference(c2, n2, buf + used512 + used, len - used512 - used);
        CHECK(n1 == n2 && memcmp(c1, c2, n1 * sizeof c1[0]) == 0, "rejection 512, len %zu, from %u: %u vs %u",
              len, n0, n1, n2);
        avx512_trials++;
    }
    printf("rejection: AVX-512 VBMI2 path %s (%d trials)\n", avx512_trials ? "tested" : "not run on this CPU",
           avx512_trials);
}

/* Instance i's 21 words of n interleaved states (random), biased by trial t (mostly rejected,
 * mostly accepted or as drawn), and the same 168 bytes as one block for the reference. */
static void lane_block(uint64_t *words, unsigned n, unsigned i, uint8_t block[168], int t)
{
    for (unsigned j = 0; j < 21; j++) {
        uint64_t w = words[j * n + i];
        if (t % 5 == 1) w |= 0xF0F0F0F0F0F0F0F0ull;  /* mostly rejected */
        if (t % 5 == 2) w &= 0x0B7F0B7F0B7F0B7Full; /* mostly accepted */
        words[j * n + i] = w;
        for (unsigned b = 0; b < 8; b++) block[8 * j + b] = (uint8_t)(w >> (8 * b));
    }
}

/* The in-place kernel on one SHAKE128 block of every instance of n interleaved states
 * (keccak_xn_lanes.h's layout): the same coefficients as the reference on the lane's bytes,
 * from any count on, and not one entry written past the new count. */
static void test_rejection_in_lanes(void)
{
    static const unsigned widths[] = {2, 4, 8};
    _Alignas(64) uint64_t words[25 * 8];
    uint8_t block[168];
    int16_t c1[N], c2[N];
    int trials = 0;
    if (!kf_mlkem_avx512_cpu()) {
        printf("rejection in the lanes: not run on this CPU (no AVX-512 VBMI2)\n");
        return;
    }
    for (int t = 0; t < 2 * TRIALS; t++) {
        unsigned n = widths[t % 3], i = (unsigned)rnd_below(n), n0 = (unsigned)rnd_below(N + 1);
        rnd_bytes((uint8_t *)words, sizeof words);
        lane_block(words, n, i, block, t);
        if (t % 5 == 3) n0 = N - (unsigned)rnd_below(40); /* the polynomial fills up in the block */
        for (unsigned k = 0; k < N; k++) c1[k] = c2[k] = (int16_t)(-1 - (int)k);
        unsigned n1 = reject_reference(c1, n0, block, sizeof block);
        unsigned n2 = kf_mlkem_rej_block_xn_avx512(c2, n0, words, n, i);
        CHECK(n1 == n2 && memcmp(c1, c2, sizeof c1) == 0, "rejection in lane %u of %u, from %u: %u vs %u", i, n,
              n0, n1, n2);
        trials++;
    }
    printf("rejection in the lanes: %d trials\n", trials);
}

/* The AVX2 in-place kernel (kf_mlkem_rej_words_avx2) on the first len bytes of one block of
 * instance i of n interleaved states, then sampling.c's scalar finish on the bytes it left:
 * the reference's coefficients and count, from any count on (the whole block's chunks read
 * before the first store, and the 24-byte chunks one by one for a shorter len). */
static void test_rejection_words(void)
{
    static const unsigned widths[] = {2, 3, 4, 5, 8, 9};
    uint64_t words[25 * 9];
    uint8_t block[168];
    int16_t c1[N], c2[N];
    int trials = 0;
    for (int t = 0; t < 3 * TRIALS; t++) {
        unsigned n = widths[t % 6], i = (unsigned)rnd_below(n), n0 = (unsigned)rnd_below(N + 1);
        size_t len = t % 7 == 6 ? 24 * rnd_below(7) + 3 * rnd_below(8) : sizeof block;
        rnd_bytes((uint8_t *)words, sizeof words);
        lane_block(words, n, i, block, t);
        if (t % 5 == 3) n0 = N - (unsigned)rnd_below(120); /* the polynomial fills up in the block */
        for (unsigned k = 0; k < N; k++) c1[k] = c2[k] = (int16_t)(-1 - (int)k);
        unsigned n1 = reject_reference(c1, n0, block, len), n2 = n0;
        size_t used = kf_mlkem_rej_words_avx2(c2, &n2, words, n, i, len);
        CHECK(used % 24 == 0 && used <= len && n2 <= N && (n2 == N || used + 24 > len),
              "rejection in words: %zu bytes used of %zu, count %u", used, len, n2);
        n2 = reject_reference(c2, n2, block + used, len - used);
        CHECK(n1 == n2 && memcmp(c1, c2, n1 * sizeof c1[0]) == 0,
              "rejection in words, lane %u of %u, len %zu, from %u: %u vs %u", i, n, len, n0, n1, n2);
        trials++;
    }
    printf("rejection in the words (AVX2): %d trials\n", trials);
}

/* Alg. 8: coefficient i = sum of eta bits - sum of the next eta bits, from bit 2 eta i. */
static void cbd_reference(kf_mlkem_poly *p, const uint8_t *b, unsigned eta)
{
    for (unsigned i = 0; i < N; i++) {
        int x = 0, y = 0;
        for (unsigned j = 0; j < eta; j++) {
            unsigned bx = 2 * eta * i + j, by = bx + eta;
            x += b[bx / 8] >> (bx % 8) & 1;
            y += b[by / 8] >> (by % 8) & 1;
        }
        p->c[i] = (int16_t)(x - y);
    }
}

static void test_cbd(void)
{
    uint8_t buf[192];
    kf_mlkem_poly x, y;
    for (int t = 0; t < TRIALS; t++) {
        rnd_bytes(buf, sizeof buf);
        if (t == 0) memset(buf, 0xFF, sizeof buf);
        cbd_reference(&x, buf, 2);
        kf_mlkem_cbd2_avx2(&y, buf);
        CHECK(same_poly(&x, &y), "CBD eta=2, trial %d", t);
        if (kf_mlkem_avx512_cpu()) {
            kf_mlkem_cbd2_avx512(&y, buf);
            CHECK(same_poly(&x, &y), "AVX-512 CBD eta=2, trial %d", t);
        }
        cbd_reference(&x, buf, 3);
        kf_mlkem_cbd3_avx2(&y, buf);
        CHECK(same_poly(&x, &y), "CBD eta=3, trial %d", t);
        if (kf_mlkem_avx512_cpu()) {
            kf_mlkem_cbd3_avx512(&y, buf);
            CHECK(same_poly(&x, &y), "AVX-512 CBD eta=3, trial %d", t);
        }
    }
}

int main(void)
{
    if (!(kf_cpu_features() & KF_CPU_AVX2)) {
        puts("test_mlkem_simd: no AVX2 on this CPU: skipped");
        return 77;
    }
    test_ntt();
    printf("NTT: AVX-512 path %s\n", kf_mlkem_avx512_cpu() ? "tested" : "not run on this CPU");
    test_basemul();
    printf("basemul, row of t^: AVX-512 path %s\n", kf_mlkem_avx512_cpu() ? "tested" : "not run on this CPU");
    test_coefficientwise();
    test_every_value();
    test_decoders();
    printf("ByteEncode_12 / ByteDecode_12: AVX-512 VBMI path %s\n",
           kf_mlkem_avx512_cpu() ? "tested" : "not run on this CPU");
    test_rejection();
    test_rejection_in_lanes();
    test_rejection_words();
    test_cbd();
    printf("CBD: AVX-512 BITALG path %s\n", kf_mlkem_avx512_cpu() ? "tested" : "not run on this CPU");
    if (failures) {
        printf("test_mlkem_simd: %d failures\n", failures);
        return 1;
    }
    puts("test_mlkem_simd: all AVX2 and AVX-512 functions match the portable ones");
    return 0;
}
