/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_backend.h - the one internal interface every Keccak-p[1600] backend implements.
 *
 * A backend owns its state format (plain lanes, bit-interleaved, ...). Upper layers
 * (sponge, modes) never look inside a state: they only call these operations.
 * The state is KF_STATE_BYTES of storage, aligned to KF_STATE_ALIGN; its contents are
 * the backend's business. Byte offsets and lengths always refer to the standard
 * FIPS 202 byte order of the 1600-bit state (byte i of lane x+5y is byte 8(x+5y)+i).
 *
 * Contracts (for every backend):
 *   init            state := all zero
 *   add_bytes       state[offset .. offset+len) ^= in[0 .. len),      offset+len <= 200
 *   overwrite_bytes state[offset .. offset+len)  = in[0 .. len),      offset+len <= 200
 *   extract_bytes   out[0 .. len) = state[offset .. offset+len),      offset+len <= 200
 *   permute         state := Keccak-p[1600, nr](state), 1 <= nr <= 24 (the LAST nr rounds
 *                   of Keccak-f[1600], i.e. round indices 24-nr .. 23, as FIPS 202 §3.3)
 *   absorb_blocks   optional (may be NULL): while len >= rate: add_bytes(in, 0, rate);
 *                   permute(nr); in += rate; len -= rate. Returns the number of bytes
 *                   consumed (a multiple of rate). rate is a multiple of 8, <= 200.
 *   oneblock        optional (may be NULL; kf_sponge_oneblock then does the same with the
 *                   operations above): the whole sponge of a message shorter than a block,
 *                   on a state of its own that is wiped afterwards: init; add_bytes(in, 0,
 *                   len); add_bytes(&suffix, len, 1); add the byte 0x80 at rate - 1;
 *                   permute(nr); extract_bytes(out, 0, outlen). len < rate, outlen <= rate,
 *                   suffix in 0x01..0x7F (its top bit below bit 7, so the last bit of
 *                   pad10*1 always fits in the same block), rate a multiple of 8 below 200.
 */
#ifndef KF_KECCAK_BACKEND_H
#define KF_KECCAK_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#define KF_STATE_BYTES 200
#define KF_STATE_ALIGN 32

/* CPU features a backend may require (bit mask, detected in dispatch.c): the one list, from
 * which the enum and the names `kforge backends` prints (kf_cpu_feature_name) both come.
 * X(enum suffix, bit, name). AVX512BW, VBMI, VBMI2 and BITALG gate ML-KEM's AVX-512
 * arithmetic only; the RVV_VLEN bits say the vector unit's VLEN is at least that; RVV_ZVBB:
 * Zvbb or its subset Zvkb (vror, vrol, vandn; RVA23), from riscv_hwprobe. */
#define KF_CPU_FEATURES(X)                                                              \
    X(BMI1, 0, "bmi1") X(BMI2, 1, "bmi2") X(AVX2, 2, "avx2") X(AVX512F, 3, "avx512f")    \
    X(AVX512VL, 4, "avx512vl") X(AVX512BW, 5, "avx512bw") X(AVX512VBMI, 6, "avx512vbmi") \
    X(AVX512VBMI2, 7, "avx512vbmi2") X(NEON, 8, "neon") X(SHA3, 9, "sha3")               \
    X(AVX512BITALG, 10, "avx512bitalg") X(RVV, 12, "rvv")                                \
    X(RVV_VLEN256, 13, "vlen>=256") X(RVV_VLEN512, 14, "vlen>=512")                      \
    X(RVV_VLEN1024, 15, "vlen>=1024") X(RVV_ZVBB, 16, "zvbb")

enum kf_cpu_feature {
#define KF_CPU_ENUM_(name, bit, str) KF_CPU_##name = 1u << (bit),
    KF_CPU_FEATURES(KF_CPU_ENUM_)
#undef KF_CPU_ENUM_
};

/* The name of one feature bit ("avx512f", ...), or NULL for a bit that names none. */
const char *kf_cpu_feature_name(uint32_t bit);

