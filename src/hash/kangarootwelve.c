/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kangarootwelve.c - KT128 (= KangarooTwelve) and KT256, RFC 9861 §3, over TurboSHAKE128/256.
 *
 * S = M || C || length_encode(|C|) is cut into chunks S_0, S_1, ..., S_{n-1} of 8192 bytes (the
 * last may be shorter) (§3.2):
 *   n = 1:  output = TurboSHAKE(S, 0x07, L)
 *   n > 1:  CV_i = TurboSHAKE(S_i, 0x0B, 32 for KT128 / 64 for KT256)            (i >= 1)
 *           FinalNode = S_0 || 03 00 00 00 00 00 00 00 || CV_1 || ... || CV_{n-1}
 *                       || length_encode(n - 1) || FF FF
 *           output = TurboSHAKE(FinalNode, 0x06, L)
 * S is streamed: S_0 goes straight into the final-node sponge, and the 8-byte marker is added
 * only when a byte beyond the first chunk arrives (|S| = 8192 exactly is still one node).
 * Whole chunks are hashed from the caller's buffer by the tree modes' leaf hashing (batch.c):
 * KF_XN_MAX chunks at a time in lock-step on the batched backend, and with kf_kt_set_threads
 * on several threads; a chunk split across calls goes through the leaf sponge (x1).
 * Threads: the whole chunks of an update are handed to the threads first, so the caller's
 * thread absorbs S_0 (x1, serial) while they run, then helps with the leaves.
 */
#include "modes.h"
#include "../sponge/sponge_xn.h"

#include <string.h>

#define KT_CHUNK KF_KT_CHUNK_BYTES
#define KT_BATCH 8 /* chunks per lock-step group (KF_XN_MAX) */
#define KT_MT_MIN (4 * KT_BATCH) /* whole chunks an update needs before threads start */
#define KT_NR 12   /* TurboSHAKE: Keccak-p[1600, 12] (RFC 9861 §2.2) */

/* Domain bytes (RFC 9861 §3.2). */
#define KT_D_SINGLE 0x07
#define KT_D_FINAL 0x06
#define KT_D_LEAF 0x0B

enum kt_stage { KT_ABSORB = 1, KT_SQUEEZE = 2 };

typedef struct kf_kt_impl {
    kf_sponge node;  /* S_0, then (tree mode) the marker, the CVs and the trailer */
    kf_sponge leaf;  /* the open chunk S_i, i >= 1 */
    uint64_t leaves; /* chunks S_1.. whose CV is in node: n - 1 so far */
    size_t fill;     /* bytes of S_0 absorbed (single mode), or of the open leaf (tree mode) */
    uint32_t magic;
    uint16_t threads; /* kf_kt_set_threads (resolved; 0 = auto, kf_leaves_start), 1 = none */
    uint8_t cv_len;  /* 32 (KT128) or 64 (KT256) */
    uint8_t tree;    /* 1 once S is known to be longer than one chunk */
    uint8_t stage;   /* kt_stage, 0 = dead */
} kf_kt_impl;

#if defined(__FRAMAC__) && defined(KF_PROOF_CTX_VIEW)
/* The proof build's view of the context (proofs/ctx_view.h, as modes.h's): a compiler never
 * sees it. */
struct kf_kt_ctx { kf_kt_impl impl; };
/* A KT context that takes input (KT_ABSORB): the final node's sponge absorbing with no pending
 * bits on a backend table no one writes (kf_backend_current's, which the leaf sponge shares),
 * cv_len 32 or 64, and fill within S_0 (single node: up to a whole chunk, |S| = 8192 is still
 * one node) or within the open leaf, whose sponge absorbs while it holds bytes (tree mode). A
 * live context at any stage holds a node sponge within kf_sponge_ok (squeeze reads it). */
/*@ predicate kt_open(kf_kt_impl *k) =
      \valid(k) && kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && !\valid(k->node.impl) &&
      (k->cv_len == 32 || k->cv_len == 64) &&
      (k->tree == 0 ? k->fill <= KT_CHUNK :
                      k->fill < KT_CHUNK && (k->fill != 0 ==> kf_sponge_absorbing(&k->leaf)));
    predicate kt_inv(kf_kt_impl *k) =
      \valid(k) &&
      (k->magic == KF_MAGIC_KT && k->stage == KT_ABSORB ==> kt_open(k)) &&
      (k->magic == KF_MAGIC_KT && k->stage != 0 ==> kf_sponge_ok(&k->node)); */
#endif

KF_FITS(kf_kt_impl, kf_kt_ctx);

/* Helpers that exist for the proof (unit hash_kt) and are always inlined, so that GCC -O3
 * compiles their callers to the same machine code as with their bodies written inline. */
#define KT_INLINE static inline __attribute__((always_inline))

/* length_encode(x) (RFC 9861 §3.3): x big-endian in as few bytes as possible (none for 0),
 * then the number of those bytes. */
size_t kf_length_encode(uint8_t buf[9], uint64_t x)
{
    size_t n = 0;
    /*@ loop invariant 0 <= n <= 8;
        loop assigns n;
        loop variant 8 - n; */
    while (n < 8 && (x >> (8 * n))) n++;
    /*@ loop invariant 0 <= i <= n;
        loop assigns i, buf[0 .. 7];
        loop variant n - i; */
    for (size_t i = 0; i < n; i++) buf[i] = (uint8_t)(x >> (8 * (n - 1 - i)));
    buf[n] = (uint8_t)n;
    return n + 1;
}

/* CV_i = TurboSHAKE(chunk_i, 0x0B, cv_len) (RFC 9861 §3.2): the leaves. */
/*@ requires \valid_read(k) && 8 <= k->node.rate <= 192 && k->node.rate % 8 == 0 && (k->cv_len == 32 || k->cv_len == 64);
    assigns \nothing;
    ensures \result.len == KT_CHUNK && \result.cv_len == k->cv_len && \result.rate == k->node.rate &&
            \result.nr == KT_NR && \result.suffix == KT_D_LEAF; */
static kf_leaf_params kt_leaf_params(const kf_kt_impl *k)
{
    kf_leaf_params p = {KT_CHUNK, k->cv_len, k->node.rate, KT_NR, KT_D_LEAF};
    return p;
}

/* Bytes of the final node waiting to be absorbed: what a group of CVs leaves beyond the last
 * whole node block (< rate), the next group's CVs, or kt_first_group's marker and CVs. */
#define KT_QUEUE (KF_STATE_BYTES + KT_BATCH * 64)

/* The final node's state as bytes (st), and the start of its input from the state's block
 * start (q): the pos bytes the sponge has already absorbed into the current block are zeros in
 * q (xoring zeros changes nothing), then the plen pending bytes pend. Returns q's length. The
 * node goes back with kf_sponge_import(st, 0) and the rest of its input from there. */
