/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * params.h - ML-KEM parameter sets (FIPS 203 §8, Table 2) and the ring constants.
 *
 * The byte sizes live once, in include/keccakforge.h (KF_MLKEM512_EK_BYTES, ...);
 * params.c builds the table from them and checks them against the formulas of §8.
 */
#ifndef KF_MLKEM_PARAMS_H
#define KF_MLKEM_PARAMS_H

#include "keccakforge.h"

#include <stddef.h>
#include <stdint.h>

#define KF_MLKEM_N 256           /* coefficients per polynomial */
#define KF_MLKEM_Q 3329          /* the prime modulus q = 2^8 * 13 + 1 */
#define KF_MLKEM_K_MAX 4         /* largest module rank (ML-KEM-1024) */
#define KF_MLKEM_POLY_BYTES 384  /* ByteEncode_12 of one polynomial */
#define KF_MLKEM_SYM_BYTES 32    /* seeds, hashes, messages, shared secrets */

typedef struct kf_mlkem_params {
    unsigned k;      /* module rank */
    unsigned eta1;   /* CBD parameter of s, e (K-PKE.KeyGen) and y (Encrypt) */
    unsigned eta2;   /* CBD parameter of e1, e2 (Encrypt) */
    unsigned du, dv; /* ciphertext compression bits of u and v */
    size_t ek_bytes; /* 384k + 32 */
    size_t dk_bytes; /* 768k + 96 */
    size_t ct_bytes; /* 32 (du k + dv) */
} kf_mlkem_params;

/* (ACSL, the proofs' units mlkem_kpke and mlkem_api) p is one of the three sets of the table
 * in params.c, written out so that every product of k, du and dv in a proof is a constant. */
/*@ predicate kf_mlkem_params_ok{L}(kf_mlkem_params *p) =
      \valid_read(p) && p->eta2 == 2 &&
      ((p->k == 2 && p->eta1 == 3 && p->du == 10 && p->dv == 4) ||
       (p->k == 3 && p->eta1 == 2 && p->du == 10 && p->dv == 4) ||
       (p->k == 4 && p->eta1 == 2 && p->du == 11 && p->dv == 5)) &&
      p->ek_bytes == 384 * p->k + 32 && p->dk_bytes == 768 * p->k + 96 &&
      p->ct_bytes == 32 * (p->du * p->k + p->dv); */

/* (ACSL, unit mlkem_kem, session 49) the parameter set as a value v (kf_mlkem_params_ok's fields),
 * and a ghost lemma function (params.c): *p == v with v such a set gives kf_mlkem_params_ok(p).
 * encaps_jobs and decaps_jobs keep a ghost copy of *p from their entry and show *p equal to it after
 * each set-up call (cheap: a frame), then params_ok(p) by this function (params_ok read after the
 * calls in their own context ran to the step limit, sessions 45-47) */
/*@ predicate kf_mlkem_params_val(kf_mlkem_params v) =
      v.eta2 == 2 &&
      ((v.k == 2 && v.eta1 == 3 && v.du == 10 && v.dv == 4) ||
       (v.k == 3 && v.eta1 == 2 && v.du == 10 && v.dv == 4) ||
       (v.k == 4 && v.eta1 == 2 && v.du == 11 && v.dv == 5)) &&
      v.ek_bytes == 384 * v.k + 32 && v.dk_bytes == 768 * v.k + 96 &&
      v.ct_bytes == 32 * (v.du * v.k + v.dv); */
/*@ ghost
  /@ requires params_v: \valid_read(p) && *p == v && kf_mlkem_params_val(v);
     assigns \nothing;
     ensures params_ok: kf_mlkem_params_ok(p); @/
  void kf_mlkem_params_of(const kf_mlkem_params *p, kf_mlkem_params v);
*/

/* The parameter set of KF_MLKEM512/768/1024, NULL for anything else. */
/*@ assigns \nothing;
    ensures \result == \null || kf_mlkem_params_ok(\result);
    ensures \result == \null || !\valid(\result); // a const table, apart from every writable buffer
    ensures param == KF_MLKEM512 ==> \result != \null && \result->k == 2;
    ensures param == KF_MLKEM768 ==> \result != \null && \result->k == 3;
    ensures param == KF_MLKEM1024 ==> \result != \null && \result->k == 4;
    ensures param != KF_MLKEM512 && param != KF_MLKEM768 && param != KF_MLKEM1024 ==> \result == \null; */
const kf_mlkem_params *kf_mlkem_params_get(int param);

#endif
