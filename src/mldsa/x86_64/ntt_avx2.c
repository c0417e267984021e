/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ntt_avx2.c - ML-DSA's NTT (FIPS 204 Alg. 41), its inverse (Alg. 42, times 2^32) and the
 * pointwise Montgomery products in AVX2: eight 32-bit coefficients per register.
 *
 * Every butterfly is the portable one (poly.c), with the same Montgomery reduction
 * (reduce_avx2.h) and no extra reduction, so each coefficient comes out bit for bit as
 * there; only the order in which independent butterflies run differs.
 *
 * The forward NTT runs in two passes over memory. Pass 1: for r = 0..3, the registers of
 * coefficients 8 (r + 4 k) .. + 7, k = 0..7, closed under the layers len 128, 64, 32.
 * Pass 2: for each group of 64 coefficients (8 registers), the layers len 16 and 8 between
 * registers, then an 8 x 8 transpose so that the layers len 4, 2, 1 (inside a register
 * before) are between registers too, lane j with the zeta of its block (ntt_avx2_zetas.h,
 * written by gen_ntt_avx2_zetas.py), and the transpose back. The inverse runs the same
 * passes in the opposite order, with the factor 2^64 / 256 mod q folded into the last layer
 * (len 128) as in poly.c. The forward NTT's passes take two of their units at once (r and
 * r + 1, groups g and g + 1: x and y), their butterflies written in alternation: one unit's
 * layer has four independent butterflies, each a chain of two multiplications and four
 * single-cycle operations, too few to keep the multipliers busy, and the two units' are
 * independent; the registers the pair needs spill a few, which costs less. On AMD Zen 4
 * (scratch loop, the library's flags, one call at a time): 481 -> 416-422 ticks;
 * bench_mldsa_steps's "one NTT" 520 -> 442. The inverse the same way measured 451 against 466
 * ticks eight calls back to back but slower one at a time (598 against 546), and with only
 * its second pass paired 520 against 494 in bench_mldsa_steps: it stays one unit at a time.
 *
 * Every zeta comes with its twisted constant zeta q^-1 mod 2^32 from the tables, so each
 * Montgomery product takes t from a multiplication by a constant (montmul_pre, montmul_lane);
 * the per-lane rows come with their odd lanes already moved down. The broadcast zetas are read
 * from memory in the loop (vpbroadcastd m32, a load): with them folded into immediates the
 * compiler built each with vmovd + vpbroadcastd and kept some in spill slots (A/B in
 * docs/BENCHMARKS.md: 7-8% fewer ticks for both transforms, the same outputs).
 */
#include "mldsa/x86_64/poly_avx2.h"
#include "mldsa/x86_64/reduce_avx2.h"
#include "mldsa/x86_64/ntt_avx2_zetas.h"

#define N KF_MLDSA_N
#define INVNTT_F 41978 /* 2^64 / 256 mod q, as poly.c */
#define INVNTT_ZF 3975713 /* -zetas[1] INVNTT_F / 2^32 mod q, as poly.c */

INLINE __m256i load(const int32_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

INLINE void store(int32_t *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)p, v);
}

INLINE __m256i bc(int32_t z)
{
    return _mm256_set1_epi32(z);
}

/* a broadcast zeta and z q^-1 mod 2^32 beside it (montmul_pre) */
typedef struct zc {
    __m256i z, zq;
} zc;

/* p, with the compiler no longer knowing what it points to: the zetas are then broadcast from
 * memory (vpbroadcastd m32: a load, no vector ALU operation) where it would otherwise move
 * each constant from a general register (vmovd + vpbroadcastd) and keep some in spill slots */
INLINE const int32_t *opaque(const int32_t *p)
{
    __asm__("" : "+r"(p));
    return p;
}

/* zeta m (m < 32) with its twisted constant (ntt_avx2_zetas.h) */
INLINE zc zm(unsigned m)
{
    return (zc){bc(opaque(kf_mldsa_zetas256)[m]), bc(opaque(kf_mldsa_zq32)[m])};
}

/* the same negated (the inverse's zetas) */
INLINE zc nzm(unsigned m)
{
    return (zc){bc(opaque(kf_mldsa_nz32)[m]), bc(opaque(kf_mldsa_nzq32)[m])};
}