/*@ requires \valid_read(k) && kf_sponge_absorbing(&k->node);
    requires \valid(st + (0 .. KF_STATE_BYTES - 1)) && \valid(q + (0 .. KT_QUEUE - 1));
    requires kt_ne_pend: plen <= 8 + (KT_BATCH - 1) * 64 && \valid_read(pend + (0 .. plen - 1)) && \valid_read(pend);
    requires kt_ne_sep: \separated(q + (0 .. KT_QUEUE - 1), pend + (0 .. plen - 1)) &&
                        \separated(q + (0 .. KT_QUEUE - 1), st + (0 .. KF_STATE_BYTES - 1), k);
    assigns st[0 .. KF_STATE_BYTES - 1], q[0 .. KT_QUEUE - 1];
    ensures kt_ne_len: \result == k->node.pos + plen && \result <= KT_QUEUE; */
static size_t kt_node_export(kf_kt_impl *k, uint8_t st[KF_STATE_BYTES], uint8_t q[KT_QUEUE], const uint8_t *pend,
                             size_t plen)
{
    size_t pos = k->node.pos;
    /*@ calls kf_spec_extract_bytes; */
    k->node.impl->extract_bytes(k->node.state, st, 0, KF_STATE_BYTES);
    memset(q, 0, pos);
    memcpy(q + pos, pend, plen);
    return pos + plen;
}

/* (ACSL, the unit hash_kt) the whole blocks of a queue of n bytes, as a ghost lemma function proved alone */
/*@ ghost
  /@ requires 0 < r;
     assigns \nothing;
     ensures (size_t)(n / r) * r <= n && n < r + (size_t)(n / r) * r;
     ensures (size_t)((size_t)(n / r) * r) == (size_t)(n / r) * r; @/
  static void kt_divr(size_t n, size_t r) { }
*/

/* (ACSL, the unit hash_kt) a job's CV bytes within size_t, as a ghost lemma function proved alone */
/*@ ghost
  /@ requires kt_mulcv_m: m * KT_CHUNK <= SIZE_MAX && (c == 32 || c == 64);
     assigns \nothing;
     ensures m * c <= SIZE_MAX && (size_t)(m * c) == m * c; @/
  static void kt_mulcv(size_t m, uint8_t c) { }
*/

/*
 * Whole groups of KT_BATCH chunks on one thread, with the final node beside the leaves
 * (issue 24, KT128 faster than BLAKE3): the node absorbs group g-1's CVs on the batched
 * backend's leaves_node while group g's leaves run (avx512-x8: its rounds on the integer
 * units, which the zmm rounds leave idle, instead of ~24 permutations on the x1 backend after
 * the leaves, ~1.5% of KT128 on 1 MiB; figures: docs/BENCHMARK_HISTORY.md, "KT128's final
 * node beside the leaves"). The node's state leaves the sponge as bytes, its queue q
 * (kt_node_export) holds whole node blocks from the state's block start; at the end the state
 * goes back with pos 0 and the rest of q is absorbed.
 * Returns the groups done (fewer than asked, down to 0, where the backend declines; then the
 * node sponge is as the callers expect it anyway).
 */
/*@ requires \valid(k) && kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && !\valid(k->node.impl);
    requires k->cv_len == 32 || k->cv_len == 64;
    requires groups * (KT_BATCH * KT_CHUNK) <= SIZE_MAX && \valid_read(in + (0 .. groups * (KT_BATCH * KT_CHUNK) - 1));
    requires kt_ng_pend: plen <= 8 + (KT_BATCH - 1) * 64 && \valid_read(pend + (0 .. plen - 1)) && \valid_read(pend);
    assigns k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial, k->leaves;
    ensures kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && \result <= groups; */
static size_t kt_node_groups(kf_kt_impl *k, const uint8_t *in, size_t groups, const uint8_t *pend, size_t plen)
{
    kf_leaf_params p = kt_leaf_params(k);
    _Alignas(8) uint8_t st[KF_STATE_BYTES], q[KT_QUEUE], cvs[KT_BATCH * 64];
    size_t rate = k->node.rate, qlen = kt_node_export(k, st, q, pend, plen), g = 0;
    /*@ loop invariant kt_ng_g: 0 <= g <= groups && in == \at(in, Pre) + g * (KT_BATCH * KT_CHUNK);
        loop invariant kt_ng_q: qlen < KT_QUEUE;
        loop invariant kt_ng_node: kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && (k->cv_len == 32 || k->cv_len == 64);
        loop invariant kt_ng_p: p.len == KT_CHUNK && p.cv_len == k->cv_len && p.rate == k->node.rate && p.nr == KT_NR &&
                                rate == k->node.rate;
        loop assigns g, in, qlen, st[0 .. KF_STATE_BYTES - 1], q[0 .. KT_QUEUE - 1], cvs[0 .. KT_BATCH * 64 - 1], k->leaves;
        loop variant groups - g; */
    for (; g < groups; g++, in += KT_BATCH * KT_CHUNK) {
        size_t blocks = qlen / rate, used = blocks * rate;
        /*@ ghost kt_divr(qlen, rate); */
        /*@ assert kt_ng_b: blocks * rate <= qlen && qlen - blocks * rate < rate; */
        /*@ assert kt_ng_pr: p.rate == rate; */
        /*@ assert kt_ng_used: used == blocks * p.rate && used <= qlen && qlen - used < rate; */
        if (!kf_leaves_hash_node(&p, in, cvs, st, q, blocks, NULL)) break;
        memmove(q, q + used, qlen - used);
        qlen -= used;
        memcpy(q + qlen, cvs, KT_BATCH * k->cv_len);
        qlen += KT_BATCH * k->cv_len;
        k->leaves += KT_BATCH;
    }
    kf_sponge_import(&k->node, st, 0);
    kf_sponge_absorb(&k->node, q, qlen);
    kf_memzero(st, sizeof st);
    kf_memzero(q, sizeof q);
    kf_memzero(cvs, sizeof cvs);
    return g;
}

/* Threads for the early whole chunks at in, or NULL (then they are hashed on this thread, in
 * order): kf_leaves_start's job, whose CVs come in the final node after lead groups of the
 * caller's. */
/*@ requires \valid_read(k) && 8 <= k->node.rate <= 192 && k->node.rate % 8 == 0 && (k->cv_len == 32 || k->cv_len == 64);
    requires early <= KF_LEAVES_WINDOW && \valid_read(in + (0 .. early * KT_CHUNK - 1));
    assigns kf_leaves_private;
    ensures \result == \null || (kf_leaves_live(\result) && kf_leaves_cv_bytes(\result) == early * k->cv_len &&
                                 kf_leaves_rate(\result) == k->node.rate && early != 0); */
KT_INLINE kf_leaves *kt_job_start(const kf_kt_impl *k, const uint8_t *in, size_t early, unsigned lead)
{
    kf_leaf_params p = {KT_CHUNK, k->cv_len, k->node.rate, KT_NR, KT_D_LEAF}; /* kt_leaf_params(k) */
    return k->threads != 1 && early >= KT_MT_MIN ? kf_leaves_start(&p, in, early, k->threads, lead) : NULL;
}

/* The wipe of kt_job_to_node's local kf_leaves_node, stated in its own type, always inlined (as
 * sponge.h's kf_sponge_wipe: WP's Typed model cannot view a local struct as bytes, and a false
 * precondition would prove every goal after the call; here the byte view of the parameter is a
 * justified goal). */
