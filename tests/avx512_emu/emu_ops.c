/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * emu_ops.c - the operations of emu_ops.h on one implementation (struct kf_emu_impl): the
 * AVX-512 kernels in the emulated image, the portable C or the same kernels on the host.
 * No libc beyond memcpy/memset/memcmp (freestanding.c in the image).
 */
#include "emu_ops.h"

#include <string.h>

#define N KF_MLKEM_N
#define Q KF_MLKEM_Q
#define MAX_N 16
#define STATE_MAX (200 * MAX_N)

static _Alignas(64) uint8_t st_a[STATE_MAX], st_b[STATE_MAX];

unsigned kf_emu_reject_reference(int16_t *c, unsigned n, const uint8_t *b, size_t len)
{
    for (size_t pos = 0; pos + 3 <= len && n < N; pos += 3) {
        unsigned d1 = b[pos] | (b[pos + 1] & 15u) << 8, d2 = b[pos + 1] >> 4 | (unsigned)b[pos + 2] << 4;
        if (d1 < Q) c[n++] = (int16_t)d1;
        if (d2 < Q && n < N) c[n++] = (int16_t)d2;
    }
    return n;
}

void kf_emu_cbd_reference(kf_mlkem_poly *p, const uint8_t *b, unsigned eta)
{
    for (unsigned i = 0; i < N; i++) {
        int x = 0, y = 0;
        for (unsigned j = 0; j < eta; j++) {
            unsigned bx = 2 * eta * i + j, by = bx + eta;
            x += b[bx / 8] >> (bx % 8) & 1;
            y += b[by / 8] >> (by % 8) & 1;
        }
        p->c[i] = (int16_t)(x - y);
    }
}

unsigned kf_emu_mldsa_reject_reference(int32_t *c, unsigned n, const uint8_t *b, size_t len, unsigned eta)
{
    if (eta == 0) {
        for (size_t pos = 0; pos + 3 <= len && n < KF_MLDSA_N; pos += 3) {
            uint32_t z = b[pos] | (uint32_t)b[pos + 1] << 8 | (uint32_t)(b[pos + 2] & 0x7F) << 16;
            if (z < KF_MLDSA_Q) c[n++] = (int32_t)z;
        }
        return n;
    }
    for (size_t pos = 0; pos < len && n < KF_MLDSA_N; pos++) {
        unsigned half[2] = {b[pos] & 15u, b[pos] >> 4u};
        for (unsigned h = 0; h < 2 && n < KF_MLDSA_N; h++) {
            if (eta == 2 && half[h] < 15) c[n++] = 2 - (int32_t)(half[h] % 5);
            if (eta == 4 && half[h] < 9) c[n++] = 4 - (int32_t)half[h];
        }
    }
    return n;
}

static void put64(uint8_t *o, uint64_t v) { memcpy(o, &v, 8); }

static int bytes_ok(const uint64_t *p)
{
    return p[0] + p[1] <= 200 && p[2] + p[3] <= 200 && p[4] + p[5] <= 200;
}

/* the x1 operations; returns the output length or a negative status */
static long x1_op(const struct kf_emu_cmd *c, const kf_backend *b, const uint8_t *in, uint8_t *out)
{
    const uint64_t *p = c->p;
    void *s = st_a;
    switch (c->op) {
    case KF_EMU_X1_PERMUTE:
        if (c->in_len != 200 || p[0] < 1 || p[0] > 24) return KF_EMU_BAD;
        b->init(s);
        b->overwrite_bytes(s, in, 0, 200);
        b->permute(s, (unsigned)p[0]);
        b->extract_bytes(s, out, 0, 200);
        return 200;
    case KF_EMU_X1_BYTES:
        if (c->in_len != 600 || !bytes_ok(p)) return KF_EMU_BAD;
        b->init(s);
        b->overwrite_bytes(s, in, 0, 200);
        b->add_bytes(s, in + 200, p[0], p[1]);
        b->overwrite_bytes(s, in + 400, p[2], p[3]);
        b->extract_bytes(s, out, 0, 200);
        b->extract_bytes(s, out + 200, p[4], p[5]);
        return 200 + (long)p[5];
    case KF_EMU_X1_ABSORB:
        if (!b->absorb_blocks) return -KF_EMU_ABSENT;
        if (c->in_len != 200 + p[2] || p[1] % 8 || p[1] == 0 || p[1] >= 200) return KF_EMU_BAD;
        b->init(s);
        b->overwrite_bytes(s, in, 0, 200);
        put64(out + 200, b->absorb_blocks(s, (unsigned)p[0], p[1], in + 200, p[2]));
        b->extract_bytes(s, out, 0, 200);
        return 208;
    case KF_EMU_X1_ONEBLOCK:
        if (!b->oneblock) return -KF_EMU_ABSENT;
        if (c->in_len != p[3] || p[3] >= p[1] || p[4] > p[1] || p[1] % 8 || p[1] >= 200) return KF_EMU_BAD;
        b->oneblock((unsigned)p[0], p[1], (uint8_t)p[2], in, p[3], out, p[4]);
        return (long)p[4];
    }
    return KF_EMU_BAD;
}

