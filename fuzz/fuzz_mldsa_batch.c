/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_mldsa_batch.c - kf_mldsa_verify_batch against kf_mldsa_verify item by item (issue 52,
 * "What to build" 2): results[i] must be exactly the single call's status for items[i], and
 * the return value KF_OK or the first item's status that is not KF_OK.
 *
 * At start-up each set gets three keys and three deterministic signatures under each (pure,
 * messages and contexts of different lengths, one context empty), plus two public keys that
 * are not the signer's: the same rho with one t1 byte changed (ExpandA may be shared, the
 * verdict may not) and another key's. An input names the set (or, rarely, an unknown one),
 * the batched Keccak backend the lanes run on (each one the CPU runs, or "x1"), the number of
 * items (0 to 40) and for each a signature of the pool and one change: none, a signature
 * bit, another message, a context byte or a 256-byte context, another key, the t1-changed
 * key, wrong pk or signature lengths, NULL pointers with and without lengths. Items under
 * one key are often consecutive (one ExpandA for the run), and keys repeat after others.
 */
#include "fuzz_util.h"

#define KEYS 3
#define PER_KEY 3
#define POOL (KEYS * PER_KEY)
#define MAX_ITEMS 40

typedef struct entry {
    uint8_t msg[80], ctx[256];
    size_t msglen, ctxlen;
    uint8_t sig[KF_MLDSA_SIG_MAX_BYTES];
} entry;

static const kf_mldsa_param sets[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
static uint8_t pks[3][KEYS + 1][KF_MLDSA_PK_MAX_BYTES + 1]; /* [KEYS]: key 0's rho, a t1 byte changed */
static entry pool[3][POOL];
static const char *xn_names[16];
static size_t n_xn;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    static uint8_t sk[KF_MLDSA_SK_MAX_BYTES];
    n_xn = kf_backend_batch_list(xn_names, 15);
    if (n_xn > 15) n_xn = 15;
    xn_names[n_xn++] = "x1";
    for (int s = 0; s < 3; s++) {
        kf_mldsa_param p = sets[s];
        for (int k = 0; k < KEYS; k++) {
            uint8_t xi[32];
            memset(xi, 0x40 + 16 * s + k, sizeof xi);
            FZ_CHECK(kf_mldsa_keygen_internal(p, pks[s][k], sk, xi) == KF_OK, "keygen");
            for (int j = 0; j < PER_KEY; j++) {
                entry *e = &pool[s][k * PER_KEY + j];
                e->msglen = (size_t)(j * 37 + k);
                e->ctxlen = (size_t)(j == 0 ? 0 : j * 5 + k);
                for (size_t i = 0; i < e->msglen; i++) e->msg[i] = (uint8_t)(i * 7 + j + 11 * k);
                for (size_t i = 0; i < e->ctxlen; i++) e->ctx[i] = (uint8_t)(0xC0 ^ i ^ j);
                FZ_CHECK(kf_mldsa_sign(p, e->sig, kf_mldsa_sig_bytes(p), e->msg, e->msglen, e->ctx, e->ctxlen, NULL,
                                       sk, kf_mldsa_sk_bytes(p)) == KF_OK,
                         "sign");
            }
        }
        memcpy(pks[s][KEYS], pks[s][0], kf_mldsa_pk_bytes(p));
        pks[s][KEYS][40] ^= 0x01; /* in t1: rho (bytes 0-31) kept */
    }
    kf_wipe(sk, sizeof sk);
    return 0;
}

