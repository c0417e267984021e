/* SPDX-License-Identifier: Apache-2.0 OR MIT */
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

#include "keccak_xn_absorb.h"
#define KF_HY_XOR_BLOCK_VEC kf_xn_xor_block4 /* a block into the four vector instances */

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
