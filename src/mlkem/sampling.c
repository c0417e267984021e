/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sampling.c - SampleNTT and SamplePolyCBD (FIPS 203 Alg. 7 and 8), and the schedule that
 * runs ML-KEM's independent hash and XOF calls in the lanes of one batched Keccak state.
 */
#include "mlkem/sampling.h"
#include "mlkem/secret.h"
#include "keccak/keccak_backend.h"
#include "keccak/keccak_lanes64.h" /* kf_load64_le */
#include "sponge/sponge_xn.h"  /* kf_xn_side_pad */
#ifdef KF_MLKEM_HAVE_AVX2
#include "mlkem/x86_64/poly_avx2.h"
#endif

#include <string.h>

#define Q KF_MLKEM_Q
#define XOF_RATE KF_SHAKE128_RATE        /* 168 bytes, a multiple of 3 */

/* Rejection-sample 12-bit candidates from buf into c (Alg. 7 lines 5-14), from coefficient
 * n on; returns the new count (<= 256). Each 3-byte group gives two candidates; the first is
 * stored unconditionally and the count moves past it if accepted, so there is no branch per
 * candidate to mispredict (about one in five is rejected, at random); the second likewise,
 * unless the first completed the polynomial (a branch taken once, at the end). */
/*@ requires n <= KF_MLKEM_N && len <= KF_STATE_BYTES;
    requires \valid(c + (0 .. KF_MLKEM_N - 1)) && \valid_read(buf + (0 .. len - 1));
    requires \separated(c + (0 .. KF_MLKEM_N - 1), buf + (0 .. len - 1));
    requires \forall integer m; 0 <= m < n ==> 0 <= c[m] < KF_MLKEM_Q;
    assigns c[n .. KF_MLKEM_N - 1];
    ensures n <= \result <= KF_MLKEM_N;
    ensures \forall integer m; 0 <= m < \result ==> 0 <= c[m] < KF_MLKEM_Q; */
static unsigned reject_uniform(int16_t c[KF_MLKEM_N], unsigned n, const uint8_t *buf, size_t len)
{
    /*@ loop invariant 0 <= pos <= len && \at(n, Pre) <= n <= KF_MLKEM_N;
        loop invariant \forall integer m; 0 <= m < n ==> 0 <= c[m] < KF_MLKEM_Q;
        loop assigns pos, n, c[\at(n, Pre) .. KF_MLKEM_N - 1];
        loop variant len - pos; */
    for (size_t pos = 0; pos + 3 <= len && n < KF_MLKEM_N; pos += 3) {
        uint32_t t = (uint32_t)buf[pos] | (uint32_t)buf[pos + 1] << 8 | (uint32_t)buf[pos + 2] << 16;
        uint32_t d1 = t & 0xFFF, d2 = t >> 12;
        /*@ assert 0 <= t; */
        c[n] = (int16_t)d1;
        /*@ assert d1 < Q ==> 0 <= c[n] < Q; */
        n += d1 < Q;
        /*@ assert \forall integer m; 0 <= m < n ==> 0 <= c[m] < Q; */
        if (n == KF_MLKEM_N) break;
        c[n] = (int16_t)d2;
        /*@ assert d2 < Q ==> 0 <= c[n] < Q; */
        n += d2 < Q;
    }
    return n;
}

/* reject_uniform, on whole chunks in SIMD first when the AVX2 arithmetic is in use: 48-byte
 * chunks in AVX-512 where its AVX-512 parts are too (kf_mlkem_arith_avx512), then 24-byte
 * chunks in AVX2. */
/*@ requires n <= KF_MLKEM_N && len <= KF_STATE_BYTES;
    requires \valid(c + (0 .. KF_MLKEM_N - 1)) && \valid_read(buf + (0 .. len - 1));
    requires \separated(c + (0 .. KF_MLKEM_N - 1), buf + (0 .. len - 1));
    requires \forall integer m; 0 <= m < n ==> 0 <= c[m] < KF_MLKEM_Q;
    assigns c[n .. KF_MLKEM_N - 1];
    ensures n <= \result <= KF_MLKEM_N;
    ensures \forall integer m; 0 <= m < \result ==> 0 <= c[m] < KF_MLKEM_Q; */
static unsigned reject(int16_t c[KF_MLKEM_N], unsigned n, const uint8_t *buf, size_t len)
{
#ifdef KF_MLKEM_HAVE_AVX2
    if (kf_mlkem_arith_avx2()) {
        size_t used;
#ifdef KF_MLKEM_HAVE_AVX512
        if (kf_mlkem_arith_avx512()) {
            used = kf_mlkem_rej_uniform_avx512(c, &n, buf, len);
            buf += used;
            len -= used;
        }
#endif
        used = kf_mlkem_rej_uniform_avx2(c, &n, buf, len);
        buf += used;
        len -= used;
    }
#endif
    return reject_uniform(c, n, buf, len);
}

/* ---- jobs ------------------------------------------------------------------------------ */

#define LANES_MAX (sizeof ((kf_mlkem_sched *)0)->job_of / sizeof(int)) /* the widest batched backend has 9 */
#define SHAKE_SUFFIX 0x1F

void kf_mlkem_job_hash(kf_mlkem_job *j, unsigned rate, uint8_t suffix, const uint8_t *in0, size_t len0,
                       const uint8_t *in1, size_t len1, uint8_t *out, size_t outlen) /*@ ghost (unsigned o) */
{
    /* field by field, own[] left as it is (its users fill what they read): clearing the
     * whole ~150-byte job first was a rep stos per job, whose start-up cost shows in
     * perf's profile of an operation's ~15 jobs */
    j->in[0] = in0;
    j->inlen[0] = len0;
    j->in[1] = in1;
    j->inlen[1] = len1;
    j->out = out;
    j->outlen = outlen;
    j->poly = NULL;
    j->rate = (uint16_t)rate;
    j->suffix = suffix;
    j->after = NULL;
    j->held = 0;
    j->from = NULL;
    j->started = j->padded = j->done = 0;
    j->absorbed = j->produced = 0;
    j->have = 0;
}

unsigned kf_mlkem_matrix_jobs(kf_mlkem_job *jobs, kf_mlkem_poly *a, const uint8_t rho[KF_MLKEM_SYM_BYTES],
                              unsigned k, int transposed) /*@ ghost (unsigned o) */
{
    /*@ loop invariant 0 <= i <= k && i * k <= k * k;
        loop invariant \forall integer q; 0 <= q < i * k ==> kf_mlkem_sample_job(jobs + q, a + q);
        loop assigns i, jobs[0 .. k * k - 1];
        loop variant k - i; */
    for (unsigned i = 0; i < k; i++) {
        /*@ assert (i + 1) * k == i * k + k && i * k + k <= k * k && k * k <= 16; */
        kf_mlkem_matrix_row_jobs(jobs + i * k, a, rho, k, i, transposed) /*@ ghost (i * k) */;
    }
    return k * k;
}

unsigned kf_mlkem_matrix_row_jobs(kf_mlkem_job *jobs, kf_mlkem_poly *a, const uint8_t rho[KF_MLKEM_SYM_BYTES],
                                  unsigned k, unsigned i, int transposed) /*@ ghost (unsigned o) */
{
    /*@ loop invariant 0 <= j <= k;
        loop invariant \forall integer q; 0 <= q < j ==>
                         jobs[q].poly == a + (i * k + q) && jobs[q].out == \null && jobs[q].after == \null;
        loop invariant \forall integer q; 0 <= q < j ==> kf_mlkem_sample_job(jobs + q, a + (i * k + q));
        loop assigns j, jobs[0 .. k - 1];
        loop variant k - j; */
    for (unsigned j = 0; j < k; j++) {
        kf_mlkem_job *jb = &jobs[j];
        kf_mlkem_job_hash(jb, XOF_RATE, SHAKE_SUFFIX, jb->own, sizeof jb->own, NULL, 0, NULL, 0) /*@ ghost (j) */;
        memcpy(jb->own, rho, KF_MLKEM_SYM_BYTES);
        jb->own[KF_MLKEM_SYM_BYTES] = (uint8_t)(transposed ? i : j);
        jb->own[KF_MLKEM_SYM_BYTES + 1] = (uint8_t)(transposed ? j : i);
        jb->poly = &a[i * k + j];
    }
    return k;
}

