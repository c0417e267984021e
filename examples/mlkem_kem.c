/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ML-KEM-768 (FIPS 203): a key pair, encapsulation to the public key, decapsulation with
 * the private one; both sides end with the same 32-byte shared secret.
 * Build: cc mlkem_kem.c $(pkg-config --cflags --libs keccakforge) */
#include <keccakforge.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    static uint8_t ek[KF_MLKEM768_EK_BYTES], dk[KF_MLKEM768_DK_BYTES], ct[KF_MLKEM768_CT_BYTES];
    uint8_t seed[KF_MLKEM_KEYGEN_SEED_BYTES], k_sender[KF_MLKEM_SS_BYTES], k_receiver[KF_MLKEM_SS_BYTES];
    int rc;

    /* receiver: a key pair from the OS generator; the 64-byte seed d || z is the compact form
     * of dk (kf_mlkem_keygen_internal rebuilds ek and dk from it; see key_files.c) */
    if ((rc = kf_mlkem_keygen_seed(KF_MLKEM768, ek, dk, seed)) != KF_OK) goto fail;

    /* sender: checks ek (FIPS 203 §7.2) and encapsulates: ciphertext + shared secret */
    if ((rc = kf_mlkem_encaps(KF_MLKEM768, ct, k_sender, ek, sizeof ek)) != KF_OK) goto fail;

    /* receiver: decapsulates; a tampered ciphertext is not an error but gives another key
     * (implicit rejection), so the protocol on top notices through its own MAC/AEAD */
    if ((rc = kf_mlkem_decaps(KF_MLKEM768, k_receiver, ct, sizeof ct, dk, sizeof dk)) != KF_OK) goto fail;
    int same = kf_ct_equal(k_sender, k_receiver, sizeof k_sender);
    ct[0] ^= 1;
    if ((rc = kf_mlkem_decaps(KF_MLKEM768, k_receiver, ct, sizeof ct, dk, sizeof dk)) != KF_OK) goto fail;
    int rejected = !kf_ct_equal(k_sender, k_receiver, sizeof k_sender);

    kf_wipe(dk, sizeof dk);
    kf_wipe(seed, sizeof seed);
    kf_wipe(k_receiver, sizeof k_receiver);
    printf("ML-KEM-768: ek %zu bytes, ciphertext %zu bytes, shared secrets %s, tampered ciphertext %s\n",
           sizeof ek, sizeof ct, same ? "match" : "DIFFER", rejected ? "rejected" : "ACCEPTED");
    kf_wipe(k_sender, sizeof k_sender);
    return same && rejected ? 0 : 1;
fail:
    fprintf(stderr, "ML-KEM: %s\n", kf_strerror(rc));
    return 1;
}
