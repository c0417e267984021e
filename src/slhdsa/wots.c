/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * wots.c - WOTS+ one-time signatures (FIPS 205 §5, Algorithms 5-8).
 *
 * The chains of WOTS+ keys are independent (Algorithm 5 on each), so they run as lanes of
 * the batched backend: each lane holds one chain's padded F block (hash.c), hashes it in
 * place, bumps the hash address, and when its chain ends takes the next chain. So every
 * batched call is full until the last chains, whatever the chain lengths (verification and
 * signing have one per digit); chains are started longest first, which keeps that tail
 * short. A chain that starts from its secret value begins with the PRF call, which has the
 * same shape as F (PK.seed || ADRS || n bytes). Key generation runs the chains of
 * WOTS_LEAVES leaves at once and then their T_len compressions as one batch: each leaf's
 * chain ends sit in its own padded T_len buffer, so nothing is copied.
 *
 * On an interleaved batched backend (c->rows, slhdsa_internal.h) the lanes are rows of the
 * states instead of byte blocks: a chain's value never leaves the states between its
 * steps (the output rows move to the input rows, kf_slh_rows_permute), and per step only
 * the hash address word of the lanes' ADRS changes in the template. Key generation's
 * chains all have w - 1 steps after their PRF, so they run in lock-step groups (chain ci
 * of w leaves) with no per-lane scheduling at all (run_chains_lockstep); chains of
 * different lengths (verification) run with their T_len in one schedule (pk_from_sig_rows).
 */
#include "slhdsa_internal.h"

#define WOTS_LEAVES 8 /* leaves per group in kf_slh_wots_pkgen_leaves */
#define MAX_CHAINS (WOTS_LEAVES * SLH_MAX_LEN)
/* A padded T_len input: PK.seed || ADRS || len * n bytes, then the padding. */
#define TLEN_BUF_MAX SLH_PADDED(2 * SLH_MAX_N + 32 + SLH_MAX_LEN * SLH_MAX_N)

/* The chains of `leaves` consecutive key pairs of one XMSS tree. */
typedef struct chain_run {
    const slh_adrs *adrs;   /* layer and tree */
    uint32_t first;         /* key pair address of leaf 0 */
    unsigned leaves;
    uint8_t *val;           /* chain i of leaf l: val + l * stride + i * n, in and out */
    size_t stride;
    int prf;                /* chains start from their secret values (PRF) instead of val */
    const uint8_t *start;   /* per chain (leaves == 1 only); NULL: 0 */
    const uint8_t *steps;   /* per chain (leaves == 1 only); NULL: w - 1 */
    const wots_snap *snap;  /* may be NULL; its chains all start at 0 */
} chain_run;

typedef struct lane {
    unsigned chain;         /* index l * len + i */
    unsigned busy, in_prf;
    uint32_t start, steps, done; /* F steps: first hash address, how many, how many so far */
    uint8_t *snap;          /* copy the value here after snap_at steps; NULL: no copy */
    uint32_t snap_at;
} lane;

/* (ACSL) chain q's value: leaf q / len, chain q % len, within the bounds of every caller (the
 * chains of at most WOTS_LEAVES leaves, a stride of one padded T_len buffer at most). chain_at is
 * its address in the contracts of chain_val and of the lane functions that reach it. */
/*@ logic uint8_t *chain_at(chain_run *r, integer n, integer len, integer q) =
      r->val + ((q / len) * r->stride + (q % len) * n); */
/*@ requires \valid_read(r) && 0 < len <= SLH_MAX_LEN && n <= SLH_MAX_N && q < MAX_CHAINS && r->stride <= TLEN_BUF_MAX;
    assigns \nothing;
    ensures \result == chain_at(r, n, len, q); */
static uint8_t *chain_val(const chain_run *r, size_t n, unsigned len, unsigned q)
{
    return r->val + (q / len) * r->stride + (q % len) * n;
}

/* The order chains start in: most hash calls first (counting sort on 0 .. w). Only public
 * values (message digits) decide it. */
/* (ACSL) chain q's sort key, its hash calls (0 .. w), and oc_gt(a, k), the sum of a bucket array's
 * entries above k, written out over the w + 1 = 17 buckets (no recursion: nothing for the provers
 * to unfold without end). */
/*@ logic integer oc_key{L}(chain_run *r, integer q) =
      (r->steps == \null ? SLH_W - 1 : r->steps[q]) + (r->prf != 0 ? 1 : 0);
    logic integer oc_gt(unsigned a[17], integer k) =
      (0 > k ? a[0] : 0) +
      (1 > k ? a[1] : 0) +
      (2 > k ? a[2] : 0) +
      (3 > k ? a[3] : 0) +
      (4 > k ? a[4] : 0) +
      (5 > k ? a[5] : 0) +
      (6 > k ? a[6] : 0) +
      (7 > k ? a[7] : 0) +
      (8 > k ? a[8] : 0) +
      (9 > k ? a[9] : 0) +
      (10 > k ? a[10] : 0) +
      (11 > k ? a[11] : 0) +
      (12 > k ? a[12] : 0) +
      (13 > k ? a[13] : 0) +
      (14 > k ? a[14] : 0) +
      (15 > k ? a[15] : 0) +
      (16 > k ? a[16] : 0); */
/* (ACSL, unit slhdsa_wots) total <= MAX_CHAINS chains, each step count < w when given: every entry of
 * order[0 .. total - 1] is written, with a chain < total (not stated: that they are a permutation).
 * Proof: loop 1 gives chain q its rank grank[q] among the chains of its key (a ghost array: the
 * ranks of one key increase with q and stay under its count); loop 2 puts bucket k at
 * at0[k] = oc_gt(count, k); loop 3 fills bucket k from at0[k] and never past the rank of a chain
 * still to come, so at[k] - at0[k] <= count[k] while the sum of at - at0 is q: at the end every
 * bucket is full, [at0[k], at0[k] + count[k]) = [oc_gt(count, k), oc_gt(count, k - 1)), and they
 * cover [0, total). */
/*@ requires \valid_read(r) && total <= MAX_CHAINS;
    requires r->steps != \null ==> \valid_read(r->steps + (0 .. total - 1)) &&
             \forall integer q; 0 <= q < total ==> r->steps[q] < SLH_W;
    requires \valid(order + (0 .. total - 1)) && \separated(order + (0 .. total - 1), r);
    requires r->steps != \null ==> \separated(order + (0 .. total - 1), r->steps + (0 .. total - 1));
    assigns order[0 .. total - 1];
    ensures \forall integer j; 0 <= j < total ==> order[j] < total; */
static void order_chains(const chain_run *r, unsigned total, uint16_t *order)
{
    unsigned count[SLH_W + 1] = {0}, at[SLH_W + 1];
    /*@ ghost int gkey[MAX_CHAINS]; unsigned grank[MAX_CHAINS], at0[SLH_W + 1]; */
    /*@ loop invariant 0 <= q <= total;
        loop invariant oc_r: \forall integer i; 0 <= i < q ==> grank[i] < count[gkey[i]];
        loop invariant oc_k: \forall integer i; 0 <= i < q ==> gkey[i] == oc_key{Pre}(r, i) && 0 <= gkey[i] <= SLH_W;
        loop invariant oc_i: \forall integer i, j; 0 <= i < j < q && gkey[i] == gkey[j] ==> grank[i] < grank[j];
        loop invariant oc_c: \forall integer k; 0 <= k <= SLH_W ==> count[k] <= q;
        loop invariant oc_n: oc_gt(count, -1) <= q;
        loop assigns q, count[0 .. SLH_W], gkey[0 .. MAX_CHAINS - 1], grank[0 .. MAX_CHAINS - 1];
        loop variant total - q; */
    for (unsigned q = 0; q < total; q++) {
        /*@ ghost int kq = (r->steps ? r->steps[q] : SLH_W - 1) + (r->prf != 0);
                  unsigned c0 = count[kq]; */
        count[(r->steps ? r->steps[q] : SLH_W - 1) + (r->prf != 0)]++;
        /*@ assert oc_r1: count[kq] == c0 + 1; */
        /*@ assert oc_r2: \forall integer i; 0 <= i < q ==> grank[i] < count[gkey[i]]; */
        /*@ ghost gkey[q] = kq;
                  grank[q] = c0; */
    }
    unsigned pos = 0;
    /*@ loop invariant -1 <= w <= SLH_W && pos == oc_gt(count, w);
        loop invariant oc_b: \forall integer k; w < k <= SLH_W ==> at0[k] == oc_gt(count, k) && at[k] == at0[k];
        loop assigns w, pos, at[0 .. SLH_W], at0[0 .. SLH_W];
        loop variant w + 1; */
    for (int w = SLH_W; w >= 0; w--) {
        at[w] = pos;
        /*@ ghost at0[w] = pos; */
        pos += count[w];
    }
    /*@ assert oc_z: \forall integer k; 0 <= k <= SLH_W ==> at0[k] + count[k] <= total; */
    /*@ loop invariant 0 <= q <= total;
        loop invariant oc_s: q <= oc_gt(at, -1) - oc_gt(at0, -1);
        loop invariant oc_a: \forall integer k; 0 <= k <= SLH_W ==> at0[k] <= at[k] <= at0[k] + count[k];
        loop invariant oc_t: \forall integer i; q <= i < total ==> at[gkey[i]] - at0[gkey[i]] <= grank[i];
        loop invariant oc_f: \forall integer k, j; 0 <= k <= SLH_W && at0[k] <= j < at[k] ==> order[j] < total;
        loop assigns q, at[0 .. SLH_W], order[0 .. total - 1];
        loop variant total - q; */
    for (unsigned q = 0; q < total; q++) {
        /*@ ghost int kq = (r->steps ? r->steps[q] : SLH_W - 1) + (r->prf != 0); */
        /*@ assert oc_q: kq == gkey[q]; */
        /*@ assert oc_room: at[kq] < at0[kq] + count[kq]; */
        order[at[(r->steps ? r->steps[q] : SLH_W - 1) + (r->prf != 0)]++] = (uint16_t)q;
    }
    /*@ assert oc_e: \forall integer k; 0 <= k <= SLH_W ==> at[k] == at0[k] + count[k]; */
    /*@ assert oc_y: at0[SLH_W] == 0 && at[0] == total &&
                     \forall integer k; 0 < k <= SLH_W ==> at[k] == at0[k - 1]; */
    /*@ ghost
      /@ loop invariant -1 <= k <= SLH_W;
         loop invariant oc_v: \forall integer j; 0 <= j < (k >= 0 ? at0[k] : total) ==> order[j] < total;
         loop assigns k;
         loop variant k + 1; @/
      for (int k = SLH_W; k >= 0; k--) {
          /@ assert oc_w: \forall integer j; at0[k] <= j < at[k] ==> order[j] < total; @/
      }
    */
}

/* Check the snapshot and the end of lane L's chain after an update of its value. Returns
 * 1 while the chain still needs hash calls. */
/* (ACSL) value's n bytes into the snapshot's n bytes when it is due, and into chain L->chain's
 * value (chain_val's address: stated by the callers, lane_start / lane_step) when the
 * chain has ended; each apart from value, the snapshot also from L and r (read after the copy).
 * The assigns name both through a char view, memcpy's own (wots_compress' note). */
