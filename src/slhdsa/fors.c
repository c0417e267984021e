/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fors.c - FORS few-time signatures (FIPS 205 §8, Algorithms 14-17).
 *
 * Leaves come 64 at a time from two batched calls (PRF for the secret values, then F; on
 * rows, the PRF's outputs stay in the states as F's inputs);
 * the tree levels are batched by kf_slh_merkle. Verification climbs the k trees as one
 * stream of H calls on rows (fors_climb_rows; elsewhere one batched call per level).
 */
#include "slhdsa_internal.h"

/* fors_leaves on rows: w leaves at a time, the PRF's output (rows 0 .. n/8 - 1) moved
 * straight to F's input rows. Both calls differ from leaf to leaf only in the tree index
 * (the high half of ADRS word 3), and from each other only in the type (word 2). */
static void fors_leaves_rows(slh_ctx *c, const slh_adrs *adrs, uint32_t first, uint32_t cnt, uint8_t *out)
{
    const kf_backend_xn *xn = c->xn;
    const size_t n = c->p->n, nw = n / 8, ar = SLH_ROW_ADRS(n), in_row = SLH_ROW_IN(n);
    const unsigned w = xn->n;
    uint64_t *S = (uint64_t *)(void *)c->scratch, *T = c->tmpl[0];
    slh_adrs a = *adrs;
    adrs_set_type(&a, SLH_FORS_PRF); /* Algorithm 14 */
    adrs_set_keypair(&a, adrs_get_keypair(adrs));
    const uint64_t w0 = slh_word(a.b), w1 = slh_word(a.b + 8), type_prf = slh_word(a.b + 16);
    adrs_set_type(&a, SLH_FORS_TREE); /* Algorithm 15, z = 0 */
    adrs_set_keypair(&a, adrs_get_keypair(adrs));
    const uint64_t type_tree = slh_word(a.b + 16);
    for (unsigned i = 0; i < w; i++) {
        T[ar * w + i] = w0;
        T[(ar + 1) * w + i] = w1;
        for (size_t k = 0; k < nw; k++) T[(in_row + k) * w + i] = slh_word(c->sk_seed + 8 * k);
    }
    for (uint32_t g = 0; g < cnt; g += w) {
        const uint32_t m = cnt - g < w ? cnt - g : w;
        for (unsigned i = 0; i < w; i++) {
            T[(ar + 2) * w + i] = type_prf;
            T[(ar + 3) * w + i] = slh_word_with_hash(0, first + g + (i < m ? i : m - 1));
        }
        kf_slh_rows_permute(xn, S, T, 0, 0, 0);          /* PRF: the secret values */
        for (unsigned i = 0; i < w; i++) T[(ar + 2) * w + i] = type_tree;
        kf_slh_rows_permute(xn, S, T, in_row, 0, nw);    /* F of them: the leaves */
        c->perms += 2 * (uint64_t)m;
        for (unsigned i = 0; i < m; i++)
            for (size_t k = 0; k < nw; k++) slh_put_word(out + (size_t)(g + i) * n + 8 * k, S[k * w + i]);
    }
}

/* FORS leaves first .. first+cnt-1 (global tree indices): F(PRF(...)). adrs: FORS_TREE with
 * its key pair address. */
static void fors_leaves(slh_ctx *c, const slh_adrs *adrs, uint32_t first, uint32_t cnt, uint8_t *out,
                        const void *arg)
{
    (void)arg;
    const size_t n = c->p->n;
    if (c->rows && cnt >= c->width) {
        fors_leaves_rows(c, adrs, first, cnt, out);
        return;
    }
    slh_adrs a[64];
    uint8_t *o[64];
    uint32_t kp = adrs_get_keypair(adrs);
    if (cnt == 0 || cnt > 64) return; /* never: kf_slh_merkle asks for 1..64 leaves */
    for (uint32_t i = 0; i < cnt; i++) {
        a[i] = *adrs;
        adrs_set_type(&a[i], SLH_FORS_PRF); /* Algorithm 14 */
        adrs_set_keypair(&a[i], kp);
        adrs_set_tree_index(&a[i], first + i);
        o[i] = out + i * n;
    }
    kf_slh_thash_batch(c, cnt, a, NULL, 0, o);
    for (uint32_t i = 0; i < cnt; i++) { /* Algorithm 15, z = 0 */
        a[i] = *adrs;
        adrs_set_tree_height(&a[i], 0);
        adrs_set_tree_index(&a[i], first + i);
    }
    kf_slh_thash_batch(c, cnt, a, (const uint8_t *const *)o, n, o);
}

/* T_k of the k roots (Algorithm 17, 21-24). */
/*@ requires slh_ctx_ok(c) && \valid_read(adrs);
    requires \valid_read(roots + (0 .. c->p->k * c->p->n - 1));
    requires \valid(pk + (0 .. c->p->n - 1)) && \separated(c, pk + (0 .. c->p->n - 1));
    assigns *c, pk[0 .. c->p->n - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c); */
static void fors_compress(slh_ctx *c, const slh_adrs *adrs, const uint8_t *roots, uint8_t *pk)
{
    slh_adrs pk_adrs = *adrs;
    adrs_set_type(&pk_adrs, SLH_FORS_ROOTS);
    adrs_set_keypair(&pk_adrs, adrs_get_keypair(adrs));
    kf_slh_thash(c, &pk_adrs, roots, (size_t)c->p->k * c->p->n, pk);
}

/* The trees of a FORS signature are built in lock-step groups of up to FORS_GROUP trees:
 * chunk s of every tree of the group (2^CHUNK leaves each), then each level of the chunks
 * as one batch over all of the group's trees, then the levels above the chunks' roots the
 * same way. A tree's narrow levels (4, 2, 1 nodes) would otherwise be batched calls with
 * idle lanes, several per tree; together they fill the lanes. The group shrinks when the
 * chunk roots of FORS_GROUP trees would not fit FORS_TOPS_BYTES (the 's' sets' a = 14). */
#define CHUNK 6
#define FORS_GROUP 8
#define FORS_TOPS_BYTES 16384
#define FORS_BATCH 256 /* nodes of one level of a group, at most: 8 * 32, or 2 * 128 */

/* (ACSL, the unit slhdsa_fors) the sizes of Algorithm 17 for the six sets, as a ghost lemma
 * function: proved here once by casing the sets, a caller gets them as linear facts. */
