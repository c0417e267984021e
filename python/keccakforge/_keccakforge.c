/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _keccakforge.c - the hash objects of the keccakforge Python package (CPython limited API,
 * abi3 for 3.11+), over the static keccakforge library linked in.
 *
 * One object layout (kfobj) serves every family; four types give each family the methods
 * hashlib / pycryptodome users expect:
 *   HASH       sha3_*, keccak_* (legacy padding), parallelhash*: update, digest, hexdigest, copy
 *   XOF        shake_*, turboshake*, cshake*, kt*: also digest(length), hexdigest(length), read(n)
 *   KMAC       kmac*: also verify(tag), hexverify(hex)
 *   TupleHash  tuplehash*: update(*items), each item one element of the tuple
 * digest() works on a copy of the context (contexts are plain structs, trivially copyable),
 * so it can be called any number of times and update() can follow, as in hashlib. read(n)
 * squeezes the object itself: after it, update() and digest() raise StateError.
 *
 * Threads: inputs of KFPY_GIL_MINSIZE bytes and more are hashed with the GIL released; the
 * object then gets a lock (made on first need, as hashlib does) that every method holding
 * the context takes, so concurrent calls on one object are serialized, never torn.
 */
#include "_kf.h"

#include <stdint.h>
#include <string.h>

/* ---- shared helpers (declared in _kf.h) --------------------------------------------- */

int kfpy_parse(const char *fname, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
               const char *const *names, int n, int npos, int nreq, PyObject **out)
{
    for (int i = 0; i < n; i++) out[i] = NULL;
    if (nargs > npos) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %d positional argument%s (%zd given)",
                     fname, npos, npos == 1 ? "" : "s", nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) out[i] = args[i];
    if (kwnames) {
        Py_ssize_t nk = PyTuple_Size(kwnames);
        for (Py_ssize_t k = 0; k < nk; k++) {
            PyObject *key = PyTuple_GetItem(kwnames, k);
            int j;
            for (j = 0; j < n; j++)
                if (PyUnicode_CompareWithASCIIString(key, names[j]) == 0) break;
            if (j == n) {
                PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", fname, key);
                return -1;
            }
            if (out[j]) {
                PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", fname, names[j]);
                return -1;
            }
            out[j] = args[nargs + k];
        }
    }
    for (int i = 0; i < nreq; i++)
        if (!out[i]) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s' (pos %d)", fname, names[i], i + 1);
            return -1;
        }
    return 0;
}

int kfpy_getbuf(PyObject *obj, Py_buffer *view, const char *what)
{
    if (PyUnicode_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "Strings must be encoded before hashing");
        return -1;
    }
    if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) < 0) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyObject *tn = PyObject_GetAttrString((PyObject *)Py_TYPE(obj), "__name__");
            PyErr_Clear();
            if (tn) {
                PyErr_Format(PyExc_TypeError, "%s: a bytes-like object is required, not '%U'", what, tn);
                Py_DECREF(tn);
            } else {
                PyErr_Format(PyExc_TypeError, "%s: a bytes-like object is required", what);
            }
        }
        return -1;
    }
    return 0;
}

int kfpy_ssize(PyObject *obj, Py_ssize_t lo, Py_ssize_t hi, const char *what, Py_ssize_t *out)
{
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int", what);
        return -1;
    }
    Py_ssize_t v = PyLong_AsSsize_t(obj);
    if (v == -1 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s must be in [%zd, %zd]", what, lo, hi);
        }
        return -1;
    }
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be in [%zd, %zd], not %zd", what, lo, hi, v);
        return -1;
    }
    *out = v;
    return 0;
}

int kfpy_ct_equal(const void *a, const void *b, size_t len)
{
    return kf_ct_equal(a, b, len); /* time depends on len only */
}

/* ---- errors ------------------------------------------------------------------------- */

static PyObject *Error;        /* keccakforge.Error(Exception): every kf_status */
static PyObject *status_exc[16]; /* by -status; NULL = Error itself */

/* class name, docstring, extra builtin base (or NULL), statuses it covers */
static int make_errors(PyObject *m)
{
    static const struct {
        const char *name;
        int value_error; /* 1: also ValueError, 2: also OSError */
        int st[3];
    } cls[] = {
        {"StateError", 1, {KF_ERR_BAD_STATE}}, /* ValueError, as hashlib users catch (issue 41) */
        {"DomainError", 1, {KF_ERR_BAD_DOMAIN}},
        {"LengthError", 1, {KF_ERR_BAD_LENGTH, KF_ERR_TOO_LONG}},
        {"AlgorithmError", 1, {KF_ERR_BAD_ALGORITHM}},
        {"BackendError", 1, {KF_ERR_UNKNOWN_BACKEND, KF_ERR_UNSUPPORTED}},
        {"InvalidKey", 1, {KF_ERR_BAD_KEY}},
        {"RandomError", 2, {KF_ERR_RNG}},
        {"InvalidSignature", 1, {KF_ERR_BAD_SIGNATURE, KF_ERR_BAD_SIGNATURE_SIZE, KF_ERR_BAD_TAG}},
        {"ContextError", 1, {KF_ERR_BAD_CONTEXT}},
        {"EncodingError", 1, {KF_ERR_BAD_ENCODING}}, /* a malformed DER/PEM key (ValueError, as pyca's) */
    };
    Error = PyErr_NewExceptionWithDoc("keccakforge.Error",
        "Base class of keccakforge's errors; .status is the C library's status name "
        "(kf_strerror), .code its value, .reason what it means in words (kf_error_message).", NULL, NULL);
    if (!Error || PyModule_AddObjectRef(m, "Error", Error) < 0) return -1;
    for (size_t i = 0; i < sizeof cls / sizeof cls[0]; i++) {
        char full[64];
        snprintf(full, sizeof full, "keccakforge.%s", cls[i].name);
        PyObject *bases = cls[i].value_error == 1 ? PyTuple_Pack(2, Error, PyExc_ValueError)
                        : cls[i].value_error == 2 ? PyTuple_Pack(2, Error, PyExc_OSError)
                                                  : PyTuple_Pack(1, Error);
        if (!bases) return -1;
        PyObject *c = PyErr_NewException(full, bases, NULL);
        Py_DECREF(bases);
        if (!c) return -1;
        if (PyModule_AddObjectRef(m, cls[i].name, c) < 0) {
            Py_DECREF(c);
            return -1;
        }
        for (int k = 0; k < 3 && cls[i].st[k]; k++) {
            Py_INCREF(c);
            status_exc[-cls[i].st[k]] = c;
        }
        Py_DECREF(c);
    }
    return 0;
}

