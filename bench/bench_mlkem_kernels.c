/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_mlkem_kernels.c - ML-KEM's SIMD kernels one at a time, in a hot loop (docs/BENCHMARKS.md):
 * the AVX2 and AVX-512 forms of the forward NTT, base multiplication, SamplePolyCBD,
 * ByteEncode_12 and ByteDecode_12 side by side, the inverse NTT, KeyGen's row of t^ to bytes, and SampleNTT's rejection of one block read in place
 * from four interleaved states right after an x4 permutation (timed as permutation + four
 * rejections, less the permutation alone).
 * Method: pinned, serialised TSC reads around 8 calls, the median of 4,001 samples after 200
 * of warm-up, all kernels' samples interleaved; ticks per call, timer overhead not subtracted
 * (under 1/8 of ~50 ticks). A hot loop: data in L1, branch history warm - an operation's parts
 * cost more in place.
 * Usage: bench_mlkem_kernels [cpu]   (built as ./build/bench_mlkem_kernels on x86-64)
 */
#define _GNU_SOURCE
#include "bench_util.h"
#include "keccak/keccak_backend.h"
#include "kforge/tsc.h"
#include "mlkem/poly.h"
#include "mlkem/x86_64/poly_avx2.h"

#include <string.h>

int tsc_have_rdtscp = 1;

#define SAMPLES 4001
#define CALLS 8
enum { NTT2, NTT5, INV2, BMUL, BMUL5, ROW5, CBD2, CBD25, CBD3, CBD35, ENC2, ENC5, DEC2, DEC5, PERM, REJ, KERNELS };
static const char *const name[KERNELS] = {
    "NTT, AVX2", "NTT, AVX-512", "inverse NTT, AVX2", "basemul_acc k=3, AVX2", "basemul_acc k=3, AVX-512",
    "row of t^ to bytes k=3, AVX-512", "SamplePolyCBD_2, AVX2", "SamplePolyCBD_2, AVX-512",
    "SamplePolyCBD_3, AVX2", "SamplePolyCBD_3, AVX-512", "ByteEncode_12, AVX2",
    "ByteEncode_12, AVX-512", "ByteDecode_12, AVX2", "ByteDecode_12, AVX-512", "x4 permutation",
    "x4 permutation + 4 blocks rejected",
};
static uint64_t t[KERNELS][SAMPLES];

#define TIME(k, call) \
    do { \
        uint64_t t0 = timer_start(); \
        for (unsigned r = 0; r < CALLS; r++) call; \
        uint64_t d = (timer_stop() - t0) / CALLS; \
        if (s >= 0) t[k][s] = d; \
    } while (0)

int main(int argc, char **argv)
{
    int cpu = argc > 1 ? atoi(argv[1]) : 1;
    const kf_backend_xn *x4 = kf_backend_xn_for(4);
    if (!(kf_cpu_features() & KF_CPU_AVX2) || !kf_mlkem_avx512_cpu() || !x4 || x4->n != 4 || !x4->interleaved) {
        puts("bench_mlkem_kernels: needs AVX2, AVX-512 VBMI2 and an interleaved x4 backend; skipped");
        return 0;
    }
    bench_pin(cpu);
    static kf_mlkem_poly p[4], acc;
    static int16_t c[4][KF_MLKEM_N];
    static _Alignas(64) uint8_t bytes[KF_MLKEM_POLY_BYTES], states[800], prf[192];
    for (unsigned i = 0; i < 4; i++)
        for (unsigned j = 0; j < KF_MLKEM_N; j++) p[i].c[j] = (int16_t)((37 * j + 11 * i) % KF_MLKEM_Q);
    memset(states, 1, sizeof states);
    for (unsigned i = 0; i < sizeof prf; i++) prf[i] = (uint8_t)(i * 151 + 7);
    unsigned sink = 0;
    for (int s = -200; s < SAMPLES; s++) {
        TIME(NTT2, kf_mlkem_poly_ntt_avx2(&p[r & 3]));
        TIME(NTT5, kf_mlkem_poly_ntt_avx512(&p[r & 3]));
        TIME(INV2, kf_mlkem_poly_invntt_tomont_avx2(&p[r & 3]));
        TIME(BMUL, kf_mlkem_polyvec_basemul_acc_avx2(&acc, p, p + 1, 3));
        TIME(BMUL5, kf_mlkem_polyvec_basemul_acc_avx512(&acc, p, p + 1, 3));
        TIME(ROW5, kf_mlkem_row_tobytes_avx512(bytes, p, p + 1, &acc, 3));
        TIME(CBD2, kf_mlkem_cbd2_avx2(&p[r & 3], prf));
        TIME(CBD3, kf_mlkem_cbd3_avx2(&p[r & 3], prf));
        TIME(CBD25, kf_mlkem_cbd2_avx512(&p[r & 3], prf));
        TIME(CBD35, kf_mlkem_cbd3_avx512(&p[r & 3], prf));
        TIME(ENC2, kf_mlkem_poly_tobytes_avx2(bytes, &p[r & 3]));
        TIME(ENC5, kf_mlkem_poly_tobytes_avx512(bytes, &p[r & 3]));
        TIME(DEC2, kf_mlkem_poly_frombytes_avx2(&p[r & 3], bytes));
        TIME(DEC5, kf_mlkem_poly_frombytes_avx512(&p[r & 3], bytes));
        TIME(PERM, x4->permute(states, 24));
        TIME(REJ, {
            x4->permute(states, 24);
            for (unsigned i = 0; i < 4; i++) sink += kf_mlkem_rej_block_xn_avx512(c[i], 0, (const uint64_t *)states, 4, i);
        });
    }
    printf("ML-KEM kernels, hot loop: TSC ticks per call, median of %d, cpu %d (x4 backend %s)\n", SAMPLES, cpu,
           x4->name);
    for (int k = 0; k < KERNELS; k++) {
        bench_sort(t[k], SAMPLES);
        printf("  %-36s %6llu\n", name[k], (unsigned long long)t[k][SAMPLES / 2]);
    }
    printf("  %-36s %6.1f\n", "=> rejection per block, in place", (double)(t[REJ][SAMPLES / 2] - t[PERM][SAMPLES / 2]) / 4);
    return sink == 1; /* keeps the rejections from being optimised away */
}
