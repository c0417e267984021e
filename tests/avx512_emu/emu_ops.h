/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * emu_ops.h - the operations the AVX-512 test image runs, one command at a time.
 *
 * emu_ops.c is compiled twice: into the freestanding image (guest_main.c: the AVX-512 kernels,
 * run under Bochs) and into the host helper (host_ref.c: the same code over the portable C, and
 * over the AVX-512 kernels natively where the host has them). The harness writes a command and
 * its input, runs both, and compares the outputs byte for byte. Each operation reads and
 * writes only standard byte orders (FIPS 202 states, int16 / int32 coefficients), never a backend's
 * own layout, so any two implementations can be compared.
 */
#ifndef KF_EMU_OPS_H
#define KF_EMU_OPS_H

#include "keccak/keccak_backend.h"
#include "mlkem/poly.h"
#include "mldsa/poly.h"

#include <stddef.h>
#include <stdint.h>

/* Operations; in / out: the layouts of the input and output bytes. p[] are the parameters. */
enum kf_emu_op {
    KF_EMU_INFO = 1,        /* out: struct kf_emu_info (the image's tables) */
    KF_EMU_X1_PERMUTE,      /* x1 p[0]=nr; in: state; out: state */
    KF_EMU_X1_BYTES,        /* x1 p[0]=off p[1]=len p[2]=off2 p[3]=len2 p[4]=off3 p[5]=len3; in: state | data 200
                             * | data2 200; out: state after overwrite(state), add(data, off, len), overwrite(data2,
                             * off2, len2) | extract(off3, len3) */
    KF_EMU_X1_ABSORB,       /* x1 p[0]=nr p[1]=rate p[2]=len; in: state | msg; out: state | consumed (u64) */
    KF_EMU_X1_ONEBLOCK,     /* x1 p[0]=nr p[1]=rate p[2]=suffix p[3]=len p[4]=outlen; in: msg; out: digest */
    KF_EMU_XN_PERMUTE,      /* xn p[0]=nr; in: n states; out: n states */
    KF_EMU_XN_BYTES,        /* xn p[0..5] as x1, p[6]=instance; in: n states | data | data2; out: n states | extract */
    KF_EMU_XN_ABSORB,       /* xn p[0]=nr p[1]=rate p[2]=len; in: n states | n msgs; out: n states | consumed */
    KF_EMU_XN_ONEBLOCK,     /* xn p[0]=nr p[1]=rate p[2]=suffix p[3]=count p[4]=outlen; in: n lens (u64) | n msgs of
                             * rate bytes; out: count digests of outlen */
    KF_EMU_XN_PERMUTE_FROM, /* xn p[0]=nr p[1]=dst p[2]=src p[3]=cnt; in: n states | n template states; out: n states */
    KF_EMU_XN_LEAVES,       /* xn p[0]=nr p[1]=rate p[2]=suffix p[3]=len p[4]=outlen; in: n msgs; out: ret (u64) | n
                             * digests */
    KF_EMU_XN_LEAVES_NODE,  /* as leaves, p[5]=node_blocks p[6]=first_state?; in: n msgs | node | node_in; out: ret |
                             * n digests | node | first_state */
    KF_EMU_XN_XOF,          /* xn p[0]=nr p[1]=rate p[2]=suffix p[3]=len p[4]=count p[5]=outlen p[6]=secret; in: n
                             * msgs; out: ret (u64) | n slots of outlen + KF_EMU_XOF_GUARD bytes (instance i's output,
                             * then guard bytes 0xA5 if untouched; a slot past count all 0xA5 if untouched) */
    KF_EMU_MK_NTT,          /* in: poly; out: poly */
    KF_EMU_MK_BASEMUL,      /* p[0]=k; in: a[k] | b[k]; out: poly */
    KF_EMU_MK_ROW,          /* p[0]=k; in: a[k] | s[k] | e; out: 384 bytes | 16 guard bytes (0xA5 if untouched) */
    KF_EMU_MK_TOBYTES,      /* in: poly; out: 384 bytes | 32 guard bytes */
    KF_EMU_MK_FROMBYTES,    /* in: 384 bytes; out: poly */
    KF_EMU_MK_REJ,          /* p[0]=n0 p[1]=len; in: buf | c (poly); out: n (u64) | c */
    KF_EMU_MK_REJ_BLOCK,    /* p[0]=n p[1]=i p[2]=cnt; in: words (25 n u64) | c; out: count (u64) | c */
    KF_EMU_MK_CBD,          /* p[0]=eta; in: 192 bytes; out: poly */
    KF_EMU_MD_NTT,          /* ML-DSA (int32 coefficients); in: poly; out: poly */
    KF_EMU_MD_INVNTT,       /* in: poly; out: poly */
    KF_EMU_MD_ACC,          /* p[0]=n (1..7); in: a[n] | b[n]; out: sum of a[j] o b[j] (poly) */
    /* added later, numbered after the others so the earlier commands keep their numbers */
    KF_EMU_XN_XOF_SIDE,     /* xn as XN_XOF, p[7] = side rate | side blocks << 16; in: n msgs | side lanes (200) |
                             * side input (blocks x side rate); out: as XN_XOF | side lanes (200) | side blocks left
                             * (u64) | side input bytes taken (u64) */
    KF_EMU_MD_REJ,          /* ML-DSA RejNTTPoly (p[2]=0) or RejBoundedPoly (p[2]=eta 2 or 4) from a buffer;
                             * p[0]=n0 p[1]=len; in: buf | c (int32 poly); out: n (u64) | c */
    KF_EMU_XN_XOF_STRIDED,  /* xn p[0]=nr p[1]=rate p[2]=suffix p[3]=len p[4]=count p[5]=stride p[6]=blocks; in: n
                             * msgs; out: ret (u64) | the rows of instances 0 .. count-1 (blocks x rate bytes each)
                             * | KF_EMU_XOF_GUARD bytes before the n rows and as many after them (0xA5 if
                             * untouched); the rows past count are left out (unspecified bytes) */
};

