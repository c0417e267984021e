/*
 * kpke.h - K-PKE, the public-key encryption scheme inside ML-KEM (FIPS 203 §5).
 * Internal: sizes come from the parameter set, buffers are the caller's.
 */
#ifndef KF_MLKEM_KPKE_H
#define KF_MLKEM_KPKE_H

#include "mlkem/params.h"

/* K-PKE.KeyGen(d) (Alg. 13): ek_pke (384k + 32 bytes) and dk_pke (384k bytes). */
int kf_kpke_keygen(const kf_mlkem_params *p, uint8_t *ek, uint8_t *dk_pke,
                   const uint8_t d[KF_MLKEM_SYM_BYTES]);
/* K-PKE.Encrypt(ek_pke, m, r) (Alg. 14): c (ct_bytes). ek need not be modulus-checked
 * (coefficients up to 4095 are fine arithmetically; Decaps re-encrypts with dk's copy). */
int kf_kpke_encrypt(const kf_mlkem_params *p, uint8_t *c, const uint8_t *ek,
                    const uint8_t m[KF_MLKEM_SYM_BYTES], const uint8_t r[KF_MLKEM_SYM_BYTES]);
/* K-PKE.Decrypt(dk_pke, c) (Alg. 15): m. */
void kf_kpke_decrypt(const kf_mlkem_params *p, uint8_t m[KF_MLKEM_SYM_BYTES],
                     const uint8_t *dk_pke, const uint8_t *c);

#endif
