/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Key files: an ML-KEM-768 private key written as PKCS#8 PEM in the seed form (the 64-byte
 * d || z that OpenSSL 3.5, pyca/cryptography and `kforge mlkem keygen --pem` use), read back
 * and expanded; the public key as SubjectPublicKeyInfo PEM on standard output.
 * Usage: key_files [DIR]   (writes DIR/dk.pem, mode 0600; DIR defaults to .)
 * Build: cc key_files.c $(pkg-config --cflags --libs keccakforge) */
#include <keccakforge.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static uint8_t ek[KF_MLKEM768_EK_BYTES], dk[KF_MLKEM768_DK_BYTES], dk2[KF_MLKEM768_DK_BYTES];
static uint8_t der[4096];
static char pem[8192];

static int write_secret_file(const char *path, const char *text, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600); /* private keys: owner only */
    if (fd < 0) return -1;
    ssize_t n = write(fd, text, len);
    return close(fd) == 0 && n == (ssize_t)len ? 0 : -1;
}

int main(int argc, char **argv)
{
    uint8_t seed[KF_MLKEM_KEYGEN_SEED_BYTES], seed2[KF_MLKEM_KEYGEN_SEED_BYTES];
    char path[4096], label[81];
    size_t derlen, pemlen, seedlen, dklen, ekoff;
    kf_key_type type;
    kf_key_priv_form form;
    int rc;
    snprintf(path, sizeof path, "%s/dk.pem", argc > 1 ? argv[1] : ".");

    /* write: keygen with the seed, PKCS#8 DER of the seed form, PEM, file */
    if ((rc = kf_mlkem_keygen_seed(KF_MLKEM768, ek, dk, seed)) != KF_OK) goto fail;
    if ((rc = kf_key_encode_pkcs8(KF_KEY_MLKEM768, KF_PRIV_SEED, seed, sizeof seed, NULL, 0, der, sizeof der,
                                  &derlen)) != KF_OK) goto fail;
    if ((rc = kf_pem_encode("PRIVATE KEY", der, derlen, pem, sizeof pem, &pemlen)) != KF_OK) goto fail;
    if (write_secret_file(path, pem, pemlen) != 0) {
        perror(path);
        return 1;
    }
    kf_wipe(der, sizeof der);
    kf_wipe(pem, sizeof pem);

    /* read: the file's first PEM block (text around it is allowed), its DER, the key:
     * the type, the form found, the seed, and dk expanded from it (and checked) */
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(pem, 1, sizeof pem, f) : 0;
    if (f) fclose(f);
    if ((rc = kf_pem_decode(pem, got, label, sizeof label, der, sizeof der, &derlen)) != KF_OK) goto fail;
    if (strcmp(label, "PRIVATE KEY") != 0) {
        fprintf(stderr, "%s: a \"%s\", not a private key\n", path, label);
        return 1;
    }
    rc = kf_key_decode_pkcs8(der, derlen, &type, &form, seed2, sizeof seed2, &seedlen, dk2, sizeof dk2, &dklen);
    kf_wipe(der, sizeof der);
    kf_wipe(pem, sizeof pem);
    if (rc != KF_OK) goto fail;
    int same = type == KF_KEY_MLKEM768 && form == KF_PRIV_SEED && seedlen == sizeof seed &&
               kf_ct_equal(seed, seed2, sizeof seed) && dklen == sizeof dk && kf_ct_equal(dk, dk2, sizeof dk);
    /* the public key sits inside dk (after the 384k-byte K-PKE key): it equals ek */
    ekoff = 384 * 3;
    same &= memcmp(dk2 + ekoff, ek, sizeof ek) == 0;
    kf_wipe(seed, sizeof seed);
    kf_wipe(seed2, sizeof seed2);
    kf_wipe(dk, sizeof dk);
    kf_wipe(dk2, sizeof dk2);

    /* the public key as SPKI PEM on stdout */
    if ((rc = kf_key_encode_spki(KF_KEY_MLKEM768, ek, sizeof ek, der, sizeof der, &derlen)) != KF_OK) goto fail;
    if ((rc = kf_pem_encode("PUBLIC KEY", der, derlen, pem, sizeof pem, &pemlen)) != KF_OK) goto fail;
    fwrite(pem, 1, pemlen, stdout);
    printf("%s: %s PKCS#8, seed form; read back: %s\n", path, kf_key_type_name(type),
           same ? "the same key" : "A DIFFERENT KEY");
    return same ? 0 : 1;
fail:
    fprintf(stderr, "key files: %s\n", kf_strerror(rc));
    return 1;
}
