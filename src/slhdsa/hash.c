/*
 * hash.c - the SLH-DSA hash functions for the SHAKE parameter sets (FIPS 205 §11.1), all
 * SHAKE256: F, H, T_l, PRF, PRF_msg, H_msg, and the batched form of F / H / PRF that the
 * tree code uses for independent calls. Also base_2b (Algorithm 4).
 */
#include "slhdsa_internal.h"
#include "keccakforge.h"
#include "sponge/sponge.h"

#define SHAKE256_RATE 136
#define SHAKE_SUFFIX 0x1F

static void shake256_begin(kf_sponge *s)
{
    kf_sponge_init(s, kf_backend_current(), SHAKE256_RATE, 24, SHAKE_SUFFIX);
}

void slh_thash(const slh_ctx *c, const slh_adrs *adrs, const uint8_t *in, size_t inlen, uint8_t *out)
{
    kf_sponge s;
    shake256_begin(&s);
    kf_sponge_absorb(&s, c->pk_seed, c->p->n);
    kf_sponge_absorb(&s, adrs->b, sizeof adrs->b);
    kf_sponge_absorb(&s, in, inlen);
    kf_sponge_squeeze(&s, out, c->p->n);
    kf_memzero(&s, sizeof s);
}

void slh_prf(const slh_ctx *c, const slh_adrs *adrs, uint8_t *out)
{
    slh_thash(c, adrs, c->sk_seed, c->p->n, out);
}

/* Instances per kf_batch_hash_equal call: bounds the stack (64 * 128 bytes of input). */
#define BATCH_CHUNK 64
#define THASH_MAX_IN (SLH_MAX_N + 32 + 2 * SLH_MAX_N)

void slh_thash_batch(const slh_ctx *c, size_t cnt, const slh_adrs *adrs, const uint8_t *const *in,
                     size_t inlen, uint8_t *const *out)
{
    const size_t n = c->p->n;
    if (!in) inlen = n;
    const size_t total = n + 32 + inlen; /* inlen <= 2n on every caller */
    uint8_t buf[BATCH_CHUNK][THASH_MAX_IN];
    const uint8_t *bin[BATCH_CHUNK];
    for (size_t done = 0; done < cnt; done += BATCH_CHUNK) {
        size_t m = cnt - done < BATCH_CHUNK ? cnt - done : BATCH_CHUNK;
        for (size_t i = 0; i < m; i++) {
            uint8_t *b = buf[i];
            memcpy(b, c->pk_seed, n);
            memcpy(b + n, adrs[done + i].b, 32);
            memcpy(b + n + 32, in ? in[done + i] : c->sk_seed, inlen);
            bin[i] = b;
        }
        /* The inputs were copied, so out[i] may alias in[i]. Cannot fail: the arguments are
         * well-formed by construction. */
        (void)kf_batch_hash_equal(KF_BATCH_SHAKE256, out + done, n, bin, total, m);
    }
    kf_memzero(buf, sizeof buf);
}

static void absorb_msg(kf_sponge *s, const slh_msg *m)
{
    for (unsigned i = 0; i < m->count; i++)
        if (m->len[i]) kf_sponge_absorb(s, m->part[i], m->len[i]);
}

void slh_prf_msg(const slh_params *p, const uint8_t *sk_prf, const uint8_t *opt_rand,
                 const slh_msg *m, uint8_t *out)
{
    kf_sponge s;
    shake256_begin(&s);
    kf_sponge_absorb(&s, sk_prf, p->n);
    kf_sponge_absorb(&s, opt_rand, p->n);
    absorb_msg(&s, m);
    kf_sponge_squeeze(&s, out, p->n);
    kf_memzero(&s, sizeof s);
}

void slh_h_msg(const slh_params *p, const uint8_t *r, const uint8_t *pk_seed, const uint8_t *pk_root,
               const slh_msg *m, uint8_t *out)
{
    kf_sponge s;
    shake256_begin(&s);
    kf_sponge_absorb(&s, r, p->n);
    kf_sponge_absorb(&s, pk_seed, p->n);
    kf_sponge_absorb(&s, pk_root, p->n);
    absorb_msg(&s, m);
    kf_sponge_squeeze(&s, out, p->m);
    kf_memzero(&s, sizeof s);
}

void slh_base_2b(const uint8_t *x, unsigned b, unsigned out_len, uint32_t *out)
{
    uint32_t total = 0;
    unsigned bits = 0;
    size_t in = 0;
    for (unsigned i = 0; i < out_len; i++) {
        while (bits < b) {
            total = (total << 8) | x[in++];
            bits += 8;
        }
        bits -= b;
        out[i] = (total >> bits) & ((1u << b) - 1);
        total &= (1u << bits) - 1; /* keep only the unused bits: no overflow for b <= 16 */
    }
}