/*@ requires \valid_read(r) && \valid(L) && 0 < len <= SLH_MAX_LEN && 0 < n <= SLH_MAX_N && L->chain < MAX_CHAINS;
    requires r->stride <= TLEN_BUF_MAX && \valid_read(value + (0 .. n - 1));
    requires L->snap != \null && L->done == L->snap_at ==>
             \valid(L->snap + (0 .. n - 1)) && \separated(L->snap + (0 .. n - 1), value + (0 .. n - 1)) &&
             \separated(L->snap + (0 .. n - 1), L) && \separated(L->snap + (0 .. n - 1), r);
    requires L->done >= L->steps ==>
             \valid(chain_at(r, n, len, L->chain) + (0 .. n - 1)) &&
             \separated(chain_at(r, n, len, L->chain) + (0 .. n - 1),
                        value + (0 .. n - 1));
    assigns *((char *)L->snap + (0 .. n - 1)),
            *((char *)chain_at(r, n, len, L->chain) + (0 .. n - 1));
    ensures \result == 0 || \result == 1; */
static inline int lane_check(const chain_run *r, size_t n, unsigned len, lane *L, const uint8_t *value)
{
    if (L->snap && L->done == L->snap_at) memcpy(L->snap, value, n);
    if (L->done < L->steps) return 1;
    memcpy(chain_val(r, n, len, L->chain), value, n);
    return 0;
}

/* (ACSL) the snapshot's slot i < len of n bytes within its len n, the size_t product exact, as a
 * ghost lemma function (slhdsa_internal.h's slh_offset_facts says why; len reaches 67, past its 64). */
/*@ ghost
  /@ requires i < len <= SLH_MAX_LEN && 0 < n <= SLH_MAX_N;
     assigns \nothing;
     ensures 0 <= i * n && i * n + n <= len * n <= SLH_MAX_LEN * SLH_MAX_N && (size_t)((size_t)i * n) == i * n; @/
  static void snap_slot(unsigned i, unsigned len, size_t n) { }
*/

/* Put chain q into lane L with block blk (PK.seed and padding already there). Returns 1 if
 * it needs hash calls, 0 if it was already complete. */
/* (ACSL, unit slhdsa_wots: proved in session 56, a slow pass; LS2 by the ghost gsl) chain q < MAX_CHAINS: its start and steps read at q
 * when given, the snapshot (its key pair's signature slot q % len, when r->snap is the leaf's: the key
 * pair compared as C does, modulo 2^32) and chain q's value (chain_val's address) as lane_check needs
 * them, apart from the block, L and r (r->snap itself apart from L and the block: L's stores come
 * before its reads); ADRS and the input (SK.seed for PRF, else chain q's value) into blk[n .. 2n + 31]
 * through memcpy's char view. LS1 / LS tie L->snap to the contract's slot (snap_slot: the product). */
/*@ requires slh_ctx_ok(c) && \valid_read(r) && \valid_read(r->adrs) && \valid(L) && q < MAX_CHAINS;
    requires r->stride <= TLEN_BUF_MAX;
    requires r->start == \null || \valid_read(r->start + q);
    requires r->steps == \null || \valid_read(r->steps + q);
    requires \valid(blk + (0 .. 2 * c->p->n + 31)) && \separated(blk + (0 .. 2 * c->p->n + 31), c, c->p, L, r, r->adrs);
    requires \separated(L, c, r);
    requires r->snap != \null ==> \separated(r->snap, L, blk + (0 .. 2 * c->p->n + 31));
    requires r->snap != \null ==> \valid_read(r->snap) && \valid_read(r->snap->digits + (q % c->p->len)) &&
             \valid((r->snap->sig + (q % c->p->len) * c->p->n) + (0 .. c->p->n - 1)) && \separated((r->snap->sig + (q % c->p->len) * c->p->n) + (0 .. c->p->n - 1), blk + (0 .. 2 * c->p->n + 31), L, r);
    requires \valid(chain_at(r, c->p->n, c->p->len, q) + (0 .. c->p->n - 1)) && \separated(chain_at(r, c->p->n, c->p->len, q) + (0 .. c->p->n - 1), blk + (0 .. 2 * c->p->n + 31));
    assigns *L, *((char *)blk + (c->p->n .. 2 * c->p->n + 31)),
            *((char *)(r->snap != \null && r->snap->kp == (uint32_t)(r->first + q / c->p->len) ? (r->snap->sig + (q % c->p->len) * c->p->n) : (uint8_t *)\null) + (0 .. c->p->n - 1)),
            *((char *)chain_at(r, c->p->n, c->p->len, q) + (0 .. c->p->n - 1));
    ensures \result == 0 || \result == 1;
    ensures L->chain == q; */
static int lane_start(slh_ctx *c, const chain_run *r, lane *L, uint8_t *blk, unsigned q)
{
    const size_t n = c->p->n;
    const unsigned len = c->p->len, i = q % len;
    /*@ ghost snap_slot(i, len, n); */
    /* (ACSL) gsl: the snapshot's slot as of Pre (the contract's assigns), a ghost local: LS2 then needs
     * only L->snap's frame, not that of r->snap, its kp and sig, r->first and c->p's fields */
    /*@ ghost uint8_t *gsl = r->snap != NULL && r->snap->kp == r->first + q / len ? r->snap->sig + (size_t)i * n : (uint8_t *)NULL; */
    /*@ assert LS0: gsl == \at(r->snap != \null && r->snap->kp == (uint32_t)(r->first + q / c->p->len) ?
                               r->snap->sig + (q % c->p->len) * c->p->n : (uint8_t *)\null, Pre); */
    slh_adrs a = *r->adrs;
    L->chain = q;
    L->start = r->start ? r->start[q] : 0;
    L->steps = r->steps ? r->steps[q] : SLH_W - 1;
    L->done = 0;
    L->snap = NULL;
    if (r->snap && r->snap->kp == r->first + q / len) {
        L->snap = r->snap->sig + (size_t)i * n;
        L->snap_at = r->snap->digits[i];
        /*@ assert LS1: L->snap == r->snap->sig + (q % len) * n; */
    }
    /*@ assert LS: L->snap == gsl; */
    adrs_set_type(&a, r->prf ? SLH_WOTS_PRF : SLH_WOTS_HASH);
    adrs_set_keypair(&a, r->first + q / len);
    adrs_set_chain(&a, i);
    adrs_set_hash(&a, r->prf ? 0 : L->start);
    memcpy(blk + n, a.b, 32);
    memcpy(blk + n + 32, r->prf ? c->sk_seed : chain_val(r, n, len, q), n);
    L->in_prf = r->prf != 0;
    if (L->in_prf) return 1;
    /*@ assert LS3: L->snap == gsl; */
    /*@ assert LS2: L->snap == (\at(r->snap != \null && r->snap->kp == (uint32_t)(r->first + q / c->p->len), Pre) ?
                                \at(r->snap->sig + (q % c->p->len) * c->p->n, Pre) : (uint8_t *)\null); */
    return lane_check(r, n, len, L, blk + n + 32);
}

/* After one hash of lane L's block (the output replaced the block's input): the next
 * address, then the snapshot / end checks. */
/* (ACSL, unit slhdsa_wots) the block's 2n + 32 bytes: its ADRS type word (bytes n + 16 .. n + 19,
 * the PRF call done) and hash address (n + 28 .. n + 31), then lane_check on the value at n + 32;
 * the snapshot (when set) and chain L->chain's value (chain_val's address) as lane_check needs
 * them at any step, apart from the block, L and r. */
/*@ requires slh_ctx_ok(c) && \valid_read(r) && \valid(L) && L->chain < MAX_CHAINS && r->stride <= TLEN_BUF_MAX;
    requires \valid(blk + (0 .. 2 * c->p->n + 31)) && \separated(blk + (0 .. 2 * c->p->n + 31), c, c->p, L, r);
    requires L->snap != \null ==> \valid(L->snap + (0 .. c->p->n - 1)) &&
             \separated(L->snap + (0 .. c->p->n - 1), blk + (0 .. 2 * c->p->n + 31), L, r);
    requires \valid(chain_at(r, c->p->n, c->p->len, L->chain) + (0 .. c->p->n - 1)) &&
             \separated(chain_at(r, c->p->n, c->p->len, L->chain) + (0 .. c->p->n - 1),
                        blk + (0 .. 2 * c->p->n + 31));
    assigns L->in_prf, L->done, blk[c->p->n + 16 .. c->p->n + 19], blk[c->p->n + 28 .. c->p->n + 31],
            *((char *)L->snap + (0 .. c->p->n - 1)),
            *((char *)chain_at(r, c->p->n, c->p->len, L->chain) + (0 .. c->p->n - 1));
    ensures \result == 0 || \result == 1; */
static inline int lane_step(slh_ctx *c, const chain_run *r, lane *L, uint8_t *blk)
{
    const size_t n = c->p->n;
    if (L->in_prf) { /* the secret value is in: the chain proper starts */
        L->in_prf = 0;
        slh_put32(blk + n + 16, SLH_WOTS_HASH);
    } else {
        L->done++;
    }
    slh_put32(blk + n + 28, L->start + L->done);
    return lane_check(r, n, c->p->len, L, blk + n + 32);
}

/* ---- chains on rows (interleaved batched states: slhdsa_internal.h) ---------------------- */

/* Lane i's value (the last output: rows 0 .. n/8 - 1 of S) to out. */
/*@ requires (n == 16 || n == 24 || n == 32) && i < w <= SLH_MAX_LANES;
    requires \valid_read(S + (0 .. SLH_ROWS * w - 1)) && \valid(out + (0 .. n - 1));
    assigns out[0 .. n - 1]; */
static void rows_get(const uint64_t *S, unsigned w, size_t n, unsigned i, uint8_t *out)
{
    /*@ loop invariant 0 <= k <= n / 8;
        loop assigns k, out[0 .. n - 1];
        loop variant n / 8 - k; */
    for (size_t k = 0; k < n / 8; k++) {
        //@ ghost slh_offset_facts(k, SLH_ROWS, w);
        slh_put_word(out + 8 * k, S[k * w + i]);
    }
}

/*
 * Verification on rows: the chains of one WOTS+ signature and the T_len compression of
 * their ends as one schedule (Algorithm 8). T_len is a sponge of several blocks (5, 10 or
 * 17), each of which needs the chains whose ends it absorbs; run after the chains it is
 * serial one-state work (5-17 x1 permutations per layer at about 3.6 times the x8 price of
 * a state). Here its blocks ride in lanes of the chains' batched calls: the sponge state is
 * kept as 25 words and, when its next block's chains have ended, goes into a free lane as
 * state ^ block for one call. The blocks left when the last chain ends (1-3) run on x1:
 * nothing is left to share a call with, and a lone lane in a batched call costs more.
 *
 * Every input of the schedule is public (the signature's digits), and it is all known up
 * front, so it is planned first (plan_verify: which job starts in which lane at which call)
 * and then run with no per-lane decisions in the loop of calls. The plan is list
 * scheduling by the longest path to the end: a chain's steps plus the T_len blocks from the
 * first one that needs it, so the chains of the first blocks end early and T_len follows
 * them while long chains still start first. A call with few busy lanes (the last chains)
 * runs on the narrower interleaved backend if there is one (avx512vl-x4 costs half an x8
 * call): the busy lanes' columns are gathered into its states and back. One layer takes
 * 0.97-0.99x the time of the longest-first scheduler with T_len after it on x1; T_len's
 * last blocks in lanes too, or no narrow backend, were slower (BENCHMARK_HISTORY.md,
 * "SLH-DSA verify, 2026-11-22").
 */
