# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The proof units: the files Frama-C parses and its options (proofs/run.py)."""

# The proof build only: Frama-C 25 does not parse C11's _Alignas (include/keccakforge.h's
# KF_ALIGN32, the contexts' alignment); alignment is not a property these proofs use.
CPP = ["'-D_Alignas(x)='"]

# WP's provers, as run.py passes them, and the names Why3's configuration gives them
# (CVC4 only: Z3 proved nothing CVC4 could not, and a goal both fail costs both timeouts)
PROVERS = ["cvc4"]
PROVER_NAMES = {"cvc4": "CVC4", "z3": "Z3"}

# A unit's "steps" bounds each goal by CVC4's step count (WP's -wp-steps), not by time: a goal
# proves or not whatever the host's load. Under load ~15 (2026-11-25) goals that take 2-3 s
# and about 110,000 steps on an idle host ran into the 20 s time limit (key_codecs: 3 of them,
# a false failure); the most any goal of key_codecs, cli_readers or sum_parsers takes is
# about 117,000 steps (3.4 times fewer; a mutant's unproved goal costs up to the limit).
# "timeout" stays as a backstop only.
STEPS = 400000

# Lower step limits for the units whose proved goals all take far fewer steps than STEPS: run.py
# gives these units (the proof and its mutants alike) this limit instead of their "steps". What
# it saves is the goals that stay unproved by design (the justified rows, the assumed call points
# of `calls` annotations, a mutant's broken goals): CVC4 runs each of them to the limit, and the
# cost grows faster than the steps (one such goal: about 15 s of CPU at 400,000, 3 s at 100,000).
# A proved goal proves at any limit above its count; a goal that comes to need more fails
# visibly (raise the limit here). Each limit is at least twice the most steps any proved goal of
# the unit took, in the fresh-clone .ci/run of 2026-11-26 (/work/scratch/ci/run35.log, the
# "CVC4 1.8: ... (steps)" line under "Proved goals" of each log): sponge 73,492, hash_fips202
# 41,385, kangarootwelve 58,558, permutation 65,232, sp800_185_encodings 26,411, mldsa_arith
# 64,299 (docs/ASSURANCE.md, "Time": the figures before and after).
STEP_LIMITS = {"sponge": 150000, "hash_fips202": 100000, "kangarootwelve": 150000, "permutation": 150000,
               "sp800_185_encodings": 100000, "mldsa_arith": 150000,
               # session 40, from the fresh-clone .ci/run of dc46a1e (2026-11-26, that
               # tree's proof logs, each log's "CVC4 1.8: ... (steps)" line; run.py prints it since session 40):
               # cli_readers 107,172, key_codecs 117,479 (50,904 in its first pass), hash_sp800_185
               # 133,411, mlkem_jobs 144,891 (its first pass; the second keeps its own -wp-steps), sponge_xn_ops 104,615, mldsa_sampling 102,266, mlkem_arith 26,531,
               # mlkem_sampling 60,898, mlkem_kem 164,536, mldsa_api 173,478 (36,364 in its first pass);
               # session 42: mlkem_jobs 150,220 without Qed's ground simplifications (NO_GROUND)
               "hash_sp800_185": 270000, "mlkem_jobs": 310000, "sponge_xn_ops": 210000, "mldsa_sampling": 210000,
               "mlkem_arith": 60000, "mlkem_sampling": 130000, "mlkem_kem": 330000, "mldsa_api": 350000,
               "cli_readers": 220000, "key_codecs": 240000,
               # session 50: mldsa_api's most steps of a proved goal 201,679 (sign_sk_decode, 2026-11-28)
               "mldsa_api": 410000,
               # session 42: hash_parallelhash's most steps of a proved goal 264,710
               # (kf_parallelhash_squeeze's postcondition par_inv, 2026-11-27); since session 43
               # each of its two passes has its own limit (UNITS["hash_parallelhash"]["passes"])
               "hash_parallelhash": 540000,
               # session 44: hash_kt's most steps of a proved goal 158,645 (kf_kt_final's call of
               # kt_leaf_close, its precondition; 2026-11-27)
               "hash_kt": 320000,
               # session 46: hash_prehash's most steps of a proved goal 31,954 (2026-11-27)
               "hash_prehash": 70000,
               # session 48: slhdsa_hash's most steps of a proved goal 91,191 (kf_slh_thash's postcondition, 2026-11-28)
               "slhdsa_hash": 200000}
# session 48: the sponge's most steps 75,372 in session 47's fresh-clone run (over half of 150,000),
# 75,529 without Qed's ground simplifications (NO_GROUND below): 152,000 keeps the twice rule
STEP_LIMITS["sponge"] = 152000
# session 52: mlkem_kem's most steps of a proved goal 186,413 (dec_hash_jobs, since session 51) in the
# fresh-clone .ci/run of 5943ba4 (2026-11-28), over half of its 330,000: 380,000 keeps the twice rule
STEP_LIMITS["mlkem_kem"] = 380000
# session 53: the units at the default 400,000 whose hardest proved goal was over half of it in the fresh-clone
# .ci/run of 5943ba4 (2026-11-28), raised to twice it where what runs to the limit is only a few goals (their
# mutants' with no "# wp-steps:" of their own, and a call point or a justified goal): sum_parsers 262,240,
# mldsa_packing 270,089, mldsa_sk_sig 287,261, slhdsa_fors 339,401 (its first pass), mlkem_api 382,883,
# mldsa_verify 360,585 (its first pass; the second's own limit below). A proved goal proves at any higher limit.
STEP_LIMITS.update({"sum_parsers": 530000, "mldsa_packing": 550000, "mldsa_sk_sig": 580000, "slhdsa_fors": 690000,
                    "mlkem_api": 770000, "mldsa_verify": 730000})
# session 59: slh_ctx_bk (slhdsa_internal.h, the s59-slh merge) in the contexts raised slhdsa_fors' hardest proved goal
# to 357,254 steps (its first pass, 2026-11-29, main + s59-slh): 720,000 keeps the twice rule
STEP_LIMITS["slhdsa_fors"] = 720000
# s74-pk: kf_mldsa_sk_decode's ensures in_eta (s1, s2 in [-eta, eta] when it returns 0) raised mldsa_sk_sig's hardest
# proved goal to 298,481 steps (its default run, 2026-12-02 16:01 UTC, Zen 4): 600,000 keeps the twice rule
STEP_LIMITS["mldsa_sk_sig"] = 600000
# session 55: kf_backend_xn_side's contract (keccak_backend.h: NULL or a readable table) in the context of
# kf_mldsa_verify_one raised mldsa_verify's hardest proved goal to 435,481 steps (s55-side's run, its pass 0):
# twice that
STEP_LIMITS["mldsa_verify"] = 880000
# s74-pk: mldsa_pk_from_sk's hardest proved goal 347,996 steps (its first default run, 2026-12-02 16:29 UTC, Zen 4):
# twice that
STEP_LIMITS["mldsa_pk_from_sk"] = 700000
# The units left under the twice rule, each for the CPU of the goals its limit stops (run.py's NOTE line names
# them at every run): unproved by design and not selectable by units.LOW (callee preconditions, assigns
# clauses, call points), so each would run to a raised limit at every CI run
TWICE_EXCEPTIONS = {
    "mlkem_kpke": "326,541 of 400,000 in session 52; 17 goals unproved by design run to the limit",
    "sponge_xn": "292,700 of 400,000 in session 52; 8 justified goals and 8 call points run to the limit",
    "mlkem_poly": "741,461 of 1,000,000 in session 52; 5 goals unproved by design run to the limit",
}

# Units whose proof and mutant passes run without Qed's aggressive ground simplifications
# (WP's -wp-no-ground; run.py adds it): each proves the same goals, with the same justified rows,
# for less of Frama-C's own CPU (its Qed simplifier; docs/ASSURANCE.md, "Time", session 42). A
# simplification left out cannot prove a false goal. The vacuity guard's passes keep Qed's full
# strength (run.py), so a \false it could find before it still finds. key_codecs' second pass
# and cli_readers carry the option in their own "extra" (session 41).
# hash_kt since session 45 (with kt_feed's steps: 36.4 -> 29.5 s of CPU, the same 351 goals and rows,
# the same most steps, 158,645; load ~28-35, 2026-11-27).
# slhdsa_fors since session 46 (140.9 -> 130.2 s of CPU, Qed's share of its two passes 46.4 -> 34.4 s by
# the logs' (Qed:...) figures; the same 409 goals with the same statuses, the most steps 234,742 and
# 266,734 as before, pk_from_sig's postcondition 336,063, was 337,075; load 17-24, 2026-11-27).
NO_GROUND = {"hash_kt", "slhdsa_fors", "hash_batch", "mlkem_kem", "mlkem_kpke", "sum_parsers", "mlkem_jobs", "slhdsa_trees", "mldsa_sampling", "sponge_xn_ops"}
# hash_fips202 since session 47 (50.3 -> 45.6 s of CPU side by side at load 17-21, 2026-11-28: the same 356
# goals with the same statuses goal by goal, 4 justified, the most steps 41,385 as before, so its 100,000
# limit and its mutants' own limits keep the twice rule)
NO_GROUND |= {"hash_fips202"}
# slhdsa_hash since its first session (48): 31.6 -> 29.6 s of CPU side by side at load ~40 (2026-11-28), Qed's share
# by the log 3.9 -> 2.5 s, the same 240 goals with the same statuses goal by goal, the most steps 90,701 in both
NO_GROUND |= {"slhdsa_hash"}
# the sponge since session 48 (130.20 -> 122.38 s of CPU side by side at load 21-28, 2026-11-28, and its
# three mutants 27.97 -> 25.89 s, rejected by the same goals: the same 707 of 736 goals with the same
# statuses goal by goal, the most steps 75,372 -> 75,529, so its limit 152,000 above)
NO_GROUND |= {"sponge"}
# mldsa_poly since session 49 (101.1 -> 97.7 s of CPU side by side at load 14-30, 2026-11-28, its pass 96.3 ->
# 93.1 s: the same 1074 of 1082 goals with the same statuses goal by goal, the same 10 justified rows, the most
# steps 193,478 in both, under half its 400,000; its four mutants 12.0 -> 11.7 s, rejected by the same goals)
NO_GROUND |= {"mldsa_poly"}
# s64-ci: mlkem_poly (its one pass): Qed alone 44.2 -> 30.0 s of CPU, the same 390 of 682 goals by Qed; with CVC4 (every
# goal run, side by side with main, 2026-11-30 13:14-13:35 UTC, Zen 3, load 6-8) 408.7 -> 390.2 s of CPU, the same
# 677 of 682 goals, 4 justified, the most steps 741,461 in both (session 42 measured it 227.4 -> 217.7 s on the Zen 4
# and left it out for a 120 s timeout both runs hit at load; the backstop is 300 s since)
NO_GROUND |= {"mlkem_poly"}

# Units whose proof and mutant passes run without Qed's pruning of trivial branches (WP's -wp-no-pruning;
# run.py adds it, not in the vacuity guard's passes): session 56 found Qed's own simplification most of
# the Frama-C time a pass spends besides CVC4 (sponge_xn_ops' second pass with every verdict cached: 62 s
# of CPU, 46 s of it Qed's), and the pruning of branches its largest part: that pass's Qed alone 49.5 ->
# 28.8 s of CPU, and with CVC4 155 -> 121 s side by side (318 of 320 either way, the same two goals
# unknown, the most steps 226,749 in both; 2026-11-29, 2 vCPUs AMD EPYC Zen 4, load ~20; after s56-xn's merge
# 318 of 320, the most steps 212,051, its ten default mutants rejected). Like
# NO_GROUND, a simplification left out cannot prove a false goal; it can leave CVC4 a goal it no longer
# proves (sponge_xn_ops' third pass: an assertion of kf_sponge_xn_absorb, so that unit keeps it on its
# second pass only, units' "extra"). Each unit below was checked to prove the same goals with the same
# justified rows and unproved goals, its hardest goal within half its limit, and its mutants rejected
# (docs/ASSURANCE.md, "Time", session 56). Qed's CPU alone over the unit's passes (WP's -wp-prover qed, the
# two runs side by side, load ~20): cli_readers 87.8 -> 28.2 s, key_codecs 61.9 -> 33.9 s, mldsa_verify
# 30.0 -> 22.9 s, mlkem_poly 37.5 -> 33.8 s. Checked and left out for no gain: mlkem_kpke (15.1 -> 15.2 s),
# hash_parallelhash (17.1 -> 16.9 s); and mldsa_api, whose keygen_internal pass's hardest goal went from
# 346,178 to 369,996 steps, over half its 700,000. mlkem_poly was in the set for the fresh-clone CI of 82902bd
# and taken out after it: its passes took 226.9 s of CPU there against 194.2 s in session 55's run, which looked
# like CVC4's longer goals costing more than Qed's 3.7 s saved; but with pruning back on it took 237.0 s alone
# on the idle host right after (09:50-09:53 UTC), so the host was slower that day and the evidence is
# inconclusive. Out until an A/B with CVC4, side by side, decides (as sponge_xn_ops' second pass had).
# Session 57, A/B with CVC4 side by side (every goal run, KF_PROOF_CACHE=0; 2026-11-29 11:37-11:51 UTC, Zen 4,
# load ~18): sponge_xn in, its pass 80.4 -> 70.5 s of CPU, 294 of 314 either way, the most steps 292,700 in
# both; hash_batch out: it loses a goal without pruning (358 -> 357 of 364), 70.5 -> 53.4 s. mlkem_poly stays out,
# decided (the same A/B on the idle host, 13:14-13:18 UTC): its pass 182.7 -> 180.7 s of CPU, 677 of 682 either
# way, the most steps 741,461 in both: no gain worth new task digests. mldsa_poly out too (13:20-13:23 UTC): 98.9 ->
# 98.8 s of CPU, 1086 of 1094 either way, the most steps 193,478 in both.
# Session 58, the same A/B on the idle host (2026-11-29 14:19-14:33 UTC, Zen 4; the CPU of every Frama-C run of the
# unit's default run, with and without -wp-no-pruning, side by side, KF_PROOF_CACHE=0): mlkem_kem 105.1 -> 101.2 s,
# slhdsa_trees 132.2 -> 128.5, mlkem_jobs 107.4 -> 103.1, slhdsa_fors 103.2 -> 95.6 (and 109.3 -> 101.7 with the two
# runs' places swapped), each with the same goals proved and the same most steps per pass; slhdsa_hash loses a goal
# without pruning (441 -> 440 of 452 in its first pass). Not taken: about 20 s of CPU in all (10 s of the CI's wall
# time), while 24 of those four units' mutants carry their own step limits (# wp-steps:), each measured as twice its
# selection's most steps with pruning, which would have to be measured again; and their slow passes, which the A/B
# did not run, would change with them.
NO_PRUNING = {"mldsa_verify", "key_codecs", "cli_readers", "sponge_xn"}

# The ACSL names of the properties a unit leaves unproved on purpose (its proofs/justified_alarms.md
# rows; WP 25's -wp-prop selects by name or category only), each with the count of its goals that the
# unit's own step limit leaves unproved. run.py proves every other goal at the unit's limit, then, in
# a second round of the same Frama-C run, the goals of these names at LOW_STEPS: they are in the
# report as before (the rows stay checked, exactly), and CVC4 stops each of them at LOW_STEPS instead
# of the unit's limit. The guard (session 48): per name, the low round must leave exactly the count
# here unproved, or the unit fails. A row is per property, not per goal: without the count, a goal
# proved at the unit's limit that fails at LOW_STEPS (a loop invariant's establishment beside its
# unproved preservation, one part of a split property, one call site of several) would hide behind
# its property's row (session 47 found kf_xn_side_squeeze's block-loop invariant so, and left it
# out). The count is measured by `run.py UNIT --build DIR --low-check` (the names' goals at the unit's
# own limits, one goal per line with its status); as a goal proved at LOW_STEPS proves at any higher
# limit, the same count at both limits means the same goals unproved. One fewer at LOW_STEPS fails
# too (a stale count: a goal came to prove). What is lost: a justified goal that would come to prove
# between LOW_STEPS and the unit's limit is not seen as stale (--low-check sees it; review the rows
# when the code they name changes). Not the call points of `calls` annotations: they have no property
# -wp-prop selects, and WP makes them in each round (docs/ASSURANCE.md, "Time", session 45).
LOW_STEPS = 1000
LOW = {"cli_readers": {"fresh": 6},
       # session 45: mldsa_arith's decompose1 (its assertions and its behaviours' a0 postconditions, src/mldsa/poly.h)
       "mldsa_arith": {"decompose_div": 1, "decompose_corner": 1, "decompose_low_88": 1, "decompose_low_32": 1},
       # the zetas' bound in the NTTs and the inverse NTT's product (src/mldsa/poly.c)
       "mldsa_poly": {"kf_mldsa_zeta": 2, "invntt_product": 1},
       # kf_batch_squeeze's postcondition (src/hash/batch.c)
       "hash_batch": {"squeeze_keeps_inv": 1},
       }