/*@ ghost
  /@ requires kf_slh_params_ok(p);
     assigns \nothing;
     ensures 1 <= p->a <= SLH_MAX_A && 1 <= p->k <= SLH_MAX_K && (p->n == 16 || p->n == 24 || p->n == 32);
     ensures (1 + p->a) * p->n == p->n + p->a * p->n && 0 < (1 + p->a) * p->n <= 480;
     ensures p->k * (1 + p->a) * p->n == p->k * ((1 + p->a) * p->n);
     ensures p->k * p->n <= SLH_MAX_K * SLH_MAX_N && (p->k * p->n / 8) * 8 == p->k * p->n;
     ensures p->k * (2 * p->n) <= SLH_MAX_K * 2 * SLH_MAX_N; @/
  static void fors_sizes(const slh_params *p) { }
*/
typedef struct fors_group {
    const slh_adrs *adrs;
    const uint32_t *idx; /* the signed leaf of each tree of the signature */
    unsigned t0, count;  /* trees t0 .. t0 + count - 1 */
    uint8_t *sig;        /* the signature's FORS part */
} fors_group;

/* (ACSL, unit slhdsa_trees) item t m + i of group_level's batch: below the count m items, node i's
 * n bytes within the m n of its tree's level, its children's 2n within the 2 m n below. */
/*@ ghost
  /@ requires t < count <= FORS_GROUP && i < m && count * m <= FORS_BATCH && (n == 16 || n == 24 || n == 32);
     assigns \nothing;
     ensures t * m + i < count * m && (t + 1) * m <= count * m && t * m + m == (t + 1) * m;
     ensures 0 <= i * n && i * n + n <= m * n && 0 <= 2 * i * n && 2 * i * n + 2 * n <= 2 * m * n;
     ensures m <= FORS_BATCH && 2 * m * n <= 2 * FORS_BATCH * 32;
     ensures (size_t)((size_t)(2 * i) * n) == 2 * (i * n) && (size_t)(i * n) == i * n; @/
  static void group_at(unsigned t, unsigned count, uint32_t i, uint32_t m, size_t n) { }
*/
/*@ ghost
  /@ requires t < count <= FORS_GROUP && count * m <= FORS_BATCH;
     assigns \nothing;
     ensures t * m + m == (t + 1) * m && (t + 1) * m <= count * m; @/
  static void group_next(unsigned t, unsigned count, uint32_t m) { }
*/
/* One level of the group: node i (< m per tree) of tree t at height z from its children
 * at nodes[t] + 2i*n, into nodes[t] + i*n; global index (base_t >> z) + i.
 * (ACSL) over kf_slh_h_batch's contract: each tree's 2 m nodes below read, its m nodes written,
 * apart from the context, its set and (rows) its batched table; z <= a keeps the shift below 32. */
/*@ requires slh_ctx_ok(c) && slh_ctx_bk(c) && (c->rows != 0 ==> slh_ctx_rows(c));
    requires \valid_read(f) && \valid_read(f->adrs) && f->count <= FORS_GROUP && f->count * m <= FORS_BATCH;
    requires z <= c->p->a;
    requires \valid_read(base + (0 .. f->count - 1)) && \valid_read(nodes + (0 .. f->count - 1));
    requires \forall integer t; 0 <= t < f->count ==> \valid(nodes[t] + (0 .. 2 * m * c->p->n - 1)) &&
      \separated(nodes[t] + (0 .. 2 * m * c->p->n - 1), c, c->p);
    requires c->rows != 0 ==> \forall integer t; 0 <= t < f->count ==>
      \separated(nodes[t] + (0 .. 2 * m * c->p->n - 1), c->xn);
    assigns *c, *(nodes[0 .. f->count - 1] + (0 .. m * c->p->n - 1)), kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c) && slh_ctx_ok(c) && (c->rows != 0 ==> slh_ctx_rows(c));
    ensures c->p->n == \old(c->p->n);
    ensures group_bk: slh_ctx_bk(c); */
static void group_level(slh_ctx *c, const fors_group *f, unsigned z, uint32_t m, uint8_t *const *nodes,
                        const uint32_t *base)
{
    const size_t n = c->p->n;
    uint32_t index[FORS_BATCH];
    const uint8_t *in[FORS_BATCH];
    uint8_t *out[FORS_BATCH];
    size_t cnt = 0;
    //@ ghost fors_sizes(c->p);
    //@ assert za: z <= SLH_MAX_A && (n == 16 || n == 24 || n == 32);
    /* (ACSL) item q's tree gt[q] and node offset go[q], as ghost arrays: the witnesses of "in[q] lies in some
     * tree's level" (an existential CVC4 did not keep across the loop, session 52) */
    //@ ghost unsigned gt[FORS_BATCH];
    //@ ghost const unsigned gcount = f->count;
    //@ ghost size_t go[FORS_BATCH];
    /*@ loop invariant 0 <= t <= gcount && gcount <= FORS_GROUP;
        loop invariant tm: cnt == t * m;
        loop invariant kept: gcount == f->count && c->p->n == n;
        loop invariant items: \forall integer q; 0 <= q < cnt ==> gt[q] < t && go[q] + n <= m * n &&
          (\let u = gt[q]; in[q] == \at(nodes[u], Pre) + 2 * go[q] && out[q] == \at(nodes[u], Pre) + go[q]);
        loop assigns t, cnt, index[0 .. FORS_BATCH - 1], in[0 .. FORS_BATCH - 1], out[0 .. FORS_BATCH - 1],
          gt[0 .. FORS_BATCH - 1], go[0 .. FORS_BATCH - 1];
        loop variant gcount - t; */
    for (unsigned t = 0; t < f->count; t++) {
        //@ ghost group_next(t, gcount, m);
        //@ assert nt: \let u = t; nodes[u] == \at(nodes[u], Pre);
        /*@ loop invariant 0 <= i <= m && cnt == t * m + i && t < gcount && gcount == f->count && c->p->n == n;
            loop invariant nt: \let u = t; nodes[u] == \at(nodes[u], Pre);
            loop invariant items: \forall integer q; 0 <= q < cnt ==> gt[q] <= t && go[q] + n <= m * n &&
              (\let u = gt[q]; in[q] == \at(nodes[u], Pre) + 2 * go[q] && out[q] == \at(nodes[u], Pre) + go[q]);
            loop assigns i, cnt, index[0 .. FORS_BATCH - 1], in[0 .. FORS_BATCH - 1], out[0 .. FORS_BATCH - 1],
              gt[0 .. FORS_BATCH - 1], go[0 .. FORS_BATCH - 1];
            loop variant m - i; */
        for (uint32_t i = 0; i < m; i++, cnt++) {
            //@ ghost group_at(t, gcount, i, m, n);
            index[cnt] = (base[t] >> z) + i;
            in[cnt] = nodes[t] + 2 * (size_t)i * n;
            out[cnt] = nodes[t] + (size_t)i * n;
            //@ ghost gt[cnt] = t;
            //@ ghost go[cnt] = (size_t)i * n;
            //@ assert cur1: gt[cnt] == t && go[cnt] == i * n && go[cnt] + n <= m * n;
            //@ assert cur2: \let u = t; out[cnt] == \at(nodes[u], Pre) + go[cnt];
            //@ assert cur3: \let u = t; in[cnt] == \at(nodes[u], Pre) + 2 * go[cnt];
        }
        //@ assert next: cnt == t * m + m && cnt == (t + 1) * m && t + 1 <= gcount && (unsigned)(t + 1) == t + 1;
    }
    /*@ assert ins: \forall integer q, k; 0 <= q < cnt && 0 <= k < 2 * n ==>
                    0 <= gt[q] < gcount && (\let u = gt[q]; in[q] + k == \at(nodes[u], Pre) + (2 * go[q] + k)) &&
                    0 <= 2 * go[q] + k < 2 * m * n; */
    /*@ assert outs: \forall integer q, k; 0 <= q < cnt && 0 <= k < n ==>
                     0 <= gt[q] < gcount && (\let u = gt[q]; out[q] + k == \at(nodes[u], Pre) + (go[q] + k)) &&
                     0 <= go[q] + k < m * n; */
    kf_slh_h_batch(c, f->adrs, z, cnt, index, in, out);
    //@ assert kept: c->p == \at(c->p, Pre) && c->p->n == \at(c->p->n, Pre);
}