#define TLEN_WORDS_MAX (TLEN_BUF_MAX / 8)
#define ROWS_RATE (SLH_BLOCK / 8) /* 17 rows absorb a block */
#define TLEN_BLOCKS_MAX (TLEN_BUF_MAX / SLH_BLOCK)
#define VJOBS (SLH_MAX_LEN + TLEN_BLOCKS_MAX)
#define VCALLS (SLH_MAX_LEN * (SLH_W - 1) + TLEN_BLOCKS_MAX + 1) /* every step a call of its own */
#define VNONE 0xff

typedef struct vjob {
    uint16_t t;       /* the call it starts at */
    uint8_t lane, q;  /* q: chain, or len + block for a T_len block */
    uint8_t steps;    /* calls it lasts */
    uint8_t end_next; /* the next job that ends at the same call (VNONE: none) */
} vjob;

typedef struct vplan {
    vjob job[VJOBS];
    unsigned jobs, calls;
    unsigned x1_from;             /* T_len's blocks from this one on run after the calls, on x1 */
    uint8_t end_head[VCALLS + 1]; /* the first job ending at call t (VNONE: none) */
    int8_t busy_delta[VCALLS + 1]; /* lanes busy in call t - lanes busy in call t-1 */
} vplan;

/* (ACSL) chain q's nw words within T_len's (job_start, job_end; order_verify: its priority), as a
 * ghost lemma function (slhdsa_internal.h's slh_offset_facts says why; len = 16 nw + 3 is 67 for
 * n = 32, past that lemma's 64). Defined here, before order_verify, its first caller. */
/*@ ghost
  /@ requires 2 <= nw <= 4 && q < 16 * nw + 3;
     assigns \nothing;
     ensures 0 <= q * nw && q * nw + nw <= (16 * nw + 3) * nw <= 268; @/
  static void job_words(unsigned q, unsigned nw) { }
*/
/* The order chains are considered in: longest path to the end first (counting sort, stable
 * by index); chains of no steps are left out (their ends are the signature's values). */
/* (ACSL) ov_gt(a, k), the sum of a bucket array's entries above k, written out over the
 * w + TLEN_BLOCKS_MAX = 33 buckets (no recursion; as order_chains' oc_gt). */
/*@ logic integer ov_gt(unsigned a[33], integer k) =
      (0 > k ? a[0] : 0) + (1 > k ? a[1] : 0) + (2 > k ? a[2] : 0) + (3 > k ? a[3] : 0) +
      (4 > k ? a[4] : 0) + (5 > k ? a[5] : 0) + (6 > k ? a[6] : 0) + (7 > k ? a[7] : 0) +
      (8 > k ? a[8] : 0) + (9 > k ? a[9] : 0) + (10 > k ? a[10] : 0) + (11 > k ? a[11] : 0) +
      (12 > k ? a[12] : 0) + (13 > k ? a[13] : 0) + (14 > k ? a[14] : 0) + (15 > k ? a[15] : 0) +
      (16 > k ? a[16] : 0) + (17 > k ? a[17] : 0) + (18 > k ? a[18] : 0) + (19 > k ? a[19] : 0) +
      (20 > k ? a[20] : 0) + (21 > k ? a[21] : 0) + (22 > k ? a[22] : 0) + (23 > k ? a[23] : 0) +
      (24 > k ? a[24] : 0) + (25 > k ? a[25] : 0) + (26 > k ? a[26] : 0) + (27 > k ? a[27] : 0) +
      (28 > k ? a[28] : 0) + (29 > k ? a[29] : 0) + (30 > k ? a[30] : 0) + (31 > k ? a[31] : 0) +
      (32 > k ? a[32] : 0); */
/* (ACSL, unit slhdsa_wots) the chains' priorities 15 - d[q] + nblocks - (nw + 4 + q nw) / 17 index
 * count[] (nblocks: T_len's blocks, the block of chain len - 1's first word inside them); every
 * chain of steps (d[q] < 15) among the cnt <= len returned, each entry a chain q < len (plan_verify
 * needs both: a lane waits only once every chain is placed).
 * Proof (ghost arrays; no recursive logic function): loop 1 gives chain q its rank grank[q] among
 * the chains of its priority, the chain before it of that priority gprev[q] and the last one glast[k],
 * and keeps d[q] as gd[q]; loop 2 puts bucket k at at0[k] = ov_gt(count, k), each bucket before the
 * ones of lower priority (at0[k2] + count[k2] <= at0[k] for k < k2); loop 3 writes chain q at
 * gp[q] = at0[k] + grank[q] (at[k] - at0[k] is the rank of the next chain of priority k: at most
 * grank[q] by the ranks' order, at least by gprev's), noting gord[gp[q]] = q, so every bucket is
 * full at the end, the buckets tile [0, len) and order[j] == gord[j] < len for every j < len; loop 4
 * keeps order[j] == gord[j] for the places j not yet read and puts the chain read at place j, if it
 * has steps, at gk[j] < cnt. Facts that index one ghost array by another (gp, gord, gk) are stated
 * one way only where CVC4 could chain them without end. */
/*@ requires 2 <= nw <= 4 && len == 16 * nw + 3 && nblocks <= TLEN_BLOCKS_MAX;
    requires (nw + 4 + (len - 1) * nw) / ROWS_RATE < nblocks;
    requires \valid_read(d + (0 .. len - 1)) && \forall integer q; 0 <= q < len ==> d[q] < SLH_W;
    requires \valid(order + (0 .. len - 1)) && \separated(d + (0 .. len - 1), order + (0 .. len - 1));
    assigns order[0 .. len - 1];
    ensures \result <= len && \forall integer k; 0 <= k < \result ==> order[k] < len;
    ensures \forall integer q; 0 <= q < len && d[q] != SLH_W - 1 ==> \exists integer k; 0 <= k < \result && order[k] == q; */
static unsigned order_verify(unsigned len, unsigned nw, unsigned nblocks, const uint8_t *d, uint8_t *order)
{
    unsigned count[SLH_W + TLEN_BLOCKS_MAX] = {0}, at[SLH_W + TLEN_BLOCKS_MAX], prio[SLH_MAX_LEN], cnt = 0;
    /*@ ghost unsigned grank[SLH_MAX_LEN], gprev[SLH_MAX_LEN], glast[SLH_W + TLEN_BLOCKS_MAX], at0[SLH_W + TLEN_BLOCKS_MAX],
                       gd[SLH_MAX_LEN], gp[SLH_MAX_LEN], gord[SLH_MAX_LEN], gk[SLH_MAX_LEN]; */
    /*@ loop invariant 0 <= q <= len;
        loop invariant ov_k: \forall integer i; 0 <= i < q ==> 0 <= prio[i] < SLH_W + TLEN_BLOCKS_MAX;
        loop invariant ov_r: \forall integer i; 0 <= i < q ==> grank[i] < count[prio[i]];
        loop invariant ov_i: \forall integer i, j; 0 <= i < j < q && prio[i] == prio[j] ==> grank[i] < grank[j];
        loop invariant ov_l: \forall integer k; 0 <= k < SLH_W + TLEN_BLOCKS_MAX && count[k] > 0 ==>
                             glast[k] < q && prio[glast[k]] == k && grank[glast[k]] + 1 == count[k];
        loop invariant ov_v: \forall integer i; 0 <= i < q && grank[i] > 0 ==>
                             gprev[i] < i && prio[gprev[i]] == prio[i] && grank[gprev[i]] + 1 == grank[i];
        loop invariant ov_c: \forall integer k; 0 <= k < SLH_W + TLEN_BLOCKS_MAX ==> count[k] <= q;
        loop invariant ov_n: ov_gt(count, -1) == q;
        loop invariant ov_gd: \forall integer i; 0 <= i < q ==> gd[i] == \at(d[i], Pre);
        loop assigns q, count[0 .. SLH_W + TLEN_BLOCKS_MAX - 1], prio[0 .. SLH_MAX_LEN - 1], grank[0 .. SLH_MAX_LEN - 1],
                     gprev[0 .. SLH_MAX_LEN - 1], glast[0 .. SLH_W + TLEN_BLOCKS_MAX - 1], gd[0 .. SLH_MAX_LEN - 1];
        loop variant len - q; */
    for (unsigned q = 0; q < len; q++) {
        /*@ ghost job_words(q, nw); */
        /*@ assert ov_x: (nw + 4 + q * nw) / ROWS_RATE < nblocks; */
        prio[q] = SLH_W - 1 - d[q] + nblocks - (nw + 4 + q * nw) / ROWS_RATE;
        /*@ assert ov_x2: 0 < prio[q] < SLH_W + TLEN_BLOCKS_MAX; */
        /*@ ghost unsigned kq = prio[q], c0 = count[kq]; */
        count[prio[q]]++;
        /*@ assert ov_r1: count[kq] == c0 + 1; */
        /*@ assert ov_r2: \forall integer i; 0 <= i < q ==> grank[i] < count[prio[i]]; */
        /*@ ghost grank[q] = c0;
                  gprev[q] = glast[kq];
                  glast[kq] = q;
                  gd[q] = d[q]; */
    }
    unsigned pos = 0;
    /*@ loop invariant -1 <= p < SLH_W + TLEN_BLOCKS_MAX && pos == ov_gt(count, p);
        loop invariant ov_b: \forall integer k; p < k < SLH_W + TLEN_BLOCKS_MAX ==>
                             at[k] == at0[k] && at0[k] == ov_gt(count, k) && at0[k] + count[k] <= pos;
        loop invariant ov_o: \forall integer k, k2; p < k < k2 < SLH_W + TLEN_BLOCKS_MAX ==> at0[k2] + count[k2] <= at0[k];
        loop assigns p, pos, at[0 .. SLH_W + TLEN_BLOCKS_MAX - 1], at0[0 .. SLH_W + TLEN_BLOCKS_MAX - 1];
        loop variant p + 1; */
    for (int p = SLH_W + TLEN_BLOCKS_MAX - 1; p >= 0; p--) {
        at[p] = pos;
        /*@ ghost at0[p] = pos; */
        pos += count[p];
    }
    /*@ assert ov_z: pos == len && \forall integer k; 0 <= k < SLH_W + TLEN_BLOCKS_MAX ==> at0[k] + count[k] <= len; */
    /*@ ghost
      /@ loop invariant 0 <= j <= len && \forall integer i; 0 <= i < j ==> gord[i] == 255;
         loop assigns j, gord[0 .. SLH_MAX_LEN - 1];
         loop variant len - j; @/
      for (unsigned j = 0; j < len; j++) gord[j] = 255;
    */
    /*@ loop invariant 0 <= q <= len;
        loop invariant ov_a: \forall integer k; 0 <= k < SLH_W + TLEN_BLOCKS_MAX ==> at0[k] <= at[k] <= at0[k] + count[k];
        loop invariant ov_t: \forall integer i; q <= i < len ==> at[prio[i]] - at0[prio[i]] <= grank[i];
        loop invariant ov_u: \forall integer i; 0 <= i < q ==> grank[i] < at[prio[i]] - at0[prio[i]];
        loop invariant ov_f: \forall integer k, j; 0 <= k < SLH_W + TLEN_BLOCKS_MAX && at0[k] <= j < at[k] ==> gord[j] < q;
        loop invariant ov_m: \forall integer j; 0 <= j < len && gord[j] < len ==> order[j] == gord[j];
        loop invariant ov_p: \forall integer i; 0 <= i < q ==> at0[prio[i]] <= gp[i] < at[prio[i]] && gord[gp[i]] == i;
        loop assigns q, at[0 .. SLH_W + TLEN_BLOCKS_MAX - 1], order[0 .. len - 1], gp[0 .. SLH_MAX_LEN - 1],
                     gord[0 .. SLH_MAX_LEN - 1];
        loop variant len - q; */
    for (unsigned q = 0; q < len; q++) {
        /*@ ghost unsigned kq = prio[q]; */
        /*@ assert ov_lo: at[kq] - at0[kq] == grank[q] < count[kq]; */
        /*@ assert ov_fresh: \forall integer k, j; 0 <= k < SLH_W + TLEN_BLOCKS_MAX && at0[k] <= j < at[k] ==> j != at[kq]; */
        /*@ ghost gp[q] = at[kq];
                  gord[at[kq]] = q; */
        order[at[prio[q]]++] = (uint8_t)q;
    }
    /*@ assert ov_e: \forall integer k; 0 <= k < SLH_W + TLEN_BLOCKS_MAX ==> at[k] == at0[k] + count[k]; */
    /*@ assert ov_y: at[0] == len && \forall integer k; 0 < k < SLH_W + TLEN_BLOCKS_MAX ==> at[k] == at0[k - 1]; */
    /*@ assert ov_g: \forall integer i; 0 <= i < len ==> gp[i] < len && gord[gp[i]] == i; */
    /*@ ghost
      /@ loop invariant -1 <= k < SLH_W + TLEN_BLOCKS_MAX;
         loop invariant ov_w: \forall integer j; 0 <= j < (k >= 0 ? at0[k] : len) ==> gord[j] < len;
         loop assigns k;
         loop variant k + 1; @/
      for (int k = SLH_W + TLEN_BLOCKS_MAX - 1; k >= 0; k--) {
          /@ assert ov_w1: \forall integer j; at0[k] <= j < at[k] ==> gord[j] < len; @/
      }
    */
    /*@ assert ov_m2: \forall integer j; 0 <= j < len ==> gord[j] < len && order[j] == gord[j]; */
    /*@ loop invariant 0 <= cnt <= q <= len;
        loop invariant ov_c1: \forall integer k; 0 <= k < cnt ==> order[k] < len;
        loop invariant ov_c2: \forall integer j; q <= j < len ==> order[j] == gord[j];
        loop invariant ov_c4: \forall integer j; 0 <= j < q && gd[gord[j]] != SLH_W - 1 ==> gk[j] < cnt && order[gk[j]] == gord[j];
        loop assigns q, cnt, order[0 .. len - 1], gk[0 .. SLH_MAX_LEN - 1];
        loop variant len - q; */
    for (unsigned q = 0; q < len; q++) {
        /*@ assert ov_q: order[q] == gord[q] < len && d[order[q]] == gd[gord[q]]; */
        if (d[order[q]] != SLH_W - 1) {
            /*@ ghost gk[q] = cnt; */
            order[cnt++] = order[q];
            /*@ assert ov_q1: gk[q] < cnt && order[gk[q]] == gord[q]; */
        }
    }
    /*@ assert ov_end: \forall integer i; 0 <= i < len && gd[i] != SLH_W - 1 ==> gk[gp[i]] < cnt && order[gk[gp[i]]] == i; */
    return cnt;
}

