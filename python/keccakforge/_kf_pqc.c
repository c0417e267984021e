/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _kf_pqc.c - batched hashing, ML-KEM and SLH-DSA for the keccakforge Python package
 * (CPython limited API). The ML-KEM/SLH-DSA functions here are the private layer
 * (_mlkem_*, _slhdsa_*, positional arguments only); keccakforge/mlkem.py and slhdsa.py
 * wrap them in the documented objects.
 *
 * Secrets: outputs are written straight into the bytes objects returned (no intermediate
 * copy), and inputs are read in place through the buffer protocol, so no secret is copied
 * to memory this module would have to wipe. The GIL is released around every ML-KEM and
 * SLH-DSA operation (tens of microseconds to seconds); the buffers stay exported meanwhile,
 * so a bytearray cannot be resized under the library.
 */
#include "_kf.h"

#include <string.h>

/* ---- batched hashing ---------------------------------------------------------------- */

static PyObject *batch_common(const char *fname, kf_batch_alg alg, PyObject *inputs, Py_ssize_t outlen,
                              uint8_t domain)
{
    PyObject *seq = PySequence_Tuple(inputs), *list = NULL;
    if (!seq) return NULL;
    Py_ssize_t n = PyTuple_Size(seq), got = 0;
    Py_buffer *views = PyMem_Calloc((size_t)n + 1, sizeof(Py_buffer));
    const uint8_t **ins = PyMem_Calloc((size_t)n + 1, sizeof(uint8_t *));
    uint8_t **outs = PyMem_Calloc((size_t)n + 1, sizeof(uint8_t *));
    size_t *lens = PyMem_Calloc((size_t)n + 1, sizeof(size_t));
    size_t total = 0;
    int rc = KF_OK;
    if (!views || !ins || !outs || !lens) {
        PyErr_NoMemory();
        goto done;
    }
    if (!(list = PyList_New(n))) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *b = PyBytes_FromStringAndSize(NULL, outlen);
        if (!b) goto fail;
        PyList_SetItem(list, i, b); /* steals */
        outs[i] = (uint8_t *)PyBytes_AsString(b);
        if (kfpy_getbuf(PyTuple_GetItem(seq, i), &views[i], fname) < 0) goto fail;
        got++;
        ins[i] = views[i].buf;
        lens[i] = (size_t)views[i].len;
        total += lens[i] + (size_t)outlen;
    }
    if (n > 0) {
        PyThreadState *ts = total >= KFPY_GIL_MINSIZE ? PyEval_SaveThread() : NULL;
        switch (alg) {
        case KF_BATCH_SHAKE128: rc = kf_shake128_batch(outs, (size_t)outlen, ins, lens, (size_t)n); break;
        case KF_BATCH_SHAKE256: rc = kf_shake256_batch(outs, (size_t)outlen, ins, lens, (size_t)n); break;
        case KF_BATCH_TURBOSHAKE128: rc = kf_turboshake128_batch(outs, (size_t)outlen, ins, lens, (size_t)n, domain); break;
        case KF_BATCH_TURBOSHAKE256: rc = kf_turboshake256_batch(outs, (size_t)outlen, ins, lens, (size_t)n, domain); break;
        case KF_BATCH_SHA3_256: rc = kf_sha3_256_batch(outs, ins, lens, (size_t)n); break;
        default: rc = kf_sha3_512_batch(outs, ins, lens, (size_t)n); break;
        }
        if (ts) PyEval_RestoreThread(ts);
    }
    if (rc != KF_OK) {
        kfpy_raise(rc, fname);
        goto fail;
    }
    goto done;
fail:
    Py_CLEAR(list);
done:
    for (Py_ssize_t i = 0; i < got; i++) PyBuffer_Release(&views[i]);
    PyMem_Free(views);
    PyMem_Free(ins);
    PyMem_Free(outs);
    PyMem_Free(lens);
    Py_DECREF(seq);
    return list;
}

