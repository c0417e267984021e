/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * verify.c - ML-DSA.Verify_internal (FIPS 204 Alg. 8), for one signature and for a batch
 * (kf_mldsa_verify_batch). All inputs are public: no constant-time constraint.
 *
 * The batch verifies its items one after another for the arithmetic (each needs A, about
 * 56 KiB for ML-DSA-87, on the stack), but runs the hashes that a single verification must
 * make on one state in the lanes of the batched backend, up to KF_XN_MAX items at a time:
 * tr = H(pk, 64) and the final c~' = H(mu || w1Encode(w1'), lambda/4), whose inputs have the
 * same length for every item of a set, and mu = H(tr || M') where the window's messages and
 * contexts have one length. Items whose pk has the rho of the item before reuse its A
 * (ExpandA, the largest hash of a verification, runs once for a run of signatures under one
 * key); under a new key, ExpandA's last group of streams fills its idle lanes with the next
 * item's key's first polynomials (kf_mldsa_expand_a_ahead: ML-DSA-65's 30 streams).
 * SampleInBall's first SHAKE256 block of c~ is made for eight items at a time in lanes
 * (sib_lanes) where a single verification runs one x1 permutation for it.
 */
#include "mldsa/mldsa_internal.h"
#include "mldsa/packing.h"
#include "mldsa/sampling.h"
#include "mldsa/arith.h"
#ifdef KF_MLDSA_HAVE_AVX2
#include "mldsa/x86_64/poly_avx2.h"
#endif
#include "sponge/sponge_xn.h"
#include "common/util.h"

#include <stddef.h>
#include <string.h>

#define K_MAX KF_MLDSA_K_MAX
#define L_MAX KF_MLDSA_L_MAX
#define W1_BYTES_MAX (K_MAX * 32 * 4) /* k 32 w1_bits: 4 x 192 or 8 x 128 bytes */
#define SHAKE_SUFFIX 0x1F
#define NEG_2D 4165636 /* -2^13 2^32 mod q */
_Static_assert((NEG_2D + ((int64_t)1 << 45) % KF_MLDSA_Q) % KF_MLDSA_Q == 0, "NEG_2D: -2^13 2^32 mod q");

/* 64-byte aligned (the polynomials are 1 KiB each, so all of them): on a stack aligned to 16
 * bytes only they sat at 16 mod 32 in half the processes (the stack's place is random), where
 * every other 32-byte load or store of the AVX2 arithmetic crosses a cache line, and the batch
 * ran 3.5% slower there (BENCHMARK_HISTORY.md, session 38). */
typedef struct verify_state {
    _Alignas(64) kf_mldsa_poly a[K_MAX * L_MAX];
    kf_mldsa_poly t1[K_MAX], z[L_MAX], h[K_MAX], w[K_MAX], c, tmp;
    uint8_t rho[KF_MLDSA_SEEDBYTES], a_rho[KF_MLDSA_SEEDBYTES], ctilde[KF_MLDSA_CTILDE_MAX];
    int a_valid; /* a holds ExpandA(a_rho) */
} verify_state;
_Static_assert(offsetof(verify_state, a) == 0, "kf_mldsa_verify_one wipes what follows a");

/* 1 if a[0 .. n) == b[0 .. n) (public data: it stops at the first difference). A loop rather
 * than memcmp, as asn1_keys.c's eq_bytes: Frama-C's memcmp contract asks that neither pointer
 * dangle, which WP 25 cannot state, and its hypothesis after the call is false (every goal
 * after a memcmp would be proved vacuously: docs/ASSURANCE.md, "ML-DSA's Verify"). */
/*@ requires \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int same_bytes(const uint8_t *a, const uint8_t *b, size_t n)
{
    /*@ loop invariant 0 <= i <= n;
        loop assigns i;
        loop variant n - i; */
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* The batch's ExpandA one key ahead (kf_mldsa_expand_a_ahead): the first n polynomials of
 * ExpandA(rho), made in the idle lanes of the key before's last call; next_rho: the key of the
 * item after the one being verified, or NULL. (Before verify_decode, whose contract names it.) */
typedef struct a_ahead {
    _Alignas(64) kf_mldsa_poly poly[KF_XN_MAX - 1]; /* as verify_state's */
    uint8_t rho[KF_MLDSA_SEEDBYTES];
    unsigned n;
    const uint8_t *next_rho;
} a_ahead;

/* Decode pk and sig into st and check what needs no hash: 0 if the hint is malformed
 * (sigDecode's bottom) or z is out of bounds (line 13). What it keeps is stated (dec_p_kept, dec_a_kept,
 * dec_ah_kept) for the batch's loop, in whose context the frames across the call step out; gah: a
 * ghost parameter (no code), the batch's polynomials made ahead, or NULL. */
/*@ requires kf_mldsa_params_ok(p) && \valid(st);
    requires \valid_read(pk + (0 .. p->pk_bytes - 1)) && \valid_read(sig + (0 .. p->sig_bytes - 1));
    requires \separated(st, pk + (0 .. p->pk_bytes - 1)) && \separated(st, sig + (0 .. p->sig_bytes - 1)) &&
             \separated(st, p);
    requires \separated(pk + (0 .. p->pk_bytes - 1), p) && \separated(sig + (0 .. p->sig_bytes - 1), p);
    requires dec_gah: gah == \null || (gah->n <= KF_XN_MAX - 1 && \separated(gah, st));
    assigns st->rho[0 .. KF_MLDSA_SEEDBYTES - 1], st->t1[0 .. K_MAX - 1], st->ctilde[0 .. KF_MLDSA_CTILDE_MAX - 1],
            st->z[0 .. L_MAX - 1], st->h[0 .. K_MAX - 1];
    ensures \result == 0 || \result == 1;
    ensures kf_mldsa_vec_bounded(&st->t1[0], p->k, 0, 1023);
    ensures \result == 1 ==> kf_mldsa_vec_bounded(&st->z[0], p->l, -p->gamma1 + 1, p->gamma1);
    ensures dec_p_kept: kf_mldsa_params_ok(p);
    ensures dec_a_kept: st->a_valid == \old(st->a_valid) &&
                    (\old(kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1)) ==>
                     kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1));
    ensures dec_ah_kept: gah == \null || (gah->n == \old(gah->n) &&
                     (\old(\forall integer i; 0 <= i < gah->n ==>
                            kf_mldsa_bounded(&gah->poly[i], 0, KF_MLDSA_Q - 1)) ==>
                      \forall integer i; 0 <= i < gah->n ==> kf_mldsa_bounded(&gah->poly[i], 0, KF_MLDSA_Q - 1))); */
static int verify_decode(verify_state *st, const kf_mldsa_params *p, const uint8_t *pk, const uint8_t *sig)
/*@ ghost (a_ahead *gah) */
{
    /*@ assert dec_kl: p->k * p->l <= K_MAX * L_MAX; */
    kf_mldsa_pk_decode(st->rho, st->t1, pk, p);
    if (kf_mldsa_sig_decode(st->ctilde, st->z, st->h, sig, p) != 0) return 0;
    uint32_t over = 0;
    /*@ loop invariant 0 <= j <= p->l;
        loop assigns j, over;
        loop variant p->l - j; */
    for (unsigned j = 0; j < p->l; j++) kf_mldsa_poly_exceeds(&st->z[j], p->gamma1 - (int32_t)p->beta, &over);
    return !over;
}

/*@ requires \valid(c) && kf_mldsa_params_ok(p) && 8 <= len && \valid_read(block + (0 .. len - 1));
    requires \valid_read(ctilde + (0 .. p->ctilde_bytes - 1));
    requires \separated(c, p, block + (0 .. len - 1), ctilde + (0 .. p->ctilde_bytes - 1));
    assigns c->c[0 .. KF_MLDSA_N - 1];
    ensures kf_mldsa_bounded(c, -1, 1); */
void kf_mldsa_sample_in_ball_block(kf_mldsa_poly *c, const uint8_t *block, size_t len, const uint8_t *ctilde,
                                   const kf_mldsa_params *p)
{
    uint64_t signs = 0;
    /*@ loop invariant 0 <= i <= 8;
        loop assigns i, signs;
        loop variant 8 - i; */
    for (unsigned i = 0; i < 8; i++) signs |= (uint64_t)block[i] << (8 * i);
    size_t pos = 8;
    /*@ loop invariant 0 <= k <= KF_MLDSA_N && \forall integer m; 0 <= m < k ==> c->c[m] == 0;
        loop assigns k, c->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - k; */
    for (unsigned k = 0; k < KF_MLDSA_N; k++) c->c[k] = 0; /* a loop, not memset: the proof's typed memory */
    /*@ loop invariant KF_MLDSA_N - p->tau <= i <= KF_MLDSA_N && 8 <= pos <= len;
        loop invariant kf_mldsa_bounded(c, -1, 1);
        loop assigns i, pos, signs, c->c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = KF_MLDSA_N - p->tau; i < KF_MLDSA_N; i++) {
        unsigned j;
        /*@ loop invariant 8 <= pos <= len;
            loop assigns pos, j;
            loop variant len - pos; */
        do {
            if (pos == len) { /* the positions need bytes past the block: from the start */
                kf_mldsa_sample_in_ball(c, ctilde, p);
                return;
            }
            j = block[pos++];
        } while (j > i);
        c->c[i] = c->c[j];
        c->c[j] = 1 - 2 * (int32_t)(signs & 1);
        signs >>= 1;
    }
}

/* A for st->rho from the batch's polynomials made ahead (those ah holds for this rho) and
 * kf_mldsa_expand_a_ahead for the rest, which makes the next key's first ones into ah. */
/*@ requires kf_mldsa_params_ok(p) && \valid(st) && \separated(st, p);
    requires \valid(ah) && ah->n <= KF_XN_MAX - 1 &&
             \forall integer i; 0 <= i < ah->n ==> kf_mldsa_bounded(&ah->poly[i], 0, KF_MLDSA_Q - 1);
    requires \separated(ah, st, p);
    requires ah->next_rho == \null || (\valid_read(ah->next_rho + (0 .. KF_MLDSA_SEEDBYTES - 1)) &&
             \separated(ah->next_rho + (0 .. KF_MLDSA_SEEDBYTES - 1), ah, st));
    assigns st->a[0 .. K_MAX * L_MAX - 1], ah->poly[0 .. KF_XN_MAX - 2], ah->n, ah->rho[0 .. KF_MLDSA_SEEDBYTES - 1], kf_spec_xn_table;
    ensures kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
    ensures ah_kept: ah->n <= KF_XN_MAX - 1 &&
                     \forall integer i; 0 <= i < ah->n ==> kf_mldsa_bounded(&ah->poly[i], 0, KF_MLDSA_Q - 1); */
static void a_from_ahead(verify_state *st, const kf_mldsa_params *p, a_ahead *ah)
{
    /*@ assert a_fits: 16 <= p->k * p->l <= K_MAX * L_MAX; */
    unsigned start = 0;
    if (ah->n && same_bytes(ah->rho, st->rho, sizeof st->rho)) {
        /* a loop of polynomials, not memcpy (the proof's typed memory does not see a copy of
         * int32 coefficients as bytes) */
        /*@ loop invariant 0 <= start <= ah->n;
            loop invariant \forall integer i, m; 0 <= i < start && 0 <= m < KF_MLDSA_N ==> 0 <= st->a[i].c[m] < KF_MLDSA_Q;
            loop assigns start, st->a[0 .. KF_XN_MAX - 2];
            loop variant ah->n - start; */
        for (; start < ah->n; start++)
            /*@ loop invariant 0 <= m <= KF_MLDSA_N;
                loop invariant \forall integer j; 0 <= j < m ==> 0 <= st->a[start].c[j] < KF_MLDSA_Q;
                loop assigns m, st->a[start].c[0 .. KF_MLDSA_N - 1];
                loop variant KF_MLDSA_N - m; */
            for (unsigned m = 0; m < KF_MLDSA_N; m++) st->a[start].c[m] = ah->poly[start].c[m];
    }
    kf_mldsa_expand_a_ahead(st->a, st->rho, p, start, ah->next_rho, ah->poly, &ah->n);
    /*@ assert a_first: \forall integer i, m; 0 <= i < start && 0 <= m < KF_MLDSA_N ==> 0 <= st->a[i].c[m] < KF_MLDSA_Q; */
    /*@ assert a_rest: \forall integer i, m; start <= i < p->k * p->l && 0 <= m < KF_MLDSA_N ==> 0 <= st->a[i].c[m] <= KF_MLDSA_Q - 1; */
    /*@ assert a_all: \forall integer i, m; 0 <= i < p->k * p->l && 0 <= m < KF_MLDSA_N ==> 0 <= st->a[i].c[m] <= KF_MLDSA_Q - 1; */
    /*@ assert a_made: kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1); */
    if (ah->n) memcpy(ah->rho, ah->next_rho, sizeof ah->rho);
}

/* A for st->rho (ExpandA, Alg. 8 line 5): kept when st holds it already, else made (from the
 * batch's polynomials made ahead when ah has them). */
/*@ requires kf_mldsa_params_ok(p) && \valid(st) && \separated(st, p);
    requires st->a_valid != 0 ==> kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
    requires ah == \null || (\valid(ah) && ah->n <= KF_XN_MAX - 1 &&
                              \forall integer i; 0 <= i < ah->n ==> kf_mldsa_bounded(&ah->poly[i], 0, KF_MLDSA_Q - 1));
    requires ah == \null || \separated(ah, st, p);
    requires ah == \null || ah->next_rho == \null || (\valid_read(ah->next_rho + (0 .. KF_MLDSA_SEEDBYTES - 1)) &&
             \separated(ah->next_rho + (0 .. KF_MLDSA_SEEDBYTES - 1), ah, st));
    assigns st->a[0 .. K_MAX * L_MAX - 1], st->a_rho[0 .. KF_MLDSA_SEEDBYTES - 1], st->a_valid,
            ah->poly[0 .. KF_XN_MAX - 2], ah->n, ah->rho[0 .. KF_MLDSA_SEEDBYTES - 1], kf_spec_xn_table;
    ensures st->a_valid != 0 && kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
    ensures ah_kept: ah == \null || (ah->n <= KF_XN_MAX - 1 &&
                     \forall integer i; 0 <= i < ah->n ==> kf_mldsa_bounded(&ah->poly[i], 0, KF_MLDSA_Q - 1)); */
static void w1_matrix(verify_state *st, const kf_mldsa_params *p, a_ahead *ah)
{
    /*@ assert a_fits: p->k * p->l <= K_MAX * L_MAX; */
    if (st->a_valid && same_bytes(st->a_rho, st->rho, sizeof st->rho)) return;
    if (ah) a_from_ahead(st, p, ah);
    else kf_mldsa_expand_a(st->a, st->rho, p);
    /*@ assert a_made: kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1); */
    memcpy(st->a_rho, st->rho, sizeof st->rho);
    st->a_valid = 1;
}

/* NTT(c) times -2^d (Alg. 8 lines 8-9's c and t1 2^d): c = SampleInBall(c~), from sib (its
 * first SHAKE256 block made in lanes) when not NULL. pointwise divides by 2^32: NEG_2D =
 * -2^d 2^32 mod q, so that NTT(c) o NTT(t1 2^d) is subtracted as the extra term of each row's
 * sum. */
/*@ requires kf_mldsa_params_ok(p) && \valid(st) && \separated(st, p);
    requires sib == \null || (\valid_read(sib + (0 .. KF_SHAKE256_RATE - 1)) &&
                               \separated(sib + (0 .. KF_SHAKE256_RATE - 1), st, p));
    assigns st->c, st->tmp;
    ensures kf_mldsa_bounded(&st->c, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
static void w1_challenge(verify_state *st, const kf_mldsa_params *p, const uint8_t *sib)
{
    if (sib) kf_mldsa_sample_in_ball_block(&st->c, sib, KF_SHAKE256_RATE, st->ctilde, p);
    else kf_mldsa_sample_in_ball(&st->c, st->ctilde, p);
    kf_mldsa_ntt(&st->c);
    /*@ loop invariant 0 <= i <= KF_MLDSA_N && \forall integer m; 0 <= m < i ==> st->tmp.c[m] == NEG_2D;
        loop assigns i, st->tmp.c[0 .. KF_MLDSA_N - 1];
        loop variant KF_MLDSA_N - i; */
    for (unsigned i = 0; i < KF_MLDSA_N; i++) st->tmp.c[i] = NEG_2D;
    kf_mldsa_pointwise(&st->c, &st->c, &st->tmp);
}