unsigned kf_mlkem_prf_jobs(kf_mlkem_job *jobs, uint8_t *const out[], const unsigned eta[], unsigned n,
                           const uint8_t seed[KF_MLKEM_SYM_BYTES], uint8_t nonce0) /*@ ghost (unsigned o) */
{
    /*@ loop invariant 0 <= i <= n;
        loop invariant \forall integer q; 0 <= q < i ==>
                         jobs[q].out == out[q] && jobs[q].outlen == 64 * eta[q] && jobs[q].poly == \null;
        loop invariant \forall integer q; 0 <= q < i ==>
                         kf_mlkem_prf_job(jobs + q, out[q], 64 * eta[q], (uint8_t *)seed) && jobs[q].after == \null;
        loop assigns i, jobs[0 .. n - 1];
        loop variant n - i; */
    for (unsigned i = 0; i < n; i++) {
        kf_mlkem_job_hash(&jobs[i], KF_SHAKE256_RATE, SHAKE_SUFFIX, seed, KF_MLKEM_SYM_BYTES, jobs[i].own, 1,
                          out[i], 64u * eta[i]) /*@ ghost (0) */;
        jobs[i].own[0] = (uint8_t)(nonce0 + i);
    }
    return n;
}

/* The next input block of j into block[0..rate): whole, or the last one, padded (pad10*1
 * after the suffix bits, FIPS 202 §5.1; suffix and final bit share a byte if they meet).
 * zeroed: block[0..rate) is all zero already. */
/*@ requires kf_mlkem_job_in_ok(j) && \valid(block + (0 .. j->rate - 1));
    requires \separated(block + (0 .. j->rate - 1), j) && \separated(block + (0 .. j->rate - 1), j->in[0] + (0 .. j->inlen[0] - 1)) &&
             \separated(block + (0 .. j->rate - 1), j->in[1] + (0 .. j->inlen[1] - 1));
    assigns block[0 .. j->rate - 1], j->absorbed, j->padded;
    ensures kf_mlkem_job_in_ok(j) && \old(j->absorbed) <= j->absorbed;
    ensures j->absorbed == j->inlen[0] + j->inlen[1] || j->absorbed == \old(j->absorbed) + j->rate; */
static void next_block(kf_mlkem_job *j, uint8_t *block, int zeroed)
{
    size_t total = j->inlen[0] + j->inlen[1], at = j->absorbed, take = total - at, from0 = 0;
    if (take > j->rate) take = j->rate;
    if (at < j->inlen[0]) {
        from0 = j->inlen[0] - at < take ? j->inlen[0] - at : take;
        memcpy(block, j->in[0] + at, from0);
    }
    if (from0 < take) memcpy(block + from0, j->in[1] + (at + from0 - j->inlen[0]), take - from0);
    j->absorbed += take;
    if (take < j->rate) { /* the final block: the input ended inside it (take may be 0) */
        if (!zeroed) memset(block + take, 0, j->rate - take);
        block[take] ^= j->suffix;
        block[j->rate - 1] ^= 0x80;
        j->padded = 1;
    }
}

/*@ requires kf_mlkem_sched_ok(l) && i < l->lanes && len <= KF_STATE_BYTES;
    requires \valid_read(block + (0 .. len - 1));
    assigns l->states[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table;
    ensures kf_mlkem_sched_ok(l); */
static void lane_add(kf_mlkem_sched *l, unsigned i, const uint8_t *block, size_t len)
{
    if (l->xn) {
        /*@ ghost kf_spec_xn_table = l->xn; */
        /*@ calls kf_spec_xn_add_bytes; */
        l->xn->add_bytes(l->states, i, block, 0, len);
    } else {
        /*@ calls kf_spec_add_bytes; */
        l->x1->add_bytes(l->states, block, 0, len);
    }
}

/*@ requires kf_mlkem_sched_ok(l) && i < l->lanes && len <= KF_STATE_BYTES;
    requires \valid(block + (0 .. len - 1));
    requires \separated(block + (0 .. len - 1), &l->xn, &l->x1, &l->lanes, l->states + (0 .. KF_XN_STORAGE - 1));
    assigns block[0 .. len - 1], kf_spec_xn_table;
    ensures kf_mlkem_sched_ok(l); */
static void lane_extract(kf_mlkem_sched *l, unsigned i, uint8_t *block, size_t len)
{
    if (l->xn) {
        /*@ ghost kf_spec_xn_table = l->xn; */
        /*@ calls kf_spec_xn_extract_bytes; */
        l->xn->extract_bytes(l->states, i, block, 0, len);
    } else {
        /*@ calls kf_spec_extract_bytes; */
        l->x1->extract_bytes(l->states, block, 0, len);
    }
}

/* next_block and lane_start / lane_add in one, for interleaved lanes (keccak_xn_lanes.h:
 * lane w of instance i is word w n + i): j's next block goes into lane i word by word, straight
 * from the job's input - a whole word is one load, only a word across the end of in[0] or of
 * the input is put together byte by byte - and the padding of a final block is xored into the
 * two words it touches. start: a new job, so the block overwrites the lane and the words past
 * the input are zeroed; else the block is xored in. No block buffer: building one (a memset,
 * two variable-length copies, the padding bytes) and reading it back cost more than the words
 * themselves (docs/BENCHMARK_HISTORY.md, "ML-KEM job blocks"). */
/* (ACSL, unit mlkem_jobs, a slow pass since session 54: the lane as 64-bit words s[w n] of an
 * interleaved table, whose states are 25 n words, kf_mlkem_sched_ok; the view's byte bounds
 * S_bytes and S_word, docs/ASSURANCE.md's widened views) */
/* (ACSL) a ghost lemma function for its padding's two stores, proved alone: word a < 25 of lane
 * i < n is word a n + i of the 25 n, a linear fact on the store's product for the caller */
/*@ ghost
  /@ requires a < 25 && i < n && n <= 16;
     assigns \nothing;
     ensures lbw_in: 0 <= a * n <= 24 * n <= 384 && a * n + i < 25 * n;
     ensures lbw_c: (size_t)(a * n) == a * n && (a * n + i) * sizeof(uint64_t) + sizeof(uint64_t) <= 200 * n; @/
  static void lbw_word_in(size_t a, size_t n, size_t i) { }
*/
/*@ requires kf_mlkem_sched_ok(l) && l->words != 0 && i < l->lanes;
    requires kf_mlkem_job_in_ok(j) && 8 <= j->rate && \separated(l, j);
    assigns l->states[0 .. KF_XN_STORAGE - 1], j->absorbed, j->padded;
    ensures kf_mlkem_job_in_ok(j); */
