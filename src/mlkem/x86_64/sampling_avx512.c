/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sampling_avx512.c - SampleNTT's rejection step (FIPS 203 Alg. 7) with AVX-512 on CPUs that
 * have VBMI and VBMI2 (Ice Lake, Zen 4 and later): 48 bytes give 32 candidates per step.
 * VBMI's vpermb spreads the bytes so each 16-bit lane holds its candidate's two bytes, a
 * variable shift and a mask cut the 12 bits out, one compare against q gives the mask of
 * accepted ones, and VBMI2's vpcompressw packs them to the front of a register, stored in
 * one go (the form of vpcompressw that writes memory directly is microcoded on Zen 4; the
 * register form is not). Public data only; outputs equal sampling.c's bit for bit.
 * kf_mlkem_rej_block_xn_avx512 does a whole SHAKE128 block read in place from the lanes of
 * interleaved batched states (64-byte loads and vpermt2q for four states, gathers otherwise;
 * then vpermt2b across register pairs), so
 * ML-KEM's job schedule skips the copy of each block to memory and the reload of that copy,
 * which the wide loads can only do once the copy's narrow stores have reached the cache.
 * SamplePolyCBD (Alg. 8) at the end of the file counts bits with AVX-512 BITALG's vpopcntw.
 * Built with -mavx512f -mavx512bw -mavx512vbmi -mavx512vbmi2 -mavx512bitalg -mpopcnt (every
 * CPU with these has popcnt); sampling.c calls it only where kf_mlkem_arith_avx512() says so.
 */
#include "mlkem/x86_64/poly_avx2.h"
#include "mlkem/x86_64/reduce_avx512.h" /* spread12_index, unpack12 */
#include "common/ct.h"                 /* KF_HAVE_MSAN */

/* One 32-candidate step: v holds 48 bytes spread by spread12_index(), unpack12 cuts the
 * candidates out (Alg. 7 lines 5-6); only the candidates in valid count. The accepted ones
 * go to c + cnt, at most as many as there is room for (so the store never passes c[255]);
 * returns the new count. */
static inline unsigned take_step(int16_t *c, unsigned cnt, __m512i v, __mmask32 valid)
{
    v = unpack12(v);
    __mmask32 ok = _mm512_mask_cmplt_epu16_mask(valid, v, set16(Q));
    unsigned got = (unsigned)__builtin_popcount(ok), room = KF_MLKEM_N - cnt;
    unsigned take = got < room ? got : room;
    __mmask32 keep = (__mmask32)(((uint64_t)1 << take) - 1);
    _mm512_mask_storeu_epi16(c + cnt, keep, _mm512_maskz_compress_epi16(ok, v));
    return cnt + take;
}

size_t kf_mlkem_rej_uniform_avx512(int16_t c[KF_MLKEM_N], unsigned *n, const uint8_t *buf, size_t len)
{
    const __m512i idx = spread12_index();
    unsigned cnt = *n;
    size_t pos = 0;
    for (; cnt + 32 <= KF_MLKEM_N && pos + 48 <= len; pos += 48) {
        __m512i v = _mm512_maskz_loadu_epi8(KF_LAST48, buf + pos); /* 48 bytes, no more */
        cnt = take_step(c, cnt, _mm512_permutexvar_epi8(idx, v), 0xFFFFFFFFu);
    }
    *n = cnt;
    return pos;
}

/* Instance i's block as three registers (bytes 0-63, 64-127, 128-191; 168-191 unused) from n
 * interleaved states. n = 4 (the x4 backends, ML-KEM's job lanes): a 64-byte load holds lanes
 * 2m and 2m + 1 of all four states, so one vpermt2q of two such loads picks instance i's lanes
 * 4m..4m+3, and one vshufi64x2 joins two of those. Half the cost of the gathers (docs/BENCHMARK_HISTORY.md,
 * "SampleNTT in place").
 * Other n: three gathers, a word at a time. */