/*@ requires \valid(p);
    assigns *p; */
KT_INLINE void kt_wipe_node(kf_leaves_node *p)
{
    kf_memzero((uint8_t *)p, sizeof *p);
}

/* A threaded job's m CVs into the final node after the plen pending bytes pend: the node's
 * blocks run beside the caller's own groups as far as the finished groups reach
 * (kf_leaves_finish_node), the rest on the node's sponge afterwards. */
/*@ requires \valid(k) && kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && !\valid(k->node.impl);
    requires k->cv_len == 32 || k->cv_len == 64;
    requires kt_jn_job: kf_leaves_live(job) && kf_leaves_cv_bytes(job) == m * k->cv_len && kf_leaves_rate(job) == k->node.rate;
    requires kt_jn_m: m * KT_CHUNK <= SIZE_MAX;
    requires kt_jn_pend: plen <= 8 + (KT_BATCH - 1) * 64 && \valid_read(pend + (0 .. plen - 1)) && \valid_read(pend);
    assigns k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial, k->leaves, kf_leaves_private,
            kf_spec_xn_table;
    ensures kf_sponge_absorbing(&k->node) && k->node.nbits == 0; */
static void kt_job_to_node(kf_kt_impl *k, kf_leaves *job, size_t m, const uint8_t *pend, size_t plen)
{
    kf_leaves_node nd;
    _Alignas(8) uint8_t head[KT_QUEUE];
    nd.head = head;
    nd.head_len = kt_node_export(k, nd.st, head, pend, plen);
    nd.fed = 0;
    const uint8_t *cvs = kf_leaves_finish_node(job, &nd);
    kf_sponge_import(&k->node, nd.st, 0);
    size_t cv0 = nd.fed > nd.head_len ? nd.fed - nd.head_len : 0;
    if (nd.fed < nd.head_len) kf_sponge_absorb(&k->node, head + nd.fed, nd.head_len - nd.fed);
    /*@ ghost kt_mulcv(m, k->cv_len); */
    /*@ assert kt_jn_cvs: cv0 <= m * k->cv_len && \valid_read(cvs + (0 .. m * k->cv_len - 1)); */
    kf_sponge_absorb(&k->node, cvs + cv0, m * k->cv_len - cv0);
    k->leaves += m;
    kt_wipe_node(&nd);
    kf_memzero(head, sizeof head);
}

/* (ACSL, the unit hash_kt) the whole groups of n chunks, as a ghost lemma function proved alone */
/*@ ghost
  /@ assigns \nothing;
     ensures (n / KT_BATCH) * KT_BATCH <= n; @/
  static void kt_div8(size_t n) { }
*/

/* (ACSL, the unit hash_kt) a group's CV bytes, as a ghost lemma function proved alone */
/*@ ghost
  /@ requires kt_mul8_le: a <= KT_BATCH && b <= 64;
     assigns \nothing;
     ensures a * b <= KT_BATCH * 64; @/
  static void kt_mul8(size_t a, size_t b) { }
*/

/* kt_whole_leaves' window on this thread without threads or the node beside the leaves, always
 * inlined (unit hash_kt: a contract of its own, so that the loop's goals see one call): the pending
 * bytes, then one group of up to KT_BATCH chunks' CVs into the final node; the chunks taken. */
/*@ requires \valid(k) && kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && !\valid(k->node.impl);
    requires k->cv_len == 32 || k->cv_len == 64;
    requires \valid_read(p) && p->len == KT_CHUNK && p->cv_len == k->cv_len && p->rate == k->node.rate && p->nr == KT_NR;
    requires count != 0 && count * KT_CHUNK <= SIZE_MAX && \valid_read(in + (0 .. count * KT_CHUNK - 1));
    requires plen <= 8 + (KT_BATCH - 1) * 64 && \valid_read(pend + (0 .. plen - 1));
    requires \valid(cvs + (0 .. KT_BATCH * 64 - 1));
    requires kt_wlg_own: \base_addr(cvs) != \base_addr(k) && \base_addr(cvs) != \base_addr(p) && \base_addr(cvs) != \base_addr(in) &&
                         \base_addr(p) != \base_addr(k) && \base_addr(p) != \base_addr(in);
    assigns k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial, k->leaves, cvs[0 .. KT_BATCH * 64 - 1],
            kf_spec_xn_table;
    ensures kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && 1 <= \result <= count; */
KT_INLINE size_t kt_wl_group(kf_kt_impl *k, const kf_leaf_params *p, const uint8_t *in, size_t count,
                             const uint8_t *pend, size_t plen, uint8_t *cvs)
{
    kf_sponge_absorb(&k->node, pend, plen);
    size_t m = count < KT_BATCH ? count : KT_BATCH;
    /*@ ghost kt_mul8(m, k->cv_len); */
    kf_leaves_hash(p, in, m, cvs);
    kf_sponge_absorb(&k->node, cvs, m * k->cv_len);
    k->leaves += m;
    return m;
}

/* Whole chunks S_i (i >= 1) straight from the input into the final node, in order, after the
 * plen pending bytes pend of the final node (kt_first_group's). */
/*@ requires \valid(k) && kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && !\valid(k->node.impl);
    requires k->cv_len == 32 || k->cv_len == 64;
    requires count * KT_CHUNK <= SIZE_MAX && \valid_read(in + (0 .. count * KT_CHUNK - 1));
    requires plen <= 8 + (KT_BATCH - 1) * 64 && \valid_read(pend + (0 .. plen - 1)) && \valid_read(pend);
    assigns k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial, k->leaves, kf_leaves_private,
            kf_spec_xn_table;
    ensures kf_sponge_absorbing(&k->node) && k->node.nbits == 0; */
static void kt_whole_leaves(kf_kt_impl *k, const uint8_t *in, size_t count, const uint8_t *pend, size_t plen)
{
    kf_leaf_params p = kt_leaf_params(k);
    uint8_t cvs[KT_BATCH * 64];
    int node_side = 1; /* 0 once the batched backend has declined kf_leaves_hash_node */
    /*@ loop invariant kt_wl_node: kf_sponge_absorbing(&k->node) && k->node.nbits == 0;
        loop invariant kt_wl_p: p.len == KT_CHUNK && p.cv_len == k->cv_len && p.rate == k->node.rate && p.nr == KT_NR;
        loop invariant kt_wl_count: count <= \at(count, Pre) && count * KT_CHUNK <= SIZE_MAX;
        loop invariant kt_wl_in: \valid_read(in + (0 .. count * KT_CHUNK - 1));
        loop invariant kt_wl_pend: plen == 0 || plen == \at(plen, Pre);
        loop invariant node_side == 0 || node_side == 1;
        loop assigns count, in, plen, node_side, k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial,
                     k->leaves, kf_leaves_private, cvs[0 .. KT_BATCH * 64 - 1], kf_spec_xn_table;
        loop variant 2 * count + node_side; */
    while (count) {
        size_t m = count < KF_LEAVES_WINDOW ? count : KF_LEAVES_WINDOW;
        kf_leaves *job = kt_job_start(k, in, m, 0);
        if (!job && count >= KT_BATCH && node_side) {
            /* this window's whole groups (a later window may get threads again); the node
             * takes pend whatever happens; k->leaves counts the groups done */
            /*@ ghost kt_div8(m); */
            m = KT_BATCH * kt_node_groups(k, in, m / KT_BATCH, pend, plen);
            /*@ assert kt_wl_m: m <= count; */
            plen = 0;
            node_side = m != 0;
            in += m * KT_CHUNK;
            count -= m;
            continue;
        }
        if (job) {
            kt_job_to_node(k, job, m, pend, plen); /* pend before this window's CVs */
            kf_leaves_free(job);
        } else {
            m = kt_wl_group(k, &p, in, count, pend, plen, cvs);
        }
        /*@ assert kt_wl_step: 1 <= m <= count; */
        plen = 0;
        in += m * KT_CHUNK;
        count -= m;
    }
    kf_sponge_absorb(&k->node, pend, plen);
}

