/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ML-DSA-65 (FIPS 204): a key pair from a 32-byte seed, the private key written as PKCS#8 PEM
 * in RFC 9881's seed form (what OpenSSL 3.5, pyca/cryptography and `kforge mldsa keygen --pem`
 * write) and the public key as SubjectPublicKeyInfo PEM; both read back from their files; a
 * hedged signature with a context string by the key read back, verified with the public key
 * read back; a changed message and a changed context refused.
 * Usage: mldsa_sign [DIR]   (writes DIR/mldsa65.key, mode 0600, and DIR/mldsa65.pub; DIR: .)
 * Build: cc mldsa_sign.c $(pkg-config --cflags --libs keccakforge) */
#include <keccakforge.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define SET KF_MLDSA65

static uint8_t pk[KF_MLDSA65_PK_BYTES], sk[KF_MLDSA65_SK_BYTES];
static uint8_t pk2[KF_MLDSA65_PK_BYTES], sk2[KF_MLDSA65_SK_BYTES];
static uint8_t sig[KF_MLDSA65_SIG_BYTES], der[8192];
static char pem[16384];

/* n fresh random bytes (any approved generator will do; here the kernel's): 0 on success. */
static int random_bytes(uint8_t *out, size_t len)
{
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f) return -1;
    size_t got = fread(out, 1, len, f);
    fclose(f);
    return got == len ? 0 : -1;
}

/* DER -> PEM -> file (mode 0600 for a private key, 0644 for a public one): 0 on success. */
static int write_pem(const char *path, const char *label, size_t derlen, mode_t mode)
{
    size_t pemlen;
    if (kf_pem_encode(label, der, derlen, pem, sizeof pem, &pemlen) != KF_OK) return -1;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
    if (fd < 0) return -1;
    ssize_t n = write(fd, pem, pemlen);
    kf_wipe(pem, sizeof pem);
    return close(fd) == 0 && n == (ssize_t)pemlen ? 0 : -1;
}

