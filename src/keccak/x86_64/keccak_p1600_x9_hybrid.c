/* SPDX-License-Identifier: Apache-2.0 OR MIT */
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

#include "keccak_xn_absorb.h"
#define KF_HY_XOR_BLOCK_VEC kf_xn_xor_block8 /* a block into the eight vector instances */

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
