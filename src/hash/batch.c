/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * batch.c - the public batched API (n independent SHAKE / TurboSHAKE / SHA-3 instances in
 * lock-step) and the leaf hashing of the tree modes (KT, ParallelHash), on the lock-step
 * sponge (sponge/sponge_xn.h), optionally on several threads.
 */
#define _GNU_SOURCE /* sched_getcpu, CPU sets, pthread_setaffinity_np */
#define _POSIX_C_SOURCE 200809L /* sysconf */
#include "modes.h"
#include "../sponge/sponge_xn.h"

#include <stdlib.h>
#include <string.h>

/* Threads for the tree modes' leaves where the OS has them; elsewhere (bare-metal Cortex-M)
 * kf_leaves_start declines and KT / ParallelHash hash their leaves on the caller's thread. */
#if defined(__unix__) || defined(__APPLE__)
#define KF_HAVE_THREADS 1
#include <pthread.h>
#include <unistd.h>
#endif

_Static_assert(KF_BATCH_MAX == KF_XN_MAX, "one kf_batch_ctx is one lock-step sponge");

/* ---- algorithms ------------------------------------------------------------------------ */

typedef struct batch_params {
    uint16_t rate;
    uint8_t nr, suffix, digest; /* digest: SHA-3 output bytes, 0 for an XOF */
} batch_params;

#define TURBO_DEFAULT_D 0x1F /* RFC 9861: D for plain hashing */

/*@ requires \valid(p);
    assigns *p;
    ensures \result == 0 ||
            (\result == 1 && (p->rate == 168 || p->rate == 136 || p->rate == 72) && (p->nr == 24 || p->nr == 12) &&
             0 < p->suffix < 0x80 && (p->digest == 0 || p->digest == 32 || p->digest == 64)); */
static int batch_lookup(kf_batch_alg alg, batch_params *p)
{
    switch (alg) {
    case KF_BATCH_SHAKE128: *p = (batch_params){KF_RATE(128), 24, KF_SUFFIX_SHAKE, 0}; return 1;
    case KF_BATCH_SHAKE256: *p = (batch_params){KF_RATE(256), 24, KF_SUFFIX_SHAKE, 0}; return 1;
    case KF_BATCH_TURBOSHAKE128: *p = (batch_params){KF_RATE(128), 12, TURBO_DEFAULT_D, 0}; return 1;
    case KF_BATCH_TURBOSHAKE256: *p = (batch_params){KF_RATE(256), 12, TURBO_DEFAULT_D, 0}; return 1;
    case KF_BATCH_SHA3_256: *p = (batch_params){KF_RATE(256), 24, KF_SUFFIX_SHA3, 32}; return 1;
    case KF_BATCH_SHA3_512: *p = (batch_params){KF_RATE(512), 24, KF_SUFFIX_SHA3, 64}; return 1;
    }
    return 0;
}

/*@ assigns \nothing; */
static int is_turbo(kf_batch_alg alg) { return alg == KF_BATCH_TURBOSHAKE128 || alg == KF_BATCH_TURBOSHAKE256; }

/*@ assigns \nothing; */
size_t kf_batch_rate(kf_batch_alg alg)
{
    batch_params p;
    return batch_lookup(alg, &p) ? p.rate : 0;
}

/* ---- incremental context ----------------------------------------------------------------- */

enum { KF_MAGIC_BATCH = 0x6b664231u }; /* "kfB1" */

typedef struct kf_batch_impl {
    kf_sponge_xn s;
    uint64_t squeezed; /* output bytes so far (SHA-3: at most digest) */
    uint32_t magic;
    uint8_t digest;
} kf_batch_impl;

#if defined(__FRAMAC__) && defined(KF_PROOF_CTX_VIEW)
/* The proof build's view of the context (proofs/ctx_view.h, as modes.h's): a compiler never
 * sees it. */
struct kf_batch_ctx { kf_batch_impl impl; };
/* A live context holds a lock-step sponge within kf_sponge_xn_ok, and a SHA-3 one has not
 * squeezed more than its digest. */
/*@ predicate batch_inv(kf_batch_ctx *ctx) =
      \valid(ctx) &&
      (ctx->impl.magic == KF_MAGIC_BATCH && ctx->impl.s.phase != 0 ==>
         kf_sponge_xn_ok(&ctx->impl.s) && (ctx->impl.digest == 0 || ctx->impl.squeezed <= ctx->impl.digest)); */
#endif
KF_FITS(kf_batch_impl, kf_batch_ctx);

/*@ requires ctx == \null || \valid(ctx);
    assigns *ctx, kf_spec_xn_table;
    ensures \result == KF_OK ==> batch_inv(ctx) && ctx->impl.magic == KF_MAGIC_BATCH; */
static int batch_start(kf_batch_ctx *ctx, kf_batch_alg alg, uint8_t domain, size_t n)
{
    batch_params p;
    if (!ctx) return KF_ERR_NULL_POINTER;
    if (!batch_lookup(alg, &p)) return KF_ERR_BAD_ALGORITHM;
    if (domain < 0x01 || domain > 0x7F) return KF_ERR_BAD_DOMAIN;
    if (n == 0 || n > KF_BATCH_MAX) return KF_ERR_BAD_LENGTH;
    kf_batch_impl *b = KF_IMPL(kf_batch_impl, ctx);
    kf_sponge_xn_init(&b->s, (unsigned)n, p.rate, p.nr, is_turbo(alg) ? domain : p.suffix);
    b->squeezed = 0;
    b->digest = p.digest;
    b->magic = KF_MAGIC_BATCH;
    return KF_OK;
}

/*@ requires ctx == \null || \valid(ctx);
    assigns *ctx, kf_spec_xn_table;
    ensures \result == KF_OK ==> batch_inv(ctx); */
int kf_batch_init(kf_batch_ctx *ctx, kf_batch_alg alg, size_t n)
{
    return batch_start(ctx, alg, TURBO_DEFAULT_D, n);
}

/*@ requires ctx == \null || \valid(ctx);
    assigns *ctx, kf_spec_xn_table;
    ensures \result == KF_OK ==> batch_inv(ctx); */
int kf_batch_init_turboshake(kf_batch_ctx *ctx, kf_batch_alg alg, uint8_t domain, size_t n)
{
    if (ctx && !is_turbo(alg)) return KF_ERR_BAD_ALGORITHM;
    return batch_start(ctx, alg, domain, n);
}

/*@ requires batch_inv(ctx);
    assigns \nothing;
    ensures \result == \null ||
            (\result == &ctx->impl && kf_sponge_xn_ok(&ctx->impl.s) &&
             (ctx->impl.digest == 0 || ctx->impl.squeezed <= ctx->impl.digest)); */
