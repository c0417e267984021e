/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sampling.c - ExpandA, ExpandS, ExpandMask and SampleInBall (FIPS 204 Alg. 29-34) on the
 * batched sponge, and H.
 */
#include "mldsa/sampling.h"
#include "sponge/sponge.h"
#include "sponge/sponge_xn.h"
#include "common/ct.h"
#include "mldsa/arith.h"
#ifdef KF_MLDSA_HAVE_AVX2
#include "mldsa/x86_64/poly_avx2.h"
#endif

#include <string.h>

#define N KF_MLDSA_N
#define Q KF_MLDSA_Q
#define SHAKE_SUFFIX 0x1F
#define A_FIRST_BLOCKS 5  /* 840 bytes: 280 candidates for 256 at an acceptance of 0.999 */
#define S_FIRST_BLOCKS 2  /* 272 bytes: 544 nibbles, 256 needed at 15/16 (eta 2) or 9/16 (eta 4) */
#define A_BUF (A_FIRST_BLOCKS * KF_SHAKE128_RATE) /* reject_group's contract: a row of buf */
/* reject_group's annotations: its tables' entries as of its start (the sponge's writes to *x, pointers
 * among them, leave them: rg_x), so that no frame of its loops reads a pointer the sponge has written */
#define RG_D(j) \at(dst[j], Pre)
#define RG_O(j) \at(out[j], Pre)
/* a row of out as one object (ghost: no code), so that reject_group's assigns name each row and each
 * polynomial whole (*RG_D(j)): a write inside one is then included by an existential over the row or
 * polynomial index only, whose witness CVC4 finds by matching, not over the index and the offset,
 * an integer no trigger binds (session 59: the outer loop's own assigns and the function's part 5) */
/*@ ghost struct rg_row { uint8_t b[A_BUF]; }; */
#define RG_R(j) (*(struct rg_row *)\at(out[j], Pre))
/* reject_group's count of whole lanes: its ghost flags' sum */
#define RG_FSUM (fl[0] + fl[1] + fl[2] + fl[3] + fl[4] + fl[5] + fl[6] + fl[7])
/* v is one of the eight lane indices: in an annotation, the case split CVC4 does not make itself */
#define RG_LANE8(v) ((v) == 0 || (v) == 1 || (v) == 2 || (v) == 3 || (v) == 4 || (v) == 5 || (v) == 6 || (v) == 7)
/* the lanes' bound (lane j's first have[j] coefficients in [0, q)) as one predicate of the memory, so
 * that carrying it into and out of the extra-block loop is a hypothesis equal to the goal (Qed's), not
 * a quantifier CVC4 must instantiate in that loop's large context */
/*@ logic integer rg_h(integer h0, integer h1, integer h2, integer h3, integer h4, integer h5, integer h6,
                       integer h7, integer j) =
      j == 0 ? h0 : j == 1 ? h1 : j == 2 ? h2 : j == 3 ? h3 : j == 4 ? h4 : j == 5 ? h5 : j == 6 ? h6 : h7;
    predicate rg_lanes_ok{L, P}(kf_mldsa_poly **d, integer n, integer h0, integer h1, integer h2, integer h3,
                                integer h4, integer h5, integer h6, integer h7) =
      \forall integer j, m; 0 <= j < n && 0 <= m < rg_h(h0, h1, h2, h3, h4, h5, h6, h7, j) ==>
        0 <= \at(\at(d[j], P)->c[m], L) < KF_MLDSA_Q; */

/* Its contract: sampling.h. */
void kf_mldsa_shake256(uint8_t *out, size_t outlen, unsigned n, const uint8_t *const in[], const size_t len[])
{
    kf_sponge s;
    kf_sponge_init(&s, kf_backend_current(), KF_SHAKE256_RATE, 24, SHAKE_SUFFIX);
    /*@ loop invariant 0 <= i <= n && kf_sponge_absorbing(&s);
        loop assigns i, s.state[0 .. KF_STATE_BYTES - 1], s.pos, s.partial;
        loop variant n - i; */
    for (unsigned i = 0; i < n; i++) kf_sponge_absorb(&s, in[i], len[i]);
    kf_sponge_squeeze(&s, out, outlen);
    kf_sponge_wipe(&s); /* kf_memzero of its bytes, stated in its type (sponge.h) */
}

/* The first outlen bytes of n SHAKE streams (rate 168 or 136) over in[i][0 .. len) into out[i]:
 * one call per group of the batched backend, whose xof keeps the lanes in registers from the
 * seed to the last output block where it has one (avx2-x4); x is left dead (wiped). */
/*@ requires \valid(x) && 1 <= n <= KF_XN_MAX && (rate == KF_SHAKE128_RATE || rate == KF_SHAKE256_RATE);
    requires \valid_read(in + (0 .. n - 1)) && \forall integer i; 0 <= i < n ==> \valid_read(in[i] + (0 .. len - 1));
    requires \valid_read(out + (0 .. n - 1)) && \separated(x, in + (0 .. n - 1), out + (0 .. n - 1));
    requires \forall integer i; 0 <= i < n ==> \valid(out[i] + (0 .. outlen - 1)) && \separated(out[i] + (0 .. outlen - 1), x);
    assigns *x, *(out[0 .. n - 1] + (0 .. outlen - 1)), kf_spec_xn_table; */
static void first_blocks(kf_sponge_xn *x, unsigned n, unsigned rate, const uint8_t *const in[], size_t len,
                         uint8_t *const out[], size_t outlen, int pub)
{
    size_t inlen[KF_XN_MAX];
    /*@ loop invariant 0 <= i <= n && \forall integer j; 0 <= j < i ==> inlen[j] == len;
        loop assigns i, inlen[0 .. KF_XN_MAX - 1];
        loop variant n - i; */
    for (unsigned i = 0; i < n; i++) inlen[i] = len;
    kf_sponge_xn_plan(x, n, rate, 24, SHAKE_SUFFIX);
    if (pub) kf_sponge_xn_oneshot_public(x, in, inlen, out, outlen); /* ExpandA: rho is public */
    else kf_sponge_xn_oneshot(x, in, inlen, out, outlen);
}

/* Rarely, a rejection loop needs blocks past the first outlen bytes: x set up again as a
 * sponge that has given those bytes (out[i] rewritten with the same bytes), so that
 * kf_sponge_xn_squeeze goes on with the streams' next blocks. */
/*@ requires \valid(x) && 1 <= n <= KF_XN_MAX && (rate == KF_SHAKE128_RATE || rate == KF_SHAKE256_RATE);
    requires \valid_read(in + (0 .. n - 1)) && \forall integer i; 0 <= i < n ==> \valid_read(in[i] + (0 .. len - 1));
    requires \valid_read(out + (0 .. n - 1)) && \separated(x, in + (0 .. n - 1), out + (0 .. n - 1));
    requires \forall integer i; 0 <= i < n ==> \valid(out[i] + (0 .. outlen - 1)) && \separated(out[i] + (0 .. outlen - 1), x);
    assigns *x, *(out[0 .. n - 1] + (0 .. outlen - 1)), kf_spec_xn_table;
    ensures kf_sponge_xn_ok(x) && x->n == n && x->rate == rate; */
static void more_blocks(kf_sponge_xn *x, unsigned n, unsigned rate, const uint8_t *const in[], size_t len,
                        uint8_t *const out[], size_t outlen)
{
    kf_sponge_xn_init(x, n, rate, 24, SHAKE_SUFFIX);
    kf_sponge_xn_absorb(x, in, len);
    kf_sponge_xn_squeeze(x, out, outlen);
}

/* RejNTTPoly's loop (Alg. 30 lines 4-10) on buf: CoeffFromThreeBytes (Alg. 14) candidates,
 * from coefficient n on; returns the new count. A is public. */
/*@ requires n <= KF_MLDSA_N && len <= 65536 && \valid(c + (0 .. KF_MLDSA_N - 1)) && \valid_read(buf + (0 .. len - 1));
    requires \separated(c + (0 .. KF_MLDSA_N - 1), buf + (0 .. len - 1));
    requires \forall integer m; 0 <= m < n ==> 0 <= c[m] < KF_MLDSA_Q;
    assigns c[0 .. KF_MLDSA_N - 1];
    ensures n <= \result <= KF_MLDSA_N;
    ensures \forall integer m; 0 <= m < \result ==> 0 <= c[m] < KF_MLDSA_Q; */
static unsigned reject_uniform(int32_t *c, unsigned n, const uint8_t *buf, size_t len)
{
    size_t pos = 0;
#ifdef KF_MLDSA_HAVE_AVX2
    if (kf_mldsa_arith_avx2()) { /* whole chunks: 48 bytes with AVX-512, then 24 */
        size_t more = 0;
#ifdef KF_MLDSA_HAVE_AVX512
        if (kf_mldsa_sample_avx512()) n = kf_mldsa_rej_uniform_avx512(c, n, buf, len, &pos);
#endif
        n = kf_mldsa_rej_uniform_avx2(c, n, buf + pos, len - pos, &more);
        pos += more;
    }
#endif
    /*@ loop invariant \at(n, Pre) <= n <= KF_MLDSA_N && pos <= len;
        loop invariant \forall integer m; 0 <= m < n ==> 0 <= c[m] < KF_MLDSA_Q;
        loop assigns pos, n, c[0 .. KF_MLDSA_N - 1];
        loop variant len - pos; */
    for (; pos + 3 <= len && n < N; pos += 3) {
        uint32_t t = (uint32_t)buf[pos] | (uint32_t)buf[pos + 1] << 8 | (uint32_t)(buf[pos + 2] & 0x7F) << 16;
        c[n] = (int32_t)t;
        n += t < Q;
    }
    return n;
}

/* rho || IntegerToBytes(s, 1) || IntegerToBytes(r, 1) of A's polynomial idx */
/*@ requires \valid(seed + (0 .. KF_MLDSA_SEEDBYTES + 1)) && \valid_read(rho + (0 .. KF_MLDSA_SEEDBYTES - 1));
    requires \valid_read(p) && 1 <= p->l && idx <= 255; // A's polynomials: idx < k l <= 56
    requires \separated(seed + (0 .. KF_MLDSA_SEEDBYTES + 1), rho + (0 .. KF_MLDSA_SEEDBYTES - 1), p);
    assigns seed[0 .. KF_MLDSA_SEEDBYTES + 1];
    ensures seed[KF_MLDSA_SEEDBYTES] == idx % p->l && seed[KF_MLDSA_SEEDBYTES + 1] == idx / p->l; */