/* (ACSL) the plan's jobs so far: each a chain or T_len block < lim, in a lane < w, ending by call B
 * (plan_verify's invariant jobs). A definition given as an axiom (no assumption added: the predicate
 * has no other), so that CVC4 sees it as an atom: plan_verify's invariant then follows from
 * plan_add's ensures by congruence on the bound (CVC4 339,531 -> 96,392 steps, session 47). */
/* (ACSL) the bound of the jobs' ends: the latest of the chains' ends l, the blocks' e and a new end c. */
/*@ logic integer plan_bound(integer l, integer e, integer c) = (c > l ? c : l) > e ? (c > l ? c : l) : e; */
/*@ axiomatic plan_jobs {
      predicate jobs_ok{L}(vplan *pl, integer lim, integer w, integer B) reads pl->jobs, pl->job[0 .. VJOBS - 1];
      axiom jobs_ok_def{L}: \forall vplan *pl, integer lim, w, B; jobs_ok(pl, lim, w, B) <==>
            \forall integer k; 0 <= k < pl->jobs ==> pl->job[k].q < lim && pl->job[k].lane < w &&
            pl->job[k].t + pl->job[k].steps <= B;
    } */
/* (ACSL) the plan's lists of the jobs ending at each call: every end_head[t] none (VNONE) or a job so
 * far, and each job's end_next none or a job placed before it (pk_from_sig_rows walks the lists; the
 * index falls along a list, so the walk ends). A definition given as an axiom, as jobs_ok (session 74). */
/*@ axiomatic plan_ends {
      predicate ends_ok{L}(vplan *pl) reads pl->jobs, pl->job[0 .. VJOBS - 1], pl->end_head[0 .. VCALLS];
      axiom ends_ok_def{L}: \forall vplan *pl; ends_ok(pl) <==>
            (\forall integer t; 0 <= t <= VCALLS ==> pl->end_head[t] == VNONE || pl->end_head[t] < pl->jobs) &&
            \forall integer k; 0 <= k < pl->jobs ==> pl->job[k].end_next == VNONE || pl->job[k].end_next < k;
    } */
/* (ACSL) job pl->jobs < VJOBS, starting at call t and lasting steps calls, t + steps <= VCALLS,
 * lane li and job q (chain or T_len block) < 256: one byte each. Since session 47 it also keeps
 * plan_verify's invariant jobs (the ghost w, len, nblocks; the jobs' bound before, plan_bound(L, E0, 0),
 * and after, plan_bound(L, E1, T1): the ends so far and the new job's, passed as plain values, since
 * a ghost ?: argument adds branches of ghost temporaries to plan_verify's loop and its Qed time): the
 * frame of its writes is proved here, in a small context, instead of in plan_verify's loop. */
/*@ requires \valid(pl) && pl->jobs < VJOBS && t + steps <= VCALLS && li < 256 && q < 256 && steps < 256;
    requires li < w && q < len + nblocks && plan_bound(L, E0, 0) <= plan_bound(L, E1, T1);
    requires add_end: t + steps <= plan_bound(L, E1, T1);
    requires jobs_ok(pl, len + nblocks, w, plan_bound(L, E0, 0));
    requires ends_ok(pl);
    assigns pl->job[pl->jobs], pl->jobs, pl->end_head[t + steps], pl->busy_delta[t], pl->busy_delta[t + steps];
    ensures pl->jobs == \old(pl->jobs) + 1;
    ensures pl->job[\old(pl->jobs)].t == t && pl->job[\old(pl->jobs)].lane == li &&
            pl->job[\old(pl->jobs)].q == q && pl->job[\old(pl->jobs)].steps == steps;
    ensures add_jobs: jobs_ok(pl, len + nblocks, w, plan_bound(L, E1, T1));
    ensures add_ends: ends_ok(pl); */
static void plan_add(vplan *pl, unsigned t, unsigned li, unsigned q, unsigned steps)
    /*@ ghost (unsigned w, unsigned len, unsigned nblocks, unsigned L, unsigned E0, unsigned E1, unsigned T1) */
{
    vjob *j = &pl->job[pl->jobs];
    j->t = (uint16_t)t;
    j->lane = (uint8_t)li;
    j->q = (uint8_t)q;
    j->steps = (uint8_t)steps;
    j->end_next = pl->end_head[t + steps];
    pl->end_head[t + steps] = (uint8_t)pl->jobs++;
    pl->busy_delta[t]++;
    pl->busy_delta[t + steps]--;
}

/* plan_verify's steps, each inlined where it is called, with its own contract: the proof of
 * plan_verify's loop then sees each of them as its contract only. */
#if defined(__GNUC__) || defined(__clang__)
#define VINLINE inline __attribute__((always_inline))
#else
#define VINLINE inline
#endif

/* The lane free first, lowest index on ties. */
/*@ requires 1 <= w <= SLH_MAX_LANES && \valid_read(free_at + (0 .. w - 1));
    assigns \nothing;
    ensures \result < w && \forall integer m; 0 <= m < w ==> free_at[\result] <= free_at[m]; */
static VINLINE unsigned lane_free_first(const unsigned *free_at, unsigned w)
{
    unsigned i = 0;
    /*@ loop invariant 1 <= k <= w && i < k && \forall integer m; 0 <= m < k ==> free_at[i] <= free_at[m];
        loop assigns k, i;
        loop variant w - k; */
    for (unsigned k = 1; k < w; k++)
        if (free_at[k] < free_at[i]) i = k;
    return i;
}

/* Chains 0 .. k.n - 1 are placed, ending by call k.end: k.n moves past the chains placed since. */
typedef struct vknown {
    unsigned n, end;
} vknown;

/* (ACSL) the ghost W bounds every chain's end (plan_verify's calls placed so far), so k.end too;
 * the scan stops at len or at a chain not placed. */
/*@ requires k.n <= len <= SLH_MAX_LEN && \valid_read(placed + (0 .. len - 1)) && \valid_read(end + (0 .. len - 1));
    requires \forall integer q; 0 <= q < k.n ==> placed[q] != 0;
    requires k.end <= W && \forall integer q; 0 <= q < len ==> end[q] <= W;
    assigns \nothing;
    ensures k.n <= \result.n <= len && \result.end <= W;
    ensures \forall integer q; 0 <= q < \result.n ==> placed[q] != 0;
    ensures \result.n < len ==> placed[\result.n] == 0; */
static VINLINE vknown known_scan(vknown k, unsigned len, const uint8_t *placed,
                                 const unsigned *end) /*@ ghost (unsigned W) */
{
    /*@ loop invariant \at(k.n, Pre) <= k.n <= len && k.end <= W && \forall integer q; 0 <= q < k.n ==> placed[q] != 0;
        loop assigns k;
        loop variant len - k.n; */
    while (k.n < len && placed[k.n]) {
        if (end[k.n] > k.end) k.end = end[k.n];
        k.n++;
    }
    return k;
}

/* The call T_len's block b can start at: its chains (those up to the last one starting inside
 * it) and block b - 1 done; ~0u while one of them is not placed yet. */
/*@ requires known <= len && known_end <= VCALLS && block_end <= VCALLS;
    assigns \nothing;
    ensures \result == 4294967295 || (block_end <= \result && (\result == known_end || \result == block_end));
    ensures known == len ==> \result != 4294967295; */
static VINLINE unsigned block_ready(unsigned known, unsigned known_end, unsigned block_end,
                                   unsigned len, unsigned nw, unsigned b)
{
    const int all_in = known == len || nw + 4 + known * nw >= ROWS_RATE * (b + 1);
    return all_in ? (known_end > block_end ? known_end : block_end) : ~0u;
}

