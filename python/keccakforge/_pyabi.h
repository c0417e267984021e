/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _pyabi.h - the part of CPython's stable ABI (limited API, version 3.11) that the
 * extension uses, declared here so the module builds where Python.h is not installed
 * (Debian 12 with only gcc, cmake and python3-venv: no python3-dev). The stable ABI is
 * CPython's promise that these names, values and layouts do not change across 3.x, which
 * is what makes one abi3 module load into 3.11, 3.12, 3.13, ...; the same approach as
 * bindings generators that declare the ABI themselves.
 *
 * Checked against the real headers: _pyabi_check.c includes Python.h (Py_LIMITED_API
 * 0x030b0000) and then this file with KFPY_ABI_CHECK defined, which turns every constant
 * into a static assertion against Python.h's value, every struct into size and offset
 * assertions, and repeats every prototype (a redeclaration that differs fails to compile).
 * CMake compiles it whenever Python.h is found.
 *
 * Reference counts go through Py_IncRef/Py_DecRef (functions of the stable ABI) rather
 * than inline field updates, so they stay right on any later CPython (immortal objects).
 */
#ifndef KF_PYABI_H
#define KF_PYABI_H

#include <stddef.h>
#include <sys/types.h>

/* ---- constants (names, values): enum here, static assertions in the check ---------- */
#define KFPY_CONSTANTS(X)                                                                          \
    X(METH_VARARGS, 0x0001)                                                                        \
    X(METH_KEYWORDS, 0x0002)                                                                       \
    X(METH_NOARGS, 0x0004)                                                                         \
    X(METH_O, 0x0008)                                                                              \
    X(METH_FASTCALL, 0x0080)                                                                       \
    X(Py_tp_dealloc, 52)                                                                           \
    X(Py_tp_doc, 56)                                                                               \
    X(Py_tp_methods, 64)                                                                           \
    X(Py_tp_repr, 66)                                                                              \
    X(Py_tp_getset, 73)                                                                            \
    X(PyBUF_SIMPLE, 0)                                                                             \
    X(PYTHON_ABI_VERSION, 3)
#define KFPY_FLAGS(X)                                                                              \
    X(Py_TPFLAGS_DEFAULT, 0UL)                                                                     \
    X(Py_TPFLAGS_DISALLOW_INSTANTIATION, 1UL << 7)                                                 \
    X(Py_TPFLAGS_LONG_SUBCLASS, 1UL << 24)                                                         \
    X(Py_TPFLAGS_BYTES_SUBCLASS, 1UL << 27)                                                        \
    X(Py_TPFLAGS_UNICODE_SUBCLASS, 1UL << 28)

/* ---- structs: fields in order; the check asserts each offset and the size ----------- */
struct kfpy_object {
    ssize_t ob_refcnt;
    struct _typeobject *ob_type;
};
struct kfpy_buffer {
    void *buf;
    struct kfpy_object *obj;
    ssize_t len;
    ssize_t itemsize;
    int readonly;
    int ndim;
    char *format;
    ssize_t *shape;
    ssize_t *strides;
    ssize_t *suboffsets;
    void *internal;
};
struct kfpy_methoddef {
    const char *ml_name;
    struct kfpy_object *(*ml_meth)(struct kfpy_object *, struct kfpy_object *);
    int ml_flags;
    const char *ml_doc;
};
struct kfpy_getsetdef {
    const char *name;
    struct kfpy_object *(*get)(struct kfpy_object *, void *);
    int (*set)(struct kfpy_object *, struct kfpy_object *, void *);
    const char *doc;
    void *closure;
};
struct kfpy_type_slot {
    int slot;
    void *pfunc;
};
struct kfpy_type_spec {
    const char *name;
    int basicsize;
    int itemsize;
    unsigned int flags;
    struct kfpy_type_slot *slots;
};
struct kfpy_moduledef_base {
    struct kfpy_object ob_base;
    struct kfpy_object *(*m_init)(void);
    ssize_t m_index;
    struct kfpy_object *m_copy;
};
struct kfpy_moduledef {
    struct kfpy_moduledef_base m_base;
    const char *m_name;
    const char *m_doc;
    ssize_t m_size;
    struct kfpy_methoddef *m_methods;
    void *m_slots;
    int (*m_traverse)(struct kfpy_object *, int (*)(struct kfpy_object *, void *), void *);
    int (*m_clear)(struct kfpy_object *);
    void (*m_free)(void *);
};

