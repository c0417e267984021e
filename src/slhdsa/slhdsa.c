/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * slhdsa.c - SLH-DSA key generation, signing and verification (FIPS 205 §9-§10,
 * Algorithms 18-25) and the public API of keccakforge.h. Argument checks live here; the
 * tree code below trusts them.
 */
#include "slhdsa_internal.h"
#include "keccakforge.h"
#include "common/ct.h"
#include "hash/prehash.h"
#include "common/os_random.h"

/* ---- sizes ------------------------------------------------------------------------------ */

size_t kf_slhdsa_pk_bytes(kf_slhdsa_param param)
{
    const slh_params *p = kf_slh_params_get(param);
    return p ? p->pk_bytes : 0;
}
size_t kf_slhdsa_sk_bytes(kf_slhdsa_param param)
{
    const slh_params *p = kf_slh_params_get(param);
    return p ? p->sk_bytes : 0;
}
/*@ assigns \nothing;
    ensures \result == kf_slhdsa_sig_len(param); */
size_t kf_slhdsa_sig_bytes(kf_slhdsa_param param)
{
    const slh_params *p = kf_slh_params_get(param);
    return p ? p->sig_bytes : 0;
}
/*@ assigns \nothing;
    ensures \result == kf_slhdsa_n_len(param); */
size_t kf_slhdsa_n(kf_slhdsa_param param)
{
    const slh_params *p = kf_slh_params_get(param);
    return p ? p->n : 0;
}

/* ---- the internal algorithms (18-20) ------------------------------------------------------ */

static void ctx_setup(slh_ctx *c, const slh_params *p, const uint8_t *pk_seed, const uint8_t *sk_seed)
{
    memset(c, 0, sizeof *c);
    c->p = p;
    memcpy(c->pk_seed, pk_seed, p->n);
    if (sk_seed) memcpy(c->sk_seed, sk_seed, p->n);
    kf_slh_ctx_backends(c);
}

/* Algorithm 18. */
/*@ requires kf_slh_params_ok(p);
    requires \valid_read(sk_seed + (0 .. p->n - 1)) && \valid_read(sk_prf + (0 .. p->n - 1)) &&
             \valid_read(pk_seed + (0 .. p->n - 1));
    requires \valid(pk + (0 .. 2 * p->n - 1)) && \valid(sk + (0 .. 4 * p->n - 1));
    requires perms == \null || \valid(perms);
    assigns pk[0 .. 2 * p->n - 1], sk[0 .. 4 * p->n - 1], perms[0 .. (perms == \null ? -1 : 0)], kf_spec_xn_table; */
static void keygen_internal(const slh_params *p, const uint8_t *sk_seed, const uint8_t *sk_prf,
                            const uint8_t *pk_seed, uint8_t *pk, uint8_t *sk, uint64_t *perms)
{
    const size_t n = p->n;
    slh_ctx c;
    slh_adrs adrs;
    uint8_t root[SLH_MAX_N];
    ctx_setup(&c, p, pk_seed, sk_seed);
    adrs_zero(&adrs);
    adrs_set_layer(&adrs, p->d - 1);
    kf_slh_xmss_root(&c, &adrs, root);
    /* sk_seed, sk_prf, pk_seed may lie inside sk: copy in an order that reads them first */
    uint8_t tmp[3 * SLH_MAX_N];
    memcpy(tmp, sk_seed, n);
    memcpy(tmp + n, sk_prf, n);
    memcpy(tmp + 2 * n, pk_seed, n);
    memcpy(sk, tmp, 3 * n);
    memcpy(sk + 3 * n, root, n);
    memcpy(pk, tmp + 2 * n, n);
    memcpy(pk + n, root, n);
    kf_memzero(tmp, sizeof tmp);
    if (perms) *perms = c.perms;
    kf_memzero(&c, sizeof c);
}

