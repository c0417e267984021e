/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * modes.h - private layout of the public context types and the checks every mode shares.
 *
 * The public header declares contexts as opaque aligned storage; each mode casts that
 * storage to its own struct below. A magic word marks a live context, so calls on an
 * uninitialized, finished or wiped context return KF_ERR_BAD_STATE instead of using garbage.
 */
#ifndef KF_MODES_H
#define KF_MODES_H

#include "keccakforge.h"
#include "../sponge/sponge.h"

enum {
    KF_MAGIC_HASH = 0x6b664831u,  /* "kfH1" */
    KF_MAGIC_XOF  = 0x6b665831u,
    KF_MAGIC_KMAC = 0x6b664b31u,
    KF_MAGIC_TUPLE = 0x6b665431u,
    KF_MAGIC_PAR  = 0x6b665031u,
    KF_MAGIC_KT   = 0x6b664b54u,
};

/* Delimited suffixes (domain bits, then the first bit of pad10*1), FIPS 202 §6 / SP 800-185. */
#define KF_SUFFIX_SHA3   0x06
#define KF_SUFFIX_SHAKE  0x1F
#define KF_SUFFIX_CSHAKE 0x04
#define KF_SUFFIX_KECCAK 0x01

/* rate in bytes for capacity 2*security bits */
#define KF_RATE(security_bits) (200 - 2 * (security_bits) / 8)

typedef struct kf_hash_impl {
    kf_sponge s;
    uint32_t magic;
    uint8_t outlen;
} kf_hash_impl;

typedef struct kf_xof_impl {
    kf_sponge s;
    uint32_t magic;
} kf_xof_impl;

#if defined(__FRAMAC__) && defined(KF_PROOF_CTX_VIEW)
/* The proof build's view of the contexts (proofs/ctx_view.h): the private struct as the
 * context's only member, at offset 0 as the cast below puts it. A compiler never sees this. */
struct kf_hash_ctx { kf_hash_impl impl; };
struct kf_xof_ctx { kf_xof_impl impl; };
#define KF_IMPL(type, ctx) (&(ctx)->impl)
/* The contexts' invariants (the hash modes' contracts): a context whose magic and phase say
 * live holds a sponge within sponge.h's kf_sponge_ok. Every init function establishes it and
 * every function keeps it; a context the library never set up is outside the contracts (its
 * magic word is the run-time check, docs/ASSURANCE.md). */
/*@ predicate kf_hash_inv(kf_hash_ctx *ctx) =
      \valid(ctx) &&
      (ctx->impl.magic == KF_MAGIC_HASH && ctx->impl.s.phase == KF_PHASE_ABSORB ==>
         kf_sponge_absorbing(&ctx->impl.s));
    predicate kf_xof_inv(kf_xof_ctx *ctx) =
      \valid(ctx) &&
      (ctx->impl.magic == KF_MAGIC_XOF && ctx->impl.s.phase != 0 ==> kf_sponge_ok(&ctx->impl.s));
    logic integer kf_hash_digest(integer alg) =
      alg == 1 ? 28 : alg == 2 ? 32 : alg == 3 ? 48 : alg == 4 ? 64 : alg == 5 ? 32 : alg == 6 ? 64 : 0; */
#else
#define KF_IMPL(type, ctx) ((type *)(void *)(ctx)->opaque_)
#endif
#define KF_FITS(type, ctxtype) _Static_assert(sizeof(type) <= sizeof(ctxtype), #type " too big")

/* A NULL buffer is only fine with length zero. */
/* SP 800-185 §2.3 encodings, written into buf (at most 9 bytes); return the length
 * (sp800_185.c). */
/*@ requires \valid(buf + (0 .. 8));
    assigns buf[0 .. 8];
    ensures 2 <= \result <= 9; */
size_t kf_left_encode(uint8_t buf[9], uint64_t x);
/*@ requires \valid(buf + (0 .. 8));
    assigns buf[0 .. 8];
    ensures 2 <= \result <= 9; */
size_t kf_right_encode(uint8_t buf[9], uint64_t x);
/* length_encode(x) (RFC 9861 §3.3, KangarooTwelve): x big-endian in as few bytes as possible, then that count */
/*@ requires \valid(buf + (0 .. 8));
    assigns buf[0 .. 8];
    ensures 1 <= \result <= 9; */
size_t kf_length_encode(uint8_t buf[9], uint64_t x);

#define KF_CHECK_BUF(p, len) do { if ((len) && !(p)) return KF_ERR_NULL_POINTER; } while (0)
#define KF_BITS_TO_BYTES(n) ((n) / 8 + ((n) % 8 != 0))