/* the batched operations */
static long xn_op(const struct kf_emu_cmd *c, const kf_backend_xn *b, const uint8_t *in, uint8_t *out)
{
    const uint64_t *p = c->p;
    unsigned n = b->n;
    const uint8_t *msgs[MAX_N];
    uint8_t *outs[MAX_N];
    if (n > MAX_N || b->state_bytes > STATE_MAX) return KF_EMU_BAD;
    b->init(st_a);
    switch (c->op) {
    case KF_EMU_XN_PERMUTE:
        if (c->in_len != 200 * n || p[0] < 1 || p[0] > 24) return KF_EMU_BAD;
        for (unsigned i = 0; i < n; i++) b->overwrite_bytes(st_a, i, in + 200 * i, 0, 200);
        b->permute(st_a, (unsigned)p[0]);
        for (unsigned i = 0; i < n; i++) b->extract_bytes(st_a, i, out + 200 * i, 0, 200);
        return 200 * (long)n;
    case KF_EMU_XN_BYTES: {
        unsigned i = (unsigned)p[6];
        const uint8_t *d = in + 200 * n;
        if (c->in_len != 200 * n + 400 || !bytes_ok(p) || i >= n) return KF_EMU_BAD;
        for (unsigned j = 0; j < n; j++) b->overwrite_bytes(st_a, j, in + 200 * j, 0, 200);
        b->add_bytes(st_a, i, d, p[0], p[1]);
        b->overwrite_bytes(st_a, i, d + 200, p[2], p[3]);
        for (unsigned j = 0; j < n; j++) b->extract_bytes(st_a, j, out + 200 * j, 0, 200);
        b->extract_bytes(st_a, i, out + 200 * n, p[4], p[5]);
        return 200 * (long)n + (long)p[5];
    }
    case KF_EMU_XN_ABSORB:
        if (!b->absorb_blocks) return -KF_EMU_ABSENT;
        if (c->in_len != n * (200 + p[2]) || p[1] % 8 || p[1] == 0 || p[1] >= 200) return KF_EMU_BAD;
        for (unsigned i = 0; i < n; i++) {
            b->overwrite_bytes(st_a, i, in + 200 * i, 0, 200);
            msgs[i] = in + 200 * n + p[2] * i;
        }
        put64(out + 200 * n, b->absorb_blocks(st_a, (unsigned)p[0], p[1], msgs, p[2]));
        for (unsigned i = 0; i < n; i++) b->extract_bytes(st_a, i, out + 200 * i, 0, 200);
        return 200 * (long)n + 8;
    case KF_EMU_XN_ONEBLOCK: {
        size_t lens[MAX_N], rate = p[1], count = p[3], outlen = p[4];
        if (!b->oneblock) return -KF_EMU_ABSENT;
        if (c->in_len != n * (8 + rate) || count > n || outlen > rate || rate % 8 || rate >= 200) return KF_EMU_BAD;
        for (unsigned i = 0; i < n; i++) {
            uint64_t l;
            memcpy(&l, in + 8 * i, 8);
            if (l >= rate) return KF_EMU_BAD;
            lens[i] = l;
            msgs[i] = in + 8 * n + rate * i;
            outs[i] = out + outlen * i;
        }
        b->oneblock(st_a, (unsigned)p[0], rate, (uint8_t)p[2], msgs, lens, (unsigned)count, outs, outlen);
        return (long)(count * outlen);
    }
    case KF_EMU_XN_PERMUTE_FROM:
        if (!b->permute_from) return -KF_EMU_ABSENT;
        if (c->in_len != 400 * n || p[1] + p[3] > 25 || p[2] + p[3] > 25 || p[0] < 1 || p[0] > 24) return KF_EMU_BAD;
        b->init(st_b);
        for (unsigned i = 0; i < n; i++) {
            b->overwrite_bytes(st_a, i, in + 200 * i, 0, 200);
            b->overwrite_bytes(st_b, i, in + 200 * (n + i), 0, 200);
        }
        b->permute_from(st_a, st_b, (unsigned)p[1], (unsigned)p[2], (unsigned)p[3], (unsigned)p[0]);
        for (unsigned i = 0; i < n; i++) b->extract_bytes(st_a, i, out + 200 * i, 0, 200);
        return 200 * (long)n;
    case KF_EMU_XN_LEAVES:
    case KF_EMU_XN_LEAVES_NODE: {
        int node_op = c->op == KF_EMU_XN_LEAVES_NODE;
        size_t rate = p[1], len = p[3], outlen = p[4], blocks = p[5], need = n * len;
        if (node_op ? !b->leaves_node : !b->leaves) return -KF_EMU_ABSENT;
        if (node_op) need += 200 + blocks * rate;
        if (c->in_len != need || outlen > rate || rate > 200) return KF_EMU_BAD;
        for (unsigned i = 0; i < n; i++) {
            msgs[i] = in + len * i;
            outs[i] = out + 8 + outlen * i;
        }
        if (!node_op) {
            put64(out, (uint64_t)b->leaves((unsigned)p[0], rate, (uint8_t)p[2], msgs, len, outs, outlen));
            return 8 + (long)(n * outlen);
        }
        uint8_t *node = out + 8 + n * outlen, *first = node + 200;
        memcpy(node, in + n * len, 200);
        memset(first, 0xA5, 200);
        put64(out, (uint64_t)b->leaves_node((unsigned)p[0], rate, (uint8_t)p[2], msgs, len, outs, outlen, node,
                                            in + n * len + 200, blocks, p[6] ? first : NULL));
        return 8 + (long)(n * outlen) + 400;
    }
    case KF_EMU_XN_XOF: {
        size_t rate = p[1], len = p[3], count = p[4], outlen = p[5], slot = outlen + KF_EMU_XOF_GUARD;
        if (!b->xof) return -KF_EMU_ABSENT;
        if (c->in_len != n * len || count < 1 || count > n || rate == 0 || rate >= 200) return KF_EMU_BAD;
        /* every instance's slot preset, those past count included: the contract says their
         * out[i] is not written, and the bytes past outlen must not be either */
        memset(out + 8, 0xA5, n * slot);
        for (unsigned i = 0; i < n; i++) {
            msgs[i] = in + len * i;
            outs[i] = out + 8 + slot * i;
        }
        put64(out, (uint64_t)b->xof((unsigned)p[0], rate, (uint8_t)p[2], msgs, len, (unsigned)count, outs, outlen,
                                    (int)p[6]));
        return 8 + (long)(n * slot);
    }
    case KF_EMU_XN_XOF_SIDE: {
        size_t rate = p[1], len = p[3], count = p[4], outlen = p[5], slot = outlen + KF_EMU_XOF_GUARD;
        size_t srate = p[7] & 0xFFFF, sblocks = p[7] >> 16;
        static kf_xn_side side;
        if (!b->xof_side) return -KF_EMU_ABSENT;
        if (c->in_len != n * len + 200 + sblocks * srate || count < 1 || count > n || rate == 0 || rate >= 200 ||
            srate == 0 || srate % 8 || srate >= 200)
            return KF_EMU_BAD;
        memset(out + 8, 0xA5, n * slot);
        for (unsigned i = 0; i < n; i++) {
            msgs[i] = in + len * i;
            outs[i] = out + 8 + slot * i;
        }
        const uint8_t *sin = in + n * len + 200;
        for (unsigned j = 0; j < 25; j++) {
            uint64_t w = 0;
            for (unsigned t = 0; t < 8; t++) w |= (uint64_t)in[n * len + 8 * j + t] << (8 * t);
            side.lanes[j] = w;
        }
        side.in = sin;
        side.rate = srate;
        side.blocks = sblocks;
        put64(out, (uint64_t)b->xof_side((unsigned)p[0], rate, (uint8_t)p[2], msgs, len, (unsigned)count, outs,
                                         outlen, (int)p[6], &side));
        uint8_t *o = out + 8 + n * slot;
        for (unsigned j = 0; j < 25; j++)
            for (unsigned t = 0; t < 8; t++) o[8 * j + t] = (uint8_t)(side.lanes[j] >> (8 * t));
        put64(o + 200, side.blocks);
        put64(o + 208, (uint64_t)(side.in - sin));
        return 8 + (long)(n * slot) + 216;
    }
    case KF_EMU_XN_XOF_STRIDED: {
        size_t rate = p[1], len = p[3], count = p[4], stride = p[5], row = p[6] * rate;
        static _Alignas(64) uint8_t rows[KF_EMU_XOF_GUARD + MAX_N * 6 * 168 + KF_EMU_XOF_GUARD];
        if (!b->xof_strided) return -KF_EMU_ABSENT;
        if (c->in_len != n * len || count < 1 || count > n || rate == 0 || rate >= 200 || row > stride ||
            n * stride > MAX_N * 6 * 168)
            return KF_EMU_BAD;
        memset(rows, 0xA5, sizeof rows);
        for (unsigned i = 0; i < n; i++) msgs[i] = in + len * i;
        put64(out, (uint64_t)b->xof_strided((unsigned)p[0], rate, (uint8_t)p[2], msgs, len, (unsigned)count,
                                            rows + KF_EMU_XOF_GUARD, stride, p[6]));
        uint8_t *o = out + 8;
        for (unsigned i = 0; i < count; i++, o += row) memcpy(o, rows + KF_EMU_XOF_GUARD + i * stride, row);
        memcpy(o, rows, KF_EMU_XOF_GUARD);
        memcpy(o + KF_EMU_XOF_GUARD, rows + KF_EMU_XOF_GUARD + n * stride, KF_EMU_XOF_GUARD);
        return 8 + (long)(count * row) + 2 * KF_EMU_XOF_GUARD;
    }
    }
    return KF_EMU_BAD;
}

