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

/* kf_backend_xn.xof_side (keccak_xn_xof_avx512.h): avx512-x8's xof on the eight vector
 * instances, and the side state on the integer units for the permutations that have a side
 * block: there the lanes go to memory and hy_rounds runs both halves interleaved round by
 * round (about 1.1 times an x8 call against 1 + 0.45 for an x8 call and an x1 permutation,
 * bench_hybrid on Zen 4); the others run the vector rounds alone. */
#define N KF_HY_NV
#define KF_XN_XOF_ZMM
#define XN_SPILL_LANE(x, y) _mm512_store_si512(&s_[(x) + 5 * (y)], a##x##y);
#define XN_FILL_LANE(x, y) a##x##y = _mm512_load_si512(&s_[(x) + 5 * (y)]);
#define XN_SIDE_PERMUTE(nr, lanes25) \
    { \
        _Alignas(64) kf_v s_[25]; \
        KF_LANE_LIST(XN_SPILL_LANE) \
        hy_rounds(s_, (lanes25), kf_keccak_rc + 24 - (nr), kf_keccak_rc + 24); \
        KF_LANE_LIST(XN_FILL_LANE) \
    }
#include "keccak_xn_xof_avx512.h"

#define X9_XOF(name, NR, LANES_) \
    __attribute__((noinline)) static void name(uint8_t suffix, const uint8_t *const *in, size_t len, \
                                               unsigned count, uint8_t *const *out, size_t outlen, kf_xn_side *side) \
    { xn_xof_body(NR, LANES_, suffix, in, len, count, out, outlen, NULL, side); }
X9_XOF(x9_xof_24_21, 24, 21)
X9_XOF(x9_xof_24_17, 24, 17)

static int x9_xof_side(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len, unsigned count,
                       uint8_t *const *out, size_t outlen, int secret, kf_xn_side *side)
{
    /* inputs of one block or less (ML-DSA's seeds): longer ones are for avx512-x8's xof */
    if (count == 0 || count > N || nr != 24 || len >= rate || side->rate % 8 != 0 || side->rate > 200) return 0;
    if (rate == 168) x9_xof_24_21(suffix, in, len, count, out, outlen, side);
    else if (rate == 136) x9_xof_24_17(suffix, in, len, count, out, outlen, side);
    else return 0;
    if (secret) xn_xof_burn_stack();
    return 1;
}

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
    .xof_side = x9_xof_side,
};
