/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * qed_shift_compare.c - a probe of Frama-C 25 WP's Qed simplifier, not library code.
 * Run: python3 proofs/probes/qed_shift_compare.py (ctest probe_qed_shift; Qed only, milliseconds).
 *
 * Qed rewrites a right shift compared with 0 as if the shift were not there: 0 < (a >> k) becomes
 * 0 < a, and its negation (a >> k) <= 0 becomes a <= 0, whatever k, the type (32/64-bit, signed or
 * unsigned) or the form (> 0, >= 1, <= 0, < 1, 0 < t through a C variable, a C branch, an ACSL term
 * over integers). That is unsound: for a = 5, k = 4, 0 < a holds and 0 < (a >> 4) does not. With
 * another constant it divides, truncating: unsound for a negative a (the u_neg_* cases).
 * Each u_* function below has ONE assertion "claim" that is FALSE (a counterexample is in its
 * comment) and that Qed proves. Each s_* function is a control: a form Qed leaves alone or
 * rewrites soundly (== 0, != 0, if (a >> k), while, < 0, 0 <=, <= 1, <= 3, > 1, >= 2, a division), its claim proved
 * only where it is true. Expected verdicts: qed_shift_compare.py (EXPECT); docs/ASSURANCE.md, "An
 * unsound Qed rewrite: right shifts compared with 0".
 */
#include <stddef.h>
#include <stdint.h>

/* --- unsound: a false claim proved --- */

/* x = 5: (5 >> 4) = 0 */
/*@ requires 1 <= x < 256; assigns \nothing; */
void u_goal_gt0(uint32_t x) { /*@ assert claim: (x >> 4) > 0; */ }

/* x = 5 */
/*@ requires 1 <= x < 256; assigns \nothing; */
void u_goal_ge1(uint32_t x) { /*@ assert claim: (x >> 4) >= 1; */ }

/* x = 1: (1 >> 1) = 0 */
/*@ requires 1 <= x < 4; assigns \nothing; */
void u_goal_k1(uint32_t x) { /*@ assert claim: (x >> 1) > 0; */ }

/* x = 1: (1 >> 31) = 0 */
/*@ requires 1 <= x < 4; assigns \nothing; */
void u_goal_k31(uint32_t x) { /*@ assert claim: (x >> 31) > 0; */ }

/* x = 1: (1 >> 63) = 0 */
/*@ requires 1 <= x < 4; assigns \nothing; */
void u_goal_u64_k63(uint64_t x) { /*@ assert claim: (x >> 63) > 0; */ }

/* x = 1 */
/*@ requires 1 <= x < 4; assigns \nothing; */
void u_goal_s64_k63(int64_t x) { /*@ assert claim: (x >> 63) > 0; */ }

/* y = 1: a pure ACSL term over integers */
/*@ assigns \nothing; */
void u_goal_integer(void) { /*@ assert claim: \forall integer y; 1 <= y < 16 ==> (y >> 4) > 0; */ }

/* x = 1 reaches the assertion: t = 0 <= 0, x = 1 > 0 */
/*@ requires 0 <= x < 256; assigns \nothing; */
void u_var_le0(int32_t x) { int32_t t = x >> 4; if (t <= 0) { /*@ assert claim: x <= 0; */ } }

/* x = 1 */
/*@ requires 0 <= x < 256; assigns \nothing; */
void u_var_lt1(int32_t x) { int32_t t = x >> 4; if (t < 1) { /*@ assert claim: x <= 0; */ } }

/* x = 1: the fall-through of a C branch */
/*@ requires 0 <= x < 256; assigns \nothing; */
void u_branch_gt0(uint32_t x) { if ((x >> 4) > 0) return; /*@ assert claim: x <= 0; */ }

/* x = 1, 0 < t with t a C variable */
/*@ requires 0 <= x < 256; assigns \nothing; */
void u_branch_0lt(uint64_t x) { uint64_t t = x >> 4; if (0 < t) return; /*@ assert claim: x == 0; */ }

/* x = 1, signed 64-bit */
/*@ requires 1 <= x < 4; assigns \nothing; */
void u_branch_s64(int64_t x) { if ((x >> 4) > 0) return; /*@ assert claim: x <= 0; */ }

/* x = 1: a function's result */
/*@ assigns \nothing; ensures \result == (x >> 4); */
static uint32_t hi(uint32_t x) { return x >> 4; }
/*@ requires 0 <= x < 256; assigns \nothing; */
void u_result_le0(uint32_t x) { if (hi(x) <= 0) { /*@ assert claim: x <= 0; */ } }

/* A second rewrite (found in session 75): (a >> k) <= y becomes a / 2^k <= y for y != 0, and
 * x <= (a >> k) becomes x <= a / 2^k for x != 0, with WP's division, which truncates toward 0,
 * where >> floors: for a negative a that 2^k does not divide the two differ by one. */

/* x = -3: (-3 >> 1) = -2, and -3 / 2 = -1 */
/*@ requires -3 <= x < 0; assigns \nothing; */
void u_neg_goal_gt(int32_t x) { /*@ assert claim: (x >> 1) > -2; */ }

/* x = -3: x <= (a >> k) with x != 0 */
/*@ requires -3 <= x < 0; assigns \nothing; */
void u_neg_goal_le(int32_t x) { /*@ assert claim: -1 <= (x >> 1); */ }

