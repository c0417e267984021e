/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * builtin_shim.h - the proof build's stand-in for GCC's __builtin_assume_aligned, which Frama-C 25
 * does not know (proofs/units.py passes it with -include to the units that use it;
 * docs/ASSURANCE.md). The builtin returns its pointer unchanged and only tells the compiler the
 * alignment the caller promises (keccak_backend.h's KF_STATE_ALIGN); the proof reads it as the
 * pointer itself. Alignment is not a property these proofs use.
 */
#define __builtin_assume_aligned(p, align) (p)