typedef struct kf_backend {
    const char *name;        /* stable, lower case: "ref", "opt64", "opt64-bmi2", ... */
    uint32_t    requires;    /* kf_cpu_feature bits the CPU must have */
    int         rank;        /* higher is preferred by auto-dispatch; < 0 = never auto-picked */
    void   (*init)(void *state);
    void   (*add_bytes)(void *state, const uint8_t *in, size_t offset, size_t len);
    void   (*overwrite_bytes)(void *state, const uint8_t *in, size_t offset, size_t len);
    void   (*extract_bytes)(const void *state, uint8_t *out, size_t offset, size_t len);
    void   (*permute)(void *state, unsigned nr);
    size_t (*absorb_blocks)(void *state, unsigned nr, size_t rate, const uint8_t *in, size_t len);
    void   (*oneblock)(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *in, size_t len,
                       uint8_t *out, size_t outlen);
} kf_backend;

/*
 * Batched backends: N independent states permuted together (SIMD lanes). The storage for
 * all N states is state_bytes bytes, aligned to 64; its layout is the backend's (e.g.
 * lane j of instance i at 64-bit word j*N + i). Byte operations name the instance i < N
 * and have the x1 contracts above; permute applies Keccak-p[1600, nr] to all N states.
 *   absorb_blocks  optional: for every instance i at once, while len >= rate:
 *                  add_bytes(i, in[i], 0, rate); then permute(nr); in[i] += rate.
 *                  Returns the bytes consumed per instance (a multiple of rate).
 *   interleaved    1 if the layout is keccak_xn_lanes.h's (lane j of instance i is the
 *                  native 64-bit word j*N + i), so callers may read lanes in place; such a
 *                  table's state_bytes is 200 N (SLH-DSA's rows rely on it: the contracts of
 *                  kf_backend_xn_current / kf_backend_xn_for below, tests/test_backends_xn.c).
 *   oneblock       optional (sponge_xn.c does the same without it): the x1 oneblock for
 *                  instances 0 .. count-1 (count <= N) at once, in[i] and inlen[i] each
 *                  (inlen[i] < rate; an idle instance's in[i] is not read), out[i] the first
 *                  outlen <= rate bytes; on the caller's states, wiped afterwards (a backend
 *                  whose lanes stay in registers, avx2-x4's, need not touch them at all).
 */
/* A lone sponge state that rides on a batched call's permutations (kf_backend_xn.xof_side). */
typedef struct kf_xn_side {
    uint64_t lanes[25];  /* the state, lane x + 5y at [x + 5y] (native 64-bit words) */
    const uint8_t *in;   /* the next block to xor in */
    size_t rate;         /* bytes per block, a multiple of 8 */
    size_t blocks;       /* blocks still to absorb */
} kf_xn_side;