/* (ACSL) node j of m (m <= 2^SLH_MAX_A, n bytes each) lies within the m n bytes, as a ghost lemma
 * (slh_offset_facts' kind, for the wider levels of a FORS tree). */
/*@ ghost
  /@ requires 0 <= j < m <= 16384 && 0 < x <= 32;
     assigns \nothing;
     ensures 0 <= j * x && j * x + x <= m * x && m * x <= 524288; @/
  static void fors_node_at(uint32_t j, uint32_t m, size_t x) { }
*/
/* (ACSL) tree j's authentication slot z (n bytes at j pt + n + z n, pt = (1 + a) n) lies within
 * the k trees' k pt bytes of SIG_FORS. */
/*@ ghost
  /@ requires j < k <= SLH_MAX_K && z < a <= SLH_MAX_A && (n == 16 || n == 24 || n == 32) && pt == n + a * n;
     assigns \nothing;
     ensures 0 <= j * pt && 0 <= z * n && j * pt + n + z * n + n <= k * pt && k * pt <= 16800; @/
  static void fors_slot(unsigned j, unsigned k, unsigned z, unsigned a, size_t n, size_t pt)
  {
      slh_offset_facts(j, k, pt);
      slh_offset_facts(z, a, n);
  }
*/
/* The sibling at height z of each tree's signed leaf, when it lies in nodes[t] (the
 * tree's nodes at height z from local index first on), into the signature.
 * (ACSL) trees t0 .. t0 + count - 1 of the set's k, z < a: the copy is tree t's auth slot z,
 * n bytes within its (1 + a) n of SIG_FORS; the m nodes of each nodes[t] readable, apart from it. */
/*@ requires kf_slh_params_ok(p) && \valid_read(f) && f->count <= FORS_GROUP && f->t0 + f->count <= p->k;
    requires z < p->a && 0 < m <= 16384;
    requires \valid_read(f->idx + (0 .. p->k - 1)) && \valid_read(nodes + (0 .. f->count - 1));
    requires sig: \valid(f->sig + (0 .. p->k * ((1 + p->a) * p->n) - 1));
    requires \separated(f->sig + (0 .. p->k * ((1 + p->a) * p->n) - 1), p, f, f->idx + (0 .. p->k - 1),
                        nodes + (0 .. f->count - 1));
    requires \forall integer t; 0 <= t < f->count ==> \valid_read(nodes[t] + (0 .. m * p->n - 1)) &&
      \separated(nodes[t] + (0 .. m * p->n - 1), f->sig + (0 .. p->k * ((1 + p->a) * p->n) - 1));
    assigns f->sig[0 .. p->k * ((1 + p->a) * p->n) - 1]; */
static void group_auth(const slh_params *p, const fors_group *f, unsigned z, uint32_t first, uint32_t m,
                       uint8_t *const *nodes)
{
    const size_t n = p->n, per_tree = (size_t)(1 + p->a) * n;
    //@ ghost fors_sizes(p);
    //@ assert pa: 0 < 1 + p->a <= 15 && (1 + p->a) * n <= 480;
    //@ assert pb: (unsigned)(1 + p->a) == 1 + p->a;
    //@ assert pc: (size_t)((1 + p->a) * n) == (1 + p->a) * n;
    //@ assert pt: per_tree == n + p->a * n && per_tree == (1 + p->a) * p->n;
    /* (ACSL) the set's k and a, f's fields and SIG_FORS's bytes as ghost constants: the loop's frame
     * then names no memory (a region whose size reads p would need the frame to keep p itself) */
    //@ ghost const unsigned gk = p->k, ga = p->a, gt0 = f->t0, gcount = f->count;
    //@ ghost uint8_t *const gsig = f->sig;
    //@ ghost fors_slot(0, gk, 0, ga, n, per_tree);
    //@ assert kpt: gk * per_tree == p->k * ((1 + p->a) * p->n);
    //@ assert sigs: \valid(gsig + (0 .. gk * per_tree - 1)) && gt0 + gcount <= gk && gcount <= FORS_GROUP;
    //@ assert sep: \separated(gsig + (0 .. gk * per_tree - 1), p, f, f->idx + (0 .. gk - 1), nodes + (0 .. gcount - 1));
    /*@ assert nodes: \forall integer u; 0 <= u < gcount ==> \valid_read(nodes[u] + (0 .. m * n - 1)) &&
                      \separated(nodes[u] + (0 .. m * n - 1), gsig + (0 .. gk * per_tree - 1)); */
    /*@ loop invariant 0 <= t <= gcount;
        loop invariant p->k == gk && p->a == ga && p->n == n && f->t0 == gt0 && f->count == gcount && f->sig == gsig;
        loop invariant nodes_l: \forall integer u; 0 <= u < gcount ==> \valid_read(nodes[u] + (0 .. m * n - 1)) &&
                       \separated(nodes[u] + (0 .. m * n - 1), gsig + (0 .. gk * per_tree - 1));
        loop assigns t, gsig[0 .. gk * per_tree - 1];
        loop variant gcount - t; */
    for (unsigned t = 0; t < f->count; t++) {
        uint32_t sib = (f->idx[f->t0 + t] >> z) ^ 1;
        if (sib >= first && sib - first < m) {
            //@ ghost fors_node_at(sib - first, m, n);
            //@ ghost const unsigned gj = gt0 + t;
            //@ assert j: gj == gt0 + t && gj < gk;
            //@ ghost fors_slot(gj, gk, z, ga, n, per_tree);
            //@ assert dst: \valid(gsig + gj * per_tree + n + z * n + (0 .. n - 1));
            //@ ghost const uint32_t gq = sib - first;
            //@ assert q: gq == sib - first && gq < m && t < gcount;
            //@ assert src: \valid_read(nodes[t] + gq * n + (0 .. n - 1));
            //@ assert sep2: \separated(nodes[t] + gq * n + (0 .. n - 1), gsig + gj * per_tree + n + z * n + (0 .. n - 1));
            memcpy(f->sig + (f->t0 + t) * per_tree + n + z * n, nodes[t] + (sib - first) * n, n);
        }
    }
}