static kf_batch_impl *batch_live(kf_batch_ctx *ctx)
{
    kf_batch_impl *b = KF_IMPL(kf_batch_impl, ctx);
    return b->magic == KF_MAGIC_BATCH && b->s.phase ? b : NULL;
}

/* Every one of the n pointers must be non-NULL when len > 0. */
/*@ requires len == 0 || p == \null || \valid_read(p + (0 .. n - 1));
    assigns \nothing;
    ensures \result != 0 && len != 0 ==> p != \null && \forall integer i; 0 <= i < n ==> p[i] != \null; */
static int ptrs_ok(const void *const *p, size_t n, size_t len)
{
    if (!len) return 1;
    if (!p) return 0;
    /*@ loop invariant 0 <= i <= n && \forall integer t; 0 <= t < i ==> p[t] != \null;
        loop assigns i;
        loop variant n - i; */
    for (size_t i = 0; i < n; i++)
        if (!p[i]) return 0;
    return 1;
}

/*@ requires ctx == \null || batch_inv(ctx);
    requires ctx != \null && in != \null ==> \valid_read(in + (0 .. ctx->impl.s.n - 1)) &&
             \forall integer i; 0 <= i < ctx->impl.s.n ==> in[i] == \null || \valid_read(in[i] + (0 .. len - 1));
    assigns *ctx, kf_spec_xn_table;
    ensures ctx != \null ==> batch_inv(ctx); */
int kf_batch_absorb(kf_batch_ctx *ctx, const uint8_t *const in[], size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    kf_batch_impl *b = batch_live(ctx);
    if (!b || b->s.phase != KF_PHASE_ABSORB) return KF_ERR_BAD_STATE;
    if (!ptrs_ok((const void *const *)in, b->s.n, len)) return KF_ERR_NULL_POINTER;
    if (len) kf_sponge_xn_absorb(&b->s, in, len);
    return KF_OK;
}

/*@ requires ctx == \null || batch_inv(ctx);
    requires ctx != \null && out != \null ==> \valid_read(out + (0 .. ctx->impl.s.n - 1)) &&
             \forall integer i; 0 <= i < ctx->impl.s.n ==>
               out[i] == \null || (\valid(out[i] + (0 .. len - 1)) && \separated(out[i] + (0 .. len - 1), ctx));
    assigns *ctx, *(out[0 .. ctx->impl.s.n - 1] + (0 .. len - 1)), kf_spec_xn_table;
    ensures squeeze_keeps_inv: ctx != \null ==> batch_inv(ctx); */
int kf_batch_squeeze(kf_batch_ctx *ctx, uint8_t *const out[], size_t len)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    kf_batch_impl *b = batch_live(ctx);
    if (!b) return KF_ERR_BAD_STATE;
    if (!ptrs_ok((const void *const *)out, b->s.n, len)) return KF_ERR_NULL_POINTER;
    if (b->digest && len > b->digest - b->squeezed) return KF_ERR_BAD_LENGTH;
    kf_sponge_xn_squeeze(&b->s, out, len);
    b->squeezed += len;
    return KF_OK;
}

/*@ requires ctx == \null || batch_inv(ctx);
    requires ctx != \null && out != \null ==> \valid_read(out + (0 .. ctx->impl.s.n - 1)) &&
             \forall integer i; 0 <= i < ctx->impl.s.n ==>
               out[i] == \null || (\valid(out[i] + (0 .. nblocks * ctx->impl.s.rate - 1)) && \separated(out[i] + (0 .. nblocks * ctx->impl.s.rate - 1), ctx));
    assigns *ctx, *(out[0 .. ctx->impl.s.n - 1] + (0 .. nblocks * ctx->impl.s.rate - 1)), kf_spec_xn_table;
    ensures ctx != \null ==> batch_inv(ctx); */
int kf_batch_squeeze_blocks(kf_batch_ctx *ctx, uint8_t *const out[], size_t nblocks)
{
    if (!ctx) return KF_ERR_NULL_POINTER;
    kf_batch_impl *b = batch_live(ctx);
    if (!b) return KF_ERR_BAD_STATE;
    if (b->digest) return KF_ERR_BAD_ALGORITHM;
    if (b->s.phase == KF_PHASE_SQUEEZE && b->s.pos != 0 && b->s.pos != b->s.rate) return KF_ERR_BAD_STATE;
    if (nblocks > SIZE_MAX / b->s.rate) return KF_ERR_TOO_LONG;
    /*@ assert blocks_fit: nblocks * b->s.rate <= SIZE_MAX; */
    /*@ assert blocks_len: (size_t)(nblocks * b->s.rate) == nblocks * ctx->impl.s.rate; */
    return kf_batch_squeeze(ctx, out, nblocks * b->s.rate);
}

/* ---- one-shot, any n ------------------------------------------------------------------------ */

#define SORT_WINDOW 64 /* instances sorted by length together, so groups have similar lengths */

/*@ logic integer batch_len(size_t *inlen, integer len, integer i) = inlen == \null ? len : inlen[i];
    predicate batch_out_ok(uint8_t **out, integer outlen, integer n) =
      out == \null || (\valid_read(out + (0 .. n - 1)) &&
        \forall integer i; 0 <= i < n ==> out[i] == \null || \valid(out[i] + (0 .. outlen - 1)));
    predicate batch_in_ok(uint8_t **in, size_t *inlen, integer len, integer n) =
      in == \null || (\valid_read(in + (0 .. n - 1)) &&
        (inlen == \null || \valid_read(inlen + (0 .. n - 1))) &&
        \forall integer i; 0 <= i < n ==> in[i] == \null || \valid_read(in[i] + (0 .. batch_len(inlen, len, i) - 1))); */
/*@ requires n <= PTRDIFF_MAX / 8;
    requires batch_out_ok((uint8_t **)out, outlen, n);
    requires batch_in_ok((uint8_t **)in, (size_t *)inlen, len, n);
    assigns *(out[0 .. n - 1] + (0 .. outlen - 1)), kf_spec_xn_table; */
