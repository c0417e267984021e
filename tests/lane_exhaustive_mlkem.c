/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM's AVX2 lane kernels over their whole input domains against the portable (proved)
 * functions, lane by lane (tests/test_lane_exhaustive.c). Built with -mavx2: it inlines the
 * 16-bit lane reductions of src/mlkem/x86_64/reduce_avx2.h; called only on an AVX2 CPU.
 */
#include "mlkem/poly.h"
#include "mlkem/x86_64/poly_avx2.h"
#include "mlkem/x86_64/reduce_avx2.h"
#include "lane_exhaustive.h"

#include <string.h>

#define NN KF_MLKEM_N

static int16_t canonical_ref(int16_t x)
{
    int16_t r = kf_mlkem_barrett_reduce(x);
    return (int16_t)(r < 0 ? r + Q : r);
}

/* barrett, to_canonical: every int16; fqmul: every (int16, int16) pair, 2^32, 16 lanes a
 * vector (a fixed per call, b running over all 2^16 values) against montgomery_reduce(a b);
 * without KF_SLOW_TESTS (--slow) a only over the reduced range |a| <= (q-1)/2, which holds
 * every constant the kernels multiply by (zetas, R^2, the inverse NTT's factor), 2^27.7 pairs */
int lane_mlkem_kernels(int slow)
{
    int fails = 0;
    double t0 = lane_now();
    long bad = 0, bad2 = 0;
    for (int32_t x = -32768; x < 32768; x += 16) {
        int16_t in[16], o1[16], o2[16];
        for (int i = 0; i < 16; i++) in[i] = (int16_t)(x + i);
        __m256i v = _mm256_loadu_si256((const __m256i *)in);
        _mm256_storeu_si256((__m256i *)o1, barrett(v));
        _mm256_storeu_si256((__m256i *)o2, to_canonical(v));
        for (int i = 0; i < 16; i++) {
            if (o1[i] != kf_mlkem_barrett_reduce(in[i]) && !bad++)
                printf("barrett(%d): avx2 %d, portable %d\n", in[i], o1[i], kf_mlkem_barrett_reduce(in[i]));
            if (o2[i] != canonical_ref(in[i]) && !bad2++)
                printf("to_canonical(%d): avx2 %d, portable %d\n", in[i], o2[i], canonical_ref(in[i]));
        }
    }
    LANE_REPORT("ML-KEM barrett (reduce_avx2.h)", 65536, bad, t0);
    LANE_REPORT("ML-KEM to_canonical (reduce_avx2.h)", 65536, bad2, t0);
    fails += bad != 0 || bad2 != 0;

    t0 = lane_now();
    bad = 0;
    static int16_t all[65536];
    for (int i = 0; i < 65536; i++) all[i] = (int16_t)(i - 32768);
    const int32_t alim = slow ? 32768 : (Q - 1) / 2 + 1;
    uint64_t pairs = 0;
    for (int32_t a = -alim; a < alim && a < 32768; a++) {
        pairs += 65536;
        const __m256i va = _mm256_set1_epi16((int16_t)a);
        for (int j = 0; j < 65536; j += 16) {
            int16_t o[16];
            _mm256_storeu_si256((__m256i *)o, fqmul(va, _mm256_loadu_si256((const __m256i *)(all + j))));
            for (int i = 0; i < 16; i++) {
                /* the portable fqmul takes |a b| < q 2^15 (its proved contract); beyond it the
                 * lane kernel must still give montgomery's formula, which is what the C computes */
                int16_t ref = kf_mlkem_montgomery_reduce((int32_t)a * all[j + i]);
                if (o[i] != ref && !bad++)
                    printf("fqmul(%d, %d): avx2 %d, portable %d\n", a, all[j + i], o[i], ref);
            }
        }
    }
    LANE_REPORT(slow ? "ML-KEM fqmul (reduce_avx2.h), every pair" : "ML-KEM fqmul, |a| <= (q-1)/2 (all: slow)",
                pairs, bad, t0);
    fails += bad != 0;
    return fails;
}