static long mlkem_op(const struct kf_emu_cmd *c, const struct kf_emu_impl *im, const uint8_t *in, uint8_t *out)
{
    const uint64_t *p = c->p;
    static kf_mlkem_poly a[KF_MLKEM_K_MAX], bv[KF_MLKEM_K_MAX], r;
    const size_t P = sizeof(kf_mlkem_poly);
    switch (c->op) {
    case KF_EMU_MK_NTT:
        if (c->in_len != P) return KF_EMU_BAD;
        memcpy(&r, in, P);
        im->ntt(&r);
        memcpy(out, &r, P);
        return (long)P;
    case KF_EMU_MK_BASEMUL:
    case KF_EMU_MK_ROW: {
        unsigned k = (unsigned)p[0];
        int row = c->op == KF_EMU_MK_ROW;
        if (k < 2 || k > KF_MLKEM_K_MAX || c->in_len != (2 * k + (unsigned)row) * P) return KF_EMU_BAD;
        memcpy(a, in, k * P);
        memcpy(bv, in + k * P, k * P);
        if (!row) {
            im->basemul(&r, a, bv, k);
            memcpy(out, &r, P);
            return (long)P;
        }
        memcpy(&r, in + 2 * k * P, P);
        memset(out, 0xA5, KF_MLKEM_POLY_BYTES + 16);
        im->row(out, a, bv, &r, k);
        return KF_MLKEM_POLY_BYTES + 16;
    }
    case KF_EMU_MK_TOBYTES:
        if (c->in_len != P) return KF_EMU_BAD;
        memcpy(&r, in, P);
        memset(out, 0xA5, KF_MLKEM_POLY_BYTES + 32);
        im->tobytes(out, &r);
        return KF_MLKEM_POLY_BYTES + 32;
    case KF_EMU_MK_FROMBYTES:
        if (c->in_len != KF_MLKEM_POLY_BYTES) return KF_EMU_BAD;
        memset(&r, 0x5A, P);
        im->frombytes(&r, in);
        memcpy(out, &r, P);
        return (long)P;
    case KF_EMU_MK_REJ: {
        unsigned n = (unsigned)p[0];
        size_t len = p[1], used = 0;
        if (c->in_len != len + P || n > N || len % 3) return KF_EMU_BAD;
        memcpy(&r, in + len, P);
        if (im->rej) {
            used = im->rej(r.c, &n, in, len);
            if (used % 48 || used > len || n > N) return KF_EMU_BAD - 1;
        }
        n = kf_emu_reject_reference(r.c, n, in + used, len - used); /* sampling.c's scalar finish */
        put64(out, n);
        memcpy(out + 8, &r, P);
        return 8 + (long)P;
    }
    case KF_EMU_MK_REJ_BLOCK: {
        static _Alignas(64) uint64_t words[25 * MAX_N];
        unsigned n = (unsigned)p[0], i = (unsigned)p[1], cnt = (unsigned)p[2];
        if (n < 1 || n > MAX_N || i >= n || cnt > N || c->in_len != 200 * n + P) return KF_EMU_BAD;
        memcpy(words, in, 200 * n);
        memcpy(&r, in + 200 * n, P);
        put64(out, im->rej_block(r.c, cnt, words, n, i));
        memcpy(out + 8, &r, P);
        return 8 + (long)P;
    }
    case KF_EMU_MK_CBD:
        if (c->in_len != 192 || (p[0] != 2 && p[0] != 3)) return KF_EMU_BAD;
        if (p[0] == 2) im->cbd2(&r, in);
        else im->cbd3(&r, in);
        memcpy(out, &r, P);
        return (long)P;
    }
    return KF_EMU_BAD;
}

