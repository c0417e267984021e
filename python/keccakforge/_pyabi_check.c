/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * _pyabi_check.c - compiled (never linked into anything that runs) whenever CMake finds
 * Python.h: _pyabi.h's constants, struct layouts and prototypes must match the real
 * limited-API headers of 3.11, or this file does not compile.
 */
#define Py_LIMITED_API 0x030b0000
#include <Python.h>

#define KFPY_ABI_CHECK
#include "_pyabi.h"

int kfpy_abi_check_unit; /* an object file needs something in it */
