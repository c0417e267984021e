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
 * different lengths (verification) take the scheduler above on rows (run_chains_rows).
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

static uint8_t *chain_val(const chain_run *r, size_t n, unsigned len, unsigned q)
{
    return r->val + (q / len) * r->stride + (q % len) * n;
}

/* The order chains start in: most hash calls first (counting sort on 0 .. w). Only public
 * values (message digits) decide it. */
static void order_chains(const chain_run *r, unsigned total, uint16_t *order)
{
    unsigned count[SLH_W + 1] = {0}, at[SLH_W + 1];
    for (unsigned q = 0; q < total; q++) count[(r->steps ? r->steps[q] : SLH_W - 1) + (r->prf != 0)]++;
    unsigned pos = 0;
    for (int w = SLH_W; w >= 0; w--) {
        at[w] = pos;
        pos += count[w];
    }
    for (unsigned q = 0; q < total; q++) order[at[(r->steps ? r->steps[q] : SLH_W - 1) + (r->prf != 0)]++] = (uint16_t)q;
}

/* Check the snapshot and the end of lane L's chain after an update of its value. Returns
 * 1 while the chain still needs hash calls. */
static inline int lane_check(const chain_run *r, size_t n, unsigned len, lane *L, const uint8_t *value)
{
    if (L->snap && L->done == L->snap_at) memcpy(L->snap, value, n);
    if (L->done < L->steps) return 1;
    memcpy(chain_val(r, n, len, L->chain), value, n);
    return 0;
}

/* Put chain q into lane L with block blk (PK.seed and padding already there). Returns 1 if
 * it needs hash calls, 0 if it was already complete. */
static int lane_start(slh_ctx *c, const chain_run *r, lane *L, uint8_t *blk, unsigned q)
{
    const size_t n = c->p->n;
    const unsigned len = c->p->len, i = q % len;
    slh_adrs a = *r->adrs;
    L->chain = q;
    L->start = r->start ? r->start[q] : 0;
    L->steps = r->steps ? r->steps[q] : SLH_W - 1;
    L->done = 0;
    L->snap = NULL;
    if (r->snap && r->snap->kp == r->first + q / len) {
        L->snap = r->snap->sig + (size_t)i * n;
        L->snap_at = r->snap->digits[i];
    }
    adrs_set_type(&a, r->prf ? SLH_WOTS_PRF : SLH_WOTS_HASH);
    adrs_set_keypair(&a, r->first + q / len);
    adrs_set_chain(&a, i);
    adrs_set_hash(&a, r->prf ? 0 : L->start);
    memcpy(blk + n, a.b, 32);
    memcpy(blk + n + 32, r->prf ? c->sk_seed : chain_val(r, n, len, q), n);
    L->in_prf = r->prf != 0;
    if (L->in_prf) return 1;
    return lane_check(r, n, len, L, blk + n + 32);
}

/* After one hash of lane L's block (the output replaced the block's input): the next
 * address, then the snapshot / end checks. */
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

/* One lane of run_chains_rows: its chain and where the chain stands. The lane's current
 * value is in the states' output rows (after a permutation) or, for a chain just put in,
 * at `fresh` (copied into the input rows before the next permutation). */
typedef struct row_lane {
    unsigned chain, busy, in_prf;
    uint32_t start, steps, done;
    uint8_t *snap;
    uint32_t snap_at;
    const uint8_t *fresh; /* n bytes to start from, or NULL */
    slh_adrs a;           /* the lane's ADRS; its words are in the template T */
} row_lane;

/* Lane i's value (the last output: rows 0 .. n/8 - 1 of S) to out. */
static void rows_get(const uint64_t *S, unsigned w, size_t n, unsigned i, uint8_t *out)
{
    for (size_t k = 0; k < n / 8; k++) slh_put_word(out + 8 * k, S[k * w + i]);
}

/* After a permutation that advanced lane L (index i): the snapshot and the end of its chain.
 * Returns 1 while the chain needs more hash calls. */