static PyObject *batch_xof(const char *fname, kf_batch_alg alg, int turbo, PyObject *const *args,
                           Py_ssize_t nargs, PyObject *kw)
{
    static const char *const names[] = {"inputs", "outlen", "domain"};
    PyObject *a[3] = {NULL, NULL, NULL};
    Py_ssize_t outlen, domain = 0x1F;
    if (kfpy_parse(fname, args, nargs, kw, names, turbo ? 3 : 2, turbo ? 3 : 2, 2, a) < 0) return NULL;
    if (kfpy_ssize(a[1], 0, (Py_ssize_t)1 << 30, "outlen", &outlen) < 0) return NULL;
    if (a[2] && kfpy_ssize(a[2], 1, 0x7F, "domain", &domain) < 0) return NULL;
    return batch_common(fname, alg, a[0], outlen, (uint8_t)domain);
}

static PyObject *batch_sha3(const char *fname, kf_batch_alg alg, Py_ssize_t outlen, PyObject *const *args,
                            Py_ssize_t nargs, PyObject *kw)
{
    static const char *const names[] = {"inputs"};
    PyObject *a[1];
    if (kfpy_parse(fname, args, nargs, kw, names, 1, 1, 1, a) < 0) return NULL;
    return batch_common(fname, alg, a[0], outlen, 0);
}

