/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_mldsa_backends.c - ML-DSA byte for byte the same on every arithmetic and every Keccak
 * backend this CPU runs (issue 52, "What to build" 2).
 *
 * Each input names a parameter set, a one-state (x1) Keccak backend and a batched one (or
 * "x1": none) among those kf_backend_list / kf_backend_batch_list give, the seed xi, rnd (or
 * deterministic signing), a context and a message. The reference is the portable C arithmetic
 * on the "ref" permutation with no batched backend; then each arithmetic the CPU has (the
 * portable C, the AVX2 code, the AVX2 code with the AVX-512 NTT: mldsa/arith.h's test hooks)
 * runs on the chosen Keccak pair. Every run must give the same pk and sk (KeyGen_internal),
 * the same signature (pure, or HashML-DSA with SHAKE128 when the input says so), KF_OK from
 * verify, KF_ERR_BAD_SIGNATURE from verify of that signature with one bit changed (the bit
 * from the input), and from kf_mldsa_pk_from_sk the same pk.
 * Input: set, x1 index, batched index, flags (bit 0: hedged, bit 1: pre-hash, bits 2-7 with
 * the next byte: the bit to flip), xi (32), rnd (32), context length, context, message.
 */
#include "fuzz_util.h"
#include "mldsa/arith.h"

static const char *x1_names[16], *xn_names[16];
static size_t n_x1, n_xn;
static int n_arith; /* 1: portable only; 2: and AVX2; 3: and the AVX-512 NTT */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    n_x1 = kf_backend_list(x1_names, 16);
    if (n_x1 > 16) n_x1 = 16;
    n_xn = kf_backend_batch_list(xn_names, 15);
    if (n_xn > 15) n_xn = 15;
    xn_names[n_xn++] = "x1";
    n_arith = 1 + (kf_mldsa_arith_select(1) != 0);
    if (n_arith == 2 && kf_mldsa_arith_select_avx512(1)) n_arith = 3;
    kf_mldsa_arith_select_avx512(0);
    fprintf(stderr, "fuzz_mldsa_backends: %zu x1 and %zu batched Keccak backends (x1 included), %d arithmetic%s\n",
            n_x1, n_xn, n_arith, n_arith == 1 ? "" : "s");
    return 0;
}

static void use_arith(int a)
{
    kf_mldsa_arith_select(a >= 1);
    kf_mldsa_arith_select_avx512(a == 2);
}

typedef struct run {
    uint8_t pk[KF_MLDSA_PK_MAX_BYTES], sk[KF_MLDSA_SK_MAX_BYTES], sig[KF_MLDSA_SIG_MAX_BYTES];
    uint8_t pk2[KF_MLDSA_PK_MAX_BYTES];
    int verify_rc, tampered_rc, pk_rc;
} run;

static run runs[2];

