/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _kf_mldsa.c - ML-DSA (FIPS 204) for the keccakforge Python package (CPython limited API):
 * the private layer (_mldsa_*, positional arguments only) that keccakforge/mldsa.py wraps in
 * the documented objects.
 *
 * As in _kf_pqc.c: outputs are written straight into the bytes objects returned and inputs
 * are read in place through the buffer protocol, so no secret is copied to memory this
 * module would have to wipe (the library wipes its own); the GIL is released around every
 * operation, the buffers staying exported meanwhile.
 *
 * What a call does is chosen by `kind`: 0 = ML-DSA / HashML-DSA (prehash ph, 0 for pure, with
 * a context), 1 = Sign_internal / Verify_internal on M' itself, 2 = from an external mu.
 */
#include "_kf.h"

#include <string.h>

enum { KIND_PURE = 0, KIND_INTERNAL = 1, KIND_MU = 2 };

static int nargs_is(const char *fname, Py_ssize_t nargs, Py_ssize_t n)
{
    if (nargs == n) return 0;
    PyErr_Format(PyExc_TypeError, "%s() takes exactly %zd arguments (%zd given)", fname, n, nargs);
    return -1;
}

static int long_arg(PyObject *o, long *v)
{
    *v = PyLong_AsLong(o);
    return (*v == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int mldsa_param(PyObject *o, kf_mldsa_param *p)
{
    long v;
    if (long_arg(o, &v) < 0) return -1;
    if (kf_mldsa_pk_bytes((kf_mldsa_param)v) == 0) {
        kfpy_raise(KF_ERR_BAD_ALGORITHM, "ML-DSA parameter set must be 44, 65 or 87");
        return -1;
    }
    *p = (kf_mldsa_param)v;
    return 0;
}

/* view of an optional (None) buffer of exactly `need` bytes; *have = 0 for None */
static int exact_buf(PyObject *o, Py_buffer *v, size_t need, int *have, const char *what)
{
    *have = 0;
    if (o == Py_None) return 0;
    if (kfpy_getbuf(o, v, what) < 0) return -1;
    if ((size_t)v->len != need) {
        char msg[96];
        snprintf(msg, sizeof msg, "%s must be %zu bytes, not %zd", what, need, v->len);
        PyBuffer_Release(v);
        kfpy_raise(KF_ERR_BAD_LENGTH, msg);
        return -1;
    }
    *have = 1;
    return 0;
}

static PyObject *bytes_out(size_t n, uint8_t **p)
{
    PyObject *b = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)n);
    if (b) *p = (uint8_t *)PyBytes_AsString(b);
    return b;
}

static PyObject *key_error(int rc, const char *what, size_t need, Py_ssize_t got)
{
    char msg[128];
    if (rc == KF_ERR_BAD_LENGTH)
        snprintf(msg, sizeof msg, "%s must be %zu bytes, not %zd", what, need, got);
    else
        snprintf(msg, sizeof msg, "%s rejected (%s)", what, kf_strerror(rc));
    return kfpy_raise(rc, msg);
}

/* _mldsa_sizes(param) -> (pk_bytes, sk_bytes, sig_bytes) */
static PyObject *d_sizes(PyObject *m, PyObject *arg)
{
    (void)m;
    kf_mldsa_param p;
    if (mldsa_param(arg, &p) < 0) return NULL;
    return Py_BuildValue("(nnn)", (Py_ssize_t)kf_mldsa_pk_bytes(p), (Py_ssize_t)kf_mldsa_sk_bytes(p),
                         (Py_ssize_t)kf_mldsa_sig_bytes(p));
}

/* _mldsa_keygen(param, xi or None) -> (pk, sk) */
static PyObject *d_keygen(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_mldsa_param p;
    Py_buffer s;
    int have, rc;
    uint8_t *pk, *sk;
    if (nargs_is("_mldsa_keygen", n, 2) < 0 || mldsa_param(a[0], &p) < 0) return NULL;
    if (exact_buf(a[1], &s, KF_MLDSA_SEED_BYTES, &have, "seed (xi)") < 0) return NULL;
    PyObject *pb = bytes_out(kf_mldsa_pk_bytes(p), &pk), *sb = pb ? bytes_out(kf_mldsa_sk_bytes(p), &sk) : NULL;
    if (!sb) {
        Py_XDECREF(pb);
        if (have) PyBuffer_Release(&s);
        return NULL;
    }
    const uint8_t *xi = have ? s.buf : NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = xi ? kf_mldsa_keygen_internal(p, pk, sk, xi) : kf_mldsa_keygen(p, pk, sk);
    Py_END_ALLOW_THREADS
    if (have) PyBuffer_Release(&s);
    if (rc != KF_OK) {
        kf_wipe(sk, kf_mldsa_sk_bytes(p));
        Py_DECREF(pb);
        Py_DECREF(sb);
        return kfpy_raise(rc, "ML-DSA keygen failed");
    }
    PyObject *r = PyTuple_Pack(2, pb, sb);
    Py_DECREF(pb);
    Py_DECREF(sb);
    return r;
}