static int batch_oneshot(kf_batch_alg alg, uint8_t domain, uint8_t *const out[], size_t outlen,
                         const uint8_t *const in[], const size_t inlen[], size_t len, size_t n)
{
    batch_params p;
    if (!batch_lookup(alg, &p)) return KF_ERR_BAD_ALGORITHM;
    if (domain < 0x01 || domain > 0x7F) return KF_ERR_BAD_DOMAIN;
    if (n == 0) return KF_ERR_BAD_LENGTH;
    if (p.digest) {
        if (outlen < p.digest) return KF_ERR_BAD_LENGTH;
        outlen = p.digest;
    }
    if (!ptrs_ok((const void *const *)out, n, outlen)) return KF_ERR_NULL_POINTER;
    if (!in) return KF_ERR_NULL_POINTER;
    /*@ loop invariant 0 <= i <= n;
        loop invariant \forall integer t; 0 <= t < i ==> in[t] != \null || batch_len(inlen, len, t) == 0;
        loop assigns i;
        loop variant n - i; */
    for (size_t i = 0; i < n; i++)
        if (!in[i] && (inlen ? inlen[i] : len)) return KF_ERR_NULL_POINTER;
    if (!outlen) return KF_OK; /* nothing to write: out may be NULL (ptrs_ok), so out[i] is not read */
    uint8_t suffix = is_turbo(alg) ? domain : p.suffix;
    kf_sponge_xn s;
    /*@ loop invariant 0 <= w && (w < n + 64) && w % 64 == 0;
        loop invariant batch_out_w: \forall integer x; 0 <= x < n ==> out[x] == \at(out[x], Pre);
        loop assigns w, s, *(\at(out[0 .. n - 1], Pre) + (0 .. outlen - 1)), kf_spec_xn_table;
        loop variant n - w; */
    for (size_t w = 0; w < n; w += SORT_WINDOW) {
        size_t m = n - w < SORT_WINDOW ? n - w : SORT_WINDOW, idx[SORT_WINDOW], lens[SORT_WINDOW];
        /*@ loop invariant 0 <= i <= m;
            loop invariant \forall integer t; 0 <= t < i ==> w <= idx[t] < w + m && lens[t] == batch_len(inlen, len, idx[t]);
            loop assigns i, idx[0 .. m - 1], lens[0 .. m - 1];
            loop variant m - i; */
        for (size_t i = 0; i < m; i++) {
            size_t j = i, l = inlen ? inlen[w + i] : len;
            /*@ loop invariant 0 <= j <= i;
                loop invariant \forall integer t; 0 <= t <= i && t != j ==>
                                 w <= idx[t] < w + m && lens[t] == batch_len(inlen, len, idx[t]);
                loop assigns j, idx[1 .. i], lens[1 .. i];
                loop variant j; */
            for (; j > 0 && lens[j - 1] > l; j--) { /* insertion sort by length */
                idx[j] = idx[j - 1];
                lens[j] = lens[j - 1];
            }
            idx[j] = w + i;
            lens[j] = l;
        }
        /*@ loop invariant 0 <= g && g < m + 8 && g % 8 == 0;
            loop invariant batch_out_g: \forall integer x; 0 <= x < n ==> out[x] == \at(out[x], Pre);
            loop assigns g, s, *(\at(out[0 .. n - 1], Pre) + (0 .. outlen - 1)), kf_spec_xn_table;
            loop variant m - g; */
        for (size_t g = 0; g < m; g += KF_XN_MAX) {
            size_t k = m - g < KF_XN_MAX ? m - g : KF_XN_MAX;
            const uint8_t *gi[KF_XN_MAX];
            uint8_t *go[KF_XN_MAX];
            /*@ loop invariant 0 <= i <= k;
                loop invariant \forall integer t; 0 <= t < i ==> gi[t] == in[idx[g + t]] && go[t] == out[idx[g + t]];
                loop assigns i, gi[0 .. k - 1], go[0 .. k - 1];
                loop variant k - i; */
            for (size_t i = 0; i < k; i++) {
                gi[i] = in[idx[g + i]];
                go[i] = out[idx[g + i]];
            }
            /*@ assert batch_go_at: \forall integer t, j; 0 <= t < k && 0 <= j < outlen ==>
                                     \let x = idx[g + t]; 0 <= x < n && go[t] + j == \at(out[x], Pre) + j; */
            kf_sponge_xn_plan(&s, (unsigned)k, p.rate, p.nr, suffix);
            kf_sponge_xn_oneshot(&s, gi, lens + g, go, outlen); /* wipes the states */
        }
    }
    return KF_OK;
}

/*@ requires n <= PTRDIFF_MAX / 8;
    requires batch_out_ok((uint8_t **)out, outlen, n);
    requires batch_in_ok((uint8_t **)in, (size_t *)inlen, 0, n);
    assigns *(out[0 .. n - 1] + (0 .. outlen - 1)), kf_spec_xn_table; */
int kf_batch_hash(kf_batch_alg alg, uint8_t *const out[], size_t outlen,
                  const uint8_t *const in[], const size_t inlen[], size_t n)
{
    if (!inlen && n) return KF_ERR_NULL_POINTER;
    return batch_oneshot(alg, TURBO_DEFAULT_D, out, outlen, in, inlen, 0, n);
}

/*@ requires n <= PTRDIFF_MAX / 8;
    requires batch_out_ok((uint8_t **)out, outlen, n);
    requires batch_in_ok((uint8_t **)in, (size_t *)\null, inlen, n);
    assigns *(out[0 .. n - 1] + (0 .. outlen - 1)), kf_spec_xn_table; */
int kf_batch_hash_equal(kf_batch_alg alg, uint8_t *const out[], size_t outlen,
                        const uint8_t *const in[], size_t inlen, size_t n)
{
    return batch_oneshot(alg, TURBO_DEFAULT_D, out, outlen, in, NULL, inlen, n);
}

/*@ requires n <= PTRDIFF_MAX / 8;
    requires batch_out_ok((uint8_t **)out, outlen, n);
    requires batch_in_ok((uint8_t **)in, (size_t *)inlen, 0, n);
    assigns *(out[0 .. n - 1] + (0 .. outlen - 1)), kf_spec_xn_table; */
int kf_shake128_batch(uint8_t *const out[], size_t outlen, const uint8_t *const in[],
                      const size_t inlen[], size_t n)
{ return kf_batch_hash(KF_BATCH_SHAKE128, out, outlen, in, inlen, n); }
/*@ requires n <= PTRDIFF_MAX / 8;
    requires batch_out_ok((uint8_t **)out, outlen, n);
    requires batch_in_ok((uint8_t **)in, (size_t *)inlen, 0, n);
    assigns *(out[0 .. n - 1] + (0 .. outlen - 1)), kf_spec_xn_table; */
int kf_shake256_batch(uint8_t *const out[], size_t outlen, const uint8_t *const in[],
                      const size_t inlen[], size_t n)
{ return kf_batch_hash(KF_BATCH_SHAKE256, out, outlen, in, inlen, n); }
/*@ requires n <= PTRDIFF_MAX / 8;
    requires batch_out_ok((uint8_t **)out, outlen, n);
    requires batch_in_ok((uint8_t **)in, (size_t *)inlen, 0, n);
    assigns *(out[0 .. n - 1] + (0 .. outlen - 1)), kf_spec_xn_table; */
