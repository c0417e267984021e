/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mldsa.c - ML-DSA key generation and signing (FIPS 204 Alg. 1, 2, 4, 6, 7) on M' or mu, the
 * pure and HashML-DSA wrappers that build M' for signing and verifying, and the argument
 * checks of the public API. Verify_internal and the batch are in verify.c.
 *
 * Constant time (FIPS 204 §3.6.3): signing branches on nothing secret except the rejection
 * decisions of its loop, each declassified where it is made (common/ct.h), and c~, which is
 * a hash of mu and w1: publishing the commitment w1 of a rejected attempt (so c~ too) does not
 * weaken the scheme (the analysis of Fiat-Shamir with aborts that lets implementations such
 * as mldsa-native declassify it), and SampleInBall then branches on it; key generation
 * declassifies rho (part of pk). tests/test_mldsa_ct.c checks it all under valgrind.
 * Every secret intermediate is wiped before returning.
 */
#include "mldsa/mldsa_internal.h"
#include "mldsa/packing.h"
#include "mldsa/sampling.h"
#include "common/ct.h"
#include "hash/prehash.h"
#include "common/os_random.h"
#include "common/util.h"
#include "sponge/sponge_xn.h" /* KF_XN_MAX */

#include <string.h>

#define K_MAX KF_MLDSA_K_MAX
#define L_MAX KF_MLDSA_L_MAX
#define W1_BYTES_MAX (K_MAX * 32 * 4) /* k 32 w1_bits: 4 x 192 or 8 x 128 bytes */
/* Signing's loop runs 4.25 (ML-DSA-44), 5.1 (65) or 3.85 (87) times on average; a valid key
 * needs 1000 with probability below 2^-200. The bound stops a crafted key from looping forever. */
#define SIGN_ATTEMPTS_MAX 1000
#define T1_BITS 10 /* pkEncode's t1 (FIPS 204 Alg. 22) */

_Static_assert(W1_BYTES_MAX >= 4 * 32 * 6, "w1 of ML-DSA-44");

void kf_mldsa_compute_mu(uint8_t mu[KF_MLDSA_CRHBYTES], const uint8_t tr[KF_MLDSA_TR_BYTES], const kf_mldsa_msg *m)
{
    const uint8_t *in[7] = {tr};
    size_t len[7] = {KF_MLDSA_TR_BYTES};
    /*@ loop invariant 0 <= i <= m->n;
        loop invariant readable: \forall integer j; 0 <= j <= i ==> \valid_read(in[j] + (0 .. len[j] - 1));
        loop assigns i, in[1 .. 6], len[1 .. 6];
        loop variant m->n - i; */
    for (unsigned i = 0; i < m->n; i++) {
        in[i + 1] = m->part[i];
        len[i + 1] = m->len[i];
    }
    kf_mldsa_shake256(mu, KF_MLDSA_CRHBYTES, m->n + 1, in, len);
}

/* (ACSL, the unit mldsa_api) A's row as kf_mldsa_pointwise_acc_vec takes it: the coefficients'
 * bounds over the row's own pointer (as a ghost "lemma function": proved alone, its ensures from
 * its requires, an empty body), which CVC4 does not unfold from A's among matrix_times's
 * hypotheses. */
/*@ ghost
  /@ requires \forall integer r, m; 0 <= r < n && 0 <= m < KF_MLDSA_N ==> 0 <= row[r].c[m] <= KF_MLDSA_Q - 1;
     assigns \nothing;
     ensures kf_mldsa_vec_bounded(row, n, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); @/
  static void row_bounded(const kf_mldsa_poly *row, unsigned n) { }
*/

/* t[i] = sum_j a[i l + j] o v[j], back from the NTT domain, in (-q, q). The row's sum comes
 * out under q in size, as the inverse NTT takes it (no reduction between: the callers freeze
 * or caddq t, so the representative the inverse NTT gives does not matter). The row's offset
 * is carried down the loop (ra += l), so that no goal holds a product i l (verify.c's w1_rows). */
/*@ requires kf_mldsa_params_ok(p);
    requires \valid(t + (0 .. p->k - 1)) && \valid_read(a + (0 .. p->k * p->l - 1)) && \valid_read(v + (0 .. p->l - 1));
    requires \separated(t + (0 .. p->k - 1), a + (0 .. p->k * p->l - 1), v + (0 .. p->l - 1), p);
    requires kf_mldsa_vec_bounded(a, p->k * p->l, 0, KF_MLDSA_Q - 1);
    requires kf_mldsa_vec_bounded(v, p->l, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    assigns t[0 .. p->k - 1];
    ensures kf_mldsa_vec_bounded(t, p->k, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
static void matrix_times(kf_mldsa_poly *t, const kf_mldsa_poly *a, const kf_mldsa_poly *v, const kf_mldsa_params *p)
{
    /*@ assert sets: p->k == 4 && p->l == 4 && p->k * p->l == 16 || p->k == 6 && p->l == 5 && p->k * p->l == 30 ||
                     p->k == 8 && p->l == 7 && p->k * p->l == 56; */
    unsigned ra = 0; /* row i's first polynomial of A */
    /*@ loop invariant 0 <= i <= p->k;
        loop invariant rows: p->l == 4 && ra == 4 * i || p->l == 5 && ra == 5 * i || p->l == 7 && ra == 7 * i;
        loop invariant done: \forall integer r, m; 0 <= r < i && 0 <= m < KF_MLDSA_N ==>
                                 -KF_MLDSA_Q + 1 <= t[r].c[m] <= KF_MLDSA_Q - 1;
        loop assigns i, ra, t[0 .. p->k - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) {
        /*@ ghost const kf_mldsa_poly *row = &a[ra]; */ /* A's row i, as the call's argument */
        /*@ assert row_same: \forall integer r, m; 0 <= r < p->l && 0 <= m < KF_MLDSA_N ==> row[r].c[m] == a[ra + r].c[m]; */
        /*@ assert row: \forall integer r, m; 0 <= r < p->l && 0 <= m < KF_MLDSA_N ==> 0 <= row[r].c[m] <= KF_MLDSA_Q - 1; */
        /*@ ghost row_bounded(row, p->l); */
        kf_mldsa_pointwise_acc_vec(&t[i], &a[ra], v, p->l);
        kf_mldsa_invntt_tomont(&t[i]);
        ra += p->l;
    }
}

/* ---- KeyGen_internal (Alg. 6) ------------------------------------------------------------- */

#define PK_PADDED_MAX ((KF_MLDSA_PK_MAX_BYTES / KF_SHAKE256_RATE + 1) * KF_SHAKE256_RATE)

/* The polynomials 64-byte aligned (a 16-byte-aligned stack put them mod 64 where the process's
 * random stack place did: lines split in half the processes, verify.c's verify_state) */
typedef struct keygen_state {
    _Alignas(64) kf_mldsa_poly a[K_MAX * L_MAX];
    kf_mldsa_poly s1[L_MAX], s1hat[L_MAX], s2[K_MAX], t0[K_MAX], t1[K_MAX]; /* t0: t first */
    uint8_t seeds[128]; /* rho || rho' || K */
    uint8_t tr[KF_MLDSA_TR_BYTES];
    uint8_t pk[PK_PADDED_MAX]; /* pk, then tr's padding */
} keygen_state;

/* Key generation's rows, as ExpandA finishes them (kf_mldsa_expand_a_side's ready): row i of
 * t = NTT^-1(A NTT(s1)) + s2 once A's row i is final, Power2Round, t1's row packed into pk, and
 * the whole blocks of pk now written handed to tr's sponge, so that they ride on the
 * permutations of ExpandA's later groups (10 / 15 / 20 blocks in all, of which 4 / 9 / 14 do
 * on avx512-x9; the rest, the padded last one with them, on x1 after). With AVX2 only
 * (avx2-x4) they ride on the free lanes of ExpandA's last partial group of four: ML-DSA-65's
 * 30 streams leave two, so 5 of its 15 blocks; 44 and 87 fill every lane. */
typedef struct keygen_rows {
    keygen_state *st;
    const kf_mldsa_params *p;
    unsigned rows;   /* rows of t done */
    kf_xn_side side; /* tr = H(pk)'s sponge, over st->pk */
} keygen_rows;

/* (ACSL, unit mldsa_api) ctx is keygen_internal's keygen_rows; row i of t is made only once A's
 * polynomials to (i + 1) l are final: done of them are, in [0, q) (ExpandA's ready). */
/*@ requires \valid((keygen_rows *)ctx) && kf_mldsa_params_ok(((keygen_rows *)ctx)->p) && \valid(((keygen_rows *)ctx)->st);
    requires \separated((keygen_rows *)ctx, ((keygen_rows *)ctx)->st, ((keygen_rows *)ctx)->p) &&
             \separated(((keygen_rows *)ctx)->st, ((keygen_rows *)ctx)->p);
    requires ((keygen_rows *)ctx)->rows <= ((keygen_rows *)ctx)->p->k &&
             done <= ((keygen_rows *)ctx)->p->k * ((keygen_rows *)ctx)->p->l;
    requires ((keygen_rows *)ctx)->side.rate == KF_SHAKE256_RATE;
    // A's polynomials 0 .. done - 1 final, NTT(s1) and s2 (ExpandS's [-eta, eta]) in range
    requires \forall integer r, m; 0 <= r < done && 0 <= m < KF_MLDSA_N ==>
                 0 <= ((keygen_rows *)ctx)->st->a[r].c[m] <= KF_MLDSA_Q - 1;
    requires kf_mldsa_vec_bounded(&((keygen_rows *)ctx)->st->s1hat[0], ((keygen_rows *)ctx)->p->l,
                                  -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    requires kf_mldsa_vec_bounded(&((keygen_rows *)ctx)->st->s2[0], ((keygen_rows *)ctx)->p->k, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    // the rows of t0 made so far: Power2Round's t0 (skEncode's range)
    requires kf_mldsa_vec_bounded(&((keygen_rows *)ctx)->st->t0[0], ((keygen_rows *)ctx)->rows, -4095, 4096);
    assigns ((keygen_rows *)ctx)->rows, ((keygen_rows *)ctx)->side.blocks,
            ((keygen_rows *)ctx)->st->t0[0 .. K_MAX - 1], ((keygen_rows *)ctx)->st->t1[0 .. K_MAX - 1],
            ((keygen_rows *)ctx)->st->pk[KF_MLDSA_SEEDBYTES .. PK_PADDED_MAX - 1];
    ensures \old(((keygen_rows *)ctx)->rows) <= ((keygen_rows *)ctx)->rows <= ((keygen_rows *)ctx)->p->k;
    ensures done == ((keygen_rows *)ctx)->p->k * ((keygen_rows *)ctx)->p->l ==>
                ((keygen_rows *)ctx)->rows == ((keygen_rows *)ctx)->p->k;
    ensures kf_mldsa_vec_bounded(&((keygen_rows *)ctx)->st->t0[0], ((keygen_rows *)ctx)->rows, -4095, 4096); */
