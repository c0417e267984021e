/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kf_keys.h - the provider's key object, one struct for ML-KEM, ML-DSA and SLH-DSA keys (the
 * sizes are the library's; the encodings are the library's "Key encodings" API).
 */
#ifndef KF_KEYS_H
#define KF_KEYS_H

#include "kf_prov.h"
#include "keccakforge.h"

#define KF_PKEY_PUB_MAX (KF_MLDSA_PK_MAX_BYTES > KF_MLKEM_EK_MAX_BYTES ? KF_MLDSA_PK_MAX_BYTES : KF_MLKEM_EK_MAX_BYTES)
#define KF_PKEY_PRIV_MAX (KF_MLDSA_SK_MAX_BYTES > KF_MLKEM_DK_MAX_BYTES ? KF_MLDSA_SK_MAX_BYTES : KF_MLKEM_DK_MAX_BYTES)

typedef struct kf_pkey {
    kf_provctx *prov;
    kf_key_type type;
    int has_pub, has_priv, has_seed;
    size_t publen, privlen, seedlen;  /* the type's sizes (seedlen 0: the type has no seed) */
    uint8_t pub[KF_PKEY_PUB_MAX];
    uint8_t priv[KF_PKEY_PRIV_MAX];
    uint8_t seed[KF_MLKEM_KEYGEN_SEED_BYTES];   /* ML-KEM d || z (64), ML-DSA xi (32), when known */
} kf_pkey;

static inline int kf_type_is_mlkem(kf_key_type t) { return t >= KF_KEY_MLKEM512 && t <= KF_KEY_MLKEM1024; }
static inline int kf_type_is_mldsa(kf_key_type t) { return t >= KF_KEY_MLDSA44 && t <= KF_KEY_MLDSA87; }
static inline int kf_type_is_slhdsa(kf_key_type t) { return t >= KF_KEY_SLHDSA_SHAKE_128S && t <= KF_KEY_SLHDSA_SHAKE_256F; }
static inline kf_mldsa_param kf_type_mldsa(kf_key_type t)
{
    return t == KF_KEY_MLDSA44 ? KF_MLDSA44 : t == KF_KEY_MLDSA65 ? KF_MLDSA65 : KF_MLDSA87;
}
/* The seed a key of type t is generated from: 64 (ML-KEM d || z), 32 (ML-DSA xi), 0 (SLH-DSA). */
static inline size_t kf_type_seed_bytes(kf_key_type t)
{
    return kf_type_is_mlkem(t) ? KF_MLKEM_KEYGEN_SEED_BYTES : kf_type_is_mldsa(t) ? KF_MLDSA_SEED_BYTES : 0;
}
static inline kf_mlkem_param kf_type_mlkem(kf_key_type t)
{
    return t == KF_KEY_MLKEM512 ? KF_MLKEM512 : t == KF_KEY_MLKEM768 ? KF_MLKEM768 : KF_MLKEM1024;
}
static inline kf_slhdsa_param kf_type_slhdsa(kf_key_type t) { return (kf_slhdsa_param)(t - KF_KEY_SLHDSA_SHAKE_128S + 1); }

kf_pkey *kf_pkey_new(kf_provctx *prov, kf_key_type type);
void kf_pkey_free(void *key);
/* Fill the key from its seed (k->seedlen bytes: ML-KEM d || z, ML-DSA xi): both key parts
 * and the seed. */
int kf_pkey_from_seed(kf_pkey *k, const uint8_t *seed);
/* Set the private key (ML-KEM dk, ML-DSA sk, SLH-DSA sk; checked) and the public key (inside
 * it, or for ML-DSA derived from it by kf_mldsa_pk_from_sk). */
int kf_pkey_set_priv(kf_pkey *k, const uint8_t *priv, size_t len);
int kf_pkey_set_pub(kf_pkey *k, const uint8_t *pub, size_t len);
/* ML-KEM dk checks: length and hash (§7.3), then the modulus check (§7.2) of the ek inside;
 * a keccakforge status (the same checks as kf_key_decode_pkcs8's). */
int kf_pkey_check_mlkem_dk(kf_key_type t, const uint8_t *dk, size_t len);
int kfp_random(const kf_provctx *pc, uint8_t *out, size_t len);

/* Algorithm names (OpenSSL 3.5's, the TLS group names, and the OIDs) */
#define KF_NAMES_MLKEM512 "ML-KEM-512:MLKEM512:id-alg-ml-kem-512:2.16.840.1.101.3.4.4.1"
#define KF_NAMES_MLKEM768 "ML-KEM-768:MLKEM768:id-alg-ml-kem-768:2.16.840.1.101.3.4.4.2"
#define KF_NAMES_MLKEM1024 "ML-KEM-1024:MLKEM1024:id-alg-ml-kem-1024:2.16.840.1.101.3.4.4.3"
#define KF_NAMES_HYBRID "X25519MLKEM768"
#define KF_NAMES_HYBRID_P256 "SecP256r1MLKEM768"
#define KF_NAMES_HYBRID_P384 "SecP384r1MLKEM1024"
#define KF_NAMES_HYBRID_X448 "X448MLKEM1024"
#define KF_NAMES_MLDSA44 "ML-DSA-44:MLDSA44:id-ml-dsa-44:2.16.840.1.101.3.4.3.17"
#define KF_NAMES_MLDSA65 "ML-DSA-65:MLDSA65:id-ml-dsa-65:2.16.840.1.101.3.4.3.18"
#define KF_NAMES_MLDSA87 "ML-DSA-87:MLDSA87:id-ml-dsa-87:2.16.840.1.101.3.4.3.19"
#define KF_NAMES_SLH128S "SLH-DSA-SHAKE-128s:id-slh-dsa-shake-128s:2.16.840.1.101.3.4.3.26"
#define KF_NAMES_SLH128F "SLH-DSA-SHAKE-128f:id-slh-dsa-shake-128f:2.16.840.1.101.3.4.3.27"
#define KF_NAMES_SLH192S "SLH-DSA-SHAKE-192s:id-slh-dsa-shake-192s:2.16.840.1.101.3.4.3.28"
#define KF_NAMES_SLH192F "SLH-DSA-SHAKE-192f:id-slh-dsa-shake-192f:2.16.840.1.101.3.4.3.29"
#define KF_NAMES_SLH256S "SLH-DSA-SHAKE-256s:id-slh-dsa-shake-256s:2.16.840.1.101.3.4.3.30"
#define KF_NAMES_SLH256F "SLH-DSA-SHAKE-256f:id-slh-dsa-shake-256f:2.16.840.1.101.3.4.3.31"


#endif
