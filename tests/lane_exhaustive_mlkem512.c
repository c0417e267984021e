/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM's AVX-512 lane kernels over their whole input domains against the portable (proved)
 * functions, lane by lane (tests/test_lane_exhaustive.c): the 32-lane reductions of
 * src/mlkem/x86_64/reduce_avx512.h, which the AVX-512 NTT, base multiplication, row of t^ and
 * encoders inline, and SampleNTT's per-candidate test in both AVX-512 rejection kernels
 * (sampling_avx512.c). Built with the flags of src/mlkem/x86_64/'s AVX-512 files (its own
 * translation unit: reduce_avx512.h is never included beside reduce_avx2.h); called only where
 * kf_mlkem_avx512_cpu() says the CPU runs them.
 */
#include "mlkem/arith.h"
#include "mlkem/poly.h"
#include "mlkem/x86_64/poly_avx2.h"
#include "mlkem/x86_64/reduce_avx512.h"
#include "lane_exhaustive.h"

#include <string.h>

#define NN KF_MLKEM_N

static int16_t canonical_ref(int16_t x)
{
    int16_t r = kf_mlkem_barrett_reduce(x);
    return (int16_t)(r < 0 ? r + Q : r);
}

/* barrett, to_canonical: every int16; fqmul (two variable factors) and fqmul_pre (a constant
 * factor b with bq = b q^-1 mod 2^16, the NTTs' zetas): every int16 a against b over the
 * reduced range |b| <= (q-1)/2, which holds every constant the kernels multiply by (all 2^32
 * pairs with --slow), against montgomery_reduce(a b) */
static int reductions(int slow)
{
    int fails = 0;
    double t0 = lane_now();
    long bad = 0, bad2 = 0;
    for (int32_t x = -32768; x < 32768; x += 32) {
        int16_t in[32], o1[32], o2[32];
        for (int i = 0; i < 32; i++) in[i] = (int16_t)(x + i);
        __m512i v = _mm512_loadu_si512((const void *)in);
        _mm512_storeu_si512((void *)o1, barrett(v));
        _mm512_storeu_si512((void *)o2, to_canonical(v));
        for (int i = 0; i < 32; i++) {
            if (o1[i] != kf_mlkem_barrett_reduce(in[i]) && !bad++)
                printf("barrett(%d): avx512 %d, portable %d\n", in[i], o1[i], kf_mlkem_barrett_reduce(in[i]));
            if (o2[i] != canonical_ref(in[i]) && !bad2++)
                printf("to_canonical(%d): avx512 %d, portable %d\n", in[i], o2[i], canonical_ref(in[i]));
        }
    }
    LANE_REPORT("ML-KEM barrett (reduce_avx512.h)", 65536, bad, t0);
    LANE_REPORT("ML-KEM to_canonical (reduce_avx512.h)", 65536, bad2, t0);
    fails += bad != 0 || bad2 != 0;

    t0 = lane_now();
    bad = bad2 = 0;
    static int16_t all[65536];
    for (int i = 0; i < 65536; i++) all[i] = (int16_t)(i - 32768);
    const int32_t blim = slow ? 32768 : (Q - 1) / 2 + 1;
    uint64_t pairs = 0;
    for (int32_t b = -blim; b < blim && b < 32768; b++) {
        pairs += 65536;
        const __m512i vb = _mm512_set1_epi16((int16_t)b);
        const __m512i vbq = _mm512_set1_epi16((int16_t)(uint16_t)((uint32_t)b * (uint16_t)KF_MLKEM_QINV));
        for (int j = 0; j < 65536; j += 32) {
            int16_t o1[32], o2[32];
            const __m512i va = _mm512_loadu_si512((const void *)(all + j));
            _mm512_storeu_si512((void *)o1, fqmul(va, vb));
            _mm512_storeu_si512((void *)o2, fqmul_pre(va, vb, vbq));
            for (int i = 0; i < 32; i++) {
                /* beyond the portable fqmul's proved |a b| < q 2^15 the kernels must still give
                 * Montgomery's formula, which is what the C computes */
                int16_t ref = kf_mlkem_montgomery_reduce((int32_t)all[j + i] * b);
                if (o1[i] != ref && !bad++) printf("fqmul(%d, %d): avx512 %d, portable %d\n", all[j + i], b, o1[i], ref);
                if (o2[i] != ref && !bad2++)
                    printf("fqmul_pre(%d, %d): avx512 %d, portable %d\n", all[j + i], b, o2[i], ref);
            }
        }
    }
    LANE_REPORT(slow ? "ML-KEM fqmul (reduce_avx512.h), every pair" : "ML-KEM fqmul, |b| <= (q-1)/2 (all: slow)",
                pairs, bad, t0);
    LANE_REPORT(slow ? "ML-KEM fqmul_pre (reduce_avx512.h), every pair" : "ML-KEM fqmul_pre, |b| <= (q-1)/2",
                pairs, bad2, t0);
    fails += bad != 0 || bad2 != 0;
    return fails;
}

