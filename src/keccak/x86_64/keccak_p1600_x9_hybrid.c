/*
 * keccak_p1600_x9_hybrid.c - nine Keccak-p[1600, nr] states at once: eight on AVX-512F zmm
 * vectors (as keccak_p1600_x8_avx512.c) and one on the integer units (as opt64-bmi2), the
 * two interleaved round by round in one function: the scalar/SIMD hybrid of seed 002 §4.4.
 * Compile with -mavx512f -mbmi -mbmi2 (andn and rorx for the scalar half); dispatch calls
 * it only on CPUs with AVX-512F, BMI1 and BMI2. State format and rounds:
 * keccak_hybrid_xn.h. Measured against avx512-x8 alone in docs/HYBRID.md.
 */
#include <immintrin.h>

#define KF_HY_NV 8

typedef __m512i kf_v;
#define KF_TERN(a, b, c, k) _mm512_ternarylogic_epi64((a), (b), (c), (k))
#define KF_XOR(a, b)        _mm512_xor_si512((a), (b))
#define KF_ROL(a, n)        _mm512_rol_epi64((a), (n))
#define KF_XOR_WORD(a, p)   _mm512_xor_si512((a), _mm512_set1_epi64((long long)*(p)))
#define KF_HY_VLOAD(p)      _mm512_load_si512(p)
#define KF_HY_VSTORE(p, v)  _mm512_store_si512((p), (v))
#include "keccak_p1600_avx512_rounds.h"

#include <stddef.h>
#include <stdint.h>

/* Rows r[i] = 8 words of instance i become r[t] = word t of instances 0..7 (8x8 transpose of
 * 64-bit words): interleave word pairs, then 128-bit blocks, then 256-bit halves. */
static inline void hy_transpose8(__m512i r[8])
{
    __m512i p[8], q[8];
    for (int k = 0; k < 4; k++) {
        p[2 * k] = _mm512_unpacklo_epi64(r[2 * k], r[2 * k + 1]);     /* words 0,2,4,6 */
        p[2 * k + 1] = _mm512_unpackhi_epi64(r[2 * k], r[2 * k + 1]); /* words 1,3,5,7 */
    }
    /* q[w] for w = 0..3 then holds words w and w+4 of rows 0-3 (q[w]) and 4-7 (q[w+4]) */
    for (int h = 0; h < 2; h++)
        for (int w = 0; w < 2; w++) {
            q[w + 4 * h] = _mm512_shuffle_i64x2(p[w + 4 * h], p[w + 4 * h + 2], 0x88);
            q[w + 4 * h + 2] = _mm512_shuffle_i64x2(p[w + 4 * h], p[w + 4 * h + 2], 0xDD);
        }
    for (int w = 0; w < 4; w++) {
        r[w] = _mm512_shuffle_i64x2(q[w], q[w + 4], 0x88);
        r[w + 4] = _mm512_shuffle_i64x2(q[w], q[w + 4], 0xDD);
    }
}

/* Lanes 0..lanes-1 of the blocks at in[i] + off into vector instances 0..7, eight lanes at
 * a time; the masked load of the last group reads no byte past the block. */
static void kf_hy_xor_block_vec(__m512i *s, const uint8_t *const *in, size_t off, size_t lanes)
{
    for (size_t j = 0; j < lanes; j += 8) {
        size_t k = lanes - j < 8 ? lanes - j : 8;
        __mmask8 m = (__mmask8)((1u << k) - 1);
        __m512i r[8];
        for (int i = 0; i < 8; i++) r[i] = _mm512_maskz_loadu_epi64(m, in[i] + off + 8 * j);
        hy_transpose8(r);
        for (size_t t = 0; t < k; t++) s[j + t] = _mm512_xor_si512(s[j + t], r[t]);
    }
}

#include "keccak_hybrid_xn.h"

const kf_backend_xn kf_backend_x9_hybrid = {
    .name = "avx512-x9",
    .requires = KF_CPU_AVX512F | KF_CPU_BMI1 | KF_CPU_BMI2,
    .rank = -1,
    .n = KF_HY_N,
    .state_bytes = KF_HY_STATE_BYTES,
    .init = hy_init,
    .add_bytes = hy_add_bytes,
    .overwrite_bytes = hy_overwrite_bytes,
    .extract_bytes = hy_extract_bytes,
    .permute = hy_permute,
    .absorb_blocks = hy_absorb_blocks,
};