static void copy_name(char *d, const char *s, size_t cap)
{
    size_t i = 0;
    for (; s[i] && i + 1 < cap; i++) d[i] = s[i];
    d[i] = 0;
}

static void info(const struct kf_emu_impl *im, uint8_t *out)
{
    struct kf_emu_info f;
    memset(&f, 0, sizeof f);
    f.n_x1 = im->n_x1;
    f.n_xn = im->n_xn;
    f.features = kf_cpu_features();
    for (unsigned i = 0; i < im->n_x1 && i < KF_EMU_MAX_BACKENDS; i++) {
        const kf_backend *b = im->x1[i];
        copy_name(f.x1[i].name, b->name, sizeof f.x1[i].name);
        f.x1[i].n = 1;
        f.x1[i].flags = (b->absorb_blocks ? KF_EMU_HAS_ABSORB : 0) | (b->oneblock ? KF_EMU_HAS_ONEBLOCK : 0);
    }
    for (unsigned i = 0; i < im->n_xn && i < KF_EMU_MAX_BACKENDS; i++) {
        const kf_backend_xn *b = im->xn[i];
        copy_name(f.xn[i].name, b->name, sizeof f.xn[i].name);
        f.xn[i].n = b->n;
        f.xn[i].flags = (b->absorb_blocks ? KF_EMU_HAS_ABSORB : 0) | (b->oneblock ? KF_EMU_HAS_ONEBLOCK : 0) |
                        (b->permute_from ? KF_EMU_HAS_PERMUTE_FROM : 0) | (b->leaves ? KF_EMU_HAS_LEAVES : 0) |
                        (b->leaves_node ? KF_EMU_HAS_LEAVES_NODE : 0) | (b->xof ? KF_EMU_HAS_XOF : 0) |
                        (b->xof_side ? KF_EMU_HAS_XOF_SIDE : 0) | (b->xof_strided ? KF_EMU_HAS_XOF_STRIDED : 0);
    }
    memcpy(out, &f, sizeof f);
}