PyObject *kfpy_raise(int rc, const char *what)
{
    PyObject *cls = (rc < 0 && rc > -16 && status_exc[-rc]) ? status_exc[-rc] : Error;
    const char *name = kf_strerror(rc);
    PyObject *exc = PyObject_CallFunction(cls, "s", what ? what : name);
    if (!exc) return NULL;
    const char *why = kf_error_message(rc);
    PyObject *s = PyUnicode_FromString(name), *c = PyLong_FromLong(rc), *r = PyUnicode_FromString(why);
    if (s && c && r && PyObject_SetAttrString(exc, "status", s) == 0 && PyObject_SetAttrString(exc, "code", c) == 0 &&
        PyObject_SetAttrString(exc, "reason", r) == 0) {
        /* str(e) = "KF_ERR_...: what (the status in words, kf_error_message)" */
        PyObject *msg = PyUnicode_FromFormat("%s: %s (%s)", name, what ? what : "failed", why);
        if (msg) {
            PyObject *args = PyTuple_Pack(1, msg);
            if (args) {
                PyObject_SetAttrString(exc, "args", args);
                Py_DECREF(args);
            }
            Py_DECREF(msg);
        }
        PyErr_SetObject(cls, exc);
    }
    Py_XDECREF(s);
    Py_XDECREF(c);
    Py_XDECREF(r);
    Py_DECREF(exc);
    return NULL;
}

/* ---- the object --------------------------------------------------------------------- */

enum fam { F_HASH = 1, F_XOF, F_KT, F_KMAC, F_TUPLE, F_PAR };

#define CTX_MAX 640 /* the largest context: kf_kt_ctx, kf_parallelhash_ctx */

typedef struct kfobj {
    PyObject_HEAD
    PyThread_type_lock lock; /* made when first needed (a call with the GIL released) */
    int fam;
    int squeezing;           /* XOF: read() started; no more update()/digest() */
    Py_ssize_t digest_size;  /* 0 for XOFs */
    Py_ssize_t block_size;   /* the sponge's rate in bytes */
    const char *name;        /* static */
    PyObject *custom;        /* KT: the customization string, absorbed at the end */
    unsigned char raw[CTX_MAX + 32];
} kfobj;

/* the context, 32-byte aligned inside raw (object memory is only 16-byte aligned) */
#define CTX(o) ((void *)(((uintptr_t)(o)->raw + 31) & ~(uintptr_t)31))

static PyObject *HashType, *XofType, *KmacType, *TupleType;

static size_t ctx_size(int fam)
{
    switch (fam) {
    case F_HASH: return sizeof(kf_hash_ctx);
    case F_XOF: return sizeof(kf_xof_ctx);
    case F_KT: return sizeof(kf_kt_ctx);
    case F_KMAC: return sizeof(kf_kmac_ctx);
    case F_TUPLE: return sizeof(kf_tuplehash_ctx);
    default: return sizeof(kf_parallelhash_ctx);
    }
}

static kfobj *obj_new(PyObject *type, int fam, const char *name, Py_ssize_t ds, Py_ssize_t bs)
{
    kfobj *o = PyObject_New(kfobj, (PyTypeObject *)type);
    if (!o) return NULL;
    o->lock = NULL;
    o->fam = fam;
    o->squeezing = 0;
    o->digest_size = ds;
    o->block_size = bs;
    o->name = name;
    o->custom = NULL;
    memset(o->raw, 0, sizeof o->raw);
    return o;
}

static void obj_dealloc(PyObject *self)
{
    kfobj *o = (kfobj *)self;
    PyTypeObject *tp = Py_TYPE(self);
    kf_wipe(o->raw, sizeof o->raw); /* a KMAC key's state, a hash of secrets */
    if (o->lock) PyThread_free_lock(o->lock);
    Py_XDECREF(o->custom);
    PyObject_Free(self);
    Py_DECREF(tp);
}

/* Take the object's lock (if it has one), letting other threads run while waiting. */
static void obj_enter(kfobj *o)
{
    if (o->lock && !PyThread_acquire_lock(o->lock, 0)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(o->lock, 1);
        Py_END_ALLOW_THREADS
    }
}

static void obj_leave(kfobj *o)
{
    if (o->lock) PyThread_release_lock(o->lock);
}

