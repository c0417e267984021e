/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_slhdsa_verify.c - SLH-DSA verification on arbitrary and on tampered input.
 *  mode 0 (tampered): valid signatures made at start-up (SLH-DSA-SHAKE-128f and 128s, pure
 *    and HashSLH-DSA with SHAKE128 pre-hash, deterministic signing from fixed seeds), then
 *    up to four (position, xor) changes to the signature, a changed message, context or
 *    public key, or a truncated/extended length. Unchanged must verify; any change must be
 *    rejected (KF_ERR_BAD_SIGNATURE, or KF_ERR_BAD_LENGTH for a wrong length).
 *  mode 1 (arbitrary): set, pk, context, message and signature bytes from the input (short
 *    signatures zero-padded); the call must return a named error, never KF_OK.
 */
#include "fuzz_util.h"

#define MSG "keccakforge fuzz message"
#define CTX "ctx"

typedef struct valid {
    kf_slhdsa_param set;
    int prehash;
    uint8_t pk[KF_SLHDSA_PK_MAX_BYTES];
    uint8_t *sig;
    size_t siglen;
} valid;

static valid vs[3];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    static const kf_slhdsa_param sets[3] = {KF_SLHDSA_SHAKE_128F, KF_SLHDSA_SHAKE_128S, KF_SLHDSA_SHAKE_128F};
    uint8_t sk[KF_SLHDSA_SK_MAX_BYTES], seed[3][32];
    for (int i = 0; i < 3; i++) memset(seed[i], 0x11 * (i + 1), 32);
    for (int i = 0; i < 3; i++) {
        valid *v = &vs[i];
        v->set = sets[i];
        v->prehash = i == 2;
        v->siglen = kf_slhdsa_sig_bytes(v->set);
        v->sig = malloc(v->siglen);
        if (!v->sig) abort();
        FZ_CHECK(kf_slhdsa_keygen_internal(v->set, v->pk, sk, seed[0], seed[1], seed[2]) == KF_OK, "keygen");
        int rc = v->prehash ? kf_slhdsa_hash_sign(v->set, KF_SLHDSA_PH_SHAKE128, v->sig, v->siglen, MSG, sizeof MSG - 1,
                                                  CTX, 3, NULL, sk, kf_slhdsa_sk_bytes(v->set))
                            : kf_slhdsa_sign(v->set, v->sig, v->siglen, MSG, sizeof MSG - 1, CTX, 3, NULL, sk,
                                             kf_slhdsa_sk_bytes(v->set));
        FZ_CHECK(rc == KF_OK, "sign");
    }
    return 0;
}

static int verify(const valid *v, const void *msg, size_t msglen, const void *ctx, size_t ctxlen,
                  const uint8_t *sig, size_t siglen, const uint8_t *pk)
{
    size_t pkl = kf_slhdsa_pk_bytes(v->set);
    return v->prehash ? kf_slhdsa_hash_verify(v->set, KF_SLHDSA_PH_SHAKE128, msg, msglen, ctx, ctxlen, sig, siglen, pk, pkl)
                      : kf_slhdsa_verify(v->set, msg, msglen, ctx, ctxlen, sig, siglen, pk, pkl);
}

static uint8_t sig[KF_SLHDSA_SIG_MAX_BYTES + 64];

static void tampered(fz *r)
{
    const valid *v = &vs[fz_u8(r) % 3];
    uint8_t what = fz_u8(r), msg[sizeof MSG], ctx[3], pk[KF_SLHDSA_PK_MAX_BYTES];
    memcpy(sig, v->sig, v->siglen);
    memcpy(msg, MSG, sizeof MSG);
    memcpy(ctx, CTX, 3);
    memcpy(pk, v->pk, sizeof pk);
    size_t siglen = v->siglen, msglen = sizeof MSG - 1, ctxlen = 3;
    unsigned nmut = fz_u8(r) % 5;
    for (unsigned i = 0; i < nmut; i++) {
        size_t pos = ((size_t)fz_u16(r) << 8 | fz_u8(r)) % v->siglen;
        sig[pos] ^= fz_u8(r);
    }
    if (what & 1) msg[fz_u8(r) % msglen] ^= fz_u8(r);
    if (what & 2) ctx[fz_u8(r) % 3] ^= fz_u8(r);
    if (what & 4) pk[fz_u8(r) % kf_slhdsa_pk_bytes(v->set)] ^= fz_u8(r);
    if (what & 8) msglen = fz_u8(r) % (sizeof MSG);
    if (what & 16) ctxlen = fz_u8(r) % 4;
    if (what & 32) siglen = v->siglen - 32 + fz_u8(r) % 64;
    /* changed: what is verified differs from what was signed (changes may cancel out) */
    int size_bad = siglen != v->siglen;
    int changed = memcmp(sig, v->sig, v->siglen) != 0 || msglen != sizeof MSG - 1 ||
                  memcmp(msg, MSG, msglen) != 0 || ctxlen != 3 || memcmp(ctx, CTX, 3) != 0 ||
                  memcmp(pk, v->pk, sizeof pk) != 0;
    int rc = verify(v, msg, msglen, ctx, ctxlen, sig, siglen, pk);
    int want = size_bad ? KF_ERR_BAD_LENGTH : changed ? KF_ERR_BAD_SIGNATURE : KF_OK;
    FZ_CHECK(rc == want, "verify of a %s signature returned %s, want %s", changed || size_bad ? "tampered" : "valid",
             kf_strerror(rc), kf_strerror(want));
}

static void arbitrary(fz *r)
{
    kf_slhdsa_param set = (kf_slhdsa_param)(1 + fz_u8(r) % 6);
    int pre = fz_u8(r) % 7; /* 0: pure, else the pre-hash function */
    size_t pkl = kf_slhdsa_pk_bytes(set), sl = kf_slhdsa_sig_bytes(set), got, ctxlen, msglen;
    uint8_t pk[KF_SLHDSA_PK_MAX_BYTES] = {0};
    memcpy(pk, fz_bytes(r, pkl, &got), got);
    const uint8_t *ctx = fz_bytes(r, fz_u8(r) % 8, &ctxlen);
    const uint8_t *msg = fz_bytes(r, fz_u8(r), &msglen);
    memset(sig, 0, sl);
    memcpy(sig, fz_bytes(r, sl, &got), got);
    int rc = pre ? kf_slhdsa_hash_verify(set, (kf_slhdsa_prehash)pre, msg, msglen, ctx, ctxlen, sig, sl, pk, pkl)
                 : kf_slhdsa_verify(set, msg, msglen, ctx, ctxlen, sig, sl, pk, pkl);
    /* KF_OK only for one of the signatures made at start-up, fed back by the input */
    int known = 0;
    for (int i = 0; i < 3; i++)
        known |= vs[i].set == set && memcmp(vs[i].sig, sig, sl) == 0 && memcmp(vs[i].pk, pk, pkl) == 0;
    FZ_CHECK(rc == KF_ERR_BAD_SIGNATURE || (known && rc == KF_OK), "verify of arbitrary bytes returned %s",
             kf_strerror(rc));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz r = {data, size};
    if (fz_u8(&r) & 1) arbitrary(&r);
    else tampered(&r);
    return 0;
}