static void lane_block_words(kf_mlkem_sched *l, unsigned i, kf_mlkem_job *j, int start)
{
    uint64_t *s = (uint64_t *)l->states + i;
    const size_t n = l->lanes, words = j->rate / 8, l0 = j->inlen[0], total = l0 + j->inlen[1];
    const size_t at = j->absorbed, end = total - at < j->rate ? total : at + j->rate;
    const uint8_t *in0 = j->in[0], *in1 = j->in[1];
    size_t w = 0;
    /*@ assert lbw_lanes: 200 * n <= KF_XN_STORAGE && n <= 16 && i < n; */
    /* (ACSL) the view's extent in bytes (docs/ASSURANCE.md, widened views): words w n + i, w < 25 */
    /*@ assert S_bytes: 25 * n * sizeof(uint64_t) <= sizeof(l->states); */
    /*@ assert lbw_block: at <= end <= total && end - at <= j->rate && end - at <= KF_STATE_BYTES; */
    if (end <= l0 && end >= 8) {
        /* the block's bytes all in in0 (a job's usual case): whole words, then the part of
         * one as the 8 bytes ending at end shifted down (they are in in0 as end >= 8) */
        const size_t whole = (end - at) / 8, part = (end - at) % 8;
        const uint8_t *src = in0 + at;
        /*@ loop invariant 0 <= w <= whole;
            loop assigns w, l->states[0 .. KF_XN_STORAGE - 1];
            loop variant whole - w; */
        for (; w < whole; w++) {
            uint64_t v = kf_load64_le(src + 8 * w);
            if (start) s[w * n] = v;
            else s[w * n] ^= v;
        }
        if (part) {
            uint64_t v = kf_load64_le(in0 + end - 8) >> (8 * (8 - part));
            if (start) s[w * n] = v;
            else s[w * n] ^= v;
            w++;
        }
    } else
    /*@ loop invariant at <= pos && pos - at == 8 * w && w <= 25;
        loop invariant pos < end ==> w < 25;
        loop assigns pos, w, l->states[0 .. KF_XN_STORAGE - 1];
        loop variant end - pos; */
    for (size_t pos = at; pos < end; w++, pos += 8) {
        uint64_t v;
        if (pos + 8 <= l0) {
            v = kf_load64_le(in0 + pos);
        } else if (pos >= l0 && pos + 8 <= end) {
            v = kf_load64_le(in1 + (pos - l0));
        } else {
            v = 0;
            /*@ loop invariant 0 <= b <= 8;
                loop assigns b, v;
                loop variant 8 - b; */
            for (unsigned b = 0; b < 8 && pos + b < end; b++)
                v |= (uint64_t)(pos + b < l0 ? in0[pos + b] : in1[pos + b - l0]) << (8 * b);
        }
        if (start) s[w * n] = v;
        else s[w * n] ^= v;
    }
    /*@ assert lbw_k1: j->inlen[0] == \at(j->inlen[0], Pre) && j->inlen[1] == \at(j->inlen[1], Pre) &&
                       j->absorbed == at; */
    if (start) {
#pragma GCC unroll 4
        /*@ loop invariant w <= 25;
            loop assigns w, l->states[0 .. KF_XN_STORAGE - 1];
            loop variant 25 - w; */
        for (; w < KF_STATE_BYTES / 8; w++) s[w * n] = 0;
        /*@ assert lbw_k2: j->inlen[0] == \at(j->inlen[0], Pre) && j->inlen[1] == \at(j->inlen[1], Pre) &&
                           j->absorbed == at; */
    }
    const size_t take = end - at;
    /*@ assert lbw_pad: take <= j->rate && (take < j->rate ==> take / 8 < 25) && 1 <= words <= 25 && end <= total; */
    j->absorbed = end;
    /*@ assert lbw_in_ok: kf_mlkem_job_in_ok(j); */
    if (take < j->rate) { /* the final block (take may be 0): pad10*1 after the suffix bits */
        /*@ ghost size_t g0 = j->inlen[0], g1 = j->inlen[1]; */
        /*@ ghost lbw_word_in(take / 8, n, i); */
        /*@ ghost lbw_word_in(words - 1, n, i); */
        /*@ assert S_word: (take / 8 * n + i) * sizeof(uint64_t) + sizeof(uint64_t) <= 200 * n &&
                           ((size_t)(words - 1) * n + i) * sizeof(uint64_t) + sizeof(uint64_t) <= 200 * n &&
                           200 * n <= sizeof(l->states); */
        /*@ assert lbw_apart: \separated(s + take / 8 * n, j) && \separated(s + (size_t)(words - 1) * n, j); */
        s[take / 8 * n] ^= (uint64_t)j->suffix << (8 * (take % 8));
        s[(words - 1) * n] ^= (uint64_t)0x80 << 56;
        /*@ assert lbw_kept: j->inlen[0] == g0 && j->inlen[1] == g1 && j->absorbed == end; */
        j->padded = 1;
    }
}

/* j's next block into lane i, xored over what the lane holds. */
/*@ requires kf_mlkem_sched_ok(l) && i < l->lanes && kf_mlkem_job_in_ok(j) && 8 <= j->rate;
    requires \separated(l, j) && \separated(l, j->in[0] + (0 .. j->inlen[0] - 1)) && \separated(l, j->in[1] + (0 .. j->inlen[1] - 1));
    assigns l->states[0 .. KF_XN_STORAGE - 1], l->block[0 .. KF_STATE_BYTES - 1], kf_spec_xn_table,
            j->absorbed, j->padded;
    ensures kf_mlkem_sched_ok(l) && kf_mlkem_job_in_ok(j); */
static void lane_next_block(kf_mlkem_sched *l, unsigned i, kf_mlkem_job *j)
{
    if (l->words) {
        lane_block_words(l, i, j, 0);
    } else {
        next_block(j, l->block, 0);
        lane_add(l, i, l->block, j->rate);
    }
}

/* A lane's first block of a new job, over whatever the lane held: block[rate..200) zero (or
 * the 200-byte state a job goes on from). */
/*@ requires kf_mlkem_sched_ok(l) && i < l->lanes && \valid_read(block + (0 .. KF_STATE_BYTES - 1));
    assigns l->states[0 .. KF_XN_STORAGE - 1], kf_spec_xn_table;
    ensures kf_mlkem_sched_ok(l); */
static void lane_start(kf_mlkem_sched *l, unsigned i, const uint8_t *block)
{
    if (l->xn) {
        /*@ ghost kf_spec_xn_table = l->xn; */
        /*@ calls kf_spec_xn_overwrite_bytes; */
        l->xn->overwrite_bytes(l->states, i, block, 0, KF_STATE_BYTES);
    } else {
        /*@ calls kf_spec_init; */
        l->x1->init(l->states);
        /*@ calls kf_spec_add_bytes; */
        l->x1->add_bytes(l->states, block, 0, KF_STATE_BYTES);
    }
}

/* kf_backend_xn_for(min(n, 4)); for a lone job, those lanes where a call of them costs what
 * a call of the x1 backend in use costs (the backends' x1_twin), else none (x1). */
/*@ assigns \nothing;
    ensures \result == \null || (\valid_read(\result) && !\valid(\result) && 2 <= \result->n &&
                                  \result->state_bytes <= 200 * \result->n &&
                                  (\result->interleaved != 0 ==> \result->state_bytes == 200 * \result->n)); */
static const kf_backend_xn *job_lanes(unsigned n)
{
    const kf_backend_xn *xn = kf_backend_xn_for(n < 2 ? 2 : n < KF_MLKEM_JOB_LANES ? n : KF_MLKEM_JOB_LANES);
    if (n >= 2) return xn;
    return xn && xn->x1_twin && xn->x1_twin == kf_backend_current() ? xn : NULL;
}

int kf_mlkem_lone_job_on_lanes(void)
{
    return job_lanes(1) != NULL;
}

void kf_mlkem_sched_init(kf_mlkem_sched *s, unsigned n)
{
    /* 4 lanes where there is a choice: on Zen 4 an x4 call costs about 60% of an x8 call
     * (kforge bench --suite permutation-xn), and ML-KEM's jobs fill 4 lanes well: k^2 of 3
     * blocks, 2k or 2k + 1 of 1 or 2 blocks, H(ek) and J of about 9 */
    s->xn = job_lanes(n);
    s->x1 = kf_backend_current();
    s->lanes = 1;
    s->rej_in_place = s->rej_words = s->words = s->stage = 0;
    /*@ loop invariant 0 <= i <= 4;
        loop assigns i, s->staged[0 .. 3];
        loop variant 4 - i; */
    for (unsigned i = 0; i < 4; i++) s->staged[i] = NULL;
    if (s->xn && (s->xn->n > LANES_MAX || s->xn->state_bytes > KF_XN_STORAGE)) s->xn = NULL;
    if (s->xn) {
        s->lanes = s->xn->n;
        /*@ ghost kf_spec_xn_table = s->xn; */
        /*@ calls kf_spec_xn_init; */
        s->xn->init(s->states); /* idle lanes permute zeros, not stack garbage */
        s->words = s->xn->interleaved;
#ifdef KF_MLKEM_HAVE_AVX512
        s->rej_in_place = s->xn->interleaved && kf_mlkem_arith_avx512();
        s->stage = s->rej_in_place && s->lanes <= 4 && s->xn->state_bytes <= KF_MLKEM_STAGE_AT; /* sampling.h */
#endif
#ifdef KF_MLKEM_HAVE_AVX2
        s->rej_words = s->xn->interleaved && !s->rej_in_place && kf_mlkem_arith_avx2();
#endif
    }
    /*@ loop invariant 0 <= i <= s->lanes;
        loop invariant \forall integer l; 0 <= l < i ==> s->job_of[l] == -1;
        loop assigns i, s->job_of[0 .. 15];
        loop variant s->lanes - i; */
    for (unsigned i = 0; i < s->lanes; i++) s->job_of[i] = -1;
    s->first = s->open = s->checked = 0;
    s->lone = -1;
}