/* Greedy list scheduling on w lanes: the lane free first (lowest index on ties) takes T_len's
 * next block if every chain it absorbs has ended by then and the block before it is done,
 * else the next chain of `order`, else waits for the block. Once no chain is left to run
 * beside it, the rest of T_len is left to x1 (x1_from). */
/* (ACSL) every job a chain q < len or T_len's block len + b, b < nblocks <= 17, in a lane < w, ending
 * by the plan's calls <= VCALLS (the ghost W: the calls of the jobs placed so far, which bounds every
 * lane's free call: t + steps <= 15 len + nblocks <= 1022); at most VJOBS jobs. A lane waits only
 * once every chain is placed (order_verify's ensures: each chain of steps is in order[0 .. cnt - 1]),
 * so the call it waits for is known. Not proved: that the loop ends (partial correctness). */
/*@ requires \valid(pl) && 1 <= w <= SLH_MAX_LANES && 2 <= nw <= 4 && len == 16 * nw + 3;
    requires 1 <= nblocks <= TLEN_BLOCKS_MAX && (nw + 4 + (len - 1) * nw) / ROWS_RATE < nblocks;
    requires \valid_read(d + (0 .. len - 1)) && \forall integer q; 0 <= q < len ==> d[q] < SLH_W;
    requires \separated(pl, d + (0 .. len - 1));
    assigns *pl;
    ensures pl->jobs <= VJOBS && pl->calls <= VCALLS && pl->x1_from <= nblocks &&
            \forall integer k; 0 <= k < pl->jobs ==> pl->job[k].q < len + nblocks && pl->job[k].lane < w &&
            pl->job[k].t + pl->job[k].steps <= pl->calls;
    ensures end_head: \forall integer t; 0 <= t <= VCALLS ==> pl->end_head[t] == VNONE || pl->end_head[t] < pl->jobs;
    ensures end_next: \forall integer k; 0 <= k < pl->jobs ==> pl->job[k].end_next == VNONE || pl->job[k].end_next < k; */
static void plan_verify(vplan *pl, unsigned w, unsigned len, unsigned nw, unsigned nblocks, const uint8_t *d)
{
    uint8_t order[SLH_MAX_LEN], placed[SLH_MAX_LEN];
    unsigned free_at[SLH_MAX_LANES] = {0}, end[SLH_MAX_LEN], block_end = 0;
    vknown kn = {0, 0};
    const unsigned cnt = order_verify(len, nw, nblocks, d, order);
    /*@ loop invariant 0 <= k <= VCALLS + 1 && \forall integer m; 0 <= m < k ==> pl->end_head[m] == VNONE;
        loop assigns k, pl->end_head[0 .. VCALLS];
        loop variant VCALLS + 1 - k; */
    for (unsigned k = 0; k <= VCALLS; k++) pl->end_head[k] = VNONE; /* no memset: WP's char view of 0xff is -1 */
    memset(pl->busy_delta, 0, sizeof pl->busy_delta);
    pl->jobs = 0;
    /*@ loop invariant 0 <= q <= len;
        loop invariant \forall integer k; 0 <= k < q ==> end[k] == 0 && (\at(d[k], Pre) == SLH_W - 1 ==> placed[k] != 0);
        loop assigns q, placed[0 .. len - 1], end[0 .. len - 1];
        loop variant len - q; */
    for (unsigned q = 0; q < len; q++) {
        placed[q] = d[q] == SLH_W - 1;
        end[q] = 0;
    }
    unsigned last_end = 0;
    pl->x1_from = nblocks;
    //@ ghost unsigned W = 0;
    /*@ loop invariant bounds: 0 <= next <= cnt && 0 <= b <= nblocks && kn.n <= len && pl->jobs == next + b &&
                       pl->x1_from == nblocks && W <= 15 * next + b && kn.end <= W && block_end <= W && last_end <= W &&
                       (\forall integer k; 0 <= k < SLH_MAX_LANES ==> free_at[k] <= W) &&
                       \forall integer q; 0 <= q < len ==> end[q] <= W;
        loop invariant placed_known: \forall integer q; 0 <= q < kn.n ==> placed[q] != 0;
        loop invariant placed_done: \forall integer q; 0 <= q < len && \at(d[q], Pre) == SLH_W - 1 ==> placed[q] != 0;
        loop invariant placed_order: \forall integer k; 0 <= k < next ==> placed[order[k]] != 0;
        loop invariant jobs: jobs_ok(pl, len + nblocks, w, last_end > block_end ? last_end : block_end);
        loop invariant ends: ends_ok(pl);
        loop assigns next, b, kn, block_end, last_end, W, free_at[0 .. SLH_MAX_LANES - 1],
                     end[0 .. len - 1], placed[0 .. len - 1], pl->job[0 .. VJOBS - 1], pl->jobs,
                     pl->end_head[0 .. VCALLS], pl->busy_delta[0 .. VCALLS], pl->x1_from; */
    for (unsigned next = 0, b = 0; b < nblocks;) {
        const unsigned i = lane_free_first(free_at, w), t = free_at[i];
        /* chains 0 .. kn.n - 1 are placed, ending by kn.end; block b needs those up to the
         * last one starting inside it */
        kn = known_scan(kn, len, placed, end) /*@ ghost (W) */;
        const unsigned ready = block_ready(kn.n, kn.end, block_end, len, nw, b);
        if (next == cnt && (ready <= t ? t : ready) >= last_end) {
            /* the chains are done: the rest of T_len is serial one-state work */
            pl->x1_from = b;
            if (last_end > block_end) block_end = last_end;
            break;
        }
        if (ready <= t) {
            //@ assert ready: block_end <= ready;
            plan_add(pl, t, i, len + b, 1) /*@ ghost (w, len, nblocks, last_end, block_end, t + 1, 0) */;
            free_at[i] = block_end = t + 1;
            b++;
            //@ ghost W++;
        } else if (next < cnt) {
            //@ ghost unsigned n0 = next;
            const unsigned q = order[next++], s = SLH_W - 1 - d[q];
            //@ assert order_q: next == n0 + 1 && q == order[n0];
            plan_add(pl, t, i, q, s) /*@ ghost (w, len, nblocks, last_end, block_end, block_end, t + s) */;
            free_at[i] = end[q] = t + s;
            placed[q] = 1;
            //@ assert order_placed: \forall integer k; 0 <= k < n0 + 1 ==> placed[order[k]] != 0;
            if (end[q] > last_end) last_end = end[q];
            //@ ghost W += s;
        } else {
            //@ assert placed: \forall integer q; 0 <= q < len ==> placed[q] != 0;
            //@ assert known: kn.n == len && ready <= W;
            free_at[i] = ready; /* all chains placed: ready is known */
        }
    }
    pl->calls = block_end > last_end ? block_end : last_end;
}

typedef struct vrun {
    unsigned w, nw, len;
    uint64_t *S, *T;           /* the states (c->scratch) and the lanes' template */
    const uint64_t *F;         /* F's template (c->tmpl[0]), to give a lane back after T_len */
    uint64_t msg[TLEN_WORDS_MAX]; /* T_len's padded input as words: chain ends as they come */
    uint64_t sponge[SLH_ROWS]; /* T_len's state between its blocks */
    uint8_t restore[SLH_MAX_LANES]; /* the lane's template column last held a T_len block */
    _Alignas(64) uint64_t N[SLH_ROWS * SLH_MAX_LANES]; /* the narrow backend's states */
} vrun;

/* Job j starts: a chain's ADRS word (chain address q, its first hash address) into the
 * template and its signature value into the rows the call moves to the input; or T_len's
 * block: template column = sponge ^ block, the moved rows the same words. */
/* (ACSL) the lane < w <= 16 of the states' 25 rows; a chain q < len = 16 nw + 3 reads its nw
 * words of the signature and its hash address d[q]; a T_len block q - len < TLEN_BLOCKS_MAX its
 * 17 words of T_len's input, msg + 17 (q - len) (the plan's jobs: q < len + nblocks). */
/*@ requires \valid(v) && \valid_read(j) && j->lane < v->w <= SLH_MAX_LANES;
    requires 2 <= v->nw <= 4 && v->len == 16 * v->nw + 3 && j->q < v->len + TLEN_BLOCKS_MAX;
    requires \valid(v->S + (0 .. SLH_ROWS * v->w - 1)) && \valid(v->T + (0 .. SLH_ROWS * v->w - 1));
    requires \valid_read(v->F + (0 .. SLH_ROWS * v->w - 1)) && \valid_read(adrs3 + (0 .. 2));
    requires \valid_read(d + (0 .. v->len - 1)) && \valid_read(sig + (0 .. v->len * v->nw * 8 - 1));
    requires \separated(v, j) && \separated(v, v->S + (0 .. SLH_ROWS * v->w - 1)) &&
             \separated(v, v->T + (0 .. SLH_ROWS * v->w - 1)) && \separated(j, v->S + (0 .. SLH_ROWS * v->w - 1)) &&
             \separated(j, v->T + (0 .. SLH_ROWS * v->w - 1));
    assigns v->T[0 .. SLH_ROWS * v->w - 1], v->S[0 .. SLH_ROWS * v->w - 1], v->restore[0 .. SLH_MAX_LANES - 1]; */
static void job_start(vrun *v, const vjob *j, const uint64_t *adrs3, const uint8_t *sig, const uint8_t *d)
{
    const unsigned w = v->w, i = j->lane, ar = SLH_ROW_ADRS(v->nw * 8), in_row = SLH_ROW_IN(v->nw * 8);
    //@ assert rows: ar == v->nw && in_row == v->nw + 4 && in_row + v->nw <= 12;
    if (j->q >= v->len) {
        const uint64_t *blk = v->msg + (size_t)ROWS_RATE * (j->q - v->len);
        //@ assert blk: 0 <= ROWS_RATE * (j->q - v->len) && ROWS_RATE * (j->q - v->len) + ROWS_RATE <= TLEN_WORDS_MAX;
        /*@ loop invariant 0 <= r <= ROWS_RATE;
            loop assigns r, v->T[0 .. SLH_ROWS * w - 1];
            loop variant ROWS_RATE - r; */
        for (unsigned r = 0; r < ROWS_RATE; r++) {
            //@ ghost slh_offset_facts(r, SLH_ROWS, w);
            v->T[r * w + i] = v->sponge[r] ^ blk[r];
        }
        /*@ loop invariant ROWS_RATE <= r <= SLH_ROWS;
            loop assigns r, v->T[0 .. SLH_ROWS * w - 1];
            loop variant SLH_ROWS - r; */
        for (unsigned r = ROWS_RATE; r < SLH_ROWS; r++) {
            //@ ghost slh_offset_facts(r, SLH_ROWS, w);
            v->T[r * w + i] = v->sponge[r];
        }
        /*@ loop invariant 0 <= k <= v->nw;
            loop assigns k, v->S[0 .. SLH_ROWS * w - 1];
            loop variant v->nw - k; */
        for (unsigned k = 0; k < v->nw; k++) {
            //@ ghost slh_offset_facts(k, SLH_ROWS, w);
            //@ ghost slh_offset_facts(in_row + k, SLH_ROWS, w);
            v->S[k * w + i] = v->T[(in_row + k) * w + i];
        }
        v->restore[i] = 1;
        return;
    }
    if (v->restore[i]) {
        /*@ loop invariant 0 <= r <= SLH_ROWS;
            loop assigns r, v->T[0 .. SLH_ROWS * w - 1];
            loop variant SLH_ROWS - r; */
        for (unsigned r = 0; r < SLH_ROWS; r++) {
            //@ ghost slh_offset_facts(r, SLH_ROWS, w);
            v->T[r * w + i] = v->F[r * w + i];
        }
        /*@ loop invariant 0 <= k <= 3;
            loop assigns k, v->T[0 .. SLH_ROWS * w - 1];
            loop variant 3 - k; */
        for (unsigned k = 0; k < 3; k++) {
            //@ ghost slh_offset_facts(ar + k, SLH_ROWS, w);
            v->T[(ar + k) * w + i] = adrs3[k];
        }
        v->restore[i] = 0;
    }
    /* ADRS bytes 24-31 as a little-endian word: chain address q big endian (its low byte,
     * byte 27, is bits 24-31; q < 256), then hash address d[q] */
    //@ ghost slh_offset_facts(ar + 3, SLH_ROWS, w);
    v->T[(ar + 3) * w + i] = slh_word_with_hash((uint64_t)j->q << 24, d[j->q]);
    //@ ghost job_words(j->q, v->nw);
    //@ assert lw: j->q * v->nw + v->nw <= v->len * v->nw <= 268;
    /*@ loop invariant 0 <= k <= v->nw;
        loop assigns k, v->S[0 .. SLH_ROWS * w - 1];
        loop variant v->nw - k; */
    for (unsigned k = 0; k < v->nw; k++) {
        //@ ghost slh_offset_facts(k, SLH_ROWS, w);
        v->S[k * w + i] = slh_word(sig + (size_t)(j->q * v->nw + k) * 8);
    }
}

