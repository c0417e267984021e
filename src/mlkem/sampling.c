/*
 * sampling.c - SampleNTT and SamplePolyCBD (FIPS 203 Alg. 7 and 8) on batched Keccak.
 *
 * The k^2 matrix entries are independent SHAKE128 streams and the noise polynomials
 * independent SHAKE256 streams, so they run as instances of one kf_batch_ctx (or one
 * kf_shake256_batch call): 4 or 8 states per permutation instead of one.
 */
#include "mlkem/sampling.h"
#include "sponge/sponge.h" /* kf_memzero */

#include <string.h>

#define Q KF_MLKEM_Q
#define XOF_RATE KF_SHAKE128_RATE        /* 168 bytes, a multiple of 3 */
#define XOF_FIRST_BLOCKS 3               /* 504 bytes: 336 candidates, enough ~99% of the time */
#define PRF_MAX_BYTES (64 * 3)           /* PRF_3 output */

/* Rejection-sample 12-bit candidates from buf into p (Alg. 7 lines 5-14), starting at
 * coefficient *have; returns nothing, updates *have (<= 256). */
static void reject_uniform(kf_mlkem_poly *p, unsigned *have, const uint8_t *buf, size_t len)
{
    unsigned n = *have;
    for (size_t pos = 0; pos + 3 <= len && n < KF_MLKEM_N; pos += 3) {
        uint16_t d1 = (uint16_t)(buf[pos] | ((buf[pos + 1] & 0x0F) << 8));
        uint16_t d2 = (uint16_t)((buf[pos + 1] >> 4) | (buf[pos + 2] << 4));
        if (d1 < Q) p->c[n++] = (int16_t)d1;
        if (d2 < Q && n < KF_MLKEM_N) p->c[n++] = (int16_t)d2;
    }
    *have = n;
}

/* SampleNTT for n <= KF_BATCH_MAX entries at once: out[i] from the 34-byte seeds[i]. */
static int sample_ntt_batch(kf_mlkem_poly *const out[], const uint8_t *const seeds[], unsigned n)
{
    uint8_t buf[KF_BATCH_MAX][XOF_FIRST_BLOCKS * XOF_RATE];
    uint8_t *bufs[KF_BATCH_MAX];
    unsigned have[KF_BATCH_MAX];
    kf_batch_ctx ctx;
    int rc;
    for (unsigned i = 0; i < n; i++) {
        bufs[i] = buf[i];
        have[i] = 0;
    }
    if ((rc = kf_batch_init(&ctx, KF_BATCH_SHAKE128, n)) != KF_OK) return rc;
    if ((rc = kf_batch_absorb(&ctx, seeds, KF_MLKEM_SYM_BYTES + 2)) != KF_OK) return rc;
    size_t blocks = XOF_FIRST_BLOCKS;
    for (;;) {
        if ((rc = kf_batch_squeeze_blocks(&ctx, bufs, blocks)) != KF_OK) return rc;
        unsigned done = 0;
        for (unsigned i = 0; i < n; i++) {
            reject_uniform(out[i], &have[i], buf[i], blocks * XOF_RATE);
            done += have[i] == KF_MLKEM_N;
        }
        if (done == n) break;
        blocks = 1; /* every instance squeezes; the finished ones ignore it */
    }
    return KF_OK;
}

int kf_mlkem_gen_matrix(kf_mlkem_poly *a, const uint8_t rho[KF_MLKEM_SYM_BYTES], unsigned k,
                        int transposed)
{
    uint8_t seed[KF_MLKEM_K_MAX * KF_MLKEM_K_MAX][KF_MLKEM_SYM_BYTES + 2];
    unsigned total = k * k;
    for (unsigned i = 0; i < k; i++) {
        for (unsigned j = 0; j < k; j++) {
            uint8_t *s = seed[i * k + j];
            memcpy(s, rho, KF_MLKEM_SYM_BYTES);
            s[KF_MLKEM_SYM_BYTES] = (uint8_t)(transposed ? i : j);
            s[KF_MLKEM_SYM_BYTES + 1] = (uint8_t)(transposed ? j : i);
        }
    }
    /* near-equal groups of at most KF_BATCH_MAX: 4 -> 4, 9 -> 5 + 4, 16 -> 8 + 8 */
    unsigned groups = (total + KF_BATCH_MAX - 1) / KF_BATCH_MAX;
    unsigned first = 0;
    for (unsigned g = 0; g < groups; g++) {
        unsigned n = (total - first + (groups - g) - 1) / (groups - g);
        kf_mlkem_poly *out[KF_BATCH_MAX];
        const uint8_t *in[KF_BATCH_MAX];
        for (unsigned i = 0; i < n; i++) {
            out[i] = &a[first + i];
            in[i] = seed[first + i];
        }
        int rc = sample_ntt_batch(out, in, n);
        if (rc != KF_OK) return rc;
        first += n;
    }
    return KF_OK;
}