static void a_seed(uint8_t seed[KF_MLDSA_SEEDBYTES + 2], const uint8_t rho[KF_MLDSA_SEEDBYTES], unsigned idx,
                   const kf_mldsa_params *p)
{
    memcpy(seed, rho, KF_MLDSA_SEEDBYTES);
    seed[KF_MLDSA_SEEDBYTES] = (uint8_t)(idx % p->l);
    seed[KF_MLDSA_SEEDBYTES + 1] = (uint8_t)(idx / p->l);
}

/* The rejection of a group of n <= KF_XN_MAX RejNTTPoly streams whose first blocks are in
 * buf (x the group's sponge after them): dst[i] filled from buf[i], then, rarely, a block more
 * for every instance still short. Inlined into both callers (expand_a, expand_a_group), so
 * neither pays a call or a pointer table it did not have. */
/* Its contract: what it reads (in[i] for inlen bytes, buf's rows) and writes (x, out's rows, the
 * ghost table, dst[i]'s coefficients), each dst[i] apart from buf[i] and from the others; out's rows
 * (which its callers point at buf's) are stated apart from buf's, so that no goal relates the
 * sponge's rows *(out[..] + ..) to buf's two-dimensional rows (sessions 54-55). */
/*@ requires \valid(x) && 1 <= n <= KF_XN_MAX;
    requires \valid_read(in + (0 .. n - 1)) && \valid_read(out + (0 .. n - 1)) && \valid_read(dst + (0 .. n - 1));
    requires \separated(x, in + (0 .. n - 1), out + (0 .. n - 1), dst + (0 .. n - 1));
    requires rg_x: \forall integer j; 0 <= j < n ==> \separated(dst + j, x) && \separated(out + j, x) && \separated(in + j, x);
    requires rg_in: \forall integer i; 0 <= i < n ==> \valid_read(in[i] + (0 .. inlen - 1));
    requires rg_out: \forall integer i; 0 <= i < n ==>
               \valid(out[i] + (0 .. A_BUF - 1)) && \separated(out[i] + (0 .. A_BUF - 1), x);
    requires rg_buf: \forall integer i; 0 <= i < n ==> \valid_read(&buf[i][0] + (0 .. A_BUF - 1));
    requires rg_dst: \forall integer i; 0 <= i < n ==> \valid(&dst[i]->c[0] + (0 .. KF_MLDSA_N - 1)) &&
               \separated(&dst[i]->c[0] + (0 .. KF_MLDSA_N - 1), &buf[i][0] + (0 .. A_BUF - 1));
    requires rg_apart: \forall integer i, j, m; 0 <= i < n && 0 <= j < n && i != j && 0 <= m < KF_MLDSA_N ==>
               \separated(&dst[j]->c[m], &dst[i]->c[0] + (0 .. KF_MLDSA_N - 1));
    assigns *x, *(struct rg_row *)out[0 .. n - 1], *dst[0 .. n - 1], kf_spec_xn_table;
    ensures rg_whole: \forall integer j, m; 0 <= j < n && 0 <= m < KF_MLDSA_N ==> 0 <= \old(dst[j])->c[m] < KF_MLDSA_Q; */
static inline __attribute__((always_inline)) void reject_group(kf_sponge_xn *x, unsigned n,
                                                               const uint8_t *const in[], size_t inlen,
                                                               uint8_t buf[][A_FIRST_BLOCKS * KF_SHAKE128_RATE],
                                                               uint8_t *const out[], kf_mldsa_poly *const dst[])
{
    const size_t first = A_FIRST_BLOCKS * KF_SHAKE128_RATE;
    unsigned have[KF_XN_MAX], done = 0;
    /* done counts the whole lanes: ghost flags fl[k] (1: lane k whole and counted), done their sum, a linear fact
     * (full_count's ite terms in the loops' invariants ran the hard goals past their limit, session 74) */
    /*@ ghost unsigned fl[KF_XN_MAX] = {0, 0, 0, 0, 0, 0, 0, 0}; */
    /*@ loop invariant 0 <= i <= n && \forall integer j; 0 <= j < i ==> have[j] <= KF_MLDSA_N;
        loop invariant rg_f1: done == RG_FSUM;
        loop invariant rg_g1: \forall integer k; 0 <= k < KF_XN_MAX ==> fl[k] == 0 || (fl[k] == 1 && k < i && have[k] == KF_MLDSA_N);
        loop invariant rg_lanes1: rg_lanes_ok{Here, Pre}(dst, i, have[0], have[1], have[2], have[3], have[4], have[5], have[6], have[7]);
        loop assigns i, done, have[0 .. KF_XN_MAX - 1], fl[0 .. KF_XN_MAX - 1], *RG_D(0 .. n - 1);
        loop variant n - i; */
    for (unsigned i = 0; i < n; i++) {
        have[i] = reject_uniform(dst[i]->c, 0, buf[i], first);
        /*@ assert rg_new1: \forall integer k, m; k == i && 0 <= m < have[i] ==> 0 <= RG_D(k)->c[m] < KF_MLDSA_Q; */
        /*@ assert rg_kept1: \forall integer j, m; 0 <= j < n && j != i && 0 <= m < KF_MLDSA_N ==>
                               RG_D(j)->c[m] == \at(RG_D(j)->c[m], LoopCurrent); */
        /*@ assert RG_LANE8(i) && fl[i] == 0; */
        /*@ ghost fl[i] = have[i] == N; */
        done += have[i] == N;
    }
    if (done < n) more_blocks(x, n, KF_SHAKE128_RATE, in, inlen, out, first);
    /*@ loop invariant rg_ok: done < n ==> kf_sponge_xn_ok(x) && x->n == n;
        loop invariant rg_f: done == RG_FSUM;
        loop invariant rg_g: \forall integer k; 0 <= k < KF_XN_MAX ==> fl[k] == 0 || (fl[k] == 1 && k < n && have[k] == KF_MLDSA_N);
        loop invariant \forall integer j; 0 <= j < n ==> have[j] <= KF_MLDSA_N;
        loop invariant rg_lanes: rg_lanes_ok{Here, Pre}(dst, n, have[0], have[1], have[2], have[3], have[4], have[5], have[6], have[7]);
        loop invariant rg_ptr: \forall integer j; 0 <= j < n ==> dst[j] == RG_D(j) && out[j] == RG_O(j);
        loop invariant rg_rows: \forall integer j; 0 <= j < n ==>
                         \valid(out[j] + (0 .. A_BUF - 1)) && \separated(out[j] + (0 .. A_BUF - 1), x);
        loop assigns done, have[0 .. KF_XN_MAX - 1], fl[0 .. KF_XN_MAX - 1], *x, RG_R(0 .. n - 1),
                     *RG_D(0 .. n - 1), kf_spec_xn_table; */
    while (done < n) { /* rare: a block more for every instance, kept where still needed */
        kf_sponge_xn_squeeze(x, out, KF_SHAKE128_RATE);
        /*@ assert rg_kept: \forall integer j; 0 <= j < n ==>
                              dst[j] == \at(dst[j], LoopCurrent) && out[j] == \at(out[j], LoopCurrent); */
        /* the sponge's state as this loop's invariant (rg_ok2), so that each of its goals is over
         * one call of reject_uniform, not over the loop's writes (kf_backend_xn's int fields share
         * WP's int32 memory with the coefficients) */
        /*@ loop invariant 0 <= i <= n && \forall integer j; 0 <= j < n ==> have[j] <= KF_MLDSA_N;
            loop invariant rg_f2: done == RG_FSUM;
            loop invariant rg_g2: \forall integer k; 0 <= k < KF_XN_MAX ==> fl[k] == 0 || (fl[k] == 1 && k < n && have[k] == KF_MLDSA_N);
            loop invariant rg_ok2: kf_sponge_xn_ok(x) && x->n == n;
            loop invariant rg_lanes2: rg_lanes_ok{Here, Pre}(dst, n, have[0], have[1], have[2], have[3], have[4], have[5], have[6], have[7]);
            loop invariant rg_ptr2: \forall integer j; 0 <= j < n ==> dst[j] == RG_D(j) && out[j] == RG_O(j);
            loop assigns i, done, have[0 .. KF_XN_MAX - 1], fl[0 .. KF_XN_MAX - 1], *RG_D(0 .. n - 1);
            loop variant n - i; */
        for (unsigned i = 0; i < n; i++) {
            if (have[i] == N) continue;
            /*@ assert rg_d: \forall integer k; k == i ==> dst[k] == RG_D(k); */
            /*@ assert rg_hi: rg_h(have[0], have[1], have[2], have[3], have[4], have[5], have[6], have[7], i) == have[i]; */
            /*@ assert rg_cur: \forall integer k, m; k == i && 0 <= m < have[i] ==> 0 <= RG_D(k)->c[m] < KF_MLDSA_Q; */
            /*@ assert rg_sep2: \forall integer j, m; 0 <= j < n && j != i && 0 <= m < KF_MLDSA_N ==>
                                  \separated(&RG_D(j)->c[m], dst[i]->c + (0 .. KF_MLDSA_N - 1)); */
            have[i] = reject_uniform(dst[i]->c, have[i], buf[i], KF_SHAKE128_RATE);
            /*@ assert rg_new2: \forall integer k, m; k == i && 0 <= m < have[i] ==> 0 <= RG_D(k)->c[m] < KF_MLDSA_Q; */
            /*@ assert rg_kept2: \forall integer j, m; 0 <= j < n && j != i && 0 <= m < KF_MLDSA_N ==>
                                   RG_D(j)->c[m] == \at(RG_D(j)->c[m], LoopCurrent); */
            /* the lanes' bound for the loop invariant rg_lanes2, before the count's ghost store (so that its goal does
             * not carry it; the invariant then follows by Qed) */
            /*@ assert rg_l2: rg_lanes_ok{Here, Pre}(dst, n, have[0], have[1], have[2], have[3], have[4], have[5], have[6], have[7]); */
            /*@ assert RG_LANE8(i) && fl[i] == 0; */
            /*@ ghost fl[i] = have[i] == N; */
            done += have[i] == N;
        }
    }
    /* every lane whole: done, their count (rg_f), at least n of n */
    /*@ assert rg_e0: 0 < n ==> fl[0] == 1; */
    /*@ assert rg_e1: 1 < n ==> fl[1] == 1; */
    /*@ assert rg_e2: 2 < n ==> fl[2] == 1; */
    /*@ assert rg_e3: 3 < n ==> fl[3] == 1; */
    /*@ assert rg_e4: 4 < n ==> fl[4] == 1; */
    /*@ assert rg_e5: 5 < n ==> fl[5] == 1; */
    /*@ assert rg_e6: 6 < n ==> fl[6] == 1; */
    /*@ assert rg_e7: 7 < n ==> fl[7] == 1; */
    /*@ assert rg_full: \forall integer j; RG_LANE8(j) && 0 <= j < n ==> fl[j] == 1; */
    /*@ assert rg_full_n: \forall integer j; 0 <= j < n ==> have[j] == KF_MLDSA_N; */
    /*@ assert rg_hall: \forall integer j; 0 <= j < n ==> rg_h(have[0], have[1], have[2], have[3], have[4], have[5], have[6], have[7], j) == KF_MLDSA_N; */
    /* the lanes' bound unfolded lane by lane (the predicate for every lane at once ran CVC4 past 600,000 steps) */
    /*@ assert rg_w0: 0 < n ==> \forall integer m; 0 <= m < KF_MLDSA_N ==> 0 <= RG_D(0)->c[m] < KF_MLDSA_Q; */
    /*@ assert rg_w1: 1 < n ==> \forall integer m; 0 <= m < KF_MLDSA_N ==> 0 <= RG_D(1)->c[m] < KF_MLDSA_Q; */
    /*@ assert rg_w2: 2 < n ==> \forall integer m; 0 <= m < KF_MLDSA_N ==> 0 <= RG_D(2)->c[m] < KF_MLDSA_Q; */
    /*@ assert rg_w3: 3 < n ==> \forall integer m; 0 <= m < KF_MLDSA_N ==> 0 <= RG_D(3)->c[m] < KF_MLDSA_Q; */
    /*@ assert rg_w4: 4 < n ==> \forall integer m; 0 <= m < KF_MLDSA_N ==> 0 <= RG_D(4)->c[m] < KF_MLDSA_Q; */
    /*@ assert rg_w5: 5 < n ==> \forall integer m; 0 <= m < KF_MLDSA_N ==> 0 <= RG_D(5)->c[m] < KF_MLDSA_Q; */
    /*@ assert rg_w6: 6 < n ==> \forall integer m; 0 <= m < KF_MLDSA_N ==> 0 <= RG_D(6)->c[m] < KF_MLDSA_Q; */
    /*@ assert rg_w7: 7 < n ==> \forall integer m; 0 <= m < KF_MLDSA_N ==> 0 <= RG_D(7)->c[m] < KF_MLDSA_Q; */
    /*@ assert rg_all: \forall integer j, m; 0 <= j < n && 0 <= m < KF_MLDSA_N ==> 0 <= RG_D(j)->c[m] < KF_MLDSA_Q; */
}