/* kt_first_group's group on the batched sponge, where the backend declines kf_leaves_hash_node,
 * always inlined (unit hash_kt: a contract of its own, so that the group's goals see one call; the
 * caller's locals as parameters, so that GCC lays out its frame as before): S_0's state before its
 * padding in st, the eight chunks' CVs at cvs + i * cv_len (out[0]: S_0 padded as a leaf, not used). */
/*@ requires \valid_read(k) && 8 <= k->node.rate <= 192 && k->node.rate % 8 == 0 && (k->cv_len == 32 || k->cv_len == 64);
    requires rate == k->node.rate && \valid_read(in + (0 .. KT_BATCH * KT_CHUNK - 1));
    requires \valid(cvs + (0 .. KT_BATCH * 64 - 1)) && \valid(st + (0 .. KF_STATE_BYTES - 1));
    requires \valid(xs) && \valid(p + (0 .. KT_BATCH - 1)) && \valid(out + (0 .. KT_BATCH - 1));
    requires kt_fgx_own: \base_addr(cvs) != \base_addr(st) && \base_addr(cvs) != \base_addr(xs) && \base_addr(cvs) != \base_addr(p) &&
                         \base_addr(cvs) != \base_addr(out) && \base_addr(st) != \base_addr(xs) && \base_addr(st) != \base_addr(p) &&
                         \base_addr(st) != \base_addr(out) && \base_addr(xs) != \base_addr(p) && \base_addr(xs) != \base_addr(out) &&
                         \base_addr(p) != \base_addr(out);
    requires kt_fgx_k: \base_addr(k) != \base_addr(cvs) && \base_addr(k) != \base_addr(st) && \base_addr(k) != \base_addr(xs) &&
                       \base_addr(k) != \base_addr(p) && \base_addr(k) != \base_addr(out) &&
                       \base_addr(in) != \base_addr(cvs) && \base_addr(in) != \base_addr(st) && \base_addr(in) != \base_addr(xs) &&
                       \base_addr(in) != \base_addr(p) && \base_addr(in) != \base_addr(out);
    assigns *xs, p[0 .. KT_BATCH - 1], out[0 .. KT_BATCH - 1], cvs[0 .. KT_BATCH * 64 - 1], st[0 .. KF_STATE_BYTES - 1],
            kf_spec_xn_table; */
KT_INLINE void kt_fg_xn(const kf_kt_impl *k, const uint8_t *in, uint8_t *cvs, uint8_t *st, size_t rate, kf_sponge_xn *xs,
                        const uint8_t **p, uint8_t **out)
{
    /*@ loop invariant kt_fg_i: 0 <= i <= KT_BATCH;
        loop invariant kt_fg_in: \forall integer m; 0 <= m < i ==> p[m] == in + m * KT_CHUNK;
        loop invariant kt_fg_out: \forall integer m; 0 <= m < i ==> out[m] == cvs + (k->cv_len == 32 ? m * 32 : m * 64);
        loop assigns i, p[0 .. KT_BATCH - 1], out[0 .. KT_BATCH - 1];
        loop variant KT_BATCH - i; */
    for (size_t i = 0; i < KT_BATCH; i++) {
        p[i] = in + i * KT_CHUNK;
        out[i] = cvs + i * k->cv_len; /* out[0]: S_0 padded as a leaf, not used */
    }
    kf_sponge_xn_init(xs, KT_BATCH, rate, KT_NR, KT_D_LEAF);
    kf_sponge_xn_absorb(xs, p, KT_CHUNK);
    kf_sponge_xn_export(xs, 0, st);
    /*@ assert kt_fgx_n: xs->n == KT_BATCH && (k->cv_len == 32 || k->cv_len == 64); */
    /*@ assert kt_fgx_cv: \forall integer m; 0 <= m < KT_BATCH ==> out[m] == cvs + (k->cv_len == 32 ? m * 32 : m * 64); */
    /*@ assert kt_fgx_at: \forall integer m, j; 0 <= m < KT_BATCH && 0 <= j < k->cv_len ==>
                         out[m] + j == cvs + ((k->cv_len == 32 ? m * 32 : m * 64) + j) &&
                         0 <= (k->cv_len == 32 ? m * 32 : m * 64) + j < KT_BATCH * 64; */
    /*@ assert kt_fgx_sub: \forall integer m; 0 <= m < xs->n ==> \subset(out[m] + (0 .. k->cv_len - 1), cvs + (0 .. KT_BATCH * 64 - 1)); */
    kf_sponge_xn_squeeze(xs, out, k->cv_len);
    kf_sponge_xn_wipe(xs);
}

/* (ACSL, the unit hash_kt) kt_open from its facts one by one, as a ghost lemma function proved
 * alone: each of its preconditions is a goal of its own at the caller (kt_first_group, session
 * 50), where kt_open's frame across the group's calls in one goal ran CVC4 past 1 M steps. */
/*@ ghost
  /@ requires kt_of_k: \valid(k);
     requires kt_of_impl: \valid_read(k->node.impl) && !\valid(k->node.impl);
     requires kt_of_sep: \separated(&k->node, k->node.impl);
     requires kt_of_rate: 8 <= k->node.rate <= 192 && k->node.rate % 8 == 0;
     requires kt_of_nr: 1 <= k->node.nr <= 24;
     requires kt_of_phase: k->node.phase == KF_PHASE_ABSORB;
     requires kt_of_pos: k->node.pos < k->node.rate;
     requires kt_of_nbits: k->node.nbits == 0;
     requires kt_of_cv: k->cv_len == 32 || k->cv_len == 64;
     requires kt_of_tree: (k->tree == 0 && k->fill <= KT_CHUNK) || (k->tree == 1 && k->fill == 0);
     assigns \nothing;
     ensures kt_open(k); @/
  static void kt_open_fold(kf_kt_impl *k) { }
*/

/* The first chunk S_0 beside the next seven, as one batched group (the caller's thread, all
 * eight chunks at hand). The final node absorbs S_0 with the leaves' rate and rounds, so a
 * lane of the group can run S_0's permutations beside seven leaves instead of on the x1
 * backend at several times the per-state cost; its state after the 8192 bytes (no padding)
 * then becomes the node sponge's. The marker and the seven CVs that follow S_0 in the final
 * node are left in pend (8 + 7 * cv_len bytes, returned) for kt_whole_leaves, which can
 * absorb them beside the next group's leaves. */