/* _mldsa_public_key(param, sk) -> pk (kf_mldsa_pk_from_sk: raises InvalidKey if inconsistent) */
static PyObject *d_public_key(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_mldsa_param p;
    Py_buffer skv;
    uint8_t *pk;
    int rc = KF_OK;
    if (nargs_is("_mldsa_public_key", n, 2) < 0 || mldsa_param(a[0], &p) < 0) return NULL;
    if (kfpy_getbuf(a[1], &skv, "sk") < 0) return NULL;
    PyObject *pb = bytes_out(kf_mldsa_pk_bytes(p), &pk);
    if (pb) {
        Py_BEGIN_ALLOW_THREADS
        rc = kf_mldsa_pk_from_sk(p, pk, skv.buf, (size_t)skv.len);
        Py_END_ALLOW_THREADS
    }
    Py_ssize_t sklen = skv.len;
    PyBuffer_Release(&skv);
    if (!pb) return NULL;
    if (rc != KF_OK) {
        Py_DECREF(pb);
        return key_error(rc, "sk", kf_mldsa_sk_bytes(p), sklen);
    }
    return pb;
}

/* _mldsa_check_sk(param, sk) -> None (kf_mldsa_check_sk: raises InvalidKey if sk is not one
 * key generation could write - signing itself takes its tr and t0 as they are) */
static PyObject *d_check_sk(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_mldsa_param p;
    Py_buffer skv;
    int rc;
    if (nargs_is("_mldsa_check_sk", n, 2) < 0 || mldsa_param(a[0], &p) < 0) return NULL;
    if (kfpy_getbuf(a[1], &skv, "sk") < 0) return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = kf_mldsa_check_sk(p, skv.buf, (size_t)skv.len);
    Py_END_ALLOW_THREADS
    Py_ssize_t sklen = skv.len;
    PyBuffer_Release(&skv);
    if (rc != KF_OK) return key_error(rc, "sk", kf_mldsa_sk_bytes(p), sklen);
    Py_RETURN_NONE;
}

/* _mldsa_sign(param, kind, prehash, sk, msg, ctx, rnd or None) -> sig. msg is M (kind 0),
 * M' (1) or mu (2, 64 bytes); ctx only for kind 0. */
static PyObject *d_sign(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_mldsa_param p;
    long kind, ph;
    Py_buffer skv, mv, cv, rv;
    int have = 0, rc = KF_OK;
    uint8_t *sig;
    if (nargs_is("_mldsa_sign", n, 7) < 0 || mldsa_param(a[0], &p) < 0 || long_arg(a[1], &kind) < 0 ||
        long_arg(a[2], &ph) < 0)
        return NULL;
    if (kfpy_getbuf(a[3], &skv, "sk") < 0) return NULL;
    if (kfpy_getbuf(a[4], &mv, kind == KIND_MU ? "mu" : "msg") < 0) goto e1;
    if (kfpy_getbuf(a[5], &cv, "ctx") < 0) goto e2;
    if (exact_buf(a[6], &rv, KF_MLDSA_RND_BYTES, &have, "rnd") < 0) goto e3;
    if (kind == KIND_MU && mv.len != KF_MLDSA_MU_BYTES) {
        char msg[64];
        snprintf(msg, sizeof msg, "mu must be %d bytes, not %zd", KF_MLDSA_MU_BYTES, mv.len);
        kfpy_raise(KF_ERR_BAD_LENGTH, msg);
        if (have) PyBuffer_Release(&rv);
        goto e3;
    }
    size_t siglen = kf_mldsa_sig_bytes(p);
    PyObject *sb = bytes_out(siglen, &sig);
    if (sb) {
        const uint8_t *r = have ? rv.buf : NULL;
        Py_BEGIN_ALLOW_THREADS
        if (kind == KIND_MU)
            rc = kf_mldsa_sign_mu(p, sig, siglen, mv.buf, r, skv.buf, (size_t)skv.len);
        else if (kind == KIND_INTERNAL)
            rc = kf_mldsa_sign_internal(p, sig, siglen, mv.buf, (size_t)mv.len, r, skv.buf, (size_t)skv.len);
        else if (ph == 0)
            rc = kf_mldsa_sign(p, sig, siglen, mv.buf, (size_t)mv.len, cv.buf, (size_t)cv.len, r, skv.buf,
                               (size_t)skv.len);
        else
            rc = kf_mldsa_hash_sign(p, (kf_mldsa_prehash)ph, sig, siglen, mv.buf, (size_t)mv.len, cv.buf,
                                    (size_t)cv.len, r, skv.buf, (size_t)skv.len);
        Py_END_ALLOW_THREADS
    }
    Py_ssize_t sklen = skv.len;
    if (have) PyBuffer_Release(&rv);
    PyBuffer_Release(&cv);
    PyBuffer_Release(&mv);
    PyBuffer_Release(&skv);
    if (!sb) return NULL;
    if (rc != KF_OK) {
        Py_DECREF(sb);
        if (rc == KF_ERR_BAD_KEY || rc == KF_ERR_BAD_LENGTH) return key_error(rc, "sk", kf_mldsa_sk_bytes(p), sklen);
        if (rc == KF_ERR_BAD_CONTEXT) return kfpy_raise(rc, "ctx must be at most 255 bytes");
        if (rc == KF_ERR_BAD_ALGORITHM) return kfpy_raise(rc, "unknown pre-hash");
        return kfpy_raise(rc, "ML-DSA sign failed");
    }
    return sb;
e3:
    PyBuffer_Release(&cv);
e2:
    PyBuffer_Release(&mv);
e1:
    PyBuffer_Release(&skv);
    return NULL;
}

