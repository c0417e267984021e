/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * tree.c - KT128/KT256 (RFC 9861 §3) and ParallelHash128/256 and their XOFs (SP 800-185 §6) as
 * trees whose leaves are hashed apart from each other (on other machines, in any order) and
 * combined afterwards: kf_tree_leaves and kf_tree_final (keccakforge.h, "Tree hashing").
 *
 * Positions are byte offsets into the message M of total_len bytes. The leaves:
 *   KT:           S = M || C || length_encode(|C|) in chunks of 8192 bytes; S_0 (the first
 *                 chunk) belongs to the final node, leaf k >= 1 is S[8192 k, 8192 (k+1)).
 *   ParallelHash: M in blocks of B bytes, leaf k = M[B k, B (k+1)); C goes to the final
 *                 cSHAKE only.
 * A part is a range [offset, offset + len) of M whose both ends are leaf boundaries: first +
 * k * leaf (first = |S_0 ∩ M| = min(8192, total_len) for KT, 0 for ParallelHash) or total_len.
 * kf_tree_leaves gives the CVs of the leaves that start inside its part, in order: for KT the
 * part that ends at total_len also takes in its last leaf the bytes of C || length_encode(|C|)
 * that fill it. kf_tree_final hashes every leaf that starts at or beyond total_len (KT leaves
 * made of C || length_encode(|C|) only) itself, so the CVs it takes are exactly those of the
 * leaves that start inside M after the first chunk: ceil((total_len - first) / leaf) of them.
 * Whole leaves run on the batched backend (kf_leaves_hash, KF_XN_MAX lanes at a time), a
 * short last leaf and KT's customization-only leaves on the x1 sponge.
 */
#include "modes.h"

#include <string.h>

#define KT_CHUNK KF_KT_CHUNK_BYTES
#define KT_NR 12
#define KT_D_SINGLE 0x07
#define KT_D_FINAL 0x06
#define KT_D_LEAF 0x0B

typedef struct tree_shape {
    int kt;            /* 1: KT, 0: ParallelHash */
    int xof;           /* ParallelHash: the XOF variant (right_encode(0)) */
    unsigned security; /* 128 or 256 */
    size_t leaf;       /* bytes per leaf: 8192 (KT) or B */
    size_t cv;         /* bytes per chaining value: 32 or 64 */
    uint64_t first;    /* bytes of M before the first leaf: min(8192, total_len) (KT) or 0 */
    uint64_t leaves;   /* leaves that start in M at or after first: the CVs kf_tree_final takes */
} tree_shape;

static int tree_shape_of(kf_tree_mode mode, size_t block, uint64_t total, tree_shape *t)
{
    switch (mode) {
    case KF_TREE_KT128: t->kt = 1; t->xof = 1; t->security = 128; break;
    case KF_TREE_KT256: t->kt = 1; t->xof = 1; t->security = 256; break;
    case KF_TREE_PARALLELHASH128: t->kt = 0; t->xof = 0; t->security = 128; break;
    case KF_TREE_PARALLELHASH256: t->kt = 0; t->xof = 0; t->security = 256; break;
    case KF_TREE_PARALLELHASHXOF128: t->kt = 0; t->xof = 1; t->security = 128; break;
    case KF_TREE_PARALLELHASHXOF256: t->kt = 0; t->xof = 1; t->security = 256; break;
    default: return KF_ERR_BAD_ALGORITHM;
    }
    if (t->kt) {
        if (block != 0 && block != KT_CHUNK) return KF_ERR_BAD_LENGTH; /* KT's chunk is fixed */
        t->leaf = KT_CHUNK;
        t->first = total < KT_CHUNK ? total : KT_CHUNK;
    } else {
        if (block == 0) return KF_ERR_BAD_LENGTH; /* SP 800-185 §6: B > 0 */
        t->leaf = block;
        t->first = 0;
    }
    t->cv = 2 * t->security / 8;
    uint64_t rest = total - t->first;
    t->leaves = rest / t->leaf + (rest % t->leaf != 0);
    /* n (ParallelHash) and n - 1 (KT) are 64-bit encodings: KT's customization-only leaves
     * and ParallelHash's count never come near 2^64 - 1 from a uint64_t length with leaf >= 1
     * except for B = 1 and total_len = 2^64 - 1, which no machine holds; refuse it anyway */
    if (t->leaves == UINT64_MAX) return KF_ERR_TOO_LONG;
    return KF_OK;
}

/* pos is a leaf boundary of the message: first + k * leaf (<= total_len) or total_len itself */
static int tree_boundary(const tree_shape *t, uint64_t total, uint64_t pos)
{
    return pos == total || (pos >= t->first && pos < total && (pos - t->first) % t->leaf == 0);
}