typedef struct kf_backend_xn {
    const char *name;        /* "avx2-x4", "avx512-x8", ... */
    uint32_t    requires;
    int         rank;
    unsigned    n;           /* states per call */
    size_t      state_bytes;
    int         interleaved; /* layout: see above */
    void   (*init)(void *states);
    void   (*add_bytes)(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len);
    void   (*overwrite_bytes)(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len);
    void   (*extract_bytes)(const void *states, unsigned i, uint8_t *out, size_t offset, size_t len);
    void   (*permute)(void *states, unsigned nr);
    size_t (*absorb_blocks)(void *states, unsigned nr, size_t rate, const uint8_t *const *in, size_t len);
    /* optional: an x1 backend whose call costs about what a call of this one costs, so a
     * single state may as well run on these lanes when that x1 backend is in use (ML-KEM's
     * lone jobs do, keeping its Keccak to one copy of round code in the caches) */
    const struct kf_backend *x1_twin;
    /* optional (may be NULL): every lane of every instance from tmpl (state_bytes in this
     * backend's layout), except lanes dst .. dst+cnt-1, which take the instance's own lanes
     * src .. src+cnt-1 (dst + cnt, src + cnt <= 25); then permute(nr). A hash chain's step
     * (SLH-DSA's WOTS+): the last output moved to the input, the rest of the block fixed. */
    void   (*permute_from)(void *states, const void *tmpl, unsigned dst, unsigned src, unsigned cnt, unsigned nr);
    void   (*oneblock)(void *states, unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const in[],
                       const size_t inlen[], unsigned count, uint8_t *const out[], size_t outlen);
    /* optional: the tree modes' leaves, n whole messages at once. For i < n: out[i][0 ..
     * outlen) = the first outlen bytes (outlen <= rate) of the sponge (rate, nr, delimited
     * suffix byte, pad10*1) over in[i][0 .. len). Returns 0 (and does nothing) for a
     * parameter set it does not handle; the caller then uses the operations above. */
    int    (*leaves)(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,
                     uint8_t *const *out, size_t outlen);
    /* optional: leaves, and beside them one more sponge state `node` (200 bytes, FIPS 202
     * byte order) that absorbs node_blocks whole blocks of rate bytes from node_in (each
     * xored in, then Keccak-p[1600, nr]: the x1 absorb_blocks contract). KT's final node
     * runs there while the leaves run (avx512-x8: on the integer units beside the zmm
     * lanes). first_state, if not NULL, receives instance 0's state after the whole blocks of
     * its input, before its last block (200 bytes, FIPS 202 byte order: KT's S_0 in lane 0).
     * Returns 0 (and does nothing) for a parameter set it does not handle. */
    int    (*leaves_node)(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,
                          uint8_t *const *out, size_t outlen, uint8_t node[KF_STATE_BYTES],
                          const uint8_t *node_in, size_t node_blocks, uint8_t *first_state);
    /* optional: whole sponges for instances 0 .. count-1 (1 <= count <= n), all with inputs of
     * the same length: out[i][0 .. outlen) = the first outlen bytes (any length, many blocks)
     * of the sponge (rate, nr, delimited suffix byte, pad10*1) over in[i][0 .. len). in[i] and
     * out[i] for i >= count are neither read nor written; no caller state is used (lanes the
     * backend spills stay on its stack, as in permute). Returns 0 (and does nothing) for a
     * parameter set it does not handle; the caller then uses the operations above. With secret
     * nonzero the lanes it spilled are wiped from its stack before it returns; public streams
     * (ML-DSA's ExpandA from rho) pass 0 and skip that wipe. */
    int    (*xof)(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len, unsigned count,
                  uint8_t *const *out, size_t outlen, int secret);
    /* optional: xof as above for count <= 8 instances, and beside them one more sponge state
     * (kf_xn_side) riding on the same permutations: before each of the call's permutations,
     * while side->blocks > 0, the next side->rate bytes of side->in are xored into
     * side->lanes (FIPS 202 order, whole blocks: the caller pads the last) and that state is
     * permuted too; in and blocks advance. Returns 0 (and does nothing) for a parameter set
     * it does not handle. avx512-x9: the side state on the integer units (seed 002 §4.4),
     * ML-DSA's verification lets tr = H(pk) ride on ExpandA's permutations. avx2-x4: on the
     * first free lane of a partial group of four (count not a multiple of 4; it declines the
     * others). */
    int    (*xof_side)(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len, unsigned count,
                       uint8_t *const *out, size_t outlen, int secret, kf_xn_side *side);
    /* optional: xof's sponges (count <= n instances, inputs of one length, public: no stack
     * wipe), their first `blocks` output blocks as bytes, instance i's blocks * rate bytes at
     * out + i stride; the rows of instances count .. n - 1 (n rows are always written) get
     * unspecified bytes, and nothing outside the n rows is written. For ML-DSA's ExpandA, whose
     * rejection reads each stream's bytes (avx512-x8: the lanes copied to the rows beside the
     * rounds, keccak_p1600_x8_avx512.c). Returns 0 (and does nothing) for a parameter set it
     * does not handle (avx512-x8: nr 24, rate 168, len < rate, blocks 5, stride 840 only). */
    int    (*xof_strided)(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,
                          unsigned count, uint8_t *out, size_t stride, size_t blocks);
} kf_backend_xn;

#ifdef __FRAMAC__
/*
 * The contracts above in ACSL, for Frama-C only (it defines __FRAMAC__; a compiler never sees
 * these): stand-in functions that the sponge's calls through a kf_backend name in `calls`
 * annotations (src/sponge/sponge.c), so that WP proves each such call against these
 * preconditions and assigns clauses. That the table's pointers meet them is assumed there
 * (docs/ASSURANCE.md, unit sponge); the reference permutation's ref_* functions are proved to
 * (unit permutation, with the state as 25 lanes). The state is KF_STATE_BYTES = 200 bytes.
 */
/*@ requires \valid((uint8_t *)state + (0 .. 199));
    assigns ((uint8_t *)state)[0 .. 199]; */
void kf_spec_init(void *state);

/*@ requires \valid((uint8_t *)state + (0 .. 199));
    requires offset <= 200 && len <= 200 - offset;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint8_t *)state)[offset .. offset + len - 1]; */
void kf_spec_add_bytes(void *state, const uint8_t *in, size_t offset, size_t len);

/*@ requires \valid((uint8_t *)state + (0 .. 199));
    requires offset <= 200 && len <= 200 - offset;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint8_t *)state)[offset .. offset + len - 1]; */
