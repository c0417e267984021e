/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The known-unproved list's probe (proofs/probes/unproved_list.py): one goal CVC4 proves (a quantified
 * hypothesis to instantiate: Qed alone does not), one it cannot (a bound false for x = y = 1000), so the probe
 * can seed WP's cache with either. */

/*@ requires \valid_read(a + (0 .. 9));
    requires \forall integer i; 0 <= i < 10 ==> 0 <= a[i] <= 1000;
    assigns \nothing;
    ensures proves: 0 <= \result <= 2000; */
int probe_linear(const int *a)
{
    return a[3] + a[5];
}

/*@ requires 0 <= x <= 1000 && 0 <= y <= 1000;
    assigns \nothing;
    ensures never: \result <= 1000; */
int probe_product(int x, int y)
{
    return x * y;
}