/* KT's tail E = C || length_encode(|C|): absorb E[from, to) */
typedef struct kt_tail {
    const uint8_t *c;
    size_t clen;
    uint8_t enc[9];
    size_t enclen;
} kt_tail;

static void kt_tail_init(kt_tail *e, const void *custom, size_t customlen)
{
    e->c = (const uint8_t *)custom;
    e->clen = customlen;
    e->enclen = kf_length_encode(e->enc, customlen);
}

static uint64_t kt_tail_len(const kt_tail *e) { return (uint64_t)e->clen + e->enclen; }

static void kt_tail_absorb(kf_sponge *s, const kt_tail *e, uint64_t from, uint64_t to)
{
    if (from < e->clen) {
        size_t end = to < e->clen ? (size_t)to : e->clen;
        kf_sponge_absorb(s, e->c + from, end - (size_t)from);
        from = end;
    }
    if (from < to) kf_sponge_absorb(s, e->enc + (from - e->clen), (size_t)(to - from));
}

static kf_leaf_params tree_leaf_params(const tree_shape *t)
{
    kf_leaf_params p = {t->leaf, t->cv, KF_RATE(t->security), t->kt ? KT_NR : 24u,
                        t->kt ? KT_D_LEAF : KF_SUFFIX_SHAKE};
    return p;
}

int kf_tree_layout(kf_tree_mode mode, size_t block, uint64_t total_len, size_t *leaf_len, size_t *cv_len,
                   size_t *first_len, uint64_t *cv_count)
{
    tree_shape t;
    int rc = tree_shape_of(mode, block, total_len, &t);
    if (rc != KF_OK) return rc;
    if (leaf_len) *leaf_len = t.leaf;
    if (cv_len) *cv_len = t.cv;
    if (first_len) *first_len = (size_t)t.first;
    if (cv_count) *cv_count = t.leaves;
    return KF_OK;
}

int kf_tree_leaves(kf_tree_mode mode, size_t block, uint64_t total_len, const void *custom, size_t customlen,
                   uint64_t offset, const void *part, size_t partlen, uint8_t *cvs, size_t cvs_len)
{
    tree_shape t;
    int rc = tree_shape_of(mode, block, total_len, &t);
    if (rc != KF_OK) return rc;
    KF_CHECK_BUF(part, partlen);
    KF_CHECK_BUF(custom, customlen);
    KF_CHECK_BUF(cvs, cvs_len);
    if (offset > total_len || partlen > total_len - offset) return KF_ERR_BAD_LENGTH;
    if (!tree_boundary(&t, total_len, offset) || !tree_boundary(&t, total_len, offset + partlen))
        return KF_ERR_BAD_LENGTH;
    size_t whole = partlen / t.leaf, count = whole + (partlen % t.leaf != 0);
    if (count > SIZE_MAX / t.cv) return KF_ERR_TOO_LONG;
    if (cvs_len != count * t.cv) return KF_ERR_BAD_LENGTH;
    const uint8_t *in = (const uint8_t *)part;
    kf_leaf_params lp = tree_leaf_params(&t);
    kf_leaves_hash(&lp, in, whole, cvs);
    if (count == whole) return KF_OK;
    /* the short last leaf: the part ends at total_len (a boundary inside M is a whole leaf
     * further on). KT fills it with the customization's bytes; ParallelHash leaves it short. */
    size_t tail = partlen - whole * t.leaf;
    kf_sponge s;
    kf_sponge_init(&s, kf_backend_current(), lp.rate, lp.nr, lp.suffix);
    kf_sponge_absorb(&s, in + whole * t.leaf, tail);
    if (t.kt) {
        kt_tail e;
        kt_tail_init(&e, custom, customlen);
        uint64_t room = t.leaf - tail, elen = kt_tail_len(&e);
        kt_tail_absorb(&s, &e, 0, room < elen ? room : elen);
    }
    kf_sponge_squeeze(&s, cvs + whole * t.cv, t.cv);
    kf_memzero(&s, sizeof s);
    return KF_OK;
}

