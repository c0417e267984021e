/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _kf_tree.c - the tree-hash API (kf_tree_layout / kf_tree_leaves / kf_tree_final) and the
 * column entry points keccakforge.spark calls once per batch of rows, for the module
 * keccakforge._keccakforge:
 *   _tree_layout(mode, total_len, block_bytes) -> (leaf_len, cv_len, first_len, cv_count)
 *   _tree_leaves(mode, total_len, offset, part, block_bytes, customization) -> CVs (bytes)
 *   _tree_final(mode, total_len, first, cvs, block_bytes, customization, length) -> bytes
 *   _hash_many(alg, inputs, length, key, customization, domain) -> [bytes | None, ...]
 *   _hash_arrow(alg, n, offset, validity, offsets, data, wide, length, key, customization,
 *               domain) -> bytes: the same over an Arrow binary/utf8 array's buffers
 *   _verify_many(scheme, param, pks, msgs, sigs, ctxs) -> [True | False | None, ...]
 * mode: "kt128", "kt256", "parallelhash128", "parallelhash256", "parallelhashxof128",
 * "parallelhashxof256" (keccakforge.tree wraps these with defaults and documentation).
 * _hash_many's inputs are bytes-like, str (hashed as UTF-8) or None (-> None); every input
 * is hashed in one call with the GIL released: SHA3-256/512, SHAKE and TurboSHAKE through
 * the batched API (KF_BATCH_MAX lanes at a time), the others one by one.
 * _verify_many: None in pk, msg or sig gives None (ctx None = empty); every other item is
 * True or False (a key, signature or context the scheme refuses is False) through
 * kf_mldsa_verify_batch / kf_slhdsa_verify_batch.
 */
#include "_kf.h"

#include <string.h>

static int tree_mode(PyObject *o, kf_tree_mode *m)
{
    static const struct { const char *name; kf_tree_mode m; } modes[] = {
        {"kt128", KF_TREE_KT128}, {"kt256", KF_TREE_KT256},
        {"parallelhash128", KF_TREE_PARALLELHASH128}, {"parallelhash256", KF_TREE_PARALLELHASH256},
        {"parallelhashxof128", KF_TREE_PARALLELHASHXOF128}, {"parallelhashxof256", KF_TREE_PARALLELHASHXOF256},
    };
    if (!PyUnicode_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "mode must be a str such as 'kt128'");
        return -1;
    }
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (PyUnicode_CompareWithASCIIString(o, modes[i].name) == 0) {
            *m = modes[i].m;
            return 0;
        }
    kfpy_raise(KF_ERR_BAD_ALGORITHM, "mode must be kt128, kt256, parallelhash128/256 or parallelhashxof128/256");
    return -1;
}

static int u64_arg(PyObject *o, const char *what, uint64_t *out)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int", what);
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s must be in [0, 2**64)", what);
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

static PyObject *t_layout(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    (void)m;
    static const char *const names[] = {"mode", "total_len", "block_bytes"};
    PyObject *a[3];
    kf_tree_mode mode;
    uint64_t total, count;
    Py_ssize_t block = 0;
    size_t leaf, cvl, first;
    if (kfpy_parse("_tree_layout", args, nargs, kw, names, 3, 3, 2, a) < 0 || tree_mode(a[0], &mode) < 0 ||
        u64_arg(a[1], "total_len", &total) < 0)
        return NULL;
    if (a[2] && kfpy_ssize(a[2], 0, PY_SSIZE_T_MAX, "block_bytes", &block) < 0) return NULL;
    int rc = kf_tree_layout(mode, (size_t)block, total, &leaf, &cvl, &first, &count);
    if (rc != KF_OK) return kfpy_raise(rc, "tree layout");
    return Py_BuildValue("(nnnK)", (Py_ssize_t)leaf, (Py_ssize_t)cvl, (Py_ssize_t)first, (unsigned long long)count);
}

