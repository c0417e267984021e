/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SLH-DSA-SHAKE-128f (FIPS 205): a key pair, a hedged signature with a context string, its
 * verification, and a changed message that does not verify.
 * Build: cc slhdsa_sign.c $(pkg-config --cflags --libs keccakforge) */
#include <keccakforge.h>
#include <stdio.h>
#include <string.h>

#define SET KF_SLHDSA_SHAKE_128F

/* n fresh random bytes for the hedged variant FIPS 205 recommends (any approved generator
 * will do; here the kernel's). Returns 0 on success. */
static int random_bytes(uint8_t *out, size_t len)
{
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f) return -1;
    size_t got = fread(out, 1, len, f);
    fclose(f);
    return got == len ? 0 : -1;
}

int main(void)
{
    static uint8_t sig[KF_SLHDSA_SHAKE_128F_SIG_BYTES];
    uint8_t pk[KF_SLHDSA_SHAKE_128F_PK_BYTES], sk[KF_SLHDSA_SHAKE_128F_SK_BYTES], addrnd[16];
    const char msg[] = "release 1.2.3: sha3-256 0123...", ctx[] = "example.org/releases";
    int rc;

    if ((rc = kf_slhdsa_keygen(SET, pk, sk)) != KF_OK) goto fail;
    if (random_bytes(addrnd, kf_slhdsa_n(SET)) != 0) {
        fprintf(stderr, "no /dev/urandom: cannot sign hedged\n"); /* NULL would sign deterministically */
        return 1;
    }
    rc = kf_slhdsa_sign(SET, sig, sizeof sig, msg, strlen(msg), ctx, strlen(ctx), addrnd, sk, sizeof sk);
    kf_wipe(sk, sizeof sk);
    if (rc != KF_OK) goto fail;

    int ok = kf_slhdsa_verify(SET, msg, strlen(msg), ctx, strlen(ctx), sig, sizeof sig, pk, sizeof pk) == KF_OK;
    char other[sizeof msg];
    memcpy(other, msg, sizeof msg);
    other[8] = '4'; /* "release 4.2.3" */
    rc = kf_slhdsa_verify(SET, other, strlen(other), ctx, strlen(ctx), sig, sizeof sig, pk, sizeof pk);
    int refused = rc == KF_ERR_BAD_SIGNATURE;
    printf("SLH-DSA-SHAKE-128f: signature %zu bytes, valid %s, changed message %s\n", sizeof sig,
           ok ? "yes" : "NO", refused ? "refused" : kf_strerror(rc));
    return ok && refused ? 0 : 1;
fail:
    fprintf(stderr, "SLH-DSA: %s\n", kf_strerror(rc));
    return 1;
}
