/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_slhdsa_backends.c - SLH-DSA on every batched backend the CPU runs gives the bytes of
 * the x1 path, and its hashes make the number of permutations FIPS 205 counts.
 *
 * The SLH-DSA code drives the batched backends three ways (src/slhdsa): rows of interleaved
 * states (x4, x8, with or without permute_from), padded byte blocks (the hybrids, x1), and
 * mixes of them for the last groups. The Python suites run the automatic choice and x1;
 * this test selects each batched backend in turn (kf_backend_select) and compares key pair,
 * a deterministic and a randomized signature and verification (of the signature, and of it
 * with one bit flipped, at a WOTS+ chain value so that chains of other lengths run) with
 * what the x1 path gives. On every backend it also checks kf_slh_count_perms against FIPS
 * 205's count of the calls (sizes from the parameter set): the floor kforge bench prints
 * must count what the algorithm needs, however it is batched.
 * Sets: the three 'f' sets and 128s (the other 's' sets with the argument --slow; 128f only
 * with --quick, as a cross build under emulation runs it).
 */
#include "keccakforge.h"
#include "slhdsa/slhdsa_internal.h"
#include "test_util.h"
#include "slhdsa_test_sets.h"

#include <stdlib.h>
#include <string.h>

#define MSG_BYTES 33

typedef struct result {
    uint8_t pk[KF_SLHDSA_PK_MAX_BYTES], sk[KF_SLHDSA_SK_MAX_BYTES];
    uint8_t *sig_det, *sig_rnd;
    int verify_ok, verify_bad, verify_rnd;
    int verify_tampered[3]; /* a FORS auth value, a FORS secret value, an XMSS auth node changed */
    uint64_t perms[3];
} result;

/* SHAKE256 blocks of an input of len bytes (with its padding). */
static uint64_t blocks(uint64_t len) { return len / SLH_BLOCK + 1; }

/* FIPS 205's permutations of one XMSS tree (key generation's Algorithm 18, a layer of
 * Algorithm 12): per leaf len PRF, len * (w - 1) F and T_len; the nodes above. */
static uint64_t tree_perms(const slh_params *p)
{
    uint64_t leaves = (uint64_t)1 << p->hp;
    uint64_t leaf = p->len + (uint64_t)p->len * (SLH_W - 1) + blocks(p->n + 32 + (uint64_t)p->len * p->n);
    return leaves * leaf + leaves - 1;
}

/* The counts of keygen and of a signature of an msglen-byte message with an empty context
 * (M' = 2 + msglen bytes). Verification depends on the digits; it is checked against
 * the same count on x1 instead. */
static void fips205_counts(const slh_params *p, size_t msglen, uint64_t *keygen, uint64_t *sign)
{
    const uint64_t mp = 2 + msglen, fors_leaves = (uint64_t)1 << p->a;
    uint64_t fors = p->k + p->k * (2 * fors_leaves + fors_leaves - 1) + blocks(p->n + 32 + (uint64_t)p->k * p->n);
    *keygen = tree_perms(p);
    *sign = blocks(2 * p->n + mp) + blocks(3 * p->n + mp) + fors + p->d * tree_perms(p);
}

/* Verification of sig (of msg, context "ctx") with one bit changed in three places each
 * verification path hashes differently: a FORS authentication value of the last tree (the
 * stream of FORS climbs), the first tree's revealed secret value (the leaves), and the
 * top authentication node of the first XMSS layer (the one-state climb). Each must be
 * rejected; res gets the three return values. sig is left as it was. */
static void tampered_verify(kf_slhdsa_param param, uint8_t *sig, const uint8_t *pk, const uint8_t *msg, int res[3])
{
    const slh_params *p = kf_slh_params_get(param);
    const size_t n = p->n, sl = p->sig_bytes, per_tree = (size_t)(1 + p->a) * n;
    const size_t at[3] = {
        n + (p->k - 1) * per_tree + n + (p->a - 1) * n + 3, /* R, trees before, secret value, auth */
        n + 1,
        n + slh_fors_sig_bytes(p) + slh_xmss_sig_bytes(p) - n + 2,
    };
    for (int i = 0; i < 3; i++) {
        sig[at[i]] ^= 0x01;
        res[i] = kf_slhdsa_verify(param, msg, MSG_BYTES, "ctx", 3, sig, sl, pk, 2 * n);
        sig[at[i]] ^= 0x01;
    }
}