/* A group of n <= 8 RejNTTPoly streams, 1 if dst[0 .. n - 1] are done, 0 if not (no batched
 * backend with xof_strided, or a stream short after the first blocks: the caller then runs the
 * byte path for the group). The batched backend's xof_strided (avx512-x8: each stream's bytes
 * copied out on the load and store ports beside the next block's rounds) and the byte
 * rejection per stream (reject_uniform: sampling_avx512.c's steps of sixteen): scratch loop on
 * Zen 4 (2026-11-26), eight streams 5,434 + 416 ticks against 5,382 + 624-650 for the
 * lane-major xof and eight-stream rejection it replaced (session 37; removed in session 38:
 * BENCHMARK_HISTORY.md, "session 37"). */
/* Its contract: it reads in[i] for the seed's 34 bytes and writes dst[i]'s coefficients (each polynomial apart
 * from the others and from the tables, per coefficient as reject_group's rg_apart), and the ghost table of the
 * call through xof_strided (keccak_backend.h's kf_spec_xn_xof_strided: the table's n rows of 840 bytes, n <= 8 by
 * the test before it); 1 only when every dst[i] is whole, each coefficient in [0, q). */
/*@ requires 1 <= n <= KF_XN_MAX;
    requires \valid_read(in + (0 .. n - 1)) && \valid_read(dst + (0 .. n - 1));
    requires lg_in: \forall integer i; 0 <= i < n ==> \valid_read(in[i] + (0 .. KF_MLDSA_SEEDBYTES + 1));
    requires lg_dst: \forall integer i; 0 <= i < n ==> \valid(&dst[i]->c[0] + (0 .. KF_MLDSA_N - 1)) &&
               \separated(&dst[i]->c[0] + (0 .. KF_MLDSA_N - 1), dst + (0 .. n - 1));
    requires lg_apart: \forall integer i, j, m; 0 <= i < n && 0 <= j < n && i != j && 0 <= m < KF_MLDSA_N ==>
               \separated(&dst[j]->c[m], &dst[i]->c[0] + (0 .. KF_MLDSA_N - 1));
    assigns *dst[0 .. n - 1], kf_spec_xn_table;
    ensures \result == 0 || \result == 1;
    ensures lg_whole: \result == 1 ==> \forall integer i, m; 0 <= i < n && 0 <= m < KF_MLDSA_N ==>
              0 <= dst[i]->c[m] < KF_MLDSA_Q; */
static int lanes_group(unsigned n, const uint8_t *const in[], kf_mldsa_poly *const dst[])
{
    const kf_backend_xn *xn = kf_backend_xn_for(n);
    if (xn && xn->xof_strided && xn->n <= 8) { /* the streams' bytes, copied out beside the rounds */
        _Alignas(64) uint8_t buf[8][A_FIRST_BLOCKS * KF_SHAKE128_RATE];
        /*@ ghost kf_spec_xn_table = xn; */
        /*@ calls kf_spec_xn_xof_strided; */
        if (!xn->xof_strided(24, KF_SHAKE128_RATE, SHAKE_SUFFIX, in, KF_MLDSA_SEEDBYTES + 2, n, buf[0], sizeof buf[0],
                             A_FIRST_BLOCKS))
            return 0;
        /*@ loop invariant 0 <= i <= n;
            loop invariant lg_done: \forall integer j, m; 0 <= j < i && 0 <= m < KF_MLDSA_N ==>
                             0 <= dst[j]->c[m] < KF_MLDSA_Q;
            loop assigns i, *dst[0 .. n - 1];
            loop variant n - i; */
        for (unsigned i = 0; i < n; i++)
            if (reject_uniform(dst[i]->c, 0, buf[i], sizeof buf[0]) < N) return 0;
        return 1;
    }
    return 0;
}

/* The group sizes for avx2-x4's side (its xof_side rides on a partial group's free lane only):
 * side_groups groups of at most 3 streams last, each with a lane for the side, so that the side
 * rides on A_FIRST_BLOCKS permutations of each, and groups of 4 before them; returns the number
 * of groups of 4. */
/*@ requires total <= 64 && 1 <= side_groups && 3 * side_groups <= total + 3;
    requires \valid(partial_streams);
    assigns *partial_streams;
    ensures \result == (total + side_groups + 3) / 4 - side_groups && *partial_streams == total - 4 * \result;
    ensures 3 * side_groups - 3 <= *partial_streams <= 3 * side_groups; */
static unsigned side_plan(unsigned total, unsigned side_groups, unsigned *partial_streams)
{
    const unsigned groups = (total + side_groups + 3) / 4;
    const unsigned full = groups - side_groups;
    *partial_streams = total - 4 * full;
    return full;
}

static void expand_a(kf_mldsa_poly *a, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_params *p,
                     kf_xn_side *side, const kf_backend_xn *hx, unsigned side_groups,
                     void (*ready)(void *ctx, unsigned done), void *ctx)
{
    const unsigned total = p->k * p->l;
    uint8_t seed[KF_XN_MAX][KF_MLDSA_SEEDBYTES + 2];
    uint8_t buf[KF_XN_MAX][A_FIRST_BLOCKS * KF_SHAKE128_RATE];
    /* with avx2-x4's side (four lanes): groups of four, then side_groups partial groups, their
     * sizes as even as they go (each at least 1: side_groups is cut to the streams left) */
    unsigned full = total, partial = 0;
    if (side && hx && hx->n == 4 && side_groups) {
        full = side_plan(total, side_groups, &partial);
        if (partial < side_groups) side_groups = partial;
    } else {
        side_groups = 0;
    }
    unsigned g = 0;
    for (unsigned first = 0; first < total; g++) {
        unsigned n;
        if (side_groups == 0) n = total - first < KF_XN_MAX ? total - first : KF_XN_MAX;
        else if (first < 4 * full) n = 4;
        else n = partial / side_groups + (g - full < partial % side_groups);
        const uint8_t *in[KF_XN_MAX];
        uint8_t *out[KF_XN_MAX];
        kf_mldsa_poly *dst[KF_XN_MAX];
        for (unsigned i = 0; i < n; i++) {
            a_seed(seed[i], rho, first + i, p);
            in[i] = seed[i];
            out[i] = buf[i];
            dst[i] = &a[first + i];
        }
        kf_sponge_xn x;
        if (side && side->blocks &&
            hx->xof_side(24, KF_SHAKE128_RATE, SHAKE_SUFFIX, in, sizeof seed[0], n, out, sizeof buf[0], 0, side)) {
            reject_group(&x, n, in, sizeof seed[0], buf, out, dst);
        } else if (!lanes_group(n, in, dst)) {
            first_blocks(&x, n, KF_SHAKE128_RATE, in, sizeof seed[0], out, sizeof buf[0], 1);
            reject_group(&x, n, in, sizeof seed[0], buf, out, dst);
        }
        first += n;
        if (ready) ready(ctx, first);
    }
}

/* One group of n <= KF_XN_MAX RejNTTPoly streams, as expand_a's groups: seed[i] = rho || s ||
 * r, the polynomial into dst[i]. */