void kf_mlkem_sched_wipe(kf_mlkem_sched *s)
{
    kf_memzero(s->states, s->xn ? s->xn->state_bytes : KF_STATE_BYTES); /* the lanes used, and the block */
    kf_memzero(s->block, sizeof s->block);
}

/* Job j into free lane i: its first block, over the lane's old state (or from j->from). */
/*@ requires kf_mlkem_sched_ok(l) && i < l->lanes && kf_mlkem_job_in_ok(j) && 8 <= j->rate;
    requires kf_mlkem_job_apart(l, j);
    assigns l->states[0 .. KF_XN_STORAGE - 1], l->block[0 .. KF_STATE_BYTES - 1], kf_spec_xn_table,
            j->started, j->absorbed, j->produced, j->padded, j->have;
    ensures kf_mlkem_sched_ok(l) && kf_mlkem_job_in_ok(j) && j->produced == 0 && j->have == 0 && j->started == 1;
    // (session 59) for the run's l->checked and lanes across the start
    ensures js_l: l->lanes == \old(l->lanes) && l->checked == \old(l->checked); */
static void job_start(kf_mlkem_sched *l, unsigned i, kf_mlkem_job *j)
{
    j->started = 1;
    j->absorbed = j->produced = 0;
    j->padded = 0;
    j->have = 0;
    if (j->from) { /* going on from a state: that state, then the block xored in */
        lane_start(l, i, j->from);
        lane_next_block(l, i, j);
    } else if (l->words) {
        lane_block_words(l, i, j, 1);
    } else {
        memset(l->block, 0, sizeof l->block); /* a constant size: a few wide stores */
        next_block(j, l->block, 1);
        lane_start(l, i, l->block);
    }
}

#ifdef KF_MLKEM_HAVE_AVX512
/* Lane i's stage (sampling.h, KF_MLKEM_STAGE_AT); its polynomial, done, to its place. The copy
 * with AVX-512: memcpy's call cost KeyGen 1.5-2% (docs/BENCHMARK_HISTORY.md, session 39).
 * (Macros: the proof build, which has no AVX-512, parses no function of them.) */
#define STAGE_OF(l, i) ((int16_t *)(void *)((l)->states + KF_MLKEM_STAGE_AT) + KF_MLKEM_N * (i))
#define STAGE_FLUSH(l, i) (kf_mlkem_poly_copy_avx512((l)->staged[i]->c, STAGE_OF(l, i)), (l)->staged[i] = NULL)
#endif

/* After a permutation, lane i's job j: its next block in, or its output out. 1 once it is done.
 * (ACSL) KF_MLKEM_STAGED_C: the AVX-512 stage's copy of the lane's previous polynomial, which only
 * that build has (the proof build parses the portable one: no such store, so the run's frame
 * keeps every other polynomial; session 55). */
#ifdef KF_MLKEM_HAVE_AVX512
#define KF_MLKEM_STAGED_C(l, i) (l)->staged[i]->c[0 .. KF_MLKEM_N - 1],
#else
#define KF_MLKEM_STAGED_C(l, i)
#endif
/*@ requires kf_mlkem_sched_ok(l) && i < l->lanes && kf_mlkem_job_in_ok(j) && 8 <= j->rate;
    requires kf_mlkem_job_out_ok(j) && kf_mlkem_job_apart(l, j) && kf_mlkem_job_progress_ok(j);
    assigns l->states[0 .. KF_MLKEM_SCHED_STORAGE - 1], l->block[0 .. KF_STATE_BYTES - 1], l->staged[0 .. 3], kf_spec_xn_table,
            KF_MLKEM_STAGED_C(l, i)
            j->absorbed, j->padded, j->produced, j->have,
            j->out[0 .. kf_mlkem_job_out_len(j) - 1], j->poly->c[0 .. kf_mlkem_job_poly_len(j) - 1];
    ensures kf_mlkem_sched_ok(l) && kf_mlkem_job_in_ok(j) && kf_mlkem_job_progress_ok(j);
    ensures \result == 0 || \result == 1;
    ensures \result == 1 && j->out == \null ==> j->have == KF_MLKEM_N;
    // (session 59) for the run's l->checked and lanes across the step, and a done job's polynomial
    ensures jst_l: l->lanes == \old(l->lanes) && l->checked == \old(l->checked);
    ensures jst_fin: \result == 1 && j->out == \null ==> kf_mlkem_bounded(j->poly, 0, KF_MLKEM_Q - 1); */
static int job_step(kf_mlkem_sched *l, unsigned i, kf_mlkem_job *j)
{
    if (!j->padded && !j->suffix && j->absorbed == j->inlen[0] + j->inlen[1]) {
        lane_extract(l, i, j->out, KF_STATE_BYTES); /* absorb only: the state is the output */
        return 1;
    }
    if (!j->padded) { /* still absorbing */
        lane_next_block(l, i, j);
        return 0;
    }
    if (j->out) { /* the next bytes of a hash, straight to its output */
        size_t take = j->outlen - j->produced < j->rate ? j->outlen - j->produced : j->rate;
        lane_extract(l, i, j->out + j->produced, take);
        j->produced += take;
        return j->produced == j->outlen;
    }
    /* SampleNTT's rejection on the block */
#ifdef KF_MLKEM_HAVE_AVX512
    if (l->rej_in_place && j->rate == XOF_RATE) {
        if (l->stage) { /* into lane i's stage; the job done before in this lane to its place first
                         * (a permutation after its last stores: the copy's loads do not wait on them) */
            if (l->staged[i]) STAGE_FLUSH(l, i);
            j->have = kf_mlkem_rej_block_xn_avx512(STAGE_OF(l, i), j->have, (const uint64_t *)l->states, l->lanes, i);
            if (j->have == KF_MLKEM_N) l->staged[i] = j->poly;
        } else {
            j->have = kf_mlkem_rej_block_xn_avx512(j->poly->c, j->have, (const uint64_t *)l->states, l->lanes, i);
        }
    } else
#endif
#ifdef KF_MLKEM_HAVE_AVX2
    if (l->rej_words) { /* whole chunks in place, the rest (once 240 are in) from a copy */
        unsigned have = j->have;
        size_t used = kf_mlkem_rej_words_avx2(j->poly->c, &have, (const uint64_t *)l->states, l->lanes, i, j->rate);
        if (have < KF_MLKEM_N && used < j->rate) {
            l->xn->extract_bytes(l->states, i, l->block, used, j->rate - used);
            have = reject_uniform(j->poly->c, have, l->block, j->rate - used);
        }
        j->have = have;
    } else
#endif
    {
        lane_extract(l, i, l->block, j->rate);
        j->have = reject(j->poly->c, j->have, l->block, j->rate);
    }
    return j->have == KF_MLKEM_N;
}

/* An absorb-only job takes whole blocks, at least one. */
/*@ requires \valid_read(j) && j->rate > 0 && j->inlen[0] + j->inlen[1] <= SIZE_MAX;
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int bad_length(const kf_mlkem_job *j)
{
    const size_t total = j->inlen[0] + j->inlen[1];
    return !j->suffix && (total == 0 || total % j->rate != 0);
}

/* (ACSL, session 57) a ghost lemma function: kf_mlkem_run_ready from its conjuncts in one memory state. sched_run's
 * run_ready after its stores of first and open: its conjuncts there prove (run_x_ready, by Qed), the predicate
 * over the stores did not (CVC4 at 310,000 steps) */
/*@ ghost
  /@ requires run_rr: s->open <= s->checked && (\forall integer q; 0 <= q < s->open ==> jobs[q].done != 0);
     requires run_rr: \forall integer q; 0 <= q < s->checked && jobs[q].started == 0 ==> jobs[q].done == 0;
     requires run_rr: \forall integer i; 0 <= i < s->lanes && s->job_of[i] >= 0 ==>
                jobs[s->job_of[i]].done == 0 && jobs[s->job_of[i]].started != 0;
     requires run_rr: \forall integer i, m; 0 <= i < s->lanes && 0 <= m < s->lanes && i != m && s->job_of[i] >= 0 ==>
                s->job_of[m] != s->job_of[i];
     assigns \nothing;
     ensures run_rr_ok: kf_mlkem_run_ready(s, jobs); @/
  static void run_ready_of(kf_mlkem_sched *s, kf_mlkem_job *jobs) { }
*/
/* (ACSL, session 58) a ghost lemma function: kf_mlkem_jobs_done_ok's body, for sched_run's frame of the done jobs'
 * polynomials across the permute (run_pm_bounded: the predicate unfolded in the lane loop's context ran to the limit) */