void kf_slh_split_digest(const slh_params *p, const uint8_t *digest, const uint8_t **md, uint64_t *idx_tree,
                         uint32_t *idx_leaf)
{
    const unsigned md_bytes = (p->k * p->a + 7) / 8;
    const unsigned tree_bits = p->h - p->hp, tree_bytes = (tree_bits + 7) / 8;
    const unsigned leaf_bytes = (p->hp + 7) / 8;
    uint64_t t = 0;
    uint32_t l = 0;
    //@ assert md_bytes + tree_bytes + leaf_bytes <= p->m && tree_bits <= 64 && leaf_bytes <= 2;
    /*@ loop invariant 0 <= i <= tree_bytes;
        loop assigns i, t;
        loop variant tree_bytes - i; */
    for (unsigned i = 0; i < tree_bytes; i++) t = t << 8 | digest[md_bytes + i];
    /*@ loop invariant 0 <= i <= leaf_bytes;
        loop assigns i, l;
        loop variant leaf_bytes - i; */
    for (unsigned i = 0; i < leaf_bytes; i++) l = l << 8 | digest[md_bytes + tree_bytes + i];
    if (tree_bits < 64) t &= ((uint64_t)1 << tree_bits) - 1;
    *md = digest;
    *idx_tree = t;
    *idx_leaf = l & ((1u << p->hp) - 1);
}

/* Algorithm 19. sk is 4n bytes; addrnd n bytes or NULL (deterministic). */
/*@ requires kf_slh_params_ok(p);
    requires slh_msg_ok(m);
    requires addrnd == \null || \valid_read(addrnd + (0 .. p->n - 1));
    requires \valid_read(sk + (0 .. 4 * p->n - 1));
    requires \valid(sig + (0 .. p->sig_bytes - 1));
    requires perms == \null || \valid(perms);
    assigns sig[0 .. p->sig_bytes - 1], perms[0 .. (perms == \null ? -1 : 0)], kf_spec_xn_table; */
static void sign_internal(const slh_params *p, const slh_msg *m, const uint8_t *addrnd, const uint8_t *sk,
                          uint8_t *sig, uint64_t *perms)
{
    const size_t n = p->n;
    const uint8_t *sk_seed = sk, *sk_prf = sk + n, *pk_seed = sk + 2 * n, *pk_root = sk + 3 * n;
    slh_ctx c;
    slh_adrs adrs;
    uint8_t digest[SLH_MAX_M], pk_fors[SLH_MAX_N];
    const uint8_t *md;
    uint64_t idx_tree;
    uint32_t idx_leaf;
    ctx_setup(&c, p, pk_seed, sk_seed);
    kf_slh_prf_msg(&c, sk_prf, addrnd ? addrnd : pk_seed, m, sig); /* R */
    kf_declassify(sig, n); /* R is the signature's first n bytes: the digest, and so the tree
                            * and FORS indices, depend on public values only */
    kf_slh_h_msg(&c, sig, pk_seed, pk_root, m, digest);
    kf_slh_split_digest(p, digest, &md, &idx_tree, &idx_leaf);
    adrs_zero(&adrs);
    adrs_set_tree(&adrs, idx_tree);
    adrs_set_type(&adrs, SLH_FORS_TREE);
    adrs_set_keypair(&adrs, idx_leaf);
    kf_slh_fors_sign(&c, md, &adrs, sig + n, pk_fors);
    kf_declassify(pk_fors, n); /* recomputed from the signature by verify (Alg. 20) */
    kf_slh_ht_sign(&c, pk_fors, idx_tree, idx_leaf, sig + n + slh_fors_sig_bytes(p));
    if (perms) *perms = c.perms;
    kf_memzero(&c, sizeof c);
}