/* Row i of w'approx = NTT^-1(A o NTT(z) - NTT(c) o NTT(t1 2^d)) and of w1' = UseHint(h,
 * w'approx), w1Encode'd into out; arow: row i of A (st->a + i l). The row sum is reduced once,
 * in (-q, q); it is the same mod q as the shifted-t1 form, and w is frozen after the inverse
 * NTT, so w1' is too. t1 is not used after: its NTT in place. */
/*@ requires kf_mldsa_params_ok(p) && \valid(st) && i < p->k;
    requires \valid(out + (0 .. 32 * p->w1_bits - 1)) && \separated(st, p, out + (0 .. 32 * p->w1_bits - 1));
    requires \valid_read(arow + (0 .. p->l - 1)) && \separated(arow + (0 .. p->l - 1), &st->t1[i], &st->w[i]);
    requires arow_bounded: \forall integer r, m; 0 <= r < p->l && 0 <= m < KF_MLDSA_N ==> 0 <= arow[r].c[m] <= KF_MLDSA_Q - 1;
    requires kf_mldsa_bounded(&st->c, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    requires kf_mldsa_vec_bounded(&st->z[0], p->l, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    requires kf_mldsa_bounded(&st->t1[i], 0, 1023);
    assigns st->t1[i], st->w[i], st->tmp, out[0 .. 32 * p->w1_bits - 1]; */