/*@ requires kt_open(k) && k->tree == 0 && k->fill == 0;
    requires \valid_read(in + (0 .. KT_BATCH * KT_CHUNK - 1));
    requires \valid(pend + (0 .. 8 + (KT_BATCH - 1) * 64 - 1)) && \separated(pend + (0 .. 8 + (KT_BATCH - 1) * 64 - 1), k);
    assigns k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->leaves, k->tree, k->fill,
            pend[0 .. 8 + (KT_BATCH - 1) * 64 - 1], kf_spec_xn_table;
    ensures kt_fg_open: kt_open(k);
    ensures kt_fg_tree: k->tree == 1 && k->fill == 0;
    ensures kt_fg_cv: k->cv_len == \old(k->cv_len);
    ensures kt_fg_plen: \result == 8 + (KT_BATCH - 1) * k->cv_len; */
static size_t kt_first_group(kf_kt_impl *k, const uint8_t *in, uint8_t pend[8 + (KT_BATCH - 1) * 64])
{
    static const uint8_t marker[8] = {0x03, 0, 0, 0, 0, 0, 0, 0};
    kf_sponge_xn s;
    const uint8_t *p[KT_BATCH];
    uint8_t *out[KT_BATCH], cvs[KT_BATCH * 64], st[KF_STATE_BYTES], none[KF_STATE_BYTES] = {0};
    kf_leaf_params lp = kt_leaf_params(k);
    size_t rate = k->node.rate, whole = KT_CHUNK - KT_CHUNK % rate;
    /*@ assert kt_fg_whole: rate == k->node.rate && KT_CHUNK - whole == KT_CHUNK % rate < rate; */
    /* the leaf loop's own operation (its padded last block in the loop; the sponge_xn path
     * costs ~2.5% more for this group): S_0's state before its last, partial block comes out
     * of lane 0, which then takes S_0's last bytes without padding */
    if (kf_leaves_hash_node(&lp, in, cvs, none, NULL, 0, st)) {
        /*@ loop invariant kt_fg_j: 0 <= j <= KT_CHUNK - whole;
            loop assigns j, st[0 .. KF_STATE_BYTES - 1];
            loop variant KT_CHUNK - whole - j; */
        for (size_t j = 0; j < KT_CHUNK - whole; j++) st[j] ^= in[whole + j];
        /*@ assert kt_fg_a1t: k->tree == 0; */
        /*@ assert kt_fg_a1r: rate == k->node.rate; */
        /*@ assert kt_fg_a1c: k->cv_len == \at(k->cv_len, Pre); */
        /*@ ghost kt_open_fold(k); */
    } else {
        kt_fg_xn(k, in, cvs, st, rate, &s, p, out);
        /*@ assert kt_fg_a2t: k->tree == 0; */
        /*@ assert kt_fg_a2r: rate == k->node.rate; */
        /*@ assert kt_fg_a2c: k->cv_len == \at(k->cv_len, Pre); */
        /*@ ghost kt_open_fold(k); */
    }
    /*@ assert kt_fg_at: kt_open(k) && k->tree == 0 && rate == k->node.rate && k->cv_len == \at(k->cv_len, Pre); */
    kf_sponge_import(&k->node, st, KT_CHUNK % rate);
    memcpy(pend, marker, sizeof marker);
    memcpy(pend + sizeof marker, cvs + k->cv_len, (KT_BATCH - 1) * k->cv_len);
    k->leaves += KT_BATCH - 1;
    k->tree = 1;
    k->fill = 0;
    /*@ assert kt_fg_nb: k->node.nbits == 0 && k->node.phase == KF_PHASE_ABSORB && k->node.pos < k->node.rate; */
    kf_memzero(st, sizeof st);
    /*@ assert kt_fg_nb1: k->node.nbits == 0; */
    kf_memzero(cvs, sizeof cvs);
    /*@ assert kt_fg_nb2: k->node.nbits == 0; */
    /*@ ghost kt_open_fold(k); */
    return sizeof marker + (KT_BATCH - 1) * k->cv_len;
}

/* The open leaf is complete: its chaining value joins the final node. */
/*@ requires \valid(k) && kf_sponge_absorbing(&k->node) && kf_sponge_ok(&k->leaf);
    requires k->cv_len == 32 || k->cv_len == 64;
    assigns k->leaf.state[0 .. KF_STATE_BYTES - 1], k->leaf.pos, k->leaf.partial, k->leaf.nbits, k->leaf.phase,
            k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial, k->leaves, k->fill;
    ensures kf_sponge_absorbing(&k->node) && k->node.nbits == \old(k->node.nbits) && k->fill == 0; */
static void kt_leaf_close(kf_kt_impl *k)
{
    uint8_t cv[64];
    kf_sponge_squeeze(&k->leaf, cv, k->cv_len);
    kf_sponge_absorb(&k->node, cv, k->cv_len);
    k->leaves++;
    k->fill = 0;
}

/* kt_feed's steps, always inlined (unit hash_kt: each with a contract of its own, so that kt_feed's
 * paths meet in small goals). */

/* (ACSL, the unit hash_kt) the whole chunks of n bytes, as a ghost lemma function proved alone (a
 * caller gets the linear fact) */
/*@ ghost
  /@ assigns \nothing;
     ensures (n / KT_CHUNK) * KT_CHUNK <= n && n - (n / KT_CHUNK) * KT_CHUNK < KT_CHUNK; @/
  static void kt_div(size_t n) { }
*/

/* S_0 takes bytes while S may still be a single node: the bytes taken. */
/*@ requires kt_open(k) && k->tree == 0;
    requires \valid_read(in + (0 .. len - 1));
    assigns k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial, k->fill;
    ensures kt_open(k) && k->tree == 0 && k->fill == \old(k->fill) + \result && k->cv_len == \old(k->cv_len);
    ensures \result == (KT_CHUNK - \old(k->fill) < len ? KT_CHUNK - \old(k->fill) : len); */
KT_INLINE size_t kt_s0_take(kf_kt_impl *k, const uint8_t *in, size_t len)
{
    size_t take = KT_CHUNK - k->fill < len ? KT_CHUNK - k->fill : len;
    kf_sponge_absorb(&k->node, in, take);
    k->fill += take;
    return take;
}

/* S does not fit in one chunk: FinalNode = S_0 || 03 00^7 || ... */
/*@ requires kt_open(k);
    assigns k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial, k->tree, k->fill;
    ensures kt_open(k) && k->tree == 1 && k->fill == 0 && k->cv_len == \old(k->cv_len); */
KT_INLINE void kt_s0_close(kf_kt_impl *k)
{
    static const uint8_t marker[8] = {0x03, 0, 0, 0, 0, 0, 0, 0};
    kf_sponge_absorb(&k->node, marker, sizeof marker);
    k->tree = 1;
    k->fill = 0;
}