/* Set up an XOF context on the current backend (used by SHAKE, TurboSHAKE, cSHAKE). */
void kf_xof_setup(kf_xof_impl *x, unsigned rate, unsigned nr, uint8_t suffix);

/* Leaves of a tree hash (KT chunks, ParallelHash blocks), batch.c: count equal-length leaves
 * base + i*len, each hashed by a fresh sponge (rate, nr, suffix) to cv_len bytes at
 * cvs + i*cv_len, KF_XN_MAX at a time on the batched backend. */
typedef struct kf_leaf_params {
    size_t len, cv_len;
    unsigned rate, nr;
    uint8_t suffix;
} kf_leaf_params;
typedef struct kf_leaves kf_leaves;
/* The contracts of the leaves API (ACSL): what ParallelHash's proof (unit hash_parallelhash)
 * assumes of it, and KT's tree (unit hash_kt: its proved callers of kf_leaves_hash_node,
 * kf_leaves_finish_node, kf_leaves_start and kf_leaves_hash) too. The bodies in batch.c are unit hash_batch's
 * "pending" (proofs/units.py): these contracts are assumed until it proves them. A job
 * (kf_leaves) lives in batch.c's own memory (malloc'd jobs and CV buffers, the thread pool,
 * the cached core count), which the ghost kf_leaves_private stands for in the assigns
 * clauses: no caller's object is part of it. kf_leaves_live(job): a job start returned and
 * free has not yet released; kf_leaves_cv_bytes(job): its count * cv_len, the CV bytes finish
 * returns; kf_leaves_rate(job): its p->rate. */
/*@ ghost int kf_leaves_private; */
/*@ axiomatic KfLeaves {
      predicate kf_leaves_live(kf_leaves *job);
      logic integer kf_leaves_cv_bytes(kf_leaves *job);
      logic integer kf_leaves_rate(kf_leaves *job);
    }
    predicate kf_leaf_params_ok(kf_leaf_params *p) =
      \valid_read(p) && 8 <= p->rate <= 192 && p->rate % 8 == 0 && 1 <= p->nr <= 24 && 1 <= p->cv_len <= 64; */
/*@ requires kf_leaf_params_ok(p);
    requires count * p->len <= SIZE_MAX && count * p->cv_len <= SIZE_MAX;
    requires \valid_read(base + (0 .. count * p->len - 1));
    requires \valid(cvs + (0 .. count * p->cv_len - 1));
    requires \separated(cvs + (0 .. count * p->cv_len - 1), p, base + (0 .. count * p->len - 1));
    assigns cvs[0 .. count * p->cv_len - 1], kf_spec_xn_table; */
void kf_leaves_hash(const kf_leaf_params *p, const uint8_t *base, size_t count, uint8_t *cvs);
/* One full group of KF_XN_MAX leaves as kf_leaves_hash, and beside them node_blocks whole
 * blocks of p->rate bytes of node_in absorbed into the lone sponge state node (200 bytes,
 * FIPS 202 byte order; p->nr rounds), on the batched backend's leaves_node (KT's final node
 * on the integer units while the leaves run on the vector units). first_state, if not NULL,
 * gets the first leaf's state before its last block (KT's S_0, kf_backend_xn.leaves_node).
 * 1 if done, 0 if the backend has no such operation for these parameters (then nothing is
 * done). */
/*@ requires kf_leaf_params_ok(p);
    requires 8 * p->len <= SIZE_MAX && node_blocks * p->rate <= SIZE_MAX;
    requires \valid_read(base + (0 .. 8 * p->len - 1));
    requires \valid(cvs + (0 .. 8 * p->cv_len - 1));
    requires \valid(node + (0 .. KF_STATE_BYTES - 1));
    requires \valid_read(node_in + (0 .. node_blocks * p->rate - 1));
    requires first_state == \null || \valid(first_state + (0 .. KF_STATE_BYTES - 1));
    requires \separated(cvs + (0 .. 8 * p->cv_len - 1), node + (0 .. KF_STATE_BYTES - 1), p,
                        base + (0 .. 8 * p->len - 1), node_in + (0 .. node_blocks * p->rate - 1));
    requires \separated(node + (0 .. KF_STATE_BYTES - 1), p, base + (0 .. 8 * p->len - 1),
                        node_in + (0 .. node_blocks * p->rate - 1));
    requires first_state == \null ||
             \separated(first_state + (0 .. KF_STATE_BYTES - 1), cvs + (0 .. 8 * p->cv_len - 1),
                        node + (0 .. KF_STATE_BYTES - 1), p, base + (0 .. 8 * p->len - 1),
                        node_in + (0 .. node_blocks * p->rate - 1));
    assigns cvs[0 .. 8 * p->cv_len - 1], node[0 .. KF_STATE_BYTES - 1], first_state[0 .. KF_STATE_BYTES - 1];
    ensures \result == 0 || \result == 1; */