/* _mldsa_verify(param, kind, prehash, pk, msg, sig, ctx) -> bool; a bad pk, mu or ctx raises */
static PyObject *d_verify(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_mldsa_param p;
    long kind, ph;
    Py_buffer pkv, mv, sv, cv;
    int rc;
    if (nargs_is("_mldsa_verify", n, 7) < 0 || mldsa_param(a[0], &p) < 0 || long_arg(a[1], &kind) < 0 ||
        long_arg(a[2], &ph) < 0)
        return NULL;
    if (kfpy_getbuf(a[3], &pkv, "pk") < 0) return NULL;
    if (kfpy_getbuf(a[4], &mv, kind == KIND_MU ? "mu" : "msg") < 0) goto e1;
    if (kfpy_getbuf(a[5], &sv, "sig") < 0) goto e2;
    if (kfpy_getbuf(a[6], &cv, "ctx") < 0) goto e3;
    /* a wrong key or mu raises; a wrong signature (any length) is False */
    if ((size_t)pkv.len != kf_mldsa_pk_bytes(p) || (kind == KIND_MU && mv.len != KF_MLDSA_MU_BYTES)) {
        if ((size_t)pkv.len != kf_mldsa_pk_bytes(p))
            key_error(KF_ERR_BAD_LENGTH, "pk", kf_mldsa_pk_bytes(p), pkv.len);
        else
            key_error(KF_ERR_BAD_LENGTH, "mu", KF_MLDSA_MU_BYTES, mv.len);
        PyBuffer_Release(&cv);
        goto e3;
    }
    Py_BEGIN_ALLOW_THREADS
    if (kind == KIND_MU)
        rc = kf_mldsa_verify_mu(p, mv.buf, sv.buf, (size_t)sv.len, pkv.buf, (size_t)pkv.len);
    else if (kind == KIND_INTERNAL)
        rc = kf_mldsa_verify_internal(p, mv.buf, (size_t)mv.len, sv.buf, (size_t)sv.len, pkv.buf, (size_t)pkv.len);
    else if (ph == 0)
        rc = kf_mldsa_verify(p, mv.buf, (size_t)mv.len, cv.buf, (size_t)cv.len, sv.buf, (size_t)sv.len, pkv.buf,
                             (size_t)pkv.len);
    else
        rc = kf_mldsa_hash_verify(p, (kf_mldsa_prehash)ph, mv.buf, (size_t)mv.len, cv.buf, (size_t)cv.len, sv.buf,
                                  (size_t)sv.len, pkv.buf, (size_t)pkv.len);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&cv);
    PyBuffer_Release(&sv);
    PyBuffer_Release(&mv);
    PyBuffer_Release(&pkv);
    if (rc == KF_OK) Py_RETURN_TRUE;
    if (rc == KF_ERR_BAD_SIGNATURE || rc == KF_ERR_BAD_LENGTH) Py_RETURN_FALSE;
    if (rc == KF_ERR_BAD_CONTEXT) return kfpy_raise(rc, "ctx must be at most 255 bytes");
    if (rc == KF_ERR_BAD_ALGORITHM) return kfpy_raise(rc, "unknown pre-hash");
    return kfpy_raise(rc, "ML-DSA verify failed");