static void w1_row(verify_state *st, const kf_mldsa_params *p, uint8_t *out, unsigned i, const kf_mldsa_poly *arow)
{
    kf_mldsa_ntt(&st->t1[i]);
    kf_mldsa_pointwise_acc_vec_plus(&st->w[i], arow, st->z, p->l, &st->c, &st->t1[i]);
    kf_mldsa_invntt_tomont(&st->w[i]);
#ifdef KF_MLDSA_HAVE_AVX2
    if (kf_mldsa_arith_avx2()) { /* the three steps below in one pass (|w| < q: freeze is a caddq) */
        kf_mldsa_use_hint_pack_avx2(out, &st->w[i], &st->h[i], p->gamma2);
        return;
    }
#endif
    kf_mldsa_poly_freeze(&st->w[i]);
    kf_mldsa_use_hint(&st->tmp, &st->w[i], &st->h[i], p->gamma2);
    kf_mldsa_pack_simple(out, &st->tmp, p->w1_bits);
}

/* The rows of w1Encode(w1') into w1 (w1_row), from A, NTT(z) and c's term: the rows' offsets
 * carried down the loop (ra += l, ro += 32 w1_bits), so that no goal holds a product i l (an
 * unsigned one in C, which the ACSL facts' mathematical i l did not match). */
/*@ requires kf_mldsa_params_ok(p) && \valid(st) && \valid(w1 + (0 .. W1_BYTES_MAX - 1));
    requires \separated(st, p, w1 + (0 .. W1_BYTES_MAX - 1));
    requires kf_mldsa_bounded(&st->c, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    requires kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
    requires kf_mldsa_vec_bounded(&st->z[0], p->l, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    requires kf_mldsa_vec_bounded(&st->t1[0], p->k, 0, 1023);
    assigns st->t1[0 .. K_MAX - 1], st->w[0 .. K_MAX - 1], st->tmp, w1[0 .. W1_BYTES_MAX - 1]; */
