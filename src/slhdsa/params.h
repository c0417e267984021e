/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * params.h - the six SLH-DSA-SHAKE parameter sets (FIPS 205 §11, Table 2) and the
 * sizes derived from them. Internal to src/slhdsa/.
 */
#ifndef KF_SLHDSA_PARAMS_H
#define KF_SLHDSA_PARAMS_H

#include <stddef.h>
#include <stdint.h>

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

/* The set for a public kf_slhdsa_param value, NULL if unknown. */
const slh_params *kf_slh_params_get(int param);

/* Signature layout: R, then SIG_FORS (k * (1 + a) * n), then SIG_HT (d XMSS signatures). */
static inline size_t slh_fors_sig_bytes(const slh_params *p) { return (size_t)p->k * (1 + p->a) * p->n; }
static inline size_t slh_xmss_sig_bytes(const slh_params *p) { return (size_t)(p->len + p->hp) * p->n; }

#endif