/* the poly-level kernels, 256 lanes a call: reduce and tomont on every int16; Compress_d for
 * d = 1 (tomsg), 4, 5, 10, 11 on every int16; Decompress_d on every d-bit value, d = 1
 * (frommsg), 4, 5, 10, 11; SampleNTT's per-candidate test on every 3-byte group (2^24 groups,
 * each at every position of the kernel's 8-group chunk) */
int lane_mlkem_poly(void)
{
    int fails = 0;
    double t0 = lane_now();
    long bad = 0;
    for (int32_t x = -32768; x < 32768; x += NN) {
        kf_mlkem_poly p, r1, r2;
        for (int i = 0; i < NN; i++) p.c[i] = (int16_t)(x + i);
        r1 = r2 = p;
        kf_mlkem_poly_reduce_portable(&r1);
        kf_mlkem_poly_reduce_avx2(&r2);
        bad += memcmp(&r1, &r2, sizeof r1) != 0;
        r1 = r2 = p;
        kf_mlkem_poly_tomont_portable(&r1);
        kf_mlkem_poly_tomont_avx2(&r2);
        bad += memcmp(&r1, &r2, sizeof r1) != 0;
    }
    LANE_REPORT("ML-KEM poly reduce, tomont", 2 * 65536, bad, t0);
    fails += bad != 0;

    static const unsigned ds[] = {4, 5, 10, 11};
    t0 = lane_now();
    bad = 0;
    for (int32_t x = -32768; x < 32768; x += NN) {
        kf_mlkem_poly p;
        uint8_t o1[32 * 11], o2[32 * 11];
        for (int i = 0; i < NN; i++) p.c[i] = (int16_t)(x + i);
        for (unsigned j = 0; j < 4; j++) {
            kf_mlkem_poly_compress_portable(o1, &p, ds[j]);
            kf_mlkem_poly_compress_avx2(o2, &p, ds[j]);
            if (memcmp(o1, o2, 32 * ds[j]) && !bad++) printf("compress_%u from %d\n", ds[j], x);
        }
        kf_mlkem_poly_tomsg_portable(o1, &p);
        kf_mlkem_poly_tomsg_avx2(o2, &p);
        if (memcmp(o1, o2, 32) && !bad++) printf("compress_1 from %d\n", x);
    }
    LANE_REPORT("ML-KEM Compress_d, d = 1, 4, 5, 10, 11", 5 * 65536, bad, t0);
    fails += bad != 0;

    t0 = lane_now();
    bad = 0;
    uint64_t inputs = 0;
    for (unsigned j = 0; j < 4; j++) {
        const unsigned d = ds[j];
        for (uint32_t y0 = 0; y0 < (1u << d); y0 += NN) {
            /* ByteEncode_d of the values y0 .. y0 + 255 (mod 2^d), then both decoders */
            uint8_t in[32 * 11] = {0};
            for (unsigned i = 0; i < NN; i++) {
                uint32_t y = (y0 + i) & ((1u << d) - 1);
                for (unsigned b = 0; b < d; b++) in[(i * d + b) / 8] |= (uint8_t)(((y >> b) & 1) << ((i * d + b) % 8));
            }
            kf_mlkem_poly r1, r2;
            kf_mlkem_poly_decompress_portable(&r1, in, d);
            kf_mlkem_poly_decompress_avx2(&r2, in, d);
            if (memcmp(&r1, &r2, sizeof r1) && !bad++) printf("decompress_%u from %u\n", d, y0);
            inputs += NN < (1u << d) ? NN : (1u << d);
        }
    }
    for (unsigned m = 0; m < 256; m++) { /* Decompress_1: every bit in every lane */
        uint8_t msg[32];
        memset(msg, (int)m, sizeof msg);
        kf_mlkem_poly r1, r2;
        kf_mlkem_poly_frommsg_portable(&r1, msg);
        kf_mlkem_poly_frommsg_avx2(&r2, msg);
        if (memcmp(&r1, &r2, sizeof r1) && !bad++) printf("decompress_1 of byte %u\n", m);
    }
    LANE_REPORT("ML-KEM Decompress_d, d = 1, 4, 5, 10, 11", inputs + 2, bad, t0);
    fails += bad != 0;

    /* and the portable functions themselves against FIPS 203's definitions (§4.2.1), on their
     * whole domains: Compress_d(x) = round(2^d x / q) mod 2^d for x in [0, q), Decompress_d(y)
     * = round(q y / 2^d) for y < 2^d (the proofs bound their ranges; this pins their values) */
    t0 = lane_now();
    bad = 0;
    static const unsigned dd[] = {1, 4, 5, 10, 11};
    for (unsigned j = 0; j < 5; j++) {
        const unsigned d = dd[j];
        for (int32_t x0 = 0; x0 < Q; x0 += NN) {
            kf_mlkem_poly p;
            uint8_t got[32 * 11], want[32 * 11] = {0};
            for (unsigned i = 0; i < NN; i++) {
                int32_t x = x0 + (int32_t)i < Q ? x0 + (int32_t)i : Q - 1;
                p.c[i] = (int16_t)x;
                uint32_t v = (uint32_t)((((int64_t)x << (d + 1)) + Q) / (2 * Q)) & ((1u << d) - 1);
                for (unsigned b = 0; b < d; b++) want[(i * d + b) / 8] |= (uint8_t)(((v >> b) & 1) << ((i * d + b) % 8));
            }
            if (d == 1)
                kf_mlkem_poly_tomsg_portable(got, &p);
            else
                kf_mlkem_poly_compress_portable(got, &p, d);
            if (memcmp(got, want, 32 * d) && !bad++) printf("portable compress_%u from %d: not FIPS 203's\n", d, x0);
        }
        for (uint32_t y0 = 0; y0 < (1u << d); y0 += NN) {
            uint8_t in[32 * 11] = {0};
            int16_t want[NN];
            for (unsigned i = 0; i < NN; i++) {
                uint32_t y = (y0 + i) & ((1u << d) - 1);
                want[i] = (int16_t)((2 * (uint64_t)Q * y + (1u << d)) >> (d + 1));
                for (unsigned b = 0; b < d; b++) in[(i * d + b) / 8] |= (uint8_t)(((y >> b) & 1) << ((i * d + b) % 8));
            }
            kf_mlkem_poly r;
            if (d == 1)
                kf_mlkem_poly_frommsg_portable(&r, in);
            else
                kf_mlkem_poly_decompress_portable(&r, in, d);
            if (memcmp(r.c, want, sizeof want) && !bad++) printf("portable decompress_%u from %u: not FIPS 203's\n", d, y0);
        }
    }
    LANE_REPORT("ML-KEM portable Compress/Decompress = FIPS 203", 5 * Q + 2 + 16 + 32 + 1024 + 2048, bad, t0);
    fails += bad != 0;

    /* rejection: buffers of 80 consecutive 3-byte groups (a multiple of the 8-group chunk,
     * short enough that 160 candidates never complete a polynomial), from group g on, so
     * group g sits at chunk position g mod 8; 8 passes shift it through all 8 positions */
    t0 = lane_now();
    bad = 0;
    for (uint32_t shift = 0; shift < 8; shift++) {
        for (uint32_t g0 = 0; g0 < (1u << 24); g0 += 80) {
            uint8_t buf[3 * 80 + 32] = {0};
            lane_fill_groups(buf, g0, shift);
            int16_t c1[NN], c2[NN];
            unsigned n1 = 0, n2 = 0;
            for (uint32_t k = 0; k < 80; k++) { /* sampling.c's reject_uniform, candidate by candidate */
                uint32_t t = (uint32_t)buf[3 * k] | (uint32_t)buf[3 * k + 1] << 8 | (uint32_t)buf[3 * k + 2] << 16;
                uint32_t d1 = t & 0xFFF, d2 = t >> 12;
                if (d1 < Q) c1[n1++] = (int16_t)d1;
                if (d2 < Q) c1[n1++] = (int16_t)d2;
            }
            size_t used = kf_mlkem_rej_uniform_avx2(c2, &n2, buf, 3 * 80);
            if ((used != 3 * 80 || n2 != n1 || memcmp(c1, c2, n1 * sizeof c1[0])) && !bad++)
                printf("rejection from group %u shift %u: used %zu, %u accepted against %u\n", g0, shift, used, n2, n1);
        }
    }
    LANE_REPORT("ML-KEM SampleNTT test (rej_uniform_avx2)", 8ull << 24, bad, t0);
    fails += bad != 0;
    return fails;
}