static int tampered_rejected(const int res[3])
{
    return res[0] == KF_ERR_BAD_SIGNATURE && res[1] == KF_ERR_BAD_SIGNATURE && res[2] == KF_ERR_BAD_SIGNATURE;
}

static int run_set(kf_slhdsa_param param, result *r)
{
    const size_t n = kf_slhdsa_n(param), sl = kf_slhdsa_sig_bytes(param);
    uint8_t seeds[3 * 32], msg[MSG_BYTES], addrnd[32];
    for (size_t i = 0; i < sizeof seeds; i++) seeds[i] = (uint8_t)(31 * i + param);
    for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(7 * i + 1);
    for (size_t i = 0; i < sizeof addrnd; i++) addrnd[i] = (uint8_t)(5 * i + 3);
    if (kf_slhdsa_keygen_internal(param, r->pk, r->sk, seeds, seeds + n, seeds + 2 * n) != KF_OK) return 0;
    if (kf_slhdsa_sign(param, r->sig_det, sl, msg, sizeof msg, "ctx", 3, NULL, r->sk, 4 * n) != KF_OK) return 0;
    if (kf_slhdsa_sign(param, r->sig_rnd, sl, msg, sizeof msg, NULL, 0, addrnd, r->sk, 4 * n) != KF_OK) return 0;
    r->verify_ok = kf_slhdsa_verify(param, msg, sizeof msg, "ctx", 3, r->sig_det, sl, r->pk, 2 * n);
    r->verify_rnd = kf_slhdsa_verify(param, msg, sizeof msg, NULL, 0, r->sig_rnd, sl, r->pk, 2 * n);
    /* a bit of the last layer's first WOTS+ chain value */
    const size_t at = sl - slh_xmss_sig_bytes(kf_slh_params_get(param));
    r->sig_det[at] ^= 0x10;
    r->verify_bad = kf_slhdsa_verify(param, msg, sizeof msg, "ctx", 3, r->sig_det, sl, r->pk, 2 * n);
    r->sig_det[at] ^= 0x10;
    tampered_verify(param, r->sig_det, r->pk, msg, r->verify_tampered);
    /* the counts, on the API's own code path: keygen, a deterministic signature of msg
     * with an empty context, its verification */
    uint8_t pk[KF_SLHDSA_PK_MAX_BYTES], sk[KF_SLHDSA_SK_MAX_BYTES];
    uint8_t *sig = malloc(KF_SLHDSA_SIG_MAX_BYTES);
    if (!sig) return 0;
    int ok = kf_slh_count_perms(param, SLH_OP_KEYGEN, seeds, msg, sizeof msg, pk, sk, sig, &r->perms[0]) == KF_OK &&
             kf_slh_count_perms(param, SLH_OP_SIGN, seeds, msg, sizeof msg, pk, sk, sig, &r->perms[1]) == KF_OK &&
             kf_slh_count_perms(param, SLH_OP_VERIFY, seeds, msg, sizeof msg, pk, sk, sig, &r->perms[2]) == KF_OK;
    free(sig);
    return ok;
}

static int result_alloc(result *r)
{
    r->sig_det = malloc(KF_SLHDSA_SIG_MAX_BYTES);
    r->sig_rnd = malloc(KF_SLHDSA_SIG_MAX_BYTES);
    return r->sig_det && r->sig_rnd;
}

