/*
 * keccak_p1600_x4_avx512vl.c - four Keccak-p[1600, nr] states at once with AVX-512VL on
 * ymm registers. Compile with -mavx512f -mavx512vl; dispatch calls it only on CPUs (and
 * OSes) with AVX-512F and AVX-512VL.
 *
 * State format: lane j of instance i is the 64-bit word 4j + i (keccak_xn_lanes.h), so
 * ymm register j holds lane j of all four states; 25 x 32 = 800 bytes.
 *
 * The same rounds as the zmm x8 backend (keccak_p1600_avx512_rounds.h): AVX-512VL brings
 * vpternlogq, vprolq and 32 registers to 256-bit vectors, so all 25 lanes stay in
 * registers. For batches of four (ML-KEM's matrix rows), and for CPUs that lower their
 * clock while running 512-bit instructions.
 */
#include "keccak/keccak_backend.h"
#include "keccak_xn_lanes.h"

#include <immintrin.h>
#include <string.h>

#define N 4

typedef __m256i kf_v;
#define KF_TERN(a, b, c, k) _mm256_ternarylogic_epi64((a), (b), (c), (k))
#define KF_XOR(a, b)        _mm256_xor_si256((a), (b))
#define KF_ROL(a, n)        _mm256_rol_epi64((a), (n))
#define KF_XOR_WORD(a, p)   _mm256_xor_si256((a), _mm256_set1_epi64x((long long)*(p)))
#include "keccak_p1600_avx512_rounds.h"

#define KF_LOAD_LANE(x, y) kf_v a##x##y = _mm256_load_si256(&s[(x) + 5 * (y)]);
#define KF_STORE_LANE(x, y) _mm256_store_si256(&s[(x) + 5 * (y)], a##x##y);

/* Twelve rounds starting at constant rc, lanes loaded from s and stored back. */
__attribute__((noinline)) static void x4_rounds12(__m256i *s, const uint64_t *rc)
{
    KF_LANE_LIST(KF_LOAD_LANE)
    KF_AVX512_ROUNDS12
    KF_LANE_LIST(KF_STORE_LANE)
}

/* One round with constant rc[0] (the nr mod 12 rounds before the blocks of 12). */
__attribute__((noinline)) static void x4_round1(__m256i *s, const uint64_t *rc)
{
    KF_LANE_LIST(KF_LOAD_LANE)
    KF_ROUND(0)
    KF_LANE_LIST(KF_STORE_LANE)
}

static void x4_permute(void *states, unsigned nr)
{
    __m256i *s = (__m256i *)states;
    if (nr < 1 || nr > 24) return;
    const uint64_t *rc = kf_keccak_rc + 24 - nr;
    for (; (kf_keccak_rc + 24 - rc) % 12 != 0; rc++) x4_round1(s, rc);
    for (; rc < kf_keccak_rc + 24; rc += 12) x4_rounds12(s, rc);
}

static void x4_init(void *states)
{
    memset(states, 0, 25 * N * 8);
}

static void x4_add_bytes(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len)
{
    kf_xn_add_bytes(states, N, i, in, offset, len);
}

static void x4_overwrite_bytes(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len)
{
    kf_xn_overwrite_bytes(states, N, i, in, offset, len);
}

static void x4_extract_bytes(const void *states, unsigned i, uint8_t *out, size_t offset, size_t len)
{
    kf_xn_extract_bytes(states, N, i, out, offset, len);
}

/* Rows r[i] = lanes j..j+3 of instance i become r[t] = lane j+t of instances 0..3: a 4x4
 * transpose of 64-bit words (pairs of words, then 128-bit halves). */
static inline void transpose4(__m256i r[4])
{
    __m256i t0 = _mm256_unpacklo_epi64(r[0], r[1]); /* words 0, 2 of rows 0, 1 */
    __m256i t1 = _mm256_unpackhi_epi64(r[0], r[1]); /* words 1, 3 */
    __m256i t2 = _mm256_unpacklo_epi64(r[2], r[3]);
    __m256i t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/* For every instance: xor one block of rate bytes (rate/8 lanes) from in[i] into the state,
 * then permute. Lanes are loaded four at a time per instance (a masked load for the last
 * group, which never touches bytes past the block) and transposed into lane vectors. */
static size_t x4_absorb_blocks(void *states, unsigned nr, size_t rate, const uint8_t *const *in, size_t len)
{
    __m256i *s = (__m256i *)states;
    size_t lanes = rate / 8, done = 0;
    if (lanes == 0) return 0;
    for (; len - done >= rate; done += rate) {
        for (size_t j = 0; j < lanes; j += 4) {
            size_t k = lanes - j < 4 ? lanes - j : 4;
            __mmask8 m = (__mmask8)((1u << k) - 1);
            __m256i r[4];
            for (int i = 0; i < N; i++) r[i] = _mm256_maskz_loadu_epi64(m, in[i] + done + 8 * j);
            transpose4(r);
            for (size_t t = 0; t < k; t++) s[j + t] = _mm256_xor_si256(s[j + t], r[t]);
        }
        x4_permute(states, nr);
    }
    return done;
}

const kf_backend_xn kf_backend_x4_avx512vl = {
    .name = "avx512vl-x4",
    .requires = KF_CPU_AVX512F | KF_CPU_AVX512VL,
    .rank = 25,
    .n = N,
    .state_bytes = 25 * N * 8,
    .init = x4_init,
    .add_bytes = x4_add_bytes,
    .overwrite_bytes = x4_overwrite_bytes,
    .extract_bytes = x4_extract_bytes,
    .permute = x4_permute,
    .absorb_blocks = x4_absorb_blocks,
};