int kf_turboshake128_batch(uint8_t *const out[], size_t outlen, const uint8_t *const in[],
                           const size_t inlen[], size_t n, uint8_t domain)
{
    if (!inlen && n) return KF_ERR_NULL_POINTER;
    return batch_oneshot(KF_BATCH_TURBOSHAKE128, domain, out, outlen, in, inlen, 0, n);
}
/*@ requires n <= PTRDIFF_MAX / 8;
    requires batch_out_ok((uint8_t **)out, outlen, n);
    requires batch_in_ok((uint8_t **)in, (size_t *)inlen, 0, n);
    assigns *(out[0 .. n - 1] + (0 .. outlen - 1)), kf_spec_xn_table; */
int kf_turboshake256_batch(uint8_t *const out[], size_t outlen, const uint8_t *const in[],
                           const size_t inlen[], size_t n, uint8_t domain)
{
    if (!inlen && n) return KF_ERR_NULL_POINTER;
    return batch_oneshot(KF_BATCH_TURBOSHAKE256, domain, out, outlen, in, inlen, 0, n);
}
/*@ requires n <= PTRDIFF_MAX / 8;
    requires batch_out_ok((uint8_t **)out, 32, n);
    requires batch_in_ok((uint8_t **)in, (size_t *)inlen, 0, n);
    assigns *(out[0 .. n - 1] + (0 .. 32 - 1)), kf_spec_xn_table; */
int kf_sha3_256_batch(uint8_t *const out[], const uint8_t *const in[], const size_t inlen[], size_t n)
{ return kf_batch_hash(KF_BATCH_SHA3_256, out, KF_SHA3_256_BYTES, in, inlen, n); }
/*@ requires n <= PTRDIFF_MAX / 8;
    requires batch_out_ok((uint8_t **)out, 64, n);
    requires batch_in_ok((uint8_t **)in, (size_t *)inlen, 0, n);
    assigns *(out[0 .. n - 1] + (0 .. 64 - 1)), kf_spec_xn_table; */
int kf_sha3_512_batch(uint8_t *const out[], const uint8_t *const in[], const size_t inlen[], size_t n)
{ return kf_batch_hash(KF_BATCH_SHA3_512, out, KF_SHA3_512_BYTES, in, inlen, n); }

/* ---- leaves of the tree modes ---------------------------------------------------------------- */

/* Leaves first .. first+m-1 (m <= KF_XN_MAX) in one lock-step sponge. */
static void leaves_group(const kf_leaf_params *p, const uint8_t *base, size_t first, size_t m, uint8_t *cvs)
{
    kf_sponge_xn s;
    const uint8_t *in[KF_XN_MAX];
    uint8_t *out[KF_XN_MAX], spare[200];
    for (size_t i = 0; i < m; i++) {
        in[i] = base + (first + i) * p->len;
        out[i] = cvs + (first + i) * p->cv_len;
    }
    /* the batched backend's own leaf loop where it has one (avx512-x8's and avx2-x4's keep the
     * states in registers across the blocks), n leaves a call (avx2-x4: a group of 8 in two);
     * idle slots hash a leaf of the call again into spare */
    const kf_backend_xn *xn = kf_backend_xn_for((unsigned)m);
    if (xn && xn->leaves && xn->n <= KF_XN_MAX && p->cv_len <= sizeof spare) {
        const size_t n = xn->n;
        size_t c = 0;
        for (; c < m; c += n) {
            const uint8_t *cin[KF_XN_MAX];
            uint8_t *cout[KF_XN_MAX];
            for (size_t i = 0; i < n; i++) {
                cin[i] = c + i < m ? in[c + i] : in[c];
                cout[i] = c + i < m ? out[c + i] : spare;
            }
            if (!xn->leaves(p->nr, p->rate, p->suffix, cin, p->len, cout, p->cv_len)) break; /* the first call, or none */
        }
        if (c >= m) return;
    }
    kf_sponge_xn_init(&s, (unsigned)m, p->rate, p->nr, p->suffix);
    kf_sponge_xn_absorb(&s, in, p->len);
    kf_sponge_xn_squeeze(&s, out, p->cv_len);
}

void kf_leaves_hash(const kf_leaf_params *p, const uint8_t *base, size_t count, uint8_t *cvs)
{
    for (size_t i = 0; i < count; i += KF_XN_MAX)
        leaves_group(p, base, i, count - i < KF_XN_MAX ? count - i : KF_XN_MAX, cvs);
}

int kf_leaves_hash_node(const kf_leaf_params *p, const uint8_t *base, uint8_t *cvs, uint8_t node[KF_STATE_BYTES],
                        const uint8_t *node_in, size_t node_blocks, uint8_t *first_state)
{
    const uint8_t *in[KF_XN_MAX];
    uint8_t *out[KF_XN_MAX];
    const kf_backend_xn *xn = kf_backend_xn_for(KF_XN_MAX);
    if (!xn || !xn->leaves_node || xn->n != KF_XN_MAX) return 0;
    for (size_t i = 0; i < KF_XN_MAX; i++) {
        in[i] = base + i * p->len;
        out[i] = cvs + i * p->cv_len;
    }
    return xn->leaves_node(p->nr, p->rate, p->suffix, in, p->len, out, p->cv_len, node, node_in, node_blocks,
                           first_state);
}

#ifndef KF_HAVE_THREADS
unsigned kf_threads_resolve(unsigned threads)
{
    (void)threads;
    return 1;
}

struct kf_leaves {
    uint8_t *cvs;
};

kf_leaves *kf_leaves_start(const kf_leaf_params *p, const uint8_t *base, size_t count, unsigned threads,
                           unsigned lead)
{
    (void)p, (void)base, (void)count, (void)threads, (void)lead;
    return NULL; /* the caller hashes the leaves itself */
}

const uint8_t *kf_leaves_finish(kf_leaves *job)
{
    return job->cvs; /* never reached: no job is ever started */
}

const uint8_t *kf_leaves_finish_node(kf_leaves *job, kf_leaves_node *node)
{
    (void)node;
    return job->cvs; /* never reached */
}
#else
/* The online cores, read once: sysconf reads a file under /sys each time (~10 us), which the
 * auto policy would otherwise pay per group of leaves. */
static unsigned online_cores(void)
{
    static unsigned online; /* atomic; 0 = not read yet */
    unsigned c = __atomic_load_n(&online, __ATOMIC_RELAXED);
    if (!c) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        c = n > 0 ? (unsigned)n : 1;
        __atomic_store_n(&online, c, __ATOMIC_RELAXED);
    }
    return c;
}

