/*
 * keccak_p1600_x8_avx512.c - eight Keccak-p[1600, nr] states at once on AVX-512F (zmm).
 * Compile with -mavx512f only; dispatch calls it only on CPUs (and OSes) with AVX-512F.
 *
 * State format: lane j of instance i is the 64-bit word 8j + i (keccak_xn_lanes.h), so
 * zmm register j holds lane j of all eight states; 25 x 64 = 1600 bytes.
 *
 * The permutation keeps all 25 lanes in zmm registers through each block of rounds and
 * uses vpternlogq for theta's parities and for chi, vprolq for the rotations: see
 * keccak_p1600_avx512_rounds.h. On Zen 4 a 512-bit operation occupies a 256-bit unit twice,
 * so against the ymm x4 backend the gain is half the instructions to issue per state, not
 * arithmetic throughput.
 */
#include "keccak/keccak_backend.h"
#include "keccak_xn_lanes.h"

#include <immintrin.h>
#include <string.h>

#define N 8

typedef __m512i kf_v;
#define KF_TERN(a, b, c, k) _mm512_ternarylogic_epi64((a), (b), (c), (k))
#define KF_XOR(a, b)        _mm512_xor_si512((a), (b))
#define KF_ROL(a, n)        _mm512_rol_epi64((a), (n))
#define KF_XOR_WORD(a, p)   _mm512_xor_si512((a), _mm512_set1_epi64((long long)*(p)))
#include "keccak_p1600_avx512_rounds.h"

#define KF_LOAD_LANE(x, y) kf_v a##x##y = _mm512_load_si512(&s[(x) + 5 * (y)]);
#define KF_STORE_LANE(x, y) _mm512_store_si512(&s[(x) + 5 * (y)], a##x##y);

/* Twelve rounds starting at constant rc, lanes loaded from s and stored back. */
__attribute__((noinline)) static void x8_rounds12(__m512i *s, const uint64_t *rc)
{
    KF_LANE_LIST(KF_LOAD_LANE)
    KF_AVX512_ROUNDS12
    KF_LANE_LIST(KF_STORE_LANE)
}

/* One round with constant rc[0] (the nr mod 12 rounds before the blocks of 12). */
__attribute__((noinline)) static void x8_round1(__m512i *s, const uint64_t *rc)
{
    KF_LANE_LIST(KF_LOAD_LANE)
    KF_ROUND(0)
    KF_LANE_LIST(KF_STORE_LANE)
}

static void x8_permute(void *states, unsigned nr)
{
    __m512i *s = (__m512i *)states;
    if (nr < 1 || nr > 24) return;
    const uint64_t *rc = kf_keccak_rc + 24 - nr;
    for (; (kf_keccak_rc + 24 - rc) % 12 != 0; rc++) x8_round1(s, rc);
    for (; rc < kf_keccak_rc + 24; rc += 12) x8_rounds12(s, rc);
}

static void x8_init(void *states)
{
    memset(states, 0, 25 * N * 8);
}

static void x8_add_bytes(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len)
{
    kf_xn_add_bytes(states, N, i, in, offset, len);
}

static void x8_overwrite_bytes(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len)
{
    kf_xn_overwrite_bytes(states, N, i, in, offset, len);
}

static void x8_extract_bytes(const void *states, unsigned i, uint8_t *out, size_t offset, size_t len)
{
    kf_xn_extract_bytes(states, N, i, out, offset, len);
}

/* Rows r[i] = lanes j..j+7 of instance i become r[t] = lane j+t of instances 0..7: an 8x8
 * transpose of 64-bit words in three stages (pairs of words, 128-bit blocks, 256-bit halves). */
static inline void transpose8(__m512i r[8])
{
    __m512i t[8], u[8];
    for (int k = 0; k < 8; k += 2) {
        t[k] = _mm512_unpacklo_epi64(r[k], r[k + 1]);     /* words 0,2,4,6 of rows k, k+1 */
        t[k + 1] = _mm512_unpackhi_epi64(r[k], r[k + 1]); /* words 1,3,5,7 */
    }
    for (int k = 0; k < 2; k++) {
        u[k] = _mm512_shuffle_i64x2(t[k], t[k + 2], 0x88);     /* blocks 0,2 of each */
        u[k + 2] = _mm512_shuffle_i64x2(t[k], t[k + 2], 0xDD); /* blocks 1,3 */
        u[k + 4] = _mm512_shuffle_i64x2(t[k + 4], t[k + 6], 0x88);
        u[k + 6] = _mm512_shuffle_i64x2(t[k + 4], t[k + 6], 0xDD);
    }
    /* u[0]: words 0,4 of rows 0-3; u[4]: of rows 4-7; u[1]/u[5]: words 1,5; u[2]/u[6]:
     * words 2,6; u[3]/u[7]: words 3,7 */
    for (int k = 0; k < 4; k++) {
        r[k] = _mm512_shuffle_i64x2(u[k], u[k + 4], 0x88);
        r[k + 4] = _mm512_shuffle_i64x2(u[k], u[k + 4], 0xDD);
    }
}

/* For every instance: xor one block of rate bytes (rate/8 lanes) from in[i] into the state,
 * then permute. Lanes are loaded eight at a time per instance (a masked load for the last
 * group, which never touches bytes past the block) and transposed into lane vectors. */
static size_t x8_absorb_blocks(void *states, unsigned nr, size_t rate, const uint8_t *const *in, size_t len)
{
    __m512i *s = (__m512i *)states;
    size_t lanes = rate / 8, done = 0;
    if (lanes == 0) return 0;
    for (; len - done >= rate; done += rate) {
        for (size_t j = 0; j < lanes; j += 8) {
            size_t k = lanes - j < 8 ? lanes - j : 8;
            __mmask8 m = (__mmask8)((1u << k) - 1);
            __m512i r[8];
            for (int i = 0; i < N; i++) r[i] = _mm512_maskz_loadu_epi64(m, in[i] + done + 8 * j);
            transpose8(r);
            for (size_t t = 0; t < k; t++) s[j + t] = _mm512_xor_si512(s[j + t], r[t]);
        }
        x8_permute(states, nr);
    }
    return done;
}

const kf_backend_xn kf_backend_x8_avx512 = {
    .name = "avx512-x8",
    .requires = KF_CPU_AVX512F,
    .rank = 30,
    .n = N,
    .state_bytes = 25 * N * 8,
    .init = x8_init,
    .add_bytes = x8_add_bytes,
    .overwrite_bytes = x8_overwrite_bytes,
    .extract_bytes = x8_extract_bytes,
    .permute = x8_permute,
    .absorb_blocks = x8_absorb_blocks,
};
