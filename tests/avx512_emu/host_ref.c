/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * host_ref.c - the host side of the emulator test (a shared object run_avx512_emu.py loads
 * with ctypes): the operations of emu_ops.h on the portable C, and on the AVX-512 kernels
 * natively where this CPU has them.
 *
 * The portable Keccak side is the opt64 backend (the x86-64 build's portable C), with
 * absorb_blocks, oneblock, permute_from, leaves, leaves_node and xof written out from their
 * contracts in keccak_backend.h on top of its init / add / extract / permute; a batched
 * "backend" of n states is n such states one after another. ML-KEM's are the *_portable
 * functions (mlkem/poly.h) and the FIPS 203 definitions of emu_ops.c.
 */
#include "emu_ops.h"
#include "mlkem/arith.h"
#include "mlkem/x86_64/poly_avx2.h"
#include "mldsa/x86_64/poly_avx2.h"

#include <string.h>

#define OPT (&kf_backend_opt64)
#define SLOT 224 /* one opt64 state, rounded up to KF_STATE_ALIGN */

static size_t ref_absorb(void *s, unsigned nr, size_t rate, const uint8_t *in, size_t len)
{
    size_t done = 0;
    for (; len - done >= rate; done += rate) {
        OPT->add_bytes(s, in + done, 0, rate);
        OPT->permute(s, nr);
    }
    return done;
}

/* the whole sponge of a message (any length) into out[0 .. outlen), squeezed for any length (a
 * permutation between output blocks); the state after the whole blocks, before the last one,
 * into first if not NULL */
static void ref_sponge(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *in, size_t len, uint8_t *out,
                       size_t outlen, uint8_t *first)
{
    _Alignas(64) uint8_t s[SLOT];
    uint8_t pad = 0x80;
    OPT->init(s);
    size_t done = ref_absorb(s, nr, rate, in, len);
    if (first) OPT->extract_bytes(s, first, 0, 200);
    OPT->add_bytes(s, in + done, 0, len - done);
    OPT->add_bytes(s, &suffix, len - done, 1);
    OPT->add_bytes(s, &pad, rate - 1, 1);
    OPT->permute(s, nr);
    for (size_t got = 0;;) {
        size_t take = outlen - got < rate ? outlen - got : rate;
        OPT->extract_bytes(s, out + got, 0, take);
        got += take;
        if (got == outlen) break;
        OPT->permute(s, nr);
    }
}

static void ref_oneblock(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *in, size_t len, uint8_t *out,
                         size_t outlen)
{
    ref_sponge(nr, rate, suffix, in, len, out, outlen, NULL);
}

/* kf_xn_side's contract (keccak_backend.h): before each of the call's permutations, while
 * blocks are left, one block of side->in xored into the lanes and that state permuted. The
 * call's permutations: one per whole input block, the padded last block's, and one between
 * each two output blocks. */
static void ref_side(unsigned nr, size_t rate, size_t len, size_t outlen, kf_xn_side *side)
{
    _Alignas(64) uint8_t s[SLOT];
    uint8_t b[200];
    size_t perms = len / rate + (outlen ? (outlen + rate - 1) / rate : 1);
    for (; perms && side->blocks; perms--, side->blocks--, side->in += side->rate) {
        for (unsigned j = 0; j < 25; j++)
            for (unsigned t = 0; t < 8; t++) b[8 * j + t] = (uint8_t)(side->lanes[j] >> (8 * t));
        OPT->init(s);
        OPT->overwrite_bytes(s, b, 0, 200);
        OPT->add_bytes(s, side->in, 0, side->rate);
        OPT->permute(s, nr);
        OPT->extract_bytes(s, b, 0, 200);
        for (unsigned j = 0; j < 25; j++) {
            uint64_t w = 0;
            for (unsigned t = 0; t < 8; t++) w |= (uint64_t)b[8 * j + t] << (8 * t);
            side->lanes[j] = w;
        }
    }
}

static const kf_backend ref_x1 = {"portable-opt64", 0, -1, NULL, NULL, NULL, NULL, NULL, ref_absorb, ref_oneblock};

/* n states of opt64, SLOT bytes each */
#define REF_XN(NN)                                                                                                   \
    static void ref##NN##_init(void *s)                                                                              \
    {                                                                                                                \
        for (unsigned i = 0; i < NN; i++) OPT->init((uint8_t *)s + SLOT * i);                                        \
    }                                                                                                                \
    static void ref##NN##_add(void *s, unsigned i, const uint8_t *in, size_t off, size_t len)                       \
    {                                                                                                                \
        OPT->add_bytes((uint8_t *)s + SLOT * i, in, off, len);                                                       \
    }                                                                                                                \
    static void ref##NN##_overwrite(void *s, unsigned i, const uint8_t *in, size_t off, size_t len)                 \
    {                                                                                                                \
        OPT->overwrite_bytes((uint8_t *)s + SLOT * i, in, off, len);                                                 \
    }                                                                                                                \
    static void ref##NN##_extract(const void *s, unsigned i, uint8_t *out, size_t off, size_t len)                  \
    {                                                                                                                \
        OPT->extract_bytes((const uint8_t *)s + SLOT * i, out, off, len);                                            \
    }                                                                                                                \
    static void ref##NN##_permute(void *s, unsigned nr)                                                             \
    {                                                                                                                \
        for (unsigned i = 0; i < NN; i++) OPT->permute((uint8_t *)s + SLOT * i, nr);                                 \
    }                                                                                                                \
    static size_t ref##NN##_absorb(void *s, unsigned nr, size_t rate, const uint8_t *const *in, size_t len)         \
    {                                                                                                                \
        size_t d = 0;                                                                                                \
        for (unsigned i = 0; i < NN; i++) d = ref_absorb((uint8_t *)s + SLOT * i, nr, rate, in[i], len);            \
        return d;                                                                                                    \
    }                                                                                                                \
    static void ref##NN##_from(void *s, const void *t, unsigned dst, unsigned src, unsigned cnt, unsigned nr)       \
    {                                                                                                                \
        for (unsigned i = 0; i < NN; i++) {                                                                          \
            uint8_t own[200], all[200];                                                                              \
            OPT->extract_bytes((uint8_t *)s + SLOT * i, own, 0, 200);                                                \
            OPT->extract_bytes((const uint8_t *)t + SLOT * i, all, 0, 200);                                          \
            memmove(all + 8 * dst, own + 8 * src, 8 * cnt);                                                          \
            OPT->overwrite_bytes((uint8_t *)s + SLOT * i, all, 0, 200);                                              \
            OPT->permute((uint8_t *)s + SLOT * i, nr);                                                               \
        }                                                                                                            \
    }                                                                                                                \
    static void ref##NN##_oneblock(void *s, unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const in[],    \
                                   const size_t inlen[], unsigned count, uint8_t *const out[], size_t outlen)       \
    {                                                                                                                \
        (void)s;                                                                                                     \
        for (unsigned i = 0; i < count; i++) ref_sponge(nr, rate, suffix, in[i], inlen[i], out[i], outlen, NULL);    \
    }                                                                                                                \
    static int ref##NN##_leaves(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,     \
                                uint8_t *const *out, size_t outlen)                                                  \
    {                                                                                                                \
        for (unsigned i = 0; i < NN; i++) ref_sponge(nr, rate, suffix, in[i], len, out[i], outlen, NULL);            \
        return 1;                                                                                                    \
    }                                                                                                                \
    static int ref##NN##_leaves_node(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len, \
                                     uint8_t *const *out, size_t outlen, uint8_t node[KF_STATE_BYTES],               \
                                     const uint8_t *node_in, size_t node_blocks, uint8_t *first_state)              \
    {                                                                                                                \
        _Alignas(64) uint8_t ns[SLOT];                                                                               \
        for (unsigned i = 0; i < NN; i++)                                                                            \
            ref_sponge(nr, rate, suffix, in[i], len, out[i], outlen, i == 0 ? first_state : NULL);                   \
        OPT->init(ns);                                                                                               \
        OPT->overwrite_bytes(ns, node, 0, 200);                                                                      \
        ref_absorb(ns, nr, rate, node_in, node_blocks * rate);                                                       \
        OPT->extract_bytes(ns, node, 0, 200);                                                                        \
        return 1;                                                                                                    \
    }                                                                                                                \
    static int ref##NN##_xof(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,        \
                             unsigned count, uint8_t *const *out, size_t outlen, int secret)                         \
    {                                                                                                                \
        (void)secret;                                                                                                \
        for (unsigned i = 0; i < count; i++) ref_sponge(nr, rate, suffix, in[i], len, out[i], outlen, NULL);         \
        return 1;                                                                                                    \
    }                                                                                                                \
    static int ref##NN##_xof_side(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,   \
                                  unsigned count, uint8_t *const *out, size_t outlen, int secret, kf_xn_side *side) \
    {                                                                                                                \
        ref##NN##_xof(nr, rate, suffix, in, len, count, out, outlen, secret);                                        \
        ref_side(nr, rate, len, outlen, side);                                                                       \
        return 1;                                                                                                    \
    }                                                                                                                \
    static int ref##NN##_xof_strided(unsigned nr, size_t rate, uint8_t suffix, const uint8_t *const *in, size_t len,\
                                     unsigned count, uint8_t *out, size_t stride, size_t blocks)                     \
    {                                                                                                                \
        for (unsigned i = 0; i < count; i++)                                                                         \
            ref_sponge(nr, rate, suffix, in[i], len, out + i * stride, blocks * rate, NULL);                         \
        return 1;                                                                                                    \
    }                                                                                                                \
    static const kf_backend_xn ref##NN = {"portable-x" #NN, 0, -1, NN, SLOT * NN, 0, ref##NN##_init,                \
                                          ref##NN##_add, ref##NN##_overwrite, ref##NN##_extract, ref##NN##_permute,  \
                                          ref##NN##_absorb, NULL, ref##NN##_from, ref##NN##_oneblock,                \
                                          ref##NN##_leaves, ref##NN##_leaves_node, ref##NN##_xof,                  \
                                          ref##NN##_xof_side, ref##NN##_xof_strided};