unsigned kf_threads_resolve(unsigned threads)
{
    if (threads == 0) threads = online_cores();
    return threads < KF_MAX_THREADS ? threads : KF_MAX_THREADS;
}

/* Work is handed out KF_XN_MAX leaves at a time from a shared counter rather than as fixed
 * slices: a thread that starts late just takes fewer groups, and the caller's thread can do
 * its serial work (KT's first chunk) before it joins in. Each group writes only its own CVs,
 * so the result does not depend on who hashed what.
 *
 * Threads come from a small process-wide pool that grows on demand (up to KF_MAX_THREADS - 1
 * workers). Creating a thread and waking an idle vCPU cost tens of microseconds here, a large
 * part of a 1 MiB KT (about 200 us), so a worker that finishes a job polls for a short while
 * (POOL_POLL_NS, pool_poll) before it sleeps, and catches the next job of a busy caller at once.
 * One job runs on the pool at a time; a second caller meanwhile starts threads of its own.
 *
 * The caller never spins on a worker that is still inside a group when the groups run out: it
 * spins for a short while (FINISH_SPIN), then sleeps on the job's condition variable. On a
 * busy host a worker is often preempted in the middle of a group; a caller spinning on it
 * would hold its own CPU until the worker's next time slice (milliseconds, against ~0.2 ms
 * for a 1 MiB KT), while a sleeping caller frees its CPU, which the kernel then gives to the
 * worker. The caller cannot take the group over and return instead: the worker still reads
 * the caller's input. */
/* A worker polls for the next job this long after one: longer than two 1 MiB calls on one
 * thread (KT128 ~160 us each, ParallelHash256 ~380 us), so a caller that alternates threaded
 * and unthreaded calls still finds it awake. Waking a worker that went to sleep costs a 1 MiB
 * two-thread call 50-65k ticks (the idle vCPU's wake-up, ~20-40 us; after 5 ms of sleep ~110k):
 * KT128 1.97x one thread -> ~1.6x, ~1.3x (docs/BENCHMARK_HISTORY.md, "threads - the final
 * node beside the caller's groups, ...": `bench_pool_wake`).
 * Measured: 100 us cost idle 1 MiB KT pairs ~10% of their speedup; 500 us left ParallelHash
 * pairs at 1.75-1.82x in bench_threads_ab, 1 ms at 1.94-1.96x (2026-11-23). The cost is a
 * vCPU polling (and yielding: pool_poll) for up to 1 ms after a threaded call. */
#define POOL_POLL_NS 1000000ll
#define POLL_BURST 32    /* pause instructions (~25 ns each on Zen 4) between two yields */
#define FINISH_SPIN 2000 /* pause loops, on the order of 50 us */
#if defined(__x86_64__) || defined(__i386__)
#define cpu_relax() __builtin_ia32_pause()
#elif defined(__aarch64__)
#define cpu_relax() __asm__ volatile("yield")
#else
#define cpu_relax() ((void)0)
#endif

#include <sched.h>
#include <time.h>

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

struct kf_leaves {
    kf_leaf_params p;
    const uint8_t *base;
    uint8_t *cvs;
    size_t count;
    size_t next;       /* first leaf not yet taken (atomic) */
    unsigned helpers;  /* pool workers wanted */
    unsigned joined;   /* pool workers that joined (under pool_lock) */
    unsigned active;   /* pool workers still inside the job (atomic; decremented under done_lock) */
    pthread_mutex_t done_lock;
    pthread_cond_t done_cond; /* signalled when active drops to 0 */
    /* per group of KF_XN_MAX leaves: its leaves whose CVs are written (atomic; a word, not a
     * byte: RISC-V has no byte-wide atomic add, and GCC would call libatomic for one) */
    unsigned *group_done;
    size_t split_from; /* leaves from here on are handed out half a group at a time */
    int pooled;        /* 1: on the pool, 0: on threads of its own */
    int cancel_state;  /* the caller's cancelability, restored by finish (kf_leaves_start) */
    unsigned nthreads;
    pthread_t tid[KF_MAX_THREADS];
};

/* The next leaves to hash, [*first, *first + returned count); 0 when none are left. A group of
 * KF_XN_MAX at a time, half a group from split_from on (kf_leaves_start). */