/* Its contract: lanes_group's (the seeds' rows read, each dst[i] apart from the others and from dst[]), every
 * dst[i] whole after it (lanes_group's lg_whole, or reject_group's rg_whole). */
/*@ requires 1 <= n <= KF_XN_MAX && \valid_read(dst + (0 .. n - 1));
    requires eg_seed: \forall integer i; 0 <= i < n ==> \valid_read(&seed[i][0] + (0 .. KF_MLDSA_SEEDBYTES + 1));
    requires eg_dst: \forall integer i; 0 <= i < n ==> \valid(&dst[i]->c[0] + (0 .. KF_MLDSA_N - 1)) &&
               \separated(&dst[i]->c[0] + (0 .. KF_MLDSA_N - 1), dst + (0 .. n - 1));
    requires eg_apart: \forall integer i, j, m; 0 <= i < n && 0 <= j < n && i != j && 0 <= m < KF_MLDSA_N ==>
               \separated(&dst[j]->c[m], &dst[i]->c[0] + (0 .. KF_MLDSA_N - 1));
    assigns *dst[0 .. n - 1], kf_spec_xn_table;
    ensures eg_whole: \forall integer i, m; 0 <= i < n && 0 <= m < KF_MLDSA_N ==> 0 <= dst[i]->c[m] < KF_MLDSA_Q; */
static void expand_a_group(unsigned n, uint8_t seed[][KF_MLDSA_SEEDBYTES + 2], kf_mldsa_poly *const dst[])
{
    uint8_t buf[KF_XN_MAX][A_FIRST_BLOCKS * KF_SHAKE128_RATE];
    const uint8_t *in[KF_XN_MAX];
    uint8_t *out[KF_XN_MAX];
    /*@ loop invariant 0 <= i <= n;
        loop invariant eg_rows: \forall integer j; 0 <= j < i ==> in[j] == &seed[j][0] && out[j] == &buf[j][0];
        loop assigns i, in[0 .. KF_XN_MAX - 1], out[0 .. KF_XN_MAX - 1];
        loop variant n - i; */
    for (unsigned i = 0; i < n; i++) {
        in[i] = seed[i];
        out[i] = buf[i];
    }
    if (lanes_group(n, in, dst)) return;
    kf_sponge_xn x;
    first_blocks(&x, n, KF_SHAKE128_RATE, in, sizeof seed[0], out, sizeof buf[0], 1);
    reject_group(&x, n, in, sizeof seed[0], buf, out, dst);
}

void kf_mldsa_expand_a_ahead(kf_mldsa_poly *a, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_params *p,
                             unsigned start, const uint8_t *next_rho, kf_mldsa_poly *next, unsigned *next_made)
{
    const unsigned total = p->k * p->l;
    uint8_t seed[KF_XN_MAX][KF_MLDSA_SEEDBYTES + 2];
    *next_made = 0;
    for (unsigned first = start; first < total; first += KF_XN_MAX) {
        unsigned n = total - first < KF_XN_MAX ? total - first : KF_XN_MAX;
        kf_mldsa_poly *dst[KF_XN_MAX];
        for (unsigned i = 0; i < n; i++) {
            a_seed(seed[i], rho, first + i, p);
            dst[i] = &a[first + i];
        }
        if (n < KF_XN_MAX && next_rho) /* the last group's idle lanes: the next key's first polynomials */
            for (unsigned j = 0; n < KF_XN_MAX && j < total; j++, n++) {
                a_seed(seed[n], next_rho, j, p);
                dst[n] = &next[j];
                *next_made = j + 1;
            }
        expand_a_group(n, seed, dst);
    }
}

void kf_mldsa_expand_a(kf_mldsa_poly *a, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_params *p)
{
    expand_a(a, rho, p, NULL, NULL, 0, NULL, NULL);
}

void kf_mldsa_expand_a_side(kf_mldsa_poly *a, const uint8_t rho[KF_MLDSA_SEEDBYTES], const kf_mldsa_params *p,
                            kf_xn_side *side, unsigned side_groups, void (*ready)(void *ctx, unsigned done),
                            void *ctx)
{
    const kf_backend_xn *hx = kf_backend_xn_side();
    expand_a(a, rho, p, hx ? side : NULL, hx, side_groups, ready, ctx);
}

unsigned kf_mldsa_side_groups(const kf_mldsa_params *p, int keygen)
{
    const kf_backend_xn *hx = kf_backend_xn_side();
    if (!hx || hx->n != 4) return 0;
    const unsigned blocks = (unsigned)(p->pk_bytes / KF_SHAKE256_RATE + 1); /* tr = H(pk)'s padded blocks */
    const unsigned groups = (blocks + A_FIRST_BLOCKS - 1) / A_FIRST_BLOCKS, total = p->k * p->l;
    /* the three sets' figures, side_plan's precondition from them (hx->n read over kf_backend_xn_side's
     * contract, keccak_backend.h); each set's blocks and total by itself (sets_44 .. sets_87) first: the
     * disjunction sets_blocks alone took CVC4 189,584 steps (session 54), now each under 40,000 */
    /*@ assert sets_pk: p->pk_bytes == 1312 && p->k == 4 && p->l == 4 || p->pk_bytes == 1952 && p->k == 6 && p->l == 5 ||
                        p->pk_bytes == 2592 && p->k == 8 && p->l == 7; */
    /*@ assert sets_44: p->pk_bytes == 1312 ==> blocks == 10 && total == 16; */
    /*@ assert sets_65: p->pk_bytes == 1952 ==> blocks == 15 && total == 30; */
    /*@ assert sets_87: p->pk_bytes == 2592 ==> blocks == 20 && total == 56; */
    /*@ assert sets_blocks: blocks == 10 && total == 16 || blocks == 15 && total == 30 || blocks == 20 && total == 56; */
    /*@ assert sets: blocks == 10 && groups == 2 && total == 16 || blocks == 15 && groups == 3 && total == 30 ||
                     blocks == 20 && groups == 4 && total == 56; */
    if (!keygen) return groups;
    /* key generation: pk's blocks are written as t's rows are done, so the partial groups
     * (last) find only the blocks of the rows the groups of four before them finished; they
     * pay (one more group of four permutations, about 7 x1 permutations on AVX2) only where
     * that is at least two groups' worth */
    unsigned partial;
    const unsigned full = side_plan(total, groups, &partial);
    const unsigned rows = 4 * full / p->l;
    const unsigned ready_blocks = (unsigned)((KF_MLDSA_SEEDBYTES + 320u * rows) / KF_SHAKE256_RATE);
    return ready_blocks >= 2 * A_FIRST_BLOCKS ? groups : 0;
}

/* RejBoundedPoly's loop (Alg. 31 lines 4-14) with CoeffFromHalfByte (Alg. 15): each byte
 * gives two candidates, low nibble first. Only whether a nibble is kept is declassified. */
/*@ requires eta == 2 || eta == 4;
    requires n <= KF_MLDSA_N && \valid(c + (0 .. KF_MLDSA_N - 1)) && \valid_read(buf + (0 .. len - 1));
    requires \separated(c + (0 .. KF_MLDSA_N - 1), buf + (0 .. len - 1));
    requires \forall integer m; 0 <= m < n ==> -eta <= c[m] <= eta;
    assigns c[0 .. KF_MLDSA_N - 1];
    ensures n <= \result <= KF_MLDSA_N;
    ensures \forall integer m; 0 <= m < \result ==> -eta <= c[m] <= eta; */
static unsigned reject_eta(int32_t *c, unsigned n, const uint8_t *buf, size_t len, unsigned eta)
{
    size_t pos = 0;
#ifdef KF_MLDSA_HAVE_AVX2
    if (kf_mldsa_arith_avx2()) { /* whole chunks: 8 bytes with AVX-512, then 4 */
        size_t more = 0;
#ifdef KF_MLDSA_HAVE_AVX512
        if (kf_mldsa_sample_avx512()) n = kf_mldsa_rej_eta_avx512(c, n, buf, len, eta, &pos);
#endif
        n = kf_mldsa_rej_eta_avx2(c, n, buf + pos, len - pos, eta, &more);
        pos += more;
    }
#endif
    /*@ loop invariant \at(n, Pre) <= n <= KF_MLDSA_N && pos <= len;
        loop invariant \forall integer m; 0 <= m < n ==> -eta <= c[m] <= eta;
        loop assigns pos, n, c[0 .. KF_MLDSA_N - 1];
        loop variant len - pos; */
    for (; pos < len && n < N; pos++) {
        /*@ loop invariant 0 <= half <= 2 && \at(n, Pre) <= n <= KF_MLDSA_N;
            loop invariant \forall integer m; 0 <= m < n ==> -eta <= c[m] <= eta;
            loop assigns half, n, c[0 .. KF_MLDSA_N - 1];
            loop variant 2 - half; */
        for (unsigned half = 0; half < 2 && n < N; half++) {
            uint32_t z = half ? buf[pos] >> 4 : buf[pos] & 15u;
            /*@ assert z <= 15; */
            /*@ assert z == 0 || z == 1 || z == 2 || z == 3 || z == 4 || z == 5 || z == 6 || z == 7 || z == 8 ||
                       z == 9 || z == 10 || z == 11 || z == 12 || z == 13 || z == 14 || z == 15; */
            uint32_t keep;
            int32_t v;
            if (eta == 2) {
                keep = (z - 15u) >> 31;                      /* z < 15 */
                /*@ assert 0 <= z - 5 * ((z * 205) / 1024) <= 4; */
                v = 2 - (int32_t)(z - 5u * ((z * 205u) >> 10)); /* 2 - (z mod 5) for z < 15 */
            } else {
                keep = (z - 9u) >> 31;                       /* z < 9 */
                /*@ assert keep != 0 ==> z < 9; */
                v = 4 - (int32_t)z;
            }
            /*@ assert keep != 0 ==> -eta <= v <= eta; */
            kf_declassify(&keep, sizeof keep); /* a rejection decision (FIPS 204 §3.6.3) */
            if (keep) c[n++] = v;
        }
    }
    return n;
}