static void keygen_row_ready(void *ctx, unsigned done)
{
    keygen_rows *kr = (keygen_rows *)ctx;
    const kf_mldsa_params *p = kr->p;
    keygen_state *st = kr->st;
    /*@ loop invariant \at(kr->rows, LoopEntry) <= kr->rows <= p->k;
        loop invariant t0_rows: kf_mldsa_vec_bounded(&st->t0[0], kr->rows, -4095, 4096);
        loop assigns kr->rows, st->t0[0 .. p->k - 1], st->t1[0 .. p->k - 1], st->pk[KF_MLDSA_SEEDBYTES .. PK_PADDED_MAX - 1];
        loop variant p->k - kr->rows; */
    for (; kr->rows < p->k && (kr->rows + 1) * p->l <= done; kr->rows++) {
        const unsigned i = kr->rows;
        /*@ ghost const kf_mldsa_poly *row = &st->a[i * p->l]; */ /* A's row i, as the call's argument */
        /*@ assert row: \forall integer r, m; 0 <= r < p->l && 0 <= m < KF_MLDSA_N ==> 0 <= row[r].c[m] <= KF_MLDSA_Q - 1; */
        /*@ ghost row_bounded(row, p->l); */
        kf_mldsa_pointwise_acc_vec(&st->t0[i], &st->a[i * p->l], st->s1hat, p->l);
        kf_mldsa_invntt_tomont(&st->t0[i]);
        kf_mldsa_add_power2round(&st->t1[i], &st->t0[i], &st->t0[i], &st->s2[i]); /* t0 over t */
        kf_mldsa_pack_simple(st->pk + KF_MLDSA_SEEDBYTES + 32 * T1_BITS * i, &st->t1[i], T1_BITS); /* pkEncode */
    }
    size_t blocks = (KF_MLDSA_SEEDBYTES + 32 * T1_BITS * (size_t)kr->rows) / kr->side.rate; /* whole ones */
    if (kr->rows == p->k) blocks = kf_xn_side_pad(st->pk, p->pk_bytes, kr->side.rate, 0x1F); /* SHAKE256 */
    kr->side.blocks = blocks - (size_t)(kr->side.in - st->pk) / kr->side.rate;
}

/* keygen_internal's side path: ExpandA on the batch, t's rows as A's are done (keygen_row_ready)
 * and tr = H(pk) riding on its permutations; then pk copied out. (ACSL, unit mldsa_api: its own
 * contract, "pending": kf_mldsa_expand_a_side's contract states verification's call, ready ==
 * NULL, not this one's. Inlined: the same machine code as the body in keygen_internal.) */
/*@ requires kf_mldsa_params_ok(p) && !\valid(p) && \valid(st) && \valid(kr) && \valid(pk + (0 .. p->pk_bytes - 1));
    requires \separated(st, kr, pk + (0 .. p->pk_bytes - 1)) && \separated(p, st, kr);
    requires kr->st == st && kr->p == p && kr->rows == 0 && kr->side.in == &st->pk[0] &&
             kr->side.rate == KF_SHAKE256_RATE && kr->side.blocks == 0;
    requires kf_mldsa_vec_bounded(&st->s1hat[0], p->l, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    requires kf_mldsa_vec_bounded(&st->s2[0], p->k, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
    assigns st->a[0 .. K_MAX * L_MAX - 1], st->t0[0 .. K_MAX - 1], st->t1[0 .. K_MAX - 1],
            st->pk[KF_MLDSA_SEEDBYTES .. PK_PADDED_MAX - 1], st->tr[0 .. KF_MLDSA_TR_BYTES - 1],
            kr->rows, kr->side.lanes[0 .. 24], kr->side.in, kr->side.blocks, pk[0 .. p->pk_bytes - 1], kf_spec_xn_table;
    ensures kf_mldsa_vec_bounded(&st->t0[0], p->k, -4095, 4096); */
static inline __attribute__((always_inline)) void keygen_side(keygen_state *st, keygen_rows *kr, const kf_mldsa_params *p,
                                                              uint8_t *pk)
{
    kf_mldsa_expand_a_side(st->a, st->seeds, p, &kr->side, kf_mldsa_side_groups(p, 1), keygen_row_ready, kr);
    kf_xn_side_squeeze(&kr->side, st->tr, sizeof st->tr);
    memcpy(pk, st->pk, p->pk_bytes);
}

/* (ACSL, the unit mldsa_api) keygen_internal's ghost lemma function (proved alone, as row_bounded):
 * k l of a parameter set fits keygen_row_ready's unsigned done, which CVC4 did not find among
 * keygen_internal's hypotheses. */
/* (ACSL) a coefficient of a polynomial's value: keygen_internal's s1_v / s1_w name the terms through which
 * CVC4 maps the struct copy's equality (WP: of loaded records) to the coefficients' cells. */
/*@ logic integer kg_coef(kf_mldsa_poly v, integer m) = v.c[m]; */
/*@ ghost
  /@ requires kf_mldsa_params_ok(p);
     assigns \nothing;
     ensures (unsigned int)(p->k * p->l) == p->k * p->l; @/
  static void kl_fits(const kf_mldsa_params *p) { }
*/

/*@ requires kf_mldsa_params_ok(p) && !\valid(p);
    requires \valid(pk + (0 .. p->pk_bytes - 1)) && \valid(sk + (0 .. p->sk_bytes - 1));
    requires \valid_read(xi + (0 .. KF_MLDSA_SEEDBYTES - 1));
    assigns pk[0 .. p->pk_bytes - 1], sk[0 .. p->sk_bytes - 1], kf_spec_xn_table; */
static void keygen_internal(const kf_mldsa_params *p, uint8_t *pk, uint8_t *sk, const uint8_t xi[KF_MLDSA_SEEDBYTES])
{
    keygen_state st;
    /*@ assert sets: p->k <= K_MAX && p->l <= L_MAX && 2 <= p->eta <= 4 && p->k * p->l <= K_MAX * L_MAX &&
                     p->pk_bytes <= PK_PADDED_MAX; */
    /*@ assert sep: \separated(p, pk + (0 .. p->pk_bytes - 1)) && \separated(p, sk + (0 .. p->sk_bytes - 1)); */
    const uint8_t kl[2] = {(uint8_t)p->k, (uint8_t)p->l};
    const uint8_t *in[2] = {xi, kl};
    const size_t len[2] = {KF_MLDSA_SEEDBYTES, 2};
    kf_mldsa_shake256(st.seeds, sizeof st.seeds, 2, in, len); /* H(xi || IntegerToBytes(k, 1) || IntegerToBytes(l, 1), 128) */
    const uint8_t *rho = st.seeds, *rhop = st.seeds + 32, *key = st.seeds + 96;
    kf_declassify(st.seeds, KF_MLDSA_SEEDBYTES); /* rho: part of pk */
    kf_mldsa_expand_s(st.s1, st.s2, rhop, p);
    /*@ assert s_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX; */
    /*@ assert s_s: kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                    kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta); */
    /*@ loop invariant 0 <= j <= p->l && kf_mldsa_vec_bounded(&st.s1hat[0], j, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
        loop invariant ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX;
        loop invariant s: kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                          kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta);
        loop assigns j, st.s1hat[0 .. L_MAX - 1];
        loop variant p->l - j; */
    for (unsigned j = 0; j < p->l; j++) {
        /*@ assert s1_j: \forall integer m; 0 <= m < KF_MLDSA_N ==> -4 <= st.s1[j].c[m] <= 4; */
        st.s1hat[j] = st.s1[j];
        /*@ assert s1_eq: st.s1hat[j] == st.s1[j]; */
        /*@ assert s1_v: \forall integer m; 0 <= m < KF_MLDSA_N ==> kg_coef(st.s1hat[j], m) == kg_coef(st.s1[j], m); */
        /*@ assert s1_w: \forall integer m; 0 <= m < KF_MLDSA_N ==> kg_coef(st.s1hat[j], m) == st.s1hat[j].c[m] &&
                                                                   kg_coef(st.s1[j], m) == st.s1[j].c[m]; */
        /*@ assert s1_row: \forall integer m; 0 <= m < KF_MLDSA_N ==> -4 <= st.s1hat[j].c[m] <= 4; */
        kf_mldsa_ntt(&st.s1hat[j]);
    }
    /*@ assert h_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX && p->k * p->l <= K_MAX * L_MAX; */
    /*@ assert h_s: kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                    kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta); */
    /*@ assert h_s1hat: kf_mldsa_vec_bounded(&st.s1hat[0], p->l, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */
    memcpy(st.pk, rho, KF_MLDSA_SEEDBYTES);
    keygen_rows kr = {&st, p, 0, {{0}, st.pk, KF_SHAKE256_RATE, 0}};
    if (kf_backend_xn_side()) { /* ExpandA, t's rows as A's are done, and tr = H(pk) riding on ExpandA */
        /*@ assert y_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX &&
                         \separated(p, pk + (0 .. p->pk_bytes - 1)); */
        /*@ assert y_sep: \separated(p, &st, &kr); */
        /*@ assert y_s: kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                        kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta); */
        keygen_side(&st, &kr, p, pk);
        /*@ assert b_kl: p->k <= K_MAX && p->l <= L_MAX; */
        /*@ assert b_ok: kf_mldsa_params_ok(p); */
        /*@ assert b_s: kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                        kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta); */
        /*@ assert b_t0: kf_mldsa_vec_bounded(&st.t0[0], p->k, -4095, 4096); */
    } else { /* ExpandA, then every row, then tr on x1 from pk */
        /*@ assert x_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX && p->k * p->l <= K_MAX * L_MAX; */
        kf_mldsa_expand_a(st.a, rho, p);
        /*@ assert xa_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX && p->k * p->l <= K_MAX * L_MAX; */
        /*@ assert a_rows: \forall integer r, m; 0 <= r < p->k * p->l && 0 <= m < KF_MLDSA_N ==>
                              0 <= st.a[r].c[m] <= KF_MLDSA_Q - 1; */
        /*@ assert xa_s: kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                         kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta) &&
                         kf_mldsa_vec_bounded(&st.s1hat[0], p->l, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */
        /*@ assert xa_kr: kr.st == &st && kr.p == p && kr.rows == 0 && kr.side.rate == KF_SHAKE256_RATE; */
        /*@ ghost kl_fits(p); */
        /*@ assert rr_kl: (unsigned int)(p->k * p->l) == p->k * p->l; */
        /*@ assert rr_rows: kr.rows <= kr.p->k && p->k * p->l <= kr.p->k * kr.p->l; */
        /*@ assert rr_a: \forall integer r, m; 0 <= r < p->k * p->l && 0 <= m < KF_MLDSA_N ==>
                             0 <= kr.st->a[r].c[m] <= KF_MLDSA_Q - 1; */
        keygen_row_ready(&kr, p->k * p->l);
        /*@ assert r_st: kr.st == &st && kr.p == p; */
        /*@ assert r_kr: kr.rows == p->k; */
        /*@ assert r_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX; */
        /*@ assert r_t0k: kf_mldsa_vec_bounded(&kr.st->t0[0], p->k, -4095, 4096); */
        /*@ assert r_t0: kf_mldsa_vec_bounded(&st.t0[0], p->k, -4095, 4096); */
        /*@ assert r_s: kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                        kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta); */
        memcpy(pk, st.pk, p->pk_bytes);
        const uint8_t *pkin[1] = {pk};
        const size_t pklen[1] = {p->pk_bytes};
        kf_mldsa_shake256(st.tr, sizeof st.tr, 1, pkin, pklen);
        /*@ assert x_end: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX &&
                          kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                          kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta) &&
                          kf_mldsa_vec_bounded(&st.t0[0], p->k, -4095, 4096); */
    }
    /*@ assert e_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX; */
    /*@ assert e_s: kf_mldsa_vec_bounded(&st.s1[0], p->l, -(int)p->eta, p->eta) &&
                    kf_mldsa_vec_bounded(&st.s2[0], p->k, -(int)p->eta, p->eta); */
    /*@ assert e_t0: kf_mldsa_vec_bounded(&st.t0[0], p->k, -4095, 4096); */
    kf_mldsa_sk_encode(sk, rho, key, st.tr, st.s1, st.s2, st.t0, p);
    /* the secrets, the polynomials p uses only; A (public, from rho) and t1 (in pk) are not wiped */
    const size_t kb = p->k * sizeof st.t0[0], lb = p->l * sizeof st.s1[0];
    /*@ assert z_ok: kb <= K_MAX * sizeof(kf_mldsa_poly) && lb <= L_MAX * sizeof(kf_mldsa_poly); */
    kf_memzero(st.s1, lb);
    kf_memzero(st.s1hat, lb);
    kf_memzero(st.s2, kb);
    kf_memzero(st.t0, kb);
    kf_memzero(st.seeds, sizeof st.seeds);
}

