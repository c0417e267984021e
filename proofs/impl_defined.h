/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * impl_defined.h - the proof build's statement of the C operations whose meaning WP 25's
 * model leaves open (proofs/units.py passes it with -include to the units that use it;
 * docs/ASSURANCE.md, "The tool's assumptions"). Each axiom is what GCC and Clang document
 * for their targets (two's complement; ">> on a negative number shifts in copies of the
 * sign bit"; conversion to a narrower signed type reduces modulo 2^N) or a fact of
 * two's-complement bit arithmetic that WP's bit theory (cbits.mlw) does not state.
 * WP's lsr is specified only for x >= 0, and to_sint16 / to_uint32 only on values already
 * in range, so without these no arithmetic right shift of a negative number and no
 * wrapping conversion can be reasoned about. They are assumed, not proved; every function
 * proved with them is also run on its whole input domain by tests/test_lane_exhaustive.c.
 */
#include <stdint.h>
/*@ axiomatic ImplDefined {
    // x >> k is floor(x / 2^k), for negative x too (arithmetic shift)
    axiom asr_13: \forall integer x; (x >> 13) * 8192 <= x < ((x >> 13) + 1) * 8192;
    axiom asr_15: \forall integer x; (x >> 15) * 32768 <= x < ((x >> 15) + 1) * 32768;
    axiom asr_16: \forall integer x; (x >> 16) * 65536 <= x < ((x >> 16) + 1) * 65536;
    axiom asr_23: \forall integer x; (x >> 23) * 8388608 <= x < ((x >> 23) + 1) * 8388608;
    axiom asr_26: \forall integer x; (x >> 26) * 67108864 <= x < ((x >> 26) + 1) * 67108864;
    axiom asr_31: \forall integer x; (x >> 31) * 2147483648 <= x < ((x >> 31) + 1) * 2147483648;
    axiom asr_32: \forall integer x; (x >> 32) * 4294967296 <= x < ((x >> 32) + 1) * 4294967296;
    // conversions reduce modulo 2^N
    axiom to_s16: \forall integer x; ((int16_t)x - x) % 65536 == 0;
    axiom to_s32: \forall integer x; ((int32_t)x - x) % 4294967296 == 0;
    axiom to_u32: \forall integer x; ((uint32_t)x - x) % 4294967296 == 0;
    // two's-complement masks
    axiom land_range: \forall integer x, m; 0 <= m ==> 0 <= (x & m) <= m;
    axiom land_sign: \forall integer x, m; -2147483648 <= x < 0 ==> ((x >> 31) & m) == m;
    axiom land_sign0: \forall integer x, m; 0 <= x ==> ((x >> 31) & m) == 0;
    axiom lor_u32: \forall integer x, y; 0 <= x < 4294967296 && 0 <= y < 4294967296 ==> 0 <= (x | y) < 4294967296;
  } */
