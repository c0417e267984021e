/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sponge_xn.h - up to KF_XN_MAX independent sponges (FIPS 202 §4) in lock-step, over the
 * batched backend interface (kf_backend_xn), for whole-byte inputs.
 *
 * The n instances are planned once, at init, into groups: a batched backend holds up to its
 * width of them in one interleaved state (kf_backend_xn_for picks the backend per group, so
 * 8 instances may run as one x8 group or two x4 groups, 5 as x4 + x1); an instance left
 * alone runs on the x1 backend. Every operation applies to all instances at once:
 *   - incremental: absorb the same number of bytes into each, then squeeze the same number
 *     of bytes from each (whole blocks go through the backend's absorb_blocks);
 *   - one-shot with per-instance input lengths (kf_sponge_xn_oneshot): instances that finish
 *     absorbing early are squeezed on the permutations the longer ones still need.
 * Padding: the delimited suffix byte (< 0x80: SHA-3 0x06, SHAKE 0x1F, TurboSHAKE D, ...)
 * and the final bit of pad10*1.
 *
 * The states live inside the struct at its first 64-byte-aligned address. A struct moved
 * to an address with another alignment (a copied public context) is repaired on the next
 * call: the states are moved to the new aligned place.
 * Internal: the public batched API (hash/batch.c) checks arguments and state.
 */
#ifndef KF_SPONGE_XN_H
#define KF_SPONGE_XN_H

#include "../keccak/keccak_backend.h"

#define KF_XN_MAX 8
#define KF_XN_X1_STRIDE 224 /* an x1 state, rounded up to a multiple of 32 (KF_STATE_ALIGN) */
/* Every plan of 4- and 8-wide backends fits: all-x1 needs 8 * 224 = 1792 bytes, x8 1600,
 * x4 + x4 832 + 800; 1856 also holds the 9-wide hybrid (1800). A group that would not fit
 * (x5 + x5) runs its instances on x1 instead. */
#define KF_XN_STORAGE 1856

typedef struct kf_xn_group {
    const kf_backend_xn *xn; /* NULL: one instance on the x1 backend */
    uint16_t offset;         /* of the group's states from the aligned base */
    uint8_t first, count;    /* instances first .. first+count-1 */
} kf_xn_group;

typedef struct kf_sponge_xn {
    uint8_t raw[KF_XN_STORAGE + 64]; /* states from the first 64-byte-aligned address */
    const kf_backend *x1;
    kf_xn_group group[KF_XN_MAX];
    uint16_t rate;   /* bytes per block */
    uint16_t pos;    /* bytes used in the current block (shared by all instances) */
    uint8_t ngroups;
    uint8_t n;       /* instances, 1..KF_XN_MAX */
    uint8_t shift;   /* where the aligned base was: raw + shift */
    uint8_t nr;
    uint8_t suffix;
    uint8_t phase;   /* kf_sponge_phase (sponge.h values), 0 = not initialized */
} kf_sponge_xn;

/* The contracts (ACSL) the batched API's proof uses (proofs/units.py's unit hash_batch;
 * docs/ASSURANCE.md), proved by unit sponge_xn. A group (kf_sponge_xn_plan's): 1..count
 * instances within 0 .. n-1, one alone on x1 (xn NULL) or at most xn->n on a batched table
 * (a read-only one: !\valid, kf_backend_xn_for's; 200 n bytes of state if interleaved),
 * its states (kf_xn_group_bytes) within KF_XN_STORAGE bytes of the aligned base. A sponge
 * between calls: n instances in 1..KF_XN_MAX groups, a rate of whole lanes, nr rounds, a
 * suffix below 0x80, its base raw + shift with shift < 64, an x1 table; absorbing (1) with
 * pos < rate or squeezing (2) with pos <= rate. */
/*@ logic integer kf_xn_group_bytes(kf_xn_group *g) = g->xn == \null ? KF_STATE_BYTES : g->xn->state_bytes;
    predicate kf_xn_group_ok(kf_xn_group *g, integer n) =
      1 <= g->count && g->first + g->count <= n &&
      (g->xn == \null ==> g->count == 1) &&
      (g->xn != \null ==> \valid_read(g->xn) && !\valid(g->xn) && g->count <= g->xn->n &&
                          (g->xn->interleaved != 0 ==> g->xn->state_bytes == 200 * g->xn->n)) &&
      g->offset + kf_xn_group_bytes(g) <= KF_XN_STORAGE; */
/* The sponge's two as macros (the annotations are preprocessed), not ACSL predicates: WP then
 * splits them into their clauses, each its own goal that its simplifier sees (it proves
 * plan's shift < 64, a mask of a pointer cast, only so). */
#define kf_sponge_xn_layout(s)                                                                   \
    (\valid(s) && 1 <= (s)->n <= KF_XN_MAX && 8 <= (s)->rate < 200 && (s)->rate % 8 == 0 &&     \
     1 <= (s)->nr <= 24 && 0 < (s)->suffix < 0x80 && (s)->shift < 64 && \valid_read((s)->x1) &&  \
     1 <= (s)->ngroups <= KF_XN_MAX &&                                                           \
     (\forall integer k; 0 <= k < (s)->ngroups ==> kf_xn_group_ok(&(s)->group[k], (s)->n)))
#define kf_sponge_xn_ok(s)                                                                       \
    (kf_sponge_xn_layout(s) &&                                                                  \
     (((s)->phase == 1 && (s)->pos < (s)->rate) || ((s)->phase == 2 && (s)->pos <= (s)->rate)))

/* 1 <= n <= KF_XN_MAX, rate a multiple of 8 below 200, nr in 1..24, 0 < suffix < 0x80. */
/*@ requires \valid(s) && 1 <= n <= KF_XN_MAX && 8 <= rate < 200 && rate % 8 == 0 && 1 <= nr <= 24;
    requires 0 < suffix < 0x80;
    assigns *s, kf_spec_xn_table;
    ensures kf_sponge_xn_ok(s) && s->n == n && s->rate == rate && s->phase == 1; */
void kf_sponge_xn_init(kf_sponge_xn *s, unsigned n, unsigned rate, unsigned nr, uint8_t suffix);
/* in[i] for i < n, len bytes each. */
/*@ requires kf_sponge_xn_ok(s) && s->phase == 1;
    requires \valid_read(in + (0 .. s->n - 1));
    requires \forall integer i; 0 <= i < s->n ==> \valid_read(in[i] + (0 .. len - 1));
    assigns *s, kf_spec_xn_table;
    ensures kf_sponge_xn_ok(s) && s->n == \old(s->n) && s->rate == \old(s->rate) && s->phase == 1; */
void kf_sponge_xn_absorb(kf_sponge_xn *s, const uint8_t *const in[], size_t len);
/*@ requires kf_sponge_xn_ok(s);
    assigns s->raw[0 .. KF_XN_STORAGE + 63], s->shift, s->pos, s->phase, kf_spec_xn_table;
    ensures kf_sponge_xn_ok(s) && s->n == \old(s->n) && s->rate == \old(s->rate) && s->phase == 2; */
void kf_sponge_xn_finalize(kf_sponge_xn *s);
/* While absorbing: the whole state of instance i (200 bytes, FIPS 202 byte order), for a
 * caller that continues that instance on an x1 sponge (kf_sponge_import). */
/*@ requires kf_sponge_xn_ok(s) && \valid(state + (0 .. KF_STATE_BYTES - 1));
    requires \separated(state + (0 .. KF_STATE_BYTES - 1), s);
    assigns s->raw[0 .. KF_XN_STORAGE + 63], s->shift, state[0 .. KF_STATE_BYTES - 1], kf_spec_xn_table;
    ensures kf_sponge_xn_ok(s); */
void kf_sponge_xn_export(kf_sponge_xn *s, unsigned i, uint8_t state[KF_STATE_BYTES]);
/* out[i] for i < n, len bytes each; finalizes first if still absorbing. */
/*@ requires kf_sponge_xn_ok(s);
    requires len > 0 ==> \valid_read(out + (0 .. s->n - 1));
    requires len > 0 ==> \forall integer i; 0 <= i < s->n ==> \valid(out[i] + (0 .. len - 1));
    requires len > 0 ==> \forall integer i; 0 <= i < s->n ==> \separated(out[i] + (0 .. len - 1), s);
    assigns *s, *(out[0 .. s->n - 1] + (0 .. len - 1)), kf_spec_xn_table;
    ensures kf_sponge_xn_ok(s) && s->n == \old(s->n) && s->rate == \old(s->rate) && s->phase == 2; */
void kf_sponge_xn_squeeze(kf_sponge_xn *s, uint8_t *const out[], size_t len);
/* kf_sponge_xn_init without clearing the states: for kf_sponge_xn_oneshot only, which sets up
 * each group's state itself (a group whose inputs all fit in one block writes its state whole
 * rather than clearing it first). */
/*@ requires \valid(s) && 1 <= n <= KF_XN_MAX && 8 <= rate < 200 && rate % 8 == 0 && 1 <= nr <= 24;
    requires 0 < suffix < 0x80;
    assigns *s;
    ensures kf_sponge_xn_ok(s) && s->n == n && s->rate == rate && s->phase == 1; */
void kf_sponge_xn_plan(kf_sponge_xn *s, unsigned n, unsigned rate, unsigned nr, uint8_t suffix);
/* The one-shots' contract (kf_sponge_xn_oneshot, _public, and sponge_xn.c's xn_oneshot behind
 * them), a macro for the same reason as kf_sponge_xn_ok: s, in, inlen, out and outlen are the
 * parameters' names. */
#define kf_sponge_xn_oneshot_contract                                                            \
    requires kf_sponge_xn_ok(s) && s->phase == 1;                                                \
    requires \valid_read(in + (0 .. s->n - 1)) && \valid_read(inlen + (0 .. s->n - 1));          \
    requires \separated(inlen + (0 .. s->n - 1), s);                                             \
    requires \forall integer i; 0 <= i < s->n ==> \valid_read(in[i] + (0 .. inlen[i] - 1));     \
    requires \valid_read(out + (0 .. s->n - 1));                                                 \
    requires \forall integer i; 0 <= i < s->n ==> \valid(out[i] + (0 .. outlen - 1));           \
    requires \forall integer i; 0 <= i < s->n ==> \separated(out[i] + (0 .. outlen - 1), s);    \
    assigns *s, *(out[0 .. s->n - 1] + (0 .. outlen - 1)), kf_spec_xn_table;
/* On a sponge from kf_sponge_xn_plan or kf_sponge_xn_init: out[i] = the first outlen bytes of
 * instance i's output after absorbing in[i][0 .. inlen[i]) and padding. Wipes the states and
 * leaves the sponge dead (phase 0). */
/*@ kf_sponge_xn_oneshot_contract */
void kf_sponge_xn_oneshot(kf_sponge_xn *s, const uint8_t *const in[], const size_t inlen[],
                          uint8_t *const out[], size_t outlen);
/* The same for public inputs only (ML-DSA's ExpandA from rho): the backend's xof skips the stack
 * wipe it does for secret streams. */
/*@ kf_sponge_xn_oneshot_contract */
void kf_sponge_xn_oneshot_public(kf_sponge_xn *s, const uint8_t *const in[], const size_t inlen[],
                                 uint8_t *const out[], size_t outlen);

/* A lone sponge for kf_backend_xn.xof_side (nr 24): its input's padding (suffix, pad10*1)
 * written after the len bytes at buf, which must have room up to the next multiple of rate
 * beyond len; returns the number of blocks of the padded input. */
/*@ requires 8 <= rate <= 200 && len <= SIZE_MAX - 2 * rate;
    requires \valid(buf + (0 .. (len / rate + 1) * rate - 1));
    assigns buf[len .. (len / rate + 1) * rate - 1];
    ensures \result == len / rate + 1; */
size_t kf_xn_side_pad(uint8_t *buf, size_t len, size_t rate, uint8_t suffix);
/* Its end: the side->blocks padded blocks it has left from side->in absorbed on the x1
 * backend, then the first outlen <= side->rate bytes of its output into out. Public data only
 * (its state is left on the stack). */
/*@ requires \valid_read(side) && 8 <= side->rate <= 200 && side->rate % 8 == 0;
    requires side->blocks * side->rate <= SIZE_MAX;
    requires \valid_read(side->in + (0 .. side->blocks * side->rate - 1));
    requires outlen <= side->rate && \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1]; */
void kf_xn_side_squeeze(const kf_xn_side *side, uint8_t *out, size_t outlen);

#include "../common/util.h" /* kf_memzero: zeroization the compiler cannot drop */

/* The wipe of a batched sponge (a caller's local), stated in its own type, as sponge.h's
 * kf_sponge_wipe: a caller assumes only \valid(x) after it; the byte view is one justified goal
 * here (unit sponge_xn). KT's first group and ML-DSA's ExpandS use it. */
/*@ requires \valid(x);
    assigns *x; */
static inline void kf_sponge_xn_wipe(kf_sponge_xn *x)
{
    kf_memzero((uint8_t *)x, sizeof *x);
}

#ifdef __FRAMAC__
/* (ACSL) kf_backend_xn's overwrite_bytes, as keccak_backend.h's kf_spec_xn_* for the others: the stand-in that the
 * `calls` annotations of ML-KEM's lane_start (mlkem/sampling.c) and ML-DSA's kf_mldsa_h_with_masks (mldsa/sampling.c)
 * name; that a table's pointer meets it is assumed, as for the others */
/*@ requires kf_spec_xn_states(states) && i < kf_spec_xn_table->n;
    requires offset <= 200 && len <= 200 - offset;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint8_t *)states)[0 .. kf_spec_xn_table->state_bytes - 1]; */
void kf_spec_xn_overwrite_bytes(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len);
#endif

#endif