/* ---- Sign_internal (Alg. 7) --------------------------------------------------------------- */

#define MASK_RING 16
#define H_PADDED_MAX (((KF_MLDSA_CRHBYTES + W1_BYTES_MAX) / KF_SHAKE256_RATE + 1) * KF_SHAKE256_RATE)
_Static_assert(MASK_RING >= L_MAX + KF_XN_MAX - 1, "the ring holds an attempt's mask and a call's streams ahead");

typedef struct sign_state { /* polynomials 64-byte aligned, as keygen_state's */
    _Alignas(64) kf_mldsa_poly a[K_MAX * L_MAX];
    kf_mldsa_poly t0[K_MAX]; /* t0 in the NTT domain */
    kf_mldsa_sparse es1[L_MAX], es2[K_MAX]; /* s1, s2 for kf_mldsa_sparse_mul */
    uint16_t coff[KF_MLDSA_N]; /* c's offsets (kf_mldsa_challenge_offsets) */
    unsigned cn;
    _Alignas(64) kf_mldsa_poly y[L_MAX];
    kf_mldsa_poly z[L_MAX], w[K_MAX], w0[K_MAX], h[K_MAX], c, tmp;
    uint8_t ring[MASK_RING][32 * 20]; /* ExpandMask's bytes of nonce n in ring[n % MASK_RING] */
    unsigned made;                    /* the nonces made so far: 0 .. made - 1 */
    unsigned chunk;                   /* mask_chunk(): streams per call */
    uint8_t rho[KF_MLDSA_SEEDBYTES], key[KF_MLDSA_SEEDBYTES], tr[KF_MLDSA_TR_BYTES];
    uint8_t mu[KF_MLDSA_CRHBYTES], rhopp[KF_MLDSA_CRHBYTES], ctilde[KF_MLDSA_CTILDE_MAX];
    uint8_t w1[W1_BYTES_MAX];
    uint8_t hpad[H_PADDED_MAX]; /* mu || w1Encode(w1), padded (kf_mldsa_h_with_masks) */
} sign_state;

/* The masks are made ahead, a whole batched call at a time (and in the idle lanes of each
 * attempt's H, sign_attempt): the attempt with counter kappa
 * uses the streams of nonces kappa .. kappa + l - 1 (FIPS 204 Alg. 7 line 11, Alg. 34), so
 * the loop needs nonces 0, 1, 2, ... in order, l per attempt, and a call of the batched
 * backend makes as many streams as it has lanes for about the time of one. Each call makes
 * the next chunk nonces (8 on avx512-x8, 4 on a 4-lane backend), and an attempt unpacks its
 * l from the ring: ML-DSA-65's 5 streams an attempt fill 8 lanes, so 5 attempts take 4 calls
 * instead of 5 (ML-DSA-87: 8 for 7, ML-DSA-44: two attempts a call, as before). What a
 * signature accepted early leaves unused is one call at most. MASK_RING holds the live ones:
 * at most l + chunk - 1 <= 15. Public: the chunk depends on params and backends only. */
/*@ assigns \nothing;
    ensures 1 <= \result <= KF_XN_MAX; */
static unsigned mask_chunk(void)
{
    const kf_backend_xn *b = kf_backend_xn_for(KF_XN_MAX);
    return b ? (b->n < KF_XN_MAX ? b->n : KF_XN_MAX) : 1;
}

/* y[0 .. l) of the attempt with counter kappa, the calls it needs first. */
/*@ requires \valid(st) && kf_mldsa_params_ok(p) && \separated(st, p);
    requires 1 <= st->chunk <= KF_XN_MAX && kappa <= SIGN_ATTEMPTS_MAX * L_MAX;
    assigns st->made, st->ring[0 .. MASK_RING - 1][..], st->y[0 .. L_MAX - 1], kf_spec_xn_table;
    ensures st->made >= kappa + p->l;
    ensures \old(st->made) >= kappa + p->l ==> st->made == \old(st->made);
    ensures \old(st->made) < kappa + p->l ==> st->made < kappa + p->l + KF_XN_MAX;
    ensures y: \forall integer j; 0 <= j < p->l ==> kf_mldsa_bounded(&st->y[j], (int32_t)p->gamma1 - (1 << p->z_bits) + 1, p->gamma1); */
static void attempt_mask(sign_state *st, const kf_mldsa_params *p, unsigned kappa)
{
    /*@ loop invariant made: st->made == \at(st->made, Pre) ||
                              \at(st->made, Pre) < kappa + p->l && \at(st->made, Pre) < st->made < kappa + p->l + KF_XN_MAX;
        loop assigns st->made, st->ring[0 .. MASK_RING - 1][..], kf_spec_xn_table;
        loop variant kappa + p->l + KF_XN_MAX - st->made; */
    while (st->made < kappa + p->l) {
        uint8_t *out[KF_XN_MAX];
        /*@ loop invariant 0 <= r <= st->chunk;
            loop invariant rows: \forall integer i; 0 <= i < r ==> out[i] == &st->ring[(st->made + i) % MASK_RING][0];
            loop assigns r, out[0 .. KF_XN_MAX - 1];
            loop variant st->chunk - r; */
        for (unsigned r = 0; r < st->chunk; r++) out[r] = st->ring[(st->made + r) % MASK_RING];
        /*@ assert ring_rows: \forall integer i, o; 0 <= i < st->chunk && 0 <= o < 32 * 20 ==>
                                 0 <= (st->made + i) % MASK_RING < MASK_RING &&
                                 out[i] + o == &st->ring[(st->made + i) % MASK_RING][o]; */
        kf_mldsa_expand_mask_bytes(out, st->rhopp, st->made, st->chunk, p);
        st->made += st->chunk;
    }
    /*@ loop invariant 0 <= j <= p->l;
        loop invariant y: \forall integer i; 0 <= i < j ==> kf_mldsa_bounded(&st->y[i], (int32_t)p->gamma1 - (1 << p->z_bits) + 1, p->gamma1);
        loop assigns j, st->y[0 .. L_MAX - 1];
        loop variant p->l - j; */
    for (unsigned j = 0; j < p->l; j++)
        kf_mldsa_unpack_offset(&st->y[j], st->ring[(kappa + j) % MASK_RING], p->z_bits, p->gamma1);
}

/* (ACSL, the unit mldsa_api) sign_attempt's ghost lemma functions: 1 << z_bits for the two z widths (Qed evaluates
 * the shift once zb is known), and H's two pieces readable in the forall form of kf_mldsa_shake256's precondition
 * (as pieces3). */
/*@ ghost
  /@ requires zb == 18 || zb == 20;
     assigns \nothing;
     ensures zb == 18 ==> (1 << zb) == 262144;
     ensures zb == 20 ==> (1 << zb) == 1048576; @/
  static void z_shift(unsigned zb) { }
*/
/*@ ghost
  /@ requires \valid_read(in + (0 .. 1)) && \valid_read(len + (0 .. 1));
     requires \valid_read(in[0] + (0 .. len[0] - 1)) && \valid_read(in[1] + (0 .. len[1] - 1));
     assigns \nothing;
     ensures \forall integer i; 0 <= i < 2 ==> \valid_read(in[i] + (0 .. len[i] - 1)); @/
  static void pieces2(const uint8_t *const *in, const size_t *len) { }
*/
/* (ACSL, the unit mldsa_api) sign_attempt's ghost lemma functions (s58): y's rows as attempt_mask gives them (the
 * forall over kf_mldsa_bounded with its shift) in the vector form over (-q, q); the w1 row's uint32 offset. */
/*@ ghost
  /@ requires \valid_read(y + (0 .. n - 1)) && (zb == 18 || zb == 20);
     requires y_rng: -KF_MLDSA_Q + 1 <= (int32_t)g1 - (1 << zb) + 1 && g1 <= KF_MLDSA_Q - 1;
     requires y_rows: \forall integer j; 0 <= j < n ==> kf_mldsa_bounded(&y[j], (int32_t)g1 - (1 << zb) + 1, g1);
     assigns \nothing;
     ensures kf_mldsa_vec_bounded(y, n, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); @/
  static void y_vec(const kf_mldsa_poly *y, unsigned n, uint32_t g1, unsigned zb) {
    if (zb == 18) {
      /@ assert y18: kf_mldsa_vec_bounded(y, n, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); @/
    } else {
      /@ assert y20: kf_mldsa_vec_bounded(y, n, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); @/
    }
  }
*/
/* (ACSL, the unit mldsa_api) sign_attempt's ghost lemma function (s59): a polynomial equal to another as a struct
 * (z[j] = y[j]'s copy, the assertion z_eq) has its coefficients, proved alone where the copy's context is small. */
/*@ ghost
  /@ requires ps_val: \valid_read(a) && \valid_read(b);
     requires ps_eq: *a == *b;
     assigns \nothing;
     ensures \forall integer m; 0 <= m < KF_MLDSA_N ==> a->c[m] == b->c[m]; @/
  static void poly_same(const kf_mldsa_poly *a, const kf_mldsa_poly *b) {
    /@ assert ps_v: \forall integer m; 0 <= m < KF_MLDSA_N ==> (\let va = *a; \let vb = *b; va.c[m] == vb.c[m]); @/
    /@ assert ps_a: \forall integer m; 0 <= m < KF_MLDSA_N ==> (\let va = *a; va.c[m] == a->c[m]); @/
    /@ assert ps_b: \forall integer m; 0 <= m < KF_MLDSA_N ==> (\let vb = *b; vb.c[m] == b->c[m]); @/
  }
*/
/*@ ghost
  /@ requires (wb == 4 || wb == 6) && i < K_MAX;
     assigns \nothing;
     ensures (uint32_t)((uint32_t)(32 * wb) * i) == 32 * wb * i; @/
  static void w1_off(unsigned wb, unsigned i) { }
*/