UNITS = {
    # src/encoding/asn1_keys.c, every function, for every length (WP; the callees from other
    # units by the contracts in include/keccakforge.h and src/common/ct.h). Two passes: the
    # table lookups need the values of the const table ktypes (WP's -wp-init-const, its
    # default); everything else uses only the lookups' contracts, and is run without those
    # initialisers (-wp-no-init-const: 60 hypotheses fewer in every goal, which is what let
    # the provers finish get_algid and the decoders). Fewer hypotheses cannot make a false
    # goal provable. The second pass also without Qed's aggressive ground simplifications
    # (-wp-no-ground, session 41): the same goals proved, with less of Frama-C's own CPU
    # (docs/ASSURANCE.md, "Time"); a simplification left out cannot prove a false goal. cli_readers
    # (below) runs so too.
    "key_codecs": {
        "files": ["src/encoding/asn1_keys.c"],
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast"],
        "passes": [
            {"functions": ["find_type", "find_oid"], "extra": []},
            {"functions": ["kf_key_type_name", "kf_key_pub_bytes", "kf_key_priv_bytes", "eq_bytes",
                           "put", "reserve", "put1", "hdr_len", "put_hdr", "tlv_len", "put_algid",
                           "check_expanded_dk", "same_key", "seed_bytes", "expand_seed", "check_priv",
                           "finish", "put_pkcs8_head", "choice_len", "put_choice", "expanded_key",
                           "kf_key_encode_spki", "kf_key_encode_pkcs8",
                           "get_tlv", "get_algid", "kf_key_decode_spki",
                           "get_pkcs8_tail", "get_pkcs8", "get_choice", "priv_of_choice", "kf_key_decode_pkcs8",
                           "pem_label_ok", "b64val", "find_str", "b64_body", "b64_lines", "kf_pem_encode",
                           "kf_pem_decode"],
             "extra": ["-wp-no-init-const", "-wp-no-ground"]},
        ],
    },
    # tools/kforge/cli_io.c: the readers of key files and hex arguments (WP, every input
    # length): the pure helpers, and since 2026-11-26 those that allocate, print and read
    # (cli_from_hex, cli_key_type_of, cli_blob_free; since session 36 cli_read_file and
    # cli_key_bytes; since session 37 key_from_encoding with its helpers pem_to_der, same_bytes
    # and say_not_a_key) over proofs/shim/cli_libc.h (malloc, free, fprintf, strrchr, read and
    # kforge_status with contracts WP 25 can use; docs/ASSURANCE.md, "The CLI's readers") and
    # the library's contracts in include/keccakforge.h (kf_pem_decode, kf_key_decode_*: proved
    # by key_codecs); other_set_by_size calls the kf_key_* size and name functions, taken by
    # their prototypes' default assigns (key_codecs proves `assigns \nothing` for them).
    # Justified: malloc's freshness (asserted after each malloc; the assigns of cli_read_file's
    # loop and of pem_to_der, which write a block malloc returned), the DER wipe after a failed
    # second kf_pem_decode in cli_key_type_of.
    # "timeout" 300: at load ~30 (2026-11-26) goals of 400,000 steps ran into 120 s of wall time.
    "cli_readers": {
        "files": ["tools/kforge/cli_io.c"],
        "includes": ["tools/kforge"],
        "timeout": 300,
        "steps": STEPS,
        "preinclude": ["shim/cli_libc.h"],
        "extra": ["-wp-model", "Typed+cast", "-wp-auto", "wp:bitshift", "-wp-no-ground"],   # decode's hexval(..) << 4
        "functions": ["hexval", "decode", "is_der_sequence", "same_family", "all_hex_len", "has_pem",
                      "other_set_by_size", "cli_from_hex", "cli_key_type_of", "cli_blob_free", "cli_read_file",
                      "cli_key_bytes", "same_bytes", "pem_to_der", "say_not_a_key", "key_from_encoding"],
    },
    # tools/kforge/sum.c: --check's parser (WP): the hex digits, hex_run over a C string
    # (Frama-C's strlen axioms), unescape in place, parse_bsd (strrchr by proofs/shim/
    # cli_libc.h's contract), length_fits and sink_compare_hex, and since session 37 the whole
    # list reader: parse_check_line with parse_tagged, parse_plain and plain_name, sha3_by_length,
    # and the algorithm lookup (find_alg_n, find_alg, squash, same_name) over the tables' names
    # as arrays (WP 25 cannot show a literal is a string; the arrays' bounds are in their types).
    # -wp-no-init-const: no proved function needs the tables' values, and their initialisers
    # would be hypotheses of every goal. proofs/shim/stdio_ext.h stands in for <stdio_ext.h>,
    # which Frama-C's libc lacks (only __fpurge, in no proved function).
    "sum_parsers": {
        "files": ["tools/kforge/sum.c"],
        "includes": ["tools/kforge", "proofs/shim"],
        "preinclude": ["shim/cli_libc.h"],
        "timeout": 300,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast", "-wp-no-init-const"],
        "functions": ["hexval", "is_white", "hex_run", "unescape", "sink_compare_hex", "length_fits", "parse_bsd",
                      "squash", "same_name", "find_alg_n", "find_alg", "sha3_by_length", "parse_tagged",
                      "plain_name", "parse_plain", "parse_check_line"],
    },
    # The lane-level arithmetic of ML-KEM and ML-DSA (issue 54 items 1-2): the scalar reductions,
    # compression and rounding that the portable code applies to every coefficient, with their
    # coefficient bounds as contracts. proofs/impl_defined.h states the meaning of >> on negative
    # numbers and of narrowing conversions, which WP 25 leaves open (docs/ASSURANCE.md).
    "mlkem_arith": {
        "files": ["src/mlkem/poly.c"],
        "preinclude": ["impl_defined.h"],
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast"],
        "functions": ["kf_mlkem_montgomery_reduce", "kf_mlkem_barrett_reduce", "fqmul", "to_canonical",
                      "compress", "decompress"],
    },
    "mldsa_arith": {
        "files": ["src/mldsa/poly.c"],
        "preinclude": ["impl_defined.h"],
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast", "-wp-auto", "wp:bitshift"],   # Power2Round's r1 << 13
        "functions": ["kf_mldsa_reduce32", "kf_mldsa_caddq", "mont_reduce", "kf_mldsa_decompose1",
                      "kf_mldsa_power2round_portable", "kf_mldsa_use_hint_portable"],
    },
    # ML-DSA's portable polynomial layer (src/mldsa/poly.c, issue 54): reduce, caddq, freeze,
    # add, sub, shiftl; the NTT and inverse NTT with their bounds per layer (|c| < q in, < 9q
    # out of the NTT; the inverse's sums double per layer, < 256 q < 2^31 before its last);
    # the pointwise Montgomery products (one, accumulated, a row of up to 7 terms summed exactly
    # in 64 bits, and Verify's row with one more term); Decompose of a polynomial, MakeHint,
    # the norm check, Sign_internal's and KeyGen's fused loops; c s by the sparse c (the
    # offsets and their sum); SimpleBitPack / BitPack and their inverses for every width FIPS
    # 204 uses (3, 4, 6, 10, 13, 18, 20: eta, w1, t1, t0, z), with the functions without a
    # suffix (arith.h's dispatch: the portable code in the proof build). The lane arithmetic
    # (reduce32, caddq, mont_reduce, decompose1, Power2Round, UseHint) by mldsa_arith's
    # contracts; impl_defined.h for the arithmetic shift and mask axioms.
    "mldsa_poly": {
        "files": ["src/mldsa/poly.c"],
        "preinclude": ["impl_defined.h"],
        "timeout": 120,
        "steps": STEPS,
        # -wp-no-init-const: the zetas' bound is an assertion (proofs/justified_alarms.md), not
        # a case split over the table's 256 initialisers (CVC4 timed out on it)
        "extra": ["-wp-model", "Typed+cast", "-wp-auto", "wp:bitshift", "-wp-no-init-const"],
        # session 60 (s60-mldsa): kf_mldsa_challenge_offsets(_portable) ensures weight (its count is c's
        # kf_mldsa_weight, moved from sampling.h to poly.h; the loop invariant weight): 1091 goals, +4, +10.1 s of
        # CPU side by side with main (docs/ASSURANCE.md, mldsa_poly, "Session 60"); mutant challenge_offsets-positive-only
        "functions": ["kf_mldsa_poly_reduce_portable", "kf_mldsa_poly_caddq_portable", "kf_mldsa_poly_freeze_portable",
                      "kf_mldsa_poly_add_portable", "kf_mldsa_poly_sub_portable", "kf_mldsa_poly_shiftl_portable",
                      "kf_mldsa_ntt_portable", "kf_mldsa_invntt_tomont_portable", "kf_mldsa_pointwise_portable",
                      "kf_mldsa_pointwise_acc_portable", "kf_mldsa_pointwise_acc_vec_portable",
                      "kf_mldsa_pointwise_acc_vec_plus_portable", "kf_mldsa_decompose_portable",
                      "kf_mldsa_make_hint_portable", "kf_mldsa_poly_exceeds_portable",
                      "kf_mldsa_caddq_decompose_portable", "wipe_poly", "kf_mldsa_sub_low_exceeds_portable",
                      "kf_mldsa_add_reduce_exceeds_portable", "kf_mldsa_hint_row_portable",
                      "kf_mldsa_add_power2round_portable", "kf_mldsa_sparse_prep16", "kf_mldsa_sparse_prep8",
                      "kf_mldsa_sparse_prep", "kf_mldsa_sparse_prep_packed", "kf_mldsa_challenge_offsets_portable", "kf_mldsa_challenge_offsets",
                      "kf_mldsa_sparse_mul_portable", "kf_mldsa_sparse_mul", "kf_mldsa_sparse_sub_low_exceeds",
                      "kf_mldsa_sparse_add_reduce_exceeds", "pack8", "unpack8", "pack_poly",
                      "unpack_poly", "pack_values", "unpack_values", "kf_mldsa_pack_simple", "kf_mldsa_unpack_simple",
                      "kf_mldsa_pack_offset", "kf_mldsa_unpack_offset",
                      "kf_mldsa_poly_reduce", "kf_mldsa_poly_caddq", "kf_mldsa_poly_freeze", "kf_mldsa_poly_add",
                      "kf_mldsa_poly_sub", "kf_mldsa_poly_shiftl", "kf_mldsa_ntt", "kf_mldsa_invntt_tomont",
                      "kf_mldsa_pointwise", "kf_mldsa_pointwise_acc", "kf_mldsa_pointwise_acc_vec",
                      "kf_mldsa_pointwise_acc_vec_plus", "kf_mldsa_power2round", "kf_mldsa_decompose",
                      "kf_mldsa_make_hint", "kf_mldsa_use_hint", "kf_mldsa_poly_exceeds", "kf_mldsa_caddq_decompose",
                      "kf_mldsa_sub_low_exceeds", "kf_mldsa_add_reduce_exceeds", "kf_mldsa_hint_row",
                      "kf_mldsa_add_power2round"],
    },
    # ML-KEM's portable polynomial layer (src/mlkem/poly.c, issue 54): the NTT and inverse NTT
    # with their bounds per layer, the base multiplication summed over k <= 4, add, sub, reduce,
    # tomont, ByteEncode_12 / ByteDecode_12 and its modulus check, Compress_d / Decompress_d with
    # ByteEncode_d / ByteDecode_d for every d in 1..11, the message's, one row of t^; and the
    # functions without a suffix (arith.h's dispatch: the portable code in the proof build).
    # Their contracts (poly.h) are what the units above poly.c assume. The lane arithmetic by
    # mlkem_arith's contracts; impl_defined.h for its mask axiom.
    "mlkem_poly": {
        "files": ["src/mlkem/poly.c"],
        "preinclude": ["impl_defined.h"],
        "timeout": 300,   # a backstop only (the step limit decides): invntt_layer's zeta assertion ran past 120 s at load ~15
        "steps": 1000000,   # basemul's sums of products: its four hardest goals take 400,000-820,000
        "extra": ["-wp-model", "Typed+cast", "-wp-auto", "wp:bitshift,wp:bitrange"],   # the byte codecs' shifts
        "functions": ["kf_mlkem_poly_ntt_portable", "invntt_layer", "kf_mlkem_poly_invntt_tomont_portable",
                      "kf_mlkem_polyvec_basemul_acc_portable", "kf_mlkem_row_tobytes_portable",
                      "kf_mlkem_poly_tomont_portable", "kf_mlkem_poly_reduce_portable", "kf_mlkem_poly_add_portable",
                      "kf_mlkem_poly_sub_portable", "kf_mlkem_poly_tobytes_portable", "wipe_poly",
                      "kf_mlkem_poly_frombytes_portable", "kf_mlkem_poly_frombytes_canonical", "pack8", "unpack8",
                      "compress_d", "decompress_d", "kf_mlkem_poly_compress_portable",
                      "kf_mlkem_poly_decompress_portable", "kf_mlkem_poly_frommsg_portable",
                      "kf_mlkem_poly_tomsg_portable",
                      "kf_mlkem_poly_ntt", "kf_mlkem_poly_invntt_tomont", "kf_mlkem_polyvec_basemul_acc",
                      "kf_mlkem_row_tobytes", "kf_mlkem_poly_tomont", "kf_mlkem_poly_reduce", "kf_mlkem_poly_add",
                      "kf_mlkem_poly_sub", "kf_mlkem_poly_tobytes", "kf_mlkem_poly_frombytes",
                      "kf_mlkem_poly_compress", "kf_mlkem_poly_decompress", "kf_mlkem_poly_frommsg",
                      "kf_mlkem_poly_tomsg", "kf_mlkem_polyvec_mulcache", "kf_mlkem_polyvec_basemul_acc_cached",
                      "kf_mlkem_row_tobytes_cached"],
    },
    # ML-KEM's samplers' arithmetic (src/mlkem/sampling.c): SampleNTT's rejection loop
    # (reject_uniform: every accepted coefficient in [0, q), at most 256, and the loop ends with
    # the bytes it is given: variant len - pos) and SamplePolyCBD_2 / _3 (coefficients within
    # what their masks give, |x| <= 3 and <= 7). The Keccak schedule of the file is "pending".
    "mlkem_sampling": {
        "files": ["src/mlkem/sampling.c"],
        "preinclude": ["impl_defined.h", "builtin_shim.h"],
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast", "-wp-auto", "wp:bitshift"],   # the second candidate, t >> 12
        "functions": ["reject_uniform", "reject", "kf_mlkem_cbd2_portable", "kf_mlkem_cbd3_portable", "kf_mlkem_cbd"],
        "pending": ["the Keccak job schedule's run (its set-up, a job's start and step, and "
                    "the lone jobs: unit mlkem_jobs): kf_mlkem_sched_run, kf_mlkem_run_jobs; "
                    "lane_block_words is mlkem_jobs' since session 54"],
    },
    # The set-up of ML-KEM's Keccak jobs (src/mlkem/sampling.c, sampling.h's contracts): a hash
    # job's fields (kf_mlkem_job_hash), the k^2 SampleNTT jobs of A^ or A^T and one row of them
    # (job q samples into a + q, no output buffer, waits for nothing), the PRF jobs (job q
    # writes out[q][0 .. 64 eta[q])); kf_mlkem_prf_jobs's contract is what mlkem_kpke assumed
    # before; next_block (a job's input read within in[0] and in[1]); the schedule's lanes
    # (job_lanes, kf_mlkem_sched_init: sampling.h's kf_mlkem_sched_ok, at most 16 lanes whose
    # states fit in states[], from kf_backend_xn_for's contract; the batched init through the
    # table checked against kf_spec_xn_init, its call point assumed as in sponge_xn), their
    # wipe, and a lane's add and extract (kf_spec_[xn_]add_bytes / extract_bytes, call points
    # assumed); a lane's first block (lane_start: x1 init + add_bytes, or the batched table's
    # overwrite_bytes, checked against sampling.c's kf_spec_xn_overwrite_bytes) and next block
    # (lane_next_block), a job's start (job_start) and its step after a permutation (job_step:
    # its next block, its output within out[0 .. outlen) or poly->c, SampleNTT's coefficients so
    # far in [0, q): sampling.h's kf_mlkem_job_out_ok, _apart, _progress_ok). lane_block_words'
    # contract is assumed (mlkem_sampling's "pending": the lane as 64-bit words); running the
    # jobs (kf_mlkem_sched_run) is "pending" there too. Since session 37 the set-up's ensures
    # also in the caller's indices (a ghost o, sampling.h: kf_mlkem_sample_job, kf_mlkem_prf_job),
    # for Encaps_internal, Decaps_internal and KeyGen to show their jobs kf_mlkem_jobs_runnable.
    # Since session 41 kf_mlkem_matrix_jobs also ensures the caller's earlier jobs (jobs[0 .. o) in its
    # indices) field by field as they were (matrix_kept).
    # Since session 43 kf_mlkem_job_hash takes the ghost o too and ensures the caller's other jobs
    # ((j - o)[s], s != o) field by field as they were (hash_kept); row_jobs passes its j, prf_jobs 0
    # (its i cost its loop invariant 3 three times the steps).
    "mlkem_jobs": {
        "files": ["src/mlkem/sampling.c"],
        "preinclude": ["impl_defined.h", "builtin_shim.h"],
        "timeout": 120,
        "steps": STEPS,
        "calls_assumed": True,
        "extra": ["-wp-model", "Typed+cast", "-rte-no-pointer-call", "-wp-unalias-vars", "kf_spec_xn_table"],
        # two passes (session 37): the row and PRF jobs' set-up, whose ensures in the caller's
        # indices (the ghost o, sampling.h) take up to ~0.9 M CVC4 steps (the loop's exit, then
        # the instance), at a higher step limit; the rest at the unit's
        "passes": [
            {"functions": ["kf_mlkem_job_hash", "kf_mlkem_matrix_jobs",
                           "next_block", "bad_length", "job_lanes", "kf_mlkem_lone_job_on_lanes",
                           "kf_mlkem_sched_init", "kf_mlkem_sched_wipe", "lane_add", "lane_extract",
                           "lane_start", "lane_next_block", "job_start", "job_step", "lbw_word_in",
                           "run_ready_of", "done_ok_body"], "extra": []},
            # session 52's lone job: 72 s of CPU alone (run.py --functions, idle Zen 5), over the
            # 60 s line, so a slow pass (KF_SLOW_PROOFS=1; the other passes take their contracts);
            # its hardest proved goal 286,090 steps: its own limit at least twice that; since session 53
            # sched_lone's lone_ok (kf_mlkem_sched_ok after it) by its assertion lone_ok1 after the lone
            # run, 523,343 steps: 1,050,000, and a 600 s time limit (at load ~15 it timed out at 120 s)
            # s69-kem8: sched_lone ensures lone_kept (first, open, checked as they were) and lone_free (lanes free
            # before are free after a KF_OK run), over the assertions lone_free1 / lone_free2 (its own lanes' run)
            # and lone_sep, lone_fr, lone_free0, lone_free3 (the other path); lone_ok1 then 716,020 steps: the
            # pass's limit 1,450,000, twice that
            {"functions": ["run_job1_x1", "kf_mlkem_run_job1", "kf_mlkem_sched_lone"],
             "extra": ["-wp-steps", "1450000", "-wp-timeout", "600"], "slow": True},
            # session 52 (s52-jobs2): run_job1_blocks over ghost block counts and two ghost lemma
            # functions; its hardest proved goal 304,574 steps (the assertion after nb++), so its own
            # limit 610,000 (twice that), and slow: 78 s of CPU at the unit's 310,000 (load 5-8)
            {"functions": ["run_job1_blocks", "job1_mul_of", "job1_next_mul"],
             "extra": ["-wp-steps", "610000"], "slow": True},
            # session 61: a slow pass (was in the default run): the CI's host ran the provers at half the Zen 4's speed (docs/ASSURANCE.md, "Time", session 61)
            {"functions": ["kf_mlkem_matrix_row_jobs", "kf_mlkem_prf_jobs"],
             "extra": ["-wp-steps", "1500000", "-wp-timeout", "600"], "slow": True},
            # session 54 (s54-jobs): lane_block_words whole, with its widened view's byte bounds S_bytes / S_word
            # and the job's fields kept across its loops (lbw_k1, lbw_k2) and its padding's stores (lbw_kept);
            # its hardest proved goal 288,598 steps (lbw_k1, where the word loops' paths meet): its own limit
            # 580,000, twice that; slow: 81.9 s of CPU alone (run.py --functions, load ~30), over the 60 s line
            {"functions": ["lane_block_words"], "extra": ["-wp-steps", "580000"], "slow": True},
        ],
        # contracts and loop annotations written (sampling.h, sampling.c; docs/ASSURANCE.md), not yet
        # proved whole: the run's loop and kf_mlkem_run_jobs over it; lane_block_words (its padding's two stores, with
        # the frame and ensures after them: session 52, docs/ASSURANCE.md). Since session 52 in two
        # slow passes: run_job1_x1, kf_mlkem_run_job1, kf_mlkem_sched_lone; run_job1_blocks. Session 53: sched_run's
        # contract states what its callers need (run_done, run_bounded, run_lanes); lane_block_words' padding stores over
        # the ghost lemma lbw_word_in (first pass): 104 of 105, left its ensures after the stores (docs/ASSURANCE.md).
        # Session 54: lane_block_words proved (its own slow pass above; lbw_word_in also ensures lbw_c, the C
        # product's value and the word's byte bound)
        # Session 55: sched_run's body annotated (its loop invariants run_lane, run_one, run_fresh, run_open, run_bounded;
        # sampling.h's kf_mlkem_run_ready in its contract), job_start ensures started, job_step's stage store only in the
        # AVX-512 build's contract; still pending (docs/ASSURANCE.md)
        # session 56: sched_run's reset loop carries reset_old (run_ready_in for the jobs before checked), over
        # which its run_f0 proves (36,129 steps); run_lanes and run_ready at 1,000,000 steps alone: the step limit
        # session 57: on main 190 of 248 (docs/ASSURANCE.md's table); run_lanes and run_ready prove (Qed) over the
        # assertions run_x_* after the main loop and the ghost lemma function run_ready_of (first pass above,
        # 29,341 steps; its mutant run_ready_of-lanes-not-apart); the lane loops' frames left
        # session 58: on 8e5f004 226 of 275 at 310,000 (427 s of CPU; docs/ASSURANCE.md's table); run_valid_all closes
        # the scan of first's mem_access; the frames of done / started across job_start and job_step do not prove
        # (a field at a time and with a pure separation fact first: the step limit), nor run_bounded_2 / _3 preserved;
        # run_bounded_3 established proves (297,609 steps) over the ghost lemma done_ok_body (first pass, 32,321 steps;
        # its mutant done_ok_body-past-poly)
        # session 59: job_start ensures js_l, job_step jst_l / jst_fin (first pass, 109 of 109 for the two; mutant
        # job_step-done-one-short); sched_run's run_chk_s / _p, run_rc preserved, run_x_ok, run_c_ok prove by -wp-prop
        # runs; the frames of done / started / jobs_ok moved into the callees' contracts (ghost jobs, n, g) ran to the
        # limit in the callees (docs/ASSURANCE.md), taken out
        "pending": ["kf_mlkem_sched_run", "kf_mlkem_run_jobs"],
        # (run.py's check that each function of the file is in a pass: these are mlkem_sampling's)
        "elsewhere": ["reject_uniform", "reject", "kf_mlkem_cbd2_portable", "kf_mlkem_cbd3_portable", "kf_mlkem_cbd"],
    },
    # ML-DSA's key and signature encodings (src/mldsa/packing.c, FIPS 204 Alg. 22-28), for the three
    # parameter sets (params.h's kf_mldsa_params_ok): pkEncode / pkDecode (t1 in [0, 2^10) out),
    # skDecode's range check out_of_eta and w1Encode, over the bit packing's contracts (poly.h; unit
    # mldsa_poly). The sk and signature encodings are the unit mldsa_sk_sig below.
    "mldsa_packing": {
        "files": ["src/mldsa/packing.c"],
        "preinclude": ["impl_defined.h"],
        "timeout": 120,
        "steps": STEPS,
        # wp:split: a case per parameter set where a product of two of its fields (w1Encode's
        # 32 w1_bits i) needs it
        "extra": ["-wp-model", "Typed+cast", "-wp-auto", "wp:bitshift,wp:split"],
        "functions": ["kf_mldsa_pk_encode", "kf_mldsa_pk_decode", "out_of_eta", "kf_mldsa_w1_encode"],
    },
    # skEncode / skDecode and sigEncode / sigDecode with HintBitPack / HintBitUnpack (packing.c,
    # FIPS 204 Alg. 20-21, 24-27) for the three parameter sets: a vector's polynomials packed one
    # after another by pack_vec / unpack_vec (32 bits i for a width of the set kf_mldsa_vec_width,
    # linear once wp:split has cased the width); the offsets of s2, t0 and the hint are asserted
    # per function (products of two parameters: wp:split cases kf_mldsa_params_ok), and the hint's
    # index and count bytes stay within omega + k (sigDecode's checks: counts non-decreasing and
    # <= omega). out_of_eta by mldsa_packing's contract; wp:range cases z_bits / eta_bits for
    # 2^z_bits = 2 gamma1 (z's range out of sigDecode). Since session 55 sigEncode's contract is in packing.h
    # (mldsa.c's sign_attempt takes it), as skEncode's since session 51.
    "mldsa_sk_sig": {
        "files": ["src/mldsa/packing.c"],
        "preinclude": ["impl_defined.h"],
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast", "-wp-auto", "wp:bitshift,wp:split,wp:range"],
        "functions": ["pack_vec", "unpack_vec", "kf_mldsa_sk_encode", "kf_mldsa_sk_decode", "kf_mldsa_sig_encode",
                      "kf_mldsa_sig_decode"],
    },
    # ML-DSA's Verify (src/mldsa/verify.c): verify_decode (pkDecode, sigDecode and the norm check
    # of z, Alg. 8 lines 1-2 and 13's bound, over mldsa_packing's, mldsa_sk_sig's and mldsa_poly's
    # contracts: t1 in [0, 2^10), z in (-gamma1, gamma1] when the signature decodes), w1_bytes,
    # tr_and_a (tr = H(pk) beside ExpandA: pk copied and padded within PK_PADDED_MAX, A in [0, q)),
    # since session 38 same_bytes (memcmp's replacement: Frama-C's memcmp leaves a false
    # hypothesis, docs/ASSURANCE.md), wipe_but_a (the state's wipe in its own type: 2 justified
    # goals inside) and kf_mldsa_verify_one over verify_w1's contract (1 justified: the const
    # parameter table apart from pk and sig). Assumed callee contracts (not proved): ExpandA's
    # entries (sampling.h: mldsa_sampling's "pending"); kf_mldsa_shake256 (proved by unit mldsa_sampling
    # since session 54); kf_mldsa_compute_mu
    # (mldsa_internal.h) by its contract, proved by unit mldsa_api since session 42; the lone sponge's kf_xn_side_pad /
    # kf_xn_side_squeeze are unit sponge_xn's. "pending": the batch's finish_window (memcmp's
    # preconditions to justify) and kf_mldsa_verify_batch (its wipe of a local verify_state as bytes
    # and its memcmp of the local st.rho: code shapes that leave \false provable, issue 54); its
    # item_checks, prefetch_item, sib_lanes and (slow) mu_lanes proved since session 59, over
    # sponge_xn.h's contracts (units sponge_xn / sponge_xn_ops).
    "mldsa_verify": {
        "files": ["src/mldsa/verify.c"],
        # session 74: shim/memcmp_libc.h (memcmp with a contract WP 25 can use: public_same)
        "preinclude": ["impl_defined.h", "builtin_shim.h", "atomic_shim.h", "shim/memcmp_libc.h"],
        "timeout": 120,
        "steps": STEPS,
        # -wp-unalias-vars: the ghost kf_spec_xn_table that ExpandA's contracts assign (session 50)
        "extra": ["-wp-model", "Typed+cast", "-wp-auto", "wp:split", "-wp-unalias-vars", "kf_spec_xn_table"],
        # verify_w1: w1_matrix, a_from_ahead (A from the batch's polynomials made ahead, then
        # kf_mldsa_expand_a_ahead: session 41), w1_challenge, the NTT of z and w1_rows (w1_row;
        # the rows' offsets carried down the loop, linear in i for each set: session 40).
        # Two passes (session 41): kf_mldsa_verify_one, verify_w1 and w1_matrix, whose proved goals
        # take up to ~360,000 CVC4 steps (w1_matrix's a_fits over 200,000), at the unit's 400,000
        # (and a 600 s time limit: at load ~22 a goal of verify_one ran into 120 s); the rest at
        # their own limit (their proved goals at most 178,694 steps, 2026-11-27; 200,000 until session 53,
        # a margin of 1.1; since then 360,000, the twice rule, and the first pass at STEP_LIMITS' 730,000).
        # Session 59: the batch's item_checks (the argument checks of one item: kf_item_ok when KF_OK),
        # prefetch_item (__builtin_prefetch by Frama-C's default assigns of its implicit prototype: nothing)
        # and sib_lanes (SampleInBall's first blocks in lanes, kf_sponge_xn_plan / _oneshot_public) in the
        # second pass (their goals at most 64,518 steps). Session 60: wipe_state (the batch's wipe of its whole
        # verify_state through a pointer, as wipe_but_a: its 2 goals justified, CVC4 "Unknown" at once) there too.
        "passes": [
            # session 61: a slow pass (was in the default run): the CI's host ran the provers at half the Zen 4's speed (docs/ASSURANCE.md, "Time", session 61)
            {"functions": ["kf_mldsa_verify_one", "verify_w1", "w1_matrix"], "extra": ["-wp-timeout", "600"], "slow": True},
            {"functions": ["verify_decode", "w1_bytes", "tr_and_a", "same_bytes", "wipe_but_a",
                           "kf_mldsa_sample_in_ball_block", "a_from_ahead", "w1_challenge", "w1_row", "w1_rows",
                           "item_checks", "prefetch_item", "sib_lanes", "wipe_state", "mu_one",
                           # session 74: public_same over proofs/shim/memcmp_libc.h's memcmp
                           "public_same"],
             # s69-vbatch: verify_decode's keeps for the batch (dec_p_kept, dec_a_kept, dec_ah_kept, with the assertion
             # dec_kl) are proved in a slow pass of their own (below); this pass takes them as its contract
             "extra": ["-wp-steps", "360000", "-wp-prop=-dec_p_kept,-dec_a_kept,-dec_ah_kept,-dec_kl"]},
            # s69-vbatch: verify_decode's keeps (p, A with a_valid, the batch's ah through the ghost parameter gah) and
            # dec_kl (k l <= 56: without it dec_a_kept and dec_ah_kept stepped out at 360,000, session 68); slow: ~7-8 s
            # of CPU that the default run does not pay (docs/ASSURANCE.md, session 69)
            {"functions": ["verify_decode"], "extra": ["-wp-steps", "280000",
                                                       "-wp-prop=dec_p_kept,dec_a_kept,dec_ah_kept,dec_kl"],
             "slow": True},
            # session 59: mu_lanes (mu = H(tr || M') in lanes: kf_sponge_xn_init / _absorb / _squeeze); its
            # hardest goal 242,003 steps (the assertion mu_x after the optional absorbs), so its own limit
            # 490,000; slow: 22.7 s of CPU alone (run.py --functions, load ~28), over the session's 20 s
            {"functions": ["mu_lanes"], "extra": ["-wp-steps", "490000"], "slow": True},
            # s62-vbatch: finish_window's hashes and compare as always-inlined helpers, the object code the same
            # (objdump of verify.c's object, GCC 12 -O3): tr_lanes (kf_sponge_xn_plan / _oneshot over the lanes'
            # pointer arrays), ctilde_lanes (_init, two _absorb, _squeeze) and window_results (the compare, through
            # public_same: memcmp, its contract stated). Their 62 goals proved at 360,000 (run.py --functions,
            # 2026-11-30, load ~5): the hardest 67,856 steps, so their own limit 140,000; slow: 17.6 s of CPU
            {"functions": ["tr_lanes", "ctilde_lanes", "window_results"], "extra": ["-wp-steps", "140000"],
             "slow": True},
            # s62-fw: finish_window proved: its second loop's and its own assigns name bw->mu as the field's bytes
            # (*(&bw->mu[0][0] + (0 .. 511)), the same locations): bw->mu[0 .. 7][0 .. 63] left CVC4 an existential
            # row (exists i. 64 i <= 64 j + k <= 64 i + 63) that it did not instantiate in 360,000 steps. 61 of 61
            # goals (run.py --functions finish_window --steps 360000, 2026-11-30, load ~2-4), the hardest 116,392
            # steps, so its own limit 240,000; slow: 14.6 s of CPU alone, over the session's 10 s; its mutant
            # (the second loop one lane more) rejected
            # s69-vbatch: with its keeps for the batch's loop (fw_p_kept, fw_a_kept, fw_ah_kept over the ghost parameters
            # gst, gah; the frames fw_fa0/1, fw_fah0/1 around window_results) 71 of 71 goals, the hardest 187,315 steps, so
            # 380,000; 20.2 s of CPU (2026-12-01, load ~7); mutant finish_window-ahead-not-apart rejected by fw_fah1
            # s71-vbatch: a ghost parameter gcount (the batch's count, above every index of the window: fw_at), the results
            # clause results[0 .. gcount - 1] and the items apart from bw as items[0 .. gcount - 1] (fw_isep), the caller's
            # ranges: 71 of 71, 33.1 s of CPU, the most 191,560 steps (2026-12-02, load ~7); its limit 390,000 since session
            # 73 (380,000 was under twice that: s73-vbatch's note)
            {"functions": ["finish_window"], "extra": ["-wp-steps", "390000"], "slow": True},
            # s73-vbatch: kf_mldsa_verify_batch proved (docs/ASSURANCE.md, "ML-DSA's Verify", sessions 72-73): the loop's
            # facts carried along its body as assertions (sessions 67-73), the loop's clause naming sib row by row; 2 goals
            # justified (batch_inputs_apart; the loop assigns' part of sib_lanes' call). 201 of 203 goals, 601.0 s of CPU,
            # the most 451,039 steps (2026-12-02, Zen 5, load 7-12): its own limit over twice that; slow: ~10 min of CPU
            {"functions": ["kf_mldsa_verify_batch"], "extra": ["-wp-steps", "960000", "-wp-timeout", "1200"],
             "slow": True},
        ],
        # session 60: still pending (docs/ASSURANCE.md, "ML-DSA's Verify", session 60). finish_window 96 of 114 at
        # 360,000 steps: the lanes' pointer facts across kf_sponge_xn_init / _absorb's `assigns *s` and the compare
        # loop's memcmp run to the limit in its large context (next: the c~' hash in a helper of its own, as
        # mu_lanes). kf_mldsa_verify_batch: its memcmp and its wipe of a local replaced (same_bytes, wipe_state),
        # its contract and loop invariants written; its loop's ah_ok needs verify_w1 to ensure ah_kept (commit c5df66c:
        # proved, ~30 s of CPU more in the first pass, taken out until the batch is proved).
        # s62-vbatch: public_same (memcmp: its danglingness preconditions, which WP 25 cannot state; its contract
        # is what window_results uses) pending too. mu_one (mu of one item, finish_window's loop body) in the second
        # pass: 11 goals, 4.6 s of CPU, the most 82,373 steps (run.py --functions, 2026-11-30, load ~10). The loops
        # that fill the lanes' arrays stay in finish_window (in a helper they changed the machine code);
        # `--functions finish_window,mu_one --steps 360000`: 69 of 72, left finish_window's second loop assigns
        # (parts 2, 3) and its assigns (exit, part 6), step limit; the helpers' preconditions at its calls proved.
        # s62-fw: finish_window out of "pending" (its slow pass above).
        # s66-vbatch: kf_mldsa_verify_batch tried with ah_kept (c5df66c) back: `--functions kf_mldsa_verify_batch --steps
        # 360000` 99 of 119 goals, 1,871 s of CPU (2026-11-30, Zen 3, load 4-11); its loop body's goals step out on their
        # context (docs/ASSURANCE.md, session 66): still pending, no source change. public_same pending (no memcmp row).
        # s67-vbatch: the loop's facts carried step by step (assertions between ghost labels, -wp-prop at 360,000):
        # 23 of 27 proved, the whole function not run (~180 goals); still pending, no source change (docs/ASSURANCE.md,
        # session 67).
        # s68-vbatch: what the loop's callees keep, as their ensures: ah_kept (a_from_ahead, by Qed, in the second pass;
        # w1_matrix and verify_w1, the first pass: slow) and p_kept (verify_w1: kf_mldsa_params_ok(p) after it); its
        # mutant a_from_ahead-one-made-ahead-more. verify_decode's keeps (p, A with a_valid, and the batch's ah through a
        # ghost parameter) prove in its own context but cost ~7 s of CPU more in the default run: parked with the
        # batch's body assertions in proofs/attempts/ (docs/ASSURANCE.md, session 68); kf_mldsa_verify_batch still pending.
        # s69-vbatch: verify_decode's keeps landed (dec_*: a slow pass of their own, the second pass taking them as its
        # contract) and finish_window's (fw_*_kept, its slow pass); the batch with every loop invariant and call
        # precondition proved by -wp-prop runs, 8 goals left (assigns parts, f_rd, t_ok) and batch_inputs_apart to
        # justify: parked in proofs/attempts/mldsa_verify-kf_mldsa_verify_batch-s69.patch (docs/ASSURANCE.md, session 69).
        # s71-vbatch: finish_window's results clause over the ghost count gcount (the batch's inclusion then syntactic,
        # by Qed); the batch at 720,000 steps 181 of 186 goals (docs/ASSURANCE.md, session 71): parked again in
        # proofs/attempts/mldsa_verify-kf_mldsa_verify_batch-s71.patch.
        # s72-vbatch: v_res (results valid, apart from p) for the final loop's read and f_res, two rows to justify
        # (batch_inputs_apart, the loop assigns' sib rows), a slow pass of its own: 185 of 189 goals at 960,000 steps
        # (2,680.9 s of CPU), the final loop's read still unproved; parked in
        # proofs/attempts/mldsa_verify-kf_mldsa_verify_batch-s72.patch.
        # s73-vbatch: kf_mldsa_verify_batch proved (its slow pass above; docs/ASSURANCE.md, session 73).
        # session 74: public_same proved (its memcmp over proofs/shim/memcmp_libc.h's contract)
        "pending": [],
    },
    # ML-DSA's argument layer (src/mldsa/mldsa.c, params.c; issue 54), for the three parameter
    # sets: kf_mldsa_params_get (the table, -wp-init-const and -wp-split: the set of 44 / 65 / 87
    # is kf_mldsa_params_ok with include/keccakforge.h's sizes, NULL for anything else); then,
    # without the initialisers, the size functions, the checks (sign_checks, verify_checks,
    # ctx_checks: NULL buffers with a length, a pk or sk of another length, a short signature
    # buffer, a context over 255 bytes or NULL with a length, each refused by name), M' (pure_msg,
    # hash_msg) and the public calls: verification reaches kf_mldsa_verify_one only with pk,
    # sig, mu and M''s pieces of the set's lengths readable (kf_mldsa_verify_one's contract,
    # mldsa_internal.h: taken by its contract here, proved by unit mldsa_verify; kf_prehash's, prehash.h,
    # proved by unit hash_prehash since session 46); keygen and signing (kf_mldsa_keygen, _keygen_internal, kf_mldsa_sign, _internal,
    # _mu, kf_mldsa_hash_sign, do_sign, kf_mldsa_sign_mu_attempts) reach keygen_internal and
    # sign_internal only with pk, sk, the whole signature and mu / M' of the set's lengths (their
    # contracts assumed: what they run is "pending"). Justified: sign_done's memset (uint8_t seen
    # as char). Since session 41 matrix_times (t = NTT^-1(A o v), row by row: the row's offset
    # ra += l, linear in i for each set; the row's bounds handed to kf_mldsa_pointwise_acc_vec by
    # the ghost lemma function row_bounded), over its contract (its caller sign_attempt: "pending").
    # Since session 42 kf_mldsa_compute_mu (mu = H(tr || M'): in[1 .. n] readable, the loop's
    # invariant), keygen_row_ready (KeyGen's rows of t as ExpandA finishes A's: row i only once
    # (i + 1) l <= done, A's rows to done in [0, q) by its contract, the row's bounds through
    # row_bounded as matrix_times's; its caller keygen_internal: "pending") and mask_chunk (the
    # masks' streams per call in [1, KF_XN_MAX], the size of attempt_mask's out[]).
    "mldsa_api": {
        "files": ["src/mldsa/params.c", "src/mldsa/mldsa.c"],
        "preinclude": ["impl_defined.h"],   # to_s32: params_get's (int)param of the enum (unsigned)
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast", "-wp-unalias-vars", "kf_spec_xn_table"],   # the ghost ExpandA's, ExpandS's and the masks' contracts assign
        "passes": [
            {"functions": ["kf_mldsa_params_get"], "extra": ["-wp-split"]},
            {"functions": ["kf_mldsa_pk_bytes", "kf_mldsa_sk_bytes", "kf_mldsa_sig_bytes", "sign_checks",
                           "kf_mldsa_verify_checks", "kf_mldsa_ctx_checks", "sign_done", "kf_mldsa_pure_msg",
                           "hash_msg", "kf_mldsa_verify_internal", "kf_mldsa_verify_mu", "kf_mldsa_verify",
                           "kf_mldsa_hash_verify", "kf_mldsa_keygen_internal", "kf_mldsa_keygen",
                           "kf_mldsa_sign_mu_attempts", "do_sign", "kf_mldsa_sign_internal", "kf_mldsa_sign_mu",
                           "kf_mldsa_sign", "kf_mldsa_hash_sign", "row_bounded", "matrix_times", "kf_mldsa_compute_mu",
                           "keygen_row_ready", "mask_chunk", "wipe_sign_state", "attempt_mask",
                           "sk_slot", "sign_sk_decode", "kl_fits", "pieces3", "kl_max", "t0_vec",
                           "z_shift", "pieces2", "y_vec", "w1_off", "poly_same"],
             "extra": ["-wp-no-init-const", "-wp-no-ground"]},
            # s54-mldsa: keygen_internal in a pass of its own: its hardest goal, b_ok (params_ok(p) after
            # keygen_side), 326,907 CVC4 steps, so 660,000 (twice it); 1 justified goal (st.t0's wipe). The unit's
            # options only (b_ok and b_s proved so, 2026-11-29); with -wp-no-init-const -wp-no-ground, at load ~35,
            # both ran into the 120 s backstop: a 600 s one, as mldsa_verify's first pass
            # session 55: 700,000, twice keygen_internal's hardest 346,178 steps over kf_backend_xn_side's contract
            # session 61: a slow pass (was in the default run): the CI's host ran the provers at half the Zen 4's speed (docs/ASSURANCE.md, "Time", session 61)
            {"functions": ["keygen_internal"], "extra": ["-wp-steps", "700000", "-wp-timeout", "600"], "slow": True},
            # s56-mldsa: sign_internal and its ghost lemma kappa_step in a pass of their own (the default run's CPU
            # stays as it was): pass 2's options, its hardest goal the attempts loop's invariant 2 (t0's rows) at
            # 230,089 CVC4 steps, so 470,000 (twice it); a 600 s backstop as keygen_internal's
            # session 61: a slow pass (was in the default run): the CI's host ran the provers at half the Zen 4's speed (docs/ASSURANCE.md, "Time", session 61)
            {"functions": ["sign_internal", "kappa_step"],
             "extra": ["-wp-no-init-const", "-wp-no-ground", "-wp-steps", "470000", "-wp-timeout", "600"], "slow": True},
        ],
        # session 50: wipe_sign_state (writes only *st), attempt_mask (made >= kappa + l, the ring's
        # rows and y[0 .. l) written, y's l polynomials in [gamma1 - 2^z_bits + 1, gamma1]) and
        # sign_sk_decode (sk's reads within sk_bytes by the ghost lemma sk_slot, t0 in [-4095, 4096]) proved
        # session 51: contracts for keygen_side (keygen_internal's side path: ExpandA with
        # keygen_row_ready as its ready, which kf_mldsa_expand_a_side's contract does not cover) and
        # sign_attempt, both assumed; keygen_internal (151 of 160 goals) and sign_internal tried over
        # them, not yet proved (docs/ASSURANCE.md, "Session 51"); s51-sign: sign_internal with !\valid(p)
        # and the attempts loop's invariants ok, a, t0: 83 of 94 goals alone, 11 at the step limit (frame steps)
        # s52-mldsa: assertions after each call tried on copies (sign_internal 100 of 110, keygen_internal 115 of 122;
        # keygen_internal's assertion sep stated pk and sk apart, which it does not require: docs/ASSURANCE.md, "Session 52")
        # s53-mldsa: keygen_internal 137 of 139 at 410,000 with kl_fits (its ghost lemma, proved here) and kg_coef; left
        # b_ok (p's fields over keygen_side's assigns) and st.t0's wipe (WP's cells, not bytes: docs/ASSURANCE.md, "Session 53")
        # s54-mldsa: keygen_internal proved (its own pass above): keygen_side's assigns narrowed from *kr to the fields
        # it writes, `\separated(p, st, kr)` required, the assertion y_sep; st.t0's wipe justified (justified_alarms.md).
        # keygen_side stays pending: kf_mldsa_expand_a_side's contract (sampling.h) requires ready == NULL.
        # sign_internal 110 of 115 (assertions after each call, the ghost lemma pieces3, proved here, and sign_attempt's
        # ensures ok, a, t0, assumed with its contract); left rpp_ok, a_t0, ch_a and two loop assigns parts
        # s55-mldsa: sign_internal's rpp_ok, a_t0 and ch_a proved (-wp-prop runs): the ghost lemmas kl_max (k l <= 56
        # from params_ok) and t0_vec (t0's rows as kf_mldsa_vec_bounded, whose frame over ExpandA proves: a_t0v), both
        # in pass 2, and the ghost locals gk, gl (p->k, p->l over st.chunk's store: ch_ag, ch_g). Left: the attempts
        # loop's assigns parts 2 and 3 (an existential witness over st.ring's cells); with the loop assigns as st whole
        # those prove but the invariant kappa, sign_attempt's third and wipe_sign_state's second preconditions do not
        # (126 of 129 at 530,000 steps): docs/ASSURANCE.md, "Session 55"
        # s56-mldsa: sign_internal proved (its own pass above): the attempts loop assigns st whole (the ring's
        # cells, parts 2 and 3, were an existential CVC4 did not instantiate), the ghost locals gk, gl in its
        # invariants g and kappa (kappa == n gl, kb: kappa <= 7 n), sign_attempt's ensures kl (p->k, p->l and
        # st->chunk kept, assumed with its contract), the ghost lemma kappa_step (the step's unsigned arithmetic) and
        # the assertions g_kl / e_kl before the label out (wipe_sign_state's k, l bounds on each path)
        # s57-mldsa: sign_attempt's body annotated (assertions m_*, w1_*, h_*, s_in, c_*, z_enc, the facts to be
        # justified cn_tau and hw, loop invariants z_ntt, w_q, w_0, rows, r_w, z_in): 237 of 257 goals alone in a pass
        # with pass 2's options at 470,000 steps (644.6 s of CPU, the most 316,752 steps); left: p's fields and st's
        # polynomials framed over the calls (ensures ok, a, t0; c_y; the bounds of the r0, z and hint loops' calls),
        # 1 << z_bits (m_rng, m_y), w1's uint32 offset, H's pieces' forall, and cn_tau, hw: docs/ASSURANCE.md, "Session 57"
        # s57-mldsa, second run (z_shift, pieces2, the checkpoints ok/y/a/t0): 305 of 317, 862.5 s of CPU, the most 448,708
        # s58-mldsa: sign_attempt annotated further (hw from sparse_sub_low_exceeds's new ensures hw, loop invariants w2;
        # m_y by y_vec; w1_u by w1_off; checkpoints z_cp, z_q, h_w, d_wy, z_bd, *_ret): in WP's Typed model (a script's
        # error, not the unit's Typed+cast) 328 of 345; in Typed+cast (-wp-prop runs) m_y, w1_u, hw, z_q, ensures ok, z_bd
        # and the *_ret checkpoints prove (the most 460,328 steps); left z_cp, c_w, c_y, r_ret and cn_tau (to justify):
        # docs/ASSURANCE.md, "Session 58"
        # s58-mldsa: sign_attempt's ghost lemmas z_shift, pieces2 and the new y_vec (attempt_mask's rows of y, whose
        # 1 << z_bits made CVC4 answer unknown at once, as the vector over (-q, q): the shift evaluated by Qed in each
        # branch of zb) and w1_off (w1's uint32 row offset) proved in pass 2 (11 goals, 1.8 s of CPU, the most 55,275)
        # s59-mldsa: sign_attempt's z_cp (z_eq and the ghost lemma poly_same, pass 2), c_w, c_y (checkpoints s_wy, e_wy,
        # b_y, b_w, b_p, b_w0a, b_w0 around SampleInBall) and r_ret (r_p: *p as at the label RsB, r_ok, r_aa, r_a, r_t0)
        # proved by -wp-prop runs at 470,000 steps (the most 424,374); c_wt from SampleInBall's new ensures weight;
        # left cn_tau (kf_mldsa_challenge_offsets's result not tied to c's weight in poly.h: to justify) and a whole
        # run (a pass needs over 920,000 steps): docs/ASSURANCE.md, "Session 59"
        # s60-mldsa: sign_attempt's cn_tau proved (by Qed, from kf_mldsa_challenge_offsets's new ensures weight, poly.h,
        # and c_wt); every goal the -wp-prop runs left is proved; left a whole run (stopped at load ~40: 112 s of CVC4's
        # CPU in 29 min of the ~900 s it needs), then its slow pass and the parked mutant: docs/ASSURANCE.md, "Session 60"
        # s61-mldsa: sign_attempt's whole run in the slow pass {"functions": ["sign_attempt"], pass 2's options,
        # "-wp-steps", "940000", "-wp-timeout", "600", "slow": True} (from 00:33 UTC, load 11-15, then 3-7) had not ended
        # at 01:45 UTC (over 1,500 s of CVC4 CPU, 11 min of Frama-C's): pass and its mutant sign_attempt-z-bound-gamma1
        # (rejected by z_in preserved at 836,000 steps) not committed: docs/ASSURANCE.md, "Session 61"
        "pending": ["keygen_side", "sign_attempt"],
    },
    # ML-DSA's public key from the private key (src/mldsa/pk_from_sk.c; session 74): kf_mldsa_pk_from_sk (skDecode,
    # t = NTT^-1(A o NTT(s1)) + s2 row by row as mldsa_api's keygen_row_ready, with the row's bounds through the ghost
    # lemma pk_row_bounded, Power2Round, pkEncode, tr = H(pk), skEncode and the compare) and kf_mldsa_check_sk, for
    # the three parameter sets, over packing.h's contracts (units mldsa_packing, mldsa_sk_sig: skDecode's in_eta,
    # s1 and s2 in [-eta, eta] when it returns 0, is what skEncode's precondition needs), poly.h's (mldsa_poly),
    # kf_mldsa_shake256's (mldsa_sampling) and ExpandA's (sampling.h: mldsa_sampling's "pending", assumed). The
    # state's wipe through a pointer (wipe_pk_state, as verify.c's wipe_state: 2 justified goals inside).
    "mldsa_pk_from_sk": {
        "files": ["src/mldsa/pk_from_sk.c"],
        "preinclude": ["impl_defined.h"],
        "timeout": 120,
        "steps": STEPS,
        # -wp-unalias-vars: the ghost kf_spec_xn_table that ExpandA's contract assigns (as mldsa_api)
        "extra": ["-wp-model", "Typed+cast", "-wp-unalias-vars", "kf_spec_xn_table"],
        "functions": ["pk_row_in", "pk_row_slice", "pk_row_bounded", "wipe_pk_state", "kf_mldsa_pk_from_sk", "kf_mldsa_check_sk"],
        "pending": [],
    },
    # ML-DSA's samplers (src/mldsa/sampling.c): RejNTTPoly's loop (reject_uniform: every accepted
    # coefficient in [0, q), at most 256, the loop ends with the bytes it is given), RejBoundedPoly's
    # (reject_eta: CoeffFromHalfByte's values in [-eta, eta] for eta 2 and 4), and SampleInBall
    # (tau coefficients +-1 from c~ over the sponge's contracts, sponge.h; its rejection loop
    # draws bytes until one is <= i: no variant, as FIPS 204's). Since session 43, over sponge_xn.h's
    # contracts (kf_sponge_xn_plan, _init, _absorb, _squeeze, the one-shots; -wp-unalias-vars: the
    # ghost kf_spec_xn_table they assign): first_blocks and more_blocks (a group's first bytes, and
    # the sponge set up again for more, kf_sponge_xn_ok after it), mask_seed, wipe_bytes and
    # kf_mldsa_expand_mask_bytes (sampling.h: each out[r] written for 32 z_bits bytes, no more).
    # ExpandA's rejection over the batch stays "pending" (kf_mldsa_expand_mask proved since session 73; ExpandS's, expand_s_group,
    # proved in a slow pass since session 58; ExpandA's group step reject_group in one since session 59);
    # ExpandMask's unpacking is kf_mldsa_unpack_offset (unit mldsa_poly).
    "mldsa_sampling": {
        "files": ["src/mldsa/sampling.c"],
        "preinclude": ["impl_defined.h", "builtin_shim.h"],
        "timeout": 120,
        "steps": STEPS,
        # session 73: kf_mldsa_h_with_masks calls its 4-state table's pointers (`calls` kf_spec_xn_*, as the
        # unit sponge_xn: that the table's pointers meet those contracts is assumed)
        "calls_assumed": True,
        "extra": ["-wp-model", "Typed+cast", "-wp-auto", "wp:bitshift",   # the nibbles' >> 4, keep's >> 31
                  "-wp-unalias-vars", "kf_spec_xn_table"],
        "passes": [
            # session 54: kf_mldsa_shake256, a_seed, side_plan and ExpandS's sponge wrappers s_first,
            # s_more, s_squeeze (70 goals alone at 210,000 steps, the most 41,229; 7.1 s of CPU);
            # session 55: kf_mldsa_side_groups (over kf_backend_xn_side's new contract, keccak_backend.h;
            # 27 of 27 goals alone, the most 35,910 steps with the per-set assertions sets_44 .. sets_87)
            {"functions": ["reject_uniform", "reject_eta", "kf_mldsa_sample_in_ball", "first_blocks",
                           "more_blocks", "mask_seed", "wipe_bytes", "kf_mldsa_expand_mask_bytes",
                           "kf_mldsa_shake256", "a_seed", "side_plan", "s_first", "s_more", "s_squeeze",
                           "kf_mldsa_side_groups",
                           # session 73: ExpandMask over kf_mldsa_expand_mask_bytes (signing's masks) and
                           # kf_mldsa_unpack_offset (its old expand_mask_batch, a copy of the bytes' code over
                           # 2-D local rows, removed: tests/test_mldsa_expand_mask.c against FIPS 204's Alg. 34):
                           # 30 of 30 goals alone, 5.4 s of CPU, the most 73,539 steps (run.py --functions,
                           # 2026-12-02 11:25 UTC, Zen 5, load ~8); its mutant wipes a stream's bytes more
                           "kf_mldsa_expand_mask",
                           # session 74: lanes_group (ExpandA's group on a backend's xof_strided, then the rejection
                           # from its rows) over keccak_backend.h's new stand-in kf_spec_xn_xof_strided (its call
                           # point assumed, as kf_mldsa_h_with_masks'): 43 of 44 goals alone, the one left its call
                           # point, 5.3 s of CPU, the most 65,623 steps (2026-12-02 15:41 UTC, Zen 4, load ~8);
                           # -rte-no-pointer-call as the h_with_masks pass (no other function of this pass calls
                           # through a pointer); its mutant runs its rejection loop one lane past the group
                           "lanes_group",
                           # session 74: expand_a_group (a group: lanes_group, else first_blocks and reject_group)
                           # over their contracts, reject_group's new rg_whole: 38 of 38 goals at 210,000 steps, the
                           # most 87,134 (2026-12-02 17:04 UTC, Zen 4, load ~2); its mutant runs its row-pointer loop
                           # one lane past the group
                           "expand_a_group"],
             "extra": ["-rte-no-pointer-call"]},
            # ExpandS over its group's contract (session 46: ~12 s of CPU and its mutant ~4 s, over
            # the CI's room): a slow pass, run with KF_SLOW_PROOFS=1 (ctest: -DKF_SLOW_TESTS=ON)
            {"functions": ["kf_mldsa_expand_s"], "extra": [], "slow": True},
            # session 47: ExpandS's pass over a group's lanes after a squeeze, with WP's split tactic
            # (the goals after its two branches join, split into the branches: docs/ASSURANCE.md,
            # ExpandS, session 47); 59 of 59 goals at 210,000 steps, the most 165,618 (its own limit
            # 340,000: twice that), 82.7 s of CPU at load ~40; slow as the pass above. Its hardest goal
            # 242,622 steps in session 50, so 490,000 since session 51 (twice that)
            {"functions": ["s_lanes_more"], "extra": ["-wp-auto", "wp:bitshift,wp:split", "-wp-steps", "490000"], "slow": True},
            # session 50: s_lanes_first with the split tactic and full_count's step as one assertion per
            # lane (first_c0 .. first_c7, as s_lanes_more's more_c): 56 of 56 goals, the most 320,454
            # steps, so its own limit 650,000 (twice that); 24.8 s of CPU alone at load ~14; slow as above
            {"functions": ["s_lanes_first"], "extra": ["-wp-auto", "wp:bitshift,wp:split", "-wp-steps", "650000"], "slow": True},
            # session 58: expand_s_group (ExpandS's group over the wrappers' and the step functions'
            # contracts): its 7 goals open at 210,000 steps (the lane bounds s1_2 / s2_2 carried past
            # s_more and s_squeeze, each an instance of a hypothesis in the loop's large context) prove at
            # 1,000,000, the most 788,409 steps, so its own limit 1,580,000 (twice that) and a 600 s
            # backstop; slow as the passes above (its mutant with it)
            {"functions": ["expand_s_group"], "extra": ["-wp-steps", "1580000", "-wp-timeout", "600"], "slow": True},
            # session 59: reject_group (ExpandA's rejection over a group: the first pass, the rare extra-block
            # loop) with its assigns naming each polynomial and each row of out whole (*RG_D(j), the ghost
            # struct rg_row): 76 of 76 goals at 3,400,000 steps, the most 1,613,794 (rg_lanes2 preserved;
            # the squeeze's rows against the outer loop's assigns 250,277), so its own limit 3,230,000 (twice
            # that) and a 600 s backstop; 109.7 s of CPU alone at load ~30: slow as the passes above (its mutant
            # with it)
            # session 74: reject_group's postcondition rg_whole (every dst[j] whole, in [0, q)) from a count of its whole
            # lanes as ghost flags (done their sum; rg_l2, the lanes' bound before a flag's ghost store, so that rg_lanes2
            # preserved follows by Qed): 116 of 116 goals at 4,400,000 steps, the most 2,164,669 (so 4,400,000: twice
            # that), 244.7 s of CPU, 467 s wall (2026-12-02 17:08-17:16 UTC, Zen 4, load 6-9)
            {"functions": ["reject_group"], "extra": ["-wp-steps", "4400000", "-wp-timeout", "1800"], "slow": True},
            # session 73: Sign's side sponge, kf_mldsa_h_with_masks (c~'s hash and the next masks on one 4-state
            # table): its calls through the table's pointers (-rte-no-pointer-call and "calls_assumed", as the unit
            # sponge_xn); 144 of 149 goals, the 5 left its call points (run.py --functions, 2026-12-02 12:05 UTC,
            # Zen 5, load ~8): the most 168,504 steps, so its own limit 340,000 (twice that); 113.3 s of CPU alone,
            # over the default run's room: slow, as the passes above
            {"functions": ["kf_mldsa_h_with_masks"], "extra": ["-rte-no-pointer-call", "-wp-steps", "340000"],
             "slow": True},
        ],
        # session 46: ExpandS's group (expand_s_group) and its three calls of the sponge stated over
        # buf (s_first, s_more, s_squeeze): their contracts are assumed by kf_mldsa_expand_s.
        # Session 47: the group's two passes over its lanes are step functions with their own
        # contracts (s_lanes_first, s_lanes_more; docs/ASSURANCE.md, ExpandS): s_lanes_more proved
        # (a slow pass), s_lanes_first since session 50 (a slow pass), expand_s_group the frames of its
        # lane bounds through the sponge
        # session 54: kf_mldsa_shake256 (its absorb loop's invariant; its sponge wiped by kf_sponge_wipe,
        # sponge.h, the same object code), a_seed and side_plan (contracts), s_first, s_more and s_squeeze
        # (s_squeeze's assigns with rows_x, the witness of the rows' inclusion in buf) proved; reject_group
        # tried (43 of 59: buf's 2-D rows against the sponge's assigns), kf_mldsa_side_groups proved only with a
        # contract for kf_backend_xn_side (keccak_backend.h has none): docs/ASSURANCE.md, "Session 54"
        # session 55: kf_backend_xn_side has that contract (NULL, or a table of n 4 or 9: dispatch.c's two
        # returns), kf_mldsa_side_groups proved in the default pass (docs/ASSURANCE.md, "Session 55")
        # session 57: reject_group annotated in place (contract, loop invariants over the tables' entries
        # as of Pre, the sponge's state an invariant of the inner loop too, the lanes' bound a predicate of
        # the memory): 68 of 74 goals alone at 210,000 steps, the extra-block loop's lane frame and the
        # loop and function assigns open (docs/ASSURANCE.md, "Session 57"); expand_s_group alone 53 of 60
        # session 58: expand_s_group proved in its own slow pass above (its 7 open goals, instances of hypotheses
        # in the loop's context, prove at 1,000,000 steps); reject_group 72 of 76 alone at 210,000 (rg_sep2 proves
        # rg_kept2, rg_hi proves rg_cur); left rg_lanes2 preserved, the outer loop's assigns parts 1 and 2 and the
        # function's assigns part 5 (docs/ASSURANCE.md, "Session 58")
        # session 59 (s59-mldsa): kf_mldsa_sample_in_ball's new ensures weight (c has exactly tau nonzero
        # coefficients, sampling.h's kf_mldsa_weight) by ghost loops over the count's recursion: 113 of 113 goals
        # alone at 100,000 steps (main's 74), 25.5 s of CPU against 9.8 s; its mutant sample_in_ball-weight-one-short is rejected
        # session 59: reject_group proved in its own slow pass above (the assigns of whole polynomials and rows:
        # the outer loop's own assigns and the function's part 5 prove at 210,000; rg_lanes2 preserved and the
        # squeeze's rows need 1,613,794 and 250,277 steps: docs/ASSURANCE.md, "Session 59")
        # session 74: lanes_group proved (the default pass above); reject_group's count of whole lanes (for a
        # postcondition that every dst[i] is whole, which expand_a_group and the entries need) tried and parked:
        # proofs/attempts/mldsa_sampling-expand_a-s74.patch, docs/ASSURANCE.md, "Session 74"
        # session 74 (later): reject_group's rg_whole proved with ghost flags (its slow pass above) and expand_a_group
        # over it (the default pass); kf_mldsa_expand_a_ahead 11 goals open at 210,000 (the parked patch's annotations)
        "pending": ["expand_a", "kf_mldsa_expand_a_ahead", "kf_mldsa_expand_a", "kf_mldsa_expand_a_side",
                    ],
    },
    # The portable Keccak-p[1600] permutations (issue 54's last scope item). keccak_p1600_ref.c,
    # every function: the step mappings on A[x][y], the LFSR round constants and their cache
    # (proofs/atomic_shim.h reads GCC's __atomic builtins as plain loads and stores: Frama-C 25
    # does not know them), the byte operations, for every nr <= 24 and every offset + len <= 200.
    # impl_defined.h for its mask axiom only (rotl's n & 63 <= 63); wp:range case-splits
    # round_constant's j in 0..6 so that 2^j - 1 < 64 is evaluated.
    "permutation": {
        "files": ["src/keccak/keccak_p1600_ref.c"],
        "preinclude": ["impl_defined.h", "atomic_shim.h"],
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast", "-wp-auto", "wp:range"],
        "functions": ["rotl", "theta", "rho", "copy_lanes", "pi", "chi", "rc_bit", "round_constant", "iota",
                      "ref_permute", "ref_init", "ref_add_bytes", "ref_overwrite_bytes", "ref_extract_bytes"],
    },
    # The sponge (src/sponge/sponge.c, every function, and sponge.h's three inline ones) for every
    # input and output length, bit count and rate, from the contracts on kf_sponge (sponge.h's
    # kf_sponge_ok: rate 8..192, a multiple of 8, pos < rate absorbing, <= rate squeezing,
    # nbits <= 7, nr 1..24). The backend is reached through its table of function pointers:
    # each call carries a `calls` annotation naming a specification function of
    # keccak_backend.h (its `__FRAMAC__` part), whose contract WP proves the call against. That the table's
    # pointers meet those contracts is assumed ("calls_assumed": the call-point goals, and
    # -rte-no-pointer-call drops the \valid_function goals WP 25 does not implement): for the
    # reference permutation it is what the unit permutation proves. Justified: kf_sponge_wipe's
    # byte view of the sponge (session 50: the one wipe of KT's, ML-DSA's and SLH-DSA's sponges).
    "sponge": {
        "files": ["src/sponge/sponge.c"],
        "timeout": 120,
        "steps": STEPS,
        "calls_assumed": True,
        "extra": ["-wp-model", "Typed+cast", "-rte-no-pointer-call"],
        "functions": ["kf_sponge_init", "absorb_aligned", "absorb_shifted", "kf_sponge_import", "kf_sponge_absorb",
                      "kf_sponge_absorb_bits", "kf_sponge_zero_to_block", "top_bit", "kf_sponge_finalize",
                      "kf_sponge_squeeze", "kf_sponge_oneblock_generic", "kf_sponge_set_suffix",
                      "kf_sponge_oneblock", "kf_sponge_wipe"],
    },
    # opt64's permutation (keccak_p1600_opt64.c's opt64_permute: the unrolled rounds of
    # keccak_opt64_rounds.h and the lane loads and stores of keccak_lanes64.h) and its byte
    # operations (keccak_lanes64.h) by Frama-C's Eva, from proofs/harness/opt64_permute.c: every
    # state, every nr in 1..24, each nr split apart and its round loop unrolled (slevel), so the
    # pointer into the round constants is exact; every len in 0..200 split apart, every offset.
    # WP's Typed model cannot see the 8-byte memcpy into a uint64_t local that the lane loads
    # are; Eva models memory by bytes. builtin_shim.h: __builtin_assume_aligned(p, a) is p.
    "permutation_opt64": {
        "tool": "eva",
        "harness": "harness/opt64_permute.c",
        "main": "eva_opt64",
        "files": ["src/keccak/keccak_p1600_opt64.c", "src/keccak/keccak_constants.c"],
        "preinclude": ["builtin_shim.h"],
        "extra": ["-eva-slevel", "30", "-eva-split-limit", "256"],   # the split of len: 201 values
        "functions": ["opt64_permute", "rol64", "kf_lanes64_get", "kf_lanes64_put", "kf_lanes64_init",
                      "kf_lanes64_add_bytes", "kf_lanes64_overwrite_bytes", "kf_lanes64_extract_bytes"],
    },
    # opt64's other entries (session 48), by WP: keccak_lanes64.h's lane loads and stores
    # (kf_load64_le, kf_lanes64_get / _put, kf_lanes64_tail, kf_store64_le, kf_store_partial_le)
    # and its copies of an integer as bytes (kf_copy64_from .. kf_copy16_le: the byte view of the
    # integer is justified inside them, no local is seen as bytes), proved; opt64_absorb_blocks
    # (every rate and input length) and opt64_oneblock (every rate <= 192, len < rate, outlen <=
    # rate) have their contracts, both proved in session 49. For them
    # PERMUTE_A(nr) is taken by its contract
    # (proofs/opt64_rounds_shim.h: writes only the A lanes, 1 <= nr <= 24; its code is unit
    # permutation_opt64's Eva proof), and so is each lane-indexed switch and output lane (proved on its own).
    # wp:range takes kf_store_partial_le's and kf_lanes64_tail's n (0..7, 1..7) value by value in
    # the goals that name it (their assertions on each piece n & 4, n & 2, n & 1 against n).
    "permutation_opt64_bytes": {
        "files": ["src/keccak/keccak_p1600_opt64.c"],
        "preinclude": ["builtin_shim.h", "opt64_rounds_shim.h"],
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast"],
        "passes": [
            {"functions": ["kf_load64_le", "kf_lanes64_get", "kf_lanes64_put", "kf_lanes64_tail", "kf_store64_le",
                           "kf_store_partial_le", "kf_copy64_from", "kf_copy32_from", "kf_copy16_from", "kf_copy64_le",
                           "kf_copy32_le", "kf_copy16_le"], "extra": ["-wp-auto", "wp:range"]},
            # session 49: each lane-indexed switch proved on its own (opt64_proof_*, Frama-C only in
            # keccak_p1600_opt64.c) and taken by its contract in the two functions
            # (opt64_rounds_shim.h): WP carried every later goal through each switch path
            # s64-ci: this pass and the next without Qed's ground simplifications (-wp-no-ground, as units.NO_GROUND,
            # here per pass: the first pass's wp:range goals and the slow pass were not measured so). Qed proves 592 of
            # their 611 goals: Qed alone 39.8 -> 26.8 s and 57.1 -> 39.9 s of CPU (2026-11-30, Zen 3, load 4-5), the
            # same 237 and 355 goals by Qed; the unit with CVC4, side by side with main: 137.7 -> 119.2 s of CPU, the same
            # goals with the same statuses (docs/ASSURANCE.md, "Time", session 64). A pass's own option, so a vacuity-guard
            # check in these functions would run with it too (units.NO_GROUND's are left out there): today the guard's
            # six checks are all in the first pass's functions
            {"functions": ["opt64_absorb_blocks", "opt64_proof_xor_at", "opt64_mul_mod"], "extra": ["-wp-no-ground"]},
            # session 49, second round: oneblock with its 25 output lanes taken the same way
            # (OUT_LANE_AT, proved alone by opt64_proof_out_lane)
            {"functions": ["opt64_oneblock", "opt64_proof_out_lane"], "extra": ["-wp-no-ground"]},
            # the two XOR_IN switches alone: 601 goals (each read per path into the switch), 87 s
            # of CPU at load ~20 (2026-11-28): a slow pass, the shim's stand-ins taken meanwhile
            {"functions": ["opt64_proof_xor_in_rate", "opt64_proof_xor_in_full"], "extra": [], "slow": True},
        ],
        "elsewhere": ["opt64_permute"],   # unit permutation_opt64's (Eva)
    },
    # opt32bi's permutation (keccak_p1600_opt32bi.c: the bit-interleaved, in-place rounds) by
    # Eva from proofs/harness/opt32bi_permute.c, as permutation_opt64. Nine statements are never
    # reached, each a branch of a macro whose condition is a constant where it is expanded:
    # round_row's iota (`Y == 0 && (X) == 0`) for X = 1..4 (two statements each) and swap_layout's
    # KF_LOC(1, x, y) standard-layout arm.
    "permutation_opt32bi": {
        "tool": "eva",
        "harness": "harness/opt32bi_permute.c",
        "main": "eva_opt32bi_permute",
        "files": ["src/keccak/keccak_p1600_opt32bi.c"],
        "preinclude": ["builtin_shim.h"],
        "extra": ["-eva-slevel", "30"],
        "unreached": 9,
        "functions": ["opt32bi_permute", "column_parities", "swap_layout", "round_phase0", "round_phase1",
                      "round_bi", "round_row", "rot_bi", "rol32"],
    },
    # opt32bi's byte operations and fused absorb (session 48) by WP: the FIPS 202 byte order to and
    # from the interleaved words (load32_le, store32_le, delta_swap, unshuffle32, shuffle32,
    # lane_to_bi, bi_to_lane), the partial lanes, init, add_bytes, overwrite_bytes,
    # extract_bytes for every offset + len <= 200, absorb_blocks for every rate and len, the
    # state as 50 words; opt32bi_permute and its rounds (unit permutation_opt32bi's Eva proof)
    # taken by its contract.
    "permutation_opt32bi_bytes": {
        "files": ["src/keccak/keccak_p1600_opt32bi.c"],
        "preinclude": ["builtin_shim.h"],
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast"],
        "functions": ["load32_le", "store32_le", "delta_swap", "unshuffle32", "shuffle32", "lane_to_bi",
                      "bi_to_lane", "add_partial", "overwrite_partial", "extract_partial", "opt32bi_init",
                      "opt32bi_add_bytes", "opt32bi_overwrite_bytes", "opt32bi_extract_bytes",
                      "opt32bi_absorb_blocks"],
        "elsewhere": ["opt32bi_permute", "column_parities", "swap_layout", "round_phase0", "round_phase1",
                      "round_bi", "round_row", "rot_bi", "rol32"],   # unit permutation_opt32bi's (Eva)
    },
    # SP 800-185's encodings (§2.3) in src/hash/sp800_185.c: left_encode, right_encode into a
    # 9-byte buffer, and their use over the sponge (encode_string of a byte or bit string,
    # bytepad's start and end, the cSHAKE prefix), for every value and length, from the sponge's
    # contracts (sponge.h; proved by the unit sponge). The modes around them are the units
    # hash_sp800_185 (cSHAKE, KMAC, TupleHash) and hash_parallelhash.
    "sp800_185_encodings": {
        "files": ["src/hash/sp800_185.c"],
        "preinclude": ["ctx_view.h"],   # the modes' contracts in the same file name the view
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast"],
        "functions": ["kf_left_encode", "kf_right_encode", "absorb_left_encode", "absorb_right_encode",
                      "absorb_encode_string_bits", "absorb_encode_string", "bytepad_begin", "bytepad_end",
                      "cshake_prefix"],
        # the rest of the file is the units hash_sp800_185's and hash_parallelhash's
        "pending": [],
    },
    # KangarooTwelve (RFC 9861) in src/hash/kangarootwelve.c: length_encode into a 9-byte buffer,
    # and the single-node path (S = M || C || length_encode(|C|) of at most one chunk: one
    # permutation through a 168-byte block, or a sponge), from the sponge's contracts and
    # kf_backend_current's (keccak_backend.h: a read-only table); its sponge's wipe is sponge.h's
    # kf_sponge_wipe (unit sponge). The tree is unit hash_kt's.
    "kangarootwelve": {
        "files": ["src/hash/kangarootwelve.c"],
        "preinclude": ["ctx_view.h"],   # the tree's contracts in the same file name the view (unit hash_kt)
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast"],
        "functions": ["kf_length_encode", "kt_single_node"],
        # the rest of the file is unit hash_kt's (proved or pending there)
        "pending": [],
    },
    # KangarooTwelve's context (RFC 9861) in src/hash/kangarootwelve.c, a unit of its own (issue 54,
    # session 44): kt_leaf_params, kf_kt_init (its leaf wipe through sponge.h's kf_sponge_wipe, the ghost lemma kt_fold),
    # kt_live, kf_kt_update, kf_kt_final with kt_leaf_close, kf_kt_squeeze, kf_kt_set_threads, the
    # one-shots (kt_oneshot with its context wipe kt_wipe_ctx, kf_kt128/256(_mt)), for every input,
    # customisation and output length, from the contracts of the sponge, kt_single_node and
    # kf_length_encode (unit kangarootwelve) and kt_feed's (pending), with the context's view
    # (proofs/ctx_view.h; kt_inv). Justified: the one-shot's wipe of its context as bytes.
    "hash_kt": {
        "files": ["src/hash/kangarootwelve.c"],
        "preinclude": ["ctx_view.h"],
        "timeout": 300,
        "steps": STEPS,
        # session 48: kt_node_export's read of the node's state through the backend table (a `calls`
        # annotation, its call point assumed as in the unit sponge)
        "calls_assumed": True,
        "extra": ["-wp-model", "Typed+cast", "-rte-no-pointer-call"],
        "passes": [
            {"functions": ["kt_leaf_params", "kt_fold", "kf_kt_init", "kt_live", "kt_leaf_close", "kf_kt_update", "kt_to_squeeze",
                           "kf_kt_final", "kf_kt_squeeze", "kf_kt_set_threads", "kt_wipe_ctx", "kt_oneshot", "kf_kt128",
                           "kf_kt256", "kf_kt128_mt", "kf_kt256_mt",
                           # session 45: kt_feed's always-inline steps, proved from their own contracts
                           "kt_div", "kt_s0_take", "kt_s0_close", "kt_leaf_take", "kt_leaf_done", "kt_tail", "kt_feed_rest",
                           # session 46: the job's start, an always-inline step of kt_feed and kt_whole_leaves
                           "kt_job_start",
                           # session 50: kt_open from its facts one by one (kt_first_group's folds)
                           "kt_open_fold",
                           # session 51: kt_first_group's batched fallback, its assigns clause from kt_fgx_at
                           "kt_fg_xn"],
             "extra": []},
            # session 47: kt_feed (with its always-inline step kt_feed_next) and kt_whole_leaves (with its
            # always-inline step kt_wl_group and the ghost lemmas kt_div8, kt_mul8), without WP's pruning
            # of trivial branches (Qed's time on their merged paths: kt_feed 40.5 -> 28.2 s of CPU before the
            # split; docs/ASSURANCE.md, hash_kt) and at their own step limit (twice the most steps of a
            # proved goal, 240,576: kt_wl_group's assigns clause; 2026-11-27): still ~40-50 s of CPU
            # measured at load ~40, over the CI's room, so a slow pass, run with KF_SLOW_PROOFS=1 (ctest:
            # -DKF_SLOW_TESTS=ON); the default run takes kt_feed's contract
            {"functions": ["kt_feed", "kt_feed_next", "kt_whole_leaves", "kt_wl_group", "kt_div8", "kt_mul8"],
             "extra": ["-wp-no-pruning", "-wp-steps", "490000"], "slow": True},
            # session 48: the tree's node helpers: kt_node_groups (whole groups with the final node beside the
            # leaves) with the ghost lemma kt_divr, 88 goals, 47.8 s of CPU alone at load ~35 and the most steps
            # 265,861 (its postcondition; 2026-11-28); kt_node_export (the node as bytes) and kt_job_to_node (a
            # threaded job's CVs into the node) with its wipe kt_wipe_node and the ghost lemma kt_mulcv, 76 goals
            # (0.87 M CVC4 steps: +19 s of the default run's CPU side by side, 49.6 -> 68.7 s at load ~25). Over
            # the default run's room, so a slow pass at its own limit (twice 265,861)
            {"functions": ["kt_node_groups", "kt_divr", "kt_node_export", "kt_job_to_node", "kt_wipe_node", "kt_mulcv"],
             "extra": ["-wp-steps", "540000"], "slow": True},
            # session 50: kt_first_group over kt_fg_xn's contract (pending) and the ghost kt_open_fold's (the default
            # pass): 122 goals, the most steps 549,143 (its postcondition kt_fg_open, 2026-11-28), its own limit twice that
            {"functions": ["kt_first_group"], "extra": ["-wp-steps", "1100000"], "slow": True},
        ],
        # session 49: kt_first_group's contract now assigns kf_spec_xn_table (its kf_sponge_xn_* calls), its body
        # annotated with the always-inline step kt_fg_xn; not all goals prove yet (docs/ASSURANCE.md, hash_kt);
        # session 50: kt_first_group proved (the slow pass above); session 51: kt_fg_xn too (the default pass)
        "elsewhere": ["kf_length_encode", "kt_single_node"],   # unit kangarootwelve
    },
    # FIPS 202's modes in src/hash/fips202.c, every function: SHA-3 and the legacy Keccak (init,
    # update, update_bits, final, the one-shots), SHAKE and TurboSHAKE (init, absorb, absorb_bits,
    # squeeze, the one-shots), for every input and output length, from the sponge's contracts
    # and kf_backend_current's. proofs/ctx_view.h: the public contexts as the private structs
    # the code casts their bytes to (docs/ASSURANCE.md). Justified: the wipes of a context as
    # bytes (proofs/justified_alarms.md).
    "hash_fips202": {
        "files": ["src/hash/fips202.c"],
        "preinclude": ["impl_defined.h", "ctx_view.h"],   # kf_hash_size's (int)alg: to_s32
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast"],
        "functions": ["kf_hash_size", "kf_hash_init", "live_hash", "kf_hash_update", "kf_hash_update_bits",
                      "kf_hash_final", "hash_oneshot", "kf_hash", "kf_sha3_224", "kf_sha3_256", "kf_sha3_384",
                      "kf_sha3_512", "kf_keccak256_legacy", "kf_keccak512_legacy", "kf_xof_setup",
                      "kf_shake128_init", "kf_shake256_init", "turboshake_init", "kf_turboshake128_init",
                      "kf_turboshake256_init", "live_xof", "kf_xof_absorb", "kf_xof_absorb_bits", "kf_xof_squeeze",
                      "wipe_xof", "xof_oneshot", "kf_shake128", "kf_shake256", "kf_turboshake128", "kf_turboshake256"],
    },
    # SP 800-185's cSHAKE, KMAC and TupleHash in src/hash/sp800_185.c (their init, update, final,
    # squeeze, verify and one-shots, and what they share: core_start, core_live, final_check,
    # final_emit, core_squeeze), for every input, key, customisation and output length, from the
    # contracts of the encodings (unit sp800_185_encodings), the sponge, and fips202.c's XOF
    # functions (unit hash_fips202), with the contexts' view (proofs/ctx_view.h). Justified: the
    # wipes of a context as bytes. ParallelHash: the unit hash_parallelhash below.
    "hash_sp800_185": {
        "files": ["src/hash/sp800_185.c", "src/hash/fips202.c"],
        "preinclude": ["impl_defined.h", "ctx_view.h"],
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast"],
        "functions": ["cshake_init", "kf_cshake128_init", "kf_cshake256_init", "sp_wipe_xof", "cshake_oneshot", "kf_cshake128",
                      "kf_cshake256", "variant_security", "core_start", "core_live", "final_check", "final_emit",
                      "core_squeeze", "kmac_start", "kf_kmac_init", "kf_kmac_init_bits", "kmac_absorbing",
                      "kf_kmac_update", "kf_kmac_update_bits", "kmac_final_any", "kf_kmac_final", "kf_kmac_final_bits",
                      "kf_kmac_squeeze", "kf_kmac_verify", "kmac_verify_oneshot", "kf_kmac128_verify",
                      "kf_kmac256_verify", "sp_wipe_kmac", "kmac_oneshot", "kf_kmac128", "kf_kmac256", "kf_tuplehash_init",
                      "tuple_absorbing", "kf_tuplehash_add", "kf_tuplehash_add_bits", "tuple_final_any",
                      "kf_tuplehash_final", "kf_tuplehash_final_bits", "kf_tuplehash_squeeze"],
    },
    # The pre-hash step of HashML-DSA and HashSLH-DSA in src/hash/prehash.c (issue 54, session 46):
    # kf_prehash's contract (prehash.h; unit mldsa_api takes it for kf_mldsa_hash_sign / _hash_verify) for every
    # ph, message and buffer: the OID's 11 bytes and PH_M within their arrays, *outlen <= 64 when
    # it returns KF_OK, a result that is KF_OK or a kf_status error; from the contracts of fips202.c's
    # one-shots (unit hash_fips202: their `ensures \result <= 0` since session 46) and the
    # libc's memcpy. fips202.c is parsed for its contracts only.
    "hash_prehash": {
        "files": ["src/hash/prehash.c", "src/hash/fips202.c"],
        "preinclude": ["impl_defined.h", "ctx_view.h"],   # fips202.c's contracts name the view
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast"],
        "functions": ["kf_prehash"],
    },
    # SP 800-185's ParallelHash in src/hash/sp800_185.c (a unit of its own: hash_sp800_185's CPU
    # stays as it was): init, update, update_bits, final, final_bits, squeeze, set_threads, the
    # one-shots, and the block machinery under them (leaf_open, leaf_close, hash_blocks, par_feed,
    # par_absorbing, par_room, par_final_any), for every input, block size, customisation and
    # output length, from the contracts of the encodings, the sponge, core_start .. core_squeeze
    # (proved by hash_sp800_185) and the leaves API (src/hash/modes.h: kf_leaves_hash, _start,
    # _finish, _free, kf_threads_resolve; assumed: their bodies are hash_batch's "pending"), with
    # the contexts' view (proofs/ctx_view.h; par_inv). Justified: the wipes of a context or of the
    # leaf sponge as bytes. Since its first run its step limit (STEP_LIMITS) is its own.
    "hash_parallelhash": {
        "files": ["src/hash/sp800_185.c", "src/hash/fips202.c"],
        "preinclude": ["impl_defined.h", "ctx_view.h"],
        # 300 s a goal, as mlkem_poly's: a backstop only (the step limit decides); init's assertion
        # after its wipe (455,600 steps, 9 s at load ~15) ran past 120 s of wall in the whole unit
        # at load 15-19 (session 43)
        "timeout": 300,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast"],
        # session 43: kf_parallelhash_init (with its wipe, since session 50 sponge.h's kf_sponge_wipe, and the ghost lemma par_fold)
        # and hash_blocks (with its lock-step group par_group) proved too (docs/ASSURANCE.md,
        # "ParallelHash")
        # Two passes, each with its own step limit (twice its hardest proved goal, the rule of
        # STEP_LIMITS): only goals CVC4 does not prove run to a limit, and the unit's are
        # par_final_any's six justified byte-view goals, so par_final_any alone has the lower
        # limit its own goals allow (its most steps 208,439, its postcondition); the other pass's
        # goals that stay unproved (the wipes' byte views) end at once, and its most steps are
        # init's assertion after the wipe, 455,600 (session 43). The first pass also without Qed's
        # ground simplifications (as NO_GROUND's units): the same goals proved and its most steps
        # the same, for less CPU; par_final_any's postcondition would take 293,830 steps without
        # them (208,439 with), so its pass keeps them
        "passes": [
            # session 61: a slow pass (was in the default run): the CI's host ran the provers at half the Zen 4's speed (docs/ASSURANCE.md, "Time", session 61)
            {"functions": ["par_fold", "kf_parallelhash_init", "leaf_open", "leaf_close", "par_step",
                           "par_next", "par_div", "par_group", "hash_blocks", "par_feed", "par_absorbing",
                           "par_room", "kf_parallelhash_update", "kf_parallelhash_update_bits",
                           "kf_parallelhash_final", "kf_parallelhash_final_bits", "kf_parallelhash_squeeze",
                           "kf_parallelhash_set_threads", "sp_wipe_par", "kf_parallelhash_mt",
                           "kf_parallelhash"],
             "extra": ["-wp-steps", "920000", "-wp-no-ground"], "slow": True},
            {"functions": ["par_final_any"], "extra": ["-wp-steps", "420000"]},
        ],
    },
    # The batched API in src/hash/batch.c (kf_batch_*: the incremental context and the one-shots
    # of any n), for every n, length and algorithm, from the contracts of the lock-step sponge
    # (src/sponge/sponge_xn.h: plan's and init's proved by sponge_xn, the rest assumed) and the contexts'
    # view; -wp-unalias-vars: the ghost kf_spec_xn_table those contracts assign (sponge_xn below).
    # proofs/no_linux_shim.h: the thread pool's Linux CPU sets do not parse (no proved function).
    "hash_batch": {
        "files": ["src/hash/batch.c"],
        "preinclude": ["impl_defined.h", "atomic_shim.h", "ctx_view.h", "no_linux_shim.h"],
        "timeout": 120,
        # twice its hardest proved goal (batch_oneshot's sort-loop invariant, 203,685 steps in
        # session 51; 201,333 before): 400,000 was just under
        "steps": 410000,
        "extra": ["-wp-model", "Typed+cast", "-wp-unalias-vars", "kf_spec_xn_table"],
        "functions": ["batch_lookup", "is_turbo", "kf_batch_rate", "batch_start", "kf_batch_init",
                      "kf_batch_init_turboshake", "batch_live", "ptrs_ok", "kf_batch_absorb", "kf_batch_squeeze",
                      "kf_batch_squeeze_blocks", "batch_oneshot", "kf_batch_hash", "kf_batch_hash_equal",
                      "kf_shake128_batch", "kf_shake256_batch", "kf_turboshake128_batch", "kf_turboshake256_batch",
                      "kf_sha3_256_batch", "kf_sha3_512_batch"],
        "pending": ["the tree modes' leaves and thread pool (leaves_group, kf_leaves_hash, kf_leaves_hash_node, "
                    "kf_leaves_start/finish/finish_node/free, kf_threads_resolve, the pool)"],
    },
    # The lock-step sponge in src/sponge/sponge_xn.c (issue 54), in two units. This one: its plan
    # (the groups of instances over kf_backend_xn_for's backends: the loop ends, at most KF_XN_MAX
    # groups, and the group layout of sponge_xn.h's kf_sponge_xn_ok: each group within its
    # instances and its states within KF_XN_STORAGE, by kf_backend_xn_for's state_bytes <= 200 n,
    # n >= 2), kf_sponge_xn_init over the batched and x1 tables, the aligned base's move
    # (xn_base), the one-block and same-length tests over inlen[], and the side sponge (ML-DSA's pk
    # hash beside a batched call: kf_xn_side_pad, and kf_xn_side_squeeze on the x1 backend), with
    # keccak_lanes64.h's kf_store64_le, and (session 50) sponge_xn.h's kf_sponge_xn_wipe (KT's
    # and ML-DSA's batched sponges); from kf_backend_xn_for's and kf_backend_current's contracts
    # (keccak_backend.h: assumed, dispatch.c). The calls through a table are checked against
    # keccak_backend.h's kf_spec_* and kf_spec_xn_* (the latter read the table from the ghost
    # kf_spec_xn_table, which -wp-unalias-vars keeps out of the memory model: no code takes its
    # address), their call points assumed as in the unit sponge ("calls_assumed"). Justified:
    # xn_base's mask of a pointer cast, side_squeeze's whole-block step, the lane store's memcpy
    # of a uint64_t as bytes (inside kf_copy64_le, which takes it by a pointer: no local as bytes),
    # kf_sponge_xn_wipe's byte view of the batched sponge.
    "sponge_xn": {
        "files": ["src/sponge/sponge_xn.c"],
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast", "-wp-auto", "wp:bitrange",   # xn_base's shift: (..) & 63 < 64
                  "-rte-no-pointer-call", "-wp-unalias-vars", "kf_spec_xn_table"],
        "calls_assumed": True,
        "functions": ["xn_base", "round_up", "kf_sponge_xn_plan", "kf_sponge_xn_init", "g_one_block", "g_same_len",
                      "kf_xn_side_pad", "kf_xn_side_squeeze", "kf_copy64_le", "kf_store64_le",
                      "kf_sponge_xn_wipe"],
    },
    # The lock-step sponge's operations (sponge_xn.c; the unit above proves the plan they stand
    # on): a group's byte operations, permutation and padding over its table (g_add, g_extract,
    # g_permute, g_pad), its whole blocks (g_absorb_blocks over xn_blocks, the batched table's
    # pointer array and block loop, and x1_blocks), permute_all, add_all (a step of absorb over
    # the groups), kf_sponge_xn_export, kf_sponge_xn_finalize, and the one-shots' entry points
    # kf_sponge_xn_oneshot and _public (from xn_oneshot's contract), and (session 43, passes of
    # their own) kf_sponge_xn_squeeze with extract_all, and kf_sponge_xn_absorb, for every length, from the
    # group layout in kf_sponge_xn_ok. No -wp-split: with it the first run (2026-11-26) had not
    # finished in 45 min. Session 43: kf_sponge_xn_absorb in a third pass; session 44:
    # group_oneshot (in the second); session 53: g_oneblock_words (a slow pass). "pending": g_oneshot
    # (per-instance schedules: products of a variable rate; its loops write through out[i]); its
    # contract (sponge_xn.c) is assumed by group_oneshot. Session 55: its annotations 219 of 231 goals in a
    # pass of its own at 460,000 steps (not added here: 10 goals left, docs/ASSURANCE.md).
    "sponge_xn_ops": {
        "files": ["src/sponge/sponge_xn.c"],
        "timeout": 120,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast", "-rte-no-pointer-call", "-wp-unalias-vars", "kf_spec_xn_table"],
        "calls_assumed": True,
        "passes": [
            {"functions": ["g_add", "g_extract", "g_permute", "g_pad", "xn_blocks", "x1_blocks", "g_absorb_blocks",
                           "permute_all", "add_all", "kf_sponge_xn_export", "kf_sponge_xn_finalize",
                           "kf_sponge_xn_oneshot", "kf_sponge_xn_oneshot_public"], "extra": []},
            # session 43: squeeze over extract_all, whose loops write through out[i]. Their loop
            # invariants carry the layout and the fields they read (as of Pre / LoopEntry), and the
            # loop assigns name \at(s->n, Pre), so no goal needs the frame of a loop's havoc of
            # *(out[0 .. n-1] + ..) (a nested quantifier CVC4 does not prove at any limit). Its own
            # limit: extract_all's inner layout invariant takes 214,952 steps (twice: 430,000); no
            # goal of the pass is left unproved by design (no `calls` annotation), so the limit
            # costs nothing when the proof holds. -wp-no-ground: the same 95 goals, 25 s of CPU
            # against 30 s (units.NO_GROUND's reason).
            # xn_oneshot (the one-shot's loop over the groups) too: its loop invariant carries the layout,
            # group_oneshot's (assumed) contract ensures the layout, n and ngroups back (its assigns
            # and requires imply them: base[..] and out[i] apart from the sponge's fields); 26 goals,
            # the most steps 197,184.
            # Session 44: group_oneshot (a group of the one-shot: the batched oneblock and xof, the
            # interleaved words, the x1 one-block sponge, the general path, the wipe). After each call
            # whose assigns is a set over out[i] it asserts xn_kept (sponge_xn.c: the byte fields of s
            # and g as at Pre; g_oneshot's and g_oneblock_words' contracts ensure it), so that no goal
            # needs such a call's frame; G0 states the wipe's range valid before any call. Its two
            # call points (the table's oneblock, xof) are assumed; the most steps of a proved goal
            # 195,090 (G3, the join of its three paths: twice is within this pass's 430,000).
            # xn_oneshot's loop carries out[i] apart from each group (group_oneshot's new requires).
            # Session 54: extract_all's loop invariant 5 (preserved) took 226,749 steps (code unchanged since session 43;
            # 214,952 in sessions 43-51, session 53 changed the contracts it reads), over half of 430,000: 460,000 keeps the twice rule (what runs
            # to it is the two call points, the table's oneblock and xof).
            # session 61: a slow pass (was in the default run): the CI's host ran the provers at half the Zen 4's speed (docs/ASSURANCE.md, "Time", session 61)
            {"functions": ["extract_all", "kf_sponge_xn_squeeze", "xn_oneshot", "group_oneshot"],
             "extra": ["-wp-steps", "460000", "-wp-no-ground", "-wp-no-pruning"], "slow": True},   # NO_PRUNING below
            # session 43: absorb, its group loop with the layout as an invariant and the fields its
            # postcondition names asserted on both paths (A2/A3, B4). 119 goals, the most steps
            # 128,057 (twice: 260,000); no call point, so the limit costs nothing when it proves
            # session 61: a slow pass (was in the default run): the CI's host ran the provers at half the Zen 4's speed (docs/ASSURANCE.md, "Time", session 61)
            {"functions": ["kf_sponge_xn_absorb"], "extra": ["-wp-steps", "260000", "-wp-no-ground"], "slow": True},
            # Session 56: g_oneshot (one group on per-instance schedules: block index times the variable rate)
            # with its ghost lemmas xn_le, xn_lt, xn_eq, xn_q (the products as linear facts), over g_add's,
            # g_pad's, g_permute's and g_extract's postconditions (xn_at and xn_kept after the call: the frame
            # of the states' write in their own small contexts). 246 of 248 goals, the 2 others its init's call
            # points (assumed); 167.1 s of CPU at load ~20 (690 s wall), so a slow pass (KF_SLOW_PROOFS); the most
            # steps 355,128 (N0, nsq * rate <= outlen + rate - 1; the next 193,495), proved at 460,000: twice is
            # 720,000 (no goal runs to it: the call points are Unknown at once). Its mutant (take = rate) is
            # rejected by E0a at its own 80,000 steps (E0a 36,931 on the unmutated code).
            {"functions": ["g_oneshot", "xn_le", "xn_lt", "xn_eq", "xn_q"],
             "extra": ["-wp-steps", "720000", "-wp-timeout", "600", "-wp-no-ground"], "slow": True},
            # session 53: g_oneblock_words (the interleaved words of a one-block group) with its ghost
            # lemmas xn_word (a word's index j n + i < 25 n) and xn_cap (the capacity clear's size_t
            # products as integers). Its table's 200 n bytes and read-only memory come from
            # kf_xn_group_ok, inlen[] apart from the sponge from the one-shots' contract (sponge_xn.h).
            # A slow pass (137 goals, 80 s of CPU, the most steps 419,989; twice: 850,000; its two table
            # call points assumed, run to the limit), its own time limit (at load ~20 the output loop's
            # xn_kept invariant ran past 120 s before its steps).
            # Session 54: the widened view's byte bound (W_bytes, W_raw: 25 n words of 8 bytes within KF_XN_STORAGE
            # and s->raw; docs/ASSURANCE.md, "widened pointer views"): 139 goals, 112.8 s of CPU at load ~30, the
            # most steps 420,040 (850,000 still twice it); W_bytes 26,930, its mutant's own limit 54,000.
            {"functions": ["g_oneblock_words", "xn_word", "xn_cap"], "extra": ["-wp-steps", "850000", "-wp-timeout", "600"],
             "slow": True},
        ],
        "elsewhere": ["xn_base", "round_up", "kf_sponge_xn_plan", "kf_sponge_xn_init", "g_one_block", "g_same_len",
                      "kf_xn_side_pad", "kf_xn_side_squeeze"],   # unit sponge_xn's
    },
    # K-PKE (src/mlkem/kpke.c, FIPS 203 Alg. 13-15) on the portable arithmetic, for the three
    # parameter sets (params.h's kf_mlkem_params_ok): Encrypt and Decrypt whole, KeyGen's rows
    # of t^ and its noise, the noise jobs' set-up, and poly.c's kf_mlkem_poly_ntt2 (parsed for
    # it); from the contracts of poly.h (proved by mlkem_poly), kf_mlkem_cbd (mlkem_sampling)
    # and kf_mlkem_prf_jobs (sampling.h; proved by mlkem_jobs). arith.h's dispatch
    # macros call the portable code alone in the proof build (no KF_MLKEM_HAVE_AVX2 / _AVX512:
    # the SIMD files are not parsed). KeyGen's Keccak schedule is "pending". Since session 39 the
    # noise jobs' set-up (kf_kpke_noise_jobs) ensures, in its caller's indices (the ghost o, as
    # sampling.h's set-up functions), each job's fields and that it waits for after: what
    # Encaps_internal's and Decaps_internal's jobs (mlkem_kem's "pending") need of it; since session 41
    # also that the caller's earlier jobs are left as they were, field by field (noise_kept); since
    # session 47 its instance at the caller's first job, unquantified (first_kept: Encaps' H(ek) job).
    # Justified: the wipes of the struct of secrets as bytes inside encrypt_wipe and decrypt_wipe
    # (which take it by its type).
    # Session 59: KeyGen's lone jobs and wipes: keygen_g (G's job) and keygen_h_tail (H(ek)'s tail) over
    # sched_lone's contract, through the ghost lemma kg_one_job (a lone job's facts give kf_mlkem_jobs_ok of
    # it); keygen_wipe and keygen_wipe_secrets (the poly wipes' byte views of s, e, m: two justified rows).
    # 73 goals proved, 2 justified (run.py --functions, 16.2 s of CPU at load ~14), the most steps 140,634 (under half
    # the unit's 400,000); mutants keygen_g-reads-past-d, keygen_h_tail-reads-past-ek. The unit's default run on cf1542f:
    # 15 functions, 376 goals proved, 13 justified, OK, 160.7 s of CPU (92.9 s on 08f1335 side by side, load ~28): most of
    # the difference is 13 goals proofs/unproved/mlkem_kpke.tsv does not list (new task digests) run to the limit
    # (docs/ASSURANCE.md); with the list this run makes, 112.4 s (+19.5 s: within the 20 s rule). keygen_rows tried twice (64, then 74 of 103 goals), parked: still pending with keygen_jobs, kf_kpke_keygen
    # Session 60: keygen_rows' body as the always-inline step keygen_step (the run's writes framed on their own, as
    # mlkem_kem's enc_run; objdump -d as before), the layout predicates kg_rows_ok / kg_polys_apart / kg_ready, keygen_row's
    # row_in (its row of A^ only, over a bare index); the ghost lemmas kg_row_bd (a row of A^ in [0, q) once its jobs are
    # done) and kg_cells proved, 29 goals, the most steps 65,890; mutant kg_row_bd-row-one-job-late. keygen_step and
    # keygen_rows 94 of 108 (frames across sched_run at the step limit): pending. The default run (17 functions, 405 goals,
    # 13 justified, OK): 165.0 s of CPU against main's abf36bd 107.3 s side by side (load ~45), of which 8 goals the
    # known-unproved list lacks (new task digests) run to the limit: BUILD/proof_mlkem_kpke_unproved.tsv is for the lead's harvest
    # (with it in place, side by side: 117.6 s against main's 113.3 s of CPU, +4.3 s, load ~40, 2026-11-29 22:07-22:16 UTC)
    # s61-kem: keygen_step's store of held as the always-inline step keygen_release (objdump -d as before), its frame of
    # the jobs' other byte fields as equalities (rel_f), 7 goals, the most steps 20,985; mutant
    # keygen_release-lets-go-previous-piece. The run framed as a step of its own (keygen_run: frames as equalities, a
    # ghost copy of *p) tried, not kept: keygen_step 36 of 39 over it, keygen_run's frames at the step limit in its own
    # context (docs/ASSURANCE.md); keygen_step, keygen_rows still pending
    # s62-kem: the run as the always-inline step keygen_run (sched_run's requires and ensures in w's terms,
    # the frames one field each) with the ghost lemma kg_run_sep (each frame's havoc premise as its ensures):
    # 72 of 74 in one Frama-C run (-wp-split for the assigns' comprehensions; the frames of n and until at
    # 800,000 steps, each proved alone); keygen_release's rel_rd (run_ready kept)
    # s62-kem2: keygen_run proved whole in a slow pass of two Frama-C runs (run.py's new pass key "props": the
    # frames run_fn, run_fu selected alone, the rest without them): 72 + 2 goals, the most steps 432,818 (limit
    # 900,000), 71.2 s of CPU (load ~4); mutants keygen_run-one-job-more (assigns), keygen_run-moves-until
    # (run_fu); objdump -d of kpke.o (-O3) as before; the default run (slow pass skipped) 282.4 s of CPU, +1.8 s
    # side by side with 221c2c94 (KF_PROOF_CACHE=0, load ~6); keygen_step, keygen_rows still pending
    # s63-kem3: keygen_step proved over keygen_row_at's (keygen_row's call framed: the byte fields' facts kept),
    # keygen_release's (rel_ok, rel_dn added) and keygen_run's contracts, in a slow pass (-wp-split, "props"), with
    # the ghost lemmas kg_step_facts, kg_rows_unfold (kg_rows_ok's facts one by one, rows per i = 1, 2, 3) and
    # kg_p_sep (p's fields apart from the run), called before the run: no code after the run (a ghost call there
    # merges the exit path's assigns goal of the run's call into one, at the step limit); its ensures p's fields and
    # kg_rows_ok's facts one by one (keygen_rows, still pending, folds them back); mutant keygen_step-runs-one-row-short.
    # The pass: 229 goals, the most steps 210,892, 118.7 s of CPU (load ~8.5); the default run 313.3 s of CPU against
    # main's 551d3290 307.0 s side by side (+6.3 s; KF_PROOF_CACHE=0, load ~9-10, 2026-11-30)
    # s65-kem5 (not kept: its patch is s66-kem6's base): keygen_rows over keygen_step's contract (s64-kem4's restructured loop: the layout's facts as
    # invariants in ghost copies, kg_rows_fold at the loop's head, kg_done_last at the exit). Its loop assigns in
    # \at(.., Pre) terms (the function's assigns of the loop's effect are checked with no invariant: read in the
    # loop's state, p->k and n are unknown), with invariants that the jobs' out, poly, outlen, out_len and poly_len
    # are as on entry, from keygen_step's new st_fo / st_fl, from keygen_run's new run_fl (outlen's frame across
    # sched_run: the ghost lemma kg_fl_sep states its havoc premise at kg_job(w, x), a logic function Qed cannot see
    # through; over &w->jobs[x] Qed drops it and CVC4 ran to 6,000,000 steps without it). kg_rows_sep dropped.
    # s66-kem6: keygen_rows proved whole (its slow pass). keygen_step's st_fl states outlen's frame over &w->jobs[x]
    # under the premise kg_job(w, x) == &w->jobs[x] (true by kg_job's definition; the goal then holds a kg_job term
    # that matches keygen_run's run_fl: 49,858 steps, the plain form at the 300 s time-out), which keygen_rows' rw_ol
    # uses as it is; kf_mlkem_params_ok(p) at keygen_step's and the last keygen_row's calls from the ghost lemma
    # kg_params_in over ghost copies of p's fields (kg_params_ints, a loop invariant Qed keeps; Qed proves the calls):
    # as an invariant params_ok(p) ran to 1,000,000 steps; mutant keygen_rows-one-step-more.
    "mlkem_kpke": {
        "files": ["src/mlkem/kpke.c", "src/mlkem/poly.c"],
        "timeout": 300,   # a backstop only (the step limit decides): kf_kpke_decrypt's call of decompress ran past 120 s at load ~15
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast"],
        # s62-kem: keygen_run (the run until until[i], keygen_step's, framed in a context of its own) and its
        # ghost lemma kg_run_sep, in a pass of their own with -wp-split (its assigns' comprehensions)
        "passes": [
            {"functions": ["kf_kpke_row_facts", "kf_kpke_c_facts", "encrypt_wipe", "decrypt_wipe", "kf_kpke_encrypt",
                           "kf_kpke_decrypt", "keygen_row",
                           "keygen_noise", "kf_kpke_noise_jobs", "kf_mlkem_poly_ntt2",
                           "kg_one_job", "keygen_g", "keygen_h_tail", "keygen_wipe", "keygen_wipe_secrets",
                           # session 60: the ghost lemmas of keygen_rows' rows of A^ (kg_row_bd: a row in [0, q)
                           # once its jobs are done, from the layout kg_rows_ok; kg_cells), 29 goals, 3.2 s of CPU
                           "kg_cells", "kg_row_bd",
                           # session 61: keygen_step's store of held as the always-inline step keygen_release (its
                           # frame of the jobs' other byte fields as equalities), 7 goals, the most steps 20,985
                           "keygen_release",
                           # s63-kem3: keygen_step's ghost lemmas (the untils around step i as ground facts;
                           # kg_rows_ok one fact at a time; p's fields apart from the run)
                           "kg_step_facts", "kg_rows_unfold", "kg_p_sep",
                           # s73-kpke: kf_kpke_keygen's ghost lemma kg_ready0 (a schedule with open and checked 0 and
                           # its lanes free is ready: the first run's run_go_ready and lanes_ok)
                           "kg_ready0"], "extra": []},
            {"functions": ["kg_run_sep", "kg_fl_sep", "keygen_run"], "extra": ["-wp-split", "-wp-steps", "1400000"], "slow": True,
             # s62-kem2: the frames of n and until in a Frama-C run of their own (run.py's "props");
             # s65-kem5: and outlen's (run_fl, 686,085 steps: the pass's limit twice that)
             "props": ["run_fn", "run_fu", "run_fl"]},
            # s63-kem3: keygen_step over keygen_row_at's, keygen_release's and keygen_run's contracts (-wp-split: the
            # assigns' comprehensions, the ensures' conjunctions)
            {"functions": ["keygen_row_at", "keygen_step"], "extra": ["-wp-split", "-wp-steps", "1000000"], "slow": True},
            # s64-kem4: keygen_rows over keygen_step's contract, kg_rows_ok folded back after each step (kg_rows_fold);
            # s65-kem5: 677 of 681 (docs/ASSURANCE.md); s66-kem6: proved whole, with kg_pa_fold (s65's, listed here now)
            # and kf_mlkem_params_ok(p) at its calls from ghost copies of p's fields (kg_params_out / kg_params_in)
            # (728 goals, the most steps 302,704, rw_pl's preservation: the pass's limit about twice that)
            {"functions": ["kg_rows_fold", "kg_done_last", "kg_pa_fold", "kg_params_out", "kg_params_in", "keygen_rows"],
             "extra": ["-wp-split", "-wp-steps", "620000"], "slow": True},
            # s68-kem7: keygen_jobs (its contract: kg_rows_ok, kg_polys_apart, hashed within ek) over the always-inline
            # steps keygen_first_jobs, keygen_piece, keygen_row_jobs, keygen_row_step (the loop body, from the layout
            # kg_jobs_at at step i to its facts at i + 1; the callees' frames as equalities) and the ghost lemma
            # kg_jobs_rows (the rows' jobs in the untils' values, for the goals in a later memory state); 452 goals,
            # the most steps 382,860 (keygen_first_jobs' fj_j0): the pass's limit about twice that
            # s71-kpke: keygen_jobs keeps the schedule (jb_s0 / jb_s, jb_sf, jb_sj: KeyGen's first run asks them) over the
            # ghost lemmas kg_sched_sep1 / 2 / 3 (the schedule's fields apart from its writes), keygen_piece's pc_s,
            # keygen_row_jobs' rj_s, keygen_row_step's rs_sx / rs_sf and the loop's ks_x / ks_f: 568 goals, the most
            # steps still 382,860 (fj_j0), 392.3 s of CPU at load ~7
            # s72-kpke / s73-kpke (landed by s74-kpke): keygen_jobs ensures jb_jobs (kf_mlkem_jobs_ok of its jobs: kg_job_ok
            # per job, kg_pairs over the rows' layout kg_smp and the ghost lemma kg_pairs_rows) and jb_home (every output
            # in *w or *sec); 796 goals, the most steps 807,404 (keygen_row_step's rs_jx1): the limit about twice that
            # (s74-kpke: 796 of 796, 526.4 s of CPU, 1406 s wall at load 8-13, AMD EPYC Zen 4, 2026-12-02 15:40-16:04 UTC)
            {"functions": ["kg_jobs_rows", "kg_sched_sep1", "kg_sched_sep2", "kg_sched_sep3", "kg_jobs_fold", "kg_jobs_fold1", "kg_sample_jobs", "kg_prf_jobs", "kg_pairs_rows", "keygen_first_jobs", "keygen_piece",
                           "keygen_row_jobs", "keygen_row_step", "keygen_jobs"],
             "extra": ["-wp-split", "-wp-steps", "1650000"], "slow": True},
        ],
        # kf_kpke_keygen also needs kf_mlkem_sched_lone (mlkem_jobs) to ensure the lanes free after keygen_g
        # (sched_run's lanes_ok, run_ready_in) and keygen_jobs' ensures to give the first run's jobs_ok (docs/ASSURANCE.md);
        # s69-kem8: keygen_g ensures g_kept / g_free over sched_lone's new lone_kept / lone_free (default pass); the rest
        # tried over an unproved jobs_ok of keygen_jobs, 694 of 722, parked; s71-kpke: keygen_jobs' schedule frames (jb_s0,
        # jb_s, jb_sf, jb_sj) landed and proved (its slow pass), the rest parked again over them
        # (proofs/attempts/mlkem_kpke-kf_kpke_keygen-s71.patch)
        "pending": ["KeyGen's Keccak schedule: kf_kpke_keygen"],
    },
    # ML-KEM's public entry points (src/mlkem/mlkem.c, mlkem_decaps.c, params.c; issue 54) for
    # the three parameter sets and every input within the documented lengths: the parameter
    # table, the sizes, the ek and dk checks (§7.2, §7.3), KeyGen_internal over K-PKE KeyGen's
    # contract (kpke.h: assumed, its Keccak schedule is not proved; ek, dk, d and z apart, as
    # keccakforge.h now requires), KeyGen with its seed over KeyGen_internal's contract
    # (keccakforge.h), Encaps over Encaps_internal's contract, Decaps
    # over Decaps_internal's, the constant-time compare and select; from the contracts of poly.h
    # (mlkem_poly), kf_sha3_256 (fips202.c, hash_fips202: parsed for its contract), kf_os_random
    # (os_random.h: assumed, system calls) and the caller's generator (kf_spec_rng, a `calls`
    # annotation: "calls_assumed"). "pending": the functions that run the Keccak job schedule.
    "mlkem_api": {
        "files": ["src/mlkem/params.c", "src/mlkem/mlkem.c", "src/mlkem/mlkem_decaps.c", "src/hash/fips202.c"],
        "preinclude": ["impl_defined.h", "ctx_view.h"],   # fips202.c's contracts name the view
        # a backstop only (the step limit decides): kf_mlkem_encaps' assigns part exit_part12 (382,883 steps,
        # 5.4 s alone) ran past 120 s at load ~34 (session 50, 2026-11-28), as at load ~40 in session 38
        "timeout": 300,
        "steps": STEPS,
        "calls_assumed": True,
        # -wp-unalias-vars (session 50): the ghost kf_spec_xn_table, which KeyGen's, Encaps' and Decaps'
        # contracts assign (their Keccak jobs' batched schedule)
        "extra": ["-wp-model", "Typed+cast", "-rte-no-pointer-call", "-wp-unalias-vars", "kf_spec_xn_table"],
        "functions": ["kf_mlkem_params_get", "kf_mlkem_set_rng", "random_bytes", "kf_mlkem_ek_bytes",
                      "kf_mlkem_dk_bytes", "kf_mlkem_ct_bytes", "check_ek", "kf_mlkem_check_ek",
                      "kf_mlkem_keygen_internal", "kf_mlkem_keygen_seed", "kf_mlkem_keygen", "kf_mlkem_encaps",
                      "value_barrier_u8", "ct_differ_mask", "ct_select", "check_dk", "kf_mlkem_check_dk",
                      "kf_mlkem_decaps"],
        # (session 38) kf_mlkem_encaps_internal and decaps_internal: unit mlkem_kem; encaps_jobs and
        # decaps_jobs, which run sampling.c's Keccak job schedule: "pending" there
        "pending": ["kf_mlkem_encaps_internal, decaps_internal (unit mlkem_kem), encaps_jobs, decaps_jobs "
                    "(mlkem_kem's pending: the Keccak job schedule)"],
    },
    # ML-KEM's Encaps_internal and Decaps_internal (mlkem.c, mlkem_decaps.c; issue 54), for the three
    # parameter sets and every input of the documented lengths: each split in two static functions
    # (session 38), the Keccak jobs' set-up and run (encaps_jobs, decaps_jobs: into the caller's
    # struct of secrets, A^T and H(ek), with A^T in [0, q) on KF_OK) and the rest (the type and
    # modulus checks, K-PKE.Decrypt, Encrypt, the hash check, the implicit rejection's compare
    # and select, the outputs, the wipes of the secrets field by field), proved here over
    # encaps_jobs' and decaps_jobs' contracts, which are proved too, each in a slow pass of its own
    # (encaps_jobs since session 57, decaps_jobs since session 58: their set-up, field by field, into
    # kf_mlkem_jobs_runnable (sampling.h) by the fold lemmas; docs/ASSURANCE.md), over kf_mlkem_run_jobs'
    # contract, which is assumed (mlkem_jobs' "pending"). From the contracts of kpke.h (Encrypt and
    # Decrypt: mlkem_kpke), check_ek's and ct_differ_mask's / ct_select's (mlkem_api), poly.h's
    # (mlkem_poly); impl_defined.h for the parameter's conversion to int (to_s32).
    "mlkem_kem": {
        "files": ["src/mlkem/params.c", "src/mlkem/mlkem.c", "src/mlkem/mlkem_decaps.c"],
        "preinclude": ["impl_defined.h"],
        "timeout": 120,
        "steps": STEPS,
        # -wp-unalias-vars (session 50): the ghost kf_spec_xn_table, which encaps_jobs and decaps_jobs assign
        # (kf_mlkem_run_jobs'), kept out of the memory model as in mlkem_jobs
        "extra": ["-wp-model", "Typed+cast", "-rte-no-pointer-call", "-wp-unalias-vars", "kf_spec_xn_table"],
        # session 44: the ghost lemma functions enc_fold_* (mlkem.c) and dec_fold_* (mlkem_decaps.c), each
        # proved alone: the jobs' facts field by field (the form encaps_jobs' and decaps_jobs' set-up
        # assertions take) folded into kf_mlkem_jobs_runnable, range by range, then the whole predicate
        # session 46: enc_vec_of (mlkem.c), each of a[0 .. n) bounded into kf_mlkem_vec_bounded, and dec_vec_of
        # (mlkem_decaps.c), the same from the jobs' polys: A^T's bounds in encaps_jobs' and decaps_jobs' ensures
        # from kf_mlkem_run_jobs'
        # session 49: enc_g_job (mlkem.c: G's job and its `after` store, an always-inline step of encaps_jobs
        # whose ensures g_kept is the frame of the caller's other jobs) and the ghost lemma kf_mlkem_params_of
        # (params.c / params.h: *p equal to a ghost copy of the set gives kf_mlkem_params_ok(p) after the calls)
        # session 51: dec_hash_jobs and dec_matrix_jobs (mlkem_decaps.c: decaps_jobs' three hash jobs and its A^T
        # jobs as always-inline steps whose frames are their assigns clauses)
        # session 53: enc_run and dec_run (the run steps, kf_mlkem_run_jobs' call) in a pass of their own with
        # -wp-split (the callee's assigns per range of jobs, each a goal; docs/ASSURANCE.md), its hardest proved
        # goal 301,257 steps (a part of dec_run's assigns): its own limit 610,000, twice that
        # session 54: enc_g_job ensures g_front (jobs[0 .. gi)'s inlen[0], inlen[1], poly kept, in the caller's
        # indices: encaps_jobs' enc_f2 fields left in session 51), 8 of 8 goals, the most steps 95,998
        # session 55: the ghost lemmas enc_nz_bytes and dec_nz_bytes (the noise outputs byte by byte, run_t's
        # noise part, for encaps_jobs' and decaps_jobs' run steps), proved alone; enc_run assigns at[0 .. k k)
        # in its ghost k; dec_matrix_jobs' mat_sep: the jobs apart from p, and from ek (not p from ek)
        # session 56: the ghost lemma enc_h_bytes (H(ek)'s output byte by byte: run_t's part 2 in encaps_jobs,
        # the part session 55 took for the noise's), proved alone, 28,274 steps; enc_run assigns the noise rows
        # sec->nz.prf[0 .. 2 KF_MLKEM_K_MAX] (constant bounds), 29 of 29 assigns goals, the most 208,328; the
        # run steps' pass gets -wp-timeout 600 (its enc_run assigns part 09 and dec_run's part 13 ran past the
        # unit's 120 s at load ~20 in session 56, dec_run's at load ~40 in session 55: the load's, not the
        # step limit); encaps_jobs takes k as a ghost parameter (its assigns at[0 .. k k - 1])
        # session 57: decaps_jobs' suffix frame (session 56's dec_f1_suf / dec_f2_suf): H(ek)'s and J's suffix
        # across the later set-up as quantified steps (dec_sq0, dec_sq1, dec_sq; dec_matrix_jobs' mat_sq_in /
        # mat_sq) and the ghost lemma dec_suf_of (mlkem_decaps.c: their ground instances, proved alone here),
        # so dec_h's / dec_j's suffix parts are Qed's; their part 03 is now the rate (uint16), at 800,000 steps;
        # encaps_jobs out of "pending", in a slow pass of its own (over the 20 s line: 546.8 s of CPU alone), -wp-split at 800,000
        # steps (at least twice its hardest goal, 321,651 steps) and -wp-timeout 600; its mutant encaps_jobs-noise-waits-for-hek
        # (skipped with it in a default run)
        # session 58: decaps_jobs' rate frame as the suffix's (dec_rq0, mat_rq_in / mat_rq, dec_rq1, dec_rq) and the ghost
        # lemma dec_rate_of (mlkem_decaps.c: its ground instances, proved alone here); decaps_jobs out of "pending", in a
        # slow pass of its own as encaps_jobs' (425 of 425 goals in one run, 432.9 s of CPU alone), -wp-split at 940,000
        # steps (twice its hardest goal, dec_f1_after's 468,897: proved at 800,000, so at 940,000) and -wp-timeout 600;
        # its mutant decaps_jobs-noise-waits-for-hek (skipped with it in a default run). kf_mlkem_run_jobs' contract is
        # still assumed (mlkem_jobs' "pending"); since session 50 encaps_jobs' and decaps_jobs' assigns, and the public
        # entry points', name the ghost kf_spec_xn_table it assigns
        "passes": [
            {"functions": ["kf_mlkem_encaps_internal", "decaps_internal",
                           "enc_fold_h", "enc_fold_a", "enc_fold_g", "enc_fold_r", "enc_fold_p", "enc_fold", "enc_vec_of",
                           "dec_fold_hashes", "dec_fold_a", "dec_fold_r", "dec_fold_p", "dec_fold", "dec_vec_of",
                           "enc_g_job", "kf_mlkem_params_of", "dec_hash_jobs", "dec_matrix_jobs",
                           "enc_nz_bytes", "dec_nz_bytes", "enc_h_bytes", "dec_suf_of", "dec_rate_of"], "extra": []},
            # session 61: a slow pass (was in the default run): the CI's host ran the provers at half the Zen 4's speed (docs/ASSURANCE.md, "Time", session 61)
            {"functions": ["enc_run", "dec_run"], "extra": ["-wp-split", "-wp-steps", "610000", "-wp-timeout", "600"], "slow": True},
            {"functions": ["encaps_jobs"], "extra": ["-wp-split", "-wp-steps", "800000", "-wp-timeout", "600"],
             "slow": True},
            {"functions": ["decaps_jobs"], "extra": ["-wp-split", "-wp-steps", "940000", "-wp-timeout", "600"],
             "slow": True},
        ],
        # "elsewhere": mlkem_api's functions (the same files), set after UNITS below
    },
    # SLH-DSA's portable C, its first group (src/slhdsa, FIPS 205; issue 54), for the six SHAKE
    # parameter sets (params.h's kf_slh_params_ok: Table 2's n, h, d, h', a, k, m and the
    # signature's size per set, len = 2n + 3, pk 2n, sk 4n). Two passes: the table lookup
    # kf_slh_params_get with the table's initialisers (-wp-init-const) and -wp-split; the rest
    # from its contract, without them. The address setters (address.h: each writes its own
    # bytes of ADRS), base_2b (Alg. 4: reads ceil(out_len b / 8) bytes, every digit < 2^b, by
    # impl_defined.h's land_range and WP's range tactic for 2^b), the digest's split into md,
    # idx_tree, idx_leaf (the m bytes of H_msg exactly, every shift in range), WOTS+'s digits
    # with the checksum (each < w, session 38: unit slhdsa_wots's contracts need it) and
    # kf_slh_wots_cp, the size functions and the public entry points'
    # checks (sk, pk, signature and context lengths, NULL arguments) before sign_internal,
    # keygen_internal and kf_slh_verify_one, whose contracts (slhdsa.c, slhdsa_internal.h) are
    # assumed: the tree code and the hash layer under them are "pending". Justified: memset of
    # the signature buffer on an argument error (uint8_t seen as char).
    "slhdsa_core": {
        "files": ["src/slhdsa/params.c", "src/slhdsa/hash.c", "src/slhdsa/wots.c", "src/slhdsa/slhdsa.c"],
        "timeout": 120,
        # twice its hardest proved goal (290,562 steps in session 50; 400,000 was under twice it); session 59:
        # 304,706 (the header's new axiomatic slh_ctx_bk in its context, read by none of its functions): twice that
        "steps": 610000,
        "preinclude": ["impl_defined.h"],   # land_range: base_2b's mask
        "extra": ["-wp-model", "Typed+cast", "-wp-unalias-vars", "kf_spec_xn_table"],
        "passes": [
            {"functions": ["kf_slh_params_get"], "extra": ["-wp-split"]},
            {"functions": ["slh_put32", "slh_get32", "adrs_zero", "adrs_set_layer", "adrs_set_tree",
                      "adrs_set_type", "adrs_set_keypair", "adrs_get_keypair", "adrs_set_chain",
                      "adrs_set_tree_height", "adrs_set_hash", "adrs_set_tree_index", "adrs_get_tree_index",
                      "kf_slh_base_2b", "kf_slh_wots_digits", "kf_slh_wots_cp", "kf_slh_split_digest",
                           "kf_slhdsa_pk_bytes", "kf_slhdsa_sk_bytes", "kf_slhdsa_sig_bytes", "kf_slhdsa_n",
                           "sign_checks", "verify_checks", "ctx_checks", "fail_sign", "pure_msg",
                           "kf_slhdsa_keygen_internal", "kf_slhdsa_keygen", "kf_slhdsa_sign_internal",
                           "kf_slhdsa_verify_internal", "kf_slhdsa_sign", "kf_slhdsa_verify"],
             "extra": ["-wp-no-init-const", "-wp-auto", "wp:bitrange,wp:range"]},
        ],
        "pending": ["pk_from_sig_rows", "run_chains_lockstep", "run_chains",
                    "kf_slh_wots_pkgen_leaves",
                    "ctx_setup", "keygen_internal", "sign_internal", "kf_slh_verify_one", "item_checks",
                    "kf_slhdsa_verify_batch", "hash_msg", "kf_slhdsa_hash_sign", "kf_slhdsa_hash_verify",
                    "kf_slh_count_perms", "kf_slh_verify_cp"],
        "elsewhere": ["wots_compress", "kf_slh_wots_pk_from_sig", "chain_val", "rows_get", "plan_add",
                      "job_end", "next_hash_addresses", "job_start", "lane_check", "lane_free_first", "known_scan",
                      "block_ready", "plan_verify", "lane_step", "narrow_call", "tlen_tail_x1",
                      "lane_start", "snap_slot", "order_chains", "order_verify",   # unit slhdsa_wots (lane_start, order_chains and order_verify slow passes)
                      "shake256_begin", "usable", "kf_slh_block_init", "kf_slh_thash", "absorb_msg", "sponge_perms",
                      "kf_slh_prf_msg", "kf_slh_h_msg", "kf_slh_thash_batch", "hash_x1", "rows_clear", "kf_slh_rows_template", "hash_xn",
                      "kf_slh_ctx_backends", "thash_rows", "h_rows", "kf_slh_h_batch",
                      "kf_slh_hash_blocks", "rows_move", "rows_copy", "kf_slh_rows_permute", "blk_copy",
                      "kf_slh_thash_batch_blocks", "rows_wipe", "thash_batch_rows"],   # unit slhdsa_hash
    },
    # SLH-DSA's trees (src/slhdsa/fors.c, xmss.c, hypertree.c; issue 54), the second group, for
    # the six SHAKE sets (params.h's kf_slh_params_ok): T_k of the FORS roots (fors_compress: k n
    # bytes in), Algorithm 11 (kf_slh_xmss_pk_from_sig: WOTS+ over SIG_XMSS's len n bytes, the
    # climb over its h' n-byte authentication path), the climb itself (kf_slh_merkle_climb: its
    # `calls` annotation names keccak_backend.h's kf_spec_oneblock for the x1 backend's oneblock:
    # "calls_assumed", -rte-no-pointer-call, as the unit sponge) and Algorithm 13
    # (kf_slh_ht_verify: the d layers' SIG_XMSS within SIG_HT), with params.h's
    # slh_xmss_sig_bytes and the ghost lemma slh_offset_facts (slhdsa_internal.h: j x + x <=
    # count x). The hash layer (hash.c's kf_slh_thash) and kf_slh_wots_pk_from_sig are taken by
    # their contracts in slhdsa_internal.h (input lengths, n bytes out, the context's set and
    # backends kept: slh_ctx_same), so each function is proved once for all callers. Justified:
    # ht_verify's memcmp (dangling, initialised: as mlkem_api's check_dk). Pending: the signing
    # side; kf_slh_fors_pk_from_sig and fors_climb_rows are the unit slhdsa_fors's (session 40).
    # SLH-DSA's WOTS+ (src/slhdsa/wots.c; issue 54, session 38), its own unit (small: wots.c
    # alone), for the six SHAKE sets: Algorithm 8 (kf_slh_wots_pk_from_sig: the digits, the
    # chains' padded T_len buffer of SLH_PADDED(n + 32 + len n) <= TLEN_BUF_MAX bytes, the
    # signature's len n bytes copied in, n bytes out) and T_len (wots_compress: cnt <= 8 leaves'
    # ADRS into their buffers, pk + l n for each, by the ghost lemma slh_offset_facts). Taken by
    # contracts: the chains (run_chains, pk_from_sig_rows: wots.c, their bodies pending), the hash
    # layer (kf_slh_block_init, kf_slh_hash_blocks: slhdsa_internal.h, unit slhdsa_hash) and
    # kf_slh_wots_digits (proved by slhdsa_core, with its digits < w). Session 42: two of the
    # chains' helpers, chain_val (chain q's value at leaf q / len, chain q % len, within its
    # callers' bounds) and rows_get (a lane's n bytes out of rows 0 .. n/8 - 1 of the states);
    # of verification's schedule, plan_add (one job into the plan) and job_end (a chain's end into
    # T_len's words, or T_len's state out of its lane; the ghost lemma job_words) and
    # next_hash_addresses (the w lanes' hash address words). Session 43: job_start. Session 44:
    # lane_check (value's n bytes into the snapshot and the chain's value, the buffers as its
    # precondition for lane_start / lane_step, pending). Session 45: plan_verify's three steps,
    # inlined (lane_free_first, known_scan, block_ready); plan_verify's own contract is stated, not
    # proved (its proof so far was vacuous: docs/ASSURANCE.md).
    "slhdsa_wots": {
        "files": ["src/slhdsa/wots.c"],
        "timeout": 300,   # a backstop only (the step limit decides): memcpy's 289,169-step goal ran past 120 s at load ~30
        # twice its first pass's hardest proved goal (340,302 steps in session 50; 400,000 was
        # under twice it)
        "steps": 690000,
        "extra": ["-wp-model", "Typed+cast", "-wp-unalias-vars", "kf_spec_xn_table", "-wp-no-init-const"],
        "passes": [
            {"functions": ["slh_offset_facts", "wots_sizes", "wots_offsets",
                           "chain_val", "rows_get", "plan_add", "job_words", "job_end", "next_hash_addresses",
                           "job_start", "lane_check"],
             "extra": []},
            # T_len and Algorithm 8 (session 59): over kf_slh_hash_blocks's new preconditions (slh_ctx_bk, the
            # outputs apart from c->p and the pointer array; docs/ASSURANCE.md, unit slhdsa_hash) wots_compress's
            # assertions outs_apart (514,156 steps) and outs (360,618) and kf_slh_wots_pk_from_sig's call of it
            # (333,662) are over this unit's 690,000's half: twice the most, a slow pass (20.1 + ~54 s of CPU
            # alone at load ~30); the default run takes their contracts
            # session 60: without slh_ctx_bk's axiom (slh_bk_elim at kf_slh_wots_pk_from_sig's entry) the most
            # 739,049 steps (514,156 before): twice that
            {"functions": ["wots_compress", "kf_slh_wots_pk_from_sig"], "extra": ["-wp-steps", "1480000"],
             "slow": True},
            # plan_verify's loop (its steps in the inlined lane_free_first, known_scan,
            # block_ready) without WP's pruning of hypotheses: Qed's time on the goals at the
            # loop's end (they join three branches) 4.5 -> 1.0 s each
            {"functions": ["lane_free_first", "known_scan", "block_ready"],
             "extra": ["-wp-no-pruning"]},
            # plan_verify itself (session 46: ~40 s of CPU and its mutant ~12 s, over the CI's
            # room): a slow pass, run with KF_SLOW_PROOFS=1 (ctest: -DKF_SLOW_TESTS=ON); the
            # default run takes its contract. Session 47 (annotations only): the invariant jobs kept
            # by plan_add's contract (axiomatic jobs_ok) and placed_done over d at Pre: CVC4's most
            # 339,531 -> 142,278 steps, the pass 65.0 -> 60.3 s of CPU side by side (load ~20), its
            # mutant at 165,000 steps instead of 680,000; still slow: Qed's ~1.5 s on each of the
            # loop's end goals is most of what is left (docs/ASSURANCE.md)
            {"functions": ["plan_verify"], "extra": ["-wp-no-pruning"], "slow": True},
            # lane_step (session 54, its contract new: the block's ADRS type and hash address words, then
            # lane_check's snapshot and chain value): 28 goals, its most steps 392,452 (lane_check's chain-value
            # precondition through c->p->len's division; the assigns' 379,704): twice that, its own pass
            {"functions": ["lane_step"], "extra": ["-wp-steps", "790000"]},
            # lane_start (session 56, with its ghost lemma snap_slot): 130 of 130 goals, its most steps 510,417 (the
            # assertion LS: L->snap as the ghost gsl, the snapshot's slot as of Pre, across L's stores), 103.8 s of
            # CPU at load ~20: twice that step count, a slow pass (over the 60 s line; docs/ASSURANCE.md)
            {"functions": ["lane_start", "snap_slot"], "extra": ["-wp-steps", "1030000"], "slow": True},
            # session 69: the rows path's narrow call and T_len's tail on x1, their calls through the backend
            # tables over keccak_backend.h's kf_spec_* ("calls_assumed", as the unit slhdsa_hash's)
            {"functions": ["narrow_call", "tlen_tail_x1"], "extra": ["-rte-no-pointer-call"]},
            # order_chains (session 72: ghost ranks grank / keys gkey / bucket starts at0, oc_gt a sum written out over
            # the 17 buckets, no recursive logic function): 112 goals, its most steps 308,402 (oc_f, loop 3's written
            # entries), under half the unit's limit, but 79 s of CPU: a slow pass (docs/ASSURANCE.md)
            {"functions": ["order_chains"], "extra": [], "slow": True},
            # order_verify (session 73: order_chains' method over the 33 buckets, ghost ranks grank / gprev / glast, places
            # gp / gord, the compaction's gk; no recursive logic function): with -wp-split (the compaction's two branches
            # apart; without it its loop goals ran to 1,060,000 steps) 225 goals, its most steps 830,677 (ov_q, the read
            # of d[order[q]] through the loops' havocs): twice that, 82 s of CPU, a slow pass (docs/ASSURANCE.md)
            {"functions": ["order_verify"], "extra": ["-wp-split", "-wp-steps", "1700000"], "slow": True},
        ],
        "calls_assumed": True,   # narrow_call's and tlen_tail_x1's calls through the tables (session 69)
        "elsewhere": ["kf_slh_wots_digits", "kf_slh_wots_cp"],   # unit slhdsa_core
        # session 55: lane_start 114 of 115 goals (its assertion LS2 left at 690,000 steps); session 56: proved
        # (its slow pass above; docs/ASSURANCE.md). Session 69: order_chains tried (a recursive count oc_ge, 82 of 83
        # goals at 1,000,000 steps, 262 s of CPU): parked; session 72: proved (its slow pass above); session 73:
        # order_verify proved (its slow pass above); session 74: plan_add and plan_verify ensure the end lists
        # pk_from_sig_rows walks (ends_ok: end_head[t] and each job's end_next none or an earlier job)
        "pending": ["pk_from_sig_rows", "run_chains_lockstep", "run_chains",
                    "kf_slh_wots_pkgen_leaves"],
    },
    "slhdsa_trees": {
        "files": ["src/slhdsa/fors.c", "src/slhdsa/xmss.c", "src/slhdsa/hypertree.c"],
        # a backstop only (the step limit decides): session 54, reduce_tree's goals ran past 120 s at load ~27
        "timeout": 600,
        # twice its hardest proved goal (kf_slh_ht_verify's slh_ctx_same postcondition, 309,433
        # steps in session 51; 400,000 was under twice it)
        "steps": 620000,
        "calls_assumed": True,
        "extra": ["-wp-model", "Typed+cast", "-rte-no-pointer-call", "-wp-no-init-const", "-wp-unalias-vars",
                  "kf_spec_xn_table"],
        "passes": [
            # session 61: a slow pass (was in the default run): the CI's host ran the provers at half the Zen 4's speed (docs/ASSURANCE.md, "Time", session 61)
            {"functions": ["slh_offset_facts", "slh_xmss_sig_bytes", "fors_compress", "kf_slh_xmss_pk_from_sig",
                           "kf_slh_merkle_climb", "kf_slh_ht_verify", "same_root"],
             # session 60: slh_ctx_bk without its axiom here (slh_bk_elim / slh_bk_intro's ghost calls, their
             # unfolded body in the later goals' hypotheses): kf_slh_xmss_pk_from_sig's call of merkle_climb
             # 481,830 steps, ht_verify's loop invariant 399,135: twice the most
             "extra": ["-wp-steps", "970000"], "slow": True},
            # the signing side (session 51): group_auth (FORS's authentication slots) with its ghost lemmas
            # fors_node_at and fors_slot, and Algorithm 12 (kf_slh_ht_sign, over kf_slh_xmss_sign's contract)
            # session 52: reduce_level (one level of a chunk, in place) over kf_slh_h_batch's contract
            # (slhdsa_internal.h, stated; its body pending in unit slhdsa_hash) with the ghost lemma reduce_at;
            # session 52's second round: group_level (one level of a FORS group) with the ghost lemmas group_at
            # and group_next, over the same contract
            # session 56: reduce_tree (57 + 3 goals, its most 77,803 steps; ~75 s of CPU alone at load ~20): its assigns'
            # part4 was reduce_level's call effect (cnt n bytes in the C argument), closed by the assertion lvc
            {"functions": ["fors_node_at", "fors_slot", "group_auth", "kf_slh_ht_sign", "reduce_at", "reduce_level",
                           "group_at", "group_next", "group_level", "reduce_tree"],
             "extra": []},
            # session 53: the ghost lemma tree_at (reduce_tree's shifts and xor, levels <= 8) proves by itself
            # (-wp-auto wp:range,wp:bitshift,wp:bitrange: 8 of 8 goals, the most 20,234 steps, 93 s of CPU), too
            # slow for the default run; session 54: a slow pass (run.py allows one beside units.LOW's names when
            # it selects none of them: its low round must generate no goal, checked when it runs)
            {"functions": ["tree_at"], "extra": ["-wp-auto", "wp:range,wp:bitshift,wp:bitrange"], "slow": True},
        ],
        # reduce_tree: 35 of 43 goals in session 53, 44 of 52 in session 54 (its invariant vx needs c->xn kept by
        # kf_slh_h_batch's contract; docs/ASSURANCE.md, "Session 54"); session 55: kf_slh_h_batch and reduce_level
        # ensure c->xn kept (vx proved), tree_at ensures sibv (gxa, gx), reduce_level's requires at the call by the
        # assertion kc: 55 of 57; session 56: proved (the second pass above; "Session 56"). Session 59: merkle_climb,
        # xmss_pk_from_sig and ht_verify require slh_ctx_bk (kf_slh_thash's one-block path: kf_slh_hash_blocks's
        # backends; docs/ASSURANCE.md, unit slhdsa_hash); ht_verify's loop keeps slh_ctx_same{Pre, Here} (its
        # postcondition had been proved only through the memcmp's false hypothesis). Session 60: run.py's vacuity
        # audit at the pass's own limit proved \false after that memcmp (620,000 steps); the compare is now the
        # file's loop same_root (its four justified memcmp rows and units.LOW's entry gone)
        "pending": ["fors_leaves_rows", "fors_leaves", "fors_group_sign",
                    "kf_slh_fors_sign", "kf_slh_merkle", "xmss_leaves",
                    "kf_slh_xmss_sign", "kf_slh_xmss_root"],
        "elsewhere": ["fors_level", "fors_pairs", "kf_slh_fors_pk_from_sig", "fors_climb_rows", "fors_lane",
                      "fors_rows_out"],   # unit slhdsa_fors
    },
    # SLH-DSA's hash layer (src/slhdsa/hash.c, FIPS 205 section 11.1; issue 54, session 48), its own
    # unit: the SHAKE256 sponge's set-up (shake256_begin), the batched backend's test (usable: the
    # table it returns has what hash.c drives, or NULL), the padded block (kf_slh_block_init: PK.seed,
    # the zeros and the padding, the blocks it returns), the tweakable hash kf_slh_thash (its one-block
    # path over kf_slh_hash_blocks's contract, its sponge path over sponge.h's; the stack sponge
    # wiped by sponge.h's kf_sponge_wipe, unit sponge), PRF_msg and H_msg
    # (kf_slh_prf_msg, kf_slh_h_msg: n or m bytes out, the context's set and backends kept) with
    # absorb_msg (M's parts) and sponge_perms (the counter's figure: no overflow trap, reads within
    # m's parts). Taken by contracts: sponge.h's kf_sponge_* (unit sponge), keccak_backend.h's
    # kf_backend_current, kf_slh_hash_blocks (slhdsa_internal.h). "pending": the batched paths,
    # whose groups index c->xn_rest[] by a count below c->width, which slh_ctx_ok does not bound
    # (kf_slh_hash_blocks, the rows paths, kf_slh_ctx_backends that sets them up). Session 49: one
    # group on a table, hash_x1 and hash_xn (calls through it over kf_spec_* / kf_spec_xn_*:
    # "calls_assumed"), and kf_slh_rows_template with rows_clear (memset in words: 2 justified);
    # kf_slh_ctx_backends (the tables as usable passes them, over keccak_backend.h's
    # kf_backend_xn_current / kf_backend_xn_for contracts, assumed: dispatch.c). Session 52:
    # kf_slh_h_batch's contract (slhdsa_internal.h, unit slhdsa_trees' reduce_level over it), its body pending.
    # Session 59: kf_slh_hash_blocks proved (first pass) over its new preconditions: slh_ctx_bk (the backends as
    # kf_slh_ctx_backends leaves them; an axiomatic predicate whose one axiom defines it as slh_ctx_bk_is, so
    # the callers carry one atom: slhdsa_internal.h), the arrays apart from *c, each output apart from c->p
    # and the output array; its assertion hb_bk unfolds it at entry. kf_slh_thash in a pass of its own (below).
    # Session 60: the axiom only in kf_slh_ctx_backends's pass (-DKF_SLH_BK_AXIOM), which proves the ghost lemmas
    # slh_bk_elim / slh_bk_intro (its two directions); every other pass and unit calls them (docs/ASSURANCE.md)
    "slhdsa_hash": {
        "files": ["src/slhdsa/hash.c"],
        "timeout": 120,
        "steps": STEPS,
        "calls_assumed": True,   # hash_x1's and hash_xn's calls through the tables (kf_spec_*, as unit sponge)
        "extra": ["-wp-model", "Typed+cast", "-rte-no-pointer-call", "-wp-no-init-const", "-wp-unalias-vars",
                  "kf_spec_xn_table"],
        "passes": [
            {"functions": ["shake256_begin", "usable", "kf_slh_block_init", "absorb_msg",
                           "sponge_perms", "kf_slh_prf_msg", "kf_slh_h_msg", "kf_slh_thash_batch", "hash_x1",
                           "rows_clear", "rows_wipe", "slh_row_at", "slh_rows_adrs_in", "kf_slh_rows_template", "h_rows"],
             "extra": []},
            # kf_slh_hash_blocks, a pass of its own since session 69: slh_ctx_bk's narrower reads clause
            # (slhdsa_internal.h) took its call_hash_xn_requires 82,607 -> 149,136 steps: twice that
            {"functions": ["kf_slh_hash_blocks"], "extra": ["-wp-steps", "300000"]},
            # slh_rows_put_adrs (session 50, slhdsa_internal.h): rows (n / 8 + k) w + i, k < 4, nonlinear in
            # w: WP's range tactic splits on k (93,548 steps at most). kf_slh_rows_template had this pass
            # (153,208 steps of its 200,000 in session 49); since session 50 its row indices come from the
            # ghost lemma slh_row_at, without the tactic, in the first pass (its most steps about 67,000)
            # session 59: its most 93,548 -> 109,405 steps (the header's new axiomatic slh_ctx_bk beside it, as far
            # as measured: not read by it), over half the unit's 200,000: its own limit, twice that; session 60
            # (slh_ctx_bk's axiom out of its context): 93,548 again, the unit's 200,000
            {"functions": ["slh_rows_put_adrs"], "extra": ["-wp-auto", "wp:range"]},
            # thash_rows (session 50): the ADRS rows' assigns (slh_rows_put_adrs's, through the (unsigned)
            # width) within T take 179,416 and 182,791 steps: twice that
            # session 59: 182,791 -> 197,797 steps (the header's new axiom in its context): twice that; session 60
            # (the axiom out of its context): 182,791 again, 370,000
            # session 61: a slow pass (was in the default run): the CI's host ran the provers at half the Zen 4's speed (docs/ASSURANCE.md, "Time", session 61)
            # session 71 (its precondition no longer separates the arrays from the table): 182,791 -> 194,394: 390,000
            {"functions": ["thash_rows"], "extra": ["-wp-steps", "390000"], "slow": True},
            # hash_xn (session 49): its 8 call points through the batched table (assumed) run CVC4 to
            # the limit; the pass's own limit is twice its most steps of a proved goal (66,834)
            # session 59: 66,834 -> 80,386 (the header's new axiom in its context): twice that; session 60 (the
            # axiom out of its context): 65,177, 140,000
            {"functions": ["hash_xn"], "extra": ["-wp-steps", "140000"]},
            # kf_slh_ctx_backends (session 49): its most steps of a proved goal 119,908, twice that
            # session 59: 119,908 -> 129,385 (the header's new axiom in its context): twice that
            # session 60: with it (its goals do not read slh_ctx_bk), the ghost lemmas slh_bk_elim and slh_bk_intro
            # (slhdsa_internal.h: slh_ctx_bk's two directions), the one pass that sees its axiom (-DKF_SLH_BK_AXIOM)
            {"functions": ["kf_slh_ctx_backends", "slh_bk_elim", "slh_bk_intro"],
             "extra": ["-wp-steps", "260000", "-cpp-extra-args=-DKF_SLH_BK_AXIOM"]},
            # kf_slh_h_batch (session 54): over kf_slh_thash_batch's contract, which since session 54 names the
            # fields it writes (c->perms, c->scratch, c->tmpl: not c's pointers, so the loop keeps the arrays'
            # pointers and the set by the frame) and ensures slh_ctx_ok when the outputs lie apart from c->p
            # (thash_batch_ok; the assertion h_batch_sep before the call); 65 goals, its most steps 140,608
            # (h_batch_ok established after h_rows): twice that. Session 55: ensures h_batch_xn (c->xn kept, for
            # xmss.c's reduce_tree), 68 goals, the most 140,608 steps as before
            # session 59: 140,608 -> 155,287 (the header's new axiom in its context): twice that; session 60 (the
            # axiom out of its context): 140,608 again, 290,000; session 69 (slh_ctx_bk required and ensured, unfolded
            # across h_rows): 172,727 (h_batch_ok established after h_rows), 350,000
            {"functions": ["kf_slh_h_batch"], "extra": ["-wp-steps", "350000"]},
            # kf_slh_thash (session 59): its one-block path passes kf_slh_hash_blocks's new precondition
            # slh_ctx_bk (the assertions th_bk0, th_bk1: slh_ctx_bk_is at entry, then in the block's scope);
            # its postcondition 90,701 -> 129,034 steps, over half the first pass's 200,000: twice that
            {"functions": ["kf_slh_thash"], "extra": ["-wp-steps", "260000"]},
            # kf_slh_rows_permute (session 68): permute_from and permute through keccak_backend.h's word-view
            # stand-ins kf_spec_xn_permute_from / kf_spec_xn_permute_words (2 call points assumed, as hash_xn's),
            # the three copies through rows_move and rows_copy (memmove's and memcpy's char view of the words:
            # their 7 goals justified, as rows_clear's), the rows' products by the ghost lemma slh_rows_span;
            # 45 goals, the most steps 32,420 (2026-12-01, Zen 3, load ~9): the unit's 200,000
            {"functions": ["slh_rows_span", "rows_move", "rows_copy", "kf_slh_rows_permute"], "extra": []},
            # kf_slh_thash_batch_blocks (session 69, tried since 68): over kf_slh_hash_blocks's contract, its
            # input's memcpy through the byte helper blk_copy (0 < len: Frama-C's memcpy wants the source
            # readable even for 0 bytes, so kf_slh_thash_batch's contract now asks 0 < inlen with in != NULL)
            {"functions": ["blk_copy", "kf_slh_thash_batch_blocks"], "extra": []},
            # thash_batch_rows (session 71): over thash_rows' contract (T apart from the arrays and the table,
            # not the arrays from the table) and kf_slh_thash_batch_blocks'; a rest table's rows within the
            # scratch space by slh_ctx_bk (its interleaved conjunct, session 71); the local template's wipe
            # through rows_wipe (first pass: kf_memzero's byte view of the words, its 2 rows justified, as
            # rows_clear's). Its most steps 359,999 (the assertion tbr_ok1: slh_ctx_ok kept across the template
            # and SK.seed's words, the size_t fields of *c->p in the uint64_t chunk T writes): twice that; ~170 s
            # of CPU at load ~8 (2026-12-02, Zen 3), over the unit's other passes together: a slow pass
            {"functions": ["thash_batch_rows"], "extra": ["-wp-steps", "720000"], "slow": True},
        ],
        "pending": [],
        "elsewhere": ["kf_slh_base_2b"],   # unit slhdsa_core
    },
    # SLH-DSA's FORS verify side (src/slhdsa/fors.c; issue 54, sessions 40-41), its own unit:
    # kf_slh_fors_pk_from_sig (Algorithm 17) with fors_level (one level of the k trees:
    # kf_slh_thash_batch's outputs at out[i] = node + i n, i < cnt, so a caller's frame is one buffer,
    # node[0 .. cnt n), and its set's n, k, a and slh_ctx_ok(c) are kept) and fors_pairs (a level's
    # node / authentication pairs into pair + 2 i n), the ghost lemmas fors_sizes (the sizes per set),
    # fors_words (k n / 8 words), fors_same (k1 x1 = k2 x2: products of equal factors as linear
    # facts) and slh_offset_facts. Session 43: fors_climb_rows (the rows path's stream of k a H calls)
    # with fors_lane (one lane's template words: scalars and buffers, no context) and fors_rows_out
    # (the outputs back into node[]), the ghost lemmas fors_rows_sizes, fors_stream, fors_row_at and
    # fors_pick, and slhdsa_internal.h's slh_word_with_hash, in a pass of their own. Taken by
    # contracts: kf_slh_thash_batch and kf_slh_rows_permute (slhdsa_internal.h, proved in unit slhdsa_hash;
    # kf_slh_rows_permute since session 68, which added the ghost kf_spec_xn_table to its assigns and so to
    # fors_climb_rows'; the rows backend's layout, slh_ctx_rows, stated there, ensured by kf_slh_ctx_backends)
    # and fors_compress (unit slhdsa_trees).
    "slhdsa_fors": {
        "files": ["src/slhdsa/fors.c"],
        # a backstop only (the step limit decides): session 50, pk_from_sig's postcondition (336,063 steps in
        # session 46) ran past 120 s at load ~36
        "timeout": 300,
        "steps": STEPS,
        "extra": ["-wp-model", "Typed+cast", "-rte-no-pointer-call", "-wp-no-init-const", "-wp-unalias-vars",
                  "kf_spec_xn_table"],
        "passes": [
            {"functions": ["slh_offset_facts", "fors_sizes", "fors_words", "fors_same", "fors_level", "fors_pairs",
                           "kf_slh_fors_pk_from_sig"], "extra": []},
            # fors_climb_rows (session 43): a lane and the outputs in functions of their own (fors_lane,
            # fors_rows_out: scalars and buffers, no context), so its own goals are the calls'
            # session 61: a slow pass (was in the default run): the CI's host ran the provers at half the Zen 4's speed (docs/ASSURANCE.md, "Time", session 61)
            {"functions": ["fors_rows_sizes", "fors_stream", "fors_row_at", "fors_pick", "slh_word_with_hash",
                           "fors_lane", "fors_rows_out", "fors_climb_rows"], "extra": [], "slow": True},
        ],
        "elsewhere": ["fors_compress",   # unit slhdsa_trees; the signing side is pending there:
                      "fors_leaves_rows", "fors_leaves", "group_level", "group_auth", "fors_group_sign",
                      "kf_slh_fors_sign"],
    },
}

# hash_parallelhash's passes name ParallelHash's functions only: the rest of its two files are the
# units hash_fips202, hash_sp800_185 and sp800_185_encodings (run.py's check of a unit's passes)
# mlkem_kem's passes name its own functions only: the rest of its three files are unit mlkem_api's
UNITS["mlkem_kem"]["elsewhere"] = list(UNITS["mlkem_api"]["functions"])
# mlkem_kpke's passes (s62-kem) name its own functions only: the rest of poly.c is units mlkem_poly's and
# mlkem_arith's, but for mulcache_in_use, no unit's (mlkem_poly, without passes, is not checked for it)
UNITS["mlkem_kpke"]["elsewhere"] = (list(UNITS["mlkem_poly"]["functions"]) + list(UNITS["mlkem_arith"]["functions"])
                                    + ["mulcache_in_use"])
UNITS["hash_parallelhash"]["elsewhere"] = [f for u in ("hash_fips202", "hash_sp800_185", "sp800_185_encodings")
                                           for f in UNITS[u]["functions"]]