/* Job j has ended (its last call was the one before): the chain's end into T_len's input,
 * or the sponge state out of the lane. */
/* (ACSL) the lane < w <= 16 of the states' 25 rows; a chain q < len = 16 nw + 3 (len = 2n + 3)
 * puts its nw words at nw + 4 + q nw within T_len's words; a T_len block (q >= len) the state. */
/*@ requires \valid(v) && \valid_read(j) && j->lane < v->w <= SLH_MAX_LANES;
    requires 2 <= v->nw <= 4 && v->len == 16 * v->nw + 3;
    requires \valid_read(v->S + (0 .. SLH_ROWS * v->w - 1));
    requires \separated(v, v->S + (0 .. SLH_ROWS * v->w - 1)) && \separated(v, j);
    assigns v->sponge[0 .. SLH_ROWS - 1], v->msg[0 .. TLEN_WORDS_MAX - 1]; */
static void job_end(vrun *v, const vjob *j)
{
    const unsigned w = v->w, i = j->lane;
    if (j->q >= v->len)
        /*@ loop invariant 0 <= r <= SLH_ROWS;
            loop assigns r, v->sponge[0 .. SLH_ROWS - 1];
            loop variant SLH_ROWS - r; */
        for (unsigned r = 0; r < SLH_ROWS; r++) {
            //@ ghost slh_offset_facts(r, SLH_ROWS, w);
            v->sponge[r] = v->S[r * w + i];
        }
    else
        /*@ loop invariant 0 <= k <= v->nw;
            loop assigns k, v->msg[0 .. TLEN_WORDS_MAX - 1];
            loop variant v->nw - k; */
        for (unsigned k = 0; k < v->nw; k++) {
            //@ ghost slh_offset_facts(k, SLH_ROWS, w);
            //@ ghost job_words(j->q, v->nw);
            v->msg[v->nw + 4 + j->q * v->nw + k] = v->S[k * w + i];
        }
}

/* One call through the narrow interleaved backend nb on the lanes busy at call t: each
 * column gathered as permute_from would build it, permuted, put back. */
/* (ACSL, unit slhdsa_wots) the m <= w busy lanes' columns of the states' and the template's 25 rows
 * (w <= 16 lanes) into columns 0 .. m - 1 of N's 25 rows of nb->n <= 16 words, and back; every index
 * within N's 25 x 16 words (that m <= nb->n, the caller's check of its busy count, is not stated);
 * nb's permute through keccak_backend.h's word-view stand-in kf_spec_xn_permute_words (`calls`,
 * assumed, as the unit slhdsa_hash's kf_slh_rows_permute): N's first 25 nb->n words. */
/*@ requires \valid(v) && 1 <= v->w <= SLH_MAX_LANES && 2 <= v->nw <= 4;
    requires \valid_read(nb) && 1 <= nb->n <= SLH_MAX_LANES && \separated(nb, v);
    requires \valid_read(until + (0 .. v->w - 1));
    requires \valid(v->S + (0 .. SLH_ROWS * v->w - 1)) && \valid_read(v->T + (0 .. SLH_ROWS * v->w - 1));
    requires \separated(v, v->S + (0 .. SLH_ROWS * v->w - 1), v->T + (0 .. SLH_ROWS * v->w - 1));
    requires \separated(nb, v->S + (0 .. SLH_ROWS * v->w - 1));
    assigns v->N[0 .. SLH_ROWS * SLH_MAX_LANES - 1], v->S[0 .. SLH_ROWS * v->w - 1], kf_spec_xn_table; */
static void narrow_call(vrun *v, const kf_backend_xn *nb, const uint16_t *until, unsigned t)
{
    const unsigned w = v->w, nn = nb->n, in_row = SLH_ROW_IN(v->nw * 8);
    unsigned busy_lane[SLH_MAX_LANES], m = 0;
    /*@ loop invariant 0 <= i <= w && m <= i && \forall integer j; 0 <= j < m ==> busy_lane[j] < w;
        loop assigns i, m, busy_lane[0 .. SLH_MAX_LANES - 1];
        loop variant w - i; */
    for (unsigned i = 0; i < w; i++)
        if (until[i] > t) busy_lane[m++] = i;
    /*@ loop invariant 0 <= j <= m;
        loop assigns j, v->N[0 .. SLH_ROWS * SLH_MAX_LANES - 1];
        loop variant m - j; */
    for (unsigned j = 0; j < m; j++) {
        /*@ loop invariant 0 <= r <= SLH_ROWS;
            loop assigns r, v->N[0 .. SLH_ROWS * SLH_MAX_LANES - 1];
            loop variant SLH_ROWS - r; */
        for (unsigned r = 0; r < SLH_ROWS; r++) {
            //@ ghost slh_offset_facts(r, SLH_ROWS, nn);
            //@ ghost slh_offset_facts(r, SLH_ROWS, w);
            v->N[r * nn + j] = v->T[r * w + busy_lane[j]];
        }
        /*@ loop invariant 0 <= k <= v->nw;
            loop assigns k, v->N[0 .. SLH_ROWS * SLH_MAX_LANES - 1];
            loop variant v->nw - k; */
        for (unsigned k = 0; k < v->nw; k++) {
            //@ ghost slh_offset_facts(in_row + k, SLH_ROWS, nn);
            //@ ghost slh_offset_facts(k, SLH_ROWS, w);
            v->N[(in_row + k) * nn + j] = v->S[k * w + busy_lane[j]];
        }
    }
    //@ ghost kf_spec_xn_table = nb;
    /*@ calls kf_spec_xn_permute_words; */
    nb->permute(v->N, 24);
    /*@ loop invariant 0 <= j <= m;
        loop assigns j, v->S[0 .. SLH_ROWS * w - 1];
        loop variant m - j; */
    for (unsigned j = 0; j < m; j++)
        /*@ loop invariant 0 <= r <= SLH_ROWS;
            loop assigns r, v->S[0 .. SLH_ROWS * w - 1];
            loop variant SLH_ROWS - r; */
        for (unsigned r = 0; r < SLH_ROWS; r++) {
            //@ ghost slh_offset_facts(r, SLH_ROWS, nn);
            //@ ghost slh_offset_facts(r, SLH_ROWS, w);
            v->S[r * w + busy_lane[j]] = v->N[r * nn + j];
        }
}

/* Every lane's next hash address: ADRS byte 31, the top byte of word 3 (hash addresses stay
 * below 16, so there is no carry). Lanes without a chain do not care: their word is
 * rewritten before a chain uses it. (Written as one AVX-512 store instead, in case eight
 * 8-byte stores right before the call's vector load of the row stalled it: no difference
 * measured.) */
/*@ requires \valid(row + (0 .. w - 1));
    assigns row[0 .. w - 1]; */
static void next_hash_addresses(uint64_t *row, unsigned w)
{
    /*@ loop invariant 0 <= i <= w;
        loop assigns i, row[0 .. w - 1];
        loop variant w - i; */
    for (unsigned i = 0; i < w; i++) row[i] += (uint64_t)1 << 56;
}

/* T_len's blocks first .. nblocks-1 on the x1 backend, from the sponge state in v, and the
 * n-byte result into pk: after the chains there is nothing to share a batched call with. */
/* (ACSL, unit slhdsa_wots) blocks first .. nblocks - 1 <= TLEN_BLOCKS_MAX of T_len's words, 17 each
 * within TLEN_WORDS_MAX, the state in c->scratch, nw 8 = n bytes out; the x1 table's operations through
 * keccak_backend.h's kf_spec_* (`calls`, assumed, as the unit slhdsa_hash's hash_x1). */
/*@ requires slh_ctx_ok(c) && slh_ctx_x1(c) && \valid_read(v) && \separated(v, c) && 2 <= v->nw <= 4;
    requires first <= nblocks <= TLEN_BLOCKS_MAX;
    requires \valid(pk + (0 .. v->nw * 8 - 1)) && \separated(pk + (0 .. v->nw * 8 - 1), c, c->x1, v);
    assigns c->perms, c->scratch[0 .. SLH_XN_STATE_MAX - 1], pk[0 .. v->nw * 8 - 1]; */
static void tlen_tail_x1(slh_ctx *c, const vrun *v, unsigned first, unsigned nblocks, uint8_t *pk)
{
    const kf_backend *x1 = c->x1;
    uint8_t bytes[SLH_ROWS * 8];
    void *st = c->scratch; /* the batched states are done with */
    c->perms += nblocks - first;
    /*@ loop invariant 0 <= r <= SLH_ROWS;
        loop assigns r, bytes[0 .. SLH_ROWS * 8 - 1];
        loop variant SLH_ROWS - r; */
    for (unsigned r = 0; r < SLH_ROWS; r++) slh_put_word(bytes + 8 * r, v->sponge[r]);
    /*@ calls kf_spec_init; */
    x1->init(st);
    /*@ calls kf_spec_overwrite_bytes; */
    x1->overwrite_bytes(st, bytes, 0, sizeof bytes);
    /*@ loop invariant first <= b <= nblocks;
        loop assigns b, bytes[0 .. SLH_ROWS * 8 - 1], c->scratch[0 .. SLH_XN_STATE_MAX - 1];
        loop variant nblocks - b; */
    for (unsigned b = first; b < nblocks; b++) {
        /*@ loop invariant 0 <= r <= ROWS_RATE;
            loop assigns r, bytes[0 .. SLH_ROWS * 8 - 1];
            loop variant ROWS_RATE - r; */
        for (unsigned r = 0; r < ROWS_RATE; r++) slh_put_word(bytes + 8 * r, v->msg[(size_t)ROWS_RATE * b + r]);
        /*@ calls kf_spec_add_bytes; */
        x1->add_bytes(st, bytes, 0, SLH_BLOCK);
        /*@ calls kf_spec_permute; */
        x1->permute(st, 24);
    }
    /*@ calls kf_spec_extract_bytes; */
    x1->extract_bytes(st, pk, 0, v->nw * 8);
}