static PyObject *t_leaves(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    (void)m;
    static const char *const names[] = {"mode", "total_len", "offset", "part", "block_bytes", "customization"};
    PyObject *a[6], *res = NULL;
    kf_tree_mode mode;
    uint64_t total, offset;
    Py_ssize_t block = 0;
    size_t leaf, cvl;
    Py_buffer pv, cv = {0};
    if (kfpy_parse("_tree_leaves", args, nargs, kw, names, 6, 6, 4, a) < 0 || tree_mode(a[0], &mode) < 0 ||
        u64_arg(a[1], "total_len", &total) < 0 || u64_arg(a[2], "offset", &offset) < 0)
        return NULL;
    if (a[4] && kfpy_ssize(a[4], 0, PY_SSIZE_T_MAX, "block_bytes", &block) < 0) return NULL;
    int rc = kf_tree_layout(mode, (size_t)block, total, &leaf, &cvl, NULL, NULL);
    if (rc != KF_OK) return kfpy_raise(rc, "tree layout");
    if (kfpy_getbuf(a[3], &pv, "part") < 0) return NULL;
    if (a[5] && kfpy_getbuf(a[5], &cv, "customization") < 0) goto out1;
    size_t count = (size_t)pv.len / leaf + ((size_t)pv.len % leaf != 0);
    if (!(res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(count * cvl)))) goto out2;
    uint8_t *o = (uint8_t *)PyBytes_AsString(res);
    Py_BEGIN_ALLOW_THREADS
    rc = kf_tree_leaves(mode, (size_t)block, total, cv.buf, (size_t)cv.len, offset, pv.buf, (size_t)pv.len, o,
                        count * cvl);
    Py_END_ALLOW_THREADS
    if (rc != KF_OK) {
        Py_CLEAR(res);
        kfpy_raise(rc, "tree leaves: the part must start and end on leaf boundaries within total_len");
    }
out2:
    if (a[5]) PyBuffer_Release(&cv);
out1:
    PyBuffer_Release(&pv);
    return res;
}

static PyObject *t_final(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    (void)m;
    static const char *const names[] = {"mode", "total_len", "first", "cvs", "block_bytes", "customization",
                                        "length"};
    PyObject *a[7], *res = NULL;
    kf_tree_mode mode;
    uint64_t total;
    Py_ssize_t block = 0, outlen = 32;
    Py_buffer fv, vv, cv = {0};
    if (kfpy_parse("_tree_final", args, nargs, kw, names, 7, 7, 4, a) < 0 || tree_mode(a[0], &mode) < 0 ||
        u64_arg(a[1], "total_len", &total) < 0)
        return NULL;
    if (a[4] && kfpy_ssize(a[4], 0, PY_SSIZE_T_MAX, "block_bytes", &block) < 0) return NULL;
    if (a[6] && kfpy_ssize(a[6], 0, (Py_ssize_t)1 << 30, "length", &outlen) < 0) return NULL;
    if (kfpy_getbuf(a[2], &fv, "first") < 0) return NULL;
    if (kfpy_getbuf(a[3], &vv, "cvs") < 0) goto out1;
    if (a[5] && kfpy_getbuf(a[5], &cv, "customization") < 0) goto out2;
    if (!(res = PyBytes_FromStringAndSize(NULL, outlen))) goto out3;
    int rc;
    uint8_t *o = (uint8_t *)PyBytes_AsString(res);
    Py_BEGIN_ALLOW_THREADS
    rc = kf_tree_final(mode, (size_t)block, total, cv.buf, (size_t)cv.len, fv.buf, (size_t)fv.len, vv.buf,
                       (size_t)vv.len, o, (size_t)outlen);
    Py_END_ALLOW_THREADS
    if (rc != KF_OK) {
        Py_CLEAR(res);
        kfpy_raise(rc, "tree final: first must be the first chunk and cvs all the CVs, in order");
    }
out3:
    if (a[5]) PyBuffer_Release(&cv);
out2:
    PyBuffer_Release(&vv);
out1:
    PyBuffer_Release(&fv);
    return res;
}

/* ---- many inputs per call ------------------------------------------------------------ */

