/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * verify_batch.c - many SLH-DSA verifications at once, lanes across signatures
 * (kf_slhdsa_verify_batch; Algorithm 20 for each of up to width signatures in lock-step).
 *
 * One verification cannot fill the lanes of a batched backend: its d layers are a chain
 * (each layer's WOTS+ message is the root of the layer below), and inside a layer T_len and
 * the climb to the root are serial one-state work. Signatures are independent, so a group of
 * g <= width signatures of one parameter set runs together, phase by phase:
 *
 *   - FORS: the g * k trees as jobs of the same length (one F for the leaf, a H calls up the
 *     tree), w at a time in lock-step, each lane one (signature, tree): no lane waits for
 *     another, and only the last group of jobs may have idle lanes (none when g = w). The
 *     roots go straight into each signature's T_k input words.
 *   - T_k, T_len: each signature's sponge in lane i (signature i), its blocks XORed into
 *     the lane's rows between permutations: g lanes busy for every block.
 *   - WOTS+ chains of a layer: the chains of all g signatures as one pool of jobs, started
 *     longest first on the lane that frees first (list scheduling, planned up front from
 *     the digits, which are public), so lanes refill as chains of different lengths end
 *     and only the last call or two of a layer have idle lanes. A chain's value stays in
 *     the states between its steps (kf_slh_rows_permute moves the output rows down).
 *   - The climb to the layer's root: h' calls, lane i climbing signature i's tree.
 *
 * Signatures differ in PK.seed, tree and leaf indices, so the templates' PK.seed and ADRS
 * rows are written per lane (per job where a lane changes signature). Everything runs on
 * rows of the interleaved batched backend (slhdsa_internal.h); without one (portable,
 * x1-only, the non-interleaved hybrids) and for a group of one, every signature goes
 * through the single verification, which gives the same verdicts by construction.
 */
#include "slhdsa_internal.h"

#define BV_RATE (SLH_BLOCK / 8) /* rows a block covers */
/* The longest sponge input (T_len of 256 bits: PK.seed || ADRS || 67 chain ends), padded, in words */
#define BV_WORDS (SLH_PADDED(SLH_MAX_N + 32 + SLH_MAX_LEN * SLH_MAX_N) / 8)
#define BV_JOBS (SLH_BATCH_MAX * SLH_MAX_LEN)

/* One signature of the group. */
typedef struct bv_item {
    const slh_msg *m;
    const uint8_t *sig, *pk, *ht;   /* ht: the current layer's XMSS signature */
    uint64_t seed[SLH_MAX_N / 8];   /* PK.seed as words */
    uint64_t idx_tree;
    uint32_t idx_leaf;
    uint64_t adrs[3];               /* ADRS words 0-2 of the current phase's hashes */
    uint8_t node[SLH_MAX_N];        /* the layer's message, then its root */
    uint8_t d[SLH_MAX_LEN];         /* the layer's base-w digits */
    uint64_t msg[BV_WORDS];         /* T_k's or T_len's padded input, as words */
} bv_item;

typedef struct bv_group {
    slh_ctx *c;
    const kf_backend_xn *xn;
    unsigned w, g;                  /* lanes, signatures */
    int zmm;                        /* w == 8 and AVX-512F: next_hash's one-store row */
    size_t n, nw, ar, in_row;       /* bytes and words of a value; ADRS and input rows */
    uint64_t *S;                    /* the states (c->scratch) */
    _Alignas(64) uint64_t TF[SLH_ROWS * SLH_MAX_LANES]; /* templates for n-byte inputs (F) */
    _Alignas(64) uint64_t TH[SLH_ROWS * SLH_MAX_LANES]; /* and 2n-byte inputs (H) */
    bv_item it[SLH_BATCH_MAX];
} bv_group;

/* ADRS words 0-2 (layer, tree, type and key pair) of a into w[]. */
static void adrs_words(const slh_adrs *a, uint64_t w[3])
{
    for (unsigned k = 0; k < 3; k++) w[k] = slh_word(a->b + 8 * k);
}

/* Lane i of template T takes signature it's PK.seed and ADRS words 0-2. */
static void lane_owner(const bv_group *G, uint64_t *T, unsigned i, const bv_item *it)
{
    for (size_t k = 0; k < G->nw; k++) T[k * G->w + i] = it->seed[k];
    for (unsigned k = 0; k < 3; k++) T[(G->ar + k) * G->w + i] = it->adrs[k];
}

/* A sponge input of `words` words (PK.seed || ADRS || values) padded in it->msg; returns
 * its blocks. The values are the caller's (words nw + 4 ..). */
static unsigned msg_frame(const bv_group *G, bv_item *it, const slh_adrs *a, size_t words)
{
    const unsigned nblocks = (unsigned)(SLH_PADDED(words * 8) / SLH_BLOCK);
    memset(it->msg + words, 0, ((size_t)BV_RATE * nblocks - words) * sizeof it->msg[0]);
    for (size_t k = 0; k < G->nw; k++) it->msg[k] = it->seed[k];
    for (unsigned k = 0; k < 4; k++) it->msg[G->nw + k] = slh_word(a->b + 8 * k);
    it->msg[words] = 0x1F;                                   /* SHAKE256's suffix ... */
    it->msg[(size_t)BV_RATE * nblocks - 1] |= (uint64_t)0x80 << 56; /* ... and the last pad bit */
    return nblocks;
}

/* Every signature's sponge (nblocks blocks of it->msg) in its own lane; the n-byte
 * results into it->node. */
static void sponge_lanes(bv_group *G, unsigned nblocks)
{
    const unsigned w = G->w;
    memset(G->S, 0, (size_t)SLH_ROWS * w * sizeof G->S[0]);
    for (unsigned b = 0; b < nblocks; b++) {
        for (unsigned i = 0; i < G->g; i++)
            for (unsigned r = 0; r < BV_RATE; r++) G->S[r * w + i] ^= G->it[i].msg[(size_t)BV_RATE * b + r];
        G->xn->permute(G->S, 24);
    }
    for (unsigned i = 0; i < G->g; i++)
        for (size_t k = 0; k < G->nw; k++) slh_put_word(G->it[i].node + 8 * k, G->S[k * w + i]);
    G->c->perms += (uint64_t)G->g * nblocks;
}

/* The next hash address of every lane: ADRS byte 31, the top byte of row 3's words (hash
 * addresses stay below 16 in a chain: no carry; idle lanes do not care). The call right
 * after reads the row with one 64-byte load per row, which cannot take its data from eight
 * 8-byte (or four 16-byte) stores still in the store buffer and waits for them: 28 ticks per
 * call measured in a loop of calls on x8 (1068 vs 1040). With 8 lanes and AVX-512F the row
 * is one 64-byte store, which the load does take. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define BV_ROW_ADD_ZMM 1
__attribute__((target("avx512f"))) static void row_add_hash8(uint64_t *row)
{
    _mm512_store_si512((void *)row, _mm512_add_epi64(_mm512_load_si512((const void *)row),
                                                     _mm512_set1_epi64((long long)((uint64_t)1 << 56))));
}
#endif

static void next_hash(const bv_group *G, uint64_t *row)
{
#ifdef BV_ROW_ADD_ZMM
    if (G->zmm) {
        row_add_hash8(row);
        return;
    }
#endif
    for (unsigned i = 0; i < G->w; i++) row[i] += (uint64_t)1 << 56;
}

/* Lane i of the H template for height z of a climb from leaf `leaf` (Algorithms 11, 17):
 * ADRS word 3 (height z, index leaf >> z), then the node, which the previous call left in
 * the states' output rows of lane i, and the authentication value auth (n bytes), in the
 * order bit z - 1 of leaf gives. */
static void th_level(bv_group *G, unsigned i, unsigned z, uint32_t leaf, const uint8_t *auth)
{
    const size_t nw = G->nw, w = G->w, at_node = G->in_row + ((leaf >> (z - 1)) & 1) * nw;
    const size_t at_auth = 2 * G->in_row + nw - at_node;
    G->TH[(G->ar + 3) * w + i] = slh_word_with_hash((uint64_t)z << 24, leaf >> z);
    for (size_t q = 0; q < nw; q++) {
        G->TH[(at_node + q) * w + i] = G->S[q * w + i];
        G->TH[(at_auth + q) * w + i] = slh_word(auth + 8 * q);
    }
}

/* ---- FORS (Algorithm 17) ----------------------------------------------------------------- */

/* The g * k trees, w at a time in lock-step: a leaf (F of the revealed secret value), then a
 * levels of H, each lane's node staying in the states' output rows and going back into the
 * template beside its authentication value. Then T_k per signature in lanes: it->node is
 * the FORS public key. */
static void bv_fors(bv_group *G)
{
    const slh_params *p = G->c->p;
    const size_t n = G->n, nw = G->nw, ar = G->ar, in_row = G->in_row, per_tree = (size_t)(1 + p->a) * n;
    const unsigned w = G->w, k = p->k, total = G->g * k;
    uint32_t idx[SLH_BATCH_MAX][SLH_MAX_K];
    for (unsigned s = 0; s < G->g; s++) {
        bv_item *it = &G->it[s];
        uint8_t digest[SLH_MAX_M];
        const uint8_t *md;
        slh_adrs a;
        kf_slh_h_msg(G->c, it->sig, it->pk, it->pk + n, it->m, digest);
        kf_slh_split_digest(p, digest, &md, &it->idx_tree, &it->idx_leaf);
        kf_slh_base_2b(md, p->a, k, idx[s]);
        adrs_zero(&a);
        adrs_set_tree(&a, it->idx_tree);
        adrs_set_type(&a, SLH_FORS_TREE);
        adrs_set_keypair(&a, it->idx_leaf);
        adrs_words(&a, it->adrs);
    }
    for (unsigned j0 = 0; j0 < total; j0 += w) {
        const unsigned m = total - j0 < w ? total - j0 : w;
        unsigned own[SLH_MAX_LANES], tree[SLH_MAX_LANES];
        uint32_t leaf[SLH_MAX_LANES];
        for (unsigned i = 0; i < w; i++) { /* idle lanes repeat the last job */
            const unsigned job = j0 + (i < m ? i : m - 1);
            own[i] = job / k;
            tree[i] = job % k;
            leaf[i] = (tree[i] << p->a) + idx[own[i]][tree[i]];
            const uint8_t *sk = G->it[own[i]].sig + n + tree[i] * per_tree;
            lane_owner(G, G->TF, i, &G->it[own[i]]);
            lane_owner(G, G->TH, i, &G->it[own[i]]);
            G->TF[(ar + 3) * w + i] = slh_word_with_hash(0, leaf[i]);
            for (size_t q = 0; q < nw; q++) G->TF[(in_row + q) * w + i] = slh_word(sk + 8 * q);
        }
        kf_slh_rows_permute(G->xn, G->S, G->TF, 0, 0, 0); /* the leaves */
        for (unsigned z = 1; z <= p->a; z++) {
            for (unsigned i = 0; i < w; i++)
                th_level(G, i, z, leaf[i], G->it[own[i]].sig + n + tree[i] * per_tree + z * n);
            kf_slh_rows_permute(G->xn, G->S, G->TH, 0, 0, 0);
        }
        for (unsigned i = 0; i < m; i++) /* the roots into T_k's input */
            for (size_t q = 0; q < nw; q++) G->it[own[i]].msg[nw + 4 + tree[i] * nw + q] = G->S[q * w + i];
        G->c->perms += (uint64_t)m * (1 + p->a);
    }
    unsigned nblocks = 0;
    for (unsigned s = 0; s < G->g; s++) {
        slh_adrs a;
        adrs_zero(&a);
        adrs_set_tree(&a, G->it[s].idx_tree);
        adrs_set_type(&a, SLH_FORS_ROOTS);
        adrs_set_keypair(&a, G->it[s].idx_leaf);
        nblocks = msg_frame(G, &G->it[s], &a, nw + 4 + (size_t)k * nw);
    }
    sponge_lanes(G, nblocks);
}

/* ---- a hypertree layer (Algorithm 11 on every signature) --------------------------------- */

/* The chains of one layer: which chain each lane runs, and the lanes that free at each
 * call (a ring of SLH_W calls: a chain lasts 1 .. w - 1 calls). */
typedef struct bv_lanes {
    uint8_t item[SLH_MAX_LANES], q[SLH_MAX_LANES], owner[SLH_MAX_LANES];
    uint8_t ring[SLH_W][SLH_MAX_LANES], ring_n[SLH_W];
} bv_lanes;

/* The order chains start in: longest first (counting sort on the digit, stable in
 * signature and chain), as item << 8 | q (no division in the loop of calls); returns how
 * many have at least one step. */
static unsigned order_chains(const bv_group *G, uint16_t *order)
{
    const unsigned len = G->c->p->len;
    unsigned count[SLH_W] = {0}, at[SLH_W];
    for (unsigned it = 0; it < G->g; it++)
        for (unsigned q = 0; q < len; q++) count[G->it[it].d[q]]++;
    for (unsigned dg = 0, pos = 0; dg < SLH_W; dg++) { /* digit dg: w - 1 - dg steps */
        at[dg] = pos;
        pos += count[dg];
    }
    for (unsigned it = 0; it < G->g; it++)
        for (unsigned q = 0; q < len; q++) order[at[G->it[it].d[q]]++] = (uint16_t)(it << 8 | q);
    return at[SLH_W - 2];
}

/* Lane i's chain has ended: its value (rows 0 .. nw-1) into its signature's T_len input. */
static void chain_end(bv_group *G, const bv_lanes *L, unsigned i)
{
    uint64_t *out = G->it[L->item[i]].msg + G->nw + 4 + (size_t)L->q[i] * G->nw;
    for (size_t k = 0; k < G->nw; k++) out[k] = G->S[k * G->w + i];
}

/* Chain q of signature `item` starts in lane i: the signature's PK.seed and ADRS words 0-2
 * in the lane's template column (unless the lane ran one of its chains last), word 3 with
 * chain q and the first hash address d[q], and its signature value in the rows the call
 * moves to the input. Returns the chain's steps. */
static unsigned chain_start(bv_group *G, bv_lanes *L, unsigned i, unsigned item, unsigned q)
{
    const bv_item *it = &G->it[item];
    const unsigned w = G->w;
    L->item[i] = (uint8_t)item;
    L->q[i] = (uint8_t)q;
    if (L->owner[i] != item) {
        lane_owner(G, G->TF, i, it);
        L->owner[i] = (uint8_t)item;
    }
    G->TF[(G->ar + 3) * w + i] = slh_word_with_hash((uint64_t)q << 24, it->d[q]);
    for (size_t k = 0; k < G->nw; k++) G->S[k * w + i] = slh_word(it->ht + ((size_t)q * G->nw + k) * 8);
    return SLH_W - 1u - it->d[q];
}

/* The WOTS+ public keys of layer `layer` (it->node in: the message; out: the key). The
 * chains of all signatures are one pool: at each call, the lanes whose chain has just
 * ended hand its value to T_len's input and take the longest chain left (list
 * scheduling, longest first), so only the last calls of the layer have idle lanes. */
static void layer_chains(bv_group *G, unsigned layer)
{
    const slh_params *p = G->c->p;
    const size_t nw = G->nw;
    const unsigned w = G->w, len = p->len;
    uint16_t order[BV_JOBS]; /* SLH_BATCH_MAX * SLH_MAX_LEN */
    bv_lanes L;
    unsigned nblocks = 0;
    for (unsigned s = 0; s < G->g; s++) {
        bv_item *it = &G->it[s];
        slh_adrs a;
        kf_slh_wots_digits(p, it->node, it->d);
        adrs_zero(&a);
        adrs_set_layer(&a, layer);
        adrs_set_tree(&a, it->idx_tree);
        adrs_set_type(&a, SLH_WOTS_PK);
        adrs_set_keypair(&a, it->idx_leaf);
        nblocks = msg_frame(G, it, &a, nw + 4 + (size_t)len * nw);
        adrs_set_type(&a, SLH_WOTS_HASH);
        adrs_set_keypair(&a, it->idx_leaf);
        adrs_words(&a, it->adrs);
        for (unsigned q = 0; q < len; q++) /* chains of no steps end where they start */
            if (it->d[q] == SLH_W - 1)
                for (size_t k = 0; k < nw; k++) it->msg[nw + 4 + q * nw + k] = slh_word(it->ht + (q * nw + k) * 8);
    }
    const unsigned jobs = order_chains(G, order);
    unsigned next = 0, busy = 0;
    uint64_t steps = 0;
    memset(L.ring_n, 0, sizeof L.ring_n);
    memset(L.owner, 0xff, sizeof L.owner);
    for (unsigned i = 0; i < w; i++) L.ring[0][L.ring_n[0]++] = (uint8_t)i;
    for (unsigned t = 0;; t++) {
        const unsigned slot = t % SLH_W, freed = L.ring_n[slot];
        L.ring_n[slot] = 0;
        for (unsigned f = 0; f < freed; f++) {
            const unsigned i = L.ring[slot][f];
            if (t > 0) { /* lanes in slot 0 at t = 0 had no chain yet */
                chain_end(G, &L, i);
                busy--;
            }
            if (next < jobs) {
                const unsigned job = order[next++], s = chain_start(G, &L, i, job >> 8, job & 0xff);
                const unsigned to = (t + s) % SLH_W;
                L.ring[to][L.ring_n[to]++] = (uint8_t)i;
                steps += s;
                busy++;
            }
        }
        if (!busy) break;
        kf_slh_rows_permute(G->xn, G->S, G->TF, G->in_row, 0, nw);
        next_hash(G, G->TF + (G->ar + 3) * w);
    }
    G->c->perms += steps;
    sponge_lanes(G, nblocks); /* T_len */
}

/* The climb from each WOTS+ key to its tree's root, lane i for signature i (Algorithm 11):
 * the keys are where T_len's sponge left them, in the states' output rows. */
static void layer_climb(bv_group *G, unsigned layer)
{
    const slh_params *p = G->c->p;
    const size_t n = G->n, nw = G->nw;
    const unsigned w = G->w;
    for (unsigned s = 0; s < G->g; s++) {
        slh_adrs a;
        adrs_zero(&a);
        adrs_set_layer(&a, layer);
        adrs_set_tree(&a, G->it[s].idx_tree);
        adrs_set_type(&a, SLH_TREE);
        adrs_words(&a, G->it[s].adrs);
        lane_owner(G, G->TH, s, &G->it[s]);
    }
    for (unsigned z = 1; z <= p->hp; z++) {
        for (unsigned s = 0; s < G->g; s++)
            th_level(G, s, z, G->it[s].idx_leaf, G->it[s].ht + ((size_t)p->len + z - 1) * n);
        kf_slh_rows_permute(G->xn, G->S, G->TH, 0, 0, 0);
    }
    for (unsigned s = 0; s < G->g; s++) /* the root: the next layer's message */
        for (size_t q = 0; q < nw; q++) slh_put_word(G->it[s].node + 8 * q, G->S[q * w + s]);
    G->c->perms += (uint64_t)G->g * p->hp;
}

/* ---- the group --------------------------------------------------------------------------- */

/* Verify g (2 .. c->width, at most SLH_BATCH_MAX) signatures of one set in lock-step; ok[s]
 * is 1 where signature s is valid. c: the context of kf_slh_ctx_backends with c->rows. */
static void verify_group(slh_ctx *c, bv_group *G, unsigned g, const slh_msg *const *m, const uint8_t *const *sig,
                         const uint8_t *const *pk, int *ok)
{
    const slh_params *p = c->p;
    G->c = c;
    G->xn = c->xn;
    G->w = c->width;
    G->g = g;
    G->n = p->n;
    G->nw = p->n / 8;
    G->ar = SLH_ROW_ADRS(p->n);
    G->in_row = SLH_ROW_IN(p->n);
    G->S = (uint64_t *)(void *)c->scratch;
    G->zmm = 0;
#ifdef BV_ROW_ADD_ZMM
    G->zmm = G->w == 8 && __builtin_cpu_supports("avx512f");
#endif
    kf_slh_rows_template(c, G->TF, G->w, p->n);
    kf_slh_rows_template(c, G->TH, G->w, 2 * (size_t)p->n);
    for (unsigned s = 0; s < g; s++) {
        bv_item *it = &G->it[s];
        it->m = m[s];
        it->sig = sig[s];
        it->pk = pk[s];
        for (size_t k = 0; k < G->nw; k++) it->seed[k] = slh_word(pk[s] + 8 * k);
    }
    bv_fors(G);
    for (unsigned s = 0; s < g; s++) G->it[s].ht = G->it[s].sig + p->n + slh_fors_sig_bytes(p);
    for (unsigned layer = 0; layer < p->d; layer++) {
        layer_chains(G, layer);
        layer_climb(G, layer);
        for (unsigned s = 0; s < g; s++) {
            bv_item *it = &G->it[s];
            it->idx_leaf = (uint32_t)(it->idx_tree & ((1u << p->hp) - 1));
            it->idx_tree >>= p->hp;
            it->ht += slh_xmss_sig_bytes(p);
        }
    }
    for (unsigned s = 0; s < g; s++) ok[s] = memcmp(G->it[s].node, pk[s] + p->n, p->n) == 0;
}

void kf_slh_verify_many(const slh_params *p, size_t count, const slh_msg *const *m, const uint8_t *const *sig,
                        const uint8_t *const *pk, int *ok, uint64_t *perms)
{
    slh_ctx c;
    bv_group G;
    size_t done = 0;
    if (perms) *perms = 0;
    while (done < count) {
        size_t left = count - done, g;
        memset(&c, 0, sizeof c);
        c.p = p;
        memcpy(c.pk_seed, pk[done], p->n); /* the templates' PK.seed rows: rewritten per lane */
        kf_slh_ctx_backends(&c);
        g = c.rows && c.width <= SLH_BATCH_MAX ? c.width : 1;
        if (g > left) g = left;
        if (g >= 2) {
            verify_group(&c, &G, (unsigned)g, m + done, sig + done, pk + done, ok + done);
            if (perms) *perms += c.perms;
        } else {
            uint64_t one = 0;
            ok[done] = kf_slh_verify_one(p, m[done], sig[done], pk[done], &one, NULL);
            if (perms) *perms += one;
        }
        done += g;
    }
}