/* One attempt of the loop (lines 11-31) with counter kappa: 1 and sig written if accepted. */
/* (ACSL, unit mldsa_api: assumed by sign_internal, "pending") */
/*@ requires \valid(st) && kf_mldsa_params_ok(p) && !\valid(p) && \separated(st, p);
    requires \valid(sig + (0 .. p->sig_bytes - 1)) && \separated(st, sig + (0 .. p->sig_bytes - 1));
    requires 1 <= st->chunk <= KF_XN_MAX && kappa <= SIGN_ATTEMPTS_MAX * L_MAX;
    requires kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
    requires kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    assigns st->made, st->ring[0 .. MASK_RING - 1][..], st->y[0 .. L_MAX - 1], st->z[0 .. L_MAX - 1],
            st->w[0 .. K_MAX - 1], st->w0[0 .. K_MAX - 1], st->h[0 .. K_MAX - 1], st->c, st->tmp,
            st->coff[0 .. KF_MLDSA_N - 1], st->cn, st->w1[0 .. W1_BYTES_MAX - 1], st->hpad[0 .. H_PADDED_MAX - 1],
            st->ctilde[0 .. KF_MLDSA_CTILDE_MAX - 1], sig[0 .. p->sig_bytes - 1], kf_spec_xn_table;
    ensures \result == 0 || \result == 1;
    // what sign_internal's loop keeps (p, st->a and st->t0 are not assigned)
    ensures ok: kf_mldsa_params_ok(p);
    ensures a: kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
    ensures t0: kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
    ensures kl: p->k == \old(p->k) && p->l == \old(p->l) && st->chunk == \old(st->chunk); */
static int sign_attempt(sign_state *st, const kf_mldsa_params *p, unsigned kappa, uint8_t *sig)
{
    attempt_mask(st, p, kappa);
    /*@ assert m_ok: kf_mldsa_params_ok(p) && (p->z_bits == 18 || p->z_bits == 20); */
    /*@ ghost z_shift(p->z_bits); */
    /*@ assert m_rng: -KF_MLDSA_Q + 1 <= (int32_t)p->gamma1 - (1 << p->z_bits) + 1 && p->gamma1 <= KF_MLDSA_Q - 1; */
    /*@ ghost y_vec(&st->y[0], p->l, p->gamma1, p->z_bits); */
    /*@ assert m_y: kf_mldsa_vec_bounded(&st->y[0], p->l, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
    /*@ assert m_kl: p->k <= K_MAX && p->l <= L_MAX && p->k * p->l <= K_MAX * L_MAX; */
    /*@ loop invariant 0 <= j <= p->l;
        loop invariant z_ntt: kf_mldsa_vec_bounded(&st->z[0], j, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
        loop invariant ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX;
        loop invariant y: kf_mldsa_vec_bounded(&st->y[0], p->l, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
        loop assigns j, st->z[0 .. L_MAX - 1];
        loop variant p->l - j; */
    for (unsigned j = 0; j < p->l; j++) {
        st->z[j] = st->y[j];
        /*@ assert z_eq: st->z[j] == st->y[j]; */
        /*@ ghost poly_same(&st->z[j], &st->y[j]); */
        /*@ assert z_cp: \forall integer m; 0 <= m < KF_MLDSA_N ==> st->z[j].c[m] == st->y[j].c[m]; */
        /*@ assert z_q: kf_mldsa_bounded(&st->z[j], -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
        kf_mldsa_ntt(&st->z[j]);
    }
    matrix_times(st->w, st->a, st->z, p); /* w = NTT^-1(A o NTT(y)) */
    /*@ loop invariant 0 <= i <= p->k;
        loop invariant w_q: kf_mldsa_vec_bounded(&st->w[0], p->k, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
        loop invariant w_0: kf_mldsa_vec_bounded(&st->w0[0], i, -p->gamma2, p->gamma2);
        loop invariant ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX;
        loop invariant y: kf_mldsa_vec_bounded(&st->y[0], p->l, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
        loop invariant a: kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
        loop invariant t0: kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
        loop assigns i, st->w[0 .. K_MAX - 1], st->w0[0 .. K_MAX - 1], st->tmp, st->w1[0 .. W1_BYTES_MAX - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) {
        /*@ assert w1_in: 32 * p->w1_bits * (i + 1) <= W1_BYTES_MAX; */
        /*@ ghost w1_off(p->w1_bits, i); */
        /*@ assert w1_u: (uint32_t)((uint32_t)(32 * p->w1_bits) * i) == 32 * p->w1_bits * i; */
        kf_mldsa_caddq_decompose(&st->tmp, &st->w0[i], &st->w[i], p->gamma2); /* w in [0, q); w1, w0 = LowBits(w) */
        kf_mldsa_pack_simple(st->w1 + 32u * p->w1_bits * i, &st->tmp, p->w1_bits); /* w1Encode */
    }
    /* c~ = H(mu || w1Encode(w1)): on a 4-state backend, whose call costs about one x1
     * permutation, its 7 or 9 blocks run in lane 0 and the other three lanes make the next
     * masks on the same permutations (kf_mldsa_h_with_masks: 3 streams, or 6 where that takes
     * at most one call more, ML-DSA-87's 9 blocks against 2 x 5), so fewer x8 mask calls
     * follow. The streams of an accepted attempt's call are spent in vain. The ring's live
     * slots: the nonces from kappa + l (this attempt's are unpacked) to made, and the new ones. */
    const size_t w1len = 32u * p->w1_bits * p->k;
    /*@ assert h_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX; */
    /*@ assert h_y: kf_mldsa_vec_bounded(&st->y[0], p->l, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
    /*@ assert h_w: kf_mldsa_vec_bounded(&st->w[0], p->k, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) &&
                    kf_mldsa_vec_bounded(&st->w0[0], p->k, -p->gamma2, p->gamma2); */
    /*@ assert h_at: kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1) &&
                     kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */
    /*@ assert w1_len: w1len == 32 * p->w1_bits * p->k && w1len <= W1_BYTES_MAX &&
                       (KF_MLDSA_CRHBYTES + w1len) / KF_SHAKE256_RATE <= 8; */
    int done = 0;
    /* made <= kappa + l + MASK_RING always (the call below keeps it; attempt_mask calls only
     * while made < kappa + l, leaving made < kappa + l + chunk); the test keeps room from
     * wrapping regardless */
    const unsigned room = st->made <= kappa + p->l + MASK_RING ? kappa + p->l + MASK_RING - st->made : 0;
    if (room >= KF_MLDSA_H_LANES) { /* public: counts only */
        memcpy(st->hpad, st->mu, KF_MLDSA_CRHBYTES);
        memcpy(st->hpad + KF_MLDSA_CRHBYTES, st->w1, w1len);
        /*@ assert h_room: st->made + KF_MLDSA_H_LANES <= kappa + p->l + MASK_RING; */
        const size_t blocks = kf_xn_side_pad(st->hpad, KF_MLDSA_CRHBYTES + w1len, KF_SHAKE256_RATE, 0x1F);
        const size_t mblocks = (32u * p->z_bits + KF_SHAKE256_RATE - 1) / KF_SHAKE256_RATE;
        /* a second round of streams where it costs at most one call past H's (ML-DSA-87: 9 blocks) */
        const unsigned count = room >= 2 * KF_MLDSA_H_LANES && 2 * mblocks <= blocks + 1 ? 2 * KF_MLDSA_H_LANES
                                                                                        : KF_MLDSA_H_LANES;
        /*@ assert h_count: count <= 2 * KF_MLDSA_H_LANES && st->made + count <= kappa + p->l + MASK_RING &&
                            1 <= blocks <= 9 && 32 * p->z_bits <= 32 * 20; */
        uint8_t *out[2 * KF_MLDSA_H_LANES];
        /*@ loop invariant 0 <= r <= count;
            loop invariant rows: \forall integer i; 0 <= i < r ==> out[i] == &st->ring[(st->made + i) % MASK_RING][0];
            loop assigns r, out[0 .. 2 * KF_MLDSA_H_LANES - 1];
            loop variant count - r; */
        for (unsigned r = 0; r < count; r++) out[r] = st->ring[(st->made + r) % MASK_RING];
        /*@ assert h_rows: \forall integer i, o; 0 <= i < count && 0 <= o < 32 * 20 ==>
                              0 <= (st->made + i) % MASK_RING < MASK_RING &&
                              out[i] + o == &st->ring[(st->made + i) % MASK_RING][o]; */
        done = kf_mldsa_h_with_masks(st->ctilde, p->ctilde_bytes, st->hpad, blocks, out, st->rhopp, st->made, count, p);
        if (done) st->made += count;
    }
    /*@ assert d_wy: kf_mldsa_vec_bounded(&st->y[0], p->l, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) &&
                     kf_mldsa_vec_bounded(&st->w[0], p->k, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) &&
                     kf_mldsa_vec_bounded(&st->w0[0], p->k, -p->gamma2, p->gamma2); */
    if (!done) {
        const uint8_t *in[2] = {st->mu, st->w1};
        const size_t len[2] = {KF_MLDSA_CRHBYTES, w1len};
        /*@ assert s_in: \valid_read(in[0] + (0 .. len[0] - 1)) && \valid_read(in[1] + (0 .. len[1] - 1)); */
        /*@ ghost pieces2(in, len); */
        kf_mldsa_shake256(st->ctilde, p->ctilde_bytes, 2, in, len);
        /*@ assert s_wy: kf_mldsa_vec_bounded(&st->y[0], p->l, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) &&
                     kf_mldsa_vec_bounded(&st->w[0], p->k, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) &&
                     kf_mldsa_vec_bounded(&st->w0[0], p->k, -p->gamma2, p->gamma2); */
    }
    /*@ assert e_wy: kf_mldsa_vec_bounded(&st->y[0], p->l, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) &&
                     kf_mldsa_vec_bounded(&st->w[0], p->k, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) &&
                     kf_mldsa_vec_bounded(&st->w0[0], p->k, -p->gamma2, p->gamma2); */
    kf_declassify(st->ctilde, p->ctilde_bytes); /* see the top of the file */
    /*@ ghost SbB: ; */
    kf_mldsa_sample_in_ball(&st->c, st->ctilde, p);
    /*@ assert b_p: p->k == \at(p->k, SbB) && p->gamma2 == \at(p->gamma2, SbB); */
    /*@ assert b_y: kf_mldsa_vec_bounded(&st->y[0], p->l, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
    /*@ assert b_w: kf_mldsa_vec_bounded(&st->w[0], p->k, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
    /*@ assert b_w0a: \forall integer r, m; 0 <= r < \at(p->k, SbB) && 0 <= m < KF_MLDSA_N ==>
                        -\at(p->gamma2, SbB) <= st->w0[r].c[m] <= \at(p->gamma2, SbB); */
    /*@ assert b_w0: kf_mldsa_vec_bounded(&st->w0[0], p->k, -p->gamma2, p->gamma2); */
    /*@ assert c_wt: kf_mldsa_weight(&st->c, KF_MLDSA_N) == p->tau && p->tau <= 60; */
    st->cn = kf_mldsa_challenge_offsets(st->coff, &st->c); /* public, as ctilde */
    /* (ACSL) c has exactly tau <= 60 coefficients +-1 (c_wt: kf_mldsa_sample_in_ball's ensures weight, proved by
     * mldsa_sampling since session 59), and kf_mldsa_challenge_offsets returns their count (its ensures weight,
     * poly.h, proved by mldsa_poly since session 60: its loop's n += (v != 0); the AVX-512 code's popcount) */
    /*@ assert cn_tau: st->cn <= 255; */
    /*@ assert c_w: kf_mldsa_vec_bounded(&st->w[0], p->k, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1) &&
                    kf_mldsa_vec_bounded(&st->w0[0], p->k, -p->gamma2, p->gamma2); */
    /*@ assert c_y: kf_mldsa_vec_bounded(&st->y[0], p->l, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
    /*@ assert c_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX; */
    /*@ assert c_at: kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1) &&
                     kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */

    /* r0 = LowBits(w - c s2) (w := w - c s2), then z = y + c s1. Each norm check's verdict is
     * one of line 23's rejection decisions, declassified and acted on at once, so a rejected
     * attempt skips the other check's k or l inverse NTTs; this reveals which check failed,
     * as mldsa-native does (it cites §5.5 of the round-3 Dilithium specification for why
     * that is harmless). The low-bits check first: it rejects more attempts (57, 68, 61% for
     * ML-DSA-44/65/87 against 46, 38, 34% for z) and costs k inverse NTTs against l.
     * The check on r0 is made on u = w0 - c s2 (w0 = LowBits(w), kept from above), as the
     * Dilithium reference code does, without Decompose(w - c s2): the verdicts agree. With
     * w = 2 gamma2 w1 + w0 mod q and |c s2| <= beta: if |u| < gamma2 - beta, then w - c s2 =
     * 2 gamma2 w1 + u decomposes to LowBits = u (when w1 = 0 and u < 0 through FIPS 204's
     * q - 1 corner, which gives u too); if |u| >= gamma2 - beta (|u| <= gamma2 + beta),
     * LowBits(w - c s2) is u or u -+ 2 gamma2, at least gamma2 - beta in size either way. */
    uint32_t reject = 0;
    /*@ loop invariant 0 <= i <= p->k && reject == 0;
        loop invariant r_w: \forall integer r, m; i <= r < p->k && 0 <= m < KF_MLDSA_N ==>
                                -KF_MLDSA_Q + 1 <= st->w[r].c[m] <= KF_MLDSA_Q - 1;
        loop invariant ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX;
        loop invariant w0: kf_mldsa_vec_bounded(&st->w0[0], p->k, -p->gamma2, p->gamma2);
        loop invariant y: kf_mldsa_vec_bounded(&st->y[0], p->l, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
        loop invariant a: kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
        loop invariant t0: kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
        loop invariant cn: st->cn <= 255 && \forall integer t; 0 <= t < st->cn ==> st->coff[t] <= 512;
        loop invariant w2: kf_mldsa_vec_bounded(&st->w[0], i, -2 * KF_MLDSA_Q + 2, 2 * KF_MLDSA_Q - 2);
        loop assigns i, reject, st->w[0 .. K_MAX - 1], st->tmp;
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) {
        /* c s2, then w -= c s2, in (-q, 2q): frozen for the hint; the check on u = reduce32(w0 -
         * c s2) = u itself (c s2 exact: |c s2| <= tau max|s2|, under 2^10 even for a malformed
         * key). c s1 and c s2 are the tau shifted copies of s1, s2 summed (kf_mldsa_sparse_mul),
         * not products in the NTT domain: s1 and s2 need no NTT, c only for c t0, and the values
         * downstream (z, u, the hint) are the same, reduced as before. The AVX2 code checks the
         * sums as it makes them (kf_mldsa_sparse_sub_low_exceeds). */
        /*@ ghost RsB: ; */
        kf_mldsa_sparse_sub_low_exceeds(&st->w[i], &st->w0[i], &st->tmp, &st->es2[i], st->coff, st->cn,
                                        p->gamma2 - (int32_t)p->beta, &reject);
        /*@ assert r_p: *p == \at(*p, RsB); */
        /* The verdict row by row, and the attempt left at the first row that fails, so a
         * rejected attempt skips the rows after it (ML-DSA-87: 5.5 of its 8 rows on average
         * are made). This reveals which row failed first, as the Dilithium reference code's
         * polyveck_chknorm does (its poly_chknorm: which coefficient violates the bound may
         * leak, its probability being independent of the secret; the value's sign may not). */
        /*@ assert r_ok: kf_mldsa_params_ok(p); */
        /*@ assert r_aa: \forall integer r, m; 0 <= r < \at(p->k * p->l, RsB) && 0 <= m < KF_MLDSA_N ==>
                           0 <= st->a[r].c[m] <= KF_MLDSA_Q - 1; */
        /*@ assert r_a: kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1); */
        /*@ assert r_t0: kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */
        kf_declassify(&reject, sizeof reject); /* line 23's rejection decision (r0), row i */
        /*@ assert r_ret: kf_mldsa_params_ok(p) && kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1) &&
                          kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */
        if (reject) return 0;
    }
    /*@ loop invariant 0 <= j <= p->l && reject == 0;
        loop invariant z_in: kf_mldsa_vec_bounded(&st->z[0], j, -(p->gamma1 - (int)p->beta) + 1, p->gamma1 - (int)p->beta - 1);
        loop invariant ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX;
        loop invariant y: kf_mldsa_vec_bounded(&st->y[0], p->l, -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1);
        loop invariant a: kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
        loop invariant t0: kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
        loop invariant cn: st->cn <= 255 && \forall integer t; 0 <= t < st->cn ==> st->coff[t] <= 512;
        loop invariant w2: kf_mldsa_vec_bounded(&st->w[0], p->k, -2 * KF_MLDSA_Q + 2, 2 * KF_MLDSA_Q - 2);
        loop assigns j, reject, st->z[0 .. L_MAX - 1];
        loop variant p->l - j; */
    for (unsigned j = 0; j < p->l; j++) {
        /* z = y + c s1 and its check */
        /*@ ghost int32_t zbd = p->gamma1 - (int32_t)p->beta; */
        /*@ assert z_bd: 0 < zbd < KF_MLDSA_Q && kf_mldsa_bounded(&st->y[j], -KF_MLDSA_Q + 1, KF_MLDSA_Q - 1); */
        kf_mldsa_sparse_add_reduce_exceeds(&st->z[j], &st->y[j], &st->es1[j], st->coff, st->cn,
                                           p->gamma1 - (int32_t)p->beta, &reject);
        kf_declassify(&reject, sizeof reject); /* line 23's rejection decision (z), row j: as above */
        /*@ assert z_ret: kf_mldsa_params_ok(p) && kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1) &&
                          kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */
        if (reject) return 0;
    }

    /* h = MakeHint(-c t0, w - c s2 + c t0) */
    uint32_t ones = 0;
    /*@ assert z_enc: kf_mldsa_vec_bounded(&st->z[0], p->l, -p->gamma1 + 1, p->gamma1); */
    kf_mldsa_ntt(&st->c); /* c t0 in the NTT domain (t0 is not small) */
    /*@ loop invariant 0 <= i <= p->k;
        loop invariant ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX;
        loop invariant a: kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
        loop invariant t0: kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
        loop invariant c9: kf_mldsa_bounded(&st->c, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
        loop invariant zh: kf_mldsa_vec_bounded(&st->z[0], p->l, -p->gamma1 + 1, p->gamma1);
        loop invariant w2: kf_mldsa_vec_bounded(&st->w[0], p->k, -2 * KF_MLDSA_Q + 2, 2 * KF_MLDSA_Q - 2);
        loop assigns i, ones, reject, st->tmp, st->h[0 .. K_MAX - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) {
        kf_mldsa_pointwise(&st->tmp, &st->c, &st->t0[i]);
        kf_mldsa_invntt_tomont(&st->tmp);
        /* (ACSL) w[i] is w - c s2 in (-2q + 2, 2q - 2): kf_mldsa_sparse_sub_low_exceeds's ensures hw, carried by the
         * loop invariants w2 */
        /*@ assert hw: kf_mldsa_bounded(&st->w[i], -2 * KF_MLDSA_Q + 2, 2 * KF_MLDSA_Q - 2); */
        /* ||c t0|| < gamma2, and h from w - c s2 and w - c s2 + c t0, each frozen to [0, q) */
        kf_mldsa_hint_row(&st->h[i], &st->w[i], &st->tmp, p->gamma2, &ones, &reject);
    }
    reject |= (p->omega - ones) >> 31; /* ones > omega, without a compare the compiler may branch on */
    kf_declassify(&reject, sizeof reject); /* line 28's rejection decision */
    /*@ assert h_ret: kf_mldsa_params_ok(p) && kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1) &&
                      kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */
    if (reject) return 0;
    /*@ loop invariant 0 <= j <= p->l;
        loop assigns j;
        loop variant p->l - j; */
    for (unsigned j = 0; j < p->l; j++) kf_declassify(&st->z[j], sizeof st->z[j]); /* the signature */
    /*@ loop invariant 0 <= i <= p->k;
        loop assigns i;
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) kf_declassify(&st->h[i], sizeof st->h[i]);
    kf_mldsa_sig_encode(sig, st->ctilde, st->z, st->h, p);
    /*@ assert e_ret: kf_mldsa_params_ok(p) && kf_mldsa_vec_bounded(&st->a[0], p->k * p->l, 0, KF_MLDSA_Q - 1) &&
                      kf_mldsa_vec_bounded(&st->t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */
    return 1;
}

