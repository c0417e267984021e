/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * atomic_shim.h - the proof build's stand-in for GCC's __atomic builtins, which Frama-C 25
 * does not know (proofs/units.py passes it with -include to the units that use it;
 * docs/ASSURANCE.md, "The tool's assumptions"). A load is a plain read and a store a plain
 * write of the same object: the single-threaded meaning of the operation, which is all a proof
 * of absence of run-time errors needs (no property proved here is about ordering between
 * threads; the reference permutation's race on its round-constant cache is benign by design).
 */
#define __atomic_load_n(p, order) (*(p))
#define __atomic_store_n(p, v, order) ((void)(*(p) = (v)))