/* The open leaf takes bytes: the bytes taken (a whole leaf is the caller's to close). */
/*@ requires kt_open(k) && k->tree != 0 && k->fill != 0;
    requires \valid_read(in + (0 .. len - 1));
    assigns k->leaf.state[0 .. KF_STATE_BYTES - 1], k->leaf.pos, k->leaf.partial, k->fill;
    ensures \valid(k) && kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && !\valid(k->node.impl);
    ensures (k->cv_len == 32 || k->cv_len == 64) && k->cv_len == \old(k->cv_len) && k->tree != 0 && kf_sponge_absorbing(&k->leaf);
    ensures kt_leaf_fill: k->fill == \old(k->fill) + \result && k->fill <= KT_CHUNK;
    ensures \result == (KT_CHUNK - \old(k->fill) < len ? KT_CHUNK - \old(k->fill) : len);
    ensures k->fill < KT_CHUNK ==> kt_open(k); */
KT_INLINE size_t kt_leaf_take(kf_kt_impl *k, const uint8_t *in, size_t len)
{
    size_t take = KT_CHUNK - k->fill < len ? KT_CHUNK - k->fill : len;
    kf_sponge_absorb(&k->leaf, in, take);
    k->fill += take;
    return take;
}

/* The open leaf is whole: kt_leaf_close, in kt_open's terms. */
/*@ requires \valid(k) && kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && !\valid(k->node.impl);
    requires (k->cv_len == 32 || k->cv_len == 64) && k->tree != 0 && kf_sponge_absorbing(&k->leaf);
    assigns k->leaf.state[0 .. KF_STATE_BYTES - 1], k->leaf.pos, k->leaf.partial, k->leaf.nbits, k->leaf.phase,
            k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial, k->leaves, k->fill;
    ensures kt_open(k) && k->tree != 0 && k->fill == 0 && k->cv_len == \old(k->cv_len); */
KT_INLINE void kt_leaf_done(kf_kt_impl *k)
{
    kt_leaf_close(k);
}

/* The last, short chunk of the update (if any) opens a leaf. */
/*@ requires \valid(k) && kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && !\valid(k->node.impl);
    requires (k->cv_len == 32 || k->cv_len == 64) && k->tree != 0 && k->fill == 0;
    requires len < KT_CHUNK && \valid_read(in + (0 .. len - 1));
    assigns k->leaf, k->fill;
    ensures kt_open(k); */
KT_INLINE void kt_tail(kf_kt_impl *k, const uint8_t *in, size_t len)
{
    if (len) {
        kf_sponge_init(&k->leaf, k->node.impl, k->node.rate, KT_NR, KT_D_LEAF);
        kf_sponge_absorb(&k->leaf, in, len);
        k->fill = len;
    }
}

/* The whole chunks from in (a threaded job's early ones first, after the plen pending bytes
 * pend), then the tail, which opens a leaf. */
/*@ requires kt_open(k) && k->tree != 0 && k->fill == 0;
    requires \valid_read(in + (0 .. len - 1));
    requires kt_rest_job: job == \null || (kf_leaves_live(job) && kf_leaves_cv_bytes(job) == early * k->cv_len &&
                                          kf_leaves_rate(job) == k->node.rate);
    requires kt_rest_early: job == \null || early * KT_CHUNK <= len;
    requires plen <= 8 + (KT_BATCH - 1) * 64 && \valid(pend + (0 .. plen - 1)) && \valid(pend) && \separated(pend + (0 .. plen - 1), k);
    assigns k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial, k->leaf, k->leaves, k->fill,
            kf_leaves_private, pend[0 .. plen - 1], kf_spec_xn_table;
    ensures kt_open(k); */
KT_INLINE void kt_feed_rest(kf_kt_impl *k, kf_leaves *job, size_t early, const uint8_t *in, size_t len,
                            uint8_t *pend, size_t plen)
{
    if (job) { /* in is now at the first of the early chunks */
        kt_job_to_node(k, job, early, pend, plen); /* the first group's marker and CVs come first */
        kf_leaves_free(job);
        kf_memzero(pend, plen);
        plen = 0;
        in += early * KT_CHUNK;
        len -= early * KT_CHUNK;
    }
    size_t whole = len / KT_CHUNK;
    /*@ ghost kt_div(len); */
    kt_whole_leaves(k, in, whole, pend, plen);
    kf_memzero(pend, plen);
    in += whole * KT_CHUNK;
    len -= whole * KT_CHUNK;
    kt_tail(k, in, len);
}

/* The bytes after S_0's group (if any): the rest of S_0 while S may be one node, or of the open
 * leaf, then kt_feed_rest (with the threaded job, if any, on the early chunks after them). */
/*@ requires kt_open(k);
    requires \valid_read(in + (0 .. len - 1));
    requires kt_next_job: job == \null || (kf_leaves_live(job) && kf_leaves_cv_bytes(job) == early * k->cv_len &&
                                          kf_leaves_rate(job) == k->node.rate);
    requires kt_next_early: job == \null || early * KT_CHUNK + (k->tree == 0 || k->fill != 0 ? KT_CHUNK - k->fill : 0) <= len;
    requires plen <= 8 + (KT_BATCH - 1) * 64 && \valid(pend + (0 .. plen - 1)) && \valid(pend) && \separated(pend + (0 .. plen - 1), k);
    assigns k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial, k->leaf, k->leaves, k->fill,
            k->tree, kf_leaves_private, pend[0 .. plen - 1], kf_spec_xn_table;
    ensures kt_open(k); */
KT_INLINE void kt_feed_next(kf_kt_impl *k, kf_leaves *job, size_t early, const uint8_t *in, size_t len,
                            uint8_t *pend, size_t plen)
{
    /*@ ghost uint8_t cv0 = k->cv_len; */
    /*@ ghost uint16_t rate0 = k->node.rate; */
    /*@ assert kt_next_at: job != \null ==> kf_leaves_cv_bytes(job) == early * cv0 && kf_leaves_rate(job) == rate0; */
    if (!k->tree) {
        size_t take = kt_s0_take(k, in, len);
        in += take;
        len -= take;
        if (!len) return; /* never with a job: it has whole chunks after S_0 */
        kt_s0_close(k);
    }
    if (k->fill) {
        size_t take = kt_leaf_take(k, in, len);
        in += take;
        len -= take;
        if (k->fill < KT_CHUNK) return;
        kt_leaf_done(k);
    }
    /*@ assert kt_next_cv: k->cv_len == cv0 && k->node.rate == rate0; */
    kt_feed_rest(k, job, early, in, len, pend, plen);
}

/* Append bytes to S. (n - 1 cannot overflow 64 bits: that would take 2^77 bytes.) */
/*@ requires kt_open(k);
    requires len == 0 || \valid_read(in + (0 .. len - 1));
    assigns k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial, k->leaf, k->leaves, k->fill,
            k->tree, kf_leaves_private, kf_spec_xn_table;
    ensures kt_open(k); */