int kf_slh_verify_one(const slh_params *p, const slh_msg *m, const uint8_t *sig, const uint8_t *pk,
                      uint64_t *perms, uint64_t *cp)
{
    const size_t n = p->n;
    slh_ctx c;
    slh_adrs adrs;
    uint8_t digest[SLH_MAX_M], pk_fors[SLH_MAX_N];
    const uint8_t *md;
    uint64_t idx_tree;
    uint32_t idx_leaf;
    ctx_setup(&c, p, pk, NULL);
    c.want_cp = cp != NULL;
    kf_slh_h_msg(&c, sig, pk, pk + n, m, digest);
    kf_slh_split_digest(p, digest, &md, &idx_tree, &idx_leaf);
    adrs_zero(&adrs);
    adrs_set_tree(&adrs, idx_tree);
    adrs_set_type(&adrs, SLH_FORS_TREE);
    adrs_set_keypair(&adrs, idx_leaf);
    kf_slh_fors_pk_from_sig(&c, sig + n, md, &adrs, pk_fors);
    int ok = kf_slh_ht_verify(&c, pk_fors, sig + n + slh_fors_sig_bytes(p), idx_tree, idx_leaf, pk + n);
    if (perms) *perms = c.perms;
    if (cp) *cp = c.cp;
    return ok;
}

/* ---- public API ------------------------------------------------------------------------ */

/*@ requires pk == \null || \valid(pk + (0 .. 2 * kf_slhdsa_n_len(param) - 1));
    requires sk == \null || \valid(sk + (0 .. 4 * kf_slhdsa_n_len(param) - 1));
    requires sk_seed == \null || \valid_read(sk_seed + (0 .. kf_slhdsa_n_len(param) - 1));
    requires sk_prf == \null || \valid_read(sk_prf + (0 .. kf_slhdsa_n_len(param) - 1));
    requires pk_seed == \null || \valid_read(pk_seed + (0 .. kf_slhdsa_n_len(param) - 1));
    assigns pk[0 .. 2 * kf_slhdsa_n_len(param) - 1], sk[0 .. 4 * kf_slhdsa_n_len(param) - 1], kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER; */
int kf_slhdsa_keygen_internal(kf_slhdsa_param param, uint8_t *pk, uint8_t *sk, const uint8_t *sk_seed,
                              const uint8_t *sk_prf, const uint8_t *pk_seed)
{
    const slh_params *p = kf_slh_params_get(param);
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!pk || !sk || !sk_seed || !sk_prf || !pk_seed) return KF_ERR_NULL_POINTER;
    keygen_internal(p, sk_seed, sk_prf, pk_seed, pk, sk, NULL);
    return KF_OK;
}

/*@ requires pk == \null || \valid(pk + (0 .. 2 * kf_slhdsa_n_len(param) - 1));
    requires sk == \null || \valid(sk + (0 .. 4 * kf_slhdsa_n_len(param) - 1));
    requires \separated(pk + (0 .. 2 * kf_slhdsa_n_len(param) - 1), sk + (0 .. 4 * kf_slhdsa_n_len(param) - 1));
    assigns pk[0 .. 2 * kf_slhdsa_n_len(param) - 1], sk[0 .. 4 * kf_slhdsa_n_len(param) - 1], kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER ||
            \result == KF_ERR_RNG; */
int kf_slhdsa_keygen(kf_slhdsa_param param, uint8_t *pk, uint8_t *sk)
{
    const slh_params *p = kf_slh_params_get(param);
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!pk || !sk) return KF_ERR_NULL_POINTER;
    uint8_t seeds[3 * SLH_MAX_N];
    int rc = kf_os_random(seeds, 3 * p->n);
    if (rc == KF_OK) keygen_internal(p, seeds, seeds + p->n, seeds + 2 * p->n, pk, sk, NULL);
    kf_memzero(seeds, sizeof seeds);
    return rc;
}

/* Checks shared by every signing call. */
/*@ requires p == \null || kf_slh_params_ok(p);
    assigns \nothing;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER ||
            \result == KF_ERR_BAD_LENGTH;
    ensures \result == KF_OK ==> p != \null && sig != \null && sk != \null && (msg != \null || msglen == 0) &&
                                 sklen == p->sk_bytes && siglen >= p->sig_bytes; */