static size_t leaves_take(kf_leaves *job, size_t *first)
{
    size_t i = __atomic_load_n(&job->next, __ATOMIC_RELAXED), step;
    do {
        if (i >= job->count) return 0;
        step = i >= job->split_from ? KF_XN_MAX / 2 : KF_XN_MAX;
    } while (!__atomic_compare_exchange_n(&job->next, &i, i + step, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    *first = i;
    return job->count - i < step ? job->count - i : step;
}

/* Leaves [i, i + m) have their CVs written (release: a reader that sees the group complete
 * sees the CVs of both halves, the first half's store heading the release sequence). */
static void leaves_done(kf_leaves *job, size_t i, size_t m)
{
    __atomic_add_fetch(&job->group_done[i / KF_XN_MAX], (unsigned)m, __ATOMIC_RELEASE);
}

static int group_complete(const kf_leaves *job, size_t g)
{
    size_t size = job->count - g * KF_XN_MAX < KF_XN_MAX ? job->count - g * KF_XN_MAX : KF_XN_MAX;
    return __atomic_load_n(&job->group_done[g], __ATOMIC_ACQUIRE) == size;
}

static void *leaves_worker(void *arg)
{
    kf_leaves *job = arg;
    size_t i, m;
    while ((m = leaves_take(job, &i)) != 0) {
        leaves_group(&job->p, job->base, i, m, job->cvs);
        leaves_done(job, i, m);
    }
    return NULL;
}

/* Node blocks at most beside one group: avx512-x8's loop has room for about 8 (2 node rounds
 * per leaf block, 49 blocks); more would run after the leaves on the integer units alone. */
#define NODE_MAX_BLOCKS 8

/* Bytes [off, off + n) of the node's stream (node->head, then the job's CVs) to dst. */
static void node_stream(const kf_leaves *job, const kf_leaves_node *node, size_t off, size_t n, uint8_t *dst)
{
    if (off < node->head_len) {
        size_t h = node->head_len - off < n ? node->head_len - off : n;
        memcpy(dst, node->head + off, h);
        dst += h;
        off += h;
        n -= h;
    }
    if (n) memcpy(dst, job->cvs + (off - node->head_len), n); /* n == 0: off may still be in head */
}

/* The caller's share of the groups (leaves_worker), each full group beside the node blocks
 * that the groups finished so far complete: groups are handed out in order, so the finished
 * ones form a prefix that trails the caller's group by about one group per thread. What the
 * node gets here it does not take on the x1 backend after the job (KT128 on 1 MiB with two
 * threads: ~23 permutations, ~2.5% of the call, serial). */
static void leaves_caller_node(kf_leaves *job, kf_leaves_node *node)
{
    const kf_leaf_params *p = &job->p;
    size_t groups = (job->count + KF_XN_MAX - 1) / KF_XN_MAX, finished = 0, rate = p->rate;
    uint8_t blocks[NODE_MAX_BLOCKS * KF_STATE_BYTES];
    int beside = rate > 0 && rate <= KF_STATE_BYTES;
    size_t i, m;
    while ((m = leaves_take(job, &i)) != 0) {
        int done = 0;
        if (beside && m == KF_XN_MAX) {
            while (finished < groups && group_complete(job, finished)) finished++;
            size_t leaves = finished * KF_XN_MAX < job->count ? finished * KF_XN_MAX : job->count;
            size_t nb = (node->head_len + leaves * p->cv_len - node->fed) / rate;
            if (nb > NODE_MAX_BLOCKS) nb = NODE_MAX_BLOCKS;
            node_stream(job, node, node->fed, nb * rate, blocks);
            done = kf_leaves_hash_node(p, job->base + i * p->len, job->cvs + i * p->cv_len, node->st, blocks, nb,
                                       NULL);
            if (done) node->fed += nb * rate;
            beside = done; /* the backend declined: plain groups from here on */
        }
        if (!done) leaves_group(p, job->base, i, m, job->cvs);
        leaves_done(job, i, m);
    }
    kf_memzero(blocks, sizeof blocks);
}

static pthread_mutex_t pool_submit = PTHREAD_MUTEX_INITIALIZER; /* held while a job is on the pool */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_wake = PTHREAD_COND_INITIALIZER;
static kf_leaves *pool_job;    /* the job workers may join (atomic reads, writes under pool_lock) */
static unsigned long pool_gen; /* jobs posted so far (atomic reads, writes under pool_lock) */
static unsigned pool_workers;  /* started (under pool_lock) */
static unsigned pool_sleepers;

/*
 * Where the workers may run: every CPU the caller may use except the caller's own (as of the
 * last post; pool_away). A worker that the kernel had put on the caller's CPU stayed there:
 * runnable behind a caller that never blocks (back-to-back calls), or polling, which never
 * blocks either, so no wake-up placed it anew, and having run moments before, it counted as
 * cache-hot to the load balancer, which left it there while the other CPU idled. The caller
 * then hashed every group alone: back-to-back two-thread KT128 calls of 1 MiB ran at one
 * thread's speed (412-418k ticks against ~211k) in 4 of 6 runs of `bench_pool_wake 21`, a
 * trace showing the worker run not once in six calls. Changing a thread's affinity moves it at
 * once; it costs a system call per worker when the caller's CPU changes, none otherwise.
 * When the caller may use no other CPU, the masks stay as they are.
 */
static pthread_t pool_tid[KF_MAX_THREADS]; /* the workers (under pool_lock) */
static int pool_away = -1;                 /* the CPU left out of their masks, -1: none (under pool_lock) */

static void pool_keep_off_caller(void)
{
#if defined(__linux__)
    cpu_set_t m;
    int c = sched_getcpu();
    if (c < 0 || c == pool_away || sched_getaffinity(0, sizeof m, &m) != 0) return;
    CPU_CLR(c, &m);
    if (CPU_COUNT(&m) == 0) return;
    for (unsigned i = 0; i < pool_workers; i++) pthread_setaffinity_np(pool_tid[i], sizeof m, &m);
    pool_away = c;
#endif
}

/* Between jobs a worker polls for the next one for POOL_POLL_NS, then sleeps. It yields its CPU
 * between short bursts of polling: on a busy host the kernel often runs the worker on the
 * caller's CPU, and a worker spinning on pause instructions there held that CPU for its whole
 * spin while the caller waited for it to finish its job's last group (docs/BENCHMARK_HISTORY.md,
 * "the pool's polling"). On an idle CPU sched_yield returns at once, and the poll catches the
 * next job as quickly as a spin. */
static void pool_poll(unsigned long seen)
{
    long long end = now_ns() + POOL_POLL_NS;
    while (__atomic_load_n(&pool_gen, __ATOMIC_ACQUIRE) == seen && now_ns() < end) {
        for (int i = 0; i < POLL_BURST && __atomic_load_n(&pool_gen, __ATOMIC_ACQUIRE) == seen; i++) cpu_relax();
        sched_yield();
    }
}

/* A pool worker. It remembers the last job it looked at by its post number, not by its address:
 * the caller frees a job as soon as its workers are done with it, and the next job, often
 * allocated at the same address, looked like the old one to a worker that had not yet seen
 * the pool emptied in between, so it sat that job out. */
static void *pool_main(void *unused)
{
    (void)unused;
    unsigned long seen = 0;
    for (;;) {
        pool_poll(seen);
        pthread_mutex_lock(&pool_lock);
        while (!pool_job || pool_gen == seen) {
            seen = pool_gen; /* the job of that post is over (or had its helpers): wait for the next */
            pool_sleepers++;
            pthread_cond_wait(&pool_wake, &pool_lock);
            pool_sleepers--;
        }
        kf_leaves *job = pool_job;
        seen = pool_gen;
        int join = job->joined < job->helpers;
        if (join) {
            job->joined++;
            __atomic_add_fetch(&job->active, 1, __ATOMIC_ACQ_REL);
        }
        pthread_mutex_unlock(&pool_lock);
        if (!join) continue; /* enough helpers: wait for the next job */
        leaves_worker(job);
        /* under done_lock: the caller frees the job once it has seen active == 0 with the
         * lock held, so this thread touches nothing of the job after its unlock */
        pthread_mutex_lock(&job->done_lock);
        if (__atomic_sub_fetch(&job->active, 1, __ATOMIC_ACQ_REL) == 0) pthread_cond_signal(&job->done_cond);
        pthread_mutex_unlock(&job->done_lock);
    }
    return NULL;
}

/* Put job on the pool with `helpers` workers; 0 if the pool is busy or cannot grow at all. */
static void pool_fork_handlers(void);
static pthread_once_t pool_fork_once = PTHREAD_ONCE_INIT;

static int pool_post(kf_leaves *job, unsigned helpers)
{
    pthread_attr_t attr;
    pthread_once(&pool_fork_once, pool_fork_handlers);
    if (pthread_mutex_trylock(&pool_submit) != 0) return 0;
    pthread_mutex_lock(&pool_lock);
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    while (pool_workers < helpers) {
        if (pthread_create(&pool_tid[pool_workers], &attr, pool_main, NULL) != 0) break;
        pool_workers++;
        pool_away = -1; /* the new one's mask is not set yet */
    }
    pthread_attr_destroy(&attr);
    if (pool_workers == 0) {
        pthread_mutex_unlock(&pool_lock);
        pthread_mutex_unlock(&pool_submit);
        return 0;
    }
    job->helpers = helpers;
    job->joined = 0;
    job->active = 0;
    job->pooled = 1;
    pool_keep_off_caller();
    __atomic_store_n(&pool_job, job, __ATOMIC_RELEASE);
    __atomic_store_n(&pool_gen, pool_gen + 1, __ATOMIC_RELEASE); /* after the job: a poller that sees it finds the job */
    if (pool_sleepers) pthread_cond_broadcast(&pool_wake);
    pthread_mutex_unlock(&pool_lock);
    return 1;
}

/*
 * threads = 0 ("auto", the default of the *_mt calls): the caller's thread plus one per CPU
 * the rest of the host left idle in the last AUTO_WINDOW_NS or more. Why: a helper that cannot
 * get a CPU makes a job slower than one thread, not faster. When every CPU is taken by other
 * processes, a worker is preempted in the middle of a group and the caller waits for its next
 * time slice (milliseconds, against ~0.2 ms for a 1 MiB KT); measured on this 2-vCPU host
 * under load, two threads ran at 0.2-0.9x one thread (docs/BENCHMARK_HISTORY.md, "threads").
 * Measured, not guessed: the host's busy CPU time (/proc/stat) minus this process's own
 * (getrusage, which counts every thread of it), per second of wall time, rounded to whole
 * CPUs. Never more than the CPUs the process may use (usable_cpus: its affinity mask and its
 * cgroup's CPU quota): a process pinned to one CPU (taskset, a container's cpuset) used to get
 * a worker on that same CPU. Linux only; elsewhere, and for the first call, every online core.
 * The figure is refreshed at most once per window (reads of /proc/stat and the cgroup files,
 * ~10-20 us, against the 256 KiB or more a job hashes) and shared by all callers.
 */
#define AUTO_WINDOW_NS 100000000ll /* /proc/stat counts in 10 ms ticks: 100 ms gives ~0.1 CPU */
#if defined(__linux__)
#include <stdio.h>
#include <sys/resource.h>

/* Nanoseconds of CPU time: all processes' (not idle, not iowait), and this process's. */
static int cpu_times(long long *host, long long *self)
{
    unsigned long long v[8];
    struct rusage ru;
    long hz = sysconf(_SC_CLK_TCK);
    FILE *f = fopen("/proc/stat", "r");
    if (!f || hz <= 0) {
        if (f) fclose(f);
        return 0;
    }
    int n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
                   &v[6], &v[7]);
    fclose(f);
    if (n != 8 || getrusage(RUSAGE_SELF, &ru) != 0) return 0;
    *host = (long long)((v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) * (1000000000ull / (unsigned long long)hz));
    *self = (long long)ru.ru_utime.tv_sec * 1000000000ll + ru.ru_utime.tv_usec * 1000ll +
            (long long)ru.ru_stime.tv_sec * 1000000000ll + ru.ru_stime.tv_usec * 1000ll;
    return 1;
}

/* The cgroup v2 CPU quota ("cpu.max": quota and period) of this process's cgroup and its
 * parents, the smallest in whole CPUs rounded up; 0 when there is none or it cannot be read. */
static unsigned cgroup_quota_cpus(void)
{
    static const char root[] = "/sys/fs/cgroup";
    char dir[256] = "", line[256], file[sizeof dir + 16];
    unsigned best = 0;
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (!f) return 0;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "0::", 3) == 0) { /* the unified hierarchy */
            line[strcspn(line, "\n")] = 0;
            if (strlen(root) + strlen(line + 3) < sizeof dir) {
                strcpy(dir, root);
                strcat(dir, line + 3);
            }
            break;
        }
    fclose(f);
    while (dir[0]) {
        long long quota, period;
        strcpy(file, dir);
        strcat(file, "/cpu.max");
        FILE *q = fopen(file, "r");
        if (q) {
            if (fscanf(q, "%lld %lld", &quota, &period) == 2 && quota > 0 && period > 0) {
                unsigned c = (unsigned)((quota + period - 1) / period);
                if (!best || c < best) best = c;
            }
            fclose(q);
        }
        if (strlen(dir) <= strlen(root)) break; /* the root itself has no cpu.max */
        *strrchr(dir, '/') = 0;
    }
    return best;
}

