/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _kf_keys.c - key encodings for the keccakforge Python package: SubjectPublicKeyInfo and
 * PKCS#8 DER and PEM through the library's kf_key_* / kf_pem_* codec. The private layer
 * (_key_*, _pem_*, positional arguments only, key types as kf_key_type numbers) that
 * keccakforge/_keys.py wraps for mlkem.py and slhdsa.py (and any later scheme whose keys the
 * codec knows: the functions here take the type number, never a scheme).
 *
 * Secrets: a PKCS#8 encoding and a decoded private key or seed are written straight into the
 * bytes objects returned; the one scratch buffer (a decoded private key before its size is
 * known) is wiped before it is freed.
 */
#include "_kf.h"

#include <string.h>

/* The largest private key any kf_key_type has; decoding writes into this much scratch. */
#define KEY_SCRATCH 16384
/* and the largest seed (ML-KEM's d || z; ML-DSA's xi is 32 bytes) */
#define SEED_SCRATCH 64

static PyObject *new_bytes(size_t n, uint8_t **p)
{
    PyObject *b = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)n);
    if (b) *p = (uint8_t *)PyBytes_AsString(b);
    return b;
}

static int type_arg(PyObject *o, kf_key_type *t)
{
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v <= 0 || v > 0xFFFF || !kf_key_type_name((kf_key_type)v)) {
        kfpy_raise(KF_ERR_BAD_ALGORITHM, "unknown key type");
        return -1;
    }
    *t = (kf_key_type)v;
    return 0;
}

static int nargs_ok(const char *fname, Py_ssize_t nargs, Py_ssize_t n)
{
    if (nargs == n) return 0;
    PyErr_Format(PyExc_TypeError, "%s() takes exactly %zd arguments (%zd given)", fname, n, nargs);
    return -1;
}

/* a buffer or None (*have = 0) */
static int opt_buf(PyObject *o, Py_buffer *v, int *have, const char *what)
{
    *have = 0;
    if (o == Py_None) return 0;
    if (kfpy_getbuf(o, v, what) < 0) return -1;
    *have = 1;
    return 0;
}

/* _key_type_name(t) -> "ML-KEM-768" ... or None for a number that is no key type */
static PyObject *k_type_name(PyObject *m, PyObject *arg)
{
    (void)m;
    long v = PyLong_AsLong(arg);
    if (v == -1 && PyErr_Occurred()) return NULL;
    const char *name = v > 0 && v <= 0xFFFF ? kf_key_type_name((kf_key_type)v) : NULL;
    if (!name) Py_RETURN_NONE;
    return PyUnicode_FromString(name);
}

/* _key_sizes(t) -> (public key bytes, private key bytes) */
static PyObject *k_sizes(PyObject *m, PyObject *arg)
{
    (void)m;
    kf_key_type t;
    if (type_arg(arg, &t) < 0) return NULL;
    return Py_BuildValue("(nn)", (Py_ssize_t)kf_key_pub_bytes(t), (Py_ssize_t)kf_key_priv_bytes(t));
}

/* _key_encode_spki(t, pub) -> DER */
static PyObject *k_encode_spki(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_key_type t;
    Py_buffer pv;
    size_t len = 0;
    uint8_t *out;
    if (nargs_ok("_key_encode_spki", n, 2) < 0 || type_arg(a[0], &t) < 0) return NULL;
    if (kfpy_getbuf(a[1], &pv, "public key") < 0) return NULL;
    PyObject *r = NULL;
    int rc = kf_key_encode_spki(t, pv.buf, (size_t)pv.len, NULL, 0, &len);
    if (rc == KF_OK && (r = new_bytes(len, &out)) != NULL) {
        rc = kf_key_encode_spki(t, pv.buf, (size_t)pv.len, out, len, &len);
        if (rc != KF_OK) Py_CLEAR(r);
    }
    Py_ssize_t got = pv.len;
    PyBuffer_Release(&pv);
    if (rc != KF_OK) {
        char msg[128];
        if (rc == KF_ERR_BAD_LENGTH)
            snprintf(msg, sizeof msg, "a %s public key is %zu bytes, not %zd", kf_key_type_name(t),
                     kf_key_pub_bytes(t), got);
        else
            snprintf(msg, sizeof msg, "%s public key rejected", kf_key_type_name(t));
        return kfpy_raise(rc, msg);
    }
    return r;
}

/* The seed a PKCS#8 private key of type t may hold: ML-KEM's d || z (64 bytes), ML-DSA's xi
 * (32), none for SLH-DSA (0). */
static size_t seed_bytes(kf_key_type t)
{
    return t <= KF_KEY_MLKEM1024 ? KF_MLKEM_KEYGEN_SEED_BYTES : t >= KF_KEY_MLDSA44 ? KF_MLDSA_SEED_BYTES : 0;
}