static long mldsa_op(const struct kf_emu_cmd *c, const struct kf_emu_impl *im, const uint8_t *in, uint8_t *out)
{
    static kf_mldsa_poly a[KF_MLDSA_L_MAX], bv[KF_MLDSA_L_MAX], r;
    const size_t P = sizeof(kf_mldsa_poly);
    switch (c->op) {
    case KF_EMU_MD_NTT:
    case KF_EMU_MD_INVNTT:
        if (c->in_len != P) return KF_EMU_BAD;
        memcpy(&r, in, P);
        if (c->op == KF_EMU_MD_NTT) im->md_ntt(&r);
        else im->md_invntt(&r);
        memcpy(out, &r, P);
        return (long)P;
    case KF_EMU_MD_ACC: {
        unsigned n = (unsigned)c->p[0];
        if (n < 1 || n > KF_MLDSA_L_MAX || c->in_len != 2 * n * P) return KF_EMU_BAD;
        memcpy(a, in, n * P);
        memcpy(bv, in + n * P, n * P);
        im->md_acc(&r, a, bv, n);
        memcpy(out, &r, P);
        return (long)P;
    }
    case KF_EMU_MD_REJ: {
        unsigned n = (unsigned)c->p[0], eta = (unsigned)c->p[2];
        size_t len = c->p[1], used = 0, step = eta ? 8 : 48;
        if (c->in_len != len + P || n > KF_MLDSA_N || (eta != 0 && eta != 2 && eta != 4)) return KF_EMU_BAD;
        memcpy(&r, in + len, P);
        if (eta ? im->md_rej_eta != NULL : im->md_rej_uniform != NULL) {
            n = eta ? im->md_rej_eta(r.c, n, in, len, eta, &used) : im->md_rej_uniform(r.c, n, in, len, &used);
            if (used % step || used > len || n > KF_MLDSA_N) return KF_EMU_BAD - 1;
        }
        n = kf_emu_mldsa_reject_reference(r.c, n, in + used, len - used, eta); /* sampling.c's scalar finish */
        /* c[n ..] is not part of the result: a step's vector store writes a register's width
         * (16 values, zeros past the accepted ones) while n + 16 <= 256 */
        for (unsigned i = n; i < KF_MLDSA_N; i++) r.c[i] = 0;
        put64(out, n);
        memcpy(out + 8, &r, P);
        return 8 + (long)P;
    }
    }
    return KF_EMU_BAD;
}