enum many_alg { M_SHA3_224, M_SHA3_256, M_SHA3_384, M_SHA3_512, M_SHAKE128, M_SHAKE256, M_TURBO128, M_TURBO256,
                M_KT128, M_KT256, M_KMAC128, M_KMAC256 };

/* One item of a column: a bytes-like view, a str's UTF-8 bytes, or None (p == NULL, none = 1). */
typedef struct many_item {
    const uint8_t *p;
    size_t len;
    int none, view;
} many_item;

static int many_get(PyObject *o, many_item *it, Py_buffer *v, const char *what)
{
    memset(it, 0, sizeof *it);
    if (o == Py_None) {
        it->none = 1;
        return 0;
    }
    if (PyUnicode_Check(o)) {
        Py_ssize_t n;
        const char *s = PyUnicode_AsUTF8AndSize(o, &n);
        if (!s) return -1;
        it->p = (const uint8_t *)s;
        it->len = (size_t)n;
        return 0;
    }
    if (kfpy_getbuf(o, v, what) < 0) return -1;
    it->p = v->buf;
    it->len = (size_t)v->len;
    it->view = 1;
    return 0;
}

static int many_hash(enum many_alg alg, size_t n, const uint8_t *const *ins, const size_t *lens, uint8_t *const *outs,
                     size_t outlen, const many_item *key, const many_item *custom, uint8_t domain)
{
    int rc = KF_OK;
    switch (alg) {
    case M_SHA3_256: return n ? kf_sha3_256_batch(outs, ins, lens, n) : KF_OK;
    case M_SHA3_512: return n ? kf_sha3_512_batch(outs, ins, lens, n) : KF_OK;
    case M_SHAKE128: return n ? kf_shake128_batch(outs, outlen, ins, lens, n) : KF_OK;
    case M_SHAKE256: return n ? kf_shake256_batch(outs, outlen, ins, lens, n) : KF_OK;
    case M_TURBO128: return n ? kf_turboshake128_batch(outs, outlen, ins, lens, n, domain) : KF_OK;
    case M_TURBO256: return n ? kf_turboshake256_batch(outs, outlen, ins, lens, n, domain) : KF_OK;
    default: break;
    }
    for (size_t i = 0; i < n && rc == KF_OK; i++) {
        switch (alg) {
        case M_SHA3_224: rc = kf_sha3_224(outs[i], ins[i], lens[i]); break;
        case M_SHA3_384: rc = kf_sha3_384(outs[i], ins[i], lens[i]); break;
        case M_KT128: rc = kf_kt128(outs[i], outlen, ins[i], lens[i], custom->p, custom->len); break;
        case M_KT256: rc = kf_kt256(outs[i], outlen, ins[i], lens[i], custom->p, custom->len); break;
        case M_KMAC128:
            rc = kf_kmac128(outs[i], outlen, key->p, key->len, ins[i], lens[i], custom->p, custom->len);
            break;
        default:
            rc = kf_kmac256(outs[i], outlen, key->p, key->len, ins[i], lens[i], custom->p, custom->len);
            break;
        }
    }
    return rc;
}