/* skDecode (FIPS 204 Alg. 25) as kf_mldsa_sk_decode gives it, but s1 and s2 straight into
 * the layout of the sparse products c s1, c s2 (kf_mldsa_sparse_prep_packed: the AVX2 code
 * unpacks the 3- or 4-bit fields into its int8 copies; signing needs s1 and s2 in no other
 * form): 0, or -1 if a coefficient of s1 or s2 is outside [-eta, eta] (declassified: whether
 * the key is well formed, not which coefficient). */
/* (ACSL, the unit mldsa_api) slot j of n of sb bytes (s1's or s2's packed polynomials in sk), as a
 * ghost lemma function (proved alone, as row_bounded): the products CVC4 did not bound among
 * sign_sk_decode's hypotheses. */
/*@ ghost
  /@ requires (sb == 96 || sb == 128) && j < n <= 8;
     assigns \nothing;
     ensures 0 <= sb * j && sb * j + sb <= sb * n <= 1024; @/
  static void sk_slot(size_t sb, unsigned j, unsigned n) { }
*/

/* (ACSL, the unit mldsa_api) sign_internal's ghost lemma function (proved alone, as row_bounded): the three
 * pieces of rho'' readable, in the forall form of kf_mldsa_shake256's precondition. */
/*@ ghost
  /@ requires \valid_read(in + (0 .. 2)) && \valid_read(len + (0 .. 2));
     requires \valid_read(in[0] + (0 .. len[0] - 1)) && \valid_read(in[1] + (0 .. len[1] - 1)) &&
              \valid_read(in[2] + (0 .. len[2] - 1));
     assigns \nothing;
     ensures \forall integer i; 0 <= i < 3 ==> \valid_read(in[i] + (0 .. len[i] - 1)); @/
  static void pieces3(const uint8_t *const *in, const size_t *len) { }
*/

/* (ACSL, the unit mldsa_api) sign_internal's ghost lemma function (proved alone): k, l and their product's
 * bounds from the parameter set, where CVC4 did not case params_ok among sign_internal's hypotheses. */
/*@ ghost
  /@ requires kf_mldsa_params_ok(p);
     assigns \nothing;
     ensures p->k <= K_MAX && p->l <= L_MAX && p->k * p->l <= K_MAX * L_MAX; @/
  static void kl_max(const kf_mldsa_params *p) { }
*/