static void kt_feed(kf_kt_impl *k, const uint8_t *in, size_t len)
{
    if (!len) return;
    /* S_0 and the next seven chunks as one batched group on the caller's thread, whenever all
     * eight are at hand (with threads too: while the workers start on the chunks after them;
     * S_0 on the x1 backend instead cost the caller ~12k ticks of a 1 MiB KT128, against ~3k
     * as a lane, and cut the two-thread speedup from 1.87x to 1.75-1.83x once one thread had
     * the final node beside its leaves) */
    int first = !k->tree && !k->fill && len >= KT_BATCH * KT_CHUNK && kf_backend_xn_for(KT_BATCH);
    /* whole chunks of this update after S_0 (or its group), known up front so threads can
     * start on them now */
    size_t head = first ? KT_BATCH * KT_CHUNK : !k->tree ? KT_CHUNK - k->fill : k->fill ? KT_CHUNK - k->fill : 0;
    size_t early = len > head ? (len - head) / KT_CHUNK : 0;
    if (early > KF_LEAVES_WINDOW) early = KF_LEAVES_WINDOW;
    /*@ ghost kt_div(len > head ? len - head : 0); */
    /*@ assert kt_early: early != 0 ==> head < len && early * KT_CHUNK <= len - head; */
    /*@ ghost uint8_t cv0 = k->cv_len; */
    /*@ ghost uint16_t rate0 = k->node.rate; */
    kf_leaves *job = kt_job_start(k, in + head, early, first);
    /*@ assert kt_job: job != \null ==> kf_leaves_live(job) && kf_leaves_cv_bytes(job) == early * cv0 &&
                                       kf_leaves_rate(job) == rate0; */
    uint8_t pend[8 + (KT_BATCH - 1) * 64];
    size_t plen = 0; /* final-node bytes kt_first_group leaves to kt_whole_leaves */
    if (first) {
        plen = kt_first_group(k, in, pend);
        in += KT_BATCH * KT_CHUNK;
        len -= KT_BATCH * KT_CHUNK;
    }
    /*@ assert kt_feed_cv: k->cv_len == cv0 && k->node.rate == rate0; */
    kt_feed_next(k, job, early, in, len, pend, plen);
}

/* (ACSL) init's context folded into kt_inv, as a ghost lemma function proved alone
 * (sp800_185.c's par_fold): the flat facts init establishes are cheap goals there. */
/*@ ghost
  /@ requires \valid(k) && kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && !\valid(k->node.impl);
     requires k->fill == 0 && k->tree == 0 && (k->cv_len == 32 || k->cv_len == 64);
     requires k->magic == KF_MAGIC_KT && k->stage == KT_ABSORB;
     assigns \nothing;
     ensures kt_inv(k); @/
  static void kt_fold(kf_kt_impl *k) { }
*/
/*@ requires ctx == \null || \valid(ctx);
    assigns *ctx;
    ensures \result == KF_OK ==> kt_inv(&ctx->impl) && ctx->impl.stage == KT_ABSORB; */
int kf_kt_init(kf_kt_ctx *ctx, kf_kt_variant v)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    if (v != KF_KT128 && v != KF_KT256) return KF_ERR_BAD_ALGORITHM;
    unsigned security = v == KF_KT128 ? 128 : 256;
    kf_kt_impl *k = KF_IMPL(kf_kt_impl, ctx);
    /* the domain byte is settled in kf_kt_final, once n is known */
    kf_sponge_init(&k->node, kf_backend_current(), KF_RATE(security), KT_NR, KT_D_SINGLE);
    kf_sponge_wipe(&k->leaf);
    k->leaves = 0;
    k->fill = 0;
    k->cv_len = (uint8_t)(2 * security / 8);
    k->tree = 0;
    k->stage = KT_ABSORB;
    k->threads = 1;
    k->magic = KF_MAGIC_KT;
    /*@ assert kf_sponge_absorbing(&k->node) && k->node.nbits == 0 && !\valid(k->node.impl); */
    /*@ assert kt_init_fields: k->fill == 0 && k->tree == 0 && (k->cv_len == 32 || k->cv_len == 64); */
    /*@ ghost kt_fold(k); */
    return KF_OK;
}

/*@ requires kt_inv(&ctx->impl);
    assigns \nothing;
    ensures \result == \null ||
            (\result == &ctx->impl && ctx->impl.magic == KF_MAGIC_KT && ctx->impl.stage != 0); */
static kf_kt_impl *kt_live(kf_kt_ctx *ctx)
{
    kf_kt_impl *k = KF_IMPL(kf_kt_impl, ctx);
    return k->magic == KF_MAGIC_KT && k->stage ? k : NULL;
}

/*@ requires ctx == \null || kt_inv(&ctx->impl);
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. len - 1));
    assigns *ctx, kf_leaves_private, kf_spec_xn_table;
    ensures ctx != \null ==> kt_inv(&ctx->impl); */
int kf_kt_update(kf_kt_ctx *ctx, const void *in, size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(in, len);
    kf_kt_impl *k = kt_live(ctx);
    if (!k || k->stage != KT_ABSORB) return KF_ERR_BAD_STATE;
    kt_feed(k, (const uint8_t *)in, len);
    return KF_OK;
}

/* S is complete: the final node pads, the leaf sponge is wiped, the context squeezes. A function
 * of its own for the proof (unit hash_kt: the wipe's frame in a goal apart from final's paths). */
/*@ requires \valid(k) && kf_sponge_ok(&k->node) && k->magic == KF_MAGIC_KT;
    assigns k->node.state[0 .. KF_STATE_BYTES - 1], k->node.pos, k->node.partial, k->node.nbits, k->node.phase,
            k->leaf, k->stage;
    ensures kt_inv(k) && k->stage == KT_SQUEEZE; */
KT_INLINE void kt_to_squeeze(kf_kt_impl *k)
{
    kf_sponge_finalize(&k->node);
    kf_sponge_wipe(&k->leaf);
    k->stage = KT_SQUEEZE;
}

/*@ requires ctx == \null || kt_inv(&ctx->impl);
    requires custom == \null || \valid_read((const uint8_t *)custom + (0 .. customlen - 1));
    assigns *ctx, kf_leaves_private, kf_spec_xn_table;
    ensures ctx != \null ==> kt_inv(&ctx->impl); */
int kf_kt_final(kf_kt_ctx *ctx, const void *custom, size_t customlen)
{
    static const uint8_t trailer_ff[2] = {0xFF, 0xFF};
    uint8_t enc[9];
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(custom, customlen);
    kf_kt_impl *k = kt_live(ctx);
    if (!k || k->stage != KT_ABSORB) return KF_ERR_BAD_STATE;
    /* S = M || C || length_encode(|C|) */
    kt_feed(k, (const uint8_t *)custom, customlen);
    kt_feed(k, enc, kf_length_encode(enc, customlen));
    if (k->tree) {
        if (k->fill) kt_leaf_close(k); /* the last, short chunk */
        kf_sponge_absorb(&k->node, enc, kf_length_encode(enc, k->leaves));
        kf_sponge_absorb(&k->node, trailer_ff, sizeof trailer_ff);
        kf_sponge_set_suffix(&k->node, KT_D_FINAL); /* read only when the sponge pads */
    }
    kt_to_squeeze(k);
    return KF_OK;
}