#define REF_XN_DEFINE(b, n) REF_XN(n)
KF_EMU_XN_LIST(REF_XN_DEFINE)

static void ref_x1_fill(kf_backend *b)
{
    *b = ref_x1;
    b->init = OPT->init;
    b->add_bytes = OPT->add_bytes;
    b->overwrite_bytes = OPT->overwrite_bytes;
    b->extract_bytes = OPT->extract_bytes;
    b->permute = OPT->permute;
}

static unsigned ref_rej_block(int16_t c[KF_MLKEM_N], unsigned cnt, const uint64_t *words, unsigned n, unsigned i)
{
    uint8_t block[168];
    for (unsigned j = 0; j < 21; j++)
        for (unsigned b = 0; b < 8; b++) block[8 * j + b] = (uint8_t)(words[j * n + i] >> (8 * b));
    return kf_emu_reject_reference(c, cnt, block, sizeof block);
}
static void ref_cbd2(kf_mlkem_poly *p, const uint8_t buf[128]) { kf_emu_cbd_reference(p, buf, 2); }
static void ref_cbd3(kf_mlkem_poly *p, const uint8_t buf[192]) { kf_emu_cbd_reference(p, buf, 3); }

#define X1_NATIVE(b) &b,
#define XN_NATIVE(b, n) &b,
#define XN_REF(b, n) &ref##n,
static const kf_backend *const native_x1[] = {KF_EMU_X1_LIST(X1_NATIVE)};
static const kf_backend_xn *const native_xn[] = {KF_EMU_XN_LIST(XN_NATIVE)};
static const kf_backend_xn *const ref_xn[] = {KF_EMU_XN_LIST(XN_REF)};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* mode 0: portable; 1: the AVX-512 kernels on this CPU. Returns 0, or 77 when this CPU
 * cannot run what the command needs natively (then nothing ran). */