/* (ACSL, the unit mldsa_api) sign_internal's ghost lemma function (proved alone): t0's rows, one by one in
 * range, as the vector kf_mldsa_vec_bounded: the form whose frame over ExpandA's writes of A proves (as
 * keygen_internal's xa_s); the conversion in sign_internal's context ran into the time limit. */
/*@ ghost
  /@ requires \valid_read(t + (0 .. n - 1));
     requires t0v_in: \forall integer r; 0 <= r < n ==> kf_mldsa_bounded(&t[r], -4095, 4096);
     assigns \nothing;
     ensures kf_mldsa_vec_bounded(t, n, -4095, 4096); @/
  static void t0_vec(const kf_mldsa_poly *t, unsigned n) { }
*/

/* (ACSL, the unit mldsa_api) sign_internal's ghost lemma function (proved alone): the attempts loop's step
 * kappa += l, n++ with kappa == n l, in the C's unsigned terms (the products CVC4 did not relate in the loop's
 * context, its invariant kappa's preservation). */
/*@ ghost
  /@ requires kst: n < SIGN_ATTEMPTS_MAX && l <= L_MAX && kappa == n * l;
     assigns \nothing;
     ensures kst_n: (unsigned)(n + 1) == n + 1 && (unsigned)(kappa + l) == kappa + l;
     ensures kst_k: (unsigned)(n + 1) * l == kappa + l && kappa + l <= SIGN_ATTEMPTS_MAX * L_MAX; @/
  static void kappa_step(unsigned kappa, unsigned n, unsigned l) { }
*/

/*@ requires \valid(st) && kf_mldsa_params_ok(p) && \separated(st, p);
    requires \valid_read(sk + (0 .. p->sk_bytes - 1)) && \separated(st, sk + (0 .. p->sk_bytes - 1));
    assigns st->rho[0 .. KF_MLDSA_SEEDBYTES - 1], st->key[0 .. KF_MLDSA_SEEDBYTES - 1], st->tr[0 .. KF_MLDSA_TR_BYTES - 1],
            st->es1[0 .. L_MAX - 1], st->es2[0 .. K_MAX - 1], st->t0[0 .. K_MAX - 1];
    ensures \result == 0 || \result == -1;
    ensures t0: \forall integer i; 0 <= i < p->k ==> kf_mldsa_bounded(&st->t0[i], -4095, 4096); */
static int sign_sk_decode(sign_state *st, const uint8_t *sk, const kf_mldsa_params *p)
{
    const size_t sb = 32u * p->eta_bits, s2_off = 128 + sb * p->l, t0_off = s2_off + sb * p->k;
    const int32_t eta = (int32_t)p->eta;
    uint32_t bad = 0;
    /*@ assert sets: p->l == 4 && p->k == 4 && sb == 96 && s2_off == 512 && t0_off == 896 && p->sk_bytes == 2560 ||
                     p->l == 5 && p->k == 6 && sb == 128 && s2_off == 768 && t0_off == 1536 && p->sk_bytes == 4032 ||
                     p->l == 7 && p->k == 8 && sb == 96 && s2_off == 800 && t0_off == 1568 && p->sk_bytes == 4896; */
    memcpy(st->rho, sk, KF_MLDSA_SEEDBYTES);
    memcpy(st->key, sk + 32, KF_MLDSA_SEEDBYTES);
    memcpy(st->tr, sk + 64, KF_MLDSA_TR_BYTES);
    /*@ loop invariant 0 <= j <= p->l && (sb == 96 || sb == 128);
        loop assigns j, bad, st->es1[0 .. L_MAX - 1];
        loop variant p->l - j; */
    for (unsigned j = 0; j < p->l; j++) {
        /*@ ghost sk_slot(sb, j, p->l); */
        /*@ assert es1_in: 128 + sb * j + sb <= p->sk_bytes && sb == 32 * p->eta_bits; */
        bad |= kf_mldsa_sparse_prep_packed(&st->es1[j], sk + 128 + sb * j, p->eta_bits, eta, p->tau);
    }
    /*@ loop invariant 0 <= i <= p->k && (sb == 96 || sb == 128);
        loop assigns i, bad, st->es2[0 .. K_MAX - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) {
        /*@ ghost sk_slot(sb, i, p->k); */
        /*@ assert es2_in: s2_off + sb * i + sb <= p->sk_bytes && sb == 32 * p->eta_bits; */
        bad |= kf_mldsa_sparse_prep_packed(&st->es2[i], sk + s2_off + sb * i, p->eta_bits, eta, p->tau);
    }
    /*@ loop invariant 0 <= i <= p->k;
        loop invariant t0: \forall integer r; 0 <= r < i ==> kf_mldsa_bounded(&st->t0[r], -4095, 4096);
        loop assigns i, st->t0[0 .. K_MAX - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) /* BitUnpack(t0, 2^12 - 1, 2^12) */
        kf_mldsa_unpack_offset(&st->t0[i], sk + t0_off + 32u * KF_MLDSA_D * i, KF_MLDSA_D, 1 << (KF_MLDSA_D - 1));
    kf_declassify(&bad, sizeof bad);
    return bad ? -1 : 0;
}

/* Every secret of st, and only the polynomials p uses (the struct has room for ML-DSA-87):
 * the expanded matrix A is public (from rho, part of pk) and not wiped. Wiping all of st,
 * 122 KB, cost ML-DSA-44 more than its skDecode; this is 35 KB there. */
/*@ requires \valid(st) && \valid_read(p) && \separated(st, p);
    requires p->k <= K_MAX && p->l <= L_MAX;
    assigns *st; */
static void wipe_sign_state(sign_state *st, const kf_mldsa_params *p)
{
    const size_t k = p->k * sizeof st->t0[0], l = p->l * sizeof st->y[0];
    kf_memzero(st->t0, k);
    kf_memzero(st->es1, p->l * sizeof st->es1[0]);
    kf_memzero(st->es2, p->k * sizeof st->es2[0]);
    kf_memzero(st->y, l);
    kf_memzero(st->ring, (st->made < MASK_RING ? st->made : MASK_RING) * sizeof st->ring[0]);
    kf_memzero(st->z, l);
    kf_memzero(st->w, k);
    kf_memzero(st->w0, k);
    kf_memzero(st->h, k);
    kf_memzero(&st->c, sizeof st->c);
    kf_memzero(&st->tmp, sizeof st->tmp);
    kf_memzero(st->rho, (size_t)((uint8_t *)(st + 1) - st->rho)); /* the byte strings, to the end */
}

/* Sign_internal from sk, with mu given or computed from m; rnd NULL = 32 zero bytes.
 * *attempts (if not NULL) = the attempts the loop ran (public: the loop's rejections are). */
/*@ requires kf_mldsa_params_ok(p) && !\valid(p);
    requires \valid(sig + (0 .. p->sig_bytes - 1)) && \valid_read(sk + (0 .. p->sk_bytes - 1));
    requires mu != \null || kf_mldsa_msg_ok(m);
    requires mu == \null || \valid_read(mu + (0 .. KF_MLDSA_CRHBYTES - 1));
    requires rnd == \null || \valid_read(rnd + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires attempts == \null || \valid(attempts);
    assigns sig[0 .. p->sig_bytes - 1], attempts[0 .. (attempts == \null ? -1 : 0)], kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_KEY || \result == KF_ERR_BAD_STATE; */
static int sign_internal(const kf_mldsa_params *p, uint8_t *sig, const uint8_t *sk, const kf_mldsa_msg *m,
                         const uint8_t *mu, const uint8_t *rnd, unsigned *attempts)
{
    unsigned n = 0;
    sign_state st;
    static const uint8_t zeros[KF_MLDSA_SEEDBYTES];
    int rc = KF_ERR_BAD_STATE; /* the attempts ran out: never for a valid key */
    /*@ assert sets: p->k <= K_MAX && p->l <= L_MAX && p->k * p->l <= K_MAX * L_MAX; */
    /*@ assert sep: \separated(p, &st) && \separated(&st, sig + (0 .. p->sig_bytes - 1)); */
    st.made = 0;
    if (sign_sk_decode(&st, sk, p) != 0) {
        rc = KF_ERR_BAD_KEY;
        /*@ assert g_kl: p->k <= K_MAX && p->l <= L_MAX; */
        goto out;
    }
    /*@ assert d_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX && \separated(p, &st); */
    /*@ assert d_t0: \forall integer r; 0 <= r < p->k ==> kf_mldsa_bounded(&st.t0[r], -4095, 4096); */
    if (mu) memcpy(st.mu, mu, KF_MLDSA_CRHBYTES);
    else kf_mldsa_compute_mu(st.mu, st.tr, m);
    /*@ assert mu_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX; */
    /*@ assert mu_t0: \forall integer r; 0 <= r < p->k ==> kf_mldsa_bounded(&st.t0[r], -4095, 4096); */
    const uint8_t *in[3] = {st.key, rnd ? rnd : zeros, st.mu};
    const size_t len[3] = {KF_MLDSA_SEEDBYTES, KF_MLDSA_SEEDBYTES, KF_MLDSA_CRHBYTES};
    /*@ assert pieces: \valid_read(in[0] + (0 .. len[0] - 1)) && \valid_read(in[1] + (0 .. len[1] - 1)) &&
                       \valid_read(in[2] + (0 .. len[2] - 1)); */
    /*@ ghost pieces3(in, len); */
    kf_mldsa_shake256(st.rhopp, sizeof st.rhopp, 3, in, len); /* rho'' = H(K || rnd || mu, 64) */
    /*@ ghost kl_max(p); */
    /*@ assert rpp_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX && p->k * p->l <= K_MAX * L_MAX; */
    /*@ assert t0_in: \forall integer r; 0 <= r < p->k ==> kf_mldsa_bounded(&st.t0[r], -4095, 4096); */
    /*@ ghost t0_vec(&st.t0[0], p->k); */
    /*@ assert t0_v: kf_mldsa_vec_bounded(&st.t0[0], p->k, -4095, 4096); */
    /*@ assert a_fit: \valid(&st.a[0] + (0 .. p->k * p->l - 1)) &&
                      \separated(&st.a[0] + (0 .. p->k * p->l - 1), &st.rho[0] + (0 .. KF_MLDSA_SEEDBYTES - 1), p); */
    kf_mldsa_expand_a(st.a, st.rho, p);
    /*@ assert a_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX; */
    /*@ assert a_a: kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1); */
    /*@ assert a_t0v: kf_mldsa_vec_bounded(&st.t0[0], p->k, -4095, 4096); */
    /*@ assert a_t0: \forall integer r; 0 <= r < p->k ==> kf_mldsa_bounded(&st.t0[r], -4095, 4096); */
    /*@ loop invariant 0 <= i <= p->k && kf_mldsa_vec_bounded(&st.t0[0], i, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
        loop invariant \forall integer r; i <= r < p->k ==> kf_mldsa_bounded(&st.t0[r], -4095, 4096);
        loop invariant ok: kf_mldsa_params_ok(p) && p->k <= K_MAX;
        loop invariant a: kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
        loop assigns i, st.t0[0 .. K_MAX - 1];
        loop variant p->k - i; */
    for (unsigned i = 0; i < p->k; i++) /*@ assert n_row: kf_mldsa_bounded(&st.t0[i], -4095, 4096); */ kf_mldsa_ntt(&st.t0[i]);
    /*@ ghost unsigned gk = p->k, gl = p->l; */
    /*@ assert ch_ag: kf_mldsa_vec_bounded(&st.a[0], gk * gl, 0, KF_MLDSA_Q - 1); */
    st.chunk = mask_chunk();
    /*@ assert ch_g: p->k == gk && p->l == gl; */
    /*@ assert ch_ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX; */
    /*@ assert ch_a: kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1); */
    /*@ assert ch_t0: kf_mldsa_vec_bounded(&st.t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1); */
    /*@ loop invariant kappa: 0 <= n <= SIGN_ATTEMPTS_MAX && kappa == n * gl;
        loop invariant kb: kappa <= n * L_MAX;
        loop invariant ch: 1 <= st.chunk <= KF_XN_MAX;
        loop invariant g: p->k == gk && p->l == gl && gk <= K_MAX && gl <= L_MAX;
        loop invariant rc == KF_ERR_BAD_STATE;
        loop invariant sep: \separated(p, &st) && \separated(&st, sig + (0 .. p->sig_bytes - 1));
        loop invariant ok: kf_mldsa_params_ok(p) && p->k <= K_MAX && p->l <= L_MAX;
        loop invariant a: kf_mldsa_vec_bounded(&st.a[0], p->k * p->l, 0, KF_MLDSA_Q - 1);
        loop invariant t0: kf_mldsa_vec_bounded(&st.t0[0], p->k, -9 * KF_MLDSA_Q + 1, 9 * KF_MLDSA_Q - 1);
        loop assigns kappa, n, rc, st, sig[0 .. p->sig_bytes - 1], kf_spec_xn_table;
        loop variant SIGN_ATTEMPTS_MAX - n; */
    for (unsigned kappa = 0; n < SIGN_ATTEMPTS_MAX; kappa += p->l) {
        /*@ ghost kappa_step(kappa, n, gl); */
        n++;
        if (sign_attempt(&st, p, kappa, sig)) {
            /*@ assert s_kl: p->k <= K_MAX && p->l <= L_MAX; */
            rc = KF_OK;
            break;
        }
    }
    /*@ assert e_kl: p->k <= K_MAX && p->l <= L_MAX; */
out:
    wipe_sign_state(&st, p);
    if (attempts) *attempts = n;
    return rc;
}