/*@ requires ctx == \null || kt_inv(&ctx->impl);
    requires out == \null || (\valid(out + (0 .. len - 1)) && \separated(out + (0 .. len - 1), ctx));
    assigns *ctx, out[0 .. len - 1];
    ensures ctx != \null ==> kt_inv(&ctx->impl); */
int kf_kt_squeeze(kf_kt_ctx *ctx, uint8_t *out, size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    KF_CHECK_BUF(out, len);
    kf_kt_impl *k = kt_live(ctx);
    if (!k || k->stage != KT_SQUEEZE) return KF_ERR_BAD_STATE;
    kf_sponge_squeeze(&k->node, out, len);
    return KF_OK;
}

/*@ requires ctx == \null || kt_inv(&ctx->impl);
    assigns *ctx, kf_leaves_private;
    ensures ctx != \null ==> kt_inv(&ctx->impl); */
int kf_kt_set_threads(kf_kt_ctx *ctx, unsigned threads)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    kf_kt_impl *k = kt_live(ctx);
    if (!k || k->stage != KT_ABSORB) return KF_ERR_BAD_STATE;
    k->threads = (uint16_t)(threads ? kf_threads_resolve(threads) : 0); /* 0: auto, settled per job */
    return KF_OK;
}

/*
 * S = M || C || length_encode(|C|) of at most one chunk is a single node, TurboSHAKE(S, 0x07, L)
 * (RFC 9861 §3.2): no tree, no leaf sponge, no KT context. S shorter than the rate with at most
 * a block of output is one permutation: S is gathered into a block-sized buffer and handed to
 * kf_sponge_oneblock (issue 24: KT128 of 64 B within 50 ticks of TurboSHAKE128 of 64 B); a
 * longer single node streams M, C and the encoding through one sponge. Returns 0 when S is
 * longer than a chunk (the caller takes the tree path), else 1 with out written.
 */
/*@ requires rate == KF_RATE(128) || rate == KF_RATE(256);
    requires \valid_read(in + (0 .. inlen - 1)) && \valid_read(custom + (0 .. customlen - 1));
    requires \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1]; */
static int kt_single_node(unsigned rate, const uint8_t *in, size_t inlen, const uint8_t *custom, size_t customlen,
                          uint8_t *out, size_t outlen)
{
    uint8_t enc[9];
    size_t enclen = kf_length_encode(enc, customlen);
    if (inlen > KT_CHUNK || customlen > KT_CHUNK - inlen || enclen > KT_CHUNK - inlen - customlen) return 0;
    size_t slen = inlen + customlen + enclen;
    const kf_backend *b = kf_backend_current();
    if (KF_SPONGE_ONEBLOCK_FITS(rate, slen, outlen)) {
        uint8_t s[KF_RATE(128)]; /* the larger rate: KT128's */
        if (inlen) memcpy(s, in, inlen);
        if (customlen) memcpy(s + inlen, custom, customlen);
        memcpy(s + inlen + customlen, enc, enclen);
        kf_sponge_oneblock(b, rate, KT_NR, KT_D_SINGLE, s, slen, out, outlen);
        kf_memzero(s, slen);
        return 1;
    }
    kf_sponge node;
    kf_sponge_init(&node, b, rate, KT_NR, KT_D_SINGLE);
    kf_sponge_absorb(&node, in, inlen);
    kf_sponge_absorb(&node, custom, customlen);
    kf_sponge_absorb(&node, enc, enclen);
    kf_sponge_squeeze(&node, out, outlen);
    kf_sponge_wipe(&node);
    return 1;
}

/* The one-shot's wipe of its context, as sponge.h's kf_sponge_wipe (through a pointer: see there). */
/*@ requires \valid(c);
    assigns *c; */
KT_INLINE void kt_wipe_ctx(kf_kt_ctx *c)
{
    kf_memzero((uint8_t *)c, sizeof *c);
}

/*@ requires out == \null || \valid(out + (0 .. outlen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires custom == \null || \valid_read((const uint8_t *)custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1], kf_leaves_private, kf_spec_xn_table; */
static int kt_oneshot(kf_kt_variant v, uint8_t *out, size_t outlen, const void *in, size_t inlen,
                      const void *custom, size_t customlen, unsigned threads)
{
    kf_kt_ctx c;
    KF_CHECK_BUF(out, outlen);
    /* the checks kf_kt_init, kf_kt_update and kf_kt_final make, in their order */
    if (v != KF_KT128 && v != KF_KT256) return KF_ERR_BAD_ALGORITHM;
    KF_CHECK_BUF(in, inlen);
    KF_CHECK_BUF(custom, customlen);
    if (kt_single_node(v == KF_KT128 ? KF_RATE(128) : KF_RATE(256), (const uint8_t *)in, inlen,
                       (const uint8_t *)custom, customlen, out, outlen))
        return KF_OK; /* threads would only serve leaves, and one node has none */
    int rc = kf_kt_init(&c, v);
    if (rc == KF_OK && threads != 1) rc = kf_kt_set_threads(&c, threads);
    if (rc == KF_OK) rc = kf_kt_update(&c, in, inlen);
    if (rc == KF_OK) rc = kf_kt_final(&c, custom, customlen);
    if (rc == KF_OK) rc = kf_kt_squeeze(&c, out, outlen);
    kt_wipe_ctx(&c);
    return rc;
}

/*@ requires out == \null || \valid(out + (0 .. outlen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires custom == \null || \valid_read((const uint8_t *)custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1], kf_leaves_private, kf_spec_xn_table; */
int kf_kt128(uint8_t *out, size_t outlen, const void *in, size_t inlen,
             const void *custom, size_t customlen)
{ return kt_oneshot(KF_KT128, out, outlen, in, inlen, custom, customlen, 1); }
/*@ requires out == \null || \valid(out + (0 .. outlen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires custom == \null || \valid_read((const uint8_t *)custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1], kf_leaves_private, kf_spec_xn_table; */
int kf_kt256(uint8_t *out, size_t outlen, const void *in, size_t inlen,
             const void *custom, size_t customlen)
{ return kt_oneshot(KF_KT256, out, outlen, in, inlen, custom, customlen, 1); }
/*@ requires out == \null || \valid(out + (0 .. outlen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires custom == \null || \valid_read((const uint8_t *)custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1], kf_leaves_private, kf_spec_xn_table; */
int kf_kt128_mt(uint8_t *out, size_t outlen, const void *in, size_t inlen,
                const void *custom, size_t customlen, unsigned threads)
{ return kt_oneshot(KF_KT128, out, outlen, in, inlen, custom, customlen, threads); }
/*@ requires out == \null || \valid(out + (0 .. outlen - 1));
    requires in == \null || \valid_read((const uint8_t *)in + (0 .. inlen - 1));
    requires custom == \null || \valid_read((const uint8_t *)custom + (0 .. customlen - 1));
    assigns out[0 .. outlen - 1], kf_leaves_private, kf_spec_xn_table; */
int kf_kt256_mt(uint8_t *out, size_t outlen, const void *in, size_t inlen,
                const void *custom, size_t customlen, unsigned threads)
{ return kt_oneshot(KF_KT256, out, outlen, in, inlen, custom, customlen, threads); }