#define KF_EMU_OK 0
#define KF_EMU_ABSENT 1  /* the backend has no such operation (a NULL pointer) */
#define KF_EMU_BAD (-1)  /* a bad command (target, parameters, sizes) */
/* XN_XOF's guard bytes after each output: one zmm store's width, the most a vector store
 * past the end could write */
#define KF_EMU_XOF_GUARD 64

struct kf_emu_cmd {
    uint32_t op, target;
    uint64_t p[8];
    uint64_t in_len, out_len; /* out_len: written by the operation */
    int64_t status;           /* written by the operation; the harness presets a value no operation writes */
};

#define KF_EMU_MAX_BACKENDS 8
struct kf_emu_info {
    uint32_t n_x1, n_xn, features, pad;
    struct {
        char name[24];
        uint32_t n;     /* states per call (1 for x1) */
        uint32_t flags; /* KF_EMU_HAS_* */
    } x1[KF_EMU_MAX_BACKENDS], xn[KF_EMU_MAX_BACKENDS];
};
#define KF_EMU_HAS_ABSORB 1u
#define KF_EMU_HAS_ONEBLOCK 2u
#define KF_EMU_HAS_PERMUTE_FROM 4u
#define KF_EMU_HAS_LEAVES 8u
#define KF_EMU_HAS_LEAVES_NODE 16u
#define KF_EMU_HAS_XOF 32u
#define KF_EMU_HAS_XOF_SIDE 64u
#define KF_EMU_HAS_XOF_STRIDED 128u

/* One implementation of everything the operations call. */
struct kf_emu_impl {
    const kf_backend *const *x1;
    unsigned n_x1;
    const kf_backend_xn *const *xn;
    unsigned n_xn;
    void (*ntt)(kf_mlkem_poly *p);
    void (*basemul)(kf_mlkem_poly *r, const kf_mlkem_poly *a, const kf_mlkem_poly *b, unsigned k);
    void (*row)(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *a, const kf_mlkem_poly *s,
                const kf_mlkem_poly *e, unsigned k);
    void (*tobytes)(uint8_t out[KF_MLKEM_POLY_BYTES], const kf_mlkem_poly *p);
    void (*frombytes)(kf_mlkem_poly *p, const uint8_t in[KF_MLKEM_POLY_BYTES]);
    /* NULL: the reference alone (sampling.c's scalar finish from the first byte) */
    size_t (*rej)(int16_t c[KF_MLKEM_N], unsigned *n, const uint8_t *buf, size_t len);
    unsigned (*rej_block)(int16_t c[KF_MLKEM_N], unsigned cnt, const uint64_t *words, unsigned n, unsigned i);
    void (*cbd2)(kf_mlkem_poly *p, const uint8_t buf[128]);
    void (*cbd3)(kf_mlkem_poly *p, const uint8_t buf[192]);
    /* ML-DSA's NTT, inverse NTT and row of pointwise products (mldsa/poly.h) */
    void (*md_ntt)(kf_mldsa_poly *p);
    void (*md_invntt)(kf_mldsa_poly *p);
    void (*md_acc)(kf_mldsa_poly *r, const kf_mldsa_poly *a, const kf_mldsa_poly *b, unsigned n);
    /* ML-DSA's rejection steps (mldsa/x86_64/poly_avx2.h; *used: the bytes they took); NULL:
     * the reference alone (FIPS 204 Alg. 30 / 31's scalar loop from the first byte) */
    unsigned (*md_rej_uniform)(int32_t c[KF_MLDSA_N], unsigned n, const uint8_t *buf, size_t len, size_t *used);
    unsigned (*md_rej_eta)(int32_t c[KF_MLDSA_N], unsigned n, const uint8_t *buf, size_t len, unsigned eta,
                           size_t *used);
};

/* The batched backends under test, in the order of the image's table: X(backend, n). The x1
 * ones: KF_EMU_X1_LIST. Every AVX-512 backend of src/keccak/x86_64/ (dispatch.c's list less
 * the AVX2 and BMI2 ones); run_avx512_emu.py fails if the image reports a different set. */
#define KF_EMU_X1_LIST(X) X(kf_backend_x1_avx512vl) X(kf_backend_x1_pairs_avx512vl)
#define KF_EMU_XN_LIST(X) \
    X(kf_backend_x8_avx512, 8) X(kf_backend_x4_avx512vl, 4) X(kf_backend_x9_hybrid, 9) X(kf_backend_x5_hybrid, 5)

/* Runs cmd on impl: in[0 .. cmd->in_len) to out; sets cmd->status and cmd->out_len. */
void kf_emu_exec(struct kf_emu_cmd *cmd, const uint8_t *in, uint8_t *out, const struct kf_emu_impl *impl);

/* FIPS 203 Alg. 7 lines 5-14 and Alg. 8, written out (as tests/test_mlkem_simd.c does). */
unsigned kf_emu_reject_reference(int16_t *c, unsigned n, const uint8_t *b, size_t len);
void kf_emu_cbd_reference(kf_mlkem_poly *p, const uint8_t *b, unsigned eta);
/* FIPS 204 Alg. 30 lines 4-12 with Alg. 14 (eta 0) and Alg. 31 lines 4-13 with Alg. 15 (eta 2
 * or 4), written out: coefficients from b[0 .. len) into c[n ..], returns the new n. */
unsigned kf_emu_mldsa_reject_reference(int32_t *c, unsigned n, const uint8_t *b, size_t len, unsigned eta);

#endif