/*@ ghost
  /@ requires run_db: kf_mlkem_jobs_done_ok(jobs, n);
     assigns \nothing;
     ensures run_db_ok: \forall integer r, k; 0 <= r < n && jobs[r].done != 0 && jobs[r].out == \null && 0 <= k < KF_MLKEM_N ==>
                0 <= jobs[r].poly->c[k] <= KF_MLKEM_Q - 1; @/
  static void done_ok_body(kf_mlkem_job *jobs, unsigned n) { }
*/
int kf_mlkem_sched_run(kf_mlkem_sched *l, kf_mlkem_job *jobs, unsigned n, unsigned until)
{
    if (until > n || n < l->checked) return KF_ERR_BAD_STATE; /* the array only grows */
    /*@ loop invariant l->checked <= q <= n;
        loop assigns q;
        loop variant n - q; */
    for (unsigned q = l->checked; q < n; q++)
        if (bad_length(&jobs[q])) return KF_ERR_BAD_LENGTH;
    /*@ loop invariant l->checked <= q <= n;
        loop invariant reset_jobs_ok: kf_mlkem_jobs_ok(l, jobs, n);
        loop invariant reset_new: \forall integer r; l->checked <= r < q ==> jobs[r].started == 0 && jobs[r].done == 0;
        loop invariant reset_old: \forall integer r; 0 <= r < l->checked && jobs[r].started == 0 ==> jobs[r].done == 0;
        loop invariant reset_lane: \forall integer i; 0 <= i < l->lanes && l->job_of[i] >= 0 ==>
                         jobs[l->job_of[i]].done == 0 && jobs[l->job_of[i]].started != 0;
        loop assigns q, jobs[l->checked .. n - 1].started, jobs[l->checked .. n - 1].done;
        loop variant n - q; */
    for (unsigned q = l->checked; q < n; q++) jobs[q].started = jobs[q].done = 0;
    /*@ assert kf_mlkem_lanes_ok(l, jobs) && l->checked <= n; */
    /*@ assert run_b0: kf_mlkem_jobs_done_ok(jobs, n); */
    /*@ assert run_f0: \forall integer q; 0 <= q < n && jobs[q].started == 0 ==> jobs[q].done == 0; */
    /*@ assert run_o0: l->open <= n && \forall integer q; 0 <= q < l->open ==> jobs[q].done != 0; */
    /*@ assert run_sep_all: \forall integer q; 0 <= q < n ==> \separated(l, &jobs[q]); */
    /*@ assert run_valid_all: \forall integer q; 0 <= q < n ==> \valid(&jobs[q]); */
    /*@ ghost RunChk: ; */
    l->checked = n;
    /*@ assert run_i_have: \forall integer q; 0 <= q < n ==> jobs[q].have == \at(jobs[q].have, RunChk); */
    /*@ assert run_i_lanes: \forall integer i; 0 <= i < l->lanes ==>
          l->job_of[i] < 0 || (l->job_of[i] < n && kf_mlkem_job_progress_ok(&jobs[l->job_of[i]])); */
    /* the loop's bookkeeping in locals (the backend calls could write anything through l) */
    const unsigned nl = l->lanes;
    unsigned first = l->first, open = l->open;
    int job_of[LANES_MAX], rc = KF_OK;
    /* (a loop, not memcpy: WP's typed memory model cannot see an int array as 64 bytes, and
     * memcpy's precondition, false in that model, would then be a hypothesis of every goal after it) */
    /*@ loop invariant 0 <= i <= 16 && \forall integer m; 0 <= m < i ==> job_of[m] == l->job_of[m];
        loop assigns i, job_of[0 .. 15];
        loop variant 16 - i; */
    for (unsigned i = 0; i < LANES_MAX; i++) job_of[i] = l->job_of[i];
    /*@ loop invariant kf_mlkem_sched_ok(l) && nl == l->lanes && kf_mlkem_jobs_ok(l, jobs, n);
        loop invariant run_prog: \forall integer i; 0 <= i < nl ==>
                         job_of[i] < 0 || (job_of[i] < n && kf_mlkem_job_progress_ok(&jobs[job_of[i]]));
        loop invariant run_lane: \forall integer m; 0 <= m < nl && job_of[m] >= 0 ==>
                         jobs[job_of[m]].done == 0 && jobs[job_of[m]].started != 0;
        loop invariant run_one: \forall integer m, p; 0 <= m < nl && 0 <= p < nl && m != p && job_of[m] >= 0 ==> job_of[p] != job_of[m];
        loop invariant run_fresh: \forall integer q; 0 <= q < n && jobs[q].started == 0 ==> jobs[q].done == 0;
        loop invariant run_open: open <= n && \forall integer q; 0 <= q < open ==> jobs[q].done != 0;
        loop invariant run_bounded: kf_mlkem_jobs_done_ok(jobs, n);
        loop invariant run_rc: rc == KF_OK && l->checked == n;
        loop assigns first, open, rc, job_of[0 .. 15], l->states[0 .. KF_MLKEM_SCHED_STORAGE - 1], l->block[0 .. KF_STATE_BYTES - 1],
                     l->staged[0 .. 3], kf_spec_xn_table,
                     jobs[0 .. n - 1].started, jobs[0 .. n - 1].done, jobs[0 .. n - 1].absorbed, jobs[0 .. n - 1].padded,
                     jobs[0 .. n - 1].produced, jobs[0 .. n - 1].have,
                     { jobs[r].out[k] | integer r, k; 0 <= r < n && 0 <= k < kf_mlkem_job_out_len(&jobs[r]) },
                     { jobs[r].poly->c[k] | integer r, k; 0 <= r < n && 0 <= k < kf_mlkem_job_poly_len(&jobs[r]) }; */
    for (;;) { /* no variant: SampleNTT's rejection sampling ends with probability 1 (FIPS 203 §4.2.2) */
        /*@ loop invariant open <= n && \forall integer q; 0 <= q < open ==> jobs[q].done != 0;
            loop assigns open;
            loop variant until - open; */
        while (open < until && jobs[open].done) open++;
        if (open >= until) break;
        /*@ loop assigns first;
            loop variant n - first; */
        while (first < n && jobs[first].started) first++;
        unsigned busy = 0, q = first;
        /*@ loop invariant 0 <= i <= nl;
            loop invariant run_ok_s: kf_mlkem_sched_ok(l) && nl == l->lanes && kf_mlkem_jobs_ok(l, jobs, n);
            loop invariant run_chk_s: l->checked == n;
            loop invariant run_prog_s: \forall integer m; 0 <= m < nl ==>
                             job_of[m] < 0 || (job_of[m] < n && kf_mlkem_job_progress_ok(&jobs[job_of[m]]));
            loop invariant run_lane: \forall integer m; 0 <= m < nl && job_of[m] >= 0 ==>
                         jobs[job_of[m]].done == 0 && jobs[job_of[m]].started != 0;
            loop invariant run_one: \forall integer m, p; 0 <= m < nl && 0 <= p < nl && m != p && job_of[m] >= 0 ==> job_of[p] != job_of[m];
            loop invariant run_fresh: \forall integer q; 0 <= q < n && jobs[q].started == 0 ==> jobs[q].done == 0;
            loop invariant run_open: open <= n && \forall integer q; 0 <= q < open ==> jobs[q].done != 0;
            loop invariant run_bounded: kf_mlkem_jobs_done_ok(jobs, n);
            loop assigns i, q, busy, job_of[0 .. nl - 1], l->states[0 .. KF_MLKEM_SCHED_STORAGE - 1],
                         l->block[0 .. KF_STATE_BYTES - 1], kf_spec_xn_table,
                         jobs[0 .. n - 1].started, jobs[0 .. n - 1].absorbed, jobs[0 .. n - 1].padded,
                         jobs[0 .. n - 1].produced, jobs[0 .. n - 1].have;
            loop variant nl - i; */
        for (unsigned i = 0; i < nl; i++) {
            if (job_of[i] < 0) {
                /* a free lane takes the first job not started and not held, if what that one
                 * waits for is done; else it stays idle */
                /*@ loop assigns q;
                    loop variant n - q; */
                while (q < n && (jobs[q].started || jobs[q].held)) q++;
                if (q < n && (!jobs[q].after || jobs[q].after->done)) {
                    job_of[i] = (int)q;
                    /*@ ghost RunJs: ; */
                    job_start(l, i, &jobs[q++]);
                    /* (ACSL, session 58) the lane loop's frame across job_start: the polynomials as before it */
                    /*@ assert run_js_c: \forall integer r, k; 0 <= r < n && jobs[r].out == \null && 0 <= k < KF_MLKEM_N ==>
                          jobs[r].poly->c[k] == \at(jobs[r].poly->c[k], RunJs); */
                }
            }
            busy += job_of[i] >= 0;
        }
        if (!busy) { /* jobs before until wait for a later one, or for a held one */
            rc = KF_ERR_BAD_STATE;
            break;
        }
        /*@ ghost done_ok_body(jobs, n); */
        /*@ assert run_pm_bounded: \forall integer r, k; 0 <= r < n && jobs[r].done != 0 && jobs[r].out == \null &&
              0 <= k < KF_MLKEM_N ==> 0 <= jobs[r].poly->c[k] <= KF_MLKEM_Q - 1; */
        /*@ ghost RunPm: ; */
        if (l->xn) {
            /*@ ghost kf_spec_xn_table = l->xn; */
            /*@ calls kf_spec_xn_permute; */
            l->xn->permute(l->states, 24);
        } else {
            /*@ calls kf_spec_permute; */
            l->x1->permute(l->states, 24);
        }
        /*@ assert run_p_kept: \forall integer q; 0 <= q < n ==>
              jobs[q].done == \at(jobs[q].done, RunPm) && jobs[q].started == \at(jobs[q].started, RunPm); */
        /*@ assert run_p_c: \forall integer r, k; 0 <= r < n && jobs[r].out == \null && 0 <= k < KF_MLKEM_N ==>
              jobs[r].poly->c[k] == \at(jobs[r].poly->c[k], RunPm); */
        /*@ assert run_p_bounded: \forall integer r, k; 0 <= r < n && jobs[r].done != 0 && jobs[r].out == \null &&
              0 <= k < KF_MLKEM_N ==> 0 <= jobs[r].poly->c[k] <= KF_MLKEM_Q - 1; */
        /*@ loop invariant 0 <= i <= nl;
            loop invariant run_ok_p: kf_mlkem_sched_ok(l) && nl == l->lanes && kf_mlkem_jobs_ok(l, jobs, n);
            loop invariant run_chk_p: l->checked == n;
            loop invariant run_prog_p: \forall integer m; 0 <= m < nl ==>
                             job_of[m] < 0 || (job_of[m] < n && kf_mlkem_job_progress_ok(&jobs[job_of[m]]));
            loop invariant run_lane: \forall integer m; 0 <= m < nl && job_of[m] >= 0 ==>
                         jobs[job_of[m]].done == 0 && jobs[job_of[m]].started != 0;
            loop invariant run_one: \forall integer m, p; 0 <= m < nl && 0 <= p < nl && m != p && job_of[m] >= 0 ==> job_of[p] != job_of[m];
            loop invariant run_fresh: \forall integer q; 0 <= q < n && jobs[q].started == 0 ==> jobs[q].done == 0;
            loop invariant run_open: open <= n && \forall integer q; 0 <= q < open ==> jobs[q].done != 0;
            loop invariant run_bounded: kf_mlkem_jobs_done_ok(jobs, n);
            loop assigns i, job_of[0 .. nl - 1], l->states[0 .. KF_MLKEM_SCHED_STORAGE - 1], l->block[0 .. KF_STATE_BYTES - 1], l->staged[0 .. 3],
                         kf_spec_xn_table,
                         jobs[0 .. n - 1].done, jobs[0 .. n - 1].absorbed, jobs[0 .. n - 1].padded,
                         jobs[0 .. n - 1].produced, jobs[0 .. n - 1].have,
                         { jobs[r].out[k] | integer r, k; 0 <= r < n && 0 <= k < kf_mlkem_job_out_len(&jobs[r]) },
                         { jobs[r].poly->c[k] | integer r, k; 0 <= r < n && 0 <= k < kf_mlkem_job_poly_len(&jobs[r]) };
            loop variant nl - i; */
        for (unsigned i = 0; i < nl; i++) {
            if (job_of[i] < 0) continue;
            kf_mlkem_job *j = &jobs[job_of[i]];
            if (job_step(l, i, j)) {
                j->done = 1;
                job_of[i] = -1;
            }
        }
    }
    /*@ assert run_x_ok: kf_mlkem_sched_ok(l) && kf_mlkem_jobs_ok(l, jobs, n); */
#ifdef KF_MLKEM_HAVE_AVX512
    if (l->stage) /* the polynomials done, in place (jobs still running stay in their stages) */
        for (unsigned i = 0; i < 4; i++)
            if (l->staged[i]) STAGE_FLUSH(l, i);
#endif
    /*@ assert run_x_valid: \valid(l->job_of + (0 .. 15)); */
    /*@ loop invariant 0 <= i <= 16 && \forall integer m; 0 <= m < i ==> l->job_of[m] == job_of[m];
        loop invariant run_c_ok: kf_mlkem_sched_ok(l) && kf_mlkem_jobs_ok(l, jobs, n);
        loop assigns i, l->job_of[0 .. 15];
        loop variant 16 - i; */
    for (unsigned i = 0; i < LANES_MAX; i++) l->job_of[i] = job_of[i];
    /* (ACSL, session 57) the main loop's invariants in the schedule's fields, for run_lanes and run_ready: the
     * lanes' jobs through the copy of job_of[], then across the stores of first and open (l->first, l->open
     * share the uint32 memory of the jobs' have: the lanes' jobs are apart from *l, run_x_sep, so their have is
     * kept, run_x_have) */
    /*@ assert run_x_copy: \forall integer m; 0 <= m < 16 ==> l->job_of[m] == job_of[m]; */
    /*@ assert run_x_sep: \forall integer m; 0 <= m < nl && job_of[m] >= 0 ==>
          0 <= job_of[m] < n && \separated(l, &jobs[job_of[m]]); */
    /*@ assert run_x_lanes0: rc == KF_OK ==> l->checked == n && kf_mlkem_lanes_ok(l, jobs); */
    /*@ assert run_x_fresh: rc == KF_OK ==>
          \forall integer q; 0 <= q < l->checked && jobs[q].started == 0 ==> jobs[q].done == 0; */
    /*@ assert run_x_lane: rc == KF_OK ==> \forall integer m; 0 <= m < l->lanes && l->job_of[m] >= 0 ==>
          jobs[l->job_of[m]].done == 0 && jobs[l->job_of[m]].started != 0; */
    /*@ assert run_x_one: rc == KF_OK ==> \forall integer m, p; 0 <= m < l->lanes && 0 <= p < l->lanes && m != p && l->job_of[m] >= 0 ==>
          l->job_of[p] != l->job_of[m]; */
    /*@ ghost RunSt: ; */
    l->first = first;
    l->open = open;
    /*@ assert run_x_ok2: kf_mlkem_sched_ok(l) && kf_mlkem_jobs_ok(l, jobs, n); */
    /*@ assert run_x_have: \forall integer m; 0 <= m < nl && job_of[m] >= 0 ==>
          jobs[job_of[m]].have == \at(jobs[job_of[m]].have, RunSt); */
    /*@ assert run_x_open: rc == KF_OK ==> l->checked == n && l->open <= l->checked &&
          \forall integer q; 0 <= q < l->open ==> jobs[q].done != 0; */
    /*@ assert run_x_prog: rc == KF_OK ==> \forall integer m; 0 <= m < nl && job_of[m] >= 0 ==>
          kf_mlkem_job_progress_ok(&jobs[job_of[m]]); */
    /*@ assert run_x_lanes: rc == KF_OK ==> kf_mlkem_lanes_ok(l, jobs); */
    /*@ assert run_x_ready: rc == KF_OK ==>
          l->open <= l->checked && (\forall integer q; 0 <= q < l->open ==> jobs[q].done != 0) &&
          (\forall integer q; 0 <= q < l->checked && jobs[q].started == 0 ==> jobs[q].done == 0) &&
          (\forall integer i; 0 <= i < l->lanes && l->job_of[i] >= 0 ==>
             jobs[l->job_of[i]].done == 0 && jobs[l->job_of[i]].started != 0) &&
          (\forall integer i, m; 0 <= i < l->lanes && 0 <= m < l->lanes && i != m && l->job_of[i] >= 0 ==>
             l->job_of[m] != l->job_of[i]); */
    /*@ ghost if (rc == KF_OK) run_ready_of(l, jobs); */
    return rc;
}