static int rows_check(const chain_run *r, size_t n, unsigned len, const uint64_t *S, unsigned w, unsigned i,
                      row_lane *L)
{
    if (L->snap && L->done == L->snap_at) rows_get(S, w, n, i, L->snap);
    if (L->done < L->steps) return 1;
    rows_get(S, w, n, i, chain_val(r, n, len, L->chain));
    return 0;
}

/* Put chain q into lane L (index i): its ADRS into the template, its start value as fresh.
 * Returns 1 if it needs hash calls, 0 if it was complete already (0 steps: its value is
 * where it belongs). */
static int rows_start(slh_ctx *c, const chain_run *r, uint64_t *T, unsigned w, unsigned i, row_lane *L, unsigned q)
{
    const size_t n = c->p->n;
    const unsigned len = c->p->len, ci = q % len;
    L->chain = q;
    L->start = r->start ? r->start[q] : 0;
    L->steps = r->steps ? r->steps[q] : SLH_W - 1;
    L->done = 0;
    L->snap = NULL;
    if (r->snap && r->snap->kp == r->first + q / len) {
        L->snap = r->snap->sig + (size_t)ci * n;
        L->snap_at = r->snap->digits[ci];
    }
    L->in_prf = r->prf != 0;
    L->a = *r->adrs;
    adrs_set_type(&L->a, L->in_prf ? SLH_WOTS_PRF : SLH_WOTS_HASH);
    adrs_set_keypair(&L->a, r->first + q / len);
    adrs_set_chain(&L->a, ci);
    adrs_set_hash(&L->a, L->in_prf ? 0 : L->start);
    slh_rows_put_adrs(T, w, n, i, &L->a);
    L->fresh = L->in_prf ? c->sk_seed : chain_val(r, n, len, q);
    if (L->in_prf) return 1;
    if (L->snap && L->snap_at == 0) memcpy(L->snap, L->fresh, n);
    return L->steps > 0;
}

/* Lane L (index i) after a permutation: leave the PRF or count the step, then the next
 * hash address into the template (the one ADRS word that changes along a chain). */
static inline int rows_step(const chain_run *r, size_t n, unsigned len, const uint64_t *S, uint64_t *T,
                            unsigned w, unsigned i, row_lane *L)
{
    uint64_t *hash_word = &T[(SLH_ROW_ADRS(n) + 3) * w + i];
    if (L->in_prf) { /* the secret value is out: the chain proper starts */
        L->in_prf = 0;
        adrs_set_type(&L->a, SLH_WOTS_HASH);
        adrs_set_keypair(&L->a, r->first + L->chain / len);
        adrs_set_chain(&L->a, L->chain % len);
        adrs_set_hash(&L->a, L->start);
        slh_rows_put_adrs(T, w, n, i, &L->a);
    } else {
        L->done++;
        *hash_word = slh_word_with_hash(*hash_word, L->start + L->done);
    }
    if (L->done < L->steps && !L->snap) return 1; /* the common case */
    return rows_check(r, n, len, S, w, i, L);
}

/* Algorithm 5 on every chain of r, in lock-step lanes of the interleaved backend c->xn,
 * the states built in rows: per permutation, the outputs move down to the input rows and
 * the template (PK.seed, each lane's ADRS, the padding) fills the rest. */