static void fors_group_sign(slh_ctx *c, const fors_group *f, uint8_t *roots)
{
    const slh_params *p = c->p;
    const size_t n = p->n;
    const unsigned ch = p->a < CHUNK ? p->a : CHUNK, up = p->a - ch;
    const uint32_t chunks = 1u << up;
    uint8_t buf[FORS_GROUP][(1u << CHUNK) * SLH_MAX_N];
    uint8_t tops[FORS_TOPS_BYTES];
    uint8_t *nodes[FORS_GROUP], *top[FORS_GROUP];
    uint32_t base[FORS_GROUP];
    for (unsigned t = 0; t < f->count; t++) top[t] = tops + t * (size_t)chunks * n;
    for (uint32_t s = 0; s < chunks; s++) {
        for (unsigned t = 0; t < f->count; t++) {
            nodes[t] = buf[t];
            base[t] = ((f->t0 + t) << p->a) + (s << ch);
            fors_leaves(c, f->adrs, base[t], 1u << ch, buf[t], NULL);
        }
        for (unsigned z = 0; z < ch; z++) {
            group_auth(p, f, z, s << (ch - z), 1u << (ch - z), nodes);
            group_level(c, f, z + 1, 1u << (ch - z - 1), nodes, base);
        }
        for (unsigned t = 0; t < f->count; t++) memcpy(top[t] + s * n, buf[t], n);
    }
    for (unsigned t = 0; t < f->count; t++) base[t] = (f->t0 + t) << p->a;
    for (unsigned z = ch; z < p->a; z++) {
        group_auth(p, f, z, 0, 1u << (p->a - z), top);
        group_level(c, f, z + 1, 1u << (p->a - z - 1), top, base);
    }
    for (unsigned t = 0; t < f->count; t++) memcpy(roots + (f->t0 + t) * n, top[t], n);
    kf_memzero(buf, sizeof buf);
    kf_memzero(tops, sizeof tops);
}

void kf_slh_fors_sign(slh_ctx *c, const uint8_t *md, const slh_adrs *adrs, uint8_t *sig, uint8_t *pk)
{
    const slh_params *p = c->p;
    const size_t n = p->n, per_tree = (size_t)(1 + p->a) * n;
    uint32_t idx[SLH_MAX_K];
    uint8_t roots[SLH_MAX_K * SLH_MAX_N];
    slh_adrs sk_adrs[SLH_MAX_K];
    uint8_t *sk_out[SLH_MAX_K];
    kf_slh_base_2b(md, p->a, p->k, idx);
    for (unsigned i = 0; i < p->k; i++) { /* the k revealed secret values, Algorithm 14 */
        sk_adrs[i] = *adrs;
        adrs_set_type(&sk_adrs[i], SLH_FORS_PRF);
        adrs_set_keypair(&sk_adrs[i], adrs_get_keypair(adrs));
        adrs_set_tree_index(&sk_adrs[i], (i << p->a) + idx[i]);
        sk_out[i] = sig + i * per_tree;
    }
    kf_slh_thash_batch(c, p->k, sk_adrs, NULL, 0, sk_out);
    const size_t chunk_tops = ((size_t)1 << (p->a > CHUNK ? p->a - CHUNK : 0)) * n;
    unsigned group = (unsigned)(FORS_TOPS_BYTES / chunk_tops);
    if (group > FORS_GROUP) group = FORS_GROUP;
    /* groups of even size (33 trees: 7, 7, 7, 6, 6 rather than 8, 8, 8, 8, 1) */
    const unsigned groups = (p->k + group - 1) / group;
    group = (p->k + groups - 1) / groups;
    for (unsigned t0 = 0; t0 < p->k; t0 += group) {
        fors_group f = {adrs, idx, t0, p->k - t0 < group ? p->k - t0 : group, sig};
        fors_group_sign(c, &f, roots);
    }
    fors_compress(c, adrs, roots, pk);
}

/*@ ghost
  /@ requires 1 <= k <= SLH_MAX_K && (n == 16 || n == 24 || n == 32);
     assigns \nothing;
     ensures (size_t)(k * n) == k * n && (k * n / 8) * 8 == k * n && k * n / 8 <= SLH_MAX_K * SLH_MAX_N / 8; @/
  static void fors_words(unsigned k, size_t n) { }
*/
/* (ACSL) b's k1 x1 bytes readable from its k2 x2 bytes, k1 = k2 and x1 = x2: after a loop's havoc,
 * CVC4 did not find \valid_read(b + (0 .. p->k n - 1)) from p->k = gk within 400,000 steps (the
 * products of equal factors); in this lemma's own goal it does. */
/*@ ghost
  /@ requires k1 == k2 && x1 == x2 && \valid_read(b + (0 .. k2 * x2 - 1));
     assigns \nothing;
     ensures \valid_read(b + (0 .. k1 * x1 - 1)); @/
  static void fors_same(const uint8_t *b, unsigned k1, unsigned k2, size_t x1, size_t x2) { }
*/
/* (ACSL, the unit slhdsa_fors) fors_climb_rows' sizes and positions, as ghost lemma functions
 * (slhdsa_internal.h's slh_offset_facts says why: CVC4 proves the products and divisions alone):
 * the stream of k a calls and the node words; call s < k a is tree s % k at level s / k < a; word
 * i of row r in rows of width w lies within the SLH_ROWS rows. */