/* the inverse's last layer: the factor and the zeta with the factor, each with its twisted
 * constant (computed here by the compiler), broadcast from memory as above */
#define TWIST(z) ((int32_t)((uint32_t)(z) * (uint32_t)KF_MLDSA_QINV_))
static const int32_t invntt_fz[4] = {INVNTT_F, TWIST(INVNTT_F), INVNTT_ZF, TWIST(INVNTT_ZF)};

INLINE zc fzc(unsigned i)
{
    return (zc){bc(opaque(invntt_fz)[2 * i]), bc(opaque(invntt_fz)[2 * i + 1])};
}

/* a row of per-lane zetas in its four forms (z, z odd, zq, zq odd) */
typedef struct zv4 {
    __m256i z, zo, zq, zqo;
} zv4;

INLINE zv4 zrow(const int32_t (*f)[8])
{
    return (zv4){load(f[0]), load(f[1]), load(f[2]), load(f[3])};
}

/* Cooley-Tukey: t = z b; (a, b) = (a + t, a - t), z broadcast or per lane */
#define CT_BC(a, b, w)                                                                             \
    do {                                                                                           \
        __m256i t_ = montmul_pre(b, (w).z, (w).zq);                                                \
        b = _mm256_sub_epi32(a, t_);                                                               \
        a = _mm256_add_epi32(a, t_);                                                               \
    } while (0)
#define CT_V(a, b, w)                                                                              \
    do {                                                                                           \
        __m256i t_ = montmul_lane(b, (w).z, (w).zo, (w).zq, (w).zqo);                             \
        b = _mm256_sub_epi32(a, t_);                                                               \
        a = _mm256_add_epi32(a, t_);                                                               \
    } while (0)
/* Gentleman-Sande: (a, b) = (a + b, z (a - b)) */
#define GS_BC(a, b, w)                                                                             \
    do {                                                                                           \
        __m256i d_ = _mm256_sub_epi32(a, b);                                                       \
        a = _mm256_add_epi32(a, b);                                                                \
        b = montmul_pre(d_, (w).z, (w).zq);                                                        \
    } while (0)
#define GS_V(a, b, w)                                                                              \
    do {                                                                                           \
        __m256i d_ = _mm256_sub_epi32(a, b);                                                       \
        a = _mm256_add_epi32(a, b);                                                                \
        b = montmul_lane(d_, (w).z, (w).zo, (w).zq, (w).zqo);                                     \
    } while (0)