static PyObject *t_hash_many(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    (void)m;
    static const char *const names[] = {"alg", "inputs", "length", "key", "customization", "domain"};
    static const struct { const char *name; enum many_alg alg; Py_ssize_t fixed; } algs[] = {
        {"sha3_224", M_SHA3_224, 28}, {"sha3_256", M_SHA3_256, 32}, {"sha3_384", M_SHA3_384, 48},
        {"sha3_512", M_SHA3_512, 64}, {"shake128", M_SHAKE128, 0}, {"shake256", M_SHAKE256, 0},
        {"turboshake128", M_TURBO128, 0}, {"turboshake256", M_TURBO256, 0}, {"kt128", M_KT128, 0},
        {"kt256", M_KT256, 0}, {"kmac128", M_KMAC128, 0}, {"kmac256", M_KMAC256, 0},
    };
    PyObject *a[6], *seq = NULL, *list = NULL;
    Py_ssize_t outlen = 32, domain = 0x1F, fixed = -1;
    enum many_alg alg = M_SHA3_256;
    if (kfpy_parse("_hash_many", args, nargs, kw, names, 6, 6, 2, a) < 0) return NULL;
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++)
        if (PyUnicode_Check(a[0]) && PyUnicode_CompareWithASCIIString(a[0], algs[i].name) == 0) {
            alg = algs[i].alg;
            fixed = algs[i].fixed;
        }
    if (fixed < 0) return kfpy_raise(KF_ERR_BAD_ALGORITHM, "_hash_many: unknown algorithm");
    if (a[2] && kfpy_ssize(a[2], 0, (Py_ssize_t)1 << 24, "length", &outlen) < 0) return NULL;
    if (a[5] && kfpy_ssize(a[5], 1, 0x7F, "domain", &domain) < 0) return NULL;
    if (fixed) outlen = fixed;
    many_item key = {0}, custom = {0};
    Py_buffer kv, cv;
    if (a[3] && many_get(a[3], &key, &kv, "key") < 0) return NULL;
    if (a[4] && many_get(a[4], &custom, &cv, "customization") < 0) goto out_key;
    if ((alg == M_KMAC128 || alg == M_KMAC256) && (!a[3] || key.none)) {
        PyErr_SetString(PyExc_TypeError, "_hash_many: KMAC needs a key");
        goto out_custom;
    }
    if (!(seq = PySequence_Tuple(a[1]))) goto out_custom;
    Py_ssize_t n = PyTuple_Size(seq), got = 0, live = 0;
    Py_buffer *views = PyMem_Calloc((size_t)n + 1, sizeof(Py_buffer));
    many_item *its = PyMem_Calloc((size_t)n + 1, sizeof(many_item));
    const uint8_t **ins = PyMem_Calloc((size_t)n + 1, sizeof(*ins));
    uint8_t **outs = PyMem_Calloc((size_t)n + 1, sizeof(*outs));
    size_t *lens = PyMem_Calloc((size_t)n + 1, sizeof(size_t)), total = 0;
    if (!views || !its || !ins || !outs || !lens) {
        PyErr_NoMemory();
        goto done;
    }
    if (!(list = PyList_New(n))) goto done;
    for (Py_ssize_t i = 0; i < n; i++, got++) {
        if (many_get(PyTuple_GetItem(seq, i), &its[i], &views[i], "inputs") < 0) {
            PyErr_Format(PyExc_TypeError, "_hash_many: row %zd is neither bytes, str nor None", i);
            goto fail;
        }
        if (its[i].none) {
            PyList_SetItem(list, i, Py_NewRef(Py_None));
            continue;
        }
        PyObject *b = PyBytes_FromStringAndSize(NULL, outlen);
        if (!b) goto fail;
        PyList_SetItem(list, i, b); /* steals */
        outs[live] = (uint8_t *)PyBytes_AsString(b);
        ins[live] = its[i].p;
        lens[live++] = its[i].len;
        total += its[i].len + (size_t)outlen;
    }
    int rc;
    PyThreadState *ts = total >= KFPY_GIL_MINSIZE ? PyEval_SaveThread() : NULL;
    rc = many_hash(alg, (size_t)live, ins, lens, outs, (size_t)outlen, &key, &custom, (uint8_t)domain);
    if (ts) PyEval_RestoreThread(ts);
    if (rc != KF_OK) {
        kfpy_raise(rc, "_hash_many");
        goto fail;
    }
    goto done;
fail:
    Py_CLEAR(list);
done:
    for (Py_ssize_t i = 0; i < got; i++)
        if (its && its[i].view) PyBuffer_Release(&views[i]);
    PyMem_Free(views);
    PyMem_Free(its);
    PyMem_Free(ins);
    PyMem_Free(outs);
    PyMem_Free(lens);
    Py_DECREF(seq);
out_custom:
    if (a[4] && custom.view) PyBuffer_Release(&cv);