#ifndef KFPY_ABI_CHECK
/* ---- the declarations the module compiles against ----------------------------------- */
#define KFPY_ENUM(name, value) name = (value),
enum { KFPY_CONSTANTS(KFPY_ENUM) };
#define KFPY_FLAG(name, value) static const unsigned long name = (value);
KFPY_FLAGS(KFPY_FLAG)

typedef ssize_t Py_ssize_t;
#define PY_SSIZE_T_MAX ((Py_ssize_t)(((size_t)-1) >> 1))
typedef struct kfpy_object PyObject;
typedef struct _typeobject PyTypeObject; /* opaque in the limited API */
typedef struct kfpy_buffer Py_buffer;
typedef struct kfpy_methoddef PyMethodDef;
typedef struct kfpy_getsetdef PyGetSetDef;
typedef struct kfpy_type_slot PyType_Slot;
typedef struct kfpy_type_spec PyType_Spec;
typedef struct kfpy_moduledef PyModuleDef;
typedef struct _ts PyThreadState;
typedef void *PyThread_type_lock;
typedef PyObject *(*PyCFunction)(PyObject *, PyObject *);

#define PyObject_HEAD PyObject ob_base;
#define PyModuleDef_HEAD_INIT {{1, NULL}, NULL, 0, NULL}
#define Py_TYPE(o) (((PyObject *)(o))->ob_type)
#define PyMODINIT_FUNC __attribute__((visibility("default"))) PyObject *
#define Py_INCREF(o) Py_IncRef((PyObject *)(o))
#define Py_DECREF(o) Py_DecRef((PyObject *)(o))
#define Py_XINCREF(o) Py_IncRef((PyObject *)(o)) /* Py_IncRef accepts NULL */
#define Py_XDECREF(o) Py_DecRef((PyObject *)(o))
#define Py_CLEAR(op)                                                                               \
    do {                                                                                           \
        PyObject *kfpy_tmp_ = (PyObject *)(op);                                                    \
        if (kfpy_tmp_) {                                                                           \
            (op) = NULL;                                                                           \
            Py_DecRef(kfpy_tmp_);                                                                  \
        }                                                                                          \
    } while (0)
#define Py_None (&_Py_NoneStruct)
#define Py_RETURN_NONE return Py_IncRef(Py_None), Py_None
#define Py_RETURN_TRUE return PyBool_FromLong(1)
#define Py_RETURN_FALSE return PyBool_FromLong(0)
#define Py_BEGIN_ALLOW_THREADS { PyThreadState *kfpy_save_ = PyEval_SaveThread();
#define Py_END_ALLOW_THREADS PyEval_RestoreThread(kfpy_save_); }
#define PyObject_New(type, tp) ((type *)_PyObject_New(tp))
#define PyModule_Create(def) PyModule_Create2((def), PYTHON_ABI_VERSION)
#define PyLong_Check(o) ((PyType_GetFlags(Py_TYPE(o)) & Py_TPFLAGS_LONG_SUBCLASS) != 0)
#define PyBytes_Check(o) ((PyType_GetFlags(Py_TYPE(o)) & Py_TPFLAGS_BYTES_SUBCLASS) != 0)
#define PyUnicode_Check(o) ((PyType_GetFlags(Py_TYPE(o)) & Py_TPFLAGS_UNICODE_SUBCLASS) != 0)
#define PyByteArray_Check(o) (Py_TYPE(o) == &PyByteArray_Type || PyType_IsSubtype(Py_TYPE(o), &PyByteArray_Type))
#endif /* !KFPY_ABI_CHECK */