/* x[i] lane j <- x[j] lane i (its own inverse) */
INLINE void transpose8(__m256i x[8])
{
    __m256i t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_epi32(x[i], x[i + 1]);
        t[i + 1] = _mm256_unpackhi_epi32(x[i], x[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
        u[i] = _mm256_unpacklo_epi64(t[i], t[i + 2]);
        u[i + 1] = _mm256_unpackhi_epi64(t[i], t[i + 2]);
        u[i + 2] = _mm256_unpacklo_epi64(t[i + 1], t[i + 3]);
        u[i + 3] = _mm256_unpackhi_epi64(t[i + 1], t[i + 3]);
    }
    for (int i = 0; i < 4; i++) {
        x[i] = _mm256_permute2x128_si256(u[i], u[i + 4], 0x20);
        x[i + 4] = _mm256_permute2x128_si256(u[i], u[i + 4], 0x31);
    }
}

/* the same butterfly on the pair's two units, x and y (kf_mldsa_ntt_avx2) */
#define CT_BC2(i, j, wx, wy)                                                                       \
    do {                                                                                           \
        CT_BC(x[i], x[j], wx);                                                                     \
        CT_BC(y[i], y[j], wy);                                                                     \
    } while (0)
#define CT_V2(i, j, wx, wy)                                                                        \
    do {                                                                                           \
        CT_V(x[i], x[j], wx);                                                                      \
        CT_V(y[i], y[j], wy);                                                                      \
    } while (0)

void kf_mldsa_ntt_avx2(kf_mldsa_poly *p)
{
    int32_t *c = p->c;
    __m256i x[8], y[8];
    for (int r = 0; r < 4; r += 2) { /* len 128, 64, 32; x: r, y: r + 1 */
        for (int k = 0; k < 8; k++) {
            x[k] = load(c + 8 * (r + 4 * k));
            y[k] = load(c + 8 * (r + 1 + 4 * k));
        }
        const zc z1 = zm(1);
        for (int k = 0; k < 4; k++) CT_BC2(k, k + 4, z1, z1);
        const zc z2 = zm(2), z3 = zm(3);
        CT_BC2(0, 2, z2, z2);
        CT_BC2(1, 3, z2, z2);
        CT_BC2(4, 6, z3, z3);
        CT_BC2(5, 7, z3, z3);
        for (int k = 0; k < 8; k += 2) {
            const zc z = zm(4 + k / 2);
            CT_BC2(k, k + 1, z, z);
        }
        for (int k = 0; k < 8; k++) {
            store(c + 8 * (r + 4 * k), x[k]);
            store(c + 8 * (r + 1 + 4 * k), y[k]);
        }
    }
    for (int g = 0; g < 4; g += 2) { /* len 16, 8; transposed: 4, 2, 1; x: group g, y: g + 1 */
        int32_t *cx = c + 64 * g, *cy = cx + 64;
        for (int i = 0; i < 8; i++) {
            x[i] = load(cx + 8 * i);
            y[i] = load(cy + 8 * i);
        }
        const zc xa = zm(8 + 2 * g), xb = zm(9 + 2 * g), ya = zm(10 + 2 * g), yb = zm(11 + 2 * g);
        CT_BC2(0, 2, xa, ya);
        CT_BC2(1, 3, xa, ya);
        CT_BC2(4, 6, xb, yb);
        CT_BC2(5, 7, xb, yb);
        for (int i = 0; i < 8; i += 2) CT_BC2(i, i + 1, zm(16 + 4 * g + i / 2), zm(20 + 4 * g + i / 2));
        transpose8(x);
        transpose8(y);
        const int32_t(*zx)[4][8] = kf_mldsa_zetas_fwd8q[g], (*zy)[4][8] = kf_mldsa_zetas_fwd8q[g + 1];
        zv4 vx = zrow(zx[0]), vy = zrow(zy[0]);
        for (int i = 0; i < 4; i++) CT_V2(i, i + 4, vx, vy);
        vx = zrow(zx[1]);
        vy = zrow(zy[1]);
        CT_V2(0, 2, vx, vy);
        CT_V2(1, 3, vx, vy);
        vx = zrow(zx[2]);
        vy = zrow(zy[2]);
        CT_V2(4, 6, vx, vy);
        CT_V2(5, 7, vx, vy);
        for (int i = 0; i < 8; i += 2) CT_V2(i, i + 1, zrow(zx[3 + i / 2]), zrow(zy[3 + i / 2]));
        transpose8(x);
        transpose8(y);
        for (int i = 0; i < 8; i++) {
            store(cx + 8 * i, x[i]);
            store(cy + 8 * i, y[i]);
        }
    }
}

void kf_mldsa_invntt_tomont_avx2(kf_mldsa_poly *p)
{
    int32_t *c = p->c;
    __m256i x[8];
    for (int g = 0; g < 4; g++) { /* transposed: len 1, 2, 4; then 8, 16 */
        int32_t *cg = c + 64 * g;
        for (int i = 0; i < 8; i++) x[i] = load(cg + 8 * i);
        transpose8(x);
        const int32_t(*zv)[4][8] = kf_mldsa_zetas_inv8q[g];
        for (int i = 0; i < 8; i += 2) GS_V(x[i], x[i + 1], zrow(zv[i / 2]));
        zv4 z = zrow(zv[4]);
        GS_V(x[0], x[2], z);
        GS_V(x[1], x[3], z);
        z = zrow(zv[5]);
        GS_V(x[4], x[6], z);
        GS_V(x[5], x[7], z);
        z = zrow(zv[6]);
        for (int i = 0; i < 4; i++) GS_V(x[i], x[i + 4], z);
        transpose8(x);
        for (int i = 0; i < 8; i += 2) GS_BC(x[i], x[i + 1], nzm(31 - 4 * g - i / 2));
        const zc za = nzm(15 - 2 * g), zb = nzm(14 - 2 * g);
        GS_BC(x[0], x[2], za);
        GS_BC(x[1], x[3], za);
        GS_BC(x[4], x[6], zb);
        GS_BC(x[5], x[7], zb);
        for (int i = 0; i < 8; i++) store(cg + 8 * i, x[i]);
    }
    for (int r = 0; r < 4; r++) { /* len 32, 64, 128, and the factor */
        for (int k = 0; k < 8; k++) x[k] = load(c + 8 * (r + 4 * k));
        for (int k = 0; k < 8; k += 2) GS_BC(x[k], x[k + 1], nzm(7 - k / 2));
        const zc z3 = nzm(3), z2 = nzm(2);
        GS_BC(x[0], x[2], z3);
        GS_BC(x[1], x[3], z3);
        GS_BC(x[4], x[6], z2);
        GS_BC(x[5], x[7], z2);
        const zc f = fzc(0), zf = fzc(1);
        for (int k = 0; k < 4; k++) { /* len 128 with the factor, as poly.c */
            __m256i d = _mm256_sub_epi32(x[k], x[k + 4]);
            store(c + 8 * (r + 4 * k), montmul_pre(_mm256_add_epi32(x[k], x[k + 4]), f.z, f.zq));
            store(c + 8 * (r + 4 * k + 16), montmul_pre(d, zf.z, zf.zq));
        }
    }
}

void kf_mldsa_pointwise_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    for (unsigned i = 0; i < N; i += 8) store(r->c + i, montmul(load(a->c + i), load(b->c + i)));
}