int kf_mlkem_run_jobs(kf_mlkem_job *jobs, unsigned n) /*@ ghost (unsigned a, unsigned b, unsigned c, unsigned d) */
{
    kf_mlkem_sched s;
    kf_mlkem_sched_init(&s, n);
    s.stage = 0; /* the stage pays only beside the jobs (KeyGen's layout); Encaps and Decaps ran 1% slower with it */
    /*@ assert \forall integer r; 0 <= r < n ==>
          jobs[r].out == \at(jobs[r].out, Pre) && jobs[r].outlen == \at(jobs[r].outlen, Pre) &&
          jobs[r].poly == \at(jobs[r].poly, Pre); */
    /*@ assert \forall integer r; 0 <= r < n ==>
          kf_mlkem_job_out_len(&jobs[r]) == \at(kf_mlkem_job_out_len(&jobs[r]), Pre) &&
          kf_mlkem_job_poly_len(&jobs[r]) == \at(kf_mlkem_job_poly_len(&jobs[r]), Pre); */
    /*@ assert kf_mlkem_jobs_runnable(jobs, n); */
    /*@ assert kf_mlkem_jobs_ok(&s, jobs, n); */
    /*@ assert kf_mlkem_lanes_ok(&s, jobs); */
    int rc = kf_mlkem_sched_run(&s, jobs, n, n);
    kf_mlkem_sched_wipe(&s);
    return rc;
}