/* ---- functions and data of the stable ABI (prototypes as in Python.h) ---------------- */
#ifdef __cplusplus
extern "C" {
#endif
extern PyObject _Py_NoneStruct;
extern PyObject *PyExc_TypeError, *PyExc_ValueError, *PyExc_OverflowError, *PyExc_OSError;
extern PyTypeObject PyBytes_Type, PyByteArray_Type;

void Py_IncRef(PyObject *);
void Py_DecRef(PyObject *);
unsigned long PyType_GetFlags(PyTypeObject *);
int PyType_IsSubtype(PyTypeObject *, PyTypeObject *);
PyObject *PyType_FromSpec(PyType_Spec *);
PyObject *_PyObject_New(PyTypeObject *);
void PyObject_Free(void *);
void *PyMem_Malloc(size_t);
void *PyMem_Calloc(size_t, size_t);
void PyMem_Free(void *);

int PyObject_GetBuffer(PyObject *, Py_buffer *, int);
void PyBuffer_Release(Py_buffer *);
PyObject *PyObject_GetAttrString(PyObject *, const char *);
int PyObject_SetAttrString(PyObject *, const char *, PyObject *);
PyObject *PyObject_GetIter(PyObject *);
PyObject *PyIter_Next(PyObject *);
PyObject *PyObject_CallFunction(PyObject *, const char *, ...);
PyObject *PyObject_CallMethod(PyObject *, const char *, const char *, ...);
PyObject *Py_BuildValue(const char *, ...);
PyObject *PySequence_Tuple(PyObject *);

PyObject *PyBytes_FromStringAndSize(const char *, Py_ssize_t);
char *PyBytes_AsString(PyObject *);
Py_ssize_t PyBytes_Size(PyObject *);
PyObject *PyUnicode_FromString(const char *);
PyObject *PyUnicode_FromStringAndSize(const char *, Py_ssize_t);
PyObject *PyUnicode_FromFormat(const char *, ...);
int PyUnicode_CompareWithASCIIString(PyObject *, const char *);
PyObject *PyLong_FromLong(long);
PyObject *PyLong_FromSsize_t(Py_ssize_t);
long PyLong_AsLong(PyObject *);
Py_ssize_t PyLong_AsSsize_t(PyObject *);
PyObject *PyBool_FromLong(long);
PyObject *PyTuple_Pack(Py_ssize_t, ...);
Py_ssize_t PyTuple_Size(PyObject *);
PyObject *PyTuple_GetItem(PyObject *, Py_ssize_t);
PyObject *PyList_New(Py_ssize_t);
int PyList_SetItem(PyObject *, Py_ssize_t, PyObject *);

PyObject *PyErr_Format(PyObject *, const char *, ...);
void PyErr_SetString(PyObject *, const char *);
void PyErr_SetObject(PyObject *, PyObject *);
PyObject *PyErr_Occurred(void);
int PyErr_ExceptionMatches(PyObject *);
void PyErr_Clear(void);
PyObject *PyErr_NoMemory(void);
PyObject *PyErr_NewException(const char *, PyObject *, PyObject *);
PyObject *PyErr_NewExceptionWithDoc(const char *, const char *, PyObject *, PyObject *);

PyObject *PyModule_Create2(PyModuleDef *, int);
int PyModule_AddFunctions(PyObject *, PyMethodDef *);
int PyModule_AddObjectRef(PyObject *, const char *, PyObject *);
int PyModule_AddStringConstant(PyObject *, const char *, const char *);

PyThreadState *PyEval_SaveThread(void);
void PyEval_RestoreThread(PyThreadState *);
PyThread_type_lock PyThread_allocate_lock(void);
void PyThread_free_lock(PyThread_type_lock);
int PyThread_acquire_lock(PyThread_type_lock, int);
void PyThread_release_lock(PyThread_type_lock);
#ifdef __cplusplus
}
#endif

