/*
 * wots.c - WOTS+ one-time signatures (FIPS 205 §5, Algorithms 5-8).
 *
 * The len chains of a WOTS+ key are independent (Algorithm 5 on each), so they advance
 * together, one step at a time: every step is one batched hash call over all chains that
 * still need that step (slh_thash_batch). Key generation does the same for several leaves'
 * keys at once (the chains of WOTS_LEAVES leaves in one batch).
 */
#include "slhdsa_internal.h"

#define WOTS_LEAVES 4 /* leaves per batch in wots_pkgen_leaves (stack: ~9 KB per leaf) */
#define MAX_CHAINS (WOTS_LEAVES * SLH_MAX_LEN)

/* Advance chain i from step start[i] by steps[i] F calls (Algorithm 5), in place on
 * val + i*n. adrs[i] has type WOTS_HASH, key pair and chain address set. */
static void run_chains(const slh_ctx *c, size_t cnt, slh_adrs *adrs, uint8_t *val,
                       const uint32_t *start, const uint32_t *steps)
{
    const size_t n = c->p->n;
    slh_adrs act_adrs[MAX_CHAINS];
    uint8_t *act_val[MAX_CHAINS];
    for (uint32_t t = 0; t < SLH_W - 1; t++) {
        size_t m = 0;
        for (size_t i = 0; i < cnt; i++) {
            if (t >= steps[i]) continue; /* steps come from the public message digest */
            adrs_set_hash(&adrs[i], start[i] + t);
            act_adrs[m] = adrs[i];
            act_val[m] = val + i * n;
            m++;
        }
        if (!m) break;
        slh_thash_batch(c, m, act_adrs, (const uint8_t *const *)act_val, n, act_val);
    }
}

/* The len base-w digits of an n-byte message followed by its checksum (Algorithm 7, 1-8). */
static void wots_digits(const slh_params *p, const uint8_t *msg, uint32_t *d)
{
    const unsigned len1 = 2 * p->n;
    slh_base_2b(msg, SLH_LGW, len1, d);
    uint32_t csum = 0;
    for (unsigned i = 0; i < len1; i++) csum += SLH_W - 1 - d[i];
    csum <<= (8 - ((SLH_LEN2 * SLH_LGW) % 8)) % 8;
    uint8_t cb[2] = {(uint8_t)(csum >> 8), (uint8_t)csum};
    slh_base_2b(cb, SLH_LGW, SLH_LEN2, d + len1);
}

/* The secret chain starts of key pair kp (sk + i*n) and the chains' hash addresses. */
static void wots_secrets(const slh_ctx *c, const slh_adrs *adrs, uint32_t kp, slh_adrs *chain_adrs,
                         uint8_t *sk)
{
    const slh_params *p = c->p;
    slh_adrs prf_adrs[SLH_MAX_LEN];
    uint8_t *out[SLH_MAX_LEN];
    for (unsigned i = 0; i < p->len; i++) {
        prf_adrs[i] = *adrs;
        adrs_set_type(&prf_adrs[i], SLH_WOTS_PRF);
        adrs_set_keypair(&prf_adrs[i], kp);
        adrs_set_chain(&prf_adrs[i], i);
        chain_adrs[i] = *adrs;
        adrs_set_type(&chain_adrs[i], SLH_WOTS_HASH);
        adrs_set_keypair(&chain_adrs[i], kp);
        adrs_set_chain(&chain_adrs[i], i);
        out[i] = sk + (size_t)i * p->n;
    }
    slh_thash_batch(c, p->len, prf_adrs, NULL, 0, out);
}

/* T_len of the chain ends of key pair kp (Algorithm 6, 10-13). */
static void wots_compress(const slh_ctx *c, const slh_adrs *adrs, uint32_t kp, const uint8_t *ends,
                          uint8_t *pk)
{
    slh_adrs pk_adrs = *adrs;
    adrs_set_type(&pk_adrs, SLH_WOTS_PK);
    adrs_set_keypair(&pk_adrs, kp);
    slh_thash(c, &pk_adrs, ends, (size_t)c->p->len * c->p->n, pk);
}

void wots_pkgen_leaves(const slh_ctx *c, const slh_adrs *adrs, uint32_t first, uint32_t cnt, uint8_t *pk)
{
    const slh_params *p = c->p;
    slh_adrs chain_adrs[MAX_CHAINS];
    uint8_t val[MAX_CHAINS * SLH_MAX_N];
    uint32_t start[MAX_CHAINS] = {0}, steps[MAX_CHAINS];
    for (size_t i = 0; i < MAX_CHAINS; i++) steps[i] = SLH_W - 1;
    for (uint32_t g = 0; g < cnt; g += WOTS_LEAVES) {
        uint32_t leaves = cnt - g < WOTS_LEAVES ? cnt - g : WOTS_LEAVES;
        for (uint32_t l = 0; l < leaves; l++)
            wots_secrets(c, adrs, first + g + l, chain_adrs + l * p->len, val + (size_t)l * p->len * p->n);
        run_chains(c, (size_t)leaves * p->len, chain_adrs, val, start, steps);
        for (uint32_t l = 0; l < leaves; l++)
            wots_compress(c, adrs, first + g + l, val + (size_t)l * p->len * p->n, pk + (size_t)(g + l) * p->n);
    }
    kf_memzero(val, sizeof val);
}

void wots_sign(const slh_ctx *c, const uint8_t *msg, const slh_adrs *adrs, uint8_t *sig)
{
    const slh_params *p = c->p;
    slh_adrs chain_adrs[SLH_MAX_LEN];
    uint32_t d[SLH_MAX_LEN], start[SLH_MAX_LEN] = {0};
    wots_digits(p, msg, d);
    wots_secrets(c, adrs, adrs_get_keypair(adrs), chain_adrs, sig);
    run_chains(c, p->len, chain_adrs, sig, start, d);
}

void wots_pk_from_sig(const slh_ctx *c, const uint8_t *sig, const uint8_t *msg, const slh_adrs *adrs,
                      uint8_t *pk)
{
    const slh_params *p = c->p;
    slh_adrs chain_adrs[SLH_MAX_LEN];
    uint8_t val[SLH_MAX_LEN * SLH_MAX_N];
    uint32_t d[SLH_MAX_LEN], steps[SLH_MAX_LEN];
    uint32_t kp = adrs_get_keypair(adrs);
    wots_digits(p, msg, d);
    for (unsigned i = 0; i < p->len; i++) {
        chain_adrs[i] = *adrs;
        adrs_set_type(&chain_adrs[i], SLH_WOTS_HASH);
        adrs_set_keypair(&chain_adrs[i], kp);
        adrs_set_chain(&chain_adrs[i], i);
        steps[i] = SLH_W - 1 - d[i];
    }
    memcpy(val, sig, (size_t)p->len * p->n);
    run_chains(c, p->len, chain_adrs, val, d, steps);
    wots_compress(c, adrs, kp, val, pk);
}