/*@ ghost
  /@ requires 1 <= k <= SLH_MAX_K && 1 <= a <= SLH_MAX_A && (n == 16 || n == 24 || n == 32);
     assigns \nothing;
     ensures k * a <= SLH_MAX_K * SLH_MAX_A && k * n / 8 == k * (n / 8) && k * (n / 8) <= SLH_MAX_K * SLH_MAX_N / 8; @/
  static void fors_rows_sizes(unsigned k, unsigned a, size_t n) { }
*/
/*@ ghost
  /@ requires 1 <= k <= SLH_MAX_K && 1 <= a <= SLH_MAX_A && s < k * a;
     assigns \nothing;
     ensures s % k < k && s / k < a; @/
  static void fors_stream(unsigned s, unsigned k, unsigned a) { }
*/
/*@ ghost
  /@ requires r < SLH_ROWS && i < w <= SLH_MAX_LANES;
     assigns \nothing;
     ensures 0 <= r * w && r * w + i < SLH_ROWS * w <= SLH_ROWS * SLH_MAX_LANES; @/
  static void fors_row_at(size_t r, unsigned i, unsigned w) { }
*/
/* (ACSL) the index bit b as a factor: b nw is 0 or nw (CVC4 did not find at_node's bound from
 * 0 <= b <= 1 within 400,000 steps; with this lemma's two cases it does). */
/*@ ghost
  /@ requires b == 0 || b == 1;
     requires nw <= 4;
     assigns \nothing;
     ensures b == 0 && b * nw == 0 || b == 1 && b * nw == nw; @/
  static void fors_pick(size_t b, size_t nw) { }
*/
/* Lane i of fors_climb_rows' H template (rows of width w) for tree t's node at height z (a call
 * of the stream): ADRS word 3 (height z, index leaf >> z), then its two inputs, the node below
 * (node[t nw ..]) and the authentication value, in the order the index bit says. Its own
 * function so that a proof of its index facts does not carry the caller's context (the set, the
 * context's layout); always inlined: the -O3 object code is the one of the loop body it was
 * (objdump -d, identical; a plain static function lost the loop's unrolling by tree[]'s bound). */
/*@ requires 1 <= k <= SLH_MAX_K && 1 <= a <= SLH_MAX_A && (n == 16 || n == 24 || n == 32);
    requires nw == n / 8 && ar == SLH_ROW_ADRS(n) && in_row == SLH_ROW_IN(n) && per_tree == n + a * n;
    requires i < w <= SLH_MAX_LANES && t < k && 1 <= z <= a;
    requires \valid(T + (0 .. SLH_ROWS * w - 1));
    requires \valid_read(sig + (0 .. k * per_tree - 1)) && \valid_read(idx + (0 .. k - 1));
    requires \valid_read(node + (0 .. k * nw - 1));
    assigns T[0 .. SLH_ROWS * w - 1]; */
static inline __attribute__((always_inline)) void fors_lane(uint64_t *T, unsigned w, unsigned i, size_t n,
                                                            size_t nw, size_t ar, size_t in_row, size_t per_tree,
                                                            unsigned a, unsigned t, unsigned z, const uint8_t *sig,
                                                            const uint32_t *idx, const uint64_t *node)
    /*@ ghost (unsigned k) */
{
    //@ assert nw8: 8 * nw == n && 2 <= nw <= 4 && in_row == nw + 4 && ar == nw;
    const uint32_t leaf = (t << a) + idx[t];
    const uint8_t *auth = sig + t * per_tree + n + (z - 1) * n;
    //@ ghost slh_offset_facts(t, k, per_tree);
    //@ ghost slh_offset_facts(z - 1, a, n);
    //@ assert auth: \valid_read(auth + (0 .. n - 1));
    const size_t at_node = in_row + ((leaf >> (z - 1)) & 1) * nw, at_auth = in_row + in_row + nw - at_node;
    //@ assert bit: 0 <= ((leaf >> (z - 1)) & 1) <= 1;
    //@ ghost fors_pick((leaf >> (z - 1)) & 1, nw);
    //@ assert at: in_row <= at_node && at_node + nw <= in_row + 2 * nw && in_row <= at_auth && at_auth + nw <= in_row + 2 * nw;
    //@ ghost slh_offset_facts(t, k, nw);
    //@ ghost fors_row_at(ar + 3, i, w);
    T[(ar + 3) * w + i] = slh_word_with_hash((uint64_t)z << 24, leaf >> z);
    /*@ loop invariant 0 <= q <= nw;
        loop assigns q, T[0 .. SLH_ROWS * w - 1];
        loop variant nw - q; */
    for (size_t q = 0; q < nw; q++) {
        //@ ghost fors_row_at(at_node + q, i, w);
        //@ ghost fors_row_at(at_auth + q, i, w);
        T[(at_node + q) * w + i] = node[t * nw + q];
        T[(at_auth + q) * w + i] = slh_word(auth + 8 * q);
    }
}

/* One call's outputs back: lane i < m's n / 8 words (the states' rows 0 .. nw - 1) into tree
 * tree[i]'s node words. */
/*@ requires 1 <= k <= SLH_MAX_K && 2 <= nw <= 4 && m <= w <= SLH_MAX_LANES;
    requires \valid_read(tree + (0 .. m - 1)) && \forall integer j; 0 <= j < m ==> tree[j] < k;
    requires \valid(node + (0 .. k * nw - 1)) && \valid_read(S + (0 .. SLH_ROWS * w - 1));
    requires \separated(node + (0 .. k * nw - 1), tree + (0 .. m - 1));
    assigns node[0 .. k * nw - 1]; */
static void fors_rows_out(uint64_t *node, const uint64_t *S, const unsigned *tree, unsigned m, unsigned w, size_t nw)
    /*@ ghost (unsigned k) */
{
    /*@ loop invariant 0 <= i <= m;
        loop assigns i, node[0 .. k * nw - 1];
        loop variant m - i; */
    for (unsigned i = 0; i < m; i++)
        /*@ loop invariant 0 <= q <= nw;
            loop assigns q, node[0 .. k * nw - 1];
            loop variant nw - q; */
        for (size_t q = 0; q < nw; q++) {
            //@ ghost fors_row_at(q, i, w);
            //@ ghost slh_offset_facts(tree[i], k, nw);
            node[tree[i] * nw + q] = S[q * w + i];
        }
}

/* Algorithm 17's climbs on rows: the k trees' nodes above the leaves as one stream of
 * k * a H calls, level by level and tree by tree, w at a time. A call may hold the last
 * trees of one level and the first of the next: tree t's node at height z needs the one
 * at z-1, which lies k places earlier in the stream, so in an earlier call when k >= w
 * (the caller checks; every SHAKE set has k >= 14). Each lane's ADRS word 3 and its two inputs (the node and the
 * authentication value, in the order the index bit says) go straight into the template;
 * the output rows go back to node[]. Compared with a batched call per level (k = 33: four
 * calls of 8 and a lone x1 call for every level), the levels share the calls: 0.78-0.87x the
 * time (BENCHMARK_HISTORY.md, "SLH-DSA verify, 2026-11-22"). */