static int sign_checks(const slh_params *p, uint8_t *sig, size_t siglen, const void *msg, size_t msglen,
                       const uint8_t *sk, size_t sklen)
{
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!sig || !sk || (!msg && msglen)) return KF_ERR_NULL_POINTER;
    if (sklen != p->sk_bytes) return KF_ERR_BAD_LENGTH;
    if (siglen < p->sig_bytes) return KF_ERR_BAD_LENGTH;
    return KF_OK;
}

/*@ requires p == \null || kf_slh_params_ok(p);
    assigns \nothing;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER ||
            \result == KF_ERR_BAD_LENGTH;
    ensures \result == KF_OK ==> p != \null && pk != \null && (sig != \null || siglen == 0) &&
                                 (msg != \null || msglen == 0) && pklen == p->pk_bytes && siglen == p->sig_bytes; */
static int verify_checks(const slh_params *p, const void *msg, size_t msglen, const uint8_t *sig,
                         size_t siglen, const uint8_t *pk, size_t pklen)
{
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!pk || (!sig && siglen) || (!msg && msglen)) return KF_ERR_NULL_POINTER;
    if (pklen != p->pk_bytes || siglen != p->sig_bytes) return KF_ERR_BAD_LENGTH;
    return KF_OK;
}

/*@ assigns \nothing;
    ensures \result == KF_OK || \result == KF_ERR_NULL_POINTER || \result == KF_ERR_BAD_CONTEXT;
    ensures \result == KF_OK ==> (ctx != \null || ctxlen == 0) && ctxlen <= KF_SLHDSA_MAX_CONTEXT_BYTES; */
static int ctx_checks(const void *ctx, size_t ctxlen)
{
    if (!ctx && ctxlen) return KF_ERR_NULL_POINTER;
    if (ctxlen > KF_SLHDSA_MAX_CONTEXT_BYTES) return KF_ERR_BAD_CONTEXT;
    return KF_OK;
}

/*@ requires sig == \null || \valid(sig + (0 .. siglen - 1));
    assigns sig[0 .. siglen - 1];
    ensures \result == rc; */
static int fail_sign(uint8_t *sig, size_t siglen, int rc)
{
    //@ assert fs: sig == \null || siglen == 0 || \valid((char *)sig + (0 .. siglen - 1));
    if (sig) memset(sig, 0, siglen);
    return rc;
}

/*@ requires sig == \null || \valid(sig + (0 .. siglen - 1));
    requires msg == \null || \valid_read((uint8_t *)msg + (0 .. msglen - 1));
    requires addrnd == \null || \valid_read(addrnd + (0 .. kf_slhdsa_n_len(param) - 1));
    requires sk == \null || \valid_read(sk + (0 .. sklen - 1));
    assigns sig[0 .. siglen - 1], kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER ||
            \result == KF_ERR_BAD_LENGTH; */
int kf_slhdsa_sign_internal(kf_slhdsa_param param, uint8_t *sig, size_t siglen, const void *msg, size_t msglen,
                            const uint8_t *addrnd, const uint8_t *sk, size_t sklen)
{
    const slh_params *p = kf_slh_params_get(param);
    int rc = sign_checks(p, sig, siglen, msg, msglen, sk, sklen);
    if (rc != KF_OK) return fail_sign(sig, siglen, rc);
    slh_msg m = {{msg}, {msglen}, 1};
    sign_internal(p, &m, addrnd, sk, sig, NULL);
    return KF_OK;
}

/*@ requires msg == \null || \valid_read((uint8_t *)msg + (0 .. msglen - 1));
    requires sig == \null || \valid_read(sig + (0 .. siglen - 1));
    requires pk == \null || \valid_read(pk + (0 .. pklen - 1));
    assigns kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_SIGNATURE || \result == KF_ERR_BAD_ALGORITHM ||
            \result == KF_ERR_NULL_POINTER || \result == KF_ERR_BAD_LENGTH; */
