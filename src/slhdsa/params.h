/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * params.h - the six SLH-DSA-SHAKE parameter sets (FIPS 205 §11, Table 2) and the
 * sizes derived from them. Internal to src/slhdsa/.
 */
#ifndef KF_SLHDSA_PARAMS_H
#define KF_SLHDSA_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "keccakforge.h" /* kf_slhdsa_n_len (ACSL) */

#define SLH_LGW 4            /* every set uses w = 16 (FIPS 205 §5) */
#define SLH_W 16
#define SLH_LEN2 3           /* floor(log2(len1 * (w - 1)) / lg w) + 1 for n = 16, 24, 32 */
#define SLH_MAX_N 32
#define SLH_MAX_LEN (2 * SLH_MAX_N + SLH_LEN2)   /* WOTS+ chains per key: len = 2n + 3 */
#define SLH_MAX_HP 9         /* h' = h / d */
#define SLH_MAX_A 14         /* FORS tree height */
#define SLH_MAX_K 35         /* FORS trees */
#define SLH_MAX_M 49         /* H_msg output bytes */

typedef struct slh_params {
    const char *name;  /* "SLH-DSA-SHAKE-128s", ... */
    unsigned n;        /* security parameter: bytes per hash value */
    unsigned h;        /* total hypertree height */
    unsigned d;        /* hypertree layers */
    unsigned hp;       /* XMSS tree height h' = h / d */
    unsigned a;        /* FORS tree height */
    unsigned k;        /* FORS trees */
    unsigned m;        /* H_msg output bytes */
    unsigned len;      /* WOTS+ chains, 2n + 3 */
    size_t pk_bytes;   /* 2n */
    size_t sk_bytes;   /* 4n */
    size_t sig_bytes;  /* (1 + k(1 + a) + h + d * len) * n */
} slh_params;

/* (ACSL, proofs/units.py's SLH-DSA units) p is one of the six sets of params.c, written out
 * so that every size and offset a proof computes from them is a constant per set (the set
 * is the pair n, d; small predicates, which CVC4 proves of the table where one predicate
 * of them all, or a six-way disjunction, ran to its step limit); and the derived fields with their formulas
 * (len = 2n + 3, pk 2n, sk 4n; sig_bytes, (1 + k (1 + a) + h + d len) n, as its value per
 * set). */
/*@ predicate kf_slh_params_nd(slh_params *p) =
      (p->n == 16 || p->n == 24 || p->n == 32) &&
      (p->n == 16 || p->n == 24 ==> p->d == 7 || p->d == 22) && (p->n == 32 ==> p->d == 8 || p->d == 17);
    predicate kf_slh_params_128(slh_params *p) =
      (p->n == 16 && p->d == 7 ==> p->h == 63 && p->hp == 9 && p->a == 12 && p->k == 14 && p->m == 30 &&
                                  p->sig_bytes == 7856) &&
      (p->n == 16 && p->d == 22 ==> p->h == 66 && p->hp == 3 && p->a == 6 && p->k == 33 && p->m == 34 &&
                                  p->sig_bytes == 17088);
    predicate kf_slh_params_192(slh_params *p) =
      (p->n == 24 && p->d == 7 ==> p->h == 63 && p->hp == 9 && p->a == 14 && p->k == 17 && p->m == 39 &&
                                  p->sig_bytes == 16224) &&
      (p->n == 24 && p->d == 22 ==> p->h == 66 && p->hp == 3 && p->a == 8 && p->k == 33 && p->m == 42 &&
                                  p->sig_bytes == 35664);
    predicate kf_slh_params_256(slh_params *p) =
      (p->n == 32 && p->d == 8 ==> p->h == 64 && p->hp == 8 && p->a == 14 && p->k == 22 && p->m == 47 &&
                                  p->sig_bytes == 29792) &&
      (p->n == 32 && p->d == 17 ==> p->h == 68 && p->hp == 4 && p->a == 9 && p->k == 35 && p->m == 49 &&
                                  p->sig_bytes == 49856);
    predicate kf_slh_params_sizes(slh_params *p) =
      p->len == 2 * p->n + SLH_LEN2 && p->pk_bytes == 2 * p->n && p->sk_bytes == 4 * p->n;
    predicate kf_slh_params_vals(slh_params *p) = kf_slh_params_nd(p) && kf_slh_params_128(p) &&
      kf_slh_params_192(p) && kf_slh_params_256(p) && kf_slh_params_sizes(p);
    predicate kf_slh_params_ok(slh_params *p) = \valid_read(p) && kf_slh_params_vals(p); */

/* The signature's size for a kf_slhdsa_param value (0 if unknown): FIPS 205 Table 2. */
/*@ logic integer kf_slhdsa_sig_len(integer param) =
      param == 1 ? 7856 : param == 2 ? 17088 : param == 3 ? 16224 :
      param == 4 ? 35664 : param == 5 ? 29792 : param == 6 ? 49856 : 0; */

/* The set for a public kf_slhdsa_param value, NULL if unknown. */
/*@ assigns \nothing;
    ensures 1 <= param <= 6 <==> \result != \null;
    ensures \result == \null || kf_slh_params_ok(\result);
    ensures \result == \null || !\valid(\result); // a const table, apart from every writable buffer
    ensures \result != \null ==> \result->n == kf_slhdsa_n_len(param) &&
                                 \result->sig_bytes == kf_slhdsa_sig_len(param); */
const slh_params *kf_slh_params_get(int param);

/* Signature layout: R, then SIG_FORS (k * (1 + a) * n), then SIG_HT (d XMSS signatures). */
/*@ requires kf_slh_params_ok(p);
    assigns \nothing;
    ensures \result == p->k * (1 + p->a) * p->n; */
static inline size_t slh_fors_sig_bytes(const slh_params *p) { return (size_t)p->k * (1 + p->a) * p->n; }
/*@ requires kf_slh_params_ok(p);
    assigns \nothing;
    ensures \result == (p->len + p->hp) * p->n && 0 < \result <= 2400; */
static inline size_t slh_xmss_sig_bytes(const slh_params *p) { return (size_t)(p->len + p->hp) * p->n; }

#endif