#ifdef KFPY_ABI_CHECK
/* ---- the check (_pyabi_check.c, after Python.h) --------------------------------------- */
#define KFPY_CHECK(name, value) _Static_assert((name) == (value), "stable ABI value of " #name);
KFPY_CONSTANTS(KFPY_CHECK)
KFPY_FLAGS(KFPY_CHECK)
#define KFPY_SAME(ours, theirs, field) \
    _Static_assert(offsetof(struct ours, field) == offsetof(theirs, field), #theirs "." #field);
_Static_assert(sizeof(struct kfpy_object) == sizeof(PyObject), "PyObject");
KFPY_SAME(kfpy_object, PyObject, ob_refcnt)
KFPY_SAME(kfpy_object, PyObject, ob_type)
_Static_assert(sizeof(struct kfpy_buffer) == sizeof(Py_buffer), "Py_buffer");
KFPY_SAME(kfpy_buffer, Py_buffer, buf)
KFPY_SAME(kfpy_buffer, Py_buffer, obj)
KFPY_SAME(kfpy_buffer, Py_buffer, len)
KFPY_SAME(kfpy_buffer, Py_buffer, readonly)
KFPY_SAME(kfpy_buffer, Py_buffer, format)
KFPY_SAME(kfpy_buffer, Py_buffer, internal)
_Static_assert(sizeof(struct kfpy_methoddef) == sizeof(PyMethodDef), "PyMethodDef");
KFPY_SAME(kfpy_methoddef, PyMethodDef, ml_meth)
KFPY_SAME(kfpy_methoddef, PyMethodDef, ml_flags)
KFPY_SAME(kfpy_methoddef, PyMethodDef, ml_doc)
_Static_assert(sizeof(struct kfpy_getsetdef) == sizeof(PyGetSetDef), "PyGetSetDef");
KFPY_SAME(kfpy_getsetdef, PyGetSetDef, get)
KFPY_SAME(kfpy_getsetdef, PyGetSetDef, set)
KFPY_SAME(kfpy_getsetdef, PyGetSetDef, doc)
KFPY_SAME(kfpy_getsetdef, PyGetSetDef, closure)
_Static_assert(sizeof(struct kfpy_type_slot) == sizeof(PyType_Slot), "PyType_Slot");
KFPY_SAME(kfpy_type_slot, PyType_Slot, pfunc)
_Static_assert(sizeof(struct kfpy_type_spec) == sizeof(PyType_Spec), "PyType_Spec");
KFPY_SAME(kfpy_type_spec, PyType_Spec, basicsize)
KFPY_SAME(kfpy_type_spec, PyType_Spec, itemsize)
KFPY_SAME(kfpy_type_spec, PyType_Spec, flags)
KFPY_SAME(kfpy_type_spec, PyType_Spec, slots)
_Static_assert(sizeof(struct kfpy_moduledef_base) == sizeof(PyModuleDef_Base), "PyModuleDef_Base");
KFPY_SAME(kfpy_moduledef_base, PyModuleDef_Base, m_init)
KFPY_SAME(kfpy_moduledef_base, PyModuleDef_Base, m_index)
KFPY_SAME(kfpy_moduledef_base, PyModuleDef_Base, m_copy)
_Static_assert(sizeof(struct kfpy_moduledef) == sizeof(PyModuleDef), "PyModuleDef");
KFPY_SAME(kfpy_moduledef, PyModuleDef, m_name)
KFPY_SAME(kfpy_moduledef, PyModuleDef, m_doc)
KFPY_SAME(kfpy_moduledef, PyModuleDef, m_size)
KFPY_SAME(kfpy_moduledef, PyModuleDef, m_methods)
KFPY_SAME(kfpy_moduledef, PyModuleDef, m_slots)
KFPY_SAME(kfpy_moduledef, PyModuleDef, m_free)
_Static_assert(sizeof(Py_ssize_t) == sizeof(ssize_t), "Py_ssize_t");
#endif

#endif