static int run_job1_x1(kf_mlkem_job *j);

int kf_mlkem_sched_lone(kf_mlkem_sched *s, kf_mlkem_job *j)
{
    if (s->lone < 0) {
        const kf_backend_xn *lanes = job_lanes(1);
        s->lone = !lanes ? 0 : s->xn == lanes ? 2 : 1;
    }
    if (s->lone == 2) {
        /*@ loop invariant 0 <= i <= s->lanes;
            loop invariant \forall integer m; 0 <= m < i ==> s->job_of[m] < 0;
            loop assigns i;
            loop variant s->lanes - i; */
        for (unsigned i = 0; i < s->lanes; i++)
            if (s->job_of[i] >= 0) return KF_ERR_BAD_STATE; /* the lanes are not free */
        const unsigned first = s->first, open = s->open, checked = s->checked;
        /*@ assert lone_apart: s->xn != \null ==> \separated(s, s->xn); */
        s->first = s->open = s->checked = 0;
        int rc = kf_mlkem_sched_run(s, j, 1, 1);
        /*@ assert lone_run: kf_mlkem_sched_ok(s) && (s->xn != \null ==> \separated(s, s->xn)); */
        /* (ACSL, s69-kem8) the lanes free after a KF_OK run: a lane's job is one of jobs[0 .. checked) = the
         * lone job (run_lanes), not done (run_ready), and it is done (run_done) */
        /*@ assert lone_free1: rc == KF_OK ==> \forall integer i; 0 <= i < s->lanes ==> s->job_of[i] < 0; */
        s->first = first;
        s->open = open;
        s->checked = checked;
        /*@ assert lone_ok2: kf_mlkem_sched_ok(s); */
        /*@ assert lone_free2: rc == KF_OK ==> \forall integer i; 0 <= i < s->lanes ==> s->job_of[i] < 0; */
        return rc;
    }
    /*@ assert lone_keep: kf_mlkem_sched_ok(s) && \separated(s, j) &&
          (s->xn != \null ==> \separated(j, s->xn) && \separated(s, s->xn)); */
    /* (ACSL, s69-kem8) the job's output apart from the schedule (jobs_ok's instance), then the lanes as they
     * were (lone_free) */
    /*@ assert lone_sep: \separated(s, j->out + (0 .. j->outlen - 1)); */
    const int rc = s->lone ? kf_mlkem_run_jobs(j, 1) /*@ ghost (1, 1, 1, 1) */ : run_job1_x1(j);
    /*@ assert lone_fr: s->lanes == \at(s->lanes, Pre) && s->xn == \at(s->xn, Pre) && s->x1 == \at(s->x1, Pre) &&
                        s->words == \at(s->words, Pre); */
    /*@ assert lone_ok1: kf_mlkem_sched_ok(s); */
    /*@ assert lone_free0: \forall integer i; 0 <= i < 16 ==> s->job_of[i] == \at(s->job_of[i], Pre); */
    /*@ assert lone_free3: (\forall integer i; 0 <= i < s->lanes ==> \at(s->job_of[i], Pre) < 0) ==>
                           \forall integer i; 0 <= i < s->lanes ==> s->job_of[i] < 0; */
    return rc;
}

int kf_mlkem_run_job1(kf_mlkem_job *j)
{
    if (kf_mlkem_lone_job_on_lanes()) return kf_mlkem_run_jobs(j, 1) /*@ ghost (1, 1, 1, 1) */;
    return run_job1_x1(j);
}

/* run_job1_x1 for a hash with one input and at most a block of output (KeyGen's G and the
 * tail of H(ek), Encaps' G and H): the whole blocks straight from the input and the last one,
 * padded in a buffer, by the backend's absorb_blocks, then the output by one extract, on a
 * state of its own (from j->from, or zero). No kf_sponge: its init's zeroing under a state
 * copied in, the final block's add_bytes calls byte by byte, finalize's separate permute and
 * squeeze's bookkeeping cost about as much as one block's absorb (KeyGen's G and H tail ran
 * 176 and 262 TSC ticks over their 1 and 4 permutations, docs/BENCHMARKS.md). */
/* (ACSL) ghost lemma functions for run_job1_blocks' loop, each proved alone: a multiple of r is its
 * quotient times r (C's division), and of two multiples the smaller is at least r below the other */
/*@ ghost
  /@ requires r > 0 && d % r == 0;
     assigns \nothing;
     ensures d == (d / r) * r && l - l % r == (l / r) * r; @/
  static void job1_mul_of(size_t l, size_t d, size_t r) { }
*/
/*@ ghost
  /@ requires r > 0 && a * r < b * r;
     assigns \nothing;
     ensures a < b && (a + 1) * r <= b * r; @/
  static void job1_next_mul(size_t a, size_t b, size_t r) { }
*/
/* (ACSL, unit mlkem_jobs) what run_job1_x1 checks before it calls: a hash with one input, a
 * suffix and at most a block of output, a rate of at most SHAKE128's (last[]), the backend's
 * absorb_blocks there; writes out[0 .. outlen) and the job's progress only */
/*@ requires kf_mlkem_job_in_ok(j) && kf_mlkem_job_out_ok(j) && j->out != \null && j->suffix != 0;
    requires j->inlen[1] == 0 && 8 <= j->rate <= KF_SHAKE128_RATE && j->outlen <= j->rate;
    requires j->from != \null ==> \valid_read(j->from + (0 .. KF_STATE_BYTES - 1));
    requires \valid_read(impl) && !\valid(impl) && impl->absorb_blocks != \null;
    assigns j->out[0 .. j->outlen - 1], j->absorbed, j->produced, j->done;
    ensures kf_mlkem_job_in_ok(j) && j->done == 1 && j->produced == j->outlen;
    ensures \result == KF_OK; */
