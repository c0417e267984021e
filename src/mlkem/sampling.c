/*
 * sampling.c - SampleNTT and SamplePolyCBD (FIPS 203 Alg. 7 and 8) on batched Keccak.
 *
 * The k^2 matrix entries are independent SHAKE128 streams and the noise polynomials
 * independent SHAKE256 streams, so they run as instances of kf_batch_ctx contexts (up to
 * KF_BATCH_MAX each): 4 or 8 states per permutation instead of one.
 */
#include "mlkem/sampling.h"
#include "mlkem/secret.h"

#include <string.h>

#define Q KF_MLKEM_Q
#define XOF_RATE KF_SHAKE128_RATE        /* 168 bytes, a multiple of 3 */
#define XOF_FIRST_BLOCKS 3               /* 504 bytes: 336 candidates, enough ~99% of the time */
#define PRF_MAX_BYTES (64 * 3)           /* PRF_3 output */

/* Rejection-sample 12-bit candidates from buf into c (Alg. 7 lines 5-14), from coefficient
 * n on; returns the new count (<= 256). Each 3-byte group gives two candidates; both are
 * stored unconditionally and the count moves past the accepted ones, so there is no branch
 * per candidate to mispredict (about one in five is rejected, at random). The store of a
 * candidate beyond the 256th lands in c's two slack entries. */
static unsigned reject_uniform(int16_t c[KF_MLKEM_N + 2], unsigned n, const uint8_t *buf, size_t len)
{
    for (size_t pos = 0; pos + 3 <= len && n < KF_MLKEM_N; pos += 3) {
        uint32_t t = (uint32_t)buf[pos] | (uint32_t)buf[pos + 1] << 8 | (uint32_t)buf[pos + 2] << 16;
        uint32_t d1 = t & 0xFFF, d2 = t >> 12;
        c[n] = (int16_t)d1;
        n += d1 < Q;
        c[n] = (int16_t)d2;
        n += (d2 < Q) & (n < KF_MLKEM_N);
    }
    return n;
}

/* SampleNTT for n <= KF_BATCH_MAX entries at once: out[i] from the 34-byte seeds[i]. */
static int sample_ntt_batch(kf_mlkem_poly *const out[], const uint8_t *const seeds[], unsigned n)
{
    uint8_t buf[KF_BATCH_MAX][XOF_FIRST_BLOCKS * XOF_RATE];
    int16_t coef[KF_BATCH_MAX][KF_MLKEM_N + 2];
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
            have[i] = reject_uniform(coef[i], have[i], buf[i], blocks * XOF_RATE);
            done += have[i] == KF_MLKEM_N;
        }
        if (done == n) break;
        blocks = 1; /* every instance squeezes; the finished ones ignore it */
    }
    for (unsigned i = 0; i < n; i++) memcpy(out[i]->c, coef[i], sizeof out[i]->c);
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
    struct {
        uint8_t in[MAXN][KF_MLKEM_SYM_BYTES + 1];
        uint8_t prf[MAXN][PRF_MAX_BYTES];
        kf_batch_ctx ctx;
    } sec;
    const uint8_t *inp[MAXN];
    uint8_t *outp[MAXN];
    int rc = KF_OK;
    if (n > MAXN) return KF_ERR_BAD_LENGTH;
    for (unsigned i = 0; i < n; i++) {
        memcpy(sec.in[i], seed, KF_MLKEM_SYM_BYTES);
        sec.in[i][KF_MLKEM_SYM_BYTES] = (uint8_t)(nonce0 + i);
        inp[i] = sec.in[i];
        outp[i] = sec.prf[i];
    }
    /* PRF_eta(s, b) = SHAKE256(s || b, 64 eta) (§4.1): the inputs all have 33 bytes, so
     * groups of KF_BATCH_MAX go through one incremental context each (no sorting by length
     * as the one-shot batch calls do), squeezing the longest output of the group. */
    for (unsigned first = 0; first < n && rc == KF_OK; first += KF_BATCH_MAX) {
        unsigned m = n - first < KF_BATCH_MAX ? n - first : KF_BATCH_MAX, eta_max = 2;
        for (unsigned i = first; i < first + m; i++)
            if (eta[i] > eta_max) eta_max = eta[i];
        rc = kf_batch_init(&sec.ctx, KF_BATCH_SHAKE256, m);
        if (rc == KF_OK) rc = kf_batch_absorb(&sec.ctx, inp + first, sizeof sec.in[0]);
        if (rc == KF_OK) rc = kf_batch_squeeze(&sec.ctx, outp + first, 64u * eta_max);
    }
    if (rc == KF_OK) {
        for (unsigned i = 0; i < n; i++) {
            if (eta[i] == 3) cbd3(out[i], sec.prf[i]);
            else cbd2(out[i], sec.prf[i]);
        }
    }
    kf_memzero(&sec, sizeof sec);
    return rc;
}