static void one(run *o, kf_mldsa_param p, const uint8_t *xi, const uint8_t *rnd, int ph, const uint8_t *ctx,
                size_t ctxlen, const uint8_t *msg, size_t msglen, size_t flip)
{
    const size_t pkb = kf_mldsa_pk_bytes(p), skb = kf_mldsa_sk_bytes(p), sigb = kf_mldsa_sig_bytes(p);
    FZ_CHECK(kf_mldsa_keygen_internal(p, o->pk, o->sk, xi) == KF_OK, "keygen");
    int rc = ph ? kf_mldsa_hash_sign(p, KF_MLDSA_PH_SHAKE128, o->sig, sigb, msg, msglen, ctx, ctxlen, rnd, o->sk, skb)
                : kf_mldsa_sign(p, o->sig, sigb, msg, msglen, ctx, ctxlen, rnd, o->sk, skb);
    FZ_CHECK(rc == KF_OK, "sign: %s", kf_strerror(rc));
    o->verify_rc = ph ? kf_mldsa_hash_verify(p, KF_MLDSA_PH_SHAKE128, msg, msglen, ctx, ctxlen, o->sig, sigb, o->pk, pkb)
                      : kf_mldsa_verify(p, msg, msglen, ctx, ctxlen, o->sig, sigb, o->pk, pkb);
    static uint8_t bad[KF_MLDSA_SIG_MAX_BYTES];
    memcpy(bad, o->sig, sigb);
    bad[(flip / 8) % sigb] ^= (uint8_t)(1u << (flip % 8));
    o->tampered_rc = ph ? kf_mldsa_hash_verify(p, KF_MLDSA_PH_SHAKE128, msg, msglen, ctx, ctxlen, bad, sigb, o->pk, pkb)
                        : kf_mldsa_verify(p, msg, msglen, ctx, ctxlen, bad, sigb, o->pk, pkb);
    o->pk_rc = kf_mldsa_pk_from_sk(p, o->pk2, o->sk, skb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const kf_mldsa_param sets[3] = {KF_MLDSA44, KF_MLDSA65, KF_MLDSA87};
    static const char *const arith_names[3] = {"portable", "avx2", "avx2+avx512-ntt"};
    fz r = {data, size};
    kf_mldsa_param p = sets[fz_u8(&r) % 3];
    const char *x1 = x1_names[fz_u8(&r) % n_x1], *xn = xn_names[fz_u8(&r) % n_xn];
    uint8_t flags = fz_u8(&r);
    size_t flip = (size_t)(flags >> 2) << 8 | fz_u8(&r);
    uint8_t xi[32] = {0}, rndb[32] = {0};
    size_t got, ctxlen, msglen;
    memcpy(xi, fz_bytes(&r, 32, &got), got);
    memcpy(rndb, fz_bytes(&r, 32, &got), got);
    const uint8_t *ctx = fz_bytes(&r, fz_u8(&r), &ctxlen);
    const uint8_t *msg = fz_bytes(&r, 4096, &msglen);
    const uint8_t *rnd = flags & 1 ? rndb : NULL;
    int ph = (flags >> 1) & 1;
    const size_t pkb = kf_mldsa_pk_bytes(p), skb = kf_mldsa_sk_bytes(p), sigb = kf_mldsa_sig_bytes(p);

    /* the reference: portable arithmetic, the reference permutation, one state at a time */
    use_arith(0);
    FZ_CHECK(kf_backend_select("ref") == KF_OK && kf_backend_select("x1") == KF_OK, "select ref, x1");
    one(&runs[0], p, xi, rnd, ph, ctx, ctxlen, msg, msglen, flip);
    FZ_CHECK(runs[0].verify_rc == KF_OK, "the reference signature does not verify: %s",
             kf_strerror(runs[0].verify_rc));
    FZ_CHECK(runs[0].tampered_rc == KF_ERR_BAD_SIGNATURE, "a changed signature: %s",
             kf_strerror(runs[0].tampered_rc));
    FZ_CHECK(runs[0].pk_rc == KF_OK && memcmp(runs[0].pk2, runs[0].pk, pkb) == 0, "pk_from_sk");

    FZ_CHECK(kf_backend_select(x1) == KF_OK && kf_backend_select(xn) == KF_OK, "select %s, %s", x1, xn);
    for (int a = 0; a < n_arith; a++) {
        use_arith(a);
        run *o = &runs[1];
        one(o, p, xi, rnd, ph, ctx, ctxlen, msg, msglen, flip);
        const char *how = arith_names[a];
        FZ_CHECK(memcmp(o->pk, runs[0].pk, pkb) == 0, "ML-DSA-%d pk differs on %s arithmetic, %s + %s", (int)p, how,
                 x1, xn);
        FZ_CHECK(memcmp(o->sk, runs[0].sk, skb) == 0, "ML-DSA-%d sk differs on %s, %s + %s", (int)p, how, x1, xn);
        FZ_CHECK(memcmp(o->sig, runs[0].sig, sigb) == 0, "ML-DSA-%d signature differs on %s, %s + %s", (int)p, how,
                 x1, xn);
        FZ_CHECK(o->verify_rc == KF_OK && o->tampered_rc == KF_ERR_BAD_SIGNATURE,
                 "verify on %s, %s + %s: %s, changed: %s", how, x1, xn, kf_strerror(o->verify_rc),
                 kf_strerror(o->tampered_rc));
        FZ_CHECK(o->pk_rc == KF_OK && memcmp(o->pk2, runs[0].pk, pkb) == 0, "pk_from_sk on %s, %s + %s", how, x1, xn);
    }
    use_arith(0);
    return 0;
}