/* _key_encode_pkcs8(t, form, seed or None, priv or None) -> DER (a secret) */
static PyObject *k_encode_pkcs8(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    kf_key_type t;
    long form;
    Py_buffer sv, pv;
    int hs, hp;
    size_t len = 0;
    uint8_t *out;
    if (nargs_ok("_key_encode_pkcs8", n, 4) < 0 || type_arg(a[0], &t) < 0) return NULL;
    form = PyLong_AsLong(a[1]);
    if (form == -1 && PyErr_Occurred()) return NULL;
    if (form < KF_PRIV_DEFAULT || form > KF_PRIV_BOTH) return kfpy_raise(KF_ERR_BAD_ENCODING, "unknown private key form");
    if (opt_buf(a[2], &sv, &hs, "seed") < 0) return NULL;
    if (opt_buf(a[3], &pv, &hp, "private key") < 0) {
        if (hs) PyBuffer_Release(&sv);
        return NULL;
    }
    const uint8_t *sp = hs ? sv.buf : NULL, *pp = hp ? pv.buf : NULL;
    size_t sl = hs ? (size_t)sv.len : 0, pl = hp ? (size_t)pv.len : 0;
    PyObject *r = NULL;
    int rc;
    if (!sp && !pp) {
        rc = KF_ERR_NULL_POINTER;
    } else {
        rc = kf_key_encode_pkcs8(t, (kf_key_priv_form)form, sp, sl, pp, pl, NULL, 0, &len);
        if (rc == KF_OK && (r = new_bytes(len, &out)) != NULL) {
            rc = kf_key_encode_pkcs8(t, (kf_key_priv_form)form, sp, sl, pp, pl, out, len, &len);
            if (rc != KF_OK) {
                kf_wipe(out, len);
                Py_CLEAR(r);
            }
        }
    }
    if (hs) PyBuffer_Release(&sv);
    if (hp) PyBuffer_Release(&pv);
    if (rc != KF_OK) {
        char msg[160];
        const char *name = kf_key_type_name(t);
        if (rc == KF_ERR_NULL_POINTER)
            snprintf(msg, sizeof msg, "a %s private key needs the key or its seed", name);
        else if (rc == KF_ERR_BAD_LENGTH && hp && pl != kf_key_priv_bytes(t))
            snprintf(msg, sizeof msg, "a %s private key is %zu bytes, not %zu", name, kf_key_priv_bytes(t), pl);
        else if (rc == KF_ERR_BAD_LENGTH && hs && seed_bytes(t) && sl != seed_bytes(t))
            snprintf(msg, sizeof msg, "a %s seed is %zu bytes, not %zu", name, seed_bytes(t), sl);
        else if (rc == KF_ERR_BAD_LENGTH)
            snprintf(msg, sizeof msg, "a %s private key in this form needs %s", name,
                     seed_bytes(t) ? "its seed or its key, whichever was not given" : "the key");
        else if (rc == KF_ERR_BAD_KEY)
            snprintf(msg, sizeof msg, "%s private key rejected (its checks failed, or seed and key disagree)", name);
        else
            snprintf(msg, sizeof msg, "%s private key: this form cannot be written from what was given", name);
        return kfpy_raise(rc, msg);
    }
    return r;
}

static PyObject *decode_error(int rc, const char *what)
{
    char msg[128];
    snprintf(msg, sizeof msg, "not a %s this library reads (%s)", what,
             rc == KF_ERR_BAD_KEY ? "its key fails the checks" : rc == KF_ERR_BAD_LENGTH ? "a part has the wrong size"
                                                                 : "malformed DER or an unknown algorithm");
    return kfpy_raise(rc, msg);
}

/* _key_decode_spki(der) -> (t, pub) */
static PyObject *k_decode_spki(PyObject *m, PyObject *arg)
{
    (void)m;
    Py_buffer dv;
    kf_key_type t = 0;
    size_t len = 0;
    uint8_t *scratch = PyMem_Malloc(KEY_SCRATCH);
    if (!scratch) return PyErr_NoMemory();
    if (kfpy_getbuf(arg, &dv, "DER") < 0) {
        PyMem_Free(scratch);
        return NULL;
    }
    int rc = kf_key_decode_spki(dv.buf, (size_t)dv.len, &t, scratch, KEY_SCRATCH, &len);
    PyBuffer_Release(&dv);
    PyObject *r = rc == KF_OK ? Py_BuildValue("(iy#)", (int)t, (const char *)scratch, (Py_ssize_t)len) : NULL;
    PyMem_Free(scratch);
    if (rc != KF_OK) return decode_error(rc, "SubjectPublicKeyInfo");
    return r;
}

/* _key_decode_pkcs8(der) -> (t, form, seed or None, priv); the seed as long as the key type's
 * (ML-KEM: 64 bytes d || z), None when the encoding holds none */