int kf_slhdsa_verify_internal(kf_slhdsa_param param, const void *msg, size_t msglen, const uint8_t *sig,
                              size_t siglen, const uint8_t *pk, size_t pklen)
{
    const slh_params *p = kf_slh_params_get(param);
    int rc = verify_checks(p, msg, msglen, sig, siglen, pk, pklen);
    if (rc != KF_OK) return rc;
    slh_msg m = {{msg}, {msglen}, 1};
    return kf_slh_verify_one(p, &m, sig, pk, NULL, NULL) ? KF_OK : KF_ERR_BAD_SIGNATURE;
}

/* M' = toByte(0, 1) || toByte(|ctx|, 1) || ctx || M (Algorithms 22, 24). */
/*@ requires \valid(m) && \valid(hdr + (0 .. 1)) && \separated(m, hdr + (0 .. 1));
    assigns *m, hdr[0 .. 1];
    ensures m->count == 3 && m->part[0] == hdr && m->len[0] == 2 && m->part[1] == (uint8_t *)ctx &&
            m->len[1] == ctxlen && m->part[2] == (uint8_t *)msg && m->len[2] == msglen; */
static void pure_msg(slh_msg *m, uint8_t hdr[2], const void *msg, size_t msglen, const void *ctx, size_t ctxlen)
{
    hdr[0] = 0;
    hdr[1] = (uint8_t)ctxlen;
    *m = (slh_msg){{hdr, ctx, msg}, {2, ctxlen, msglen}, 3};
}

/*@ requires sig == \null || \valid(sig + (0 .. siglen - 1));
    requires msg == \null || \valid_read((uint8_t *)msg + (0 .. msglen - 1));
    requires ctx == \null || \valid_read((uint8_t *)ctx + (0 .. ctxlen - 1));
    requires addrnd == \null || \valid_read(addrnd + (0 .. kf_slhdsa_n_len(param) - 1));
    requires sk == \null || \valid_read(sk + (0 .. sklen - 1));
    assigns sig[0 .. siglen - 1], kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_ALGORITHM || \result == KF_ERR_NULL_POINTER ||
            \result == KF_ERR_BAD_LENGTH || \result == KF_ERR_BAD_CONTEXT; */
int kf_slhdsa_sign(kf_slhdsa_param param, uint8_t *sig, size_t siglen, const void *msg, size_t msglen,
                   const void *ctx, size_t ctxlen, const uint8_t *addrnd, const uint8_t *sk, size_t sklen)
{
    const slh_params *p = kf_slh_params_get(param);
    int rc = sign_checks(p, sig, siglen, msg, msglen, sk, sklen);
    if (rc == KF_OK) rc = ctx_checks(ctx, ctxlen);
    if (rc != KF_OK) return fail_sign(sig, siglen, rc);
    uint8_t hdr[2];
    slh_msg m;
    pure_msg(&m, hdr, msg, msglen, ctx, ctxlen);
    sign_internal(p, &m, addrnd, sk, sig, NULL);
    return KF_OK;
}

/*@ requires msg == \null || \valid_read((uint8_t *)msg + (0 .. msglen - 1));
    requires ctx == \null || \valid_read((uint8_t *)ctx + (0 .. ctxlen - 1));
    requires sig == \null || \valid_read(sig + (0 .. siglen - 1));
    requires pk == \null || \valid_read(pk + (0 .. pklen - 1));
    assigns kf_spec_xn_table;
    ensures \result == KF_OK || \result == KF_ERR_BAD_SIGNATURE || \result == KF_ERR_BAD_ALGORITHM ||
            \result == KF_ERR_NULL_POINTER || \result == KF_ERR_BAD_LENGTH || \result == KF_ERR_BAD_CONTEXT; */