void kf_spec_overwrite_bytes(void *state, const uint8_t *in, size_t offset, size_t len);

/*@ requires \valid_read((uint8_t *)state + (0 .. 199));
    requires offset <= 200 && len <= 200 - offset;
    requires \valid(out + (0 .. len - 1));
    assigns out[0 .. len - 1]; */
void kf_spec_extract_bytes(const void *state, uint8_t *out, size_t offset, size_t len);

/*@ requires \valid((uint8_t *)state + (0 .. 199));
    requires 1 <= nr <= 24;
    assigns ((uint8_t *)state)[0 .. 199]; */
void kf_spec_permute(void *state, unsigned nr);

/* rate: a multiple of 8, at most 200 (the backend checks it itself and consumes nothing
 * otherwise); returns the bytes consumed, whole blocks of the len given */
/*@ requires \valid((uint8_t *)state + (0 .. 199));
    requires 1 <= nr <= 24;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint8_t *)state)[0 .. 199];
    ensures \result <= len;
    ensures rate != 0 ==> \result % rate == 0; */
size_t kf_spec_absorb_blocks(void *state, unsigned nr, size_t rate, const uint8_t *in, size_t len);

/* the whole sponge of a message shorter than a block (keccak_backend.h's oneblock) */
/*@ requires 8 <= rate <= 192 && 1 <= nr <= 24 && len < rate && outlen <= rate;
    requires \valid_read(in + (0 .. len - 1)) && \valid(out + (0 .. outlen - 1));
    assigns out[0 .. outlen - 1]; */
void kf_spec_oneblock(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *in, size_t len, uint8_t *out,
                      size_t outlen);
#endif

#ifdef __FRAMAC__
/*
 * The batched backends' contracts (above) in ACSL, as kf_spec_* for the x1 table: stand-ins
 * that the lock-step sponge's calls through a kf_backend_xn name in `calls` annotations
 * (src/sponge/sponge_xn.c). A batched state is the table's state_bytes, not a constant, so
 * they read the table from the ghost variable kf_spec_xn_table, which each call site sets to
 * the table it calls through (ghost code: no compiled code reads or writes it). That the
 * tables' pointers meet these contracts is assumed (docs/ASSURANCE.md, unit sponge_xn).
 */
/*@ ghost const kf_backend_xn *kf_spec_xn_table; */
/*@ predicate kf_spec_xn_states(void *states) =
      \valid_read(kf_spec_xn_table) && 1 <= kf_spec_xn_table->n &&
      \valid((uint8_t *)states + (0 .. kf_spec_xn_table->state_bytes - 1)); */

/*@ requires kf_spec_xn_states(states);
    assigns ((uint8_t *)states)[0 .. kf_spec_xn_table->state_bytes - 1]; */
void kf_spec_xn_init(void *states);

/*@ requires kf_spec_xn_states(states) && i < kf_spec_xn_table->n;
    requires offset <= 200 && len <= 200 - offset;
    requires \valid_read(in + (0 .. len - 1));
    assigns ((uint8_t *)states)[0 .. kf_spec_xn_table->state_bytes - 1]; */
void kf_spec_xn_add_bytes(void *states, unsigned i, const uint8_t *in, size_t offset, size_t len);

/*@ requires kf_spec_xn_states(states) && i < kf_spec_xn_table->n;
    requires offset <= 200 && len <= 200 - offset;
    requires \valid(out + (0 .. len - 1));
    assigns out[0 .. len - 1]; */
void kf_spec_xn_extract_bytes(const void *states, unsigned i, uint8_t *out, size_t offset, size_t len);

/*@ requires kf_spec_xn_states(states) && 1 <= nr <= 24;
    assigns ((uint8_t *)states)[0 .. kf_spec_xn_table->state_bytes - 1]; */
void kf_spec_xn_permute(void *states, unsigned nr);

/* An interleaved table (keccak_xn_lanes.h: state_bytes = 200 n, lane r of instance i the native word
 * r n + i) seen in its 25 n words, as SLH-DSA's rows hold the states (uint64_t *: WP's Typed+cast model
 * counts such a buffer in words, so the byte view above would not match it; docs/ASSURANCE.md, "widened
 * pointer views"). permute, and permute_from (keccak_backend.h's kf_backend_xn: the states from tmpl
 * except lanes dst .. dst+cnt-1, the instance's own lanes src .. src+cnt-1, then permute), which only
 * interleaved tables offer. src/slhdsa/hash.c's kf_slh_rows_permute calls them (unit slhdsa_hash). */