#define BATCH_XOF(fn, alg, turbo)                                                                  \
    static PyObject *b_##fn(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)           \
    {                                                                                              \
        (void)m;                                                                                   \
        return batch_xof(#fn, alg, turbo, a, n, kw);                                               \
    }
BATCH_XOF(shake128_batch, KF_BATCH_SHAKE128, 0)
BATCH_XOF(shake256_batch, KF_BATCH_SHAKE256, 0)
BATCH_XOF(turboshake128_batch, KF_BATCH_TURBOSHAKE128, 1)
BATCH_XOF(turboshake256_batch, KF_BATCH_TURBOSHAKE256, 1)

static PyObject *b_sha3_256_batch(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return batch_sha3("sha3_256_batch", KF_BATCH_SHA3_256, 32, a, n, kw);
}

static PyObject *b_sha3_512_batch(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return batch_sha3("sha3_512_batch", KF_BATCH_SHA3_512, 64, a, n, kw);
}

/* ---- positional helpers for the private PQC layer ----------------------------------- */

static int want_args(const char *fname, Py_ssize_t nargs, Py_ssize_t n)
{
    if (nargs == n) return 0;
    PyErr_Format(PyExc_TypeError, "%s() takes exactly %zd arguments (%zd given)", fname, n, nargs);
    return -1;
}

static int int_arg(PyObject *o, long *v)
{
    *v = PyLong_AsLong(o);
    return (*v == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* view of an optional (None) buffer of exactly `need` bytes; *have = 0 for None */
static int fixed_buf(PyObject *o, Py_buffer *v, size_t need, int *have, const char *what)
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

static PyObject *new_bytes(size_t n, uint8_t **p)
{
    PyObject *b = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)n);
    if (b) *p = (uint8_t *)PyBytes_AsString(b);
    return b;
}

/* the size check of a key/ciphertext as a named error with its expected length */
static PyObject *size_error(int rc, const char *what, size_t need, Py_ssize_t got)
{
    char msg[128];
    if (rc == KF_ERR_BAD_LENGTH || (rc == KF_ERR_BAD_KEY && (size_t)got != need))
        snprintf(msg, sizeof msg, "%s must be %zu bytes, not %zd", what, need, got);
    else
        snprintf(msg, sizeof msg, "%s rejected", what);
    return kfpy_raise(rc, msg);
}

/* ---- ML-KEM ------------------------------------------------------------------------- */

static int mlkem_param(PyObject *o, kf_mlkem_param *p)
{
    long v;
    if (int_arg(o, &v) < 0) return -1;
    if (kf_mlkem_ek_bytes((kf_mlkem_param)v) == 0) {
        kfpy_raise(KF_ERR_BAD_ALGORITHM, "ML-KEM parameter set must be 512, 768 or 1024");
        return -1;
    }
    *p = (kf_mlkem_param)v;
    return 0;
}

/* _mlkem_keygen(param, seed or None) -> (ek, dk); seed = d || z (64 bytes) */
static PyObject *p_mlkem_keygen(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_mlkem_param p;
    Py_buffer s;
    int have, rc;
    uint8_t *ek, *dk;
    if (want_args("_mlkem_keygen", n, 2) < 0 || mlkem_param(a[0], &p) < 0) return NULL;
    if (fixed_buf(a[1], &s, KF_MLKEM_KEYGEN_SEED_BYTES, &have, "seed (d || z)") < 0) return NULL;
    PyObject *e = new_bytes(kf_mlkem_ek_bytes(p), &ek), *d = e ? new_bytes(kf_mlkem_dk_bytes(p), &dk) : NULL;
    if (!d) {
        Py_XDECREF(e);
        if (have) PyBuffer_Release(&s);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = have ? kf_mlkem_keygen_internal(p, ek, dk, s.buf, (const uint8_t *)s.buf + KF_MLKEM_SEED_BYTES)
              : kf_mlkem_keygen(p, ek, dk);
    Py_END_ALLOW_THREADS
    if (have) PyBuffer_Release(&s);
    if (rc != KF_OK) {
        Py_DECREF(e);
        Py_DECREF(d); /* zeroed by the library on error */
        return kfpy_raise(rc, "ML-KEM keygen failed");
    }
    PyObject *r = PyTuple_Pack(2, e, d);
    Py_DECREF(e);
    Py_DECREF(d);
    return r;
}

/* _mlkem_keygen_seed(param) -> (ek, dk, seed): kf_mlkem_keygen_seed, d || z from the RNG */
static PyObject *p_mlkem_keygen_seed(PyObject *m, PyObject *arg)
{
    (void)m;
    kf_mlkem_param p;
    int rc;
    uint8_t *ek, *dk, *seed;
    if (mlkem_param(arg, &p) < 0) return NULL;
    PyObject *e = new_bytes(kf_mlkem_ek_bytes(p), &ek), *d = e ? new_bytes(kf_mlkem_dk_bytes(p), &dk) : NULL;
    PyObject *s = d ? new_bytes(KF_MLKEM_KEYGEN_SEED_BYTES, &seed) : NULL;
    if (!s) {
        Py_XDECREF(e);
        Py_XDECREF(d);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = kf_mlkem_keygen_seed(p, ek, dk, seed);
    Py_END_ALLOW_THREADS
    PyObject *r = rc == KF_OK ? PyTuple_Pack(3, e, d, s) : NULL; /* zeroed by the library on error */
    Py_DECREF(e);
    Py_DECREF(d);
    Py_DECREF(s);
    return rc == KF_OK ? r : kfpy_raise(rc, "ML-KEM keygen failed");
}

/* _mlkem_encaps(param, ek, m or None) -> (K, c) */
static PyObject *p_mlkem_encaps(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_mlkem_param p;
    Py_buffer ekv, mv;
    int have, rc;
    uint8_t *ct, *ss;
    if (want_args("_mlkem_encaps", n, 3) < 0 || mlkem_param(a[0], &p) < 0) return NULL;
    if (kfpy_getbuf(a[1], &ekv, "ek") < 0) return NULL;
    if (fixed_buf(a[2], &mv, KF_MLKEM_MSG_BYTES, &have, "m") < 0) {
        PyBuffer_Release(&ekv);
        return NULL;
    }
    PyObject *c = new_bytes(kf_mlkem_ct_bytes(p), &ct), *k = c ? new_bytes(KF_MLKEM_SS_BYTES, &ss) : NULL;
    if (!k) {
        Py_XDECREF(c);
        rc = KF_ERR_NULL_POINTER;
        goto out;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = have ? kf_mlkem_encaps_internal(p, ct, ss, ekv.buf, (size_t)ekv.len, mv.buf)
              : kf_mlkem_encaps(p, ct, ss, ekv.buf, (size_t)ekv.len);
    Py_END_ALLOW_THREADS
out:;
    Py_ssize_t eklen = ekv.len;
    PyBuffer_Release(&ekv);
    if (have) PyBuffer_Release(&mv);
    if (!k) return NULL;
    if (rc != KF_OK) {
        Py_DECREF(c);
        Py_DECREF(k);
        return size_error(rc, "ek", kf_mlkem_ek_bytes(p), eklen);
    }
    PyObject *r = PyTuple_Pack(2, k, c);
    Py_DECREF(k);
    Py_DECREF(c);
    return r;
}

/* _mlkem_decaps(param, dk, c) -> K */
static PyObject *p_mlkem_decaps(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_mlkem_param p;
    Py_buffer dkv, cv;
    int rc;
    uint8_t *ss;
    if (want_args("_mlkem_decaps", n, 3) < 0 || mlkem_param(a[0], &p) < 0) return NULL;
    if (kfpy_getbuf(a[1], &dkv, "dk") < 0) return NULL;
    if (kfpy_getbuf(a[2], &cv, "ct") < 0) {
        PyBuffer_Release(&dkv);
        return NULL;
    }
    Py_ssize_t dklen = dkv.len, ctlen = cv.len;
    PyObject *k = new_bytes(KF_MLKEM_SS_BYTES, &ss);
    rc = KF_OK;
    if (k) {
        Py_BEGIN_ALLOW_THREADS
        rc = kf_mlkem_decaps(p, ss, cv.buf, (size_t)cv.len, dkv.buf, (size_t)dkv.len);
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&dkv);
    PyBuffer_Release(&cv);
    if (!k) return NULL;
    if (rc != KF_OK) {
        Py_DECREF(k);
        if ((size_t)ctlen != kf_mlkem_ct_bytes(p)) return size_error(rc, "ciphertext", kf_mlkem_ct_bytes(p), ctlen);
        return size_error(rc, "dk", kf_mlkem_dk_bytes(p), dklen);
    }
    return k;
}

/* _mlkem_check(param, which (0 = ek, 1 = dk), key) -> None or raises */
static PyObject *p_mlkem_check(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_mlkem_param p;
    long which;
    Py_buffer v;
    if (want_args("_mlkem_check", n, 3) < 0 || mlkem_param(a[0], &p) < 0 || int_arg(a[1], &which) < 0) return NULL;
    if (kfpy_getbuf(a[2], &v, which ? "dk" : "ek") < 0) return NULL;
    int rc = which ? kf_mlkem_check_dk(p, v.buf, (size_t)v.len) : kf_mlkem_check_ek(p, v.buf, (size_t)v.len);
    Py_ssize_t len = v.len;
    PyBuffer_Release(&v);
    if (rc != KF_OK)
        return size_error(rc, which ? "dk" : "ek", which ? kf_mlkem_dk_bytes(p) : kf_mlkem_ek_bytes(p), len);
    Py_RETURN_NONE;
}

/* ---- SLH-DSA ------------------------------------------------------------------------ */

static int slh_param(PyObject *o, kf_slhdsa_param *p)
{
    long v;
    if (int_arg(o, &v) < 0) return -1;
    if (kf_slhdsa_n((kf_slhdsa_param)v) == 0) {
        kfpy_raise(KF_ERR_BAD_ALGORITHM, "unknown SLH-DSA parameter set");
        return -1;
    }
    *p = (kf_slhdsa_param)v;
    return 0;
}

/* _slhdsa_keygen(param, seed or None) -> (pk, sk); seed = SK.seed || SK.prf || PK.seed */
static PyObject *p_slh_keygen(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_slhdsa_param p;
    Py_buffer s;
    int have, rc;
    uint8_t *pk, *sk;
    if (want_args("_slhdsa_keygen", n, 2) < 0 || slh_param(a[0], &p) < 0) return NULL;
    size_t nn = kf_slhdsa_n(p);
    if (fixed_buf(a[1], &s, 3 * nn, &have, "seed (SK.seed || SK.prf || PK.seed)") < 0) return NULL;
    PyObject *pb = new_bytes(kf_slhdsa_pk_bytes(p), &pk), *sb = pb ? new_bytes(kf_slhdsa_sk_bytes(p), &sk) : NULL;
    if (!sb) {
        Py_XDECREF(pb);
        if (have) PyBuffer_Release(&s);
        return NULL;
    }
    const uint8_t *sp = have ? s.buf : NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = have ? kf_slhdsa_keygen_internal(p, pk, sk, sp, sp + nn, sp + 2 * nn) : kf_slhdsa_keygen(p, pk, sk);
    Py_END_ALLOW_THREADS
    if (have) PyBuffer_Release(&s);
    if (rc != KF_OK) {
        kf_wipe(sk, kf_slhdsa_sk_bytes(p));
        Py_DECREF(pb);
        Py_DECREF(sb);
        return kfpy_raise(rc, "SLH-DSA keygen failed");
    }
    PyObject *r = PyTuple_Pack(2, pb, sb);
    Py_DECREF(pb);
    Py_DECREF(sb);
    return r;
}

/* _slhdsa_sign(param, prehash (0 = pure), sk, msg, ctx, addrnd or None) -> sig */
static PyObject *p_slh_sign(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_slhdsa_param p;
    long ph;
    Py_buffer skv, mv, cv, rv;
    int have = 0, rc;
    uint8_t *sig;
    if (want_args("_slhdsa_sign", n, 6) < 0 || slh_param(a[0], &p) < 0 || int_arg(a[1], &ph) < 0) return NULL;
    if (kfpy_getbuf(a[2], &skv, "sk") < 0) return NULL;
    if (kfpy_getbuf(a[3], &mv, "msg") < 0) goto e1;
    if (kfpy_getbuf(a[4], &cv, "ctx") < 0) goto e2;
    if (fixed_buf(a[5], &rv, kf_slhdsa_n(p), &have, "addrnd") < 0) goto e3;
    size_t siglen = kf_slhdsa_sig_bytes(p);
    PyObject *sb = new_bytes(siglen, &sig);
    rc = KF_OK;
    if (sb) {
        const uint8_t *r = have ? rv.buf : NULL;
        Py_BEGIN_ALLOW_THREADS
        if (ph == 0)
            rc = kf_slhdsa_sign(p, sig, siglen, mv.buf, (size_t)mv.len, cv.buf, (size_t)cv.len, r, skv.buf, (size_t)skv.len);
        else
            rc = kf_slhdsa_hash_sign(p, (kf_slhdsa_prehash)ph, sig, siglen, mv.buf, (size_t)mv.len, cv.buf,
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
        if (rc == KF_ERR_BAD_KEY || rc == KF_ERR_BAD_LENGTH) return size_error(rc, "sk", kf_slhdsa_sk_bytes(p), sklen);
        if (rc == KF_ERR_BAD_CONTEXT) return kfpy_raise(rc, "ctx must be at most 255 bytes");
        return kfpy_raise(rc, "SLH-DSA sign failed");
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

/* _slhdsa_verify(param, prehash, pk, msg, sig, ctx) -> bool; a bad pk or ctx raises */
static PyObject *p_slh_verify(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_slhdsa_param p;
    long ph;
    Py_buffer pkv, mv, sv, cv;
    int rc;
    if (want_args("_slhdsa_verify", n, 6) < 0 || slh_param(a[0], &p) < 0 || int_arg(a[1], &ph) < 0) return NULL;
    if (kfpy_getbuf(a[2], &pkv, "pk") < 0) return NULL;
    if (kfpy_getbuf(a[3], &mv, "msg") < 0) goto e1;
    if (kfpy_getbuf(a[4], &sv, "sig") < 0) goto e2;
    if (kfpy_getbuf(a[5], &cv, "ctx") < 0) goto e3;
    if ((size_t)pkv.len != kf_slhdsa_pk_bytes(p)) { /* a wrong key raises; a wrong signature is False */
        size_error(KF_ERR_BAD_LENGTH, "pk", kf_slhdsa_pk_bytes(p), pkv.len);
        PyBuffer_Release(&cv);
        goto e3;
    }
    Py_BEGIN_ALLOW_THREADS
    if (ph == 0)
        rc = kf_slhdsa_verify(p, mv.buf, (size_t)mv.len, cv.buf, (size_t)cv.len, sv.buf, (size_t)sv.len, pkv.buf,
                              (size_t)pkv.len);
    else
        rc = kf_slhdsa_hash_verify(p, (kf_slhdsa_prehash)ph, mv.buf, (size_t)mv.len, cv.buf, (size_t)cv.len,
                                   sv.buf, (size_t)sv.len, pkv.buf, (size_t)pkv.len);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&cv);
    PyBuffer_Release(&sv);
    PyBuffer_Release(&mv);
    PyBuffer_Release(&pkv);
    if (rc == KF_OK) Py_RETURN_TRUE;
    /* does not verify, or a signature of the wrong length (the key's length was checked) */
    if (rc == KF_ERR_BAD_SIGNATURE || rc == KF_ERR_BAD_SIGNATURE_SIZE || rc == KF_ERR_BAD_LENGTH) Py_RETURN_FALSE;
    if (rc == KF_ERR_BAD_CONTEXT) return kfpy_raise(rc, "ctx must be at most 255 bytes");
    return kfpy_raise(rc, "SLH-DSA verify failed");
e3:
    PyBuffer_Release(&sv);
e2:
    PyBuffer_Release(&mv);
e1:
    PyBuffer_Release(&pkv);
    return NULL;
}

/* _slhdsa_sizes(param) -> (n, pk_bytes, sk_bytes, sig_bytes) */
static PyObject *p_slh_sizes(PyObject *m, PyObject *arg)
{
    (void)m;
    kf_slhdsa_param p;
    if (slh_param(arg, &p) < 0) return NULL;
    return Py_BuildValue("(nnnn)", (Py_ssize_t)kf_slhdsa_n(p), (Py_ssize_t)kf_slhdsa_pk_bytes(p),
                         (Py_ssize_t)kf_slhdsa_sk_bytes(p), (Py_ssize_t)kf_slhdsa_sig_bytes(p));
}

/* _mlkem_sizes(param) -> (ek_bytes, dk_bytes, ct_bytes) */
static PyObject *p_mlkem_sizes(PyObject *m, PyObject *arg)
{
    (void)m;
    kf_mlkem_param p;
    if (mlkem_param(arg, &p) < 0) return NULL;
    return Py_BuildValue("(nnn)", (Py_ssize_t)kf_mlkem_ek_bytes(p), (Py_ssize_t)kf_mlkem_dk_bytes(p),
                         (Py_ssize_t)kf_mlkem_ct_bytes(p));
}

#define FC(f) (PyCFunction)(void (*)(void))(f), METH_FASTCALL | METH_KEYWORDS
#define FP(f) (PyCFunction)(void (*)(void))(f), METH_FASTCALL

PyMethodDef kfpy_pqc_methods[] = {
    {"shake128_batch", FC(b_shake128_batch), "shake128_batch(inputs, outlen)\n--\n\n"
     "[shake_128(x).digest(outlen) for x in inputs], on the batched backend."},
    {"shake256_batch", FC(b_shake256_batch), "shake256_batch(inputs, outlen)\n--\n\nSHAKE256 of each input, batched."},
    {"turboshake128_batch", FC(b_turboshake128_batch), "turboshake128_batch(inputs, outlen, domain=0x1F)\n--\n\n"
     "TurboSHAKE128 of each input, batched."},
    {"turboshake256_batch", FC(b_turboshake256_batch), "turboshake256_batch(inputs, outlen, domain=0x1F)\n--\n\n"
     "TurboSHAKE256 of each input, batched."},
    {"sha3_256_batch", FC(b_sha3_256_batch), "sha3_256_batch(inputs)\n--\n\nSHA3-256 digest of each input, batched."},
    {"sha3_512_batch", FC(b_sha3_512_batch), "sha3_512_batch(inputs)\n--\n\nSHA3-512 digest of each input, batched."},
    {"_mlkem_keygen", FP(p_mlkem_keygen), NULL},
    {"_mlkem_keygen_seed", p_mlkem_keygen_seed, METH_O, NULL},
    {"_mlkem_encaps", FP(p_mlkem_encaps), NULL},
    {"_mlkem_decaps", FP(p_mlkem_decaps), NULL},
    {"_mlkem_check", FP(p_mlkem_check), NULL},
    {"_mlkem_sizes", p_mlkem_sizes, METH_O, NULL},
    {"_slhdsa_keygen", FP(p_slh_keygen), NULL},
    {"_slhdsa_sign", FP(p_slh_sign), NULL},
    {"_slhdsa_verify", FP(p_slh_verify), NULL},
    {"_slhdsa_sizes", p_slh_sizes, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};