__attribute__((visibility("default"))) int kf_emu_host_run(struct kf_emu_cmd *cmd, const uint8_t *in, uint8_t *out,
                                                            int mode);
int kf_emu_host_run(struct kf_emu_cmd *cmd, const uint8_t *in, uint8_t *out, int mode)
{
    static kf_backend x1_ref[COUNT(native_x1)];
    static const kf_backend *x1_ref_list[COUNT(native_x1)];
    for (unsigned i = 0; i < COUNT(native_x1); i++) {
        ref_x1_fill(&x1_ref[i]);
        x1_ref_list[i] = &x1_ref[i];
    }
    if (mode == 0) {
        const struct kf_emu_impl portable = {
            x1_ref_list, COUNT(native_x1), ref_xn, COUNT(ref_xn), kf_mlkem_poly_ntt_portable,
            kf_mlkem_polyvec_basemul_acc_portable, kf_mlkem_row_tobytes_portable, kf_mlkem_poly_tobytes_portable,
            kf_mlkem_poly_frombytes_portable, NULL, ref_rej_block, ref_cbd2, ref_cbd3,
            kf_mldsa_ntt_portable, kf_mldsa_invntt_tomont_portable, kf_mldsa_pointwise_acc_vec_portable, NULL, NULL,
        };
        kf_emu_exec(cmd, in, out, &portable);
        return 0;
    }
    const struct kf_emu_impl native = {
        native_x1, COUNT(native_x1), native_xn, COUNT(native_xn), kf_mlkem_poly_ntt_avx512,
        kf_mlkem_polyvec_basemul_acc_avx512, kf_mlkem_row_tobytes_avx512, kf_mlkem_poly_tobytes_avx512,
        kf_mlkem_poly_frombytes_avx512, kf_mlkem_rej_uniform_avx512, kf_mlkem_rej_block_xn_avx512,
        kf_mlkem_cbd2_avx512, kf_mlkem_cbd3_avx512,
        kf_mldsa_ntt_avx512, kf_mldsa_invntt_tomont_avx512, kf_mldsa_pointwise_acc_vec_avx512,
        kf_mldsa_rej_uniform_avx512, kf_mldsa_rej_eta_avx512,
    };
    if (cmd->op >= KF_EMU_X1_PERMUTE && cmd->op <= KF_EMU_X1_ONEBLOCK)
        if (cmd->target >= COUNT(native_x1) || !kf_backend_runnable(native_x1[cmd->target])) return 77;
    if ((cmd->op >= KF_EMU_XN_PERMUTE && cmd->op <= KF_EMU_XN_XOF) || cmd->op == KF_EMU_XN_XOF_SIDE ||
        cmd->op == KF_EMU_XN_XOF_STRIDED)
        if (cmd->target >= COUNT(native_xn) || !kf_backend_xn_runnable(native_xn[cmd->target])) return 77;
    if (cmd->op >= KF_EMU_MK_NTT && cmd->op <= KF_EMU_MK_CBD && !kf_mlkem_avx512_cpu()) return 77;
    if (cmd->op >= KF_EMU_MD_NTT && cmd->op <= KF_EMU_MD_ACC && !(kf_cpu_features() & KF_CPU_AVX512F))
        return 77; /* ntt_avx512.c: F only */
    const uint32_t vbmi = KF_CPU_AVX512F | KF_CPU_AVX512BW | KF_CPU_AVX512VBMI; /* sampling_avx512.c */
    if (cmd->op == KF_EMU_MD_REJ && (kf_cpu_features() & vbmi) != vbmi) return 77;
    kf_emu_exec(cmd, in, out, &native);
    return 0;
}