int main(int argc, char **argv)
{
    const kf_slhdsa_param *const sets = slh_test_sets;
    const size_t nsets = slh_test_nsets(argc, argv);
    const char *names[32];
    size_t nb = kf_backend_batch_list(names, 32);
    if (nb > 32) nb = 32;
    result want, got;
    if (!result_alloc(&want) || !result_alloc(&got)) {
        puts("out of memory");
        return 1;
    }
    for (size_t s = 0; s < nsets; s++) {
        const kf_slhdsa_param param = sets[s];
        const slh_params *p = kf_slh_params_get(param);
        const size_t sl = kf_slhdsa_sig_bytes(param), n = kf_slhdsa_n(param);
        uint64_t keygen, sign;
        fips205_counts(p, MSG_BYTES, &keygen, &sign);
        CHECK(kf_backend_select("x1") == KF_OK, "select x1");
        CHECK(run_set(param, &want), "%s x1: an operation failed", p->name);
        CHECK(want.verify_ok == KF_OK && want.verify_rnd == KF_OK, "%s x1: a valid signature rejected", p->name);
        CHECK(want.verify_bad == KF_ERR_BAD_SIGNATURE && tampered_rejected(want.verify_tampered),
              "%s x1: a changed signature accepted", p->name);
        CHECK(want.perms[0] == keygen && want.perms[1] == sign, "%s x1: counted %llu / %llu permutations, FIPS 205 %llu / %llu",
              p->name, (unsigned long long)want.perms[0], (unsigned long long)want.perms[1],
              (unsigned long long)keygen, (unsigned long long)sign);
        for (size_t b = 0; b < nb; b++) {
            int before = failures;
            CHECK(kf_backend_select(names[b]) == KF_OK, "select %s", names[b]);
            CHECK(run_set(param, &got), "%s %s: an operation failed", p->name, names[b]);
            CHECK(memcmp(got.pk, want.pk, 2 * n) == 0 && memcmp(got.sk, want.sk, 4 * n) == 0, "%s %s: key pair differs",
                  p->name, names[b]);
            CHECK(memcmp(got.sig_det, want.sig_det, sl) == 0, "%s %s: deterministic signature differs", p->name, names[b]);
            CHECK(memcmp(got.sig_rnd, want.sig_rnd, sl) == 0, "%s %s: randomized signature differs", p->name, names[b]);
            CHECK(got.verify_ok == KF_OK && got.verify_rnd == KF_OK && got.verify_bad == KF_ERR_BAD_SIGNATURE &&
                      tampered_rejected(got.verify_tampered),
                  "%s %s: verify %d %d %d, tampered %d %d %d", p->name, names[b], got.verify_ok, got.verify_rnd,
                  got.verify_bad, got.verify_tampered[0], got.verify_tampered[1], got.verify_tampered[2]);
            CHECK(memcmp(got.perms, want.perms, sizeof want.perms) == 0, "%s %s: counted %llu / %llu / %llu permutations, x1 %llu / %llu / %llu",
                  p->name, names[b], (unsigned long long)got.perms[0], (unsigned long long)got.perms[1],
                  (unsigned long long)got.perms[2], (unsigned long long)want.perms[0],
                  (unsigned long long)want.perms[1], (unsigned long long)want.perms[2]);
            printf("%-4s %-20s %-12s keygen %llu, sign %llu, verify %llu permutations\n", failures == before ? "ok" : "FAIL",
                   p->name, names[b], (unsigned long long)got.perms[0], (unsigned long long)got.perms[1],
                   (unsigned long long)got.perms[2]);
        }
        /* verification on every x1 backend alone (the XMSS climb runs on the x1 backend's
         * oneblock where it has one): the valid signature passes, the changed ones fail */
        const char *x1names[16];
        size_t nx = kf_backend_list(x1names, 16);
        if (nx > 16) nx = 16;
        CHECK(kf_backend_select("x1") == KF_OK, "select x1");
        for (size_t b = 0; b < nx; b++) {
            const uint8_t msg_ctx[3] = {'c', 't', 'x'};
            uint8_t msg[MSG_BYTES];
            int res[3];
            for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(7 * i + 1);
            CHECK(kf_backend_select(x1names[b]) == KF_OK, "select %s", x1names[b]);
            int ok = kf_slhdsa_verify(param, msg, sizeof msg, msg_ctx, 3, want.sig_det, sl, want.pk, 2 * n);
            tampered_verify(param, want.sig_det, want.pk, msg, res);
            CHECK(ok == KF_OK && tampered_rejected(res), "%s x1 backend %s: verify %d, tampered %d %d %d", p->name,
                  x1names[b], ok, res[0], res[1], res[2]);
        }
        if (nx) CHECK(kf_backend_select(x1names[0]) == KF_OK, "select %s", x1names[0]);
    }
    free(want.sig_det);
    free(want.sig_rnd);
    free(got.sig_det);
    free(got.sig_rnd);
    printf("%s\n", failures ? "FAILED" : "all passed");
    return failures ? 1 : 0;
}