void kf_emu_exec(struct kf_emu_cmd *cmd, const uint8_t *in, uint8_t *out, const struct kf_emu_impl *impl)
{
    long r = KF_EMU_BAD;
    if (cmd->op == KF_EMU_INFO) {
        info(impl, out);
        r = sizeof(struct kf_emu_info);
    } else if (cmd->op >= KF_EMU_X1_PERMUTE && cmd->op <= KF_EMU_X1_ONEBLOCK) {
        if (cmd->target < impl->n_x1) r = x1_op(cmd, impl->x1[cmd->target], in, out);
    } else if ((cmd->op >= KF_EMU_XN_PERMUTE && cmd->op <= KF_EMU_XN_XOF) || cmd->op == KF_EMU_XN_XOF_SIDE ||
               cmd->op == KF_EMU_XN_XOF_STRIDED) {
        if (cmd->target < impl->n_xn) r = xn_op(cmd, impl->xn[cmd->target], in, out);
    } else if (cmd->op >= KF_EMU_MK_NTT && cmd->op <= KF_EMU_MK_CBD) {
        r = mlkem_op(cmd, impl, in, out);
    } else if ((cmd->op >= KF_EMU_MD_NTT && cmd->op <= KF_EMU_MD_ACC) || cmd->op == KF_EMU_MD_REJ) {
        r = mldsa_op(cmd, impl, in, out);
    }
    cmd->out_len = r > 0 ? (uint64_t)r : 0;
    cmd->status = r >= 0 ? KF_EMU_OK : r == -KF_EMU_ABSENT ? KF_EMU_ABSENT : r;
}