static inline void block_lanes(const uint64_t *words, unsigned n, unsigned i, __m512i z[3])
{
#ifdef KF_HAVE_MSAN
    /* Under clang's MemorySanitizer only (tests/test_ct_msan.c): MSan gives a vpermt2q's
     * result the OR of its operands' shadows, element by element, so instance i would take
     * the poison of the secret noise lanes beside it; and it takes no shadow from memory
     * through a gather. There the words are read one by one, which MSan follows exactly. */
    _Alignas(64) uint64_t t[24] = {0};
    for (unsigned j = 0; j < 21; j++) t[j] = words[j * n + i];
    for (unsigned r = 0; r < 3; r++) z[r] = _mm512_load_si512((const void *)(t + 8 * r));
    return;
#endif
    if (n == 4) {
        const uint64_t *w = words;
        const __m512i sel = _mm512_setr_epi64(i, 4 + i, 8 + i, 12 + i, i, 4 + i, 8 + i, 12 + i);
        __m512i p[6];
        for (unsigned m = 0; m < 5; m++) /* lanes 4m..4m+3: words 16m..16m+15 */
            p[m] = _mm512_permutex2var_epi64(_mm512_loadu_si512(w + 16 * m), sel, _mm512_loadu_si512(w + 16 * m + 8));
        p[5] = _mm512_permutexvar_epi64(sel, _mm512_loadu_si512(w + 80)); /* lane 20 (and 21) */
        for (unsigned r = 0; r < 3; r++) z[r] = _mm512_shuffle_i64x2(p[2 * r], p[2 * r + 1], 0x44);
        return;
    }
    /* lane j of instance i is word j n + i */
    const long long *base = (const long long *)(words + i);
    const __m512i stride = _mm512_setr_epi64(0, n, 2 * n, 3 * n, 4 * n, 5 * n, 6 * n, 7 * n);
    z[0] = _mm512_i64gather_epi64(stride, base, 8);
    z[1] = _mm512_i64gather_epi64(stride, base + 8 * n, 8);
    z[2] = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), 0x1F, stride, base + 16 * n, 8);
}

unsigned kf_mlkem_rej_block_xn_avx512(int16_t c[KF_MLKEM_N], unsigned cnt, const uint64_t *words, unsigned n,
                                      unsigned i)
{
    __m512i z[3];
    block_lanes(words, n, i, z);
    /* bytes 0-47 from z0, 48-95 from z0:z1, 96-143 from z1:z2, 144-167 (16 candidates) from z2 */
    const __m512i idx = spread12_index();
    if (cnt < KF_MLKEM_N) cnt = take_step(c, cnt, _mm512_permutexvar_epi8(idx, z[0]), 0xFFFFFFFFu);
    if (cnt < KF_MLKEM_N)
        cnt = take_step(c, cnt, _mm512_permutex2var_epi8(z[0], _mm512_add_epi8(idx, _mm512_set1_epi8(48)), z[1]),
                        0xFFFFFFFFu);
    if (cnt < KF_MLKEM_N)
        cnt = take_step(c, cnt, _mm512_permutex2var_epi8(z[1], _mm512_add_epi8(idx, _mm512_set1_epi8(32)), z[2]),
                        0xFFFFFFFFu);
    if (cnt < KF_MLKEM_N)
        cnt = take_step(c, cnt, _mm512_permutexvar_epi8(_mm512_add_epi8(idx, _mm512_set1_epi8(16)), z[2]), 0xFFFFu);
    return cnt;
}

void kf_mlkem_poly_copy_avx512(int16_t dst[KF_MLKEM_N], const int16_t src[KF_MLKEM_N])
{
    __m512i v[8];
    for (unsigned r = 0; r < 8; r++) v[r] = _mm512_loadu_si512((const void *)(src + 32 * r));
    for (unsigned r = 0; r < 8; r++) _mm512_storeu_si512((void *)(dst + 32 * r), v[r]);
}

/* ---- SamplePolyCBD_eta (Alg. 8) ---------------------------------------------------------
 * Coefficient c is x - y, x the number of ones among bits 2 eta c .. 2 eta c + eta - 1 of the
 * buffer and y among the eta after them. 32 coefficients per register: vpermb gives lane c
 * the byte holding its first bit and the byte after it, vpsrlvw moves that bit to bit 0 (the
 * 2 eta bits then lie in the lane's low byte: for eta = 3 they start at bit 0, 6, 4 or 2 of
 * their byte and never need a third one), and two vpopcntw (AVX-512 BITALG) count the ones
 * under the masks of x's and y's bits. Constant time: no branch or address depends on the
 * bytes. Against the AVX2 code: docs/BENCHMARK_HISTORY.md, "AVX-512 CBD". */