static void run_chains_rows(slh_ctx *c, const chain_run *r)
{
    const kf_backend_xn *xn = c->xn;
    const size_t n = c->p->n, nw = n / 8;
    const unsigned len = c->p->len, total = r->leaves * len, w = xn->n;
    const size_t in_row = SLH_ROW_IN(n);
    uint64_t *S = (uint64_t *)(void *)c->scratch;
    uint64_t *T = c->tmpl[0]; /* F's template: PK.seed, padding; ADRS rows ours */
    uint16_t order[MAX_CHAINS];
    row_lane ln[SLH_MAX_LANES];
    unsigned next = 0;
    order_chains(r, total, order);
    for (unsigned i = 0; i < w; i++) ln[i].busy = 0;
    for (;;) {
        unsigned m = 0;
        for (unsigned i = 0; i < w; i++) {
            while (!ln[i].busy && next < total) ln[i].busy = (unsigned)rows_start(c, r, T, w, i, &ln[i], order[next++]);
            m += ln[i].busy;
        }
        if (!m) break;
        /* a chain just put in starts from its value as if it were the last output */
        for (unsigned i = 0; i < w; i++) {
            if (!ln[i].busy || !ln[i].fresh) continue;
            for (size_t k = 0; k < nw; k++) S[k * w + i] = slh_word(ln[i].fresh + 8 * k);
            ln[i].fresh = NULL;
        }
        kf_slh_rows_permute(xn, S, T, in_row, 0, nw);
        c->perms += m;
        for (unsigned i = 0; i < w; i++)
            if (ln[i].busy) ln[i].busy = (unsigned)rows_step(r, n, len, S, T, w, i, &ln[i]);
    }
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
static void run_chains(slh_ctx *c, const chain_run *r)
{
    if (c->rows && r->prf && !r->start && !r->steps) {
        run_chains_lockstep(c, r);
        return;
    }
    if (c->rows) {
        run_chains_rows(c, r);
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
    uint32_t v[SLH_MAX_LEN];
    kf_slh_base_2b(msg, SLH_LGW, len1, v);
    uint32_t csum = 0;
    for (unsigned i = 0; i < len1; i++) csum += SLH_W - 1 - v[i];
    csum <<= (8 - ((SLH_LEN2 * SLH_LGW) % 8)) % 8;
    uint8_t cb[2] = {(uint8_t)(csum >> 8), (uint8_t)csum};
    kf_slh_base_2b(cb, SLH_LGW, SLH_LEN2, v + len1);
    for (unsigned i = 0; i < p->len; i++) d[i] = (uint8_t)v[i];
}

/* T_len of the chain ends in padded buffers buf[l] (kf_slh_block_init'ed), for key pairs
 * first + l (Algorithm 6, 10-13). */
static void wots_compress(slh_ctx *c, const slh_adrs *adrs, uint32_t first, unsigned cnt, uint8_t *const *buf,
                          size_t nblocks, uint8_t *pk)
{
    const size_t n = c->p->n;
    uint8_t *out[WOTS_LEAVES];
    for (unsigned l = 0; l < cnt; l++) {
        slh_adrs a = *adrs;
        adrs_set_type(&a, SLH_WOTS_PK);
        adrs_set_keypair(&a, first + l);
        memcpy(buf[l] + n, a.b, 32);
        out[l] = pk + l * n;
    }
    kf_slh_hash_blocks(c, cnt, (const uint8_t *const *)buf, nblocks, out);
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

void kf_slh_wots_pk_from_sig(slh_ctx *c, const uint8_t *sig, const uint8_t *msg, const slh_adrs *adrs,
                      uint8_t *pk)
{
    const slh_params *p = c->p;
    const size_t n = p->n;
    uint8_t buf[TLEN_BUF_MAX];
    uint8_t d[SLH_MAX_LEN], steps[SLH_MAX_LEN];
    uint8_t *bp[1] = {buf};
    uint32_t kp = adrs_get_keypair(adrs);
    kf_slh_wots_digits(p, msg, d);
    for (unsigned i = 0; i < p->len; i++) steps[i] = (uint8_t)(SLH_W - 1 - d[i]);
    size_t nblocks = kf_slh_block_init(c, buf, (size_t)p->len * n);
    memcpy(buf + n + 32, sig, (size_t)p->len * n);
    chain_run r = {adrs, kp, 1, buf + n + 32, 0, 0, d, steps, NULL};
    run_chains(c, &r);
    wots_compress(c, adrs, kp, 1, bp, nblocks, pk);
}