/* The CPUs this process may run on: the online ones (as threads_auto counted them), fewer
 * when its affinity mask (taskset, cpusets) or its cgroup's CPU quota (a container given one
 * CPU's time on a bigger host) allows fewer. A worker beyond them shares a CPU with the
 * caller, and two threads taking turns on one CPU are slower than one. */
static unsigned usable_cpus(unsigned online)
{
    unsigned n = online, q = cgroup_quota_cpus();
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0 && (unsigned)CPU_COUNT(&set) < n)
        n = (unsigned)CPU_COUNT(&set);
    return q && q < n ? q : n;
}

static pthread_mutex_t auto_lock = PTHREAD_MUTEX_INITIALIZER;
static long long auto_checked;                  /* when t was last settled (under auto_lock) */
static long long auto_at, auto_host, auto_self; /* the last /proc/stat sample, auto_at 0: none */
static unsigned auto_threads;                   /* the answer (atomic), 0 = none yet */

static unsigned threads_auto(void)
{
    unsigned online = kf_threads_resolve(0), t = __atomic_load_n(&auto_threads, __ATOMIC_RELAXED);
    if (online < 2) return 1;
    if (pthread_mutex_trylock(&auto_lock) != 0) return t ? t : 1; /* another caller samples */
    long long now = now_ns(), host, self;
    if (!t || now - auto_checked >= AUTO_WINDOW_NS) {
        unsigned usable = usable_cpus(online);
        if (!cpu_times(&host, &self)) {
            t = usable; /* no /proc/stat: as many as it may use */
        } else {
            if (auto_at) {
                double other = (double)(host - auto_host - (self - auto_self)) / (double)(now - auto_at);
                double idle = (double)online - (other > 0 ? other : 0);
                t = idle < 1.5 ? 1 : idle >= online ? online : (unsigned)(idle + 0.5);
            } else {
                t = online; /* nothing to compare with yet */
            }
            auto_at = now;
            auto_host = host;
            auto_self = self;
        }
        if (t > usable) t = usable;
        auto_checked = now;
        __atomic_store_n(&auto_threads, t, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&auto_lock);
    return t ? t : 1;
}
#else
static unsigned threads_auto(void) { return kf_threads_resolve(0); }
#endif

/*
 * fork(): the child has only the thread that forked, so none of the pool's workers, yet it
 * inherits the counts and thread ids that say they exist. It used to post its first job to
 * workers that were not there and, worse, set the CPU affinity of a stale thread id, which
 * acted on the caller itself and pinned it off its CPU (mask {0,1} -> {0}) for good, with every
 * thread it started later (issue 41; pre-fork servers that hashed with threads before forking).
 * So: before fork, wait for a job on the pool to finish and take the pool's locks (no lock is
 * copied mid-change); after it, the parent releases them and the child starts from an empty
 * pool (its first threaded call starts workers of its own) and a fresh idle-CPU sample.
 */
static void pool_prepare_fork(void)
{
    pthread_mutex_lock(&pool_submit);
    pthread_mutex_lock(&pool_lock);
#if defined(__linux__)
    pthread_mutex_lock(&auto_lock);
#endif
}

static void pool_parent_after_fork(void)
{
#if defined(__linux__)
    pthread_mutex_unlock(&auto_lock);
#endif
    pthread_mutex_unlock(&pool_lock);
    pthread_mutex_unlock(&pool_submit);
}

static void pool_child_after_fork(void)
{
    pool_workers = 0;
    pool_sleepers = 0;
    pool_away = -1;
    __atomic_store_n(&pool_job, NULL, __ATOMIC_RELAXED);
    pthread_cond_init(&pool_wake, NULL); /* its waiters were the parent's workers */
    /* the forking thread took the locks in pool_prepare_fork: it owns them in the child too */
#if defined(__linux__)
    auto_checked = auto_at = auto_host = auto_self = 0;
    __atomic_store_n(&auto_threads, 0, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&auto_lock);
#endif
    pthread_mutex_unlock(&pool_lock);
    pthread_mutex_unlock(&pool_submit);
}

/* Registered once, by the first job posted to the pool (no worker exists before). */
static void pool_fork_handlers(void)
{
    pthread_atfork(pool_prepare_fork, pool_parent_after_fork, pool_child_after_fork);
}

/*
 * Where the leaves start going out half a group at a time. Groups go out in order, one to each
 * thread that asks, so threads of equal speed move in step, and when the groups (with the
 * `lead` groups the caller hashes before it joins: KT's first group) do not divide among the
 * threads, the last r groups leave the other threads idle for a whole group: two threads on
 * an odd count of groups ran at 1.84-1.90x one thread against 1.96-1.98x on an even count
 * (KT128, 0.8-1.4 MiB, 2026-11-23). Halves of those r groups let 2r threads share them; a
 * half costs ~58% of a group (avx512-x8 runs 8 leaves in the time avx512vl-x4 runs ~7), so
 * the last threads finish ~0.4 group earlier. Only when 2r halves fit the threads.
 */
static size_t split_point(size_t groups, unsigned lead, unsigned threads)
{
    size_t r = (groups + lead) % threads;
    return r != 0 && 2 * r <= threads && r <= groups ? (groups - r) * KF_XN_MAX : SIZE_MAX;
}

kf_leaves *kf_leaves_start(const kf_leaf_params *p, const uint8_t *base, size_t count, unsigned threads,
                           unsigned lead)
{
    size_t groups = (count + KF_XN_MAX - 1) / KF_XN_MAX;
    threads = threads ? kf_threads_resolve(threads) : threads_auto();
    if (threads < 2 || groups < 2 || count > KF_LEAVES_WINDOW) return NULL;
    kf_leaves *job = malloc(sizeof *job);
    uint8_t *cvs = malloc(count * p->cv_len);
    unsigned *group_done = calloc(groups, sizeof *group_done);
    if (!job || !cvs || !group_done) {
        free(job);
        free(cvs);
        free(group_done);
        return NULL;
    }
    job->group_done = group_done;
    job->p = *p;
    job->base = base;
    job->cvs = cvs;
    job->count = count;
    job->next = 0;
    job->nthreads = 0;
    job->pooled = 0;
    job->active = 0;
    pthread_mutex_init(&job->done_lock, NULL);
    pthread_cond_init(&job->done_cond, NULL);
    unsigned want = (unsigned)(threads - 1 < groups - 1 ? threads - 1 : groups - 1); /* the caller is one */
    job->split_from = split_point(groups, lead, want + 1);
    /* No cancellation between here and the end of finish: a caller cancelled in finish's
     * waits (pthread_cond_wait and pthread_join are cancellation points) left its helpers
     * hashing a buffer its cleanup may free, the job leaked and pool_submit stayed locked for
     * the life of the process (issue 41). A pending cancel acts at the caller's next
     * cancellation point after the call, as POSIX allows. */
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &job->cancel_state);
    if (pool_post(job, want)) return job;
    while (job->nthreads < want && pthread_create(&job->tid[job->nthreads], NULL, leaves_worker, job) == 0)
        job->nthreads++;
    return job; /* if no thread started, finish does all the work */
}