out_key:
    if (a[3] && key.view) PyBuffer_Release(&kv);
    return list;
}

/* _hash_arrow(alg, n, offset, validity, offsets, data, wide, length, key, customization, domain)
 * -> bytes of n * length: the digests of rows offset .. offset + n - 1 of an Arrow binary or
 * utf8 array given by its buffers (validity: a bitmap or None; offsets: int32, or int64 when
 * wide; data), null rows zero-filled, all in one call with the GIL released. The caller
 * (keccakforge.spark) builds the output array around it; no Python object per row. */
static PyObject *t_hash_arrow(PyObject *m, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    (void)m;
    static const char *const names[] = {"alg", "n", "offset", "validity", "offsets", "data", "wide", "length", "key",
                                        "customization", "domain"};
    PyObject *a[11], *res = NULL, *hm = NULL, *sub = NULL;
    Py_ssize_t n, off, wide, outlen = 32;
    Py_buffer vv = {0}, ov, dv;
    if (kfpy_parse("_hash_arrow", args, nargs, kw, names, 11, 11, 8, a) < 0) return NULL;
    if (kfpy_ssize(a[1], 0, PY_SSIZE_T_MAX / 2, "n", &n) < 0 || kfpy_ssize(a[2], 0, PY_SSIZE_T_MAX / 2, "offset", &off) < 0 ||
        kfpy_ssize(a[6], 0, 1, "wide", &wide) < 0 || kfpy_ssize(a[7], 0, (Py_ssize_t)1 << 24, "length", &outlen) < 0)
        return NULL;
    int have_v = a[3] != Py_None;
    if (have_v && kfpy_getbuf(a[3], &vv, "validity") < 0) return NULL;
    if (kfpy_getbuf(a[4], &ov, "offsets") < 0) goto o1;
    if (kfpy_getbuf(a[5], &dv, "data") < 0) goto o2;
    size_t osz = wide ? 8 : 4;
    if ((size_t)ov.len < ((size_t)off + (size_t)n + 1) * osz || (have_v && (size_t)vv.len * 8 < (size_t)(off + n))) {
        PyErr_SetString(PyExc_ValueError, "_hash_arrow: buffers shorter than the rows");
        goto o3;
    }
    /* the fixed output length and the parameters, as _hash_many takes them: one empty call */
    PyObject *margs[6] = {a[0], NULL, a[7], a[8], a[9], a[10]};
    if (!(sub = PyList_New(0))) goto o3;
    margs[1] = sub;
    if (!(hm = t_hash_many(NULL, margs, 6, NULL))) goto o3; /* checks alg, key, domain; [] */
    Py_CLEAR(hm);
    static const struct { const char *name; Py_ssize_t fixed; } fixed[] = {
        {"sha3_224", 28}, {"sha3_256", 32}, {"sha3_384", 48}, {"sha3_512", 64}};
    for (size_t i = 0; i < 4; i++)
        if (PyUnicode_CompareWithASCIIString(a[0], fixed[i].name) == 0) outlen = fixed[i].fixed;
    enum many_alg alg = M_SHA3_256;
    static const char *const anames[] = {"sha3_224", "sha3_256", "sha3_384", "sha3_512", "shake128", "shake256",
                                         "turboshake128", "turboshake256", "kt128", "kt256", "kmac128", "kmac256"};
    for (int i = 0; i < 12; i++)
        if (PyUnicode_CompareWithASCIIString(a[0], anames[i]) == 0) alg = (enum many_alg)i;
    many_item key = {0}, custom = {0};
    Py_buffer kv, cv;
    Py_ssize_t domain = 0x1F;
    if (a[10] && a[10] != Py_None && kfpy_ssize(a[10], 1, 0x7F, "domain", &domain) < 0) goto o3;
    if (a[8] && many_get(a[8], &key, &kv, "key") < 0) goto o3;
    if (a[9] && many_get(a[9], &custom, &cv, "customization") < 0) goto o4;
    const uint8_t **ins = PyMem_Calloc((size_t)n + 1, sizeof(*ins));
    uint8_t **outs = PyMem_Calloc((size_t)n + 1, sizeof(*outs));
    size_t *lens = PyMem_Calloc((size_t)n + 1, sizeof(size_t));
    if (!ins || !outs || !lens) {
        PyErr_NoMemory();
        goto o6;
    }
    if (!(res = PyBytes_FromStringAndSize(NULL, n * outlen))) goto o6;
    uint8_t *o = (uint8_t *)PyBytes_AsString(res);
    const uint8_t *bits = vv.buf, *data = dv.buf;
    size_t live = 0, dlen = (size_t)dv.len;
    int rc = KF_OK;
    memset(o, 0, (size_t)(n * outlen));
    for (Py_ssize_t i = 0; i < n; i++) {
        size_t r = (size_t)(off + i);
        if (have_v && !((bits[r / 8] >> (r % 8)) & 1)) continue;
        uint64_t s0, s1;
        if (wide) {
            int64_t x0, x1;
            memcpy(&x0, (const uint8_t *)ov.buf + r * 8, 8);
            memcpy(&x1, (const uint8_t *)ov.buf + r * 8 + 8, 8);
            if (x0 < 0 || x1 < x0) rc = KF_ERR_BAD_LENGTH;
            s0 = (uint64_t)x0;
            s1 = (uint64_t)x1;
        } else {
            int32_t x0, x1;
            memcpy(&x0, (const uint8_t *)ov.buf + r * 4, 4);
            memcpy(&x1, (const uint8_t *)ov.buf + r * 4 + 4, 4);
            if (x0 < 0 || x1 < x0) rc = KF_ERR_BAD_LENGTH;
            s0 = (uint64_t)(uint32_t)x0;
            s1 = (uint64_t)(uint32_t)x1;
        }
        if (rc != KF_OK || s1 > dlen) {
            PyErr_SetString(PyExc_ValueError, "_hash_arrow: offsets outside the data buffer");
            Py_CLEAR(res);
            goto o6;
        }
        ins[live] = data + s0;
        lens[live] = (size_t)(s1 - s0);
        outs[live++] = o + (size_t)i * (size_t)outlen;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = many_hash(alg, live, ins, lens, outs, (size_t)outlen, &key, &custom, (uint8_t)domain);
    Py_END_ALLOW_THREADS
    if (rc != KF_OK) {
        Py_CLEAR(res);
        kfpy_raise(rc, "_hash_arrow");
    }
o6:
    PyMem_Free(ins);
    PyMem_Free(outs);
    PyMem_Free(lens);
    if (a[9] && custom.view) PyBuffer_Release(&cv);
o4:
    if (a[8] && key.view) PyBuffer_Release(&kv);
o3:
    Py_XDECREF(sub);
    PyBuffer_Release(&dv);
o2:
    PyBuffer_Release(&ov);
o1:
    if (have_v) PyBuffer_Release(&vv);
    return res;
}

static PyObject *t_verify_many(PyObject *m, PyObject *const *args, Py_ssize_t nargs)
{
    (void)m;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "_verify_many(scheme, param, pks, msgs, sigs, ctxs)");
        return NULL;
    }
    int mldsa;
    if (PyUnicode_Check(args[0]) && PyUnicode_CompareWithASCIIString(args[0], "mldsa") == 0) mldsa = 1;
    else if (PyUnicode_Check(args[0]) && PyUnicode_CompareWithASCIIString(args[0], "slhdsa") == 0) mldsa = 0;
    else return kfpy_raise(KF_ERR_BAD_ALGORITHM, "_verify_many: scheme must be 'mldsa' or 'slhdsa'");
    long param = PyLong_AsLong(args[1]);
    if (param == -1 && PyErr_Occurred()) return NULL;
    PyObject *seqs[4] = {NULL, NULL, NULL, NULL}, *list = NULL;
    Py_ssize_t n = -1;
    for (int j = 0; j < 4; j++) {
        if (!(seqs[j] = PySequence_Tuple(args[2 + j]))) goto out;
        if (n >= 0 && PyTuple_Size(seqs[j]) != n) {
            PyErr_SetString(PyExc_ValueError, "_verify_many: columns of different lengths");
            goto out;
        }
        n = PyTuple_Size(seqs[j]);
    }
    Py_buffer *views = PyMem_Calloc(4 * (size_t)n + 1, sizeof(Py_buffer));
    many_item *its = PyMem_Calloc(4 * (size_t)n + 1, sizeof(many_item));
    kf_mldsa_verify_item *md = PyMem_Calloc((size_t)n + 1, sizeof(*md));
    kf_slhdsa_verify_item *sd = PyMem_Calloc((size_t)n + 1, sizeof(*sd));
    int *results = PyMem_Calloc((size_t)n + 1, sizeof(int));
    Py_ssize_t *rows = PyMem_Calloc((size_t)n + 1, sizeof(Py_ssize_t)), got = 0, live = 0;
    if (!views || !its || !md || !sd || !results || !rows) {
        PyErr_NoMemory();
        goto done;
    }
    static const char *const what[4] = {"pk", "msg", "sig", "ctx"};
    for (Py_ssize_t i = 0; i < n; i++) {
        many_item *it = &its[4 * i];
        for (int j = 0; j < 4; j++, got++)
            if (many_get(PyTuple_GetItem(seqs[j], i), &it[j], &views[4 * i + j], what[j]) < 0) goto done;
        if (it[0].none || it[1].none || it[2].none) continue;
        rows[live] = i;
        if (mldsa)
            md[live++] = (kf_mldsa_verify_item){it[1].p, it[1].len, it[3].p, it[3].len, it[2].p, it[2].len,
                                                it[0].p, it[0].len};
        else
            sd[live++] = (kf_slhdsa_verify_item){it[1].p, it[1].len, it[3].p, it[3].len, it[2].p, it[2].len,
                                                 it[0].p, it[0].len};
    }
    if (live) {
        int rc;
        Py_BEGIN_ALLOW_THREADS
        rc = mldsa ? kf_mldsa_verify_batch((kf_mldsa_param)param, (size_t)live, md, results)
                   : kf_slhdsa_verify_batch((kf_slhdsa_param)param, (size_t)live, sd, results);
        Py_END_ALLOW_THREADS
        if (rc == KF_ERR_BAD_ALGORITHM || rc == KF_ERR_NULL_POINTER) {
            kfpy_raise(rc, "_verify_many: unknown parameter set");
            goto done;
        }
    }
    if (!(list = PyList_New(n))) goto done;
    for (Py_ssize_t i = 0; i < n; i++) PyList_SetItem(list, i, Py_NewRef(Py_None));
    for (Py_ssize_t k = 0; k < live; k++) PyList_SetItem(list, rows[k], PyBool_FromLong(results[k] == KF_OK));
done:
    for (Py_ssize_t k = 0; k < got; k++)
        if (its && its[k].view) PyBuffer_Release(&views[k]);
    PyMem_Free(views);
    PyMem_Free(its);
    PyMem_Free(md);
    PyMem_Free(sd);
    PyMem_Free(results);
    PyMem_Free(rows);
out:
    for (int j = 0; j < 4; j++) Py_XDECREF(seqs[j]);
    return list;
}

#define FC(f) (PyCFunction)(void (*)(void))(f), METH_FASTCALL | METH_KEYWORDS

PyMethodDef kfpy_tree_methods[] = {
    {"_tree_layout", FC(t_layout), NULL},
    {"_tree_leaves", FC(t_leaves), NULL},
    {"_tree_final", FC(t_final), NULL},
    {"_hash_many", FC(t_hash_many), NULL},
    {"_hash_arrow", FC(t_hash_arrow), NULL},
    {"_verify_many", (PyCFunction)(void (*)(void))t_verify_many, METH_FASTCALL, NULL},
    {NULL, NULL, 0, NULL},
};