static PyObject *k_decode_pkcs8(PyObject *m, PyObject *arg)
{
    (void)m;
    Py_buffer dv;
    kf_key_type t = 0;
    kf_key_priv_form form = KF_PRIV_DEFAULT;
    size_t len = 0, seedlen = 0;
    uint8_t *scratch = PyMem_Malloc(KEY_SCRATCH + SEED_SCRATCH), *out;
    PyObject *seed = NULL, *priv = NULL, *r = NULL;
    if (!scratch) return PyErr_NoMemory();
    if (kfpy_getbuf(arg, &dv, "DER") < 0) {
        PyMem_Free(scratch);
        return NULL;
    }
    uint8_t *sd = scratch + KEY_SCRATCH;
    int rc = kf_key_decode_pkcs8(dv.buf, (size_t)dv.len, &t, &form, sd, SEED_SCRATCH, &seedlen, scratch, KEY_SCRATCH,
                                 &len);
    PyBuffer_Release(&dv);
    if (rc == KF_OK && (priv = new_bytes(len, &out)) != NULL) memcpy(out, scratch, len);
    if (rc == KF_OK && priv && seedlen > 0 && seedlen <= SEED_SCRATCH && (seed = new_bytes(seedlen, &out)) != NULL)
        memcpy(out, sd, seedlen);
    kf_wipe(scratch, KEY_SCRATCH + SEED_SCRATCH);
    PyMem_Free(scratch);
    if (rc != KF_OK) return decode_error(rc, "PKCS#8 private key");
    if (priv && (seed || seedlen == 0)) r = Py_BuildValue("(iiOO)", (int)t, (int)form, seed ? seed : Py_None, priv);
    Py_XDECREF(seed);
    Py_XDECREF(priv);
    return r;
}

/* _pem_encode(label, der) -> PEM text as bytes (a secret for a private key) */
static PyObject *k_pem_encode(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    Py_buffer dv;
    size_t len = 0;
    uint8_t *out;
    if (nargs_ok("_pem_encode", n, 2) < 0) return NULL;
    const char *label = PyUnicode_AsUTF8AndSize(a[0], NULL);
    if (!label) return NULL;
    if (kfpy_getbuf(a[1], &dv, "DER") < 0) return NULL;
    PyObject *r = NULL;
    int rc = kf_pem_encode(label, dv.buf, (size_t)dv.len, NULL, 0, &len);
    /* a bytes object of len bytes has room for one more (its terminating NUL): the encoder's */
    if (rc == KF_OK && (r = new_bytes(len, &out)) != NULL) {
        rc = kf_pem_encode(label, dv.buf, (size_t)dv.len, (char *)out, len + 1, &len);
        if (rc != KF_OK) Py_CLEAR(r);
    }
    PyBuffer_Release(&dv);
    if (rc != KF_OK) return kfpy_raise(rc, "PEM encoding failed (a label of RFC 7468's characters?)");
    return r;
}

/* _pem_decode(text) -> (label, der) of the first PEM block in text (text around it allowed) */
static PyObject *k_pem_decode(PyObject *m, PyObject *arg)
{
    (void)m;
    Py_buffer tv;
    char label[96];
    size_t len = 0;
    uint8_t *out;
    if (kfpy_getbuf(arg, &tv, "PEM") < 0) return NULL;
    PyObject *der = NULL, *r = NULL;
    int rc = kf_pem_decode(tv.buf, (size_t)tv.len, label, sizeof label, NULL, 0, &len);
    if (rc == KF_OK && (der = new_bytes(len, &out)) != NULL) {
        rc = kf_pem_decode(tv.buf, (size_t)tv.len, label, sizeof label, out, len, &len);
        if (rc != KF_OK) {
            kf_wipe(out, len);
            Py_CLEAR(der);
        }
    }
    PyBuffer_Release(&tv);
    if (rc != KF_OK) return kfpy_raise(rc, "no valid PEM block (BEGIN/END lines, base64 body)");
    if (der) r = Py_BuildValue("(sO)", label, der);
    Py_XDECREF(der);
    return r;
}

/* _raise(code, what): raise the Error subclass of a kf_status, as the C functions do */
static PyObject *k_raise(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    (void)m;
    if (nargs_ok("_raise", n, 2) < 0) return NULL;
    long rc = PyLong_AsLong(a[0]);
    if (rc == -1 && PyErr_Occurred()) return NULL;
    const char *what = PyUnicode_AsUTF8AndSize(a[1], NULL);
    if (!what) return NULL;
    return kfpy_raise((int)rc, what);
}

#define FP(f) (PyCFunction)(void (*)(void))(f), METH_FASTCALL

PyMethodDef kfpy_key_methods[] = {
    {"_key_type_name", k_type_name, METH_O, NULL},
    {"_key_sizes", k_sizes, METH_O, NULL},
    {"_key_encode_spki", FP(k_encode_spki), NULL},
    {"_key_encode_pkcs8", FP(k_encode_pkcs8), NULL},
    {"_key_decode_spki", k_decode_spki, METH_O, NULL},
    {"_key_decode_pkcs8", k_decode_pkcs8, METH_O, NULL},
    {"_pem_encode", FP(k_pem_encode), NULL},
    {"_pem_decode", k_pem_decode, METH_O, NULL},
    {"_raise", FP(k_raise), NULL},
    {NULL, NULL, 0, NULL},
};