/* A file's first PEM block with the label wanted, as DER in der[]: KF_OK or an error. */
static int read_pem(const char *path, const char *want, size_t *derlen)
{
    char label[81];
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(pem, 1, sizeof pem, f) : 0;
    if (f) fclose(f);
    int rc = kf_pem_decode(pem, got, label, sizeof label, der, sizeof der, derlen);
    kf_wipe(pem, sizeof pem);
    if (rc == KF_OK && strcmp(label, want) != 0) rc = KF_ERR_BAD_ENCODING;
    return rc;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    const char msg[] = "release 1.2.3: sha3-256 0123...", ctx[] = "example.org/releases";
    char key_path[4096], pub_path[4096];
    uint8_t xi[KF_MLDSA_SEED_BYTES], xi2[KF_MLDSA_SEED_BYTES], rnd[KF_MLDSA_RND_BYTES];
    size_t derlen, publen, sklen, seedlen;
    kf_key_type type;
    kf_key_priv_form form;
    int rc;
    snprintf(key_path, sizeof key_path, "%s/mldsa65.key", dir);
    snprintf(pub_path, sizeof pub_path, "%s/mldsa65.pub", dir);

    /* key pair from the seed xi, so the private key file can hold just the 32-byte seed */
    if (random_bytes(xi, sizeof xi) != 0) {
        fprintf(stderr, "no random bytes\n");
        return 1;
    }
    if ((rc = kf_mldsa_keygen_internal(SET, pk, sk, xi)) != KF_OK) goto fail;

    /* out: PKCS#8 (seed form) and SPKI, as PEM files */
    rc = kf_key_encode_pkcs8(KF_KEY_MLDSA65, KF_PRIV_SEED, xi, sizeof xi, NULL, 0, der, sizeof der, &derlen);
    if (rc != KF_OK) goto fail;
    if (write_pem(key_path, "PRIVATE KEY", derlen, 0600) != 0) {
        perror(key_path);
        return 1;
    }
    kf_wipe(der, sizeof der);
    if ((rc = kf_key_encode_spki(KF_KEY_MLDSA65, pk, sizeof pk, der, sizeof der, &derlen)) != KF_OK) goto fail;
    if (write_pem(pub_path, "PUBLIC KEY", derlen, 0644) != 0) {
        perror(pub_path);
        return 1;
    }

    /* in: the private key (the decoder expands sk from the seed), then the public key */
    if ((rc = read_pem(key_path, "PRIVATE KEY", &derlen)) != KF_OK) goto fail;
    rc = kf_key_decode_pkcs8(der, derlen, &type, &form, xi2, sizeof xi2, &seedlen, sk2, sizeof sk2, &sklen);
    kf_wipe(der, sizeof der);
    if (rc != KF_OK) goto fail;
    if (type != KF_KEY_MLDSA65 || sklen != sizeof sk2) {
        fprintf(stderr, "%s: a %s key, not ML-DSA-65\n", key_path, kf_key_type_name(type));
        return 1;
    }
    if ((rc = read_pem(pub_path, "PUBLIC KEY", &derlen)) != KF_OK) goto fail;
    if ((rc = kf_key_decode_spki(der, derlen, &type, pk2, sizeof pk2, &publen)) != KF_OK) goto fail;
    if (type != KF_KEY_MLDSA65 || publen != sizeof pk2) {
        fprintf(stderr, "%s: a %s key, not ML-DSA-65\n", pub_path, kf_key_type_name(type));
        return 1;
    }
    int same = form == KF_PRIV_SEED && seedlen == sizeof xi && kf_ct_equal(xi, xi2, sizeof xi) &&
               kf_ct_equal(sk, sk2, sizeof sk) && memcmp(pk, pk2, sizeof pk) == 0;
    kf_wipe(xi, sizeof xi);
    kf_wipe(xi2, sizeof xi2);
    kf_wipe(sk, sizeof sk);

    /* sign with the key read back (hedged: 32 fresh bytes, FIPS 204's default), verify with
     * the public key read back */
    if (random_bytes(rnd, sizeof rnd) != 0) {
        fprintf(stderr, "no random bytes\n");
        return 1;
    }
    rc = kf_mldsa_sign(SET, sig, sizeof sig, msg, strlen(msg), ctx, strlen(ctx), rnd, sk2, sizeof sk2);
    kf_wipe(rnd, sizeof rnd);
    kf_wipe(sk2, sizeof sk2);
    if (rc != KF_OK) goto fail;
    int valid = kf_mldsa_verify(SET, msg, strlen(msg), ctx, strlen(ctx), sig, sizeof sig, pk2, sizeof pk2) == KF_OK;
    /* a changed message, or the same one under another context, must not verify */
    char other[sizeof msg];
    memcpy(other, msg, sizeof msg);
    other[8] ^= 1;
    int refused = kf_mldsa_verify(SET, other, strlen(other), ctx, strlen(ctx), sig, sizeof sig, pk2,
                                  sizeof pk2) == KF_ERR_BAD_SIGNATURE &&
                  kf_mldsa_verify(SET, msg, strlen(msg), "other", 5, sig, sizeof sig, pk2, sizeof pk2) ==
                      KF_ERR_BAD_SIGNATURE;

    printf("%s, %s: ML-DSA-65 PKCS#8 (seed form) and SPKI; read back: %s\n", key_path, pub_path,
           same ? "the same keys" : "DIFFERENT KEYS");
    printf("signature of %zu bytes: valid %s, %s\n", sizeof sig, valid ? "yes" : "NO",
           refused ? "changed message and context refused" : "A CHANGE WAS ACCEPTED");
    return same && valid && refused ? 0 : 1;
fail:
    fprintf(stderr, "mldsa_sign: %s\n", kf_strerror(rc));
    return 1;
}