/* rho'' || IntegerToBytes(nonce, 2): ExpandMask's seed of the stream with that nonce (and ExpandS's:
 * rho' || IntegerToBytes(r, 2)) */
/*@ requires \valid(seed + (0 .. KF_MLDSA_CRHBYTES + 1)) && \valid_read(rhopp + (0 .. KF_MLDSA_CRHBYTES - 1));
    requires \separated(seed + (0 .. KF_MLDSA_CRHBYTES + 1), rhopp + (0 .. KF_MLDSA_CRHBYTES - 1));
    assigns seed[0 .. KF_MLDSA_CRHBYTES + 1]; */
static void mask_seed(uint8_t seed[KF_MLDSA_CRHBYTES + 2], const uint8_t rhopp[KF_MLDSA_CRHBYTES], unsigned nonce)
{
    memcpy(seed, rhopp, KF_MLDSA_CRHBYTES);
    seed[KF_MLDSA_CRHBYTES] = (uint8_t)nonce;
    seed[KF_MLDSA_CRHBYTES + 1] = (uint8_t)(nonce >> 8);
}

/* The wipe of a local byte array through a pointer to its bytes: WP sees kf_memzero's byte view
 * of a uint8_t array as valid (proved), where a caller's kf_memzero(local, ...) passes the array's
 * rows (uint8_t (*)[66]) cast to void, which WP's Typed model does not relate to the bytes. */
/*@ requires \valid(b + (0 .. n - 1));
    assigns b[0 .. n - 1]; */
static void wipe_bytes(uint8_t *b, size_t n)
{
    kf_memzero(b, n);
}

/* ExpandS's seeds and first blocks lie one after another in flat arrays (seed[i * S_SEED ..],
 * buf[i * S_BUF ..]): a proof's assigns names each as one range (over arrays of rows WP asked
 * CVC4 for an index pair, which it did not find). */
#define S_SEED (KF_MLDSA_CRHBYTES + 2)
#define S_BUF (S_FIRST_BLOCKS * KF_SHAKE256_RATE)
/* the lowest s2 index a group from polynomial first on can write */
#define S_F2 (first < l ? 0 : first - l)

/* ExpandS's calls of the batched sponge, stated over buf: out[j] is buf + j * S_BUF, so the
 * rows the sponge writes, *(out[0 .. n - 1] + (0 .. len - 1)), are bytes of buf[0 .. n * S_BUF - 1];
 * the group below then names buf's one range only. */
/*@ requires \valid(x) && 1 <= n <= KF_XN_MAX && \valid(buf + (0 .. n * S_BUF - 1));
    requires \valid_read(in + (0 .. n - 1)) && \forall integer j; 0 <= j < n ==> \valid_read(in[j] + (0 .. S_SEED - 1));
    requires \valid_read(out + (0 .. n - 1)) && \forall integer j; 0 <= j < n ==> out[j] == buf + j * S_BUF;
    requires \separated(x, buf + (0 .. n * S_BUF - 1), in + (0 .. n - 1), out + (0 .. n - 1));
    assigns *x, buf[0 .. n * S_BUF - 1], kf_spec_xn_table; */
static void s_first(kf_sponge_xn *x, unsigned n, const uint8_t *const in[], uint8_t *const out[], uint8_t *buf)
{
    (void)buf; /* the contract's name of out's rows */
    /*@ assert rows: \forall integer j, o; 0 <= j < n && 0 <= o < S_BUF ==> out[j] + o == buf + (j * S_BUF + o); */
    first_blocks(x, n, KF_SHAKE256_RATE, in, S_SEED, out, S_BUF, 0);
}

/*@ requires \valid(x) && 1 <= n <= KF_XN_MAX && \valid(buf + (0 .. n * S_BUF - 1));
    requires \valid_read(in + (0 .. n - 1)) && \forall integer j; 0 <= j < n ==> \valid_read(in[j] + (0 .. S_SEED - 1));
    requires \valid_read(out + (0 .. n - 1)) && \forall integer j; 0 <= j < n ==> out[j] == buf + j * S_BUF;
    requires \separated(x, buf + (0 .. n * S_BUF - 1), in + (0 .. n - 1), out + (0 .. n - 1));
    assigns *x, buf[0 .. n * S_BUF - 1], kf_spec_xn_table;
    ensures kf_sponge_xn_ok(x) && x->n == n; */
static void s_more(kf_sponge_xn *x, unsigned n, const uint8_t *const in[], uint8_t *const out[], uint8_t *buf)
{
    (void)buf;
    /*@ assert rows: \forall integer j, o; 0 <= j < n && 0 <= o < S_BUF ==> out[j] + o == buf + (j * S_BUF + o); */
    more_blocks(x, n, KF_SHAKE256_RATE, in, S_SEED, out, S_BUF);
}

/*@ requires kf_sponge_xn_ok(x) && x->n == n && 1 <= n <= KF_XN_MAX && \valid(buf + (0 .. n * S_BUF - 1));
    requires \valid_read(out + (0 .. n - 1)) && \forall integer j; 0 <= j < n ==> out[j] == buf + j * S_BUF;
    requires \separated(x, buf + (0 .. n * S_BUF - 1), out + (0 .. n - 1));
    assigns *x, buf[0 .. n * S_BUF - 1], kf_spec_xn_table;
    ensures kf_sponge_xn_ok(x) && x->n == n; */
static void s_squeeze(kf_sponge_xn *x, unsigned n, uint8_t *const out[], uint8_t *buf)
{
    (void)n; /* the contract's count of out's rows (x->n) */
    (void)buf;
    /*@ assert x->n == n; */
    /*@ assert rows: \forall integer j, o; 0 <= j < n && 0 <= o < S_BUF ==> out[j] + o == buf + (j * S_BUF + o); */
    /* the rows as the squeeze's assigns names them (out[0 .. x->n - 1], a block each) */
    /*@ assert rows_x: \forall integer j, o; 0 <= j < x->n && 0 <= o < KF_SHAKE256_RATE ==>
                         \exists integer k; 0 <= k < n * S_BUF && out[j] + o == buf + k; */
    kf_sponge_xn_squeeze(x, out, KF_SHAKE256_RATE);
}

/* How many of h0 .. h7's first n are whole polynomials: a group's count done (over the eight
 * values of have[], so that the count is over values, not over WP's memory). */
/*@ logic integer full_count(integer h0, integer h1, integer h2, integer h3, integer h4, integer h5, integer h6,
                             integer h7, integer n) =
      (0 < n && h0 == KF_MLDSA_N ? 1 : 0) + (1 < n && h1 == KF_MLDSA_N ? 1 : 0) +
      (2 < n && h2 == KF_MLDSA_N ? 1 : 0) + (3 < n && h3 == KF_MLDSA_N ? 1 : 0) +
      (4 < n && h4 == KF_MLDSA_N ? 1 : 0) + (5 < n && h5 == KF_MLDSA_N ? 1 : 0) +
      (6 < n && h6 == KF_MLDSA_N ? 1 : 0) + (7 < n && h7 == KF_MLDSA_N ? 1 : 0); */
#define HAVE8 have[0], have[1], have[2], have[3], have[4], have[5], have[6], have[7]
/* v is one of the eight lane indices: in an annotation, the case split CVC4 does not make itself */
#define LANE8(v) ((v) == 0 || (v) == 1 || (v) == 2 || (v) == 3 || (v) == 4 || (v) == 5 || (v) == 6 || (v) == 7)
/* the facts of a group's lanes so far: polynomial r (s1[r] for r < l, then s2[q] for r = l + q) has
 * its first have[r - first] coefficients in [-eta, eta], for the lanes r < first + upto (quantified
 * over the polynomial's index, so that s1[r].c[m] / s2[q].c[m] is a trigger CVC4 can use: a trigger
 * s1[first + j] with arithmetic in it is not) */
#define S1_LANES(upto)                                                                           \
    \forall integer r, m; first <= r < first + (upto) && r < l && 0 <= m < KF_MLDSA_N && m < have[r - first] ==> \
        -eta <= s1[r].c[m] <= eta
#define S2_LANES(upto)                                                                           \
    \forall integer q, m; 0 <= q && first <= l + q < first + (upto) && 0 <= m < KF_MLDSA_N && m < have[l + q - first] ==> \
        -eta <= s2[q].c[m] <= eta
/* a step's frame, as of its loop iteration's start: the lanes' polynomials but polynomial skip, and
 * the lane counts but have[i] (the steps below assert them after their call, so that the loop
 * invariants' goals take them as hypotheses instead of the call's havoc) */
#define S1_KEPT(skip)                                                                            \
    \forall integer r2, m; first <= r2 < first + n && r2 < l && r2 != (skip) && 0 <= m < KF_MLDSA_N ==> \
        s1[r2].c[m] == \at(s1[r2].c[m], LoopCurrent)
#define S2_KEPT(skip)                                                                            \
    \forall integer q, m; 0 <= q && first <= l + q < first + n && l + q != (skip) && 0 <= m < KF_MLDSA_N ==> \
        s2[q].c[m] == \at(s2[q].c[m], LoopCurrent)
#define HAVE_KEPT1(i, j) ((i) == (j) || have[j] == \at(have[j], LoopCurrent))
#define HAVE_KEPT(i)                                                                             \
    (HAVE_KEPT1(i, 0) && HAVE_KEPT1(i, 1) && HAVE_KEPT1(i, 2) && HAVE_KEPT1(i, 3) &&             \
     HAVE_KEPT1(i, 4) && HAVE_KEPT1(i, 5) && HAVE_KEPT1(i, 6) && HAVE_KEPT1(i, 7))
/* the step functions' common precondition: the group's lanes, their polynomials, have[] and buf apart */
#define S_LANES_REQ                                                                              \
    requires (eta == 2 || eta == 4) && 1 <= n <= KF_XN_MAX && first <= 64;                       \
    requires \valid(have + (0 .. KF_XN_MAX - 1)) && \valid_read(buf + (0 .. n * S_BUF - 1));     \
    requires \valid(s1 + (first .. l - 1)) && \valid(s2 + (S_F2 .. first + n - l - 1));          \
    requires \separated(have + (0 .. KF_XN_MAX - 1), buf + (0 .. n * S_BUF - 1), s1 + (first .. l - 1), \
                        s2 + (S_F2 .. first + n - l - 1));                                       \
    requires \separated(buf + (0 .. n * S_BUF - 1), s1 + (first .. l - 1), s2 + (S_F2 .. first + n - l - 1)); \
    requires \separated(s1 + (first .. l - 1), s2 + (S_F2 .. first + n - l - 1))

