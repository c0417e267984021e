# SPDX-License-Identifier: Apache-2.0 OR MIT
# The proofs (proofs/, docs/ASSURANCE.md, issue 54): Frama-C 25 (Debian 12's frama-c-base has
# the WP plug-in) with Why3 and the SMT prover WP runs (cvc4; z3 proved nothing cvc4 did not).
# `patch` applies the mutants.
command -v frama-c >/dev/null || need_pkgs+=(frama-c-base)
command -v why3 >/dev/null || need_pkgs+=(why3)
command -v cvc4 >/dev/null || need_pkgs+=(cvc4)
command -v patch >/dev/null || need_pkgs+=(patch)