static int absorb(kfobj *o, const void *p, size_t n)
{
    if (o->squeezing) return KF_ERR_BAD_STATE;
    void *c = CTX(o);
    switch (o->fam) {
    case F_HASH: return kf_hash_update(c, p, n);
    case F_XOF: return kf_xof_absorb(c, p, n);
    case F_KT: return kf_kt_update(c, p, n);
    case F_KMAC: return kf_kmac_update(c, p, n);
    case F_TUPLE: return kf_tuplehash_add(c, p, n);
    default: return kf_parallelhash_update(c, p, n);
    }
}

/* Absorb a buffer object into o, with the GIL released for big inputs. 0 or -1. */
static int obj_absorb(kfobj *o, PyObject *data)
{
    Py_buffer v;
    int rc;
    if (kfpy_getbuf(data, &v, "data") < 0) return -1;
    if (v.len >= KFPY_GIL_MINSIZE) {
        if (!o->lock && !(o->lock = PyThread_allocate_lock())) {
            PyBuffer_Release(&v);
            PyErr_NoMemory();
            return -1;
        }
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(o->lock, 1);
        rc = absorb(o, v.buf, (size_t)v.len);
        PyThread_release_lock(o->lock);
        Py_END_ALLOW_THREADS
    } else {
        obj_enter(o);
        rc = absorb(o, v.buf, (size_t)v.len);
        obj_leave(o);
    }
    PyBuffer_Release(&v);
    if (rc != KF_OK) {
        kfpy_raise(rc, rc == KF_ERR_BAD_STATE ? "update() after read()" : "update() failed");
        return -1;
    }
    return 0;
}