/* A group's first pass over its lanes: each polynomial from the first S_BUF bytes of its stream
 * (buf + i * S_BUF); returns how many are whole. Its own function so that a proof goal of its
 * loop carries only the lanes, not the sponge; always_inline keeps expand_s_group's code as it was
 * (GCC 12 -O3: the same instructions but for the register order of one loop; keygen A/B neutral,
 * docs/ASSURANCE.md, ExpandS, session 47). */
/*@ S_LANES_REQ;
    assigns have[0 .. KF_XN_MAX - 1], s1[first .. l - 1], s2[S_F2 .. first + n - l - 1];
    ensures \result == full_count(HAVE8, n);
    ensures \forall integer j; 0 <= j < n ==> have[j] <= KF_MLDSA_N;
    ensures s1_first: S1_LANES(n);
    ensures s2_first: S2_LANES(n); */
static inline __attribute__((always_inline)) unsigned s_lanes_first(kf_mldsa_poly *s1, kf_mldsa_poly *s2,
                                                                    unsigned l, unsigned eta, unsigned first,
                                                                    unsigned n, unsigned have[KF_XN_MAX],
                                                                    const uint8_t *buf)
{
    unsigned done = 0;
    /*@ loop invariant cnt1: 0 <= i <= n && done == full_count(HAVE8, i);
        loop invariant \forall integer j; 0 <= j < i ==> have[j] <= KF_MLDSA_N;
        loop invariant s1_1: S1_LANES(i);
        loop invariant s2_1: S2_LANES(i);
        loop assigns i, done, have[0 .. KF_XN_MAX - 1], s1[first .. l - 1], s2[S_F2 .. first + n - l - 1];
        loop variant n - i; */
    for (unsigned i = 0; i < n; i++) {
        /*@ assert LANE8(i); */
        const unsigned r = first + i; /* s1[r] for r < l, then s2[r - l] with nonce r */
        /*@ assert r == first + i; */
        if (r < l) {
            have[i] = reject_eta(s1[r].c, 0, buf + i * S_BUF, S_BUF, eta);
            /*@ assert \forall integer m; 0 <= m < have[i] ==> -eta <= s1[r].c[m] <= eta; */
            /*@ assert first_k1: S1_KEPT(r); */
            /*@ assert first_k2: S2_KEPT(r); */
            /*@ assert first_s1a: S1_LANES(i + 1); */
            /*@ assert first_s2a: S2_LANES(i + 1); */
        } else {
            have[i] = reject_eta(s2[r - l].c, 0, buf + i * S_BUF, S_BUF, eta);
            /*@ assert \forall integer m; 0 <= m < have[i] ==> -eta <= s2[r - l].c[m] <= eta; */
            /*@ assert first_k3: S1_KEPT(r); */
            /*@ assert first_k4: S2_KEPT(r); */
            /*@ assert first_s1b: S1_LANES(i + 1); */
            /*@ assert first_s2b: S2_LANES(i + 1); */
        }
        /*@ assert first_h: HAVE_KEPT(i); */
        /*@ assert first_c0: i == 0 ==> full_count(HAVE8, i + 1) ==
                               \at(full_count(HAVE8, i), LoopCurrent) + (have[0] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert first_c1: i == 1 ==> full_count(HAVE8, i + 1) ==
                               \at(full_count(HAVE8, i), LoopCurrent) + (have[1] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert first_c2: i == 2 ==> full_count(HAVE8, i + 1) ==
                               \at(full_count(HAVE8, i), LoopCurrent) + (have[2] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert first_c3: i == 3 ==> full_count(HAVE8, i + 1) ==
                               \at(full_count(HAVE8, i), LoopCurrent) + (have[3] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert first_c4: i == 4 ==> full_count(HAVE8, i + 1) ==
                               \at(full_count(HAVE8, i), LoopCurrent) + (have[4] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert first_c5: i == 5 ==> full_count(HAVE8, i + 1) ==
                               \at(full_count(HAVE8, i), LoopCurrent) + (have[5] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert first_c6: i == 6 ==> full_count(HAVE8, i + 1) ==
                               \at(full_count(HAVE8, i), LoopCurrent) + (have[6] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert first_c7: i == 7 ==> full_count(HAVE8, i + 1) ==
                               \at(full_count(HAVE8, i), LoopCurrent) + (have[7] == KF_MLDSA_N ? 1 : 0); */
        done += have[i] == N;
    }
    return done;
}

/* A group's pass over its lanes after a squeeze: each polynomial not yet whole goes on from the
 * block in buf + i * S_BUF; returns done plus the polynomials it made whole (always_inline, as
 * s_lanes_first). */
/*@ S_LANES_REQ;
    requires more_cnt: done == full_count(HAVE8, n);
    requires \forall integer j; 0 <= j < n ==> have[j] <= KF_MLDSA_N;
    requires more_in1: S1_LANES(n);
    requires more_in2: S2_LANES(n);
    assigns have[0 .. KF_XN_MAX - 1], s1[first .. l - 1], s2[S_F2 .. first + n - l - 1];
    ensures \result == full_count(HAVE8, n);
    ensures \forall integer j; 0 <= j < n ==> have[j] <= KF_MLDSA_N;
    ensures s1_more: S1_LANES(n);
    ensures s2_more: S2_LANES(n); */
static inline __attribute__((always_inline)) unsigned s_lanes_more(kf_mldsa_poly *s1, kf_mldsa_poly *s2,
                                                                   unsigned l, unsigned eta, unsigned first,
                                                                   unsigned n, unsigned have[KF_XN_MAX],
                                                                   unsigned done, const uint8_t *buf)
{
    /*@ loop invariant cnt3: 0 <= i <= n && done == full_count(HAVE8, n);
        loop invariant \forall integer j; 0 <= j < n ==> have[j] <= KF_MLDSA_N;
        loop invariant s1_3: S1_LANES(n);
        loop invariant s2_3: S2_LANES(n);
        loop assigns i, done, have[0 .. KF_XN_MAX - 1], s1[first .. l - 1], s2[S_F2 .. first + n - l - 1];
        loop variant n - i; */
    for (unsigned i = 0; i < n; i++) {
        if (have[i] == N) continue;
        /*@ assert LANE8(i); */
        const unsigned r = first + i;
        /*@ assert r == first + i; */
        if (r < l) {
            have[i] = reject_eta(s1[r].c, have[i], buf + i * S_BUF, KF_SHAKE256_RATE, eta);
            /*@ assert \forall integer m; 0 <= m < have[i] ==> -eta <= s1[r].c[m] <= eta; */
            /*@ assert more_k1: S1_KEPT(r); */
            /*@ assert more_k2: S2_KEPT(r); */
            /*@ assert more_s1a: S1_LANES(n); */
            /*@ assert more_s2a: S2_LANES(n); */
        } else {
            have[i] = reject_eta(s2[r - l].c, have[i], buf + i * S_BUF, KF_SHAKE256_RATE, eta);
            /*@ assert \forall integer m; 0 <= m < have[i] ==> -eta <= s2[r - l].c[m] <= eta; */
            /*@ assert more_k3: S1_KEPT(r); */
            /*@ assert more_k4: S2_KEPT(r); */
            /*@ assert more_s1b: S1_LANES(n); */
            /*@ assert more_s2b: S2_LANES(n); */
        }
        /*@ assert more_h: HAVE_KEPT(i) && \at(have[i], LoopCurrent) != KF_MLDSA_N; */
        /*@ assert more_c0: i == 0 ==> full_count(HAVE8, n) ==
                               \at(full_count(HAVE8, n), LoopCurrent) + (have[0] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert more_c1: i == 1 ==> full_count(HAVE8, n) ==
                               \at(full_count(HAVE8, n), LoopCurrent) + (have[1] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert more_c2: i == 2 ==> full_count(HAVE8, n) ==
                               \at(full_count(HAVE8, n), LoopCurrent) + (have[2] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert more_c3: i == 3 ==> full_count(HAVE8, n) ==
                               \at(full_count(HAVE8, n), LoopCurrent) + (have[3] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert more_c4: i == 4 ==> full_count(HAVE8, n) ==
                               \at(full_count(HAVE8, n), LoopCurrent) + (have[4] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert more_c5: i == 5 ==> full_count(HAVE8, n) ==
                               \at(full_count(HAVE8, n), LoopCurrent) + (have[5] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert more_c6: i == 6 ==> full_count(HAVE8, n) ==
                               \at(full_count(HAVE8, n), LoopCurrent) + (have[6] == KF_MLDSA_N ? 1 : 0); */
        /*@ assert more_c7: i == 7 ==> full_count(HAVE8, n) ==
                               \at(full_count(HAVE8, n), LoopCurrent) + (have[7] == KF_MLDSA_N ? 1 : 0); */
        done += have[i] == N;
    }
    return done;
}

/* One group of ExpandS: polynomials first .. first + n - 1 (s1[r] for r < l, then s2[r - l])
 * from the n streams over in[] (rho' || r), their first blocks in buf. */
/*@ requires (eta == 2 || eta == 4) && 1 <= n <= KF_XN_MAX && first <= 64;
    requires \valid(x) && \valid(buf + (0 .. n * S_BUF - 1));
    requires \valid(s1 + (first .. l - 1)) && \valid(s2 + (S_F2 .. first + n - l - 1));
    requires \valid_read(in + (0 .. n - 1)) && \forall integer j; 0 <= j < n ==> \valid_read(in[j] + (0 .. S_SEED - 1));
    requires \valid_read(out + (0 .. n - 1)) && \forall integer j; 0 <= j < n ==> out[j] == buf + j * S_BUF;
    requires \separated(x, buf + (0 .. n * S_BUF - 1), s1 + (first .. l - 1), s2 + (S_F2 .. first + n - l - 1),
                        in + (0 .. n - 1), out + (0 .. n - 1));
    assigns *x, buf[0 .. n * S_BUF - 1], kf_spec_xn_table, s1[first .. l - 1], s2[S_F2 .. first + n - l - 1];
    ensures \forall integer r, m; first <= r < first + n && r < l && 0 <= m < KF_MLDSA_N ==> -eta <= s1[r].c[m] <= eta;
    ensures \forall integer q, m; 0 <= q && first <= l + q < first + n && 0 <= m < KF_MLDSA_N ==>
              -eta <= s2[q].c[m] <= eta; */