/* per item: the bytes it points at when the change needs its own copy */
static uint8_t sigs[MAX_ITEMS][KF_MLDSA_SIG_MAX_BYTES + 1], ctxs[MAX_ITEMS][257];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz r = {data, size};
    uint8_t sb = fz_u8(&r);
    int s = sb % 3;
    kf_mldsa_param p = sb == 255 ? (kf_mldsa_param)0x7f : sets[s]; /* rarely: an unknown set */
    const char *xn = xn_names[fz_u8(&r) % n_xn];
    FZ_CHECK(kf_backend_select(xn) == KF_OK, "select %s", xn);
    size_t count = fz_u8(&r) % (MAX_ITEMS + 1);
    const size_t pkb = kf_mldsa_pk_bytes(sets[s]), sigb = kf_mldsa_sig_bytes(sets[s]);
    kf_mldsa_verify_item items[MAX_ITEMS + 1];
    int results[MAX_ITEMS + 1];
    for (size_t i = 0; i < count; i++) {
        const entry *e = &pool[s][fz_u8(&r) % POOL];
        int key = (int)(e - pool[s]) / PER_KEY;
        uint8_t change = fz_u8(&r), pos = fz_u8(&r), val = fz_u8(&r);
        kf_mldsa_verify_item it = {e->msg, e->msglen, e->ctx, e->ctxlen, e->sig, sigb, pks[s][key], pkb};
        switch (change % 16) {
        case 1: /* a signature bit */
            memcpy(sigs[i], e->sig, sigb);
            sigs[i][((size_t)pos << 8 | val) % sigb] ^= (uint8_t)(1u << (val % 8));
            it.sig = sigs[i];
            break;
        case 2: it.msg = pool[s][pos % POOL].msg, it.msglen = pool[s][pos % POOL].msglen; break;
        case 3: /* a context byte, or one byte more than allowed */
            memcpy(ctxs[i], e->ctx, e->ctxlen);
            if (val & 1 || !e->ctxlen) {
                memset(ctxs[i] + e->ctxlen, pos, 256 - e->ctxlen);
                it.ctxlen = 255 + (val >> 7); /* 255 (a wrong context) or 256 (too long) */
            } else {
                ctxs[i][pos % e->ctxlen] ^= (uint8_t)(val | 1);
            }
            it.ctx = ctxs[i];
            break;
        case 4: it.pk = pks[s][(key + 1 + pos % (KEYS - 1)) % KEYS]; break;
        case 5: it.pk = pks[s][KEYS]; break;
        case 6: it.pklen = val & 1 ? pkb + 1 : pkb - 1; break; /* never read: refused by length */
        case 7: it.siglen = sigb - 1 + (size_t)(val & 1) * 2; break;                   /* sigb - 1 or + 1 */
        case 8: it.msg = NULL, it.msglen = 0; break;
        case 9: it.ctx = NULL, it.ctxlen = 0; break;
        case 10: it.sig = NULL, it.siglen = val & 1 ? sigb : 0; break;
        case 11: it.msg = NULL, it.msglen = 1 + val % 8; break;
        case 12: it.pk = NULL; break;
        case 13: it.ctx = NULL, it.ctxlen = 1 + val % 8; break;
        default: break; /* unchanged: an item that verifies (if its key is the signer's) */
        }
        if (it.sig && it.siglen > sigb) { /* a signature one byte long: its own copy */
            memcpy(sigs[i], it.sig, sigb);
            sigs[i][sigb] = val;
            it.sig = sigs[i];
        }
        items[i] = it;
        results[i] = 0x5a5a;
    }
    int brc = kf_mldsa_verify_batch(p, count, items, results);
    int first = KF_OK;
    for (size_t i = 0; i < count; i++) {
        const kf_mldsa_verify_item *it = &items[i];
        int one = kf_mldsa_verify(p, it->msg, it->msglen, it->ctx, it->ctxlen, it->sig, it->siglen, it->pk, it->pklen);
        FZ_CHECK(results[i] == one, "item %zu of %zu: batch %s, single %s (backend %s)", i, count,
                 kf_strerror(results[i]), kf_strerror(one), xn);
        if (first == KF_OK) first = one;
    }
    FZ_CHECK(brc == first, "batch returned %s, want the first failure %s", kf_strerror(brc), kf_strerror(first));
    return 0;
}