/*@ requires slh_ctx_ok(c) && c->rows != 0 && slh_ctx_rows(c) && \valid_read(adrs);
    requires \valid_read(sig + (0 .. c->p->k * (1 + c->p->a) * c->p->n - 1));
    requires \valid_read(idx + (0 .. c->p->k - 1));
    requires \valid(node + (0 .. c->p->k * c->p->n / 8 - 1)) && \separated(c, node + (0 .. c->p->k * c->p->n / 8 - 1));
    requires \separated(node + (0 .. c->p->k * c->p->n / 8 - 1), c->p) && \separated(node + (0 .. c->p->k * c->p->n / 8 - 1), c->xn);
    assigns *c, node[0 .. c->p->k * c->p->n / 8 - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c) && slh_ctx_ok(c);
    ensures c->p->n == \old(c->p->n) && c->p->k == \old(c->p->k) && c->p->a == \old(c->p->a); */
static void fors_climb_rows(slh_ctx *c, const uint8_t *sig, const uint32_t *idx, const slh_adrs *adrs,
                            uint64_t *node)
{
    const kf_backend_xn *xn = c->xn;
    const slh_params *p = c->p;
    const size_t n = p->n, nw = n / 8, ar = SLH_ROW_ADRS(n), in_row = SLH_ROW_IN(n);
    const size_t per_tree = (size_t)(1 + p->a) * n;
    const unsigned w = xn->n, k = p->k, total = k * p->a;
    uint64_t *S = (uint64_t *)(void *)c->scratch, *T = c->tmpl[1];
    unsigned tree[SLH_MAX_LANES];
    slh_adrs a = *adrs;
    //@ ghost fors_sizes(p);
    //@ ghost fors_rows_sizes(k, p->a, n);
    //@ ghost const unsigned ga = p->a;
    //@ assert pt: per_tree == n + ga * n && per_tree <= 480 && k * per_tree == p->k * (1 + p->a) * p->n;
    /* (ACSL) the facts the loops need, out of slh_ctx_ok and slh_ctx_rows, as plain hypotheses */
    /*@ assert sizes: 2 <= w <= SLH_MAX_LANES && 1 <= k <= SLH_MAX_K && 1 <= ga <= SLH_MAX_A &&
                      (n == 16 || n == 24 || n == 32) && nw == n / 8 && total == k * ga && k * nw == k * n / 8; */
    //@ assert sep: \separated(c, p) && \separated(node + (0 .. k * nw - 1), p);
    /*@ assert bufs: \valid_read(sig + (0 .. k * per_tree - 1)) && \valid_read(idx + (0 .. k - 1)) &&
                     \valid(node + (0 .. k * nw - 1)) && \valid(T + (0 .. SLH_ROWS * w - 1)) &&
                     \valid(S + (0 .. SLH_ROWS * w - 1)); */
    /* (ACSL) bufs' \valid of S counts c->scratch in cells, one per word: its 25 w words in bytes
     * (slh_ctx_rows; docs/ASSURANCE.md, "widened pointer views") */
    //@ assert S_bytes: SLH_ROWS * w * sizeof(uint64_t) <= sizeof(c->scratch);
    adrs_set_tree_height(&a, 0);
    adrs_set_tree_index(&a, 0);
    /* (ACSL) the loops below assign *c (their writes are T's, S's and c->perms): a prover then
     * keeps the set's fields by the separation of c and c->p alone (as fors_level's kept1/2) */
    /*@ loop invariant 0 <= i <= w && c->p == p && c->xn == xn && c->rows == \at(c->rows, Pre) &&
                       c->width == \at(c->width, Pre) && c->x1 == \at(c->x1, Pre);
        loop assigns i, *c;
        loop variant w - i; */
    for (unsigned i = 0; i < w; i++)
        /*@ loop invariant 0 <= r <= 3;
            loop assigns r, T[0 .. SLH_ROWS * w - 1];
            loop variant 3 - r; */
        for (unsigned r = 0; r < 3; r++) {
            //@ ghost fors_row_at(ar + r, i, w);
            T[(ar + r) * w + i] = slh_word(a.b + 8 * r);
        }
    /*@ loop invariant 0 <= s0 <= total + w && c->p == p && c->xn == xn && c->rows == \at(c->rows, Pre) &&
                       c->width == \at(c->width, Pre) && c->x1 == \at(c->x1, Pre);
        loop invariant p->a == ga && p->k == k && p->n == n;
        loop assigns s0, tree[0 .. SLH_MAX_LANES - 1], *c, node[0 .. k * nw - 1], kf_spec_xn_table;
        loop variant total - s0; */
    for (unsigned s0 = 0; s0 < total; s0 += w) {
        const unsigned m = total - s0 < w ? total - s0 : w;
        /*@ loop invariant 0 <= i <= m && p->a == ga;
            loop invariant \forall integer j; 0 <= j < i ==> tree[j] < k;
            loop assigns i, tree[0 .. SLH_MAX_LANES - 1], T[0 .. SLH_ROWS * w - 1];
            loop variant m - i; */
        for (unsigned i = 0; i < m; i++) {
            const unsigned t = (s0 + i) % k, z = (s0 + i) / k + 1; /* node at height z */
            //@ ghost fors_stream(s0 + i, k, ga);
            tree[i] = t;
            fors_lane(T, w, i, n, nw, ar, in_row, per_tree, p->a, t, z, sig, idx, node) /*@ ghost (k) */;
        }
        kf_slh_rows_permute(xn, S, T, 0, 0, 0);
        c->perms += m;
        fors_rows_out(node, S, tree, m, w, nw) /*@ ghost (k) */;
    }
    /*@ assert kept1: c->p == \at(c->p, Pre) && c->p->n == \at(c->p->n, Pre) && c->p->h == \at(c->p->h, Pre) &&
                      c->p->d == \at(c->p->d, Pre) && c->p->hp == \at(c->p->hp, Pre) && c->p->a == \at(c->p->a, Pre) &&
                      c->p->k == \at(c->p->k, Pre); */
    /*@ assert kept2: c->p->m == \at(c->p->m, Pre) && c->p->len == \at(c->p->len, Pre) &&
                      c->p->pk_bytes == \at(c->p->pk_bytes, Pre) && c->p->sk_bytes == \at(c->p->sk_bytes, Pre) &&
                      c->p->sig_bytes == \at(c->p->sig_bytes, Pre); */
}