int kf_leaves_hash_node(const kf_leaf_params *p, const uint8_t *base, uint8_t *cvs, uint8_t node[KF_STATE_BYTES],
                        const uint8_t *node_in, size_t node_blocks, uint8_t *first_state);
/* The same on up to `threads` threads (the caller's thread helps in finish, after `lead` groups'
 * worth of work of its own, which start counts in when it divides the groups): start returns
 * NULL if there is nothing to gain or no memory (then hash on the caller's thread); finish
 * waits and returns the count * cv_len bytes of CVs, valid until kf_leaves_free. */
/* Leaves per job at most (bounds the CV buffer: 16384 * 64 bytes = 1 MiB). */
#define KF_LEAVES_WINDOW 16384
/* The threads read base + (0 .. count * p->len) until finish returns: the caller leaves it be. */
/*@ requires kf_leaf_params_ok(p);
    requires count * p->len <= SIZE_MAX && count * p->cv_len <= SIZE_MAX;
    requires \valid_read(base + (0 .. count * p->len - 1));
    assigns kf_leaves_private;
    ensures \result == \null ||
            (kf_leaves_live(\result) && 8 < count <= KF_LEAVES_WINDOW &&
             kf_leaves_cv_bytes(\result) == count * p->cv_len && kf_leaves_rate(\result) == p->rate); */
kf_leaves *kf_leaves_start(const kf_leaf_params *p, const uint8_t *base, size_t count, unsigned threads,
                           unsigned lead);
/*@ requires kf_leaves_live(job);
    assigns kf_leaves_private, kf_spec_xn_table;
    ensures kf_leaves_live(job) && \valid_read(\result + (0 .. kf_leaves_cv_bytes(job) - 1)); */
const uint8_t *kf_leaves_finish(kf_leaves *job);
/* A tree hash's final node fed while a threaded job finishes (KT): the sponge state st (200
 * bytes, FIPS 202 byte order, at a block start) absorbs the stream head[0 .. head_len) || the
 * job's CVs in leaf order, whole blocks of p->rate bytes at p->nr rounds, beside the leaves of
 * the groups the caller's thread hashes (kf_leaves_hash_node), as far as the groups finished
 * so far by any thread reach; fed counts the stream bytes absorbed (a multiple of the rate).
 * The caller absorbs the stream from fed on afterwards. */
typedef struct kf_leaves_node {
    uint8_t st[KF_STATE_BYTES];
    const uint8_t *head;
    size_t head_len, fed;
} kf_leaves_node;
/* kf_leaves_finish, the caller's full groups beside node's blocks */
/*@ requires kf_leaves_live(job) && \valid(node);
    requires \valid_read(node->head + (0 .. node->head_len - 1)) && \separated(node, node->head + (0 .. node->head_len - 1));
    requires node->fed <= node->head_len + kf_leaves_cv_bytes(job) && node->fed % kf_leaves_rate(job) == 0;
    assigns kf_leaves_private, node->st[0 .. KF_STATE_BYTES - 1], node->fed, kf_spec_xn_table;
    ensures kf_leaves_live(job) && \valid_read(\result + (0 .. kf_leaves_cv_bytes(job) - 1));
    ensures \old(node->fed) <= node->fed <= node->head_len + kf_leaves_cv_bytes(job);
    ensures node->fed % kf_leaves_rate(job) == 0; */
const uint8_t *kf_leaves_finish_node(kf_leaves *job, kf_leaves_node *node);
/*@ requires job == \null || kf_leaves_live(job);
    assigns kf_leaves_private; */
void kf_leaves_free(kf_leaves *job);
/* threads for a caller's count: 0 = one per online core; at most KF_MAX_THREADS. Contexts keep
 * a requested 0 as 0 ("auto"): kf_leaves_start then takes one thread per CPU that the rest of
 * the host has left idle lately (batch.c, threads_auto). */
#define KF_MAX_THREADS 64
/*@ assigns kf_leaves_private;
    ensures 1 <= \result <= KF_MAX_THREADS; */
unsigned kf_threads_resolve(unsigned threads);
#endif
