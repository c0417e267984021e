/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ctx_view.h - the proof build's view of the public contexts (proofs/units.py passes it with
 * -include to the hash-mode units; docs/ASSURANCE.md). include/keccakforge.h declares each
 * context as an opaque array of aligned bytes, and every mode casts those bytes to its private
 * struct (src/hash/modes.h's KF_IMPL). WP's Typed model cannot see a byte array as a struct (the
 * cast is "incompatible"), so with this macro keccakforge.h leaves the context types incomplete
 * and modes.h completes each one as a struct holding only the private struct the code keeps in
 * it, and KF_IMPL becomes the address of that member (offset 0, the same address the cast
 * gives). That the private struct fits in the public bytes is the compiler's check (KF_FITS, a
 * _Static_assert in each mode's file); their alignment (32) is at least the struct's.
 */
#define KF_PROOF_CTX_VIEW 1