int kf_slhdsa_verify(kf_slhdsa_param param, const void *msg, size_t msglen, const void *ctx, size_t ctxlen,
                     const uint8_t *sig, size_t siglen, const uint8_t *pk, size_t pklen)
{
    const slh_params *p = kf_slh_params_get(param);
    int rc = verify_checks(p, msg, msglen, sig, siglen, pk, pklen);
    if (rc == KF_OK) rc = ctx_checks(ctx, ctxlen);
    if (rc != KF_OK) return rc;
    uint8_t hdr[2];
    slh_msg m;
    pure_msg(&m, hdr, msg, msglen, ctx, ctxlen);
    return kf_slh_verify_one(p, &m, sig, pk, NULL, NULL) ? KF_OK : KF_ERR_BAD_SIGNATURE;
}

/* Items are checked as kf_slhdsa_verify checks its arguments; the valid ones go to
 * kf_slh_verify_many a window at a time (its groups fill the batched backend's lanes). */
#define VERIFY_WINDOW 64

static int item_checks(const slh_params *p, const kf_slhdsa_verify_item *it)
{
    int rc = verify_checks(p, it->msg, it->msglen, it->sig, it->siglen, it->pk, it->pklen);
    return rc == KF_OK ? ctx_checks(it->ctx, it->ctxlen) : rc;
}

int kf_slhdsa_verify_batch(kf_slhdsa_param param, size_t count, const kf_slhdsa_verify_item *items, int *results)
{
    const slh_params *p = kf_slh_params_get(param);
    slh_msg msgs[VERIFY_WINDOW];
    const slh_msg *m[VERIFY_WINDOW];
    const uint8_t *sig[VERIFY_WINDOW], *pk[VERIFY_WINDOW];
    uint8_t hdr[VERIFY_WINDOW][2];
    size_t at[VERIFY_WINDOW];
    int ok[VERIFY_WINDOW], first = KF_OK;
    if (count == 0) return KF_OK;
    if (!items || !results) return KF_ERR_NULL_POINTER;
    for (size_t i = 0; i < count;) {
        size_t cnt = 0;
        for (; i < count && cnt < VERIFY_WINDOW; i++) {
            const kf_slhdsa_verify_item *it = &items[i];
            results[i] = item_checks(p, it);
            if (results[i] != KF_OK) continue;
            pure_msg(&msgs[cnt], hdr[cnt], it->msg, it->msglen, it->ctx, it->ctxlen);
            m[cnt] = &msgs[cnt];
            sig[cnt] = it->sig;
            pk[cnt] = it->pk;
            at[cnt++] = i;
        }
        if (cnt) kf_slh_verify_many(p, cnt, m, sig, pk, ok, NULL);
        for (size_t j = 0; j < cnt; j++) results[at[j]] = ok[j] ? KF_OK : KF_ERR_BAD_SIGNATURE;
    }
    for (size_t i = 0; i < count && first == KF_OK; i++) first = results[i];
    return first;
}

/* ---- HashSLH-DSA (Algorithms 23, 25) ------------------------------------------------------ */

#define OID_BYTES KF_PREHASH_OID_BYTES
#define PH_MAX KF_PREHASH_MAX

/* M' = toByte(1, 1) || toByte(|ctx|, 1) || ctx || OID || PH_M. */
static void hash_msg(slh_msg *m, uint8_t hdr[2], const void *ctx, size_t ctxlen, const uint8_t *oid,
                     const uint8_t *phm, size_t phlen)
{
    hdr[0] = 1;
    hdr[1] = (uint8_t)ctxlen;
    *m = (slh_msg){{hdr, ctx, oid, phm}, {2, ctxlen, OID_BYTES, phlen}, 4};
}

