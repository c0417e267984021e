/*
 * sampling_avx512.c - SampleNTT's rejection step (FIPS 203 Alg. 7) with AVX-512 on CPUs that
 * have VBMI and VBMI2 (Ice Lake, Zen 4 and later): 48 bytes give 32 candidates per step.
 * VBMI's vpermb spreads the bytes so each 16-bit lane holds its candidate's two bytes, a
 * variable shift and a mask cut the 12 bits out, one compare against q gives the mask of
 * accepted ones, and VBMI2's vpcompressw packs them to the front of a register, stored in
 * one go (the form of vpcompressw that writes memory directly is microcoded on Zen 4; the
 * register form is not). Public data only; outputs equal sampling.c's bit for bit.
 * Built with -mavx512f -mavx512bw -mavx512vbmi -mavx512vbmi2 -mpopcnt (every CPU with these
 * has popcnt); sampling.c calls it only when kf_cpu_features() reports them.
 */
#include "mlkem/x86_64/poly_avx2.h"

#include <immintrin.h>

/* Byte j of the 64-byte register is byte IDX(j) of the 48-byte input: 16-bit lane k holds
 * bytes 3(k/2) + (k odd) and the byte after it. */
#define IDX(j) (3 * ((j) / 4) + ((j) / 2 & 1) + ((j) & 1))
#define IDX8(j) IDX(j), IDX((j) + 1), IDX((j) + 2), IDX((j) + 3), IDX((j) + 4), IDX((j) + 5), IDX((j) + 6), IDX((j) + 7)
static const _Alignas(64) uint8_t spread[64] = {
    IDX8(0), IDX8(8), IDX8(16), IDX8(24), IDX8(32), IDX8(40), IDX8(48), IDX8(56),
};

size_t kf_mlkem_rej_uniform_avx512(int16_t c[KF_MLKEM_N], unsigned *n, const uint8_t *buf, size_t len)
{
    const __m512i idx = _mm512_load_si512((const void *)spread);
    /* even lanes: b0 | b1 << 8, low 12 bits; odd lanes: (b1 | b2 << 8) >> 4 (Alg. 7 lines 5-6) */
    const __m512i shift = _mm512_set1_epi32(4 << 16), low12 = _mm512_set1_epi16(0xFFF);
    const __m512i q = _mm512_set1_epi16(KF_MLKEM_Q);
    unsigned cnt = *n;
    size_t pos = 0;
    for (; cnt + 32 <= KF_MLKEM_N && pos + 48 <= len; pos += 48) {
        __m512i v = _mm512_maskz_loadu_epi8(0xFFFFFFFFFFFFull, buf + pos); /* 48 bytes, no more */
        v = _mm512_permutexvar_epi8(idx, v);
        v = _mm512_and_si512(_mm512_srlv_epi16(v, shift), low12);
        __mmask32 ok = _mm512_cmplt_epu16_mask(v, q);
        _mm512_storeu_si512((void *)(c + cnt), _mm512_maskz_compress_epi16(ok, v));
        cnt += (unsigned)__builtin_popcount(ok);
    }
    *n = cnt;
    return pos;
}