static void expand_s_group(kf_sponge_xn *x, kf_mldsa_poly *s1, kf_mldsa_poly *s2, unsigned l, unsigned eta,
                           unsigned first, unsigned n, const uint8_t *const in[], uint8_t *const out[], uint8_t *buf)
{
    unsigned have[KF_XN_MAX];
    s_first(x, n, in, out, buf);
    unsigned done = s_lanes_first(s1, s2, l, eta, first, n, have, buf);
    if (done < n) s_more(x, n, in, out, buf);
    /*@ loop invariant cnt2: done == full_count(HAVE8, n);
        loop invariant ok2: done < n ==> kf_sponge_xn_ok(x) && x->n == n;
        loop invariant \forall integer j; 0 <= j < n ==> have[j] <= KF_MLDSA_N;
        loop invariant s1_2: S1_LANES(n);
        loop invariant s2_2: S2_LANES(n);
        loop assigns done, have[0 .. KF_XN_MAX - 1], *x, buf[0 .. n * S_BUF - 1], kf_spec_xn_table,
                     s1[first .. l - 1], s2[S_F2 .. first + n - l - 1]; */
    while (done < n) {
        s_squeeze(x, n, out, buf);
        /*@ assert group_k1: \forall integer r, m; first <= r < first + n && r < l && 0 <= m < KF_MLDSA_N ==>
                               s1[r].c[m] == \at(s1[r].c[m], LoopCurrent); */
        /*@ assert group_k2: \forall integer q, m; 0 <= q && first <= l + q < first + n && 0 <= m < KF_MLDSA_N ==>
                               s2[q].c[m] == \at(s2[q].c[m], LoopCurrent); */
        /*@ assert group_k3: \forall integer j; 0 <= j < KF_XN_MAX ==> have[j] == \at(have[j], LoopCurrent); */
        /*@ assert group_s1: S1_LANES(n); */
        /*@ assert group_s2: S2_LANES(n); */
        done = s_lanes_more(s1, s2, l, eta, first, n, have, done, buf);
    }
    /*@ assert full: \forall integer j; LANE8(j) && 0 <= j < n ==> have[j] == KF_MLDSA_N; */
    /*@ assert full_n: \forall integer j; 0 <= j < n ==> have[j] == KF_MLDSA_N; */
}

/* Its contract: sampling.h (KeyGen, mldsa.c, is its caller). */
void kf_mldsa_expand_s(kf_mldsa_poly *s1, kf_mldsa_poly *s2, const uint8_t rhop[KF_MLDSA_CRHBYTES],
                       const kf_mldsa_params *p)
{
    const unsigned total = p->l + p->k;
    uint8_t seed[KF_XN_MAX * S_SEED];
    uint8_t buf[KF_XN_MAX * S_BUF];
    kf_sponge_xn x;
    /*@ loop invariant 0 <= first <= 16 && first % 8 == 0;
        loop invariant s1_done: \forall integer r, m; 0 <= r < p->l && r < first && 0 <= m < KF_MLDSA_N ==>
                                  -p->eta <= s1[r].c[m] <= p->eta;
        loop invariant s2_done: \forall integer q, m; 0 <= q < p->k && p->l + q < first && 0 <= m < KF_MLDSA_N ==>
                                  -p->eta <= s2[q].c[m] <= p->eta;
        loop assigns first, seed[0 .. KF_XN_MAX * S_SEED - 1], buf[0 .. KF_XN_MAX * S_BUF - 1], x, kf_spec_xn_table,
                     s1[0 .. p->l - 1], s2[0 .. p->k - 1];
        loop variant total - first; */
    for (unsigned first = 0; first < total; first += KF_XN_MAX) {
        const unsigned n = total - first < KF_XN_MAX ? total - first : KF_XN_MAX;
        const uint8_t *in[KF_XN_MAX];
        uint8_t *out[KF_XN_MAX];
        /*@ loop invariant 0 <= i <= n;
            loop invariant \forall integer j; 0 <= j < i ==> in[j] == seed + j * S_SEED && out[j] == buf + j * S_BUF;
            loop assigns i, seed[0 .. KF_XN_MAX * S_SEED - 1], in[0 .. KF_XN_MAX - 1], out[0 .. KF_XN_MAX - 1];
            loop variant n - i; */
        for (unsigned i = 0; i < n; i++) {
            mask_seed(seed + i * S_SEED, rhop, first + i); /* rho' || IntegerToBytes(r, 2), r = first + i */
            in[i] = seed + i * S_SEED;
            out[i] = buf + i * S_BUF;
        }
        expand_s_group(&x, s1, s2, p->l, p->eta, first, n, in, out, buf);
    }
    kf_sponge_xn_wipe(&x);
    wipe_bytes(seed, sizeof seed);
    wipe_bytes(buf, sizeof buf);
}

#define MASK_SEED (KF_MLDSA_CRHBYTES + 2) /* ExpandMask's seed: rho'' || IntegerToBytes(nonce, 2) */
void kf_mldsa_expand_mask_bytes(uint8_t *const out[], const uint8_t rhopp[KF_MLDSA_CRHBYTES], unsigned nonce,
                                unsigned count, const kf_mldsa_params *p)
{
    /* the seeds one after another in one flat array: the proof's loop assigns is then one range
     * (over an array of rows it asked CVC4 for an index pair, which it did not find) */
    uint8_t seed[KF_XN_MAX * MASK_SEED];
    const uint8_t *in[KF_XN_MAX];
    /*@ loop invariant 0 <= r <= count && \forall integer j; 0 <= j < r ==> in[j] == seed + j * MASK_SEED;
        loop assigns r, seed[0 .. KF_XN_MAX * MASK_SEED - 1], in[0 .. KF_XN_MAX - 1];
        loop variant count - r; */
    for (unsigned r = 0; r < count; r++) {
        mask_seed(seed + r * MASK_SEED, rhopp, nonce + r);
        in[r] = seed + r * MASK_SEED;
    }
    kf_sponge_xn x;
    first_blocks(&x, count, KF_SHAKE256_RATE, in, MASK_SEED, out, 32u * p->z_bits, 0);
    wipe_bytes(seed, (size_t)count * MASK_SEED);
}

/* Its contract: sampling.h. */
int kf_mldsa_h_with_masks(uint8_t *ctilde, size_t ctlen, const uint8_t *hpad, size_t hblocks, uint8_t *const out[],
                          const uint8_t rhopp[KF_MLDSA_CRHBYTES], unsigned nonce, unsigned count,
                          const kf_mldsa_params *p)
{
    const kf_backend_xn *x4 = kf_backend_xn_for(4);
    _Alignas(64) uint8_t states[25 * 4 * 8];
    /* the lanes' seeds one after another (seeds + r * rate): a proof's assigns names them as one range */
    uint8_t seeds[KF_MLDSA_H_LANES * KF_SHAKE256_RATE], zero[KF_STATE_BYTES];
    const size_t outlen = 32u * p->z_bits, mblocks = (outlen + KF_SHAKE256_RATE - 1) / KF_SHAKE256_RATE;
    if (!x4 || x4->n != 4 || !x4->x1_twin || !x4->absorb_blocks || x4->state_bytes > sizeof states ||
        count > 2 * KF_MLDSA_H_LANES || hblocks < 1)
        return 0;
    /*@ assert hm_mb: (outlen == 576 || outlen == 640) && mblocks == 5; */
    const size_t phases = (count + KF_MLDSA_H_LANES - 1) / KF_MLDSA_H_LANES,
                 total = hblocks > phases * mblocks ? hblocks : phases * mblocks;
    memset(zero, 0, sizeof zero);
    /*@ ghost kf_spec_xn_table = x4; */
    /*@ calls kf_spec_xn_init; */
    x4->init(states);
    /*@ loop invariant 0 <= t <= total;
        loop invariant hm_tab: kf_spec_xn_table == x4 && x4->n == 4 && x4->state_bytes <= 25 * 4 * 8;
        loop invariant hm_out: \forall integer k; 0 <= k < count ==> out[k] == \at(out[k], Pre);
        loop assigns t, states[0 .. 25 * 4 * 8 - 1], seeds[0 .. KF_MLDSA_H_LANES * KF_SHAKE256_RATE - 1],
                     ctilde[0 .. ctlen - 1], *(\at(out[0 .. count - 1], Pre) + (0 .. outlen - 1));
        loop variant total - t; */
    for (size_t t = 0; t < total; t++) {
        const size_t ph = t / mblocks, at = (t % mblocks) * KF_SHAKE256_RATE;
        const uint8_t *in[4] = {t < hblocks ? hpad + t * KF_SHAKE256_RATE : zero, zero, zero, zero};
        if (at == 0 && ph < phases) /* the lanes' streams of this phase: their seeds, padded */
            /*@ loop invariant 0 <= r <= KF_MLDSA_H_LANES;
                loop invariant hm_tab: kf_spec_xn_table == x4 && x4->n == 4 && x4->state_bytes <= 25 * 4 * 8;
                loop invariant hm_in: \forall integer i; 0 <= i < 4 ==> \valid_read(in[i] + (0 .. KF_SHAKE256_RATE - 1));
                loop assigns r, in[1 .. 3], states[0 .. 25 * 4 * 8 - 1], seeds[0 .. KF_MLDSA_H_LANES * KF_SHAKE256_RATE - 1];
                loop variant KF_MLDSA_H_LANES - r; */
            for (unsigned r = 0; r < KF_MLDSA_H_LANES; r++) {
                const unsigned sidx = (unsigned)ph * KF_MLDSA_H_LANES + r;
                if (sidx >= count) continue;
                if (ph) {
                    /*@ calls kf_spec_xn_overwrite_bytes; */
                    x4->overwrite_bytes(states, 1 + r, zero, 0, KF_STATE_BYTES); /* a fresh state */
                }
                mask_seed(seeds + r * KF_SHAKE256_RATE, rhopp, nonce + sidx);
                kf_xn_side_pad(seeds + r * KF_SHAKE256_RATE, KF_MLDSA_CRHBYTES + 2, KF_SHAKE256_RATE,
                               SHAKE_SUFFIX); /* one block */
                in[1 + r] = seeds + r * KF_SHAKE256_RATE;
            }
        /*@ assert hm_in: \forall integer i; 0 <= i < 4 ==> \valid_read(in[i] + (0 .. KF_SHAKE256_RATE - 1)); */
        /*@ assert hm_keep: \forall integer k; 0 <= k < count ==> out[k] == \at(out[k], Pre); */
        /*@ calls kf_spec_xn_absorb_blocks; */
        x4->absorb_blocks(states, 24, KF_SHAKE256_RATE, in, KF_SHAKE256_RATE); /* squeezing: zeros absorbed */
        if (ph < phases) /* the streams' output block t % mblocks: after that many + 1 permutations */
            /*@ loop invariant 0 <= r <= KF_MLDSA_H_LANES;
                loop assigns r, *(\at(out[0 .. count - 1], Pre) + (0 .. outlen - 1));
                loop variant KF_MLDSA_H_LANES - r; */
            for (unsigned r = 0; r < KF_MLDSA_H_LANES; r++) {
                const unsigned sidx = (unsigned)ph * KF_MLDSA_H_LANES + r;
                if (sidx < count) {
                    /*@ assert hm_at: at < outlen && sidx < count; */
                    /*@ calls kf_spec_xn_extract_bytes; */
                    x4->extract_bytes(states, 1 + r, out[sidx] + at, 0,
                                      outlen - at < KF_SHAKE256_RATE ? outlen - at : KF_SHAKE256_RATE);
                }
            }
        if (t + 1 == hblocks) {
            /*@ calls kf_spec_xn_extract_bytes; */
            x4->extract_bytes(states, 0, ctilde, 0, ctlen);
        }
    }
    kf_memzero(states, sizeof states);
    wipe_bytes(seeds, sizeof seeds);
    return 1;
}