/*@ requires kf_mldsa_params_ok(p) && !\valid(p);
    requires \valid(sig + (0 .. p->sig_bytes - 1)) && \valid_read(sk + (0 .. p->sk_bytes - 1));
    requires \valid_read(mu + (0 .. KF_MLDSA_CRHBYTES - 1));
    requires rnd == \null || \valid_read(rnd + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires attempts == \null || \valid(attempts);
    assigns sig[0 .. p->sig_bytes - 1], attempts[0 .. (attempts == \null ? -1 : 0)], kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_KEY || \result == KF_ERR_BAD_STATE; */
int kf_mldsa_sign_mu_attempts(const kf_mldsa_params *p, uint8_t *sig, const uint8_t *sk,
                              const uint8_t mu[KF_MLDSA_CRHBYTES], const uint8_t *rnd, unsigned *attempts)
{
    return sign_internal(p, sig, sk, NULL, mu, rnd, attempts);
}

/* ---- the public API ----------------------------------------------------------------------- */

size_t kf_mldsa_pk_bytes(kf_mldsa_param param)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    return p ? p->pk_bytes : 0;
}

size_t kf_mldsa_sk_bytes(kf_mldsa_param param)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    return p ? p->sk_bytes : 0;
}

/*@ assigns \nothing;
    ensures \result == kf_mldsa_sig_len(param); */
size_t kf_mldsa_sig_bytes(kf_mldsa_param param)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    return p ? p->sig_bytes : 0;
}

int kf_mldsa_keygen_internal(kf_mldsa_param param, uint8_t *pk, uint8_t *sk, const uint8_t xi[KF_MLDSA_SEED_BYTES])
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!pk || !sk || !xi) return KF_ERR_NULL_POINTER;
    keygen_internal(p, pk, sk, xi);
    return KF_OK;
}

/*@ requires pk == \null || \valid(pk + (0 .. kf_mldsa_pk_len(param) - 1));
    requires sk == \null || \valid(sk + (0 .. kf_mldsa_sk_len(param) - 1));
    assigns pk[0 .. kf_mldsa_pk_len(param) - 1], sk[0 .. kf_mldsa_sk_len(param) - 1], kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER ||
            \result == KF_ERR_RNG; */
int kf_mldsa_keygen(kf_mldsa_param param, uint8_t *pk, uint8_t *sk)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!pk || !sk) return KF_ERR_NULL_POINTER;
    uint8_t xi[KF_MLDSA_SEED_BYTES];
    int rc = kf_os_random(xi, sizeof xi);
    if (rc == KF_OK) keygen_internal(p, pk, sk, xi);
    kf_memzero(xi, sizeof xi);
    return rc;
}

/*@ requires p == \null || kf_mldsa_params_ok(p);
    assigns \nothing;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER ||
            \result == KF_ERR_BAD_LENGTH;
    ensures p == \null ==> \result == KF_ERR_BAD_ALGORITHM;
    ensures \result == KF_OK ==> p != \null && sig != \null && sk != \null && (msg != \null || msglen == 0) &&
                                 sklen == p->sk_bytes && siglen >= p->sig_bytes; */
static int sign_checks(const kf_mldsa_params *p, uint8_t *sig, size_t siglen, const void *msg, size_t msglen,
                       const uint8_t *sk, size_t sklen)
{
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!sig || !sk || (!msg && msglen)) return KF_ERR_NULL_POINTER;
    if (sklen != p->sk_bytes || siglen < p->sig_bytes) return KF_ERR_BAD_LENGTH;
    return KF_OK;
}

int kf_mldsa_verify_checks(const kf_mldsa_params *p, const void *msg, size_t msglen, const uint8_t *sig,
                           size_t siglen, const uint8_t *pk, size_t pklen)
{
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!pk || (!sig && siglen) || (!msg && msglen)) return KF_ERR_NULL_POINTER;
    if (pklen != p->pk_bytes || siglen != p->sig_bytes) return KF_ERR_BAD_LENGTH;
    return KF_OK;
}

int kf_mldsa_ctx_checks(const void *ctx, size_t ctxlen)
{
    if (!ctx && ctxlen) return KF_ERR_NULL_POINTER;
    if (ctxlen > KF_MLDSA_MAX_CONTEXT_BYTES) return KF_ERR_BAD_CONTEXT;
    return KF_OK;
}

/* The signing calls' end: sig zeroed on failure. */
/*@ requires sig == \null || \valid(sig + (0 .. siglen - 1));
    assigns sig[0 .. siglen - 1];
    ensures \result == rc; */
static int sign_done(uint8_t *sig, size_t siglen, int rc)
{
    //@ assert sd: sig == \null || siglen == 0 || \valid((char *)sig + (0 .. siglen - 1));
    if (rc != KF_OK && sig) memset(sig, 0, siglen);
    return rc;
}

/*@ requires kf_mldsa_params_ok(p) && !\valid(p);
    requires \valid(sig + (0 .. siglen - 1)) && siglen >= p->sig_bytes && \valid_read(sk + (0 .. p->sk_bytes - 1));
    requires mu != \null || kf_mldsa_msg_ok(m);
    requires mu == \null || \valid_read(mu + (0 .. KF_MLDSA_CRHBYTES - 1));
    requires rnd == \null || \valid_read(rnd + (0 .. KF_MLDSA_SEEDBYTES - 1));
    assigns sig[0 .. siglen - 1], kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_KEY || \result == KF_ERR_BAD_STATE; */
static int do_sign(const kf_mldsa_params *p, uint8_t *sig, size_t siglen, const kf_mldsa_msg *m, const uint8_t *mu,
                   const uint8_t *rnd, const uint8_t *sk)
{
    return sign_done(sig, siglen, sign_internal(p, sig, sk, m, mu, rnd, NULL));
}

/*@ requires sig == \null || \valid(sig + (0 .. siglen - 1));
    requires msg == \null || \valid_read((uint8_t *)msg + (0 .. msglen - 1));
    requires rnd == \null || \valid_read(rnd + (0 .. KF_MLDSA_RND_BYTES - 1));
    requires sk == \null || \valid_read(sk + (0 .. sklen - 1));
    assigns sig[0 .. siglen - 1], kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER ||
            \result == KF_ERR_BAD_LENGTH || \result == KF_ERR_BAD_KEY || \result == KF_ERR_BAD_STATE;
    ensures kf_mldsa_pk_len(param) == 0 ==> \result == KF_ERR_BAD_ALGORITHM;
    ensures \result == KF_OK ==> sklen == kf_mldsa_sk_len(param) && siglen >= kf_mldsa_sig_len(param); */
int kf_mldsa_sign_internal(kf_mldsa_param param, uint8_t *sig, size_t siglen, const void *msg, size_t msglen,
                           const uint8_t *rnd, const uint8_t *sk, size_t sklen)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    int rc = sign_checks(p, sig, siglen, msg, msglen, sk, sklen);
    if (rc != KF_OK) return sign_done(sig, siglen, rc);
    kf_mldsa_msg m = {{msg}, {msglen}, 1};
    return do_sign(p, sig, siglen, &m, NULL, rnd, sk);
}

/*@ requires msg == \null || \valid_read((uint8_t *)msg + (0 .. msglen - 1));
    requires sig == \null || \valid_read(sig + (0 .. siglen - 1));
    requires pk == \null || \valid_read(pk + (0 .. pklen - 1));
    assigns kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_SIGNATURE || \result == KF_ERR_BAD_ALGORITHM ||
            \result == KF_ERR_NULL_POINTER || \result == KF_ERR_BAD_LENGTH;
    ensures kf_mldsa_pk_len(param) == 0 ==> \result == KF_ERR_BAD_ALGORITHM;
    ensures \result == KF_OK || \result == KF_ERR_BAD_SIGNATURE ==>
            pklen == kf_mldsa_pk_len(param) && siglen == kf_mldsa_sig_len(param); */
int kf_mldsa_verify_internal(kf_mldsa_param param, const void *msg, size_t msglen, const uint8_t *sig,
                             size_t siglen, const uint8_t *pk, size_t pklen)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    int rc = kf_mldsa_verify_checks(p, msg, msglen, sig, siglen, pk, pklen);
    if (rc != KF_OK) return rc;
    kf_mldsa_msg m = {{msg}, {msglen}, 1};
    return kf_mldsa_verify_one(p, pk, &m, NULL, sig) ? KF_OK : KF_ERR_BAD_SIGNATURE;
}

/*@ requires sig == \null || \valid(sig + (0 .. siglen - 1));
    requires mu == \null || \valid_read(mu + (0 .. KF_MLDSA_MU_BYTES - 1));
    requires rnd == \null || \valid_read(rnd + (0 .. KF_MLDSA_RND_BYTES - 1));
    requires sk == \null || \valid_read(sk + (0 .. sklen - 1));
    assigns sig[0 .. siglen - 1], kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER ||
            \result == KF_ERR_BAD_LENGTH || \result == KF_ERR_BAD_KEY || \result == KF_ERR_BAD_STATE;
    ensures kf_mldsa_pk_len(param) == 0 ==> \result == KF_ERR_BAD_ALGORITHM;
    ensures \result == KF_OK ==> sklen == kf_mldsa_sk_len(param) && siglen >= kf_mldsa_sig_len(param) && mu != \null; */