/* Algorithm 8 on rows: the WOTS+ public key sig claims for the digits d, into pk. adrs: the
 * key pair's WOTS_HASH address. */
/* (ACSL, unit slhdsa_wots: taken by this contract, its body "pending"; the rows' backends
 * not stated, as run_chains') */
/*@ requires slh_ctx_ok(c) && c->rows != 0 && \valid_read(adrs);
    requires \valid_read(sig + (0 .. c->p->len * c->p->n - 1));
    requires \valid_read(d + (0 .. c->p->len - 1)) && \forall integer i; 0 <= i < c->p->len ==> d[i] < SLH_W;
    requires \valid(pk + (0 .. c->p->n - 1)) && \separated(c, c->p, pk + (0 .. c->p->n - 1));
    assigns *c, pk[0 .. c->p->n - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c);
    ensures rows_bk: \at(slh_ctx_bk(c), Old) ==> slh_ctx_bk(c); */
static void pk_from_sig_rows(slh_ctx *c, const uint8_t *sig, const uint8_t *d, const slh_adrs *adrs, uint8_t *pk)
{
    const kf_backend_xn *xn = c->xn, *nb = c->xn_rest[2 < c->width ? 2 : 0];
    const size_t n = c->p->n;
    const unsigned w = xn->n, nw = (unsigned)(n / 8), len = c->p->len, ar = SLH_ROW_ADRS(n);
    _Alignas(64) uint64_t T[SLH_ROWS * SLH_MAX_LANES];
    vplan pl;
    vrun v;
    uint64_t adrs3[3];
    uint16_t until[SLH_MAX_LANES] = {0};
    v.w = w;
    v.nw = nw;
    v.len = len;
    v.S = (uint64_t *)(void *)c->scratch;
    v.T = T;
    v.F = c->tmpl[0];
    memset(v.restore, 0, sizeof v.restore);
    /* the narrow backend: the interleaved one kf_backend_xn_for picks for a few lanes */
    if (!nb || !nb->interleaved || nb->n >= w || nb->state_bytes > sizeof v.N) nb = NULL;
    if (nb) memset(v.N, 0, nb->state_bytes); /* idle lanes of a narrow call permute zeros */
    for (unsigned k = 0; k < 3; k++) adrs3[k] = slh_word(adrs->b + 8 * k);
    memcpy(T, c->tmpl[0], (size_t)SLH_ROWS * w * sizeof T[0]);
    for (unsigned i = 0; i < w; i++)
        for (unsigned k = 0; k < 3; k++) T[(ar + k) * w + i] = adrs3[k];
    /* T_len's input: PK.seed || ADRS (WOTS_PK) || the chain ends || padding */
    slh_adrs pa = *adrs;
    adrs_set_type(&pa, SLH_WOTS_PK);
    adrs_set_keypair(&pa, adrs_get_keypair(adrs));
    const size_t words = nw + 4 + (size_t)len * nw;
    const unsigned nblocks = (unsigned)(SLH_PADDED(words * 8) / SLH_BLOCK);
    memset(v.msg, 0, (size_t)ROWS_RATE * nblocks * sizeof v.msg[0]);
    memset(v.sponge, 0, sizeof v.sponge);
    for (unsigned k = 0; k < nw; k++) v.msg[k] = slh_word(c->pk_seed + 8 * k);
    for (unsigned k = 0; k < 4; k++) v.msg[nw + k] = slh_word(pa.b + 8 * k);
    for (unsigned q = 0; q < len; q++) /* chains of no steps end where they start */
        if (d[q] == SLH_W - 1)
            for (unsigned k = 0; k < nw; k++) v.msg[nw + 4 + q * nw + k] = slh_word(sig + (size_t)(q * nw + k) * 8);
    v.msg[words] = 0x1F; /* SHAKE256's suffix, zeros, the final pad bit */
    v.msg[(size_t)ROWS_RATE * nblocks - 1] |= (uint64_t)0x80 << 56;
    plan_verify(&pl, w, len, nw, nblocks, d);
    int busy = 0;
    for (unsigned t = 0, j = 0; t < pl.calls; t++) {
        busy += pl.busy_delta[t];
        for (unsigned e = pl.end_head[t]; e != VNONE; e = pl.job[e].end_next) job_end(&v, &pl.job[e]);
        for (; j < pl.jobs && pl.job[j].t == t; j++) {
            job_start(&v, &pl.job[j], adrs3, sig, d);
            until[pl.job[j].lane] = (uint16_t)(t + pl.job[j].steps);
        }
        if (nb && busy <= (int)nb->n) narrow_call(&v, nb, until, t);
        else kf_slh_rows_permute(xn, v.S, T, SLH_ROW_IN(n), 0, nw);
        next_hash_addresses(T + (ar + 3) * w, w);
    }
    for (unsigned e = pl.end_head[pl.calls]; e != VNONE; e = pl.job[e].end_next) job_end(&v, &pl.job[e]);
    for (unsigned j = 0; j < pl.jobs; j++) c->perms += pl.job[j].steps;
    tlen_tail_x1(c, &v, pl.x1_from, nblocks, pk); /* at least the last block: it needs every chain */
}

/* Key generation's chains (r->prf, every chain w - 1 steps from 0) on rows, w chains at a
 * time from start to end: chain ci of w consecutive leaves, so every lane makes the same
 * calls and nothing is scheduled per lane. Per permutation only the hash address changes
 * (the same word for all lanes when they share the chain address), and the snapshot of
 * the signing leaf's chain is read at its step. */
static void run_chains_lockstep(slh_ctx *c, const chain_run *r)
{
    const kf_backend_xn *xn = c->xn;
    const size_t n = c->p->n, nw = n / 8;
    const unsigned len = c->p->len, total = r->leaves * len, w = xn->n;
    const size_t in_row = SLH_ROW_IN(n), a_row = SLH_ROW_ADRS(n);
    uint64_t *S = (uint64_t *)(void *)c->scratch;
    uint64_t *T = c->tmpl[0]; /* F's template: PK.seed, padding; ADRS rows ours */
    uint64_t type_hash[SLH_MAX_LANES], chain_word[SLH_MAX_LANES];
    unsigned q[SLH_MAX_LANES];
    for (unsigned g = 0; g < total; g += w) {
        const unsigned m = total - g < w ? total - g : w;
        int snap_lane = -1;
        uint32_t snap_at = 0;
        for (unsigned i = 0; i < w; i++) {
            const unsigned o = g + (i < m ? i : m - 1); /* idle lanes repeat the last chain */
            const unsigned l = o % r->leaves, ci = o / r->leaves;
            slh_adrs a = *r->adrs;
            q[i] = l * len + ci;
            adrs_set_type(&a, SLH_WOTS_PRF);
            adrs_set_keypair(&a, r->first + l);
            adrs_set_chain(&a, ci);
            slh_rows_put_adrs(T, w, n, i, &a);
            slh_put32(a.b + 16, SLH_WOTS_HASH); /* the type, keeping key pair and chain */
            type_hash[i] = slh_word(a.b + 16);
            chain_word[i] = slh_word(a.b + 24);
            for (size_t k = 0; k < nw; k++) S[k * w + i] = slh_word(c->sk_seed + 8 * k);
            if (i < m && r->snap && r->snap->kp == r->first + l) {
                snap_lane = (int)i;
                snap_at = r->snap->digits[ci];
            }
        }
        kf_slh_rows_permute(xn, S, T, in_row, 0, nw); /* PRF: the chains' secret values */
        for (unsigned i = 0; i < w; i++) T[(a_row + 2) * w + i] = type_hash[i];
        for (uint32_t step = 0;; step++) { /* the value after `step` F calls is in S */
            if (snap_lane >= 0 && step == snap_at)
                rows_get(S, w, n, (unsigned)snap_lane, r->snap->sig + (size_t)(q[snap_lane] % len) * n);
            if (step == SLH_W - 1) break;
            for (unsigned i = 0; i < w; i++) T[(a_row + 3) * w + i] = slh_word_with_hash(chain_word[i], step);
            kf_slh_rows_permute(xn, S, T, in_row, 0, nw);
        }
        for (unsigned i = 0; i < m; i++) rows_get(S, w, n, i, chain_val(r, n, len, q[i]));
        c->perms += (uint64_t)m * SLH_W;
    }
}

/* Algorithm 5 on every chain of r, in lock-step lanes (see the top of the file). */
/* (ACSL, unit slhdsa_wots: taken by this contract, its body "pending") r's chains: leaf l's
 * len values of n bytes at val + l stride, one leaf where start or steps are given, at most
 * w - 1 steps each; the snapshot's len values. The backends' own invariants (c->width lanes,
 * the rows' tables, set by kf_slh_ctx_backends) are not stated, as for kf_slh_thash. */
/*@ requires slh_ctx_ok(c) && \valid_read(r) && \valid_read(r->adrs);
    requires 1 <= r->leaves <= WOTS_LEAVES && (r->leaves == 1 || (r->start == \null && r->steps == \null));
    requires \valid(r->val + (0 .. (r->leaves - 1) * r->stride + c->p->len * c->p->n - 1));
    requires \separated(c, c->p, r->val + (0 .. (r->leaves - 1) * r->stride + c->p->len * c->p->n - 1));
    requires r->start == \null || \valid_read(r->start + (0 .. c->p->len - 1));
    requires r->steps == \null || \valid_read(r->steps + (0 .. c->p->len - 1));
    requires r->steps == \null || \forall integer q; 0 <= q < c->p->len ==> r->steps[q] < SLH_W;
    requires r->snap == \null || (\valid_read(r->snap) && \valid_read(r->snap->digits + (0 .. c->p->len - 1)) &&
                                  \valid(r->snap->sig + (0 .. c->p->len * c->p->n - 1)) &&
                                  \separated(c, c->p, r->snap->sig + (0 .. c->p->len * c->p->n - 1)));
    assigns *c, *(r->val + (0 .. (r->leaves - 1) * r->stride + c->p->len * c->p->n - 1)),
            *(r->snap->sig + (0 .. (r->snap == \null ? -1 : c->p->len * c->p->n - 1))), kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c);
    ensures chains_bk: \at(slh_ctx_bk(c), Old) ==> slh_ctx_bk(c); */
static void run_chains(slh_ctx *c, const chain_run *r)
{
    if (c->rows && r->prf && !r->start && !r->steps) {
        run_chains_lockstep(c, r);
        return;
    }
    const size_t n = c->p->n;
    const unsigned len = c->p->len, total = r->leaves * len, lanes = c->width;
    uint16_t order[MAX_CHAINS];
    uint8_t blk[SLH_MAX_LANES][SLH_BLOCK];
    lane ln[SLH_MAX_LANES];
    const uint8_t *bp[SLH_MAX_LANES];
    uint8_t *op[SLH_MAX_LANES];
    unsigned next = 0;
    order_chains(r, total, order);
    for (unsigned j = 0; j < lanes; j++) {
        kf_slh_block_init(c, blk[j], n);
        ln[j].busy = 0;
    }
    for (;;) {
        size_t m = 0;
        for (unsigned j = 0; j < lanes; j++) {
            while (!ln[j].busy && next < total) ln[j].busy = (unsigned)lane_start(c, r, &ln[j], blk[j], order[next++]);
            if (!ln[j].busy) continue;
            bp[m] = blk[j];
            op[m] = blk[j] + n + 32;
            m++;
        }
        if (!m) break;
        kf_slh_hash_blocks(c, m, bp, 1, op);
        for (unsigned j = 0; j < lanes; j++)
            if (ln[j].busy) ln[j].busy = (unsigned)lane_step(c, r, &ln[j], blk[j]);
    }
    kf_memzero(blk, lanes * SLH_BLOCK);
}