/* Its contract: sampling.h. The streams' bytes as kf_mldsa_expand_mask_bytes makes them for signing
 * (one batch: l <= KF_XN_MAX), each unpacked into its polynomial; the bytes wiped (y is secret). */
#define MASK_BUF (32 * 20) /* 32 (1 + bitlen(gamma1 - 1)) bytes of a stream, at most 640 */
void kf_mldsa_expand_mask(kf_mldsa_poly *y, const uint8_t rhopp[KF_MLDSA_CRHBYTES], unsigned kappa,
                          const kf_mldsa_params *p)
{
    _Static_assert(KF_MLDSA_L_MAX <= KF_XN_MAX, "ExpandMask's streams in one batch");
    uint8_t buf[KF_MLDSA_L_MAX * MASK_BUF];
    _Static_assert(KF_MLDSA_L_MAX == 7, "one out pointer a stream");
    uint8_t *const out[KF_MLDSA_L_MAX] = {buf, buf + MASK_BUF, buf + 2 * MASK_BUF, buf + 3 * MASK_BUF,
                                          buf + 4 * MASK_BUF, buf + 5 * MASK_BUF, buf + 6 * MASK_BUF};
    const unsigned l = p->l;
    /*@ assert rows: \forall integer j, o; 0 <= j < l && 0 <= o < 32 * p->z_bits ==>
                         out[j] + o == buf + (j * MASK_BUF + o); */
    kf_mldsa_expand_mask_bytes(out, rhopp, kappa, l, p);
    /*@ assert zb: p->z_bits == 18 && p->gamma1 == 131072 || p->z_bits == 20 && p->gamma1 == 524288; */
    /*@ assert z18: p->z_bits == 18 ==> (1 << p->z_bits) == 262144; */
    /*@ assert z20: p->z_bits == 20 ==> (1 << p->z_bits) == 1048576; */
    /*@ assert zg: (1 << p->z_bits) == 2 * p->gamma1; */
    /*@ loop invariant 0 <= r <= l && kf_mldsa_vec_bounded(y, r, -p->gamma1 + 1, p->gamma1);
        loop assigns r, y[0 .. l - 1];
        loop variant l - r; */
    for (unsigned r = 0; r < l; r++) kf_mldsa_unpack_offset(&y[r], buf + r * MASK_BUF, p->z_bits, p->gamma1);
    wipe_bytes(buf, (size_t)l * MASK_BUF);
}

/* Its contract: sampling.h (verify.c and mldsa.c call it). */
void kf_mldsa_sample_in_ball(kf_mldsa_poly *c, const uint8_t *ctilde, const kf_mldsa_params *p)
{
    kf_sponge s;
    uint8_t block[KF_SHAKE256_RATE];
    kf_sponge_init(&s, kf_backend_current(), KF_SHAKE256_RATE, 24, SHAKE_SUFFIX);
    kf_sponge_absorb(&s, ctilde, p->ctilde_bytes);
    kf_sponge_squeeze(&s, block, sizeof block);
    uint64_t signs = 0;
    /*@ loop invariant 0 <= i <= 8;
        loop assigns i, signs;
        loop variant 8 - i; */
    for (unsigned i = 0; i < 8; i++) signs |= (uint64_t)block[i] << (8 * i);
    unsigned pos = 8;
    /*@ loop invariant 0 <= k <= N && \forall integer m; 0 <= m < k ==> c->c[m] == 0;
        loop assigns k, c->c[0 .. KF_MLDSA_N - 1];
        loop variant N - k; */
    for (unsigned k = 0; k < N; k++) c->c[k] = 0; /* a loop, not memset: the proof's typed memory */
    /* (ACSL, ghost) c's weight, coefficient by coefficient: 0 (the ghost loops below are the
     * induction over kf_mldsa_weight's recursion that the provers do not do) */
    /*@ ghost
        /@ loop invariant 0 <= m <= KF_MLDSA_N && kf_mldsa_weight(c, m) == 0;
           loop assigns m;
           loop variant KF_MLDSA_N - m; @/
        for (unsigned m = 0; m < KF_MLDSA_N; m++) ;
    */
    /*@ loop invariant N - p->tau <= i <= N && 0 <= pos <= KF_SHAKE256_RATE && kf_sponge_ok(&s);
        loop invariant kf_mldsa_bounded(c, -1, 1);
        loop invariant zero: \forall integer m; i <= m < KF_MLDSA_N ==> c->c[m] == 0;
        loop invariant weight: kf_mldsa_weight(c, KF_MLDSA_N) == i - (N - p->tau);
        loop assigns i, pos, signs, c->c[0 .. KF_MLDSA_N - 1], block[0 .. KF_SHAKE256_RATE - 1], s;
        loop variant N - i; */
    for (unsigned i = N - p->tau; i < N; i++) {
        unsigned j;
        /*@ ghost SibI: ; */
        /*@ loop invariant 0 <= pos <= KF_SHAKE256_RATE && kf_sponge_ok(&s);
            loop assigns pos, j, block[0 .. KF_SHAKE256_RATE - 1], s;  */
        do {
            if (pos == sizeof block) {
                kf_sponge_squeeze(&s, block, sizeof block);
                pos = 0;
            }
            j = block[pos++];
        } while (j > i);
        /*@ assert sib_j: j <= i && \forall integer m; 0 <= m < KF_MLDSA_N ==> c->c[m] == \at(c->c[m], SibI); */
        /*@ ghost SibJ: ; */
        c->c[i] = c->c[j];
        c->c[j] = 1 - 2 * (int32_t)(signs & 1);
        /*@ assert sib_one: c->c[j] == 1 || c->c[j] == -1; */
        /* (ACSL, ghost) the weight over c[0 .. m) against the iteration's start: c[i] was 0, now the
         * old c[j]; c[j] now +-1 (j <= i): one more from i on, 1 - (old c[j] != 0) in (j, i] */
        /*@ assert sib_fr: \forall integer m; 0 <= m < KF_MLDSA_N && m != i && m != j ==>
                                c->c[m] == \at(c->c[m], SibJ); */
        /*@ assert sib_ci: j < i ==> c->c[i] == \at(c->c[j], SibJ); */
        /*@ assert sib_i0: \at(c->c[i], SibJ) == 0; */
        /*@ assert sib_b: kf_mldsa_bounded(c, -1, 1); */
        /*@ assert sib_nz: (c->c[i] != 0 ? 1 : 0) == (j < i ? (\at(c->c[j], SibJ) != 0 ? 1 : 0) : 1); */
        /*@ ghost
            /@ loop invariant 0 <= m <= KF_MLDSA_N;
               loop invariant m <= j ==> kf_mldsa_weight(c, m) == kf_mldsa_weight{SibI}(c, m);
               loop invariant j < m <= i ==> kf_mldsa_weight(c, m) ==
                   kf_mldsa_weight{SibI}(c, m) + 1 - (\at(c->c[j], SibJ) != 0 ? 1 : 0);
               loop invariant i < m ==> kf_mldsa_weight(c, m) == kf_mldsa_weight{SibI}(c, m) + 1;
               loop assigns m;
               loop variant KF_MLDSA_N - m; @/
            for (unsigned m = 0; m < KF_MLDSA_N; m++) {
                /@ assert kf_mldsa_weight(c, m + 1) == kf_mldsa_weight(c, m) + (c->c[m] != 0 ? 1 : 0) &&
                          kf_mldsa_weight{SibI}(c, m + 1) ==
                              kf_mldsa_weight{SibI}(c, m) + (\let mm = m; \at(c->c[mm], SibI) != 0 ? 1 : 0); @/
            }
        */
        signs >>= 1;
    }
    /*@ ghost SibW: ; */
    kf_sponge_wipe(&s);
    /* (ACSL, ghost) the weight through the wipe (it writes s only) */
    /*@ ghost
        /@ loop invariant 0 <= m <= KF_MLDSA_N && kf_mldsa_weight(c, m) == kf_mldsa_weight{SibW}(c, m);
           loop assigns m;
           loop variant KF_MLDSA_N - m; @/
        for (unsigned m = 0; m < KF_MLDSA_N; m++) ;
    */
}