e3:
    PyBuffer_Release(&sv);
e2:
    PyBuffer_Release(&mv);
e1:
    PyBuffer_Release(&pkv);
    return NULL;
}

/* _mldsa_verify_batch(param, items) -> [status, ...]: items a sequence of (pk, msg, sig, ctx);
 * each status is kf_mldsa_verify_batch's result for that item (mldsa.py maps them). */
static PyObject *d_verify_batch(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_mldsa_param p;
    PyObject *seq, *list = NULL;
    if (nargs_is("_mldsa_verify_batch", n, 2) < 0 || mldsa_param(a[0], &p) < 0) return NULL;
    if (!(seq = PySequence_Tuple(a[1]))) return NULL;
    Py_ssize_t count = PyTuple_Size(seq), got = 0;
    Py_buffer *views = PyMem_Calloc((size_t)count * 4 + 1, sizeof(Py_buffer));
    kf_mldsa_verify_item *items = PyMem_Calloc((size_t)count + 1, sizeof(kf_mldsa_verify_item));
    int *results = PyMem_Calloc((size_t)count + 1, sizeof(int));
    if (!views || !items || !results) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *it = PySequence_Tuple(PyTuple_GetItem(seq, i));
        if (!it) goto done;
        if (PyTuple_Size(it) != 4) {
            Py_DECREF(it);
            PyErr_Format(PyExc_TypeError, "verify_batch: item %zd is not (pk, msg, sig, ctx)", i);
            goto done;
        }
        static const char *const what[4] = {"pk", "msg", "sig", "ctx"};
        int ok = 1;
        for (int j = 0; j < 4 && ok; j++) {
            if (kfpy_getbuf(PyTuple_GetItem(it, j), &views[4 * i + j], what[j]) < 0) ok = 0;
            else got++;
        }
        Py_DECREF(it);
        if (!ok) goto done;
        Py_buffer *v = &views[4 * i];
        items[i] = (kf_mldsa_verify_item){v[1].buf, (size_t)v[1].len, v[3].buf, (size_t)v[3].len,
                                          v[2].buf, (size_t)v[2].len, v[0].buf, (size_t)v[0].len};
    }
    if (count > 0) {
        int rc;
        Py_BEGIN_ALLOW_THREADS
        rc = kf_mldsa_verify_batch(p, (size_t)count, items, results);
        Py_END_ALLOW_THREADS
        (void)rc; /* the per-item results say it all */
    }
    if (!(list = PyList_New(count))) goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *r = PyLong_FromLong(results[i]);
        if (!r) {
            Py_CLEAR(list);
            goto done;
        }
        PyList_SetItem(list, i, r); /* steals */
    }
done:
    for (Py_ssize_t k = 0; k < got; k++) PyBuffer_Release(&views[k]); /* filled in order: views[4 i + j] */
    PyMem_Free(views);
    PyMem_Free(items);
    PyMem_Free(results);
    Py_DECREF(seq);
    return list;
}

/* _mldsa_raise(status, message): raise the keccakforge error of that status (for mldsa.py's
 * own argument checks, so they carry .status as the library's do) */
static PyObject *d_raise(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    long rc;
    PyObject *bytes;
    if (nargs_is("_mldsa_raise", n, 2) < 0 || long_arg(a[0], &rc) < 0) return NULL;
    if (!PyUnicode_Check(a[1])) {
        PyErr_SetString(PyExc_TypeError, "_mldsa_raise: the message must be a str");
        return NULL;
    }
    if (!(bytes = PyObject_CallMethod(a[1], "encode", NULL))) return NULL;
    kfpy_raise((int)rc, PyBytes_AsString(bytes));
    Py_DECREF(bytes);
    return NULL;
}

#define FP(f) (PyCFunction)(void (*)(void))(f), METH_FASTCALL

PyMethodDef kfpy_mldsa_methods[] = {
    {"_mldsa_sizes", d_sizes, METH_O, NULL},
    {"_mldsa_keygen", FP(d_keygen), NULL},
    {"_mldsa_public_key", FP(d_public_key), NULL},
    {"_mldsa_check_sk", FP(d_check_sk), NULL},
    {"_mldsa_sign", FP(d_sign), NULL},
    {"_mldsa_verify", FP(d_verify), NULL},
    {"_mldsa_verify_batch", FP(d_verify_batch), NULL},
    {"_mldsa_raise", FP(d_raise), NULL},
    {NULL, NULL, 0, NULL},
};