/* SamplePolyCBD_2 (Alg. 8, eta = 2) from 128 bytes: 4 bits per coefficient. */
static void cbd2(kf_mlkem_poly *p, const uint8_t *buf)
{
    for (unsigned i = 0; i < KF_MLKEM_N / 8; i++) {
        uint32_t t = (uint32_t)buf[4 * i] | (uint32_t)buf[4 * i + 1] << 8 |
                     (uint32_t)buf[4 * i + 2] << 16 | (uint32_t)buf[4 * i + 3] << 24;
        uint32_t d = (t & 0x55555555u) + ((t >> 1) & 0x55555555u); /* 2-bit sums of bit pairs */
        for (unsigned j = 0; j < 8; j++) {
            int16_t x = (int16_t)((d >> (4 * j)) & 3), y = (int16_t)((d >> (4 * j + 2)) & 3);
            p->c[8 * i + j] = (int16_t)(x - y);
        }
    }
}

/* SamplePolyCBD_3 from 192 bytes: 6 bits per coefficient. */
static void cbd3(kf_mlkem_poly *p, const uint8_t *buf)
{
    for (unsigned i = 0; i < KF_MLKEM_N / 4; i++) {
        uint32_t t = (uint32_t)buf[3 * i] | (uint32_t)buf[3 * i + 1] << 8 | (uint32_t)buf[3 * i + 2] << 16;
        uint32_t d = (t & 0x249249u) + ((t >> 1) & 0x249249u) + ((t >> 2) & 0x249249u);
        for (unsigned j = 0; j < 4; j++) {
            int16_t x = (int16_t)((d >> (6 * j)) & 7), y = (int16_t)((d >> (6 * j + 3)) & 7);
            p->c[4 * i + j] = (int16_t)(x - y);
        }
    }
}

int kf_mlkem_sample_cbd(kf_mlkem_poly *const out[], const unsigned eta[], unsigned n,
                        const uint8_t seed[KF_MLKEM_SYM_BYTES], uint8_t nonce0)
{
    enum { MAXN = 3 * KF_MLKEM_K_MAX }; /* keygen: 2k; encrypt: 2k + 1 */
    uint8_t in[MAXN][KF_MLKEM_SYM_BYTES + 1];
    uint8_t prf[MAXN][PRF_MAX_BYTES];
    const uint8_t *inp[MAXN] = {NULL};
    uint8_t *outp[MAXN] = {NULL};
    size_t inlen[MAXN] = {0};
    unsigned eta_max = 2;
    if (n > MAXN) return KF_ERR_BAD_LENGTH;
    for (unsigned i = 0; i < n; i++) {
        memcpy(in[i], seed, KF_MLKEM_SYM_BYTES);
        in[i][KF_MLKEM_SYM_BYTES] = (uint8_t)(nonce0 + i);
        inp[i] = in[i];
        outp[i] = prf[i];
        inlen[i] = sizeof in[i];
        if (eta[i] > eta_max) eta_max = eta[i];
    }
    /* PRF_eta(s, b) = SHAKE256(s || b, 64 eta) (§4.1); one length for the whole batch */
    int rc = kf_shake256_batch(outp, 64u * eta_max, inp, inlen, n);
    if (rc == KF_OK) {
        for (unsigned i = 0; i < n; i++) {
            if (eta[i] == 3) cbd3(out[i], prf[i]);
            else cbd2(out[i], prf[i]);
        }
    }
    kf_memzero(in, sizeof in);
    kf_memzero(prf, sizeof prf);
    return rc;
}
