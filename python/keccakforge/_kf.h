/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _kf.h - what the two C files of the extension module keccakforge._keccakforge share:
 * argument parsing for METH_FASTCALL, buffer access, and the mapping of kf_status codes to
 * the keccakforge.Error classes. Written against Python.h limited to the stable ABI of 3.11
 * (the first version whose stable ABI has PyObject_GetBuffer/PyBuffer_Release): one abi3
 * module serves CPython 3.11 and later.
 */
#ifndef KF_PY_H
#define KF_PY_H

#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030b0000
#endif
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdio.h>

#include "keccakforge.h"

/* Inputs of this many bytes or more are hashed with the GIL released (hashlib's threshold). */
#define KFPY_GIL_MINSIZE 2048

/* Parse METH_FASTCALL|METH_KEYWORDS arguments against names[0..n): the first npos may be
 * given by position, the first nreq are required. out[i] is a borrowed reference or NULL. */
int kfpy_parse(const char *fname, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
               const char *const *names, int n, int npos, int nreq, PyObject **out);

/* A C-contiguous byte view of obj; str is refused with hashlib's TypeError. 0 or -1. */
int kfpy_getbuf(PyObject *obj, Py_buffer *view, const char *what);

/* Raise the Error subclass of status rc with "KF_ERR_...: what". Returns NULL. */
PyObject *kfpy_raise(int rc, const char *what);

/* An int argument in [lo, hi] (what names it in the error). 0 or -1. */
int kfpy_ssize(PyObject *obj, Py_ssize_t lo, Py_ssize_t hi, const char *what, Py_ssize_t *out);

/* Constant-time equality of two equal-length buffers: 1 if equal. */
int kfpy_ct_equal(const void *a, const void *b, size_t len);

/* Batched, ML-KEM and SLH-DSA functions (_kf_pqc.c) for the module's method table. */
extern PyMethodDef kfpy_pqc_methods[];
/* Key encodings, SPKI / PKCS#8 DER and PEM (_kf_keys.c). */
extern PyMethodDef kfpy_key_methods[];
/* ML-DSA functions (_kf_mldsa.c) for the module's method table. */
extern PyMethodDef kfpy_mldsa_methods[];
/* Tree hashing and the many-rows entry points of keccakforge.spark (_kf_tree.c). */
extern PyMethodDef kfpy_tree_methods[];

#endif