static const uint8_t *leaves_finish(kf_leaves *job, kf_leaves_node *node)
{
    if (node) leaves_caller_node(job, node);
    else leaves_worker(job);
    if (job->pooled) {
        /* no worker joins from now on; wait for those inside (each has at most one group left) */
        pthread_mutex_lock(&pool_lock);
        __atomic_store_n(&pool_job, NULL, __ATOMIC_RELEASE);
        pthread_mutex_unlock(&pool_lock);
        for (int spin = 0; spin < FINISH_SPIN && __atomic_load_n(&job->active, __ATOMIC_ACQUIRE); spin++)
            cpu_relax();
        pthread_mutex_lock(&job->done_lock);
        while (__atomic_load_n(&job->active, __ATOMIC_ACQUIRE)) pthread_cond_wait(&job->done_cond, &job->done_lock);
        pthread_mutex_unlock(&job->done_lock);
        job->pooled = 0;
        pthread_mutex_unlock(&pool_submit);
    }
    for (unsigned t = 0; t < job->nthreads; t++) pthread_join(job->tid[t], NULL);
    job->nthreads = 0;
    pthread_setcancelstate(job->cancel_state, NULL);
    return job->cvs;
}

const uint8_t *kf_leaves_finish(kf_leaves *job) { return leaves_finish(job, NULL); }
const uint8_t *kf_leaves_finish_node(kf_leaves *job, kf_leaves_node *node) { return leaves_finish(job, node); }
#endif /* KF_HAVE_THREADS */
void kf_leaves_free(kf_leaves *job)
{
    if (!job) return;
#ifdef KF_HAVE_THREADS
    pthread_mutex_destroy(&job->done_lock);
    pthread_cond_destroy(&job->done_cond);
    free(job->group_done);
#endif
    free(job->cvs);
    free(job);
}