int kf_mldsa_sign_mu(kf_mldsa_param param, uint8_t *sig, size_t siglen, const uint8_t mu[KF_MLDSA_MU_BYTES],
                     const uint8_t *rnd, const uint8_t *sk, size_t sklen)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    int rc = sign_checks(p, sig, siglen, NULL, 0, sk, sklen);
    if (rc == KF_OK && !mu) rc = KF_ERR_NULL_POINTER;
    if (rc != KF_OK) return sign_done(sig, siglen, rc);
    return do_sign(p, sig, siglen, NULL, mu, rnd, sk);
}

/*@ requires mu == \null || \valid_read(mu + (0 .. KF_MLDSA_MU_BYTES - 1));
    requires sig == \null || \valid_read(sig + (0 .. siglen - 1));
    requires pk == \null || \valid_read(pk + (0 .. pklen - 1));
    assigns kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_SIGNATURE || \result == KF_ERR_BAD_ALGORITHM ||
            \result == KF_ERR_NULL_POINTER || \result == KF_ERR_BAD_LENGTH;
    ensures kf_mldsa_pk_len(param) == 0 ==> \result == KF_ERR_BAD_ALGORITHM;
    ensures \result == KF_OK || \result == KF_ERR_BAD_SIGNATURE ==>
            mu != \null && pklen == kf_mldsa_pk_len(param) && siglen == kf_mldsa_sig_len(param); */
int kf_mldsa_verify_mu(kf_mldsa_param param, const uint8_t mu[KF_MLDSA_MU_BYTES], const uint8_t *sig,
                       size_t siglen, const uint8_t *pk, size_t pklen)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    int rc = kf_mldsa_verify_checks(p, NULL, 0, sig, siglen, pk, pklen);
    if (rc == KF_OK && !mu) rc = KF_ERR_NULL_POINTER;
    if (rc != KF_OK) return rc;
    return kf_mldsa_verify_one(p, pk, NULL, mu, sig) ? KF_OK : KF_ERR_BAD_SIGNATURE;
}

/* M' = IntegerToBytes(0, 1) || IntegerToBytes(|ctx|, 1) || ctx || M (Alg. 2 line 10, Alg. 3 line 5). */
void kf_mldsa_pure_msg(kf_mldsa_msg *m, uint8_t hdr[2], const void *msg, size_t msglen, const void *ctx, size_t ctxlen)
{
    hdr[0] = 0;
    hdr[1] = (uint8_t)ctxlen;
    *m = (kf_mldsa_msg){{hdr, ctx, msg}, {2, ctxlen, msglen}, 3};
}

/*@ requires sig == \null || \valid(sig + (0 .. siglen - 1));
    requires msg == \null || \valid_read((uint8_t *)msg + (0 .. msglen - 1));
    requires ctx == \null || \valid_read((uint8_t *)ctx + (0 .. ctxlen - 1));
    requires rnd == \null || \valid_read(rnd + (0 .. KF_MLDSA_RND_BYTES - 1));
    requires sk == \null || \valid_read(sk + (0 .. sklen - 1));
    assigns sig[0 .. siglen - 1], kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER ||
            \result == KF_ERR_BAD_LENGTH || \result == KF_ERR_BAD_KEY || \result == KF_ERR_BAD_STATE ||
            \result == KF_ERR_BAD_CONTEXT;
    ensures kf_mldsa_pk_len(param) == 0 ==> \result == KF_ERR_BAD_ALGORITHM;
    ensures \result == KF_OK ==> sklen == kf_mldsa_sk_len(param) && siglen >= kf_mldsa_sig_len(param) &&
            (ctx != \null || ctxlen == 0) && ctxlen <= KF_MLDSA_MAX_CONTEXT_BYTES; */
int kf_mldsa_sign(kf_mldsa_param param, uint8_t *sig, size_t siglen, const void *msg, size_t msglen,
                  const void *ctx, size_t ctxlen, const uint8_t *rnd, const uint8_t *sk, size_t sklen)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    int rc = sign_checks(p, sig, siglen, msg, msglen, sk, sklen);
    if (rc == KF_OK) rc = kf_mldsa_ctx_checks(ctx, ctxlen);
    if (rc != KF_OK) return sign_done(sig, siglen, rc);
    uint8_t hdr[2];
    kf_mldsa_msg m;
    kf_mldsa_pure_msg(&m, hdr, msg, msglen, ctx, ctxlen);
    return do_sign(p, sig, siglen, &m, NULL, rnd, sk);
}

/*@ requires msg == \null || \valid_read((uint8_t *)msg + (0 .. msglen - 1));
    requires ctx == \null || \valid_read((uint8_t *)ctx + (0 .. ctxlen - 1));
    requires sig == \null || \valid_read(sig + (0 .. siglen - 1));
    requires pk == \null || \valid_read(pk + (0 .. pklen - 1));
    assigns kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_SIGNATURE || \result == KF_ERR_BAD_ALGORITHM ||
            \result == KF_ERR_NULL_POINTER || \result == KF_ERR_BAD_LENGTH || \result == KF_ERR_BAD_CONTEXT;
    ensures kf_mldsa_pk_len(param) == 0 ==> \result == KF_ERR_BAD_ALGORITHM;
    ensures \result == KF_OK || \result == KF_ERR_BAD_SIGNATURE ==>
            pklen == kf_mldsa_pk_len(param) && siglen == kf_mldsa_sig_len(param) &&
            (ctx != \null || ctxlen == 0) && ctxlen <= KF_MLDSA_MAX_CONTEXT_BYTES; */
int kf_mldsa_verify(kf_mldsa_param param, const void *msg, size_t msglen, const void *ctx, size_t ctxlen,
                    const uint8_t *sig, size_t siglen, const uint8_t *pk, size_t pklen)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    int rc = kf_mldsa_verify_checks(p, msg, msglen, sig, siglen, pk, pklen);
    if (rc == KF_OK) rc = kf_mldsa_ctx_checks(ctx, ctxlen);
    if (rc != KF_OK) return rc;
    uint8_t hdr[2];
    kf_mldsa_msg m;
    kf_mldsa_pure_msg(&m, hdr, msg, msglen, ctx, ctxlen);
    return kf_mldsa_verify_one(p, pk, &m, NULL, sig) ? KF_OK : KF_ERR_BAD_SIGNATURE;
}

#define OID_BYTES KF_PREHASH_OID_BYTES
#define PH_MAX KF_PREHASH_MAX

/* M' = IntegerToBytes(1, 1) || IntegerToBytes(|ctx|, 1) || ctx || OID || PH_M (Alg. 4 line 23, Alg. 5 line 18). */
/*@ requires \valid(m) && \valid(hdr + (0 .. 1)) && \separated(m, hdr + (0 .. 1));
    assigns *m, hdr[0 .. 1];
    ensures m->n == 4 && m->part[0] == hdr && m->len[0] == 2 && m->part[1] == (uint8_t *)ctx &&
            m->len[1] == ctxlen && m->part[2] == oid && m->len[2] == OID_BYTES && m->part[3] == phm &&
            m->len[3] == phlen; */
static void hash_msg(kf_mldsa_msg *m, uint8_t hdr[2], const void *ctx, size_t ctxlen, const uint8_t *oid,
                     const uint8_t *phm, size_t phlen)
{
    hdr[0] = 1;
    hdr[1] = (uint8_t)ctxlen;
    *m = (kf_mldsa_msg){{hdr, ctx, oid, phm}, {2, ctxlen, OID_BYTES, phlen}, 4};
}

/*@ requires sig == \null || \valid(sig + (0 .. siglen - 1));
    requires msg == \null || \valid_read((uint8_t *)msg + (0 .. msglen - 1));
    requires ctx == \null || \valid_read((uint8_t *)ctx + (0 .. ctxlen - 1));
    requires rnd == \null || \valid_read(rnd + (0 .. KF_MLDSA_RND_BYTES - 1));
    requires sk == \null || \valid_read(sk + (0 .. sklen - 1));
    assigns sig[0 .. siglen - 1], kf_spec_xn_table;
    ensures \result <= 0;
    ensures kf_mldsa_pk_len(param) == 0 ==> \result == KF_ERR_BAD_ALGORITHM;
    ensures \result == KF_OK ==> sklen == kf_mldsa_sk_len(param) && siglen >= kf_mldsa_sig_len(param) &&
            (ctx != \null || ctxlen == 0) && ctxlen <= KF_MLDSA_MAX_CONTEXT_BYTES; */
int kf_mldsa_hash_sign(kf_mldsa_param param, kf_mldsa_prehash ph, uint8_t *sig, size_t siglen, const void *msg,
                       size_t msglen, const void *ctx, size_t ctxlen, const uint8_t *rnd, const uint8_t *sk,
                       size_t sklen)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    uint8_t oid[OID_BYTES], phm[PH_MAX], hdr[2];
    size_t phlen = 0;
    int rc = sign_checks(p, sig, siglen, msg, msglen, sk, sklen);
    if (rc == KF_OK) rc = kf_mldsa_ctx_checks(ctx, ctxlen);
    if (rc == KF_OK) rc = kf_prehash((int)ph, msg, msglen, oid, phm, &phlen);
    if (rc != KF_OK) return sign_done(sig, siglen, rc);
    kf_mldsa_msg m;
    hash_msg(&m, hdr, ctx, ctxlen, oid, phm, phlen);
    return do_sign(p, sig, siglen, &m, NULL, rnd, sk);
}

/*@ requires msg == \null || \valid_read((uint8_t *)msg + (0 .. msglen - 1));
    requires ctx == \null || \valid_read((uint8_t *)ctx + (0 .. ctxlen - 1));
    requires sig == \null || \valid_read(sig + (0 .. siglen - 1));
    requires pk == \null || \valid_read(pk + (0 .. pklen - 1));
    assigns kf_spec_xn_table;
    ensures \result <= 0;
    ensures kf_mldsa_pk_len(param) == 0 ==> \result == KF_ERR_BAD_ALGORITHM;
    ensures \result == KF_OK || \result == KF_ERR_BAD_SIGNATURE ==>
            pklen == kf_mldsa_pk_len(param) && siglen == kf_mldsa_sig_len(param) &&
            (ctx != \null || ctxlen == 0) && ctxlen <= KF_MLDSA_MAX_CONTEXT_BYTES; */
int kf_mldsa_hash_verify(kf_mldsa_param param, kf_mldsa_prehash ph, const void *msg, size_t msglen,
                         const void *ctx, size_t ctxlen, const uint8_t *sig, size_t siglen, const uint8_t *pk,
                         size_t pklen)
{
    const kf_mldsa_params *p = kf_mldsa_params_get(param);
    uint8_t oid[OID_BYTES], phm[PH_MAX], hdr[2];
    size_t phlen = 0;
    int rc = kf_mldsa_verify_checks(p, msg, msglen, sig, siglen, pk, pklen);
    if (rc == KF_OK) rc = kf_mldsa_ctx_checks(ctx, ctxlen);
    if (rc == KF_OK) rc = kf_prehash((int)ph, msg, msglen, oid, phm, &phlen);
    if (rc != KF_OK) return rc;
    kf_mldsa_msg m;
    hash_msg(&m, hdr, ctx, ctxlen, oid, phm, phlen);
    return kf_mldsa_verify_one(p, pk, &m, NULL, sig) ? KF_OK : KF_ERR_BAD_SIGNATURE;
}