/* One level of the k trees (Algorithm 17): node + i n := thash(a[i], in[i] (inlen bytes)) for
 * i < cnt, through kf_slh_thash_batch, out[i] being node + i n (the caller builds out[] once).
 * The caller sees one output buffer, node[0 .. cnt n): the batch's assigns over out[i]'s n bytes
 * each, where a proof needs out[i] = node + i n for every i at once, is carried here (a prover
 * cannot keep a caller's other memory through it otherwise). */
/*@ requires slh_ctx_ok(c) && slh_ctx_bk(c) && 0 < cnt <= c->p->k && 0 < inlen <= 2 * c->p->n && (c->rows != 0 ==> slh_ctx_rows(c));
    requires \valid_read(a + (0 .. cnt - 1)) && \valid_read(in + (0 .. cnt - 1));
    requires \separated(c, a + (0 .. cnt - 1), in + (0 .. cnt - 1), out + (0 .. cnt - 1)) &&
             \separated(c->p, a + (0 .. cnt - 1), in + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires \forall integer i; 0 <= i < cnt ==> \valid_read(in[i] + (0 .. inlen - 1));
    requires \valid(node + (0 .. cnt * c->p->n - 1)) && \separated(c, c->p, node + (0 .. cnt * c->p->n - 1));
    requires \separated(node + (0 .. cnt * c->p->n - 1), a + (0 .. cnt - 1), in + (0 .. cnt - 1), out + (0 .. cnt - 1));
    requires \valid_read(out + (0 .. cnt - 1));
    requires \forall integer i; 0 <= i < cnt ==> out[i] == node + i * c->p->n && 0 <= i * c->p->n && i * c->p->n + c->p->n <= cnt * c->p->n;
    assigns *c, node[0 .. cnt * c->p->n - 1], kf_spec_xn_table;
    ensures slh_ctx_same{Old, Here}(c);
    ensures slh_ctx_ok(c) && (c->rows != 0 ==> slh_ctx_rows(c));
    ensures level_bk: slh_ctx_bk(c);
    ensures c->p->n == \old(c->p->n) && c->p->k == \old(c->p->k) && c->p->a == \old(c->p->a); */
static void fors_level(slh_ctx *c, unsigned cnt, const slh_adrs *a, const uint8_t *const *in, size_t inlen,
                       uint8_t *node, uint8_t *const *out)
{
    (void)node; /* the contract's name for out[0] */
    //@ ghost fors_sizes(c->p);
    /*@ assert outs: \forall integer i, j; 0 <= i < cnt && 0 <= j < c->p->n ==>
                     out[i] + j == node + (i * c->p->n + j) && 0 <= i * c->p->n + j < cnt * c->p->n; */
    /*@ assert outs_in: \forall integer i; 0 <= i < cnt ==>
                        \subset(out[i] + (0 .. c->p->n - 1), node + (0 .. cnt * c->p->n - 1)); */
    kf_slh_thash_batch(c, cnt, a, in, inlen, out);
    /*@ assert kept1: c->p == \at(c->p, Pre) && c->p->n == \at(c->p->n, Pre) && c->p->h == \at(c->p->h, Pre) &&
                      c->p->d == \at(c->p->d, Pre) && c->p->hp == \at(c->p->hp, Pre) && c->p->a == \at(c->p->a, Pre) &&
                      c->p->k == \at(c->p->k, Pre); */
    /*@ assert kept2: c->p->m == \at(c->p->m, Pre) && c->p->len == \at(c->p->len, Pre) &&
                      c->p->pk_bytes == \at(c->p->pk_bytes, Pre) && c->p->sk_bytes == \at(c->p->sk_bytes, Pre) &&
                      c->p->sig_bytes == \at(c->p->sig_bytes, Pre); */
}

/* Level j + 1 of Algorithm 17's k climbs: tree i's node (node + i n) and its authentication
 * value (sig + i per_tree + n + j n), in the order bit j of idx[i] says, into pair + 2 i n,
 * with its ADRS a[i] and in[i] = pair + 2 i n. */
/*@ requires \valid_read(p) && p->k == k && 1 <= k <= SLH_MAX_K && j < p->a <= SLH_MAX_A && (n == 16 || n == 24 || n == 32);
    requires per_tree == n + p->a * n && per_tree <= 480;
    requires \valid_read(sig + (0 .. k * per_tree - 1)) && \valid_read(idx + (0 .. k - 1));
    requires \valid_read(node + (0 .. k * n - 1)) && \valid(pair + (0 .. k * (2 * n) - 1));
    requires \valid(a + (0 .. k - 1)) && \valid(in + (0 .. k - 1));
    requires \separated(pair + (0 .. k * (2 * n) - 1), p) && \separated(pair + (0 .. k * (2 * n) - 1), sig + (0 .. k * per_tree - 1));
    requires \separated(pair + (0 .. k * (2 * n) - 1), node + (0 .. k * n - 1)) &&
             \separated(pair + (0 .. k * (2 * n) - 1), idx + (0 .. k - 1));
    requires \separated(pair + (0 .. k * (2 * n) - 1), a + (0 .. k - 1)) && \separated(pair + (0 .. k * (2 * n) - 1), in + (0 .. k - 1));
    requires \separated(a + (0 .. k - 1), p, idx + (0 .. k - 1), in + (0 .. k - 1));
    requires \separated(in + (0 .. k - 1), p, idx + (0 .. k - 1));
    assigns pair[0 .. k * (2 * n) - 1], a[0 .. k - 1], in[0 .. k - 1];
    ensures \forall integer l; 0 <= l < k ==> \valid_read(in[l] + (0 .. 2 * n - 1)); */
static void fors_pairs(const slh_params *p, const uint8_t *sig, const uint32_t *idx, unsigned j, size_t n,
                       size_t per_tree, const uint8_t *node, uint8_t *pair, slh_adrs *a, const uint8_t **in)
    /*@ ghost (unsigned k) */
{
    //@ ghost slh_offset_facts(j, p->a, n);
    /*@ loop invariant 0 <= i <= k;
        loop invariant \forall integer l; 0 <= l < i ==> \valid_read(in[l] + (0 .. 2 * n - 1));
        loop assigns i, pair[0 .. k * (2 * n) - 1], a[0 .. k - 1], in[0 .. k - 1];
        loop variant k - i; */
    for (unsigned i = 0; i < p->k; i++) {
        //@ ghost slh_offset_facts(i, k, per_tree);
        //@ ghost slh_offset_facts(i, k, n);
        //@ ghost slh_offset_facts(i, k, 2 * n);
        const uint8_t *auth = sig + i * per_tree + n + j * n;
        uint8_t *pr = pair + i * 2 * n;
        //@ assert auth: \valid_read(auth + (0 .. n - 1));
        //@ assert pr: \valid(pr + (0 .. 2 * n - 1));
        if (((idx[i] >> j) & 1) == 0) {
            memcpy(pr, node + i * n, n);
            memcpy(pr + n, auth, n);
        } else {
            memcpy(pr, auth, n);
            memcpy(pr + n, node + i * n, n);
        }
        adrs_set_tree_height(&a[i], j + 1);
        adrs_set_tree_index(&a[i], ((i << p->a) + idx[i]) >> (j + 1));
        in[i] = pr;
    }
}