/*@ requires \valid_read(kf_spec_xn_table) && 1 <= kf_spec_xn_table->n && 1 <= nr <= 24;
    requires \valid((uint64_t *)states + (0 .. 25 * kf_spec_xn_table->n - 1));
    assigns ((uint64_t *)states)[0 .. 25 * kf_spec_xn_table->n - 1]; */
void kf_spec_xn_permute_words(void *states, unsigned nr);

/*@ requires \valid_read(kf_spec_xn_table) && 1 <= kf_spec_xn_table->n && 1 <= nr <= 24;
    requires dst + cnt <= 25 && src + cnt <= 25;
    requires \valid((uint64_t *)states + (0 .. 25 * kf_spec_xn_table->n - 1));
    requires \valid_read((uint64_t *)tmpl + (0 .. 25 * kf_spec_xn_table->n - 1));
    requires \separated((uint64_t *)states + (0 .. 25 * kf_spec_xn_table->n - 1),
                        (uint64_t *)tmpl + (0 .. 25 * kf_spec_xn_table->n - 1));
    assigns ((uint64_t *)states)[0 .. 25 * kf_spec_xn_table->n - 1]; */
void kf_spec_xn_permute_from(void *states, const void *tmpl, unsigned dst, unsigned src, unsigned cnt, unsigned nr);

/* every instance's in[i] is read (the caller points idle ones at valid memory) */
/*@ requires kf_spec_xn_states(states) && 1 <= nr <= 24;
    requires \valid_read(in + (0 .. kf_spec_xn_table->n - 1));
    requires \forall integer i; 0 <= i < kf_spec_xn_table->n ==> \valid_read(in[i] + (0 .. len - 1));
    assigns ((uint8_t *)states)[0 .. kf_spec_xn_table->state_bytes - 1];
    ensures \result <= len;
    ensures rate != 0 ==> \result % rate == 0; */
size_t kf_spec_xn_absorb_blocks(void *states, unsigned nr, size_t rate, const uint8_t *const *in, size_t len);

/* instances 0 .. count-1, each shorter than a block, at most a block out each */
/*@ requires kf_spec_xn_states(states) && 1 <= count <= kf_spec_xn_table->n;
    requires 8 <= rate <= 192 && 1 <= nr <= 24 && outlen <= rate;
    requires \valid_read(in + (0 .. count - 1)) && \valid_read(inlen + (0 .. count - 1));
    requires \forall integer i; 0 <= i < count ==> inlen[i] < rate && \valid_read(in[i] + (0 .. inlen[i] - 1));
    requires \valid_read(out + (0 .. count - 1));
    requires \forall integer i; 0 <= i < count ==> \valid(out[i] + (0 .. outlen - 1));
    assigns ((uint8_t *)states)[0 .. kf_spec_xn_table->state_bytes - 1], *(out[0 .. count - 1] + (0 .. outlen - 1)); */
void kf_spec_xn_oneblock(void *states, unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const in[],
                         const size_t inlen[], unsigned count, uint8_t *const out[], size_t outlen);

/* whole sponges of count instances with inputs of one length; no caller state */
/*@ requires \valid_read(kf_spec_xn_table) && 1 <= count <= kf_spec_xn_table->n;
    requires 8 <= rate <= 192 && 1 <= nr <= 24;
    requires \valid_read(in + (0 .. count - 1));
    requires \forall integer i; 0 <= i < count ==> \valid_read(in[i] + (0 .. len - 1));
    requires \valid_read(out + (0 .. count - 1));
    requires \forall integer i; 0 <= i < count ==> \valid(out[i] + (0 .. outlen - 1));
    assigns *(out[0 .. count - 1] + (0 .. outlen - 1)); */
int kf_spec_xn_xof(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len, unsigned count,
                   uint8_t *const *out, size_t outlen, int secret);

/* xof's first blocks output blocks as rows (ML-DSA's ExpandA): instance i's blocks * rate bytes at out + i stride,
 * the table's n rows written (the idle ones' bytes unspecified), nothing outside them; a count over the table's n
 * is declined (0, nothing written: avx512-x8's x8_xof_strided) */