void kf_slh_wots_digits(const slh_params *p, const uint8_t *msg, uint8_t *d)
{
    const unsigned len1 = 2 * p->n;
    uint32_t v[2 * SLH_MAX_N], t[SLH_LEN2]; /* the message's digits, the checksum's */
    kf_slh_base_2b(msg, SLH_LGW, len1, v);
    uint32_t csum = 0;
    /*@ loop invariant 0 <= i <= len1;
        loop invariant \forall integer j; 0 <= j < i ==> d[j] < SLH_W;
        loop assigns i, csum, d[0 .. len1 - 1];
        loop variant len1 - i; */
    for (unsigned i = 0; i < len1; i++) {
        d[i] = (uint8_t)v[i];
        csum += SLH_W - 1 - v[i];
    }
    csum <<= (8 - ((SLH_LEN2 * SLH_LGW) % 8)) % 8;
    uint8_t cb[2] = {(uint8_t)(csum >> 8), (uint8_t)csum};
    kf_slh_base_2b(cb, SLH_LGW, SLH_LEN2, t);
    /*@ loop invariant 0 <= i <= SLH_LEN2;
        loop invariant \forall integer j; 0 <= j < len1 ==> d[j] < SLH_W;
        loop invariant \forall integer j; len1 <= j < len1 + i ==> d[j] < SLH_W;
        loop assigns i, d[len1 .. p->len - 1];
        loop variant SLH_LEN2 - i; */
    for (unsigned i = 0; i < SLH_LEN2; i++) d[len1 + i] = (uint8_t)t[i];
}

/* (ACSL) leaf l's n bytes at l n lie within cnt n, for every l < cnt, as a ghost lemma
 * function (slhdsa_internal.h's slh_offset_facts says why; the loop below takes each l's
 * instance from slh_offset_facts): a loop invariant of the same quantified products was not
 * preserved (CVC4 finds no instance of a product under the quantifier). */
/*@ ghost
  /@ requires 0 < cnt <= WOTS_LEAVES && 0 < x <= SLH_MAX_N;
     assigns \nothing;
     ensures \forall integer j; 0 <= j < cnt ==> 0 <= j * x && j * x + x <= cnt * x; @/
  static void wots_offsets(unsigned cnt, size_t x) { }
*/

/* T_len of the chain ends in padded buffers buf[l] (kf_slh_block_init'ed), for key pairs
 * first + l (Algorithm 6, 10-13). */
/*@ requires slh_ctx_ok(c) && \valid_read(adrs);
    requires 1 <= cnt <= WOTS_LEAVES && 1 <= nblocks <= TLEN_BUF_MAX / SLH_BLOCK;
    requires \valid_read(buf + (0 .. cnt - 1));
    requires \forall integer l; 0 <= l < cnt ==> \valid(buf[l] + (0 .. nblocks * SLH_BLOCK - 1));
    requires \valid(pk + (0 .. cnt * c->p->n - 1)) && \separated(c, pk + (0 .. cnt * c->p->n - 1));
    requires slh_ctx_bk(c) && \separated(c, buf + (0 .. cnt - 1)) && \separated(c->p, pk + (0 .. cnt * c->p->n - 1));
    assigns *c, *((char *)(buf[0 .. cnt - 1] + c->p->n) + (0 .. 31)), pk[0 .. cnt * c->p->n - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c);
    ensures compress_bk: slh_ctx_bk(c); */
static void wots_compress(slh_ctx *c, const slh_adrs *adrs, uint32_t first, unsigned cnt, uint8_t *const *buf,
                          size_t nblocks, uint8_t *pk)
{
    const size_t n = c->p->n;
    uint8_t *out[WOTS_LEAVES];
    //@ ghost wots_offsets(cnt, n);
    //@ ghost slh_bk_elim(c);
    /*@ loop invariant 0 <= l <= cnt;
        loop invariant \forall integer j; 0 <= j < l ==> out[j] == pk + j * n;
        loop invariant \forall integer j; 0 <= j < l ==> \valid(out[j] + (0 .. n - 1));
        loop invariant \forall integer j; 0 <= j < l ==> \separated(c, out[j] + (0 .. n - 1));
        loop assigns l, out[0 .. cnt - 1], *((char *)(buf[0 .. cnt - 1] + n) + (0 .. 31));
        loop variant cnt - l; */
    for (unsigned l = 0; l < cnt; l++) {
        slh_adrs a = *adrs;
        adrs_set_type(&a, SLH_WOTS_PK);
        adrs_set_keypair(&a, first + l);
        memcpy(buf[l] + n, a.b, 32);
        //@ ghost slh_offset_facts(l, cnt, n);
        out[l] = pk + l * n;
    }
    /*@ assert outs_apart: \forall integer i; 0 <= i < cnt ==> \separated(out[i] + (0 .. c->p->n - 1), c->p) &&
                        \separated(out[i] + (0 .. c->p->n - 1), out + (0 .. cnt - 1)); */
    /*@ assert outs: \forall integer i, j; 0 <= i < cnt && 0 <= j < n ==>
                        out[i] + j == pk + (i * n + j) && 0 <= i * n + j < cnt * n; */
    //@ assert wc_bk1: slh_ctx_bk_is(c);
    //@ ghost slh_bk_intro(c);
    kf_slh_hash_blocks(c, cnt, (const uint8_t *const *)buf, nblocks, out);
    //@ assert wc_bk2: slh_ctx_bk_is(c);
    //@ ghost slh_bk_intro(c);
}

void kf_slh_wots_pkgen_leaves(slh_ctx *c, const slh_adrs *adrs, uint32_t first, uint32_t cnt, uint8_t *pk,
                       const wots_snap *snap)
{
    const slh_params *p = c->p;
    const size_t n = p->n, stride = SLH_PADDED(n + 32 + (size_t)p->len * n);
    uint8_t tl[WOTS_LEAVES * TLEN_BUF_MAX];
    uint8_t *buf[WOTS_LEAVES];
    const unsigned used = cnt < WOTS_LEAVES ? cnt : WOTS_LEAVES;
    size_t nblocks = 0;
    for (unsigned l = 0; l < used; l++) {
        buf[l] = tl + l * stride;
        nblocks = kf_slh_block_init(c, buf[l], (size_t)p->len * n);
    }
    for (uint32_t g = 0; g < cnt; g += WOTS_LEAVES) {
        uint32_t leaves = cnt - g < WOTS_LEAVES ? cnt - g : WOTS_LEAVES;
        chain_run r = {adrs, first + g, leaves, tl + n + 32, stride, 1, NULL, NULL, snap};
        run_chains(c, &r);
        wots_compress(c, adrs, first + g, leaves, buf, nblocks, pk + (size_t)g * n);
    }
    kf_memzero(tl, used * stride);
}

unsigned kf_slh_wots_cp(const slh_params *p, const uint8_t *d)
{
    const size_t n = p->n, head = n + 32, blocks = SLH_PADDED(head + (size_t)p->len * n) / SLH_BLOCK;
    unsigned end = 0; /* the call after which T_len's block b is absorbed */
    /*@ loop invariant 0 <= b <= blocks;
        loop assigns b, end;
        loop variant blocks - b; */
    for (size_t b = 0; b < blocks; b++) {
        const size_t lo = b * SLH_BLOCK, hi = lo + SLH_BLOCK;
        unsigned ready = end;
        /*@ loop invariant 0 <= q <= p->len;
            loop assigns q, ready;
            loop variant p->len - q; */
        for (unsigned q = 0; q < p->len; q++) { /* the chains with bytes in this block */
            const size_t from = head + (size_t)q * n, to = from + n;
            if (from < hi && to > lo && SLH_W - 1u - d[q] > ready) ready = SLH_W - 1u - d[q];
        }
        end = ready + 1;
    }
    return end;
}

/* (ACSL) T_len's padded buffer fits TLEN_BUF_MAX for the three n, as a ghost lemma function
 * (slhdsa_internal.h's slh_offset_facts says why): CVC4 proves the products alone. */
/*@ ghost
  /@ requires (n == 16 || n == 24 || n == 32) && len == 2 * n + SLH_LEN2;
     assigns \nothing;
     ensures len * n <= SLH_MAX_LEN * SLH_MAX_N && SLH_PADDED(n + 32 + len * n) <= TLEN_BUF_MAX;
     ensures (size_t)((size_t)len * n) == len * n; @/
  static void wots_sizes(size_t n, unsigned len) { }
*/

void kf_slh_wots_pk_from_sig(slh_ctx *c, const uint8_t *sig, const uint8_t *msg, const slh_adrs *adrs,
                      uint8_t *pk)
{
    //@ ghost slh_bk_elim(c); /* at entry: the stores below (the digits) change the memory slh_ctx_bk reads */
    const slh_params *p = c->p;
    const size_t n = p->n;
    uint8_t buf[TLEN_BUF_MAX];
    uint8_t d[SLH_MAX_LEN], steps[SLH_MAX_LEN];
    uint8_t *bp[1] = {buf};
    uint32_t kp = adrs_get_keypair(adrs);
    kf_slh_wots_digits(p, msg, d);
    //@ assert nset: n == 16 || n == 24 || n == 32;
    //@ assert len: p->len == 2 * n + SLH_LEN2;
    //@ ghost wots_sizes(n, p->len);
    if (c->want_cp) c->cp += kf_slh_wots_cp(p, d); /* kforge bench only: it loops over the chains */
    //@ assert wp_bk0: slh_ctx_bk_is(c);
    if (c->rows) {
        //@ ghost slh_bk_intro(c);
        pk_from_sig_rows(c, sig, d, adrs, pk);
        //@ ghost slh_bk_elim(c);
        //@ assert wp_bkr: slh_ctx_bk_is(c);
        return;
    }
    //@ ghost wots_sizes(n, p->len); /* again, of p->len here: the size_t product of its block_init and memcpy */
    /*@ loop invariant 0 <= i <= p->len;
        loop invariant \forall integer j; 0 <= j < i ==> steps[j] < SLH_W;
        loop assigns i, steps[0 .. p->len - 1];
        loop variant p->len - i; */
    for (unsigned i = 0; i < p->len; i++) steps[i] = (uint8_t)(SLH_W - 1 - d[i]);
    size_t nblocks = kf_slh_block_init(c, buf, (size_t)p->len * n);
    memcpy(buf + n + 32, sig, (size_t)p->len * n);
    chain_run r = {adrs, kp, 1, buf + n + 32, 0, 0, d, steps, NULL};
    //@ assert wp_bk1: slh_ctx_bk_is(c);
    //@ ghost slh_bk_intro(c);
    run_chains(c, &r);
    wots_compress(c, adrs, kp, 1, bp, nblocks, pk);
    //@ ghost slh_bk_elim(c);
    //@ assert wp_bk2: slh_ctx_bk_is(c);
}