#define CBD_LANES(f) f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7), f(8), f(9), f(10), f(11), f(12), f(13), \
                     f(14), f(15), f(16), f(17), f(18), f(19), f(20), f(21), f(22), f(23), f(24), f(25),   \
                     f(26), f(27), f(28), f(29), f(30), f(31)
#define CBD3_LO(c) (3 * (c) / 4)              /* the byte of bit 6 c */
#define CBD3_IDX(c) CBD3_LO(c), CBD3_LO(c) + 1
#define CBD3_SHIFT(c) (6 * (c) % 8)
#define CBD2_IDX(c) (c) / 2, (c) / 2          /* bit 4 c: byte c / 2, bit 0 or 4 */
#define CBD2_SHIFT(c) (4 * ((c) % 2))

static inline __m512i cbd_lanes(__m512i v, __m512i idx, __m512i shift, __m512i xmask, __m512i ymask)
{
    v = _mm512_srlv_epi16(_mm512_permutexvar_epi8(idx, v), shift);
    return _mm512_sub_epi16(_mm512_popcnt_epi16(_mm512_and_si512(v, xmask)),
                            _mm512_popcnt_epi16(_mm512_and_si512(v, ymask)));
}

#if defined(KF_CT_MUTATION) && KF_CT_MUTATION == 2
/* TEST-ONLY (tests/ct_msan.sh builds it with -DKF_CT_MUTATION=2; never defined otherwise):
 * a table load indexed by a secret byte of the CBD's input, which the MemorySanitizer
 * constant-time check must report. It changes no result. */
static volatile uint8_t ct_mutation_sink;
static const uint8_t ct_mutation_table[256] = {1, 2, 3};
#define CT_MUTATION_LOAD(buf) (ct_mutation_sink = ct_mutation_table[(buf)[0]])
#else
#define CT_MUTATION_LOAD(buf) ((void)0)
#endif

void kf_mlkem_cbd3_avx512(kf_mlkem_poly *p, const uint8_t buf[192])
{
    CT_MUTATION_LOAD(buf);
    static const _Alignas(64) uint8_t idx[64] = {CBD_LANES(CBD3_IDX)};
    static const _Alignas(64) int16_t shift[32] = {CBD_LANES(CBD3_SHIFT)};
    const __m512i i0 = _mm512_load_si512((const void *)idx), sh = _mm512_load_si512((const void *)shift);
    const __m512i i1 = _mm512_add_epi8(i0, _mm512_set1_epi8(24)); /* the second 24 bytes of a load */
    for (unsigned g = 0; g < 4; g++) { /* 48 bytes: 64 coefficients */
        __m512i v = _mm512_maskz_loadu_epi8(KF_LAST48, buf + 48 * g);
        _mm512_storeu_si512((void *)(p->c + 64 * g), cbd_lanes(v, i0, sh, set16(0x07), set16(0x38)));
        _mm512_storeu_si512((void *)(p->c + 64 * g + 32), cbd_lanes(v, i1, sh, set16(0x07), set16(0x38)));
    }
}

void kf_mlkem_cbd2_avx512(kf_mlkem_poly *p, const uint8_t buf[128])
{
    CT_MUTATION_LOAD(buf);
    static const _Alignas(64) uint8_t idx[64] = {CBD_LANES(CBD2_IDX)};
    static const _Alignas(64) int16_t shift[32] = {CBD_LANES(CBD2_SHIFT)};
    const __m512i i0 = _mm512_load_si512((const void *)idx), sh = _mm512_load_si512((const void *)shift);
    for (unsigned g = 0; g < 2; g++) { /* 64 bytes: 128 coefficients, 16 bytes a register */
        __m512i v = _mm512_loadu_si512((const void *)(buf + 64 * g));
        for (unsigned h = 0; h < 4; h++)
            _mm512_storeu_si512((void *)(p->c + 128 * g + 32 * h),
                                cbd_lanes(v, _mm512_add_epi8(i0, _mm512_set1_epi8((char)(16 * h))), sh, set16(0x03),
                                          set16(0x0C)));
    }
}
