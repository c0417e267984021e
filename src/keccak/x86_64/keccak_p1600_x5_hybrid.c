/*
 * keccak_p1600_x5_hybrid.c - five Keccak-p[1600, nr] states at once: four on AVX-512VL ymm
 * vectors (as keccak_p1600_x4_avx512vl.c) and one on the integer units (as opt64-bmi2),
 * interleaved round by round in one function: the scalar/SIMD hybrid of seed 002 §4.4.
 * Compile with -mavx512f -mavx512vl -mbmi -mbmi2; dispatch calls it only on CPUs with
 * AVX-512F+VL, BMI1 and BMI2. State format and rounds: keccak_hybrid_xn.h. Measured
 * against avx512vl-x4 alone in docs/HYBRID.md.
 */
#include <immintrin.h>

#define KF_HY_NV 4

typedef __m256i kf_v;
#define KF_TERN(a, b, c, k) _mm256_ternarylogic_epi64((a), (b), (c), (k))
#define KF_XOR(a, b)        _mm256_xor_si256((a), (b))
#define KF_ROL(a, n)        _mm256_rol_epi64((a), (n))
#define KF_XOR_WORD(a, p)   _mm256_xor_si256((a), _mm256_set1_epi64x((long long)*(p)))
#define KF_HY_VLOAD(p)      _mm256_load_si256(p)
#define KF_HY_VSTORE(p, v)  _mm256_store_si256((p), (v))
#include "keccak_p1600_avx512_rounds.h"

#include <stddef.h>
#include <stdint.h>

/* Rows r[i] = 4 words of instance i become r[t] = word t of instances 0..3 (4x4 transpose of
 * 64-bit words): interleave word pairs, then 128-bit halves. */
static inline void hy_transpose4(__m256i r[4])
{
    __m256i p0 = _mm256_unpacklo_epi64(r[0], r[1]); /* words 0, 2 of rows 0, 1 */
    __m256i p1 = _mm256_unpackhi_epi64(r[0], r[1]); /* words 1, 3 of rows 0, 1 */
    __m256i p2 = _mm256_unpacklo_epi64(r[2], r[3]);
    __m256i p3 = _mm256_unpackhi_epi64(r[2], r[3]);
    r[0] = _mm256_permute2x128_si256(p0, p2, 0x20);
    r[1] = _mm256_permute2x128_si256(p1, p3, 0x20);
    r[2] = _mm256_permute2x128_si256(p0, p2, 0x31);
    r[3] = _mm256_permute2x128_si256(p1, p3, 0x31);
}

/* Lanes 0..lanes-1 of the blocks at in[i] + off into vector instances 0..3, four lanes at
 * a time; the masked load of the last group reads no byte past the block. */
static void kf_hy_xor_block_vec(__m256i *s, const uint8_t *const *in, size_t off, size_t lanes)
{
    for (size_t j = 0; j < lanes; j += 4) {
        size_t k = lanes - j < 4 ? lanes - j : 4;
        __mmask8 m = (__mmask8)((1u << k) - 1);
        __m256i r[4];
        for (int i = 0; i < 4; i++) r[i] = _mm256_maskz_loadu_epi64(m, in[i] + off + 8 * j);
        hy_transpose4(r);
        for (size_t t = 0; t < k; t++) s[j + t] = _mm256_xor_si256(s[j + t], r[t]);
    }
}

#include "keccak_hybrid_xn.h"

const kf_backend_xn kf_backend_x5_hybrid = {
    .name = "avx512vl-x5",
    .requires = KF_CPU_AVX512F | KF_CPU_AVX512VL | KF_CPU_BMI1 | KF_CPU_BMI2,
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