/* FIPS 203 Alg. 7 lines 5-14 on buf's 3-byte groups, candidate by candidate (sampling.c's
 * reject_uniform), from count n, until 256 */
static unsigned reject_ref(int16_t *c, unsigned n, const uint8_t *buf, size_t groups)
{
    for (size_t k = 0; k < groups && n < NN; k++) {
        uint32_t t = (uint32_t)buf[3 * k] | (uint32_t)buf[3 * k + 1] << 8 | (uint32_t)buf[3 * k + 2] << 16;
        uint32_t d1 = t & 0xFFF, d2 = t >> 12;
        if (d1 < Q) c[n++] = (int16_t)d1;
        if (d2 < Q && n < NN) c[n++] = (int16_t)d2;
    }
    return n;
}

/* SampleNTT's test in kf_mlkem_rej_uniform_avx512 (a buffer, 16 groups a 48-byte step): every
 * 3-byte group at each of the 16 positions of a step; in kf_mlkem_rej_block_xn_avx512 (a
 * SHAKE128 block read from a Keccak state's lanes): every group at each of the block's 56
 * positions, with the block in instance 1 of 2 interleaved states (the other one all ones) */
static int rejection(void)
{
    int fails = 0;
    double t0 = lane_now();
    long bad = 0;
    for (uint32_t shift = 0; shift < 16; shift++) {
        for (uint32_t g0 = 0; g0 < (1u << 24); g0 += 80) {
            uint8_t buf[3 * 80 + 64] = {0};
            lane_fill_groups(buf, g0, shift);
            int16_t c1[NN], c2[NN];
            unsigned n1 = reject_ref(c1, 0, buf, 80), n2 = 0;
            size_t used = kf_mlkem_rej_uniform_avx512(c2, &n2, buf, 3 * 80);
            n2 = reject_ref(c2, n2, buf + used, (3 * 80 - used) / 3); /* sampling.c's scalar finish */
            if ((used % 48 || n2 != n1 || memcmp(c1, c2, n1 * sizeof c1[0])) && !bad++)
                printf("rej_uniform_avx512 from group %u shift %u: used %zu, %u accepted against %u\n", g0, shift,
                       used, n2, n1);
        }
    }
    LANE_REPORT("ML-KEM SampleNTT test (rej_uniform_avx512)", 16ull << 24, bad, t0);
    fails += bad != 0;

    t0 = lane_now();
    bad = 0;
    for (uint32_t shift = 0; shift < 56; shift++) {
        for (uint32_t g0 = 0; g0 < (1u << 24); g0 += 56) {
            uint8_t blk[168];
            uint64_t words[2 * 25];
            for (uint32_t k = 0; k < 56; k++) {
                uint32_t g = (g0 + k + shift) & 0xFFFFFF;
                blk[3 * k] = (uint8_t)g;
                blk[3 * k + 1] = (uint8_t)(g >> 8);
                blk[3 * k + 2] = (uint8_t)(g >> 16);
            }
            memset(words, 0xFF, sizeof words);
            for (unsigned w = 0; w < 21; w++) {
                uint64_t x = 0;
                for (unsigned t = 0; t < 8; t++) x |= (uint64_t)blk[8 * w + t] << (8 * t);
                words[2 * w + 1] = x;
            }
            int16_t c1[NN], c2[NN];
            unsigned n1 = reject_ref(c1, 0, blk, 56);
            unsigned n2 = kf_mlkem_rej_block_xn_avx512(c2, 0, words, 2, 1);
            if ((n2 != n1 || memcmp(c1, c2, n1 * sizeof c1[0])) && !bad++)
                printf("rej_block_xn_avx512 from group %u shift %u: %u accepted against %u\n", g0, shift, n2, n1);
        }
    }
    LANE_REPORT("ML-KEM SampleNTT test (rej_block_xn_avx512)", 56ull << 24, bad, t0);
    fails += bad != 0;
    return fails;
}

int lane_mlkem_avx512(int slow)
{
    if (!kf_mlkem_avx512_cpu()) {
        printf("%-48s not run on this CPU\n", "ML-KEM AVX-512 lanes (reduce_avx512.h, rej_*_avx512)");
        return 0;
    }
    return reductions(slow) + rejection();
}