/* x = -3: through a C variable, as Barrett's and reduce32's t */
/*@ requires -3 <= x < 0; assigns \nothing; */
void u_neg_var(int32_t x) { int32_t t = x >> 1; /*@ assert claim: t >= -1; */ }

/* x = -3: t * 3329 = -6658; a constant factor does not stop it */
/*@ requires -3 <= x < 0; assigns \nothing; */
void u_neg_scaled(int32_t x) { int32_t t = x >> 1; /*@ assert claim: t * 3329 >= -3329; */ }

/* --- controls: sound, the claim proved only where it is true --- */

/* true: -3 >> 1 = -2 is the least value (proved, by the rewrite or not) */
/*@ requires -3 <= x < 0; assigns \nothing; */
void s_neg_true(int32_t x) { int32_t t = x >> 1; /*@ assert claim: t >= -2; */ }

/* false (x = -3: -3 - 2 * (-2) = 1): the shift inside a sum with its operand is left alone */
/*@ requires -3 <= x < 0; assigns \nothing; */
void s_neg_sum(int32_t x) { int32_t t = x >> 1; /*@ assert claim: x - 2 * t <= 0; */ }


/* false (x = 1): == 0 is not rewritten */
/*@ requires 0 <= x < 256; assigns \nothing; */
void s_eq0(uint32_t x) { if ((x >> 4) == 0) { /*@ assert claim: x <= 0; */ } }

/* false (x = 1): the branch if (a >> k), its else */
/*@ requires 0 <= x < 256; assigns \nothing; */
void s_if_shift(uint32_t x) { if (x >> 4) return; /*@ assert claim: x <= 0; */ }

/* false (x = 1): !(a >> k) */
/*@ requires 0 <= x < 256; assigns \nothing; */
void s_not_shift(uint32_t x) { if (!(x >> 4)) { /*@ assert claim: x <= 0; */ } }

/* false (x = 1): != 0 as a goal */
/*@ requires 1 <= x < 256; assigns \nothing; */
void s_goal_ne0(uint32_t x) { /*@ assert claim: (x >> 4) != 0; */ }

/* true: (a >> k) < 0 <=> a < 0, a sound rewrite */
/*@ requires -100 <= x < 100; assigns \nothing; */
void s_lt0(int32_t x) { if ((x >> 4) < 0) { /*@ assert claim: x < 0; */ } }

/* false (x = 49): (a >> 4) <= 3 means a <= 63 */
/*@ requires 0 <= x < 256; assigns \nothing; */
void s_le3(uint32_t x) { if ((x >> 4) <= 3) { /*@ assert claim: x <= 48; */ } }

/* false (x = 2): > 1 is not rewritten to 1 < a */
/*@ requires 2 <= x < 4; assigns \nothing; */
void s_goal_gt1(uint32_t x) { /*@ assert claim: (x >> 1) > 1; */ }

/* false (x = 2) */
/*@ requires 2 <= x < 4; assigns \nothing; */
void s_goal_ge2(uint32_t x) { /*@ assert claim: (x >> 1) >= 2; */ }

/* false (x = 3): the fall-through of (a >> 1) > 2 */
/*@ requires 3 <= x < 6; assigns \nothing; */
void s_branch_gt2(uint32_t x) { if ((x >> 1) > 2) return; /*@ assert claim: x <= 2; */ }

/* false (x = 1): a division, not a shift */
/*@ requires 1 <= x < 256; assigns \nothing; */
void s_div_gt0(uint32_t x) { /*@ assert claim: (x / 16) > 0; */ }

/* true: the fall-through of (a >> 4) > 0 is a <= 15 (proved, Qed or not) */
/*@ requires 0 <= x < 256; assigns \nothing; */
void s_branch_true(uint32_t x) { if ((x >> 4) > 0) return; /*@ assert claim: x <= 15; */ }

/* The forms of the library's loops (proofs/probes/shift_sites.py's audit): controls too. */

/* false (x = 1): sp800_185.c's and kangarootwelve.c's loop, a 64-bit shift by a variable */
/*@ requires 1 <= x < 256; assigns \nothing; */
void s_while_var(uint64_t x)
{
    size_t n = 1;
    /*@ loop invariant 1 <= n <= 8; loop assigns n; loop variant 8 - n; */
    while (n < 8 && (x >> (8 * n))) n++;
    /*@ assert claim: x <= 0; */
}

/* false (x = 1): sponge.c's top_bit loop */
/*@ requires 1 <= x < 4; assigns \nothing; */
void s_while_assign(unsigned x)
{
    unsigned y = x, n = 0;
    /*@ loop assigns y, n; loop variant y; */
    while (y >>= 1) n++;
    /*@ assert claim: x <= 0; */
}

/* false (x = 2): <= 1 (poly.c's assert ((uint32_t)v >> 31) <= 1) */
/*@ requires 1 <= x < 4; assigns \nothing; */
void s_le1(uint32_t x) { if ((x >> 1) <= 1) { /*@ assert claim: x <= 1; */ } }

/* false (x = 1): 0 <= (a >> k), the negation of the sound < 0 (xmss.c's 0 <= (idx >> l)) */
/*@ requires 1 <= x < 4; assigns \nothing; */
void s_ge0(uint32_t x) { /*@ assert claim: 0 <= (x >> 1) ==> x <= 0; */ }
