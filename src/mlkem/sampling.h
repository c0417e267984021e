/*
 * sampling.h - ML-KEM's samplers over keccakforge's batched hashing (FIPS 203 §4.2.2):
 * the matrix A^ from rho (SampleNTT, Alg. 7, SHAKE128 as XOF) and the noise polynomials
 * (SamplePolyCBD, Alg. 8, with PRF_eta = SHAKE256).
 */
#ifndef KF_MLKEM_SAMPLING_H
#define KF_MLKEM_SAMPLING_H

#include "mlkem/poly.h"

/* a[i k + j] = SampleNTT(rho || j || i) = A^[i][j] (FIPS 203 Alg. 13 line 6), or its
 * transpose A^[j][i] = SampleNTT(rho || i || j) if transposed (Encrypt, Alg. 14 line 19).
 * a holds k*k polynomials, coefficients in [0, q). Public data: rejection may branch. */
int kf_mlkem_gen_matrix(kf_mlkem_poly *a, const uint8_t rho[KF_MLKEM_SYM_BYTES], unsigned k,
                        int transposed);

/* out[i] = SamplePolyCBD_eta[i](PRF_eta[i](seed, nonce0 + i)) for i < n, eta[i] in {2, 3};
 * coefficients in [-eta, eta]. Secret: constant time; the PRF outputs are wiped. */
int kf_mlkem_sample_cbd(kf_mlkem_poly *const out[], const unsigned eta[], unsigned n,
                        const uint8_t seed[KF_MLKEM_SYM_BYTES], uint8_t nonce0);

#endif