void kf_slh_fors_pk_from_sig(slh_ctx *c, const uint8_t *sig, const uint8_t *md, const slh_adrs *adrs,
                      uint8_t *pk)
{
    const slh_params *p = c->p;
    const size_t n = p->n, per_tree = (size_t)(1 + p->a) * n;
    uint32_t idx[SLH_MAX_K];
    uint8_t node[SLH_MAX_K * SLH_MAX_N], pair[SLH_MAX_K * 2 * SLH_MAX_N];
    slh_adrs a[SLH_MAX_K];
    const uint8_t *in[SLH_MAX_K];
    uint8_t *out[SLH_MAX_K];
    //@ ghost fors_sizes(p);
    //@ ghost const unsigned gk = p->k, ga = p->a;
    /*@ ghost slh_bk_elim(c); */
    kf_slh_base_2b(md, p->a, p->k, idx);
    /* critical path: a leaf, its a levels, then T_k's blocks (the first needs every root) */
    c->cp += 1 + p->a + SLH_PADDED(n + 32 + (size_t)p->k * n) / SLH_BLOCK;
    //@ assert pa: 0 < 1 + p->a <= 15 && (1 + p->a) * n <= 480;
    //@ assert pb: (unsigned)(1 + p->a) == 1 + p->a;
    //@ assert pc: (size_t)((1 + p->a) * n) == (1 + p->a) * n;
    /*@ assert per2: per_tree == n + ga * n && per_tree <= 480 && 1 <= gk <= SLH_MAX_K && 1 <= ga <= SLH_MAX_A &&
                     gk * (2 * n) <= SLH_MAX_K * 2 * SLH_MAX_N; */
    //@ assert sigs: \valid_read(sig + (0 .. gk * per_tree - 1));
    /*@ loop invariant 0 <= i <= gk && p->k == gk && p->a == ga && p->n == n;
        loop invariant \forall integer j; 0 <= j < i ==> \valid_read(in[j] + (0 .. n - 1));
        loop invariant outp: \forall integer j; 0 <= j < i ==> out[j] == node + j * n && 0 <= j * n && j * n + n <= gk * n;
        loop assigns i, a[0 .. SLH_MAX_K - 1], in[0 .. SLH_MAX_K - 1], out[0 .. SLH_MAX_K - 1];
        loop variant gk - i; */
    for (unsigned i = 0; i < p->k; i++) {
        a[i] = *adrs;
        adrs_set_tree_height(&a[i], 0);
        adrs_set_tree_index(&a[i], (i << p->a) + idx[i]);
        //@ ghost slh_offset_facts(i, gk, per_tree);
        //@ ghost slh_offset_facts(i, gk, n);
        in[i] = sig + i * per_tree;
        out[i] = node + i * n;
    }
    /*@ ghost slh_bk_intro(c); */
    fors_level(c, p->k, a, in, n, node, out);
    //@ assert kept: c->p == p && p->n == n && p->k == gk && p->a == ga;
    //@ assert kn: gk * n <= SLH_MAX_K * SLH_MAX_N && (gk * n / 8) * 8 == gk * n && gk * n / 8 <= 140;
    //@ ghost fors_words(p->k, n);
    if (c->rows && p->k >= c->width) { /* the stream's order needs k >= w */
        uint64_t nodes[SLH_MAX_K * SLH_MAX_N / 8];
        /*@ loop invariant 0 <= i <= gk * n / 8 && p->k == gk && p->n == n;
            loop assigns i, nodes[0 .. SLH_MAX_K * SLH_MAX_N / 8 - 1];
            loop variant gk * n / 8 - i; */
        for (unsigned i = 0; i < p->k * n / 8; i++) nodes[i] = slh_word(node + 8 * i);
        //@ assert sigc: \valid_read(sig + (0 .. c->p->k * (1 + c->p->a) * c->p->n - 1));
        fors_climb_rows(c, sig, idx, adrs, nodes);
        //@ assert kept2: c->p == p && p->n == n && p->k == gk && p->a == ga;
        /*@ loop invariant 0 <= i <= gk * n / 8 && p->k == gk && p->n == n;
            loop assigns i, node[0 .. SLH_MAX_K * SLH_MAX_N - 1];
            loop variant gk * n / 8 - i; */
        for (unsigned i = 0; i < p->k * n / 8; i++) slh_put_word(node + 8 * i, nodes[i]);
        fors_compress(c, adrs, node, pk);
        return;
    }
    /*@ loop invariant 0 <= j <= ga && per_tree == n + ga * n;
        loop invariant c->p == p && slh_ctx_ok(c) && p->n == n && p->k == gk && p->a == ga;
        loop invariant c->rows == \at(c->rows, Pre) && c->width == \at(c->width, Pre) && c->x1 == \at(c->x1, Pre);
        loop invariant c->rows != 0 ==> slh_ctx_rows(c);
        loop invariant pk_bk: slh_ctx_bk(c);
        loop invariant \forall integer l; 0 <= l < gk ==> out[l] == node + l * n && 0 <= l * n && l * n + n <= gk * n;
        loop invariant bufs: \valid_read(sig + (0 .. gk * per_tree - 1)) && \valid_read(node + (0 .. gk * n - 1)) &&
                             \valid(pair + (0 .. gk * (2 * n) - 1)) && \valid_read(idx + (0 .. gk - 1));
        loop assigns j, *c, node[0 .. SLH_MAX_K * SLH_MAX_N - 1], pair[0 .. SLH_MAX_K * 2 * SLH_MAX_N - 1],
                     a[0 .. SLH_MAX_K - 1], in[0 .. SLH_MAX_K - 1], kf_spec_xn_table;
        loop variant ga - j; */
    for (unsigned j = 0; j < p->a; j++) {
        /*@ ghost slh_bk_elim(c); */
        fors_pairs(p, sig, idx, j, n, per_tree, node, pair, a, in) /*@ ghost (gk) */;
        /*@ ghost slh_bk_intro(c); */
        fors_level(c, p->k, a, in, 2 * n, node, out);
    }
    //@ ghost fors_same(node, c->p->k, gk, c->p->n, n);
    fors_compress(c, adrs, node, pk);
}