static int run_job1_blocks(kf_mlkem_job *j, const kf_backend *impl)
{
    _Alignas(KF_STATE_ALIGN) uint8_t st[KF_STATE_BYTES];
    uint8_t last[KF_SHAKE128_RATE];
    const size_t rate = j->rate, len = j->inlen[0], whole = len - len % rate;
    if (j->from) {
        /*@ calls kf_spec_overwrite_bytes; */
        impl->overwrite_bytes(st, j->from, 0, KF_STATE_BYTES);
    } else {
        /*@ calls kf_spec_init; */
        impl->init(st);
    }
    size_t done = 0;
    if (whole) {
        /*@ calls kf_spec_absorb_blocks; */
        done = impl->absorb_blocks(st, 24, rate, j->in[0], whole);
    }
    /*@ ghost job1_mul_of(len, done, rate); */
    /*@ ghost const size_t wb = len / rate; */
    /*@ ghost size_t nb = done / rate; */
    /*@ loop invariant done <= whole && whole == wb * rate && done == nb * rate && nb <= wb;
        loop assigns done, nb, st[0 .. KF_STATE_BYTES - 1];
        loop variant whole - done; */
    for (; done < whole; done += rate) { /* (absorb_blocks takes them all; the contract's loop) */
        /*@ ghost job1_next_mul(nb, wb, rate); */
        /*@ ghost nb++; */
        /*@ assert nb <= wb && done + rate == nb * rate && done + rate <= whole; */
        /*@ assigns st[0 .. KF_STATE_BYTES - 1]; */
        {
            /*@ calls kf_spec_add_bytes; */
            impl->add_bytes(st, j->in[0] + done, 0, rate);
            /*@ calls kf_spec_permute; */
            impl->permute(st, 24);
        }
    }
    if (len > whole) memcpy(last, j->in[0] + whole, len - whole);
    kf_xn_side_pad(last, len - whole, rate, j->suffix); /* the suffix, pad10*1: one block */
    /*@ calls kf_spec_absorb_blocks; */
    impl->absorb_blocks(st, 24, rate, last, rate);
    /*@ calls kf_spec_extract_bytes; */
    impl->extract_bytes(st, j->out, 0, j->outlen);
    j->absorbed = len;
    j->produced = j->outlen;
    j->done = 1;
    kf_memzero(st, sizeof st);
    kf_memzero(last, rate);
    return KF_OK;
}

/* kf_mlkem_run_job1 on the x1 sponge. (ACSL, unit mlkem_jobs) a hash job (out not NULL: the
 * sponge has no SampleNTT) of a rate the sponge takes; writes out[0 .. outlen) and its progress */
/*@ requires kf_mlkem_job_in_ok(j) && kf_mlkem_job_out_ok(j) && j->out != \null;
    requires 8 <= j->rate <= 192 && j->rate % 8 == 0;
    requires j->from != \null ==> \valid_read(j->from + (0 .. KF_STATE_BYTES - 1));
    requires j->after != \null ==> \valid_read(j->after);
    assigns j->out[0 .. j->outlen - 1], j->absorbed, j->produced, j->done;
    ensures kf_mlkem_job_in_ok(j);
    ensures \result == KF_OK || \result == KF_ERR_BAD_STATE || \result == KF_ERR_BAD_LENGTH; */
static int run_job1_x1(kf_mlkem_job *j)
{
    if (bad_length(j)) return KF_ERR_BAD_LENGTH;
    if (j->after && !j->after->done) return KF_ERR_BAD_STATE;
    const kf_backend *impl = kf_backend_current();
    if (impl->absorb_blocks && j->suffix && !j->inlen[1] && j->out && j->outlen <= j->rate &&
        j->rate <= KF_SHAKE128_RATE)
        return run_job1_blocks(j, impl);
    kf_sponge sp;
    kf_sponge_init(&sp, impl, j->rate, 24, j->suffix);
    if (j->from) {
        /*@ calls kf_spec_add_bytes; */
        sp.impl->add_bytes(sp.state, j->from, 0, KF_STATE_BYTES); /* the sponge's state := that one */
    }
    kf_sponge_absorb(&sp, j->in[0], j->inlen[0]);
    if (j->inlen[1]) kf_sponge_absorb(&sp, j->in[1], j->inlen[1]);
    if (j->suffix) kf_sponge_squeeze(&sp, j->out, j->outlen);
    else {
        /*@ calls kf_spec_extract_bytes; */
        sp.impl->extract_bytes(sp.state, j->out, 0, KF_STATE_BYTES); /* absorb only: whole blocks, pos 0 */
    }
    j->absorbed = j->inlen[0] + j->inlen[1];
    j->produced = j->suffix ? j->outlen : 0;
    j->done = 1;
    kf_sponge_wipe(&sp); /* (kf_memzero of its bytes: sponge.h, a local's byte view is false in WP's model) */
    return KF_OK;
}

/* SamplePolyCBD_2 (Alg. 8, eta = 2) from 128 bytes: 4 bits per coefficient. */
/*@ requires \valid(p) && \valid_read(buf + (0 .. 127)) && \separated(p, buf + (0 .. 127));
    assigns p->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(p, -3, 3); */
static void kf_mlkem_cbd2_portable(kf_mlkem_poly *p, const uint8_t *buf)
{
    /*@ loop invariant 0 <= i <= KF_MLKEM_N / 8;
        loop invariant \forall integer m; 0 <= m < 8 * i ==> -3 <= p->c[m] <= 3;
        loop assigns i, p->c[0 .. KF_MLKEM_N - 1];
        loop variant KF_MLKEM_N / 8 - i; */
    for (unsigned i = 0; i < KF_MLKEM_N / 8; i++) {
        uint32_t t = (uint32_t)buf[4 * i] | (uint32_t)buf[4 * i + 1] << 8 |
                     (uint32_t)buf[4 * i + 2] << 16 | (uint32_t)buf[4 * i + 3] << 24;
        uint32_t d = (t & 0x55555555u) + ((t >> 1) & 0x55555555u); /* 2-bit sums of bit pairs */
        /*@ loop invariant 0 <= j <= 8;
            loop invariant \forall integer m; 0 <= m < 8 * i + j ==> -3 <= p->c[m] <= 3;
            loop assigns j, p->c[8 * i .. 8 * i + 7];
            loop variant 8 - j; */
        for (unsigned j = 0; j < 8; j++) {
            int16_t x = (int16_t)((d >> (4 * j)) & 3), y = (int16_t)((d >> (4 * j + 2)) & 3);
            p->c[8 * i + j] = (int16_t)(x - y);
        }
    }
}

/* SamplePolyCBD_3 from 192 bytes: 6 bits per coefficient. */
/*@ requires \valid(p) && \valid_read(buf + (0 .. 191)) && \separated(p, buf + (0 .. 191));
    assigns p->c[0 .. KF_MLKEM_N - 1];
    ensures kf_mlkem_bounded(p, -7, 7); */
static void kf_mlkem_cbd3_portable(kf_mlkem_poly *p, const uint8_t *buf)
{
    /*@ loop invariant 0 <= i <= KF_MLKEM_N / 4;
        loop invariant \forall integer m; 0 <= m < 4 * i ==> -7 <= p->c[m] <= 7;
        loop assigns i, p->c[0 .. KF_MLKEM_N - 1];
        loop variant KF_MLKEM_N / 4 - i; */
    for (unsigned i = 0; i < KF_MLKEM_N / 4; i++) {
        uint32_t t = (uint32_t)buf[3 * i] | (uint32_t)buf[3 * i + 1] << 8 | (uint32_t)buf[3 * i + 2] << 16;
        uint32_t d = (t & 0x249249u) + ((t >> 1) & 0x249249u) + ((t >> 2) & 0x249249u);
        /*@ loop invariant 0 <= j <= 4;
            loop invariant \forall integer m; 0 <= m < 4 * i + j ==> -7 <= p->c[m] <= 7;
            loop assigns j, p->c[4 * i .. 4 * i + 3];
            loop variant 4 - j; */
        for (unsigned j = 0; j < 4; j++) {
            int16_t x = (int16_t)((d >> (6 * j)) & 7), y = (int16_t)((d >> (6 * j + 3)) & 7);
            p->c[4 * i + j] = (int16_t)(x - y);
        }
    }
}

void kf_mlkem_cbd(kf_mlkem_poly *p, const uint8_t *buf, unsigned eta)
{
    if (eta == 3) KF_MLKEM_ARITH_AVX512(kf_mlkem_cbd3, (p, buf));
    else KF_MLKEM_ARITH_AVX512(kf_mlkem_cbd2, (p, buf));
}