int kf_slhdsa_hash_sign(kf_slhdsa_param param, kf_slhdsa_prehash ph, uint8_t *sig, size_t siglen,
                        const void *msg, size_t msglen, const void *ctx, size_t ctxlen, const uint8_t *addrnd,
                        const uint8_t *sk, size_t sklen)
{
    const slh_params *p = kf_slh_params_get(param);
    uint8_t oid[OID_BYTES], phm[PH_MAX], hdr[2];
    size_t phlen = 0;
    int rc = sign_checks(p, sig, siglen, msg, msglen, sk, sklen);
    if (rc == KF_OK) rc = ctx_checks(ctx, ctxlen);
    if (rc == KF_OK) rc = kf_prehash((int)ph, msg, msglen, oid, phm, &phlen);
    if (rc != KF_OK) return fail_sign(sig, siglen, rc);
    slh_msg m;
    hash_msg(&m, hdr, ctx, ctxlen, oid, phm, phlen);
    sign_internal(p, &m, addrnd, sk, sig, NULL);
    return KF_OK;
}

int kf_slhdsa_hash_verify(kf_slhdsa_param param, kf_slhdsa_prehash ph, const void *msg, size_t msglen,
                          const void *ctx, size_t ctxlen, const uint8_t *sig, size_t siglen, const uint8_t *pk,
                          size_t pklen)
{
    const slh_params *p = kf_slh_params_get(param);
    uint8_t oid[OID_BYTES], phm[PH_MAX], hdr[2];
    size_t phlen = 0;
    int rc = verify_checks(p, msg, msglen, sig, siglen, pk, pklen);
    if (rc == KF_OK) rc = ctx_checks(ctx, ctxlen);
    if (rc == KF_OK) rc = kf_prehash((int)ph, msg, msglen, oid, phm, &phlen);
    if (rc != KF_OK) return rc;
    slh_msg m;
    hash_msg(&m, hdr, ctx, ctxlen, oid, phm, phlen);
    return kf_slh_verify_one(p, &m, sig, pk, NULL, NULL) ? KF_OK : KF_ERR_BAD_SIGNATURE;
}

/* ---- for tools: the permutations an operation costs -------------------------------------- */

int kf_slh_count_perms(kf_slhdsa_param param, enum slh_op op, const uint8_t *seeds, const void *msg,
                       size_t msglen, uint8_t *pk, uint8_t *sk, uint8_t *sig, uint64_t *perms)
{
    const slh_params *p = kf_slh_params_get(param);
    uint8_t hdr[2];
    slh_msg m;
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!seeds || !pk || !sk || !sig || !perms || (!msg && msglen)) return KF_ERR_NULL_POINTER;
    pure_msg(&m, hdr, msg, msglen, NULL, 0);
    switch (op) {
    case SLH_OP_KEYGEN: keygen_internal(p, seeds, seeds + p->n, seeds + 2 * p->n, pk, sk, perms); return KF_OK;
    case SLH_OP_SIGN: sign_internal(p, &m, NULL, sk, sig, perms); return KF_OK;
    case SLH_OP_VERIFY: return kf_slh_verify_one(p, &m, sig, pk, perms, NULL) ? KF_OK : KF_ERR_BAD_SIGNATURE;
    }
    return KF_ERR_BAD_ALGORITHM;
}

int kf_slh_verify_cp(kf_slhdsa_param param, const void *msg, size_t msglen, const uint8_t *sig,
                     const uint8_t *pk, uint64_t *perms, uint64_t *cp)
{
    const slh_params *p = kf_slh_params_get(param);
    uint8_t hdr[2];
    slh_msg m;
    if (!p) return KF_ERR_BAD_ALGORITHM;
    if (!sig || !pk || !perms || !cp || (!msg && msglen)) return KF_ERR_NULL_POINTER;
    pure_msg(&m, hdr, msg, msglen, NULL, 0);
    return kf_slh_verify_one(p, &m, sig, pk, perms, cp) ? KF_OK : KF_ERR_BAD_SIGNATURE;
}