static PyObject *m_update(PyObject *self, PyObject *data)
{
    if (obj_absorb((kfobj *)self, data) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *m_tuple_update(PyObject *self, PyObject *args)
{
    Py_ssize_t n = PyTuple_Size(args);
    for (Py_ssize_t i = 0; i < n; i++)
        if (obj_absorb((kfobj *)self, PyTuple_GetItem(args, i)) < 0) return NULL;
    Py_RETURN_NONE;
}

/* len bytes of output from a copy of o's context (o itself is unchanged). */
static int obj_output(kfobj *o, uint8_t *out, size_t len)
{
    KF_ALIGN32 unsigned char tmp[CTX_MAX];
    int rc;
    obj_enter(o);
    if (o->squeezing) {
        obj_leave(o);
        return KF_ERR_BAD_STATE;
    }
    memcpy(tmp, CTX(o), ctx_size(o->fam));
    obj_leave(o);
    /* KT's customization: an immutable bytes object the object keeps alive */
    const void *cp = o->custom ? PyBytes_AsString(o->custom) : NULL;
    size_t cl = o->custom ? (size_t)PyBytes_Size(o->custom) : 0;
    int big = len >= KFPY_GIL_MINSIZE;
    PyThreadState *ts = big ? PyEval_SaveThread() : NULL;
    switch (o->fam) {
    case F_HASH: rc = kf_hash_final((kf_hash_ctx *)tmp, out, len); break;
    case F_XOF: rc = kf_xof_squeeze((kf_xof_ctx *)tmp, out, len); break;
    case F_KT: {
        rc = kf_kt_final((kf_kt_ctx *)tmp, cp, cl);
        if (rc == KF_OK) rc = kf_kt_squeeze((kf_kt_ctx *)tmp, out, len);
        break;
    }
    case F_KMAC: rc = kf_kmac_final((kf_kmac_ctx *)tmp, out, len); break;
    case F_TUPLE: rc = kf_tuplehash_final((kf_tuplehash_ctx *)tmp, out, len); break;
    default: rc = kf_parallelhash_final((kf_parallelhash_ctx *)tmp, out, len); break;
    }
    if (big) PyEval_RestoreThread(ts);
    kf_wipe(tmp, sizeof tmp);
    return rc;
}

static const char HEX[] = "0123456789abcdef";

static PyObject *hex_of(const uint8_t *p, size_t n)
{
    char *s = PyMem_Malloc(2 * n + 1);
    if (!s) return PyErr_NoMemory();
    for (size_t i = 0; i < n; i++) {
        s[2 * i] = HEX[p[i] >> 4];
        s[2 * i + 1] = HEX[p[i] & 15];
    }
    PyObject *r = PyUnicode_FromStringAndSize(s, (Py_ssize_t)(2 * n));
    PyMem_Free(s);
    return r;
}

/* digest of n bytes as bytes (hex = 0) or str (hex = 1) */
static PyObject *digest_common(kfobj *o, Py_ssize_t n, int hex)
{
    PyObject *b = PyBytes_FromStringAndSize(NULL, n);
    if (!b) return NULL;
    uint8_t *out = (uint8_t *)PyBytes_AsString(b);
    int rc = obj_output(o, out, (size_t)n);
    if (rc != KF_OK) {
        Py_DECREF(b);
        return kfpy_raise(rc, rc == KF_ERR_BAD_STATE ? "digest() after read()" : "digest() failed");
    }
    if (!hex) return b;
    PyObject *h = hex_of(out, (size_t)n);
    Py_DECREF(b);
    return h;
}

static PyObject *m_digest(PyObject *self, PyObject *unused)
{
    (void)unused;
    return digest_common((kfobj *)self, ((kfobj *)self)->digest_size, 0);
}

static PyObject *m_hexdigest(PyObject *self, PyObject *unused)
{
    (void)unused;
    return digest_common((kfobj *)self, ((kfobj *)self)->digest_size, 1);
}

static int xof_length(const char *fname, PyObject *const *args, Py_ssize_t nargs, PyObject *kw, Py_ssize_t *n)
{
    static const char *const names[] = {"length"};
    PyObject *a[1];
    if (kfpy_parse(fname, args, nargs, kw, names, 1, 1, 1, a) < 0) return -1;
    return kfpy_ssize(a[0], 0, PY_SSIZE_T_MAX, "length", n);
}

static PyObject *m_xof_digest(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    Py_ssize_t n;
    if (xof_length("digest", args, nargs, kw, &n) < 0) return NULL;
    return digest_common((kfobj *)self, n, 0);
}

static PyObject *m_xof_hexdigest(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    Py_ssize_t n;
    if (xof_length("hexdigest", args, nargs, kw, &n) < 0) return NULL;
    return digest_common((kfobj *)self, n, 1);
}

/* read(n): squeeze the object itself (incremental output, as pycryptodome's read). */
static PyObject *m_read(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    kfobj *o = (kfobj *)self;
    Py_ssize_t n;
    int rc = KF_OK;
    if (xof_length("read", args, nargs, kw, &n) < 0) return NULL;
    PyObject *b = PyBytes_FromStringAndSize(NULL, n);
    if (!b) return NULL;
    uint8_t *out = (uint8_t *)PyBytes_AsString(b);
    const void *cp = o->custom ? PyBytes_AsString(o->custom) : NULL;
    size_t cl = o->custom ? (size_t)PyBytes_Size(o->custom) : 0;
    if (n >= KFPY_GIL_MINSIZE && !o->lock && !(o->lock = PyThread_allocate_lock())) {
        Py_DECREF(b);
        return PyErr_NoMemory();
    }
    int big = n >= KFPY_GIL_MINSIZE;
    PyThreadState *ts = NULL;
    if (big) {
        ts = PyEval_SaveThread();
        PyThread_acquire_lock(o->lock, 1);
    } else {
        obj_enter(o);
    }
    if (o->fam == F_KT) {
        if (!o->squeezing) rc = kf_kt_final(CTX(o), cp, cl);
        if (rc == KF_OK) rc = kf_kt_squeeze(CTX(o), out, (size_t)n);
    } else {
        rc = kf_xof_squeeze(CTX(o), out, (size_t)n);
    }
    if (rc == KF_OK) o->squeezing = 1;
    if (big) {
        PyThread_release_lock(o->lock);
        PyEval_RestoreThread(ts);
    } else {
        obj_leave(o);
    }
    if (rc != KF_OK) {
        Py_DECREF(b);
        return kfpy_raise(rc, "read() failed");
    }
    return b;
}

static PyObject *m_copy(PyObject *self, PyObject *unused)
{
    (void)unused;
    kfobj *o = (kfobj *)self;
    kfobj *c = obj_new((PyObject *)Py_TYPE(self), o->fam, o->name, o->digest_size, o->block_size);
    if (!c) return NULL;
    obj_enter(o);
    c->squeezing = o->squeezing;
    memcpy(CTX(c), CTX(o), ctx_size(o->fam));
    obj_leave(o);
    Py_XINCREF(o->custom);
    c->custom = o->custom;
    return (PyObject *)c;
}

static int verify_common(kfobj *o, const uint8_t *tag, size_t taglen)
{
    uint8_t stackbuf[128], *mac = stackbuf;
    size_t n = (size_t)o->digest_size;
    if (n > sizeof stackbuf && !(mac = PyMem_Malloc(n))) {
        PyErr_NoMemory();
        return -1;
    }
    int rc = obj_output(o, mac, n), eq = 0;
    if (rc == KF_OK) eq = taglen == n && kfpy_ct_equal(mac, tag, n);
    kf_wipe(mac, n);
    if (mac != stackbuf) PyMem_Free(mac);
    if (rc != KF_OK) {
        kfpy_raise(rc, "verify() failed");
        return -1;
    }
    return eq;
}

static PyObject *m_verify(PyObject *self, PyObject *tag)
{
    Py_buffer v;
    if (kfpy_getbuf(tag, &v, "tag") < 0) return NULL;
    int r = verify_common((kfobj *)self, v.buf, (size_t)v.len);
    PyBuffer_Release(&v);
    if (r < 0) return NULL;
    return PyBool_FromLong(r);
}

static PyObject *m_hexverify(PyObject *self, PyObject *hex)
{
    if (!PyUnicode_Check(hex)) {
        PyErr_SetString(PyExc_TypeError, "hexverify() takes a str");
        return NULL;
    }
    PyObject *b = PyObject_CallMethod((PyObject *)&PyBytes_Type, "fromhex", "O", hex);
    if (!b) return NULL;
    PyObject *r = m_verify(self, b);
    Py_DECREF(b);
    return r;
}

static PyObject *g_name(PyObject *self, void *c)
{
    (void)c;
    return PyUnicode_FromString(((kfobj *)self)->name);
}

static PyObject *g_digest_size(PyObject *self, void *c)
{
    (void)c;
    return PyLong_FromSsize_t(((kfobj *)self)->digest_size);
}

static PyObject *g_block_size(PyObject *self, void *c)
{
    (void)c;
    return PyLong_FromSsize_t(((kfobj *)self)->block_size);
}

static PyGetSetDef obj_getset[] = {
    {"name", g_name, NULL, "Name of the algorithm (hashlib style).", NULL},
    {"digest_size", g_digest_size, NULL, "Bytes of digest() (0 for an XOF, as hashlib's SHAKE).", NULL},
    {"block_size", g_block_size, NULL, "The sponge's rate in bytes.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

#define UPDATE_DOC "update(data, /)\n--\n\nAbsorb a bytes-like object (str is refused, as in hashlib)."
#define COPY_DOC "copy()\n--\n\nAn independent copy of this object."

static PyMethodDef hash_methods[] = {
    {"update", m_update, METH_O, UPDATE_DOC},
    {"digest", m_digest, METH_NOARGS, "digest()\n--\n\nThe digest of what was absorbed so far, as bytes."},
    {"hexdigest", m_hexdigest, METH_NOARGS, "hexdigest()\n--\n\nThe digest as a hex string."},
    {"copy", m_copy, METH_NOARGS, COPY_DOC},
    {NULL, NULL, 0, NULL},
};

static PyMethodDef xof_methods[] = {
    {"update", m_update, METH_O, UPDATE_DOC},
    {"digest", (PyCFunction)(void (*)(void))m_xof_digest, METH_FASTCALL | METH_KEYWORDS,
     "digest(length)\n--\n\nThe first length bytes of output (the object is unchanged)."},
    {"hexdigest", (PyCFunction)(void (*)(void))m_xof_hexdigest, METH_FASTCALL | METH_KEYWORDS,
     "hexdigest(length)\n--\n\nThe first length bytes of output as a hex string."},
    {"read", (PyCFunction)(void (*)(void))m_read, METH_FASTCALL | METH_KEYWORDS,
     "read(length)\n--\n\nThe next length bytes of output: successive calls continue the stream. "
     "After read(), update() and digest() raise StateError."},
    {"copy", m_copy, METH_NOARGS, COPY_DOC},
    {NULL, NULL, 0, NULL},
};

static PyMethodDef kmac_methods[] = {
    {"update", m_update, METH_O, UPDATE_DOC},
    {"digest", m_digest, METH_NOARGS, "digest()\n--\n\nThe MAC (mac_len bytes)."},
    {"hexdigest", m_hexdigest, METH_NOARGS, "hexdigest()\n--\n\nThe MAC as a hex string."},
    {"verify", m_verify, METH_O,
     "verify(tag, /)\n--\n\nTrue if tag equals the MAC (constant-time comparison), else False."},
    {"hexverify", m_hexverify, METH_O, "hexverify(hextag, /)\n--\n\nverify() of a hex string."},
    {"copy", m_copy, METH_NOARGS, COPY_DOC},
    {NULL, NULL, 0, NULL},
};

static PyMethodDef tuple_methods[] = {
    {"update", m_tuple_update, METH_VARARGS,
     "update(*items)\n--\n\nAppend each bytes-like item as one element of the tuple."},
    {"digest", m_digest, METH_NOARGS, "digest()\n--\n\nThe digest of the tuple so far."},
    {"hexdigest", m_hexdigest, METH_NOARGS, "hexdigest()\n--\n\nThe digest as a hex string."},
    {"copy", m_copy, METH_NOARGS, COPY_DOC},
    {NULL, NULL, 0, NULL},
};

/* <sha3_256 keccakforge.HASH object @ 0x...>, as hashlib's objects say what they hash */
static PyObject *obj_repr(PyObject *self)
{
    PyObject *tn = PyObject_GetAttrString((PyObject *)Py_TYPE(self), "__name__");
    if (!tn) return NULL;
    PyObject *r = PyUnicode_FromFormat("<%s keccakforge.%U object @ %p>", ((kfobj *)self)->name, tn, (void *)self);
    Py_DECREF(tn);
    return r;
}

static PyObject *make_type(const char *name, const char *doc, PyMethodDef *methods)
{
    PyType_Slot slots[] = {
        {Py_tp_dealloc, obj_dealloc},
        {Py_tp_repr, obj_repr},
        {Py_tp_methods, methods},
        {Py_tp_getset, obj_getset},
        {Py_tp_doc, (void *)doc},
        {0, NULL},
    };
    PyType_Spec spec = {name, sizeof(kfobj), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, slots};
    return PyType_FromSpec(&spec);
}

/* ---- constructors ------------------------------------------------------------------- */

/* data=b"" (or hashlib's alias string=), *, usedforsecurity=True: the common signature */
static int hashlib_args(const char *fname, PyObject *const *args, Py_ssize_t nargs, PyObject *kw, PyObject **data)
{
    static const char *const names[] = {"data", "usedforsecurity", "string"};
    PyObject *a[3];
    if (kfpy_parse(fname, args, nargs, kw, names, 3, 1, 0, a) < 0) return -1;
    if (a[0] && a[2]) {
        PyErr_Format(PyExc_TypeError, "%s(): 'data' and 'string' are the same argument", fname);
        return -1;
    }
    *data = a[0] ? a[0] : a[2];
    return 0;
}

static PyObject *finish_new(kfobj *o, int rc, PyObject *data)
{
    if (rc != KF_OK) {
        Py_DECREF(o);
        return kfpy_raise(rc, "init failed");
    }
    if (data && obj_absorb(o, data) < 0) {
        Py_DECREF(o);
        return NULL;
    }
    return (PyObject *)o;
}

static PyObject *new_hash(const char *fname, kf_hash_alg alg, Py_ssize_t bs,
                          PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    PyObject *data;
    if (hashlib_args(fname, args, nargs, kw, &data) < 0) return NULL;
    kfobj *o = obj_new(HashType, F_HASH, fname, (Py_ssize_t)kf_hash_size(alg), bs);
    if (!o) return NULL;
    return finish_new(o, kf_hash_init(CTX(o), alg), data);
}

#define HASH_CTOR(fn, alg, bs)                                                                     \
    static PyObject *c_##fn(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)           \
    {                                                                                              \
        (void)m;                                                                                   \
        return new_hash(#fn, alg, bs, a, n, kw);                                                   \
    }
HASH_CTOR(sha3_224, KF_SHA3_224, 144)
HASH_CTOR(sha3_256, KF_SHA3_256, 136)
HASH_CTOR(sha3_384, KF_SHA3_384, 104)
HASH_CTOR(sha3_512, KF_SHA3_512, 72)
HASH_CTOR(keccak_256, KF_KECCAK256_LEGACY, 136)
HASH_CTOR(keccak_512, KF_KECCAK512_LEGACY, 72)

static PyObject *new_shake(const char *fname, int bits, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    PyObject *data;
    if (hashlib_args(fname, args, nargs, kw, &data) < 0) return NULL;
    kfobj *o = obj_new(XofType, F_XOF, fname, 0, bits == 128 ? 168 : 136);
    if (!o) return NULL;
    return finish_new(o, bits == 128 ? kf_shake128_init(CTX(o)) : kf_shake256_init(CTX(o)), data);
}

static PyObject *c_shake_128(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_shake("shake_128", 128, a, n, kw);
}

static PyObject *c_shake_256(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_shake("shake_256", 256, a, n, kw);
}

static PyObject *new_turboshake(const char *fname, int bits, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    static const char *const names[] = {"data", "domain"};
    PyObject *a[2];
    Py_ssize_t d = 0x1F;
    if (kfpy_parse(fname, args, nargs, kw, names, 2, 2, 0, a) < 0) return NULL;
    if (a[1] && kfpy_ssize(a[1], 1, 0x7F, "domain", &d) < 0) return NULL;
    kfobj *o = obj_new(XofType, F_XOF, fname, 0, bits == 128 ? 168 : 136);
    if (!o) return NULL;
    int rc = bits == 128 ? kf_turboshake128_init(CTX(o), (uint8_t)d) : kf_turboshake256_init(CTX(o), (uint8_t)d);
    return finish_new(o, rc, a[0]);
}

static PyObject *c_turboshake128(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_turboshake("turboshake128", 128, a, n, kw);
}

static PyObject *c_turboshake256(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_turboshake("turboshake256", 256, a, n, kw);
}

/* An optional bytes-like argument as a view (empty when obj is NULL). */
static int opt_buf(PyObject *obj, Py_buffer *v, const char *what)
{
    static const char empty[1] = {0};
    if (!obj) {
        memset(v, 0, sizeof *v);
        v->buf = (void *)empty;
        v->len = 0;
        return 0;
    }
    return kfpy_getbuf(obj, v, what);
}

static void opt_release(PyObject *obj, Py_buffer *v)
{
    if (obj) PyBuffer_Release(v);
}

static PyObject *new_cshake(const char *fname, int bits, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    static const char *const names[] = {"data", "function_name", "customization"};
    PyObject *a[3];
    Py_buffer N, S;
    if (kfpy_parse(fname, args, nargs, kw, names, 3, 3, 0, a) < 0) return NULL;
    if (opt_buf(a[1], &N, "function_name") < 0) return NULL;
    if (opt_buf(a[2], &S, "customization") < 0) {
        opt_release(a[1], &N);
        return NULL;
    }
    kfobj *o = obj_new(XofType, F_XOF, fname, 0, bits == 128 ? 168 : 136);
    int rc = KF_OK;
    if (o)
        rc = bits == 128 ? kf_cshake128_init(CTX(o), N.buf, (size_t)N.len, S.buf, (size_t)S.len)
                         : kf_cshake256_init(CTX(o), N.buf, (size_t)N.len, S.buf, (size_t)S.len);
    opt_release(a[1], &N);
    opt_release(a[2], &S);
    if (!o) return NULL;
    return finish_new(o, rc, a[0]);
}

static PyObject *c_cshake128(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_cshake("cshake128", 128, a, n, kw);
}

static PyObject *c_cshake256(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_cshake("cshake256", 256, a, n, kw);
}

/* threads argument: 0 = auto (one per core the rest of the host leaves idle), default 1 */
static int threads_arg(PyObject *obj, unsigned *t)
{
    Py_ssize_t v = 1;
    if (obj && obj != Py_None && kfpy_ssize(obj, 0, 1024, "threads", &v) < 0) return -1;
    *t = (unsigned)v;
    return 0;
}

static PyObject *new_kt(const char *fname, kf_kt_variant var, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    static const char *const names[] = {"data", "customization", "threads"};
    PyObject *a[3];
    unsigned threads;
    if (kfpy_parse(fname, args, nargs, kw, names, 3, 2, 0, a) < 0) return NULL;
    if (threads_arg(a[2], &threads) < 0) return NULL;
    PyObject *custom = NULL;
    if (a[1]) {
        Py_buffer v;
        if (kfpy_getbuf(a[1], &v, "customization") < 0) return NULL;
        custom = PyBytes_FromStringAndSize(v.buf, v.len); /* a private immutable copy */
        PyBuffer_Release(&v);
        if (!custom) return NULL;
    }
    kfobj *o = obj_new(XofType, F_KT, fname, 0, var == KF_KT128 ? 168 : 136);
    if (!o) {
        Py_XDECREF(custom);
        return NULL;
    }
    o->custom = custom;
    int rc = kf_kt_init(CTX(o), var);
    if (rc == KF_OK && threads != 1) rc = kf_kt_set_threads(CTX(o), threads);
    return finish_new(o, rc, a[0]);
}

static PyObject *c_kt128(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_kt("kt128", KF_KT128, a, n, kw);
}

static PyObject *c_kt256(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_kt("kt256", KF_KT256, a, n, kw);
}

/* the output length of a fixed SP 800-185 function: 1 .. 2^27 bytes (bounded to stay a
 * sensible allocation; the encodings themselves allow far more) */
#define SP_MAX_OUT ((Py_ssize_t)1 << 27)

static PyObject *new_kmac(const char *fname, int bits, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    static const char *const names[] = {"key", "data", "customization", "mac_len"};
    PyObject *a[4];
    Py_ssize_t mac_len = bits / 4;
    Py_buffer K, S;
    if (kfpy_parse(fname, args, nargs, kw, names, 4, 4, 1, a) < 0) return NULL;
    if (a[3] && kfpy_ssize(a[3], 1, SP_MAX_OUT, "mac_len", &mac_len) < 0) return NULL;
    if (kfpy_getbuf(a[0], &K, "key") < 0) return NULL;
    if (opt_buf(a[2], &S, "customization") < 0) {
        PyBuffer_Release(&K);
        return NULL;
    }
    kfobj *o = obj_new(KmacType, F_KMAC, fname, mac_len, bits == 128 ? 168 : 136);
    int rc = KF_OK;
    if (o) rc = kf_kmac_init(CTX(o), bits == 128 ? KF_V128 : KF_V256, K.buf, (size_t)K.len, S.buf, (size_t)S.len);
    PyBuffer_Release(&K);
    opt_release(a[2], &S);
    if (!o) return NULL;
    return finish_new(o, rc, a[1]);
}

static PyObject *c_kmac128(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_kmac("kmac128", 128, a, n, kw);
}

static PyObject *c_kmac256(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_kmac("kmac256", 256, a, n, kw);
}

static PyObject *new_tuple(const char *fname, int bits, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    static const char *const names[] = {"items", "customization", "digest_size"};
    PyObject *a[3];
    Py_ssize_t ds = bits / 4;
    Py_buffer S;
    if (kfpy_parse(fname, args, nargs, kw, names, 3, 1, 0, a) < 0) return NULL;
    if (a[2] && kfpy_ssize(a[2], 1, SP_MAX_OUT, "digest_size", &ds) < 0) return NULL;
    if (a[0] && (PyUnicode_Check(a[0]) || PyBytes_Check(a[0]) || PyByteArray_Check(a[0]))) {
        PyErr_SetString(PyExc_TypeError, "items must be an iterable of bytes-like objects (a tuple, a list)");
        return NULL;
    }
    if (opt_buf(a[1], &S, "customization") < 0) return NULL;
    kfobj *o = obj_new(TupleType, F_TUPLE, fname, ds, bits == 128 ? 168 : 136);
    int rc = KF_OK;
    if (o) rc = kf_tuplehash_init(CTX(o), bits == 128 ? KF_V128 : KF_V256, S.buf, (size_t)S.len);
    opt_release(a[1], &S);
    if (!o) return NULL;
    if (rc != KF_OK) return finish_new(o, rc, NULL);
    if (a[0]) {
        PyObject *it = PyObject_GetIter(a[0]), *item;
        if (!it) {
            Py_DECREF(o);
            return NULL;
        }
        while ((item = PyIter_Next(it))) {
            int r = obj_absorb(o, item);
            Py_DECREF(item);
            if (r < 0) break;
        }
        Py_DECREF(it);
        if (PyErr_Occurred()) {
            Py_DECREF(o);
            return NULL;
        }
    }
    return (PyObject *)o;
}

static PyObject *c_tuplehash128(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_tuple("tuplehash128", 128, a, n, kw);
}

static PyObject *c_tuplehash256(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_tuple("tuplehash256", 256, a, n, kw);
}

static PyObject *new_par(const char *fname, int bits, PyObject *const *args, Py_ssize_t nargs, PyObject *kw)
{
    static const char *const names[] = {"data", "block_bytes", "customization", "digest_size", "threads"};
    PyObject *a[5];
    Py_ssize_t ds = bits / 4, B = 8192;
    unsigned threads;
    Py_buffer S;
    if (kfpy_parse(fname, args, nargs, kw, names, 5, 1, 0, a) < 0) return NULL;
    if (a[1] && kfpy_ssize(a[1], 1, PY_SSIZE_T_MAX, "block_bytes", &B) < 0) return NULL;
    if (a[3] && kfpy_ssize(a[3], 1, SP_MAX_OUT, "digest_size", &ds) < 0) return NULL;
    if (threads_arg(a[4], &threads) < 0) return NULL;
    if (opt_buf(a[2], &S, "customization") < 0) return NULL;
    kfobj *o = obj_new(HashType, F_PAR, fname, ds, bits == 128 ? 168 : 136);
    int rc = KF_OK;
    if (o) {
        rc = kf_parallelhash_init(CTX(o), bits == 128 ? KF_V128 : KF_V256, (size_t)B, S.buf, (size_t)S.len);
        if (rc == KF_OK && threads != 1) rc = kf_parallelhash_set_threads(CTX(o), threads);
    }
    opt_release(a[2], &S);
    if (!o) return NULL;
    return finish_new(o, rc, a[0]);
}

static PyObject *c_parallelhash128(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_par("parallelhash128", 128, a, n, kw);
}

static PyObject *c_parallelhash256(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *kw)
{
    (void)m;
    return new_par("parallelhash256", 256, a, n, kw);
}

static PyObject *c_backend(PyObject *m, PyObject *unused)
{
    (void)m;
    (void)unused;
    return Py_BuildValue("(ss)", kf_backend_name(), kf_backend_batch_name());
}

/* ---- the module --------------------------------------------------------------------- */

#define FC(f) (PyCFunction)(void (*)(void))(f), METH_FASTCALL | METH_KEYWORDS

static PyMethodDef hash_functions[] = {
    {"sha3_224", FC(c_sha3_224), "sha3_224(data=b'', *, usedforsecurity=True)\n--\n\nA SHA3-224 object (hashlib-compatible)."},
    {"sha3_256", FC(c_sha3_256), "sha3_256(data=b'', *, usedforsecurity=True)\n--\n\nA SHA3-256 object (hashlib-compatible)."},
    {"sha3_384", FC(c_sha3_384), "sha3_384(data=b'', *, usedforsecurity=True)\n--\n\nA SHA3-384 object (hashlib-compatible)."},
    {"sha3_512", FC(c_sha3_512), "sha3_512(data=b'', *, usedforsecurity=True)\n--\n\nA SHA3-512 object (hashlib-compatible)."},
    {"keccak_256", FC(c_keccak_256), "keccak_256(data=b'', *, usedforsecurity=True)\n--\n\nKeccak-256 with the original "
     "2011 padding (Ethereum's); NOT SHA3-256."},
    {"keccak_512", FC(c_keccak_512), "keccak_512(data=b'', *, usedforsecurity=True)\n--\n\nKeccak-512, original padding."},
    {"shake_128", FC(c_shake_128), "shake_128(data=b'', *, usedforsecurity=True)\n--\n\nA SHAKE128 XOF object."},
    {"shake_256", FC(c_shake_256), "shake_256(data=b'', *, usedforsecurity=True)\n--\n\nA SHAKE256 XOF object."},
    {"turboshake128", FC(c_turboshake128), "turboshake128(data=b'', domain=0x1F)\n--\n\nTurboSHAKE128 (RFC 9861), domain byte 0x01..0x7F."},
    {"turboshake256", FC(c_turboshake256), "turboshake256(data=b'', domain=0x1F)\n--\n\nTurboSHAKE256 (RFC 9861)."},
    {"cshake128", FC(c_cshake128), "cshake128(data=b'', function_name=b'', customization=b'')\n--\n\ncSHAKE128 (SP 800-185)."},
    {"cshake256", FC(c_cshake256), "cshake256(data=b'', function_name=b'', customization=b'')\n--\n\ncSHAKE256 (SP 800-185)."},
    {"kt128", FC(c_kt128), "kt128(data=b'', customization=b'', *, threads=1)\n--\n\nKangarooTwelve KT128 (RFC 9861); "
     "threads > 1 (0 = auto: one per idle core) hashes big updates' chunks in parallel."},
    {"kt256", FC(c_kt256), "kt256(data=b'', customization=b'', *, threads=1)\n--\n\nKT256 (RFC 9861)."},
    {"kmac128", FC(c_kmac128), "kmac128(key, data=b'', customization=b'', mac_len=32)\n--\n\nKMAC128 (SP 800-185)."},
    {"kmac256", FC(c_kmac256), "kmac256(key, data=b'', customization=b'', mac_len=64)\n--\n\nKMAC256 (SP 800-185)."},
    {"tuplehash128", FC(c_tuplehash128), "tuplehash128(items=(), *, customization=b'', digest_size=32)\n--\n\n"
     "TupleHash128 (SP 800-185) of the bytes-like items."},
    {"tuplehash256", FC(c_tuplehash256), "tuplehash256(items=(), *, customization=b'', digest_size=64)\n--\n\nTupleHash256."},
    {"parallelhash128", FC(c_parallelhash128), "parallelhash128(data=b'', *, block_bytes=8192, customization=b'', "
     "digest_size=32, threads=1)\n--\n\nParallelHash128 (SP 800-185) with block size B = block_bytes."},
    {"parallelhash256", FC(c_parallelhash256), "parallelhash256(data=b'', *, block_bytes=8192, customization=b'', "
     "digest_size=64, threads=1)\n--\n\nParallelHash256."},
    {"backends", c_backend, METH_NOARGS, "backends()\n--\n\n(one-state backend, batched backend) in use, e.g. ('opt64-bmi2', 'avx2-x4')."},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef moddef = {
    PyModuleDef_HEAD_INIT, "keccakforge._keccakforge",
    "C extension of keccakforge (CPython limited API); import keccakforge instead.", -1,
    hash_functions, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__keccakforge(void)
{
    PyObject *m = PyModule_Create(&moddef);
    if (!m) return NULL;
    if (PyModule_AddFunctions(m, kfpy_pqc_methods) < 0) goto fail;
    if (PyModule_AddFunctions(m, kfpy_key_methods) < 0) goto fail;
    if (PyModule_AddFunctions(m, kfpy_mldsa_methods) < 0) goto fail;
    if (PyModule_AddFunctions(m, kfpy_tree_methods) < 0) goto fail;
    if (make_errors(m) < 0) goto fail;
    HashType = make_type("keccakforge.HASH", "A fixed-length hash object (hashlib style).", hash_methods);
    XofType = make_type("keccakforge.XOF", "An extendable-output hash object.", xof_methods);
    KmacType = make_type("keccakforge.KMAC", "A KMAC object.", kmac_methods);
    TupleType = make_type("keccakforge.TupleHash", "A TupleHash object.", tuple_methods);
    if (!HashType || !XofType || !KmacType || !TupleType) goto fail;
    if (PyModule_AddObjectRef(m, "HASH", HashType) < 0 || PyModule_AddObjectRef(m, "XOF", XofType) < 0 ||
        PyModule_AddObjectRef(m, "KMAC", KmacType) < 0 || PyModule_AddObjectRef(m, "TupleHash", TupleType) < 0)
        goto fail;
    if (PyModule_AddStringConstant(m, "LIBRARY_VERSION", kf_version_string()) < 0) goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