/*@ requires \valid_read(kf_spec_xn_table) && 1 <= count;
    requires 8 <= rate <= 192 && 1 <= nr <= 24 && blocks * rate <= stride;
    requires \valid_read(in + (0 .. count - 1));
    requires \forall integer i; 0 <= i < count ==> \valid_read(in[i] + (0 .. len - 1));
    requires \valid(out + (0 .. kf_spec_xn_table->n * stride - 1));
    assigns out[0 .. kf_spec_xn_table->n * stride - 1]; */
int kf_spec_xn_xof_strided(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,
                           unsigned count, uint8_t *out, size_t stride, size_t blocks);
#endif

/* Backends compiled into this build (each defined in its own file). */
extern const kf_backend kf_backend_ref;
extern const kf_backend kf_backend_opt64;
extern const kf_backend kf_backend_opt32bi;

/* Dispatch (dispatch.c). */
uint32_t kf_cpu_features(void);                      /* detected once, cached */
/*@ ensures \valid_read(\result) && !\valid(\result); */
const kf_backend *kf_backend_current(void);          /* the x1 backend in use */
const kf_backend *kf_backend_by_name(const char *name);  /* NULL if unknown */
size_t kf_backend_all(const kf_backend **out, size_t max); /* compiled in, in rank order */
int kf_backend_runnable(const kf_backend *b);        /* CPU has what b requires */

/* Each architecture's backends: its header declares them and lists them for dispatch.c in
 * KF_ARCH_BACKENDS_X1 and KF_ARCH_BACKENDS_XN ("&kf_backend_..., " each, in any order: the
 * preference is each backend's .rank, and only that); its sources.cmake builds them. */
#if defined(__x86_64__)
#include "x86_64/backends_x86_64.h"
#elif defined(__aarch64__)
#include "aarch64/backends_aarch64.h"
#elif defined(__riscv) && __riscv_xlen == 64
#include "riscv64/backends_riscv64.h"
#elif defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)
#include "armv7m/backends_armv7m.h"
#endif

size_t kf_backend_xn_all(const kf_backend_xn **out, size_t max); /* compiled in, in rank order */
int kf_backend_xn_runnable(const kf_backend_xn *b);  /* CPU has what b requires */
/* (ACSL) one of the compiled-in tables (as kf_backend_xn_for below), assumed (dispatch.c). */
/*@ assigns \nothing;
    ensures \result == \null || (\valid_read(\result) && !\valid(\result) && 2 <= \result->n &&
                                  \result->state_bytes <= 200 * \result->n &&
                                  (\result->interleaved != 0 ==> \result->state_bytes == 200 * \result->n)); */
const kf_backend_xn *kf_backend_xn_current(void);    /* best runnable (or forced); NULL = none */
const kf_backend_xn *kf_backend_xn_by_name(const char *name); /* NULL if unknown */
/* The batched backend for a group of count instances: the forced one, else the narrowest
 * runnable one with room for count (best rank), else the current one; NULL = use x1. */
/* Every compiled-in batched backend has n >= 2 and state_bytes <= 200 n (200 bytes a state):
 * kf_sponge_xn_plan's layout fits KF_XN_STORAGE by it (tests/test_backends_xn.c checks it of
 * every table). */
/*@ assigns \nothing;
    ensures \result == \null || (\valid_read(\result) && !\valid(\result) && 2 <= \result->n &&
                                  \result->state_bytes <= 200 * \result->n &&
                                  (\result->interleaved != 0 ==> \result->state_bytes == 200 * \result->n)); */
const kf_backend_xn *kf_backend_xn_for(unsigned count);
/* The backend whose xof_side lets a lone sponge ride on groups of 8 (dispatch.c), or NULL. */
/* (ACSL) assumed (dispatch.c): NULL, or kf_backend_xn_for(8)'s own table where its n is 4 (avx2-x4), or a
 * compiled-in table of n 9 (avx512-x9); either has xof_side. The contract says only what
 * kf_mldsa_side_groups' proof needs, a readable table or NULL (session 55: the table's n and state_bytes
 * as kf_backend_xn_for's ensures cost mldsa_verify and mldsa_api ~44 s more CPU and proved nothing more). */
/*@ assigns \nothing;
    ensures \result == \null || \valid_read(\result); */
const kf_backend_xn *kf_backend_xn_side(void);

/* Round constants and rotation offsets: one place (keccak_constants.c). */
extern const uint64_t kf_keccak_rc[24];
extern const uint8_t  kf_keccak_rho[25];   /* indexed by x + 5y */

#endif
