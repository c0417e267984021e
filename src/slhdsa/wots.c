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

/* Algorithm 5 on every chain of r, in lock-step lanes (see the top of the file). */
static void run_chains(slh_ctx *c, const chain_run *r)
{
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