static void w1_rows(verify_state *st, const kf_mldsa_params *p, uint8_t *w1)
{
    /* the three sets' k, l and w1_bits: every offset below is linear in i (CVC4 does not find
     * the products' bounds among the loop's hypotheses) */
    /*@ assert sets: p->k == 4 && p->l == 4 && p->w1_bits == 6 && p->k * p->l == 16 && 32 * p->w1_bits * p->k == 768 ||
                     p->k == 6 && p->l == 5 && p->w1_bits == 4 && p->k * p->l == 30 && 32 * p->w1_bits * p->k == 768 ||
                     p->k == 8 && p->l == 7 && p->w1_bits == 4 && p->k * p->l == 56 && 32 * p->w1_bits * p->k == 1024; */
    unsigned ra = 0, ro = 0; /* row i's first polynomial of A, first byte of w1 */
    /*@ loop invariant 0 <= i <= p->k;
        loop invariant rows: p->l == 4 && ra == 4 * i && ro == 192 * i || p->l == 5 && ra == 5 * i && ro == 128 * i ||
                             p->l == 7 && ra == 7 * i && ro == 128 * i;
        loop invariant \forall integer m; i <= m < p->k ==> kf_mldsa_bounded(&st->t1[m], 0, 1023);
        loop assigns i, ra, ro, st->t1[0 .. K_MAX - 1], st->w[0 .. K_MAX - 1], st->tmp,
                     w1[0 .. W1_BYTES_MAX - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) {
        w1_row(st, p, w1 + ro, i, &st->a[ra]);
        ra += p->l;
        ro += 32u * p->w1_bits;
    }
}

/* w1Encode(w1') into w1 (lines 9-11), A from st's cache when rho is the same; ah: NULL, or the
 * batch's polynomials made ahead; sib: NULL, or SampleInBall's first block made in lanes. What it
 * keeps (ah_kept, p_kept) is stated for the batch's loop, in whose context the frames across the
 * call step out (kf_mldsa_verify_batch's slow pass proves the batch over them). */
/*@ requires kf_mldsa_params_ok(p) && \valid(st) && \valid(w1 + (0 .. W1_BYTES_MAX - 1));
    requires \separated(st, p, w1 + (0 .. W1_BYTES_MAX - 1));
    requires kf_mldsa_vec_bounded(&st->t1[0], p->k, 0, 1023);
    requires kf_mldsa_vec_bounded(&st->z[0], p->l, -p->gamma1 + 1, p->gamma1);
    requires st->a_valid != 0 ==> kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
    requires ah == \null || (\valid(ah) && ah->n <= KF_XN_MAX - 1 &&
                              \forall integer i; 0 <= i < ah->n ==> kf_mldsa_bounded(&ah->poly[i], 0, KF_MLDSA_Q - 1));
    requires ah == \null || \separated(ah, st, p, w1 + (0 .. W1_BYTES_MAX - 1));
    requires ah == \null || ah->next_rho == \null || (\valid_read(ah->next_rho + (0 .. KF_MLDSA_SEEDBYTES - 1)) &&
             \separated(ah->next_rho + (0 .. KF_MLDSA_SEEDBYTES - 1), ah, st));
    requires sib == \null || (\valid_read(sib + (0 .. KF_SHAKE256_RATE - 1)) &&
                               \separated(sib + (0 .. KF_SHAKE256_RATE - 1), st, p));
    assigns st->a[0 .. K_MAX * L_MAX - 1], st->a_rho[0 .. KF_MLDSA_SEEDBYTES - 1], st->a_valid, st->c, st->tmp,
            st->z[0 .. L_MAX - 1], st->t1[0 .. K_MAX - 1], st->w[0 .. K_MAX - 1], w1[0 .. W1_BYTES_MAX - 1],
            ah->poly[0 .. KF_XN_MAX - 2], ah->n, ah->rho[0 .. KF_MLDSA_SEEDBYTES - 1], kf_spec_xn_table;
    ensures st->a_valid != 0 && kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
    ensures ah_kept: ah == \null || (ah->n <= KF_XN_MAX - 1 &&
                     \forall integer i; 0 <= i < ah->n ==> kf_mldsa_bounded(&ah->poly[i], 0, KF_MLDSA_Q - 1));
    ensures p_kept: kf_mldsa_params_ok(p); */
static void verify_w1(verify_state *st, const kf_mldsa_params *p, uint8_t *w1, a_ahead *ah, const uint8_t *sib)
{
    /*@ assert a_fits: p->k * p->l <= K_MAX * L_MAX && 32 * p->w1_bits * p->k <= W1_BYTES_MAX; */
    w1_matrix(st, p, ah);
    w1_challenge(st, p, sib);
    /*@ assert ah_kept1: ah == \null || (ah->n <= KF_XN_MAX - 1 &&
                         \forall integer i; 0 <= i < ah->n ==> kf_mldsa_bounded(&ah->poly[i], 0, KF_MLDSA_Q - 1)); */
    /*@ loop invariant 0 <= j <= p->l;
        loop invariant kf_mldsa_params_ok(p);
        loop invariant kf_mldsa_vec_bounded(&st->z[0], j, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
        loop invariant \forall integer m; j <= m < p->l ==> kf_mldsa_bounded(&st->z[m], -p->gamma1 + 1, p->gamma1);
        loop assigns j, st->z[0 .. L_MAX - 1];
        loop variant p->l - j; */
    for (unsigned j = 0; j < p->l; j++) kf_mldsa_ntt(&st->z[j]);
    /*@ assert ah_kept2: ah == \null || (ah->n <= KF_XN_MAX - 1 &&
                         \forall integer i; 0 <= i < ah->n ==> kf_mldsa_bounded(&ah->poly[i], 0, KF_MLDSA_Q - 1)); */
    w1_rows(st, p, w1);
}

/*@ requires kf_mldsa_params_ok(p);
    assigns \nothing;
    ensures \result == 32 * p->w1_bits * p->k; */
static size_t w1_bytes(const kf_mldsa_params *p)
{
    return 32u * p->w1_bits * p->k;
}

#define PK_PADDED_MAX ((KF_MLDSA_PK_MAX_BYTES / KF_SHAKE256_RATE + 1) * KF_SHAKE256_RATE)

/* tr = H(pk, 64) and ExpandA(rho) into st->a, tr's blocks riding on ExpandA's permutations
 * where kf_backend_xn_side() has a backend (avx512-x9: its integer units run tr's rounds
 * beside the eight vector states; pk's 10 / 15 / 20 padded blocks against ExpandA's 10 / 20 /
 * 35 permutations). */
/*@ requires kf_mldsa_params_ok(p) && \valid(st) && \valid_read(pk + (0 .. p->pk_bytes - 1));
    requires \valid(tr + (0 .. KF_MLDSA_TR_BYTES - 1));
    requires \separated(st, pk + (0 .. p->pk_bytes - 1), tr + (0 .. KF_MLDSA_TR_BYTES - 1), p);
    requires \separated(tr + (0 .. KF_MLDSA_TR_BYTES - 1), pk + (0 .. p->pk_bytes - 1), p);
    assigns st->a[0 .. K_MAX * L_MAX - 1], st->a_rho[0 .. KF_MLDSA_SEEDBYTES - 1], st->a_valid,
            tr[0 .. KF_MLDSA_TR_BYTES - 1], kf_spec_xn_table;
    ensures st->a_valid == 1 && kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1); */
static void tr_and_a(verify_state *st, const kf_mldsa_params *p, const uint8_t *pk, uint8_t tr[KF_MLDSA_TR_BYTES])
{
    /*@ assert a_fits: p->k * p->l <= K_MAX * L_MAX; */
    uint8_t padded[PK_PADDED_MAX];
    memcpy(padded, pk, p->pk_bytes);
    kf_xn_side side = {{0}, padded, KF_SHAKE256_RATE, 0};
    side.blocks = kf_xn_side_pad(padded, p->pk_bytes, KF_SHAKE256_RATE, SHAKE_SUFFIX);
    kf_mldsa_expand_a_side(st->a, st->rho, p, &side, kf_mldsa_side_groups(p, 0), NULL, NULL);
    memcpy(st->a_rho, st->rho, sizeof st->rho);
    st->a_valid = 1;
    kf_xn_side_squeeze(&side, tr, KF_MLDSA_TR_BYTES);
}

/* The wipe of st but for A, kf_mldsa_verify_one's last step: its contract names st's fields,
 * so that the caller's goals after the call assume nothing about st's bytes (WP's typed model
 * cannot view a struct as bytes: kf_memzero's precondition of a local's bytes would be a false
 * hypothesis for every goal after it; here, through a pointer, the one unproved goal is this
 * function's own, proofs/justified_alarms.md). */
/*@ requires \valid(st);
    assigns *st; */
static inline void wipe_but_a(verify_state *st)
{
    kf_memzero((uint8_t *)st + sizeof st->a, sizeof *st - sizeof st->a);
}

/* The batch's wipe of its whole state, in the state's type as wipe_but_a (kf_memzero of a
 * local as bytes leaves a false hypothesis for every goal after it: "ML-DSA's Verify"). */
/*@ requires \valid(st);
    assigns *st; */
static inline void wipe_state(verify_state *st)
{
    kf_memzero(st, sizeof *st);
}

int kf_mldsa_verify_one(const kf_mldsa_params *p, const uint8_t *pk, const kf_mldsa_msg *m, const uint8_t *mu,
                        const uint8_t *sig)
{
    verify_state st;
    uint8_t tr[KF_MLDSA_TR_BYTES], mu2[KF_MLDSA_CRHBYTES], w1[W1_BYTES_MAX], ctilde2[KF_MLDSA_CTILDE_MAX];
    int ok = 0;
    /* p is params.c's const table (kf_mldsa_params_get), never handed to a caller: apart from
     * the caller's pk and sig, which the decoders' contracts ask (proofs/justified_alarms.md) */
    /*@ assert inputs_apart: \separated(pk + (0 .. p->pk_bytes - 1), p) && \separated(sig + (0 .. p->sig_bytes - 1), p); */
    /* the sizes of w1 and c~' (p's unsigned fields: no call here writes one) */
    /*@ assert w1_fits: 32 * p->w1_bits * p->k <= W1_BYTES_MAX && p->ctilde_bytes <= KF_MLDSA_CTILDE_MAX; */
    st.a_valid = 0;
    if (!verify_decode(&st, p, pk, sig) /*@ ghost (NULL) */) goto out;
    /*@ assert p_ok: kf_mldsa_params_ok(p); */
    if (!mu) {
        if (kf_backend_xn_side()) {
            tr_and_a(&st, p, pk, tr);
        } else { /* tr on x1 from pk, ExpandA in verify_w1 */
            const uint8_t *in[1] = {pk};
            const size_t len[1] = {p->pk_bytes};
            kf_mldsa_shake256(tr, sizeof tr, 1, in, len);
        }
        kf_mldsa_compute_mu(mu2, tr, m);
        mu = mu2;
        /*@ assert p_ok2: kf_mldsa_params_ok(p); */
    }
    /*@ assert mu_ok: \valid_read(mu + (0 .. KF_MLDSA_CRHBYTES - 1)); */
    verify_w1(&st, p, w1, NULL, NULL);
    const uint8_t *in[2] = {mu, w1};
    const size_t len[2] = {KF_MLDSA_CRHBYTES, w1_bytes(p)};
    /*@ assert in_ok: \valid_read(in[0] + (0 .. len[0] - 1)) && \valid_read(in[1] + (0 .. len[1] - 1)); */
    kf_mldsa_shake256(ctilde2, p->ctilde_bytes, 2, in, len);
    ok = same_bytes(st.ctilde, ctilde2, p->ctilde_bytes);
out:
    /* public data, but a stack this size is not left behind; A (ExpandA(rho), up to 56 KB) is
     * left, as signing leaves it: wiping it was 1.7% of an ML-DSA-65 verify in perf */
    wipe_but_a(&st);
    return ok;
}

/* ---- the batch ------------------------------------------------------------------------------ */

#define WINDOW KF_XN_MAX

typedef struct batch_window {
    size_t at[WINDOW];                      /* the items' indices */
    const uint8_t *pk[WINDOW];
    uint8_t tr[WINDOW][KF_MLDSA_TR_BYTES];
    uint8_t mu[WINDOW][KF_MLDSA_CRHBYTES];
    uint8_t w1[WINDOW][W1_BYTES_MAX];
    uint8_t ctilde[WINDOW][KF_MLDSA_CTILDE_MAX];
    uint8_t got[WINDOW][KF_MLDSA_CTILDE_MAX];
} batch_window;

/* An item as the batch's caller hands it: each pointer NULL or readable for its length (what
 * kf_mldsa_verify asks of its arguments), and an item that passed item_checks. */
/*@ predicate kf_item_readable(kf_mldsa_verify_item *it) = \valid_read(it) &&
      (it->msg == \null || \valid_read((uint8_t *)it->msg + (0 .. it->msglen - 1))) &&
      (it->ctx == \null || \valid_read((uint8_t *)it->ctx + (0 .. it->ctxlen - 1))) &&
      (it->sig == \null || \valid_read(it->sig + (0 .. it->siglen - 1))) &&
      (it->pk == \null || \valid_read(it->pk + (0 .. it->pklen - 1)));
    predicate kf_item_msg_ok(kf_mldsa_verify_item *it) =
      (it->msg != \null || it->msglen == 0) && (it->ctx != \null || it->ctxlen == 0) &&
      it->ctxlen <= KF_MLDSA_MAX_CONTEXT_BYTES;
    predicate kf_item_ok(kf_mldsa_params *p, kf_mldsa_verify_item *it) =
      kf_item_msg_ok(it) && p != \null && it->pk != \null && it->sig != \null &&
      it->pklen == p->pk_bytes && it->siglen == p->sig_bytes; */

/*@ requires p == \null || kf_mldsa_params_ok(p);
    requires \valid_read(it);
    assigns \nothing;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER ||
            \result == KF_ERR_BAD_LENGTH || \result == KF_ERR_BAD_CONTEXT;
    ensures \result == KF_OK ==> kf_item_ok(p, it); */
static int item_checks(const kf_mldsa_params *p, const kf_mldsa_verify_item *it)
{
    int rc = kf_mldsa_verify_checks(p, it->msg, it->msglen, it->sig, it->siglen, it->pk, it->pklen);
    return rc == KF_OK ? kf_mldsa_ctx_checks(it->ctx, it->ctxlen) : rc;
}

/* mu = H(tr || M') of the window's n items in lanes, where every item's context and message
 * have the lengths of the first's (a server's batch of fixed-size messages): 0 if not. */
/*@ requires \valid(bw) && 1 <= n <= WINDOW;
    requires \forall integer j; 0 <= j < n ==> kf_item_readable(&items[bw->at[j]]) && kf_item_msg_ok(&items[bw->at[j]]);
    assigns bw->mu[0 .. WINDOW - 1][0 .. KF_MLDSA_CRHBYTES - 1], kf_spec_xn_table;
    ensures \result == 0 || \result == 1; */
static int mu_lanes(batch_window *bw, unsigned n, const kf_mldsa_verify_item *items)
{
    const kf_mldsa_verify_item *first = &items[bw->at[0]];
    const uint8_t *in[WINDOW], *ctx[WINDOW], *msg[WINDOW];
    uint8_t *out[WINDOW];
    if (n < 2) return 0;
    /*@ loop invariant 0 <= j <= n;
        loop invariant mu_in: \forall integer k; 0 <= k < j ==> in[k] == &bw->tr[k][0] && out[k] == &bw->mu[k][0] &&
                         \valid_read(ctx[k] + (0 .. first->ctxlen - 1)) && \valid_read(msg[k] + (0 .. first->msglen - 1));
        loop assigns j, in[0 .. WINDOW - 1], ctx[0 .. WINDOW - 1], msg[0 .. WINDOW - 1], out[0 .. WINDOW - 1];
        loop variant n - j; */
    for (unsigned j = 0; j < n; j++) {
        const kf_mldsa_verify_item *it = &items[bw->at[j]];
        if (it->ctxlen != first->ctxlen || it->msglen != first->msglen) return 0;
        in[j] = bw->tr[j];
        ctx[j] = it->ctx;
        msg[j] = it->msg;
        out[j] = bw->mu[j];
    }
    const uint8_t hdr[2] = {0, (uint8_t)first->ctxlen}; /* M' = 0 || |ctx| || ctx || M (kf_mldsa_pure_msg) */
    const uint8_t *h[WINDOW];
    /*@ loop invariant 0 <= j <= n && \forall integer k; 0 <= k < j ==> h[k] == &hdr[0];
        loop assigns j, h[0 .. WINDOW - 1];
        loop variant n - j; */
    for (unsigned j = 0; j < n; j++) h[j] = hdr;
    kf_sponge_xn x;
    kf_sponge_xn_init(&x, n, KF_SHAKE256_RATE, 24, SHAKE_SUFFIX);
    kf_sponge_xn_absorb(&x, in, KF_MLDSA_TR_BYTES);
    kf_sponge_xn_absorb(&x, h, sizeof hdr);
    /*@ assert mu_x0: kf_sponge_xn_ok(&x) && x.n == n && x.phase == 1; */
    if (first->ctxlen) kf_sponge_xn_absorb(&x, ctx, first->ctxlen);
    /*@ assert mu_x1: kf_sponge_xn_ok(&x) && x.n == n && x.phase == 1; */
    if (first->msglen) kf_sponge_xn_absorb(&x, msg, first->msglen);
    /*@ assert mu_x: kf_sponge_xn_ok(&x) && x.n == n; */
    kf_sponge_xn_squeeze(&x, out, KF_MLDSA_CRHBYTES);
    return 1;
}

/* finish_window's hashes and compare as helpers with small contracts, always inlined (as kpke.c's
 * keygen_step): the lanes' pointer arrays are parameters here, so the prover finds their frame
 * across the sponge's `assigns *s` in a small context, which it did not in finish_window's
 * (session 60). The loops that fill the arrays stay in finish_window: moved into a helper, they
 * changed kf_mldsa_verify_batch's machine code (session 61: 8,084 -> 7,239 bytes, 1-3 % slower
 * in an A/B); as here the object code is finish_window's as one function (session 62, objdump). */
#define KF_ALWAYS_INLINE inline __attribute__((always_inline))

/* tr = H(pk, 64) of n lanes: out[i] = H(in[i][0 .. inlen[i]), 64) for i < n. */
/*@ requires \valid(x) && 1 <= n <= WINDOW;
    requires \valid_read(in + (0 .. n - 1)) && \valid_read(inlen + (0 .. n - 1)) && \valid_read(out + (0 .. n - 1));
    requires \separated(x, in + (0 .. n - 1), inlen + (0 .. n - 1), out + (0 .. n - 1));
    requires \forall integer i; 0 <= i < n ==> \valid_read(in[i] + (0 .. inlen[i] - 1));
    requires \forall integer i; 0 <= i < n ==> \valid(out[i] + (0 .. KF_MLDSA_TR_BYTES - 1)) &&
                                               \separated(out[i] + (0 .. KF_MLDSA_TR_BYTES - 1), x);
    assigns *x, *(out[0 .. n - 1] + (0 .. KF_MLDSA_TR_BYTES - 1)), kf_spec_xn_table; */
static KF_ALWAYS_INLINE void tr_lanes(kf_sponge_xn *x, unsigned n, const uint8_t **in, size_t *inlen, uint8_t **out)
{
    kf_sponge_xn_plan(x, n, KF_SHAKE256_RATE, 24, SHAKE_SUFFIX);
    kf_sponge_xn_oneshot(x, in, inlen, out, KF_MLDSA_TR_BYTES); /* tr = H(pk, 64) */
}

/* c~' = H(mu || w1Encode(w1'), lambda/4) of n lanes: out[i] = H(in[i][0 .. 64) || in2[i][0 .. w1
 * bytes), ctilde_bytes) for i < n. */
/*@ requires kf_mldsa_params_ok(p) && \valid(x) && 1 <= n <= WINDOW;
    requires \valid_read(in + (0 .. n - 1)) && \valid_read(in2 + (0 .. n - 1)) && \valid_read(out + (0 .. n - 1));
    requires \separated(x, p, in + (0 .. n - 1), in2 + (0 .. n - 1), out + (0 .. n - 1));
    requires \forall integer i; 0 <= i < n ==> \valid_read(in[i] + (0 .. KF_MLDSA_CRHBYTES - 1)) &&
                                               \valid_read(in2[i] + (0 .. 32 * p->w1_bits * p->k - 1));
    requires \forall integer i; 0 <= i < n ==> \valid(out[i] + (0 .. p->ctilde_bytes - 1)) &&
                                               \separated(out[i] + (0 .. p->ctilde_bytes - 1), x);
    assigns *x, *(out[0 .. n - 1] + (0 .. p->ctilde_bytes - 1)), kf_spec_xn_table; */
static KF_ALWAYS_INLINE void ctilde_lanes(kf_sponge_xn *x, unsigned n, const kf_mldsa_params *p, const uint8_t **in,
                                          const uint8_t **in2, uint8_t **out)
{
    kf_sponge_xn_init(x, n, KF_SHAKE256_RATE, 24, SHAKE_SUFFIX);
    kf_sponge_xn_absorb(x, in, KF_MLDSA_CRHBYTES);
    /*@ assert x_mu: kf_sponge_xn_ok(x) && x->n == n && x->phase == 1; */
    kf_sponge_xn_absorb(x, in2, w1_bytes(p));
    /*@ assert x_w1: kf_sponge_xn_ok(x) && x->n == n; */
    kf_sponge_xn_squeeze(x, out, p->ctilde_bytes); /* c~' = H(mu || w1Encode(w1'), lambda/4) */
}

/* mu = H(tr || M') of the window's item j alone (a message of another length than the others'). */
/*@ requires \valid(bw) && j < WINDOW;
    requires kf_item_readable(it) && kf_item_msg_ok(it) && \separated(it, bw);
    assigns bw->mu[j][0 .. KF_MLDSA_CRHBYTES - 1]; */
static KF_ALWAYS_INLINE void mu_one(batch_window *bw, unsigned j, const kf_mldsa_verify_item *it)
{
    kf_mldsa_msg m;
    uint8_t hdr[2];
    kf_mldsa_pure_msg(&m, hdr, it->msg, it->msglen, it->ctx, it->ctxlen);
    kf_mldsa_compute_mu(bw->mu[j], bw->tr[j], &m);
}

/* 1 if a[0 .. n) == b[0 .. n): memcmp of public data (c~ and c~'), as the batch always compared
 * them. Proved over proofs/shim/memcmp_libc.h's memcmp (session 74): Frama-C's own asks that
 * neither pointer dangle, which WP 25 cannot state, and its hypothesis after the call is false
 * (same_bytes' comment); same_bytes' loop in its place changed the machine code (session 61). */
/*@ requires \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static KF_ALWAYS_INLINE int public_same(const uint8_t *a, const uint8_t *b, size_t n)
{
    return memcmp(a, b, n) == 0;
}

/* Each item's result: c~ == c~'. */
/*@ requires kf_mldsa_params_ok(p) && \valid_read(bw) && 1 <= n <= WINDOW;
    requires \forall integer j; 0 <= j < n ==> \valid(results + bw->at[j]) && \separated(results + bw->at[j], bw, p);
    assigns results[bw->at[0 .. n - 1]]; */
static KF_ALWAYS_INLINE void window_results(const batch_window *bw, unsigned n, const kf_mldsa_params *p, int *results)
{
    /*@ assert ct_fits: p->ctilde_bytes <= KF_MLDSA_CTILDE_MAX; */
    /*@ loop invariant 0 <= j <= n;
        loop assigns j, results[bw->at[0 .. n - 1]];
        loop variant n - j; */
    for (unsigned j = 0; j < n; j++)
        results[bw->at[j]] = public_same(bw->ctilde[j], bw->got[j], p->ctilde_bytes) ? KF_OK : KF_ERR_BAD_SIGNATURE;
}

/* tr for the n items of the window, then mu (in lanes where the messages' lengths allow),
 * then c~': the fixed-length hashes in lanes. bw->mu in the assigns as the field's bytes from its first (the
 * locations of bw->mu[0 .. WINDOW - 1][0 .. KF_MLDSA_CRHBYTES - 1]): as rows, the inclusion of mu_one's row j left
 * CVC4 an existential row index it did not find (session 62). tr riding on ExpandA's permutations (as a single
 * verification makes it, tr_and_a) measured slower here than 8 tr in lanes: the batch of 64 under 64 keys
 * 0.975-0.992x (vbatch A/B, 2026-11-25). gst, gah: ghost parameters (no code), the batch's verify_state
 * and polynomials made ahead, or NULL: what the call keeps of them and of p is stated (fw_p_kept, fw_a_kept,
 * fw_ah_kept) for the batch's loop, in whose context the frames across the call step out (session 68). gcount
 * (ghost): the batch's count, above every index of the window (fw_at): the results written and the items apart
 * from bw as the caller's ranges results[0 .. count - 1] and items[0 .. count - 1], which the caller's clauses
 * name, so that its inclusion is syntactic (session 71; as results[bw->at[0 .. n - 1]] it stepped out). */
/*@ requires kf_mldsa_params_ok(p) && \valid(bw) && 1 <= n <= WINDOW && \separated(bw, p);
    requires fw_rd: \forall integer j; 0 <= j < n ==> kf_item_readable(&items[bw->at[j]]) && kf_item_msg_ok(&items[bw->at[j]]);
    requires fw_isep: \separated(items + (0 .. gcount - 1), bw);
    requires \forall integer j; 0 <= j < n ==> \valid_read(bw->pk[j] + (0 .. p->pk_bytes - 1));
    requires \forall integer j; 0 <= j < n ==> \valid(results + bw->at[j]) && \separated(results + bw->at[j], bw, p);
    requires fw_gst: gst == \null || (\valid_read(gst) && \separated(gst, bw, p) &&
                               \forall integer j; 0 <= j < n ==> \separated(results + bw->at[j], gst));
    requires fw_gah: gah == \null || (\valid_read(gah) && gah->n <= KF_XN_MAX - 1 && \separated(gah, bw, p) &&
                               \forall integer j; 0 <= j < n ==> \separated(results + bw->at[j], gah));
    requires fw_at: \forall integer j; 0 <= j < n ==> bw->at[j] < gcount;
    assigns bw->tr[0 .. WINDOW - 1][0 .. KF_MLDSA_TR_BYTES - 1], *(&bw->mu[0][0] + (0 .. WINDOW * KF_MLDSA_CRHBYTES - 1)),
            bw->got[0 .. WINDOW - 1][0 .. KF_MLDSA_CTILDE_MAX - 1], results[0 .. gcount - 1], kf_spec_xn_table;
    ensures fw_p_kept: kf_mldsa_params_ok(p) && p->gamma1 == \old(p->gamma1) && p->gamma2 == \old(p->gamma2);
    ensures fw_a_kept: gst == \null || (gst->a_valid == \old(gst->a_valid) &&
                       (\old(kf_mldsa_vec_bounded(&gst->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1)) ==>
                        kf_mldsa_vec_bounded(&gst->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1)));
    ensures fw_ah_kept: gah == \null || (gah->n == \old(gah->n) &&
                        (\old(\forall integer i; 0 <= i < gah->n ==> kf_mldsa_bounded(&gah->poly[i], 0, KF_MLDSA_Q - 1)) ==>
                         \forall integer i; 0 <= i < gah->n ==> kf_mldsa_bounded(&gah->poly[i], 0, KF_MLDSA_Q - 1))); */
static void finish_window(batch_window *bw, unsigned n, const kf_mldsa_params *p, const kf_mldsa_verify_item *items,
                          int *results)
/*@ ghost (verify_state *gst, a_ahead *gah, size_t gcount) */
{
    kf_sponge_xn x;
    const uint8_t *in[WINDOW], *in2[WINDOW];
    uint8_t *out[WINDOW];
    size_t inlen[WINDOW];
    /*@ assert w1_fits: 32 * p->w1_bits * p->k <= W1_BYTES_MAX && p->ctilde_bytes <= KF_MLDSA_CTILDE_MAX; */
    /*@ assert fw_kl: p->k * p->l <= K_MAX * L_MAX; */
    /*@ loop invariant 0 <= j <= n;
        loop invariant \forall integer k; 0 <= k < j ==> in[k] == bw->pk[k] && inlen[k] == p->pk_bytes &&
                         out[k] == &bw->tr[k][0];
        loop assigns j, in[0 .. WINDOW - 1], inlen[0 .. WINDOW - 1], out[0 .. WINDOW - 1];
        loop variant n - j; */
    for (unsigned j = 0; j < n; j++) {
        in[j] = bw->pk[j];
        inlen[j] = p->pk_bytes;
        out[j] = bw->tr[j];
    }
    tr_lanes(&x, n, in, inlen, out);
    const int lanes = mu_lanes(bw, n, items);
    /*@ loop invariant 0 <= j <= n;
        loop invariant \forall integer k; 0 <= k < j ==> in[k] == &bw->mu[k][0] && in2[k] == &bw->w1[k][0] &&
                         out[k] == &bw->got[k][0];
        loop assigns j, in[0 .. WINDOW - 1], in2[0 .. WINDOW - 1], out[0 .. WINDOW - 1],
                     *(&bw->mu[0][0] + (0 .. WINDOW * KF_MLDSA_CRHBYTES - 1));
        loop variant n - j; */
    for (unsigned j = 0; j < n; j++) {
        if (!lanes) mu_one(bw, j, &items[bw->at[j]]); /* messages of other lengths: one at a time */
        in[j] = bw->mu[j];
        in2[j] = bw->w1[j];
        out[j] = bw->got[j];
    }
    /*@ assert lanes: \forall integer k; 0 <= k < n ==> in[k] == &bw->mu[k][0] && in2[k] == &bw->w1[k][0] &&
                        out[k] == &bw->got[k][0]; */
    ctilde_lanes(&x, n, p, in, in2, out);
    /*@ assert at_kept: \forall integer k; 0 <= k < n ==> bw->at[k] == \at(bw->at[k], Pre); */
    /*@ assert fw_fa0: gst == \null || (gst->a_valid == \at(gst->a_valid, Pre) && \forall integer j, m;
                       0 <= j < K_MAX * L_MAX && 0 <= m < KF_MLDSA_N ==> gst->a[j].c[m] == \at(gst->a[j].c[m], Pre)); */
    /*@ assert fw_fah0: gah == \null || (gah->n == \at(gah->n, Pre) && \forall integer j, m;
                        0 <= j < KF_XN_MAX - 1 && 0 <= m < KF_MLDSA_N ==> gah->poly[j].c[m] == \at(gah->poly[j].c[m], Pre)); */
    /*@ ghost F0: ; */
    window_results(bw, n, p, results);
    /*@ assert fw_fa1: gst == \null || (gst->a_valid == \at(gst->a_valid, F0) && \forall integer j, m;
                       0 <= j < K_MAX * L_MAX && 0 <= m < KF_MLDSA_N ==> gst->a[j].c[m] == \at(gst->a[j].c[m], F0)); */
    /*@ assert fw_fah1: gah == \null || (gah->n == \at(gah->n, F0) && \forall integer j, m;
                        0 <= j < KF_XN_MAX - 1 && 0 <= m < KF_MLDSA_N ==> gah->poly[j].c[m] == \at(gah->poly[j].c[m], F0)); */
    /*@ assert fw_fa: gst == \null || (gst->a_valid == \at(gst->a_valid, Pre) && \forall integer j, m;
                      0 <= j < p->k * p->l && 0 <= m < KF_MLDSA_N ==> gst->a[j].c[m] == \at(gst->a[j].c[m], Pre)); */
    /*@ assert fw_fah: gah == \null || (gah->n == \at(gah->n, Pre) && \forall integer j, m;
                       0 <= j < gah->n && 0 <= m < KF_MLDSA_N ==> gah->poly[j].c[m] == \at(gah->poly[j].c[m], Pre)); */
}

/* SampleInBall's first SHAKE256 block of c~ (sigDecode: the signature's first bytes) for the
 * items first .. first + n - 1 (n <= WINDOW) in lanes, one x8 permutation for eight items
 * where each alone takes an x1 one; an item that fails its checks gets a block of zero c~
 * that is not used. */
/*@ requires kf_mldsa_params_ok(p) && 1 <= n <= WINDOW && first + n <= SIZE_MAX;
    requires \valid(out + (0 .. WINDOW - 1));
    requires \forall integer j; first <= j < first + n ==> kf_item_readable(&items[j]);
    assigns out[0 .. WINDOW - 1][0 .. KF_SHAKE256_RATE - 1], kf_spec_xn_table; */
static void sib_lanes(uint8_t out[WINDOW][KF_SHAKE256_RATE], const kf_mldsa_params *p, const kf_mldsa_verify_item *items,
                      size_t first, unsigned n)
{
    static const uint8_t zero[KF_MLDSA_CTILDE_MAX];
    const uint8_t *in[WINDOW];
    uint8_t *o[WINDOW];
    size_t len[WINDOW];
    /*@ loop invariant 0 <= j <= n;
        loop invariant \forall integer k; 0 <= k < j ==> len[k] == p->ctilde_bytes && o[k] == &out[k][0] &&
                         \valid_read(in[k] + (0 .. p->ctilde_bytes - 1));
        loop assigns j, in[0 .. WINDOW - 1], o[0 .. WINDOW - 1], len[0 .. WINDOW - 1];
        loop variant n - j; */
    for (unsigned j = 0; j < n; j++) {
        in[j] = item_checks(p, &items[first + j]) == KF_OK ? items[first + j].sig : zero;
        len[j] = p->ctilde_bytes;
        o[j] = out[j];
    }
    kf_sponge_xn x;
    kf_sponge_xn_plan(&x, n, KF_SHAKE256_RATE, 24, SHAKE_SUFFIX);
    kf_sponge_xn_oneshot_public(&x, in, len, o, KF_SHAKE256_RATE); /* c~ is public */
}

/* The next item's signature and key asked into the cache while this one runs (its ExpandA
 * alone takes ~40k ticks): the first reads of both are decode's (z, t1, the hints), which
 * otherwise wait on every line of them. */
/*@ requires kf_mldsa_params_ok(p) && \valid_read(it);
    assigns \nothing; */
static void prefetch_item(const kf_mldsa_verify_item *it, const kf_mldsa_params *p)
{
    /*@ loop invariant o <= p->sig_bytes + 63;
        loop assigns o;
        loop variant p->sig_bytes - o; */
    for (size_t o = 0; o < p->sig_bytes; o += 64) __builtin_prefetch(it->sig + o);
    /*@ loop invariant o <= p->pk_bytes + 63;
        loop assigns o;
        loop variant p->pk_bytes - o; */
    for (size_t o = 0; o < p->pk_bytes; o += 64) __builtin_prefetch(it->pk + o);
}

/* The batch's contract (its declaration in keccakforge.h has none): items and results NULL, or
 * count items each readable as kf_mldsa_verify asks of its arguments and count results apart
 * from them. */
/*@ requires count == 0 || items == \null || results == \null ||
             (\valid_read(items + (0 .. count - 1)) && \valid(results + (0 .. count - 1)) &&
              \separated(results + (0 .. count - 1), items + (0 .. count - 1)) &&
              \forall integer i; 0 <= i < count ==> kf_item_readable(&items[i]));
    assigns results[0 .. count - 1], kf_spec_xn_table; */
int kf_mldsa_verify_batch(kf_mldsa_param param, size_t count, const kf_mldsa_verify_item *items, int *results)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    if (count == 0) return KF_OK;
    if (!items || !results) return KF_ERR_NULL_POINTER;
    /*@ assert v_res: \valid(results + (0 .. count - 1)) && \separated(results + (0 .. count - 1), p); */
    /*@ assert v_res_p: \forall integer j; 0 <= j < count ==> \separated(results + j, p); */
    verify_state st;
    batch_window bw;
    a_ahead ah;
    uint8_t sib[WINDOW][KF_SHAKE256_RATE];
    size_t sib_first = 0, sib_end = 0; /* sib holds the blocks of items sib_first .. sib_end - 1 */
    unsigned n = 0;
    ah.n = 0;
    st.a_valid = 0;
    /* The loop's assigns names sib row by row: over sib[0 .. WINDOW - 1][0 .. KF_SHAKE256_RATE - 1] WP frames sib by a
     * nested quantifier that stalls CVC4 on every goal after the loop's head (docs/ASSURANCE.md, session 73). */
    /*@ loop invariant nb: 0 <= i <= count && n < WINDOW;
        loop invariant p_ok: p == \null || kf_mldsa_params_ok(p);
        loop invariant nn: n != 0 ==> p != \null;
        loop invariant sib: sib_end <= count && sib_first <= sib_end && sib_end - sib_first <= WINDOW &&
                            (i < sib_end ==> sib_first <= i);
        loop invariant window: \forall integer k; 0 <= k < n ==> bw.at[k] < i && kf_item_ok(p, &items[bw.at[k]]) &&
                               bw.pk[k] == items[bw.at[k]].pk;
        loop invariant a_ok: st.a_valid != 0 ==> p != \null && kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
        loop invariant rd: \forall integer j; 0 <= j < count ==> kf_item_readable(&items[j]);
        loop invariant ah_ok: ah.n <= KF_XN_MAX - 1 &&
                              \forall integer k; 0 <= k < ah.n ==> kf_mldsa_bounded(&ah.poly[k], 0, KF_MLDSA_Q - 1);
        loop assigns i, n, sib_first, sib_end, st, bw, ah,
                     sib[0][0 .. KF_SHAKE256_RATE - 1], sib[1][0 .. KF_SHAKE256_RATE - 1], sib[2][0 .. KF_SHAKE256_RATE - 1], sib[3][0 .. KF_SHAKE256_RATE - 1],
                     sib[4][0 .. KF_SHAKE256_RATE - 1], sib[5][0 .. KF_SHAKE256_RATE - 1], sib[6][0 .. KF_SHAKE256_RATE - 1], sib[7][0 .. KF_SHAKE256_RATE - 1],
                     results[0 .. count - 1], kf_spec_xn_table;
        loop variant count - i; */
    for (size_t i = 0; i < count; i++) {
        const kf_mldsa_verify_item *it = &items[i];
        results[i] = item_checks(p, it);
        /*@ assert r_keep_p: (p == \null || kf_mldsa_params_ok(p)); */
        /*@ assert r_keep_a: (st.a_valid != 0 ==> p != \null && kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1)); */
        /*@ assert r_keep_ah: (ah.n <= KF_XN_MAX - 1 && \forall integer k; 0 <= k < ah.n ==> kf_mldsa_bounded(&ah.poly[k], 0, KF_MLDSA_Q - 1)); */
        /*@ assert r_keep: (p == \null || kf_mldsa_params_ok(p)) && (st.a_valid != 0 ==> p != \null && kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1)) && (ah.n <= KF_XN_MAX - 1 && \forall integer k; 0 <= k < ah.n ==> kf_mldsa_bounded(&ah.poly[k], 0, KF_MLDSA_Q - 1)); */
        /*@ assert r_rd: \forall integer j; 0 <= j < count ==> kf_item_readable(&items[j]); */
        if (results[i] != KF_OK) continue;
        /* p is params.c's const table, apart from the caller's pk and sig (kf_mldsa_verify_one's
         * inputs_apart) */
        /*@ assert batch_inputs_apart: \separated(it->pk + (0 .. p->pk_bytes - 1), p) &&
                                       \separated(it->sig + (0 .. p->sig_bytes - 1), p); */
        /*@ assert sizes: p->ctilde_bytes <= KF_MLDSA_CTILDE_MAX && KF_MLDSA_SEEDBYTES <= p->pk_bytes; */
        /*@ assert b_ok: kf_item_ok(p, it) && kf_mldsa_params_ok(p) && (st.a_valid != 0 ==> p != \null && kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1)) && (ah.n <= KF_XN_MAX - 1 && \forall integer k; 0 <= k < ah.n ==> kf_mldsa_bounded(&ah.poly[k], 0, KF_MLDSA_Q - 1)); */
        /*@ assert b_win: \forall integer k; 0 <= k < n ==> bw.at[k] < i && kf_item_ok(p, &items[bw.at[k]]) && bw.pk[k] == items[bw.at[k]].pk; */
        if (!verify_decode(&st, p, it->pk, it->sig) /*@ ghost (&ah) */) {
            /*@ assert e_pre: (p == \null || kf_mldsa_params_ok(p)) && (st.a_valid != 0 ==> p != \null && kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1)) && (ah.n <= KF_XN_MAX - 1 && \forall integer k; 0 <= k < ah.n ==> kf_mldsa_bounded(&ah.poly[k], 0, KF_MLDSA_Q - 1)); */
            /*@ assert e_sep: \separated(results + i, &st, &ah) && \separated(results + i, p); */
            /*@ assert e_sep2: \forall integer j, m; 0 <= j < KF_XN_MAX - 1 && 0 <= m < KF_MLDSA_N ==>
                               \separated(results + i, &ah.poly[j].c[m]); */
            /*@ assert e_sep3: \forall integer j, m; 0 <= j < K_MAX * L_MAX && 0 <= m < KF_MLDSA_N ==>
                               \separated(results + i, &st.a[j].c[m]); */
            /*@ ghost E0: ; */
            results[i] = KF_ERR_BAD_SIGNATURE;
            /*@ assert e_fah: \forall integer j, m; 0 <= j < KF_XN_MAX - 1 && 0 <= m < KF_MLDSA_N ==>
                              ah.poly[j].c[m] == \at(ah.poly[j].c[m], E0); */
            /*@ assert e_fav: st.a_valid == \at(st.a_valid, E0); */
            /*@ assert e_fac: \forall integer j, m; 0 <= j < K_MAX * L_MAX && 0 <= m < KF_MLDSA_N ==>
                              st.a[j].c[m] == \at(st.a[j].c[m], E0); */
            /*@ assert e_fa: st.a_valid == \at(st.a_valid, E0) && \forall integer j, m; 0 <= j < K_MAX * L_MAX &&
                             0 <= m < KF_MLDSA_N ==> st.a[j].c[m] == \at(st.a[j].c[m], E0); */
            /*@ assert e_fahn: ah.n == \at(ah.n, E0); */
            /*@ assert e_fahb: \forall integer k; 0 <= k < ah.n ==> kf_mldsa_bounded(&ah.poly[k], 0, KF_MLDSA_Q - 1); */
            /*@ assert e_fp: p == \null || (p->gamma1 == \at(p->gamma1, E0) && p->gamma2 == \at(p->gamma2, E0)); */
            /*@ assert e_rd: \forall integer j; 0 <= j < count ==> kf_item_readable(&items[j]); */
            /*@ assert e_keep_p: (p == \null || kf_mldsa_params_ok(p)); */
            /*@ assert e_keep_a: (st.a_valid != 0 ==> p != \null && kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1)); */
            /*@ assert e_keep_ah: (ah.n <= KF_XN_MAX - 1 && \forall integer k; 0 <= k < ah.n ==> kf_mldsa_bounded(&ah.poly[k], 0, KF_MLDSA_Q - 1)); */
            /*@ assert e_keep: (p == \null || kf_mldsa_params_ok(p)) && (st.a_valid != 0 ==> p != \null && kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1)) && (ah.n <= KF_XN_MAX - 1 && \forall integer k; 0 <= k < ah.n ==> kf_mldsa_bounded(&ah.poly[k], 0, KF_MLDSA_Q - 1)); */
            continue;
        }
        /*@ assert d_keep: kf_mldsa_params_ok(p) && (st.a_valid != 0 ==> p != \null && kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1)) && (ah.n <= KF_XN_MAX - 1 && \forall integer k; 0 <= k < ah.n ==> kf_mldsa_bounded(&ah.poly[k], 0, KF_MLDSA_Q - 1)); */
        /*@ assert d_rd: \forall integer j; 0 <= j < count ==> kf_item_readable(&items[j]); */
        /*@ assert d_win: \forall integer k; 0 <= k < n ==> bw.at[k] < i && kf_item_ok(p, &items[bw.at[k]]) && bw.pk[k] == items[bw.at[k]].pk; */
        /* the next item's key, if another: its ExpandA may start in this one's idle lanes */
        /*@ assert n_sep: \separated(&ah, items + (0 .. count - 1)) && \separated(&bw, items + (0 .. count - 1)); */
        ah.next_rho = NULL;
        if (i + 1 < count && item_checks(p, &items[i + 1]) == KF_OK) {
            /*@ assert n_it: kf_item_ok(p, &items[i + 1]) && kf_item_readable(&items[i + 1]); */
            prefetch_item(&items[i + 1], p);
            /* same_bytes, not memcmp (its hypothesis after the call is false: same_bytes' comment);
             * rho is public (the key's first bytes): a branch on it leaks nothing */
            if (!same_bytes(items[i + 1].pk, st.rho, KF_MLDSA_SEEDBYTES))
                ah.next_rho = items[i + 1].pk; /* pkEncode: rho first */
        }
        /*@ assert n_rho: ah.next_rho == \null || (\valid_read(ah.next_rho + (0 .. KF_MLDSA_SEEDBYTES - 1)) &&
                          \separated(ah.next_rho + (0 .. KF_MLDSA_SEEDBYTES - 1), &ah, &st)); */
        /*@ assert n_rd: \forall integer j; 0 <= j < count ==> kf_item_readable(&items[j]); */
        /*@ assert n_win: \forall integer k; 0 <= k < n ==> bw.at[k] < i && kf_item_ok(p, &items[bw.at[k]]) && bw.pk[k] == items[bw.at[k]].pk; */
        if (i >= sib_end) {
            sib_first = i;
            sib_end = count - i < WINDOW ? count : i + WINDOW;
            /*@ assert s_rd: \forall integer j; i <= j < sib_end ==> kf_item_readable(&items[j]); */
            if (sib_end - i > 1) sib_lanes(sib, p, items, i, (unsigned)(sib_end - i));
        }
        verify_w1(&st, p, bw.w1[n], &ah, sib_end - sib_first > 1 ? sib[i - sib_first] : NULL);
        /*@ assert w_keep: kf_mldsa_params_ok(p) && st.a_valid != 0 && (st.a_valid != 0 ==> p != \null && kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1)) && (ah.n <= KF_XN_MAX - 1 && \forall integer k; 0 <= k < ah.n ==> kf_mldsa_bounded(&ah.poly[k], 0, KF_MLDSA_Q - 1)); */
        /*@ assert w_rd: \forall integer j; 0 <= j < count ==> kf_item_readable(&items[j]); */
        /*@ assert w_win: \forall integer k; 0 <= k < n ==> bw.at[k] < i && kf_item_ok(p, &items[bw.at[k]]) && bw.pk[k] == items[bw.at[k]].pk; */
        memcpy(bw.ctilde[n], st.ctilde, p->ctilde_bytes);
        /*@ assert c_win: \forall integer k; 0 <= k < n ==> bw.at[k] < i && kf_item_ok(p, &items[bw.at[k]]) && bw.pk[k] == items[bw.at[k]].pk; */
        /*@ assert c_sep: \separated(&bw, items + (0 .. count - 1)) && \separated(&bw, p); */
        /*@ assert c_it: kf_item_ok(p, it) && it == &items[i]; */
        /*@ ghost W0: ; */
        bw.pk[n] = it->pk;
        bw.at[n++] = i;
        /*@ assert m_old_at: \forall integer k; 0 <= k < n - 1 ==> bw.at[k] == \at(bw.at[k], W0); */
        /*@ assert m_old_pk: \forall integer k; 0 <= k < n - 1 ==> bw.pk[k] == \at(bw.pk[k], W0); */
        /*@ assert m_old: \forall integer k; 0 <= k < n - 1 ==> bw.at[k] == \at(bw.at[k], W0) && bw.pk[k] == \at(bw.pk[k], W0); */
        /*@ assert m_new: bw.at[n - 1] == i && bw.pk[n - 1] == it->pk; */
        /*@ assert m_frame: \forall integer j; 0 <= j < count ==> items[j].pk == \at(items[j].pk, W0) &&
                              (\at(kf_item_ok(p, &items[j]), W0) ==> kf_item_ok(p, &items[j])); */
        /*@ assert m_win_old: \forall integer k; 0 <= k < n - 1 ==> bw.at[k] < i && kf_item_ok(p, &items[bw.at[k]]) && bw.pk[k] == items[bw.at[k]].pk; */
        /*@ assert m_win_new: kf_item_ok(p, &items[bw.at[n - 1]]) && bw.pk[n - 1] == items[bw.at[n - 1]].pk; */
        /*@ assert m_win: \forall integer k; 0 <= k < n ==> bw.at[k] <= i && kf_item_ok(p, &items[bw.at[k]]) && bw.pk[k] == items[bw.at[k]].pk; */
        /*@ assert m_rd: \forall integer j; 0 <= j < count ==> kf_item_readable(&items[j]); */
        /*@ assert m_keep: kf_mldsa_params_ok(p) && (st.a_valid != 0 ==> p != \null && kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1)) && (ah.n <= KF_XN_MAX - 1 && \forall integer k; 0 <= k < ah.n ==> kf_mldsa_bounded(&ah.poly[k], 0, KF_MLDSA_Q - 1)); */
        if (n == WINDOW) {
            /*@ assert f_sep: \separated(results + (0 .. count - 1), &st, &ah) && \separated(results + (0 .. count - 1), p); */
            /*@ assert f_at: \forall integer k; 0 <= k < n ==> bw.at[k] < count; */
            /*@ assert f_rd_r: \forall integer k; 0 <= k < n ==> kf_item_readable(&items[bw.at[k]]); */
            /*@ assert f_rd_m: \forall integer k; 0 <= k < n ==> kf_item_msg_ok(&items[bw.at[k]]); */
            /*@ assert f_rd: \forall integer k; 0 <= k < n ==> kf_item_readable(&items[bw.at[k]]) &&
                             kf_item_msg_ok(&items[bw.at[k]]); */
            /*@ assert f_isep: \separated(items + (0 .. count - 1), &bw); */
            /*@ assert f_pk: \forall integer k; 0 <= k < n ==> \valid_read(bw.pk[k] + (0 .. p->pk_bytes - 1)); */
            /*@ assert f_res_v: \forall integer k; 0 <= k < n ==> \valid(results + bw.at[k]); */
            /*@ assert f_res_sp: \forall integer k; 0 <= k < n ==> \separated(results + bw.at[k], p); */
            /*@ assert f_res_sb: \forall integer k; 0 <= k < n ==> \separated(results + bw.at[k], &bw); */
            /*@ assert f_res_s: \forall integer k; 0 <= k < n ==> \separated(results + bw.at[k], &bw, p); */
            /*@ assert f_res: \forall integer k; 0 <= k < n ==> \valid(results + bw.at[k]) &&
                              \separated(results + bw.at[k], &bw, p); */
            finish_window(&bw, n, p, items, results) /*@ ghost (&st, &ah, count) */;
            /*@ assert f_keep_p: kf_mldsa_params_ok(p); */
            /*@ assert f_keep_a: st.a_valid != 0 ==> p != \null && kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1); */
            /*@ assert f_rd2: \forall integer j; 0 <= j < count ==> kf_item_readable(&items[j]); */
            /*@ assert f_keep_ah: ah.n <= KF_XN_MAX - 1 && \forall integer k; 0 <= k < ah.n ==> kf_mldsa_bounded(&ah.poly[k], 0, KF_MLDSA_Q - 1); */
            n = 0;
        }
    }
    /*@ assert t_nn: n != 0 ==> p != \null; */
    /*@ assert t_pok: n != 0 ==> kf_mldsa_params_ok(p); */
    /*@ assert t_sep: \separated(&bw, p); */
    /*@ assert t_isep: \separated(items + (0 .. count - 1), &bw); */
    /*@ assert t_ok: n != 0 ==> kf_mldsa_params_ok(p) && \separated(&bw, p); */
    /*@ assert t_at: \forall integer k; 0 <= k < n ==> bw.at[k] < count; */
    if (n) finish_window(&bw, n, p, items, results) /*@ ghost (NULL, NULL, count) */;
    wipe_state(&st);
    int first = KF_OK;
    /*@ loop invariant 0 <= i <= count;
        loop assigns i, first;
        loop variant count - i; */
    for (size_t i = 0; i < count && first == KF_OK; i++) first = results[i];
    return first;
}