void kf_mldsa_pointwise_acc_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b)
{
    for (unsigned i = 0; i < N; i += 8)
        store(r->c + i, _mm256_add_epi32(load(r->c + i), montmul(load(a->c + i), load(b->c + i))));
}

/* as the portable code: the 64-bit products of the even and of the odd lanes summed exactly,
 * then one Montgomery reduction (reduce_avx2.h's, on the sums); inlined for each n that a
 * parameter set uses (4, 5, 7) so the loop over the terms unrolls */
INLINE void acc_vec_plus(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b, unsigned n,
                         const kf_mldsa_poly *c, const kf_mldsa_poly *d)
{
    const __m256i q = bc(KF_MLDSA_Q), qinv = bc(KF_MLDSA_QINV_);
    for (unsigned i = 0; i < N; i += 8) {
        __m256i x = load(a[0].c + i), y = load(b[0].c + i);
        __m256i se = _mm256_mul_epi32(x, y), so = _mm256_mul_epi32(odd_lanes(x), odd_lanes(y));
        for (unsigned j = 1; j < n; j++) {
            x = load(a[j].c + i);
            y = load(b[j].c + i);
            se = _mm256_add_epi64(se, _mm256_mul_epi32(x, y));
            so = _mm256_add_epi64(so, _mm256_mul_epi32(odd_lanes(x), odd_lanes(y)));
        }
        if (c) { /* the extra term (a constant condition where inlined) */
            x = load(c->c + i);
            y = load(d->c + i);
            se = _mm256_add_epi64(se, _mm256_mul_epi32(x, y));
            so = _mm256_add_epi64(so, _mm256_mul_epi32(odd_lanes(x), odd_lanes(y)));
        }
        __m256i te = _mm256_mul_epi32(_mm256_mul_epi32(se, qinv), q);
        __m256i to = _mm256_mul_epi32(_mm256_mul_epi32(so, qinv), q);
        se = odd_lanes(_mm256_sub_epi32(se, te));
        so = _mm256_sub_epi32(so, to);
        store(r->c + i, _mm256_blend_epi32(se, so, 0xAA));
    }
}

void kf_mldsa_pointwise_acc_vec_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b, unsigned n)
{
    switch (n) {
    case 4: acc_vec_plus(r, a, b, 4, NULL, NULL); break;
    case 5: acc_vec_plus(r, a, b, 5, NULL, NULL); break;
    case 7: acc_vec_plus(r, a, b, 7, NULL, NULL); break;
    default: acc_vec_plus(r, a, b, n, NULL, NULL);
    }
}

void kf_mldsa_pointwise_acc_vec_plus_avx2(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b,
                                          unsigned n, const kf_mldsa_poly *c, const kf_mldsa_poly *d)
{
    switch (n) {
    case 4: acc_vec_plus(r, a, b, 4, c, d); break;
    case 5: acc_vec_plus(r, a, b, 5, c, d); break;
    case 7: acc_vec_plus(r, a, b, 7, c, d); break;
    default: acc_vec_plus(r, a, b, n, c, d);
    }
}