static int kt_final(const tree_shape *t, uint64_t total, const void *custom, size_t customlen,
                    const uint8_t *first, const uint8_t *cvs, size_t cvs_len, uint8_t *out, size_t outlen)
{
    static const uint8_t marker[8] = {0x03, 0, 0, 0, 0, 0, 0, 0};
    static const uint8_t trailer_ff[2] = {0xFF, 0xFF};
    kt_tail e;
    kt_tail_init(&e, custom, customlen);
    uint64_t elen = kt_tail_len(&e);
    if (elen > UINT64_MAX - total) return KF_ERR_TOO_LONG;
    uint64_t slen = total + elen; /* |S| */
    unsigned rate = KF_RATE(t->security);
    const kf_backend *b = kf_backend_current();
    kf_sponge node;
    if (slen <= KT_CHUNK) { /* one node: TurboSHAKE(S, 0x07) */
        kf_sponge_init(&node, b, rate, KT_NR, KT_D_SINGLE);
        kf_sponge_absorb(&node, first, (size_t)total);
        kt_tail_absorb(&node, &e, 0, elen);
    } else {
        kf_sponge_init(&node, b, rate, KT_NR, KT_D_FINAL);
        /* S_0 = M[0, first) || E[0, 8192 - first) */
        kf_sponge_absorb(&node, first, (size_t)t->first);
        kt_tail_absorb(&node, &e, 0, KT_CHUNK - t->first);
        kf_sponge_absorb(&node, marker, sizeof marker);
        kf_sponge_absorb(&node, cvs, cvs_len);
        /* the leaves made of E alone: they start at the first chunk boundary at or after
         * total_len (never at 0, which is S_0) */
        uint64_t n1 = t->leaves, p = total + (KT_CHUNK - total % KT_CHUNK) % KT_CHUNK;
        if (p < KT_CHUNK) p = KT_CHUNK;
        uint8_t cv[64];
        kf_sponge leaf;
        for (; p < slen; p += KT_CHUNK, n1++) {
            uint64_t end = slen - p < KT_CHUNK ? slen : p + KT_CHUNK;
            kf_sponge_init(&leaf, b, rate, KT_NR, KT_D_LEAF);
            kt_tail_absorb(&leaf, &e, p - total, end - total);
            kf_sponge_squeeze(&leaf, cv, t->cv);
            kf_sponge_absorb(&node, cv, t->cv);
        }
        kf_memzero(&leaf, sizeof leaf);
        uint8_t enc[9];
        kf_sponge_absorb(&node, enc, kf_length_encode(enc, n1));
        kf_sponge_absorb(&node, trailer_ff, sizeof trailer_ff);
    }
    kf_sponge_squeeze(&node, out, outlen);
    kf_memzero(&node, sizeof node);
    return KF_OK;
}

static int ph_final(const tree_shape *t, const void *custom, size_t customlen, const uint8_t *cvs, size_t cvs_len,
                    uint8_t *out, size_t outlen)
{
    static const char N[] = "ParallelHash";
    if (!t->xof && outlen > SIZE_MAX / 8) return KF_ERR_TOO_LONG;
    kf_xof_ctx x;
    int rc = t->security == 128 ? kf_cshake128_init(&x, N, sizeof N - 1, custom, customlen)
                                : kf_cshake256_init(&x, N, sizeof N - 1, custom, customlen);
    if (rc != KF_OK) return rc;
    uint8_t enc[9];
    /* z = left_encode(B) || CV_0 || ... || CV_{n-1} || right_encode(n) || right_encode(L) */
    (void)kf_xof_absorb(&x, enc, kf_left_encode(enc, t->leaf));
    (void)kf_xof_absorb(&x, cvs, cvs_len);
    (void)kf_xof_absorb(&x, enc, kf_right_encode(enc, t->leaves));
    (void)kf_xof_absorb(&x, enc, kf_right_encode(enc, t->xof ? 0 : (uint64_t)outlen * 8));
    (void)kf_xof_squeeze(&x, out, outlen);
    kf_memzero(&x, sizeof x);
    return KF_OK;
}

int kf_tree_final(kf_tree_mode mode, size_t block, uint64_t total_len, const void *custom, size_t customlen,
                  const void *first, size_t firstlen, const uint8_t *cvs, size_t cvs_len, uint8_t *out,
                  size_t outlen)
{
    tree_shape t;
    int rc = tree_shape_of(mode, block, total_len, &t);
    if (rc != KF_OK) return rc;
    KF_CHECK_BUF(custom, customlen);
    KF_CHECK_BUF(first, firstlen);
    KF_CHECK_BUF(cvs, cvs_len);
    KF_CHECK_BUF(out, outlen);
    if (firstlen != t.first) return KF_ERR_BAD_LENGTH;
    if (t.leaves > SIZE_MAX / t.cv) return KF_ERR_TOO_LONG;
    if (cvs_len != t.leaves * t.cv) return KF_ERR_BAD_LENGTH;
    if (t.kt) return kt_final(&t, total_len, custom, customlen, (const uint8_t *)first, cvs, cvs_len, out, outlen);
    return ph_final(&t, custom, customlen, cvs, cvs_len, out, outlen);
}
