/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_slhdsa_batch.c - kf_slhdsa_verify_batch gives, item by item, exactly the verdict of
 * kf_slhdsa_verify, on every batched backend the CPU runs and on x1.
 *
 * Per parameter set a pool of signatures (three key pairs, four messages each, with and
 * without a context) is made once; then batches of 1 .. 17 items drawn from it at random,
 * about a third of them changed in one place: R, a FORS secret value, a FORS authentication
 * value, a WOTS+ signature value, an XMSS authentication node (random layer, tree, chain,
 * byte), the message, the context, the public key (another key pair's, or one bit), or a
 * bad length / NULL / context of 256 bytes. Items of one batch come from different keys and
 * messages, so a lane that took another lane's value (a chain end, a node, PK.seed, an
 * address) or another item's verdict turns a result around: every batch is checked against
 * the single verifications, and the single verdicts against what each change must give.
 * The permutations the batch counts must be those of the single verifications (the floor
 * of kforge bench's verify-batch8 row).
 * Sets: 128f, 192f, 256f, 128s (all six with --slow; 128f alone with --quick).
 * With --quick (the cross builds, under qemu) the single verifications run on the first
 * backend only; the other backends' batch verdicts are checked against what each change must
 * give (expected(), which the first backend's single verdicts were checked against).
 */
#include "keccakforge.h"
#include "slhdsa/slhdsa_internal.h"
#include "test_util.h"
#include "slhdsa_test_sets.h"

#include <stdlib.h>
#include <string.h>

#define KEYS 3
#define PER_KEY 4
#define POOL (KEYS * PER_KEY)
#define MAX_BATCH 17
#define MSG_MAX 40

enum tamper {
    T_NONE, T_R, T_FORS_SK, T_FORS_AUTH, T_WOTS, T_XMSS_AUTH, T_MSG, T_CTX, T_PK_OTHER, T_PK_BIT,
    T_SIGLEN, T_PKLEN, T_CTXLEN, T_SIG_NULL, T_KINDS
};

typedef struct pooled {
    uint8_t msg[MSG_MAX], ctx[8];
    size_t msglen, ctxlen;
    uint8_t *sig;
    unsigned key;
} pooled;

typedef struct item_buf {
    uint8_t msg[MSG_MAX], ctx[300], pk[KF_SLHDSA_PK_MAX_BYTES];
    uint8_t *sig;
    enum tamper kind;
} item_buf;

static uint8_t pks[KEYS][KF_SLHDSA_PK_MAX_BYTES], sks[KEYS][KF_SLHDSA_SK_MAX_BYTES];
static pooled pool[POOL];
static item_buf bufs[MAX_BATCH];
static int singles = 1; /* run kf_slhdsa_verify beside each batch item (see --quick above) */

static int make_pool(kf_slhdsa_param param)
{
    const size_t n = kf_slhdsa_n(param), sl = kf_slhdsa_sig_bytes(param);
    for (unsigned k = 0; k < KEYS; k++) {
        uint8_t seeds[3 * 32];
        rnd_bytes(seeds, sizeof seeds);
        if (kf_slhdsa_keygen_internal(param, pks[k], sks[k], seeds, seeds + n, seeds + 2 * n) != KF_OK) return 0;
    }
    for (unsigned i = 0; i < POOL; i++) {
        pooled *e = &pool[i];
        e->key = i % KEYS;
        e->msglen = 1 + rnd_below(MSG_MAX);
        e->ctxlen = i % 2 ? 1 + rnd_below(sizeof e->ctx) : 0;
        rnd_bytes(e->msg, e->msglen);
        rnd_bytes(e->ctx, e->ctxlen);
        if (kf_slhdsa_sign(param, e->sig, sl, e->msg, e->msglen, e->ctx, e->ctxlen, NULL, sks[e->key], 4 * n) != KF_OK)
            return 0;
    }
    return 1;
}

/* Item j of a batch: pool entry e, changed as `kind` says (a random place of that kind). */
static void make_item(const slh_params *p, unsigned j, const pooled *e, enum tamper kind, kf_slhdsa_verify_item *it)
{
    const size_t n = p->n, sl = p->sig_bytes, per_tree = (size_t)(1 + p->a) * n, xs = slh_xmss_sig_bytes(p);
    const size_t ht = n + slh_fors_sig_bytes(p), layer = rnd_below(p->d), tree = rnd_below(p->k);
    item_buf *b = &bufs[j];
    b->kind = kind;
    memcpy(b->sig, e->sig, sl);
    memcpy(b->msg, e->msg, e->msglen);
    memcpy(b->ctx, e->ctx, e->ctxlen);
    memcpy(b->pk, pks[e->key], p->pk_bytes);
    *it = (kf_slhdsa_verify_item){b->msg, e->msglen, e->ctxlen ? b->ctx : NULL, e->ctxlen, b->sig, sl, b->pk,
                                  p->pk_bytes};
    const uint8_t bit = (uint8_t)(1u << rnd_below(8));
    switch (kind) {
    case T_NONE: break;
    case T_R: b->sig[rnd_below(n)] ^= bit; break;
    case T_FORS_SK: b->sig[n + tree * per_tree + rnd_below(n)] ^= bit; break;
    case T_FORS_AUTH: b->sig[n + tree * per_tree + n + rnd_below(p->a * n)] ^= bit; break;
    case T_WOTS: b->sig[ht + layer * xs + rnd_below(p->len * n)] ^= bit; break;
    case T_XMSS_AUTH: b->sig[ht + layer * xs + p->len * n + rnd_below(p->hp * n)] ^= bit; break;
    case T_MSG: b->msg[rnd_below(e->msglen)] ^= bit; break;
    case T_CTX:
        if (e->ctxlen) b->ctx[rnd_below(e->ctxlen)] ^= bit;
        else it->ctx = "x", it->ctxlen = 1;
        break;
    case T_PK_OTHER: memcpy(b->pk, pks[(e->key + 1) % KEYS], p->pk_bytes); break;
    case T_PK_BIT: b->pk[rnd_below(p->pk_bytes)] ^= bit; break;
    case T_SIGLEN: it->siglen = sl - 1 - rnd_below(2); break;
    case T_PKLEN: it->pklen = p->pk_bytes + 1; break;
    case T_CTXLEN: memset(b->ctx, 7, 256); it->ctx = b->ctx; it->ctxlen = 256; break;
    case T_SIG_NULL: it->sig = NULL; break;
    case T_KINDS: break;
    }
}

/* What kf_slhdsa_verify must say for a change of this kind. */
static int expected(enum tamper kind)
{
    switch (kind) {
    case T_NONE: return KF_OK;
    case T_SIGLEN: case T_PKLEN: return KF_ERR_BAD_LENGTH;
    case T_CTXLEN: return KF_ERR_BAD_CONTEXT;
    case T_SIG_NULL: return KF_ERR_NULL_POINTER;
    default: return KF_ERR_BAD_SIGNATURE;
    }
}

static int single(kf_slhdsa_param param, const kf_slhdsa_verify_item *it)
{
    return kf_slhdsa_verify(param, it->msg, it->msglen, it->ctx, it->ctxlen, it->sig, it->siglen, it->pk, it->pklen);
}

/* Batches of 1 .. MAX_BATCH on the backend selected now. */
static void run_batches(kf_slhdsa_param param, const char *backend)
{
    const slh_params *p = kf_slh_params_get(param);
    kf_slhdsa_verify_item items[MAX_BATCH];
    int results[MAX_BATCH], want[MAX_BATCH];
    unsigned bad = 0, total = 0;
    for (unsigned size = 1; size <= MAX_BATCH; size++) {
        int first = KF_OK;
        for (unsigned j = 0; j < size; j++) {
            enum tamper kind = rnd_below(3) == 0 ? (enum tamper)(1 + rnd_below(T_KINDS - 1)) : T_NONE;
            make_item(p, j, &pool[rnd_below(POOL)], kind, &items[j]);
            want[j] = singles ? single(param, &items[j]) : expected(kind);
            CHECK(want[j] == expected(kind), "%s %s: single verify of change %d gave %d", p->name, backend, kind, want[j]);
            results[j] = 12345;
            if (first == KF_OK) first = want[j];
        }
        int rc = kf_slhdsa_verify_batch(param, size, items, results);
        CHECK(rc == first, "%s %s size %u: returned %d, first failure %d", p->name, backend, size, rc, first);
        for (unsigned j = 0; j < size; j++) {
            CHECK(results[j] == want[j], "%s %s size %u item %u (change %d): batch %d, single %d", p->name, backend,
                  size, j, bufs[j].kind, results[j], want[j]);
            bad += want[j] != KF_OK;
        }
        total += size;
    }
    printf("%-20s %-14s %u items in batches of 1..%d, %u rejected%s\n", p->name, backend, total, MAX_BATCH, bad,
           singles ? "" : " (checked against the expected verdicts)");
}

/* A full group where one item is changed at each position in turn (the others valid), and
 * the counted permutations against the single verifications'. */
static void one_bad_each_place(kf_slhdsa_param param, const char *backend)
{
    const slh_params *p = kf_slh_params_get(param);
    enum { G = 8 };
    kf_slhdsa_verify_item items[G];
    int results[G];
    for (unsigned bad = 0; bad < G; bad++) {
        for (unsigned j = 0; j < G; j++)
            make_item(p, j, &pool[(bad + j) % POOL], j == bad ? (enum tamper)(T_R + bad % (T_PK_BIT - T_R + 1)) : T_NONE,
                      &items[j]);
        int rc = kf_slhdsa_verify_batch(param, G, items, results);
        CHECK(rc == KF_ERR_BAD_SIGNATURE, "%s %s: one bad of %d: returned %d", p->name, backend, G, rc);
        for (unsigned j = 0; j < G; j++)
            CHECK(results[j] == (j == bad ? KF_ERR_BAD_SIGNATURE : KF_OK), "%s %s: bad item %u, item %u gave %d",
                  p->name, backend, bad, j, results[j]);
    }
    /* counted permutations: the batch's are the sum of the single ones */
    const slh_msg *mp[G];
    slh_msg m[G];
    uint8_t hdr[G][2];
    const uint8_t *sig[G], *pk[G];
    int ok[G];
    uint64_t batch = 0, sum = 0;
    for (unsigned j = 0; j < G; j++) {
        const pooled *e = &pool[j % POOL];
        hdr[j][0] = 0;
        hdr[j][1] = (uint8_t)e->ctxlen;
        m[j] = (slh_msg){{hdr[j], e->ctx, e->msg}, {2, e->ctxlen, e->msglen}, 3};
        mp[j] = &m[j];
        sig[j] = e->sig;
        pk[j] = pks[e->key];
        uint64_t one = 0;
        CHECK(kf_slh_verify_one(p, &m[j], sig[j], pk[j], &one, NULL) == 1, "%s %s: pool entry %u rejected", p->name,
              backend, j);
        sum += one;
    }
    kf_slh_verify_many(p, G, mp, sig, pk, ok, &batch);
    for (unsigned j = 0; j < G; j++) CHECK(ok[j] == 1, "%s %s: kf_slh_verify_many rejected %u", p->name, backend, j);
    CHECK(batch == sum, "%s %s: batch counted %llu permutations, single verifications %llu", p->name, backend,
          (unsigned long long)batch, (unsigned long long)sum);
}

static void api_errors(void)
{
    kf_slhdsa_verify_item it;
    int r = 99;
    memset(&it, 0, sizeof it);
    CHECK(kf_slhdsa_verify_batch(KF_SLHDSA_SHAKE_128F, 0, NULL, NULL) == KF_OK, "count 0");
    CHECK(kf_slhdsa_verify_batch(KF_SLHDSA_SHAKE_128F, 1, NULL, &r) == KF_ERR_NULL_POINTER && r == 99, "items NULL");
    CHECK(kf_slhdsa_verify_batch(KF_SLHDSA_SHAKE_128F, 1, &it, NULL) == KF_ERR_NULL_POINTER, "results NULL");
    CHECK(kf_slhdsa_verify_batch((kf_slhdsa_param)0, 1, &it, &r) == KF_ERR_BAD_ALGORITHM && r == KF_ERR_BAD_ALGORITHM,
          "unknown set: %d", r);
    CHECK(kf_slhdsa_verify_batch(KF_SLHDSA_SHAKE_128F, 1, &it, &r) == KF_ERR_NULL_POINTER && r == KF_ERR_NULL_POINTER,
          "NULL pk: %d", r);
}

int main(int argc, char **argv)
{
    const kf_slhdsa_param *const sets = slh_test_sets;
    const size_t nsets = slh_test_nsets(argc, argv);
    const int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    const char *names[32];
    size_t nb = kf_backend_batch_list(names, 31);
    if (nb > 31) nb = 31;
    names[nb++] = "x1"; /* no batched backend: one by one */
    for (unsigned i = 0; i < POOL; i++) pool[i].sig = malloc(KF_SLHDSA_SIG_MAX_BYTES);
    for (unsigned j = 0; j < MAX_BATCH; j++) bufs[j].sig = malloc(KF_SLHDSA_SIG_MAX_BYTES);
    for (unsigned i = 0; i < POOL; i++) CHECK(pool[i].sig != NULL, "out of memory");
    for (unsigned j = 0; j < MAX_BATCH; j++) CHECK(bufs[j].sig != NULL, "out of memory");
    if (failures) return 1;
    api_errors();
    for (size_t s = 0; s < nsets; s++) {
        CHECK(kf_backend_select(names[0]) == KF_OK, "select %s", names[0]);
        CHECK(make_pool(sets[s]), "%s: key generation or signing failed", kf_slh_params_get(sets[s])->name);
        for (size_t b = 0; b < nb; b++) {
            CHECK(kf_backend_select(names[b]) == KF_OK, "select %s", names[b]);
            singles = !quick || b == 0;
            run_batches(sets[s], names[b]);
            one_bad_each_place(sets[s], names[b]);
        }
    }
    for (unsigned i = 0; i < POOL; i++) free(pool[i].sig);
    for (unsigned j = 0; j < MAX_BATCH; j++) free(bufs[j].sig);
    printf("%s\n", failures ? "FAILED" : "all passed");
    return failures ? 1 : 0;
}
