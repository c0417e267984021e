/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_x1_round_asm.h - one round of Keccak-p[1600] on one state in general-purpose
 * registers, as x86-64 inline assembly (BMI1 andn, BMI2 rorx), for the scalar half of the
 * x8 leaf loop's hybrid (keccak_p1600_x8_avx512.c, x8_leaves_node): KT's final node runs
 * its permutations on the integer units while the zmm units run the leaves (seed 002
 * §4.4's hybrid).
 *
 * Why assembly and not opt64's C rounds (keccak_opt64_rounds.h) there: the round sits inside
 * a loop that keeps 25 zmm lanes and the next block's copy live; in C, GCC 12 allocates the
 * scalar half's 50 lane variables into the same stack frame as the vector half's spills (it
 * made the x9 hybrid several times slower when unrolled, keccak_hybrid_xn.h). Here the round
 * reads its input lanes from memory and writes its output lanes to memory, and needs 11
 * scratch registers and one pointer for the span of one asm statement, so the compiler's
 * allocation of the vector code around it is not disturbed.
 *
 * One round, state s -> state d (25 little-endian lanes each, lane x + 5y at byte 8(x + 5y),
 * FIPS 202 byte order on x86-64), rc the round constant (FIPS 202 §3.3):
 *   theta's parities C[x] into r0..r4 (25 loads), D[x] = C[x-1] ^ rot(C[x+1], 1) into
 *   d0..d4; then per output row Y the five sources ((X + 3Y) mod 5, X) (pi, as opt64's
 *   ROW) each get D and rho into r0..r4, chi combines them (andn), iota on lane (0, 0).
 * The parities are read again from memory rather than carried in registers from the
 * previous round's chi (opt64's way), which would need more registers than x86-64 has.
 */
#ifndef KF_KECCAK_X1_ROUND_ASM_H
#define KF_KECCAK_X1_ROUND_ASM_H

#include <stddef.h>
#include <stdint.h>

#include "keccak/keccak_constants.h"

#define KF_SR_STR_(x) #x
#define KF_SR_STR(x) KF_SR_STR_(x)

/* lane (x, y) of the half s (source) or d (destination) of the state array at operand n;
 * the constant operands sof and dof are the halves' byte offsets, 0 or 200 (the assembler
 * evaluates the sum) */
#define KF_SR_AT(x, y, p) "%c[" #p "of]+8*(" #x "+5*" #y ")(%[n])"

/* r<x> = C[x], the parity of column x of s */
#define KF_SR_PAR(x) \
    "movq " KF_SR_AT(x, 0, s) ", %[r" #x "]\n\t" \
    "xorq " KF_SR_AT(x, 1, s) ", %[r" #x "]\n\t" \
    "xorq " KF_SR_AT(x, 2, s) ", %[r" #x "]\n\t" \
    "xorq " KF_SR_AT(x, 3, s) ", %[r" #x "]\n\t" \
    "xorq " KF_SR_AT(x, 4, s) ", %[r" #x "]\n\t"

/* d<x> = D[x] = C[x-1] ^ rot(C[x+1], 1) (rorx by 63 = rotate left by 1) */
#define KF_SR_D(x, xm1, xp1) \
    "rorxq $63, %[r" #xp1 "], %[d" #x "]\n\t" \
    "xorq %[r" #xm1 "], %[d" #x "]\n\t"

/* r<k> = rot(s[x][k] ^ D[x], rho[x][k]): position k of the output row (rotate left by r is
 * rorx by 64 - r) */
#define KF_SR_B(k, x) \
    "movq " KF_SR_AT(x, k, s) ", %[r" #k "]\n\t" \
    "xorq %[d" #x "], %[r" #k "]\n\t" \
    "rorxq $(64-" KF_SR_STR(KF_RHO_##x##_##k) "), %[r" #k "], %[r" #k "]\n\t"
/* lane (0, 0): rho leaves it alone */
#define KF_SR_B00 \
    "movq " KF_SR_AT(0, 0, s) ", %[r0]\n\t" \
    "xorq %[d0], %[r0]\n\t"

/* chi: d[X][Y] = r<X> ^ (~r<X1> & r<X2>), X1 = X + 1, X2 = X + 2 (mod 5); AT&T andn
 * src2, src1, dst is dst = ~src1 & src2 */
#define KF_SR_CHI_T(X, X1, X2) \
    "andnq %[r" #X2 "], %[r" #X1 "], %[t]\n\t" \
    "xorq %[r" #X "], %[t]\n\t"
#define KF_SR_CHI(X, Y, X1, X2) KF_SR_CHI_T(X, X1, X2) "movq %[t], " KF_SR_AT(X, Y, d) "\n\t"
#define KF_SR_CHI_ROW(Y) \
    KF_SR_CHI(1, Y, 2, 3) KF_SR_CHI(2, Y, 3, 4) KF_SR_CHI(3, Y, 4, 0) KF_SR_CHI(4, Y, 0, 1)

/* output row Y from the sources (x<k>, k) */
#define KF_SR_ROW(Y, x0, x1, x2, x3, x4) \
    KF_SR_B(0, x0) KF_SR_B(1, x1) KF_SR_B(2, x2) KF_SR_B(3, x3) KF_SR_B(4, x4) \
    KF_SR_CHI(0, Y, 1, 2) KF_SR_CHI_ROW(Y)
/*
 * Under AddressSanitizer the state's memory operand takes a register of its own (ASan moves
 * stack arrays into frames it manages, addressed through a register, where the plain build
 * addresses them from rsp), and with the round constant's address on top GCC 12 ran out of
 * registers ("impossible constraints"). There iota is applied after the asm statement, in C;
 * the rest of the round is the same text. (clang's ASan and MSan builds take either form.)
 */
#if defined(__SANITIZE_ADDRESS__)
#define KF_SR_IOTA_IN_ASM 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KF_SR_IOTA_IN_ASM 0
#endif
#endif
#ifndef KF_SR_IOTA_IN_ASM
#define KF_SR_IOTA_IN_ASM 1
#endif

/* iota: inside the asm (the round constant a memory operand), or after it in C (ASan) */
#if KF_SR_IOTA_IN_ASM
#define KF_SR_IOTA "xorq %[rc], %[t]\n\t"
#define KF_SR_RC_OPERAND(rc_) , [rc] "m"(*(rc_))
#define KF_SR_IOTA_AFTER(ns_, dst_, rc_) ((void)0)
#else
#define KF_SR_IOTA ""
#define KF_SR_RC_OPERAND(rc_)
#define KF_SR_IOTA_AFTER(ns_, dst_, rc_) (((kf_sr_array *)(ns_))->w[(dst_) / 8] ^= *(rc_))
#endif
/* row 0: lane (0, 0) without rho, and iota */
#define KF_SR_ROW0 \
    KF_SR_B00 KF_SR_B(1, 1) KF_SR_B(2, 2) KF_SR_B(3, 3) KF_SR_B(4, 4) \
    KF_SR_CHI_T(0, 1, 2) KF_SR_IOTA "movq %[t], " KF_SR_AT(0, 0, d) "\n\t" \
    KF_SR_CHI_ROW(0)

#define KF_SR_THETA_TEXT \
    KF_SR_PAR(0) KF_SR_PAR(1) KF_SR_PAR(2) KF_SR_PAR(3) KF_SR_PAR(4) \
    KF_SR_D(0, 4, 1) KF_SR_D(1, 0, 2) KF_SR_D(2, 1, 3) KF_SR_D(3, 2, 4) KF_SR_D(4, 3, 0)
#define KF_SR_ROWS_TEXT \
    KF_SR_ROW0 KF_SR_ROW(1, 3, 4, 0, 1, 2) KF_SR_ROW(2, 1, 2, 3, 4, 0) \
    KF_SR_ROW(3, 4, 0, 1, 2, 3) KF_SR_ROW(4, 2, 3, 4, 0, 1)

/* The node's array: two states (lanes 0..24 and 25..49, the round's input and output in
 * turn). One memory operand, so the compiler knows what the asm reads and writes. */
#define KF_SR_WORDS 50
typedef struct { uint64_t w[KF_SR_WORDS]; } __attribute__((may_alias)) kf_sr_array;

/* One round from the state at ns_ + src_ to the one at ns_ + dst_ (byte offsets 0 and 200,
 * or 200 and 0, constants; ns_ has KF_SR_WORDS lanes), round constant *rc_. One pointer
 * register for both states (offsets as constants), so the round needs 12 of the 14 general
 * registers the vector loop leaves (rbp is its frame pointer). D in registers rather than
 * stored and read back as memory operands: KT128 on 1 MiB ~0.9% faster (25 loads and 5
 * stores fewer per round beside the leaves' input stream; docs/BENCHMARK_HISTORY.md, "KT128's
 * final node beside the leaves"). */
#if !defined(__OPTIMIZE__)
/* Unoptimised builds (CMake's Debug: the file is compiled at -O0): GCC then keeps every
 * operand's address in a register of its own and cannot meet the asm's twelve, so the round
 * is opt64's (keccak_opt64_rounds.h) there: the same memory layout and result, slower. */
#include "keccak/keccak_opt64_rounds.h"
static inline void kf_sr_round_c(uint64_t *w, size_t src_off, size_t dst_off, uint64_t rc)
{
    const uint64_t *s = w + src_off / 8;
    uint64_t *d = w + dst_off / 8;
    PERMUTE_LOCALS
#define KF_SR_LOAD_A(P, x, y) A##x##y = s[(x) + 5 * (y)];
#define KF_SR_STORE_E(P, x, y) d[(x) + 5 * (y)] = E##x##y;
    LANES(A, KF_SR_LOAD_A)
    PARITY(A)
    ROUND(A, E, rc)
    LANES(E, KF_SR_STORE_E)
#undef KF_SR_LOAD_A
#undef KF_SR_STORE_E
}
#define kf_sr_round(ns_, src_, dst_, rc_) kf_sr_round_c(((kf_sr_array *)(ns_))->w, (src_), (dst_), *(rc_))
#else
#define kf_sr_round(ns_, src_, dst_, rc_) \
    do { \
        uint64_t r0_, r1_, r2_, r3_, r4_, t_, d0_, d1_, d2_, d3_, d4_; \
        __asm__(KF_SR_THETA_TEXT KF_SR_ROWS_TEXT \
                : [r0] "=&r"(r0_), [r1] "=&r"(r1_), [r2] "=&r"(r2_), [r3] "=&r"(r3_), [r4] "=&r"(r4_), \
                  [t] "=&r"(t_), [d0] "=&r"(d0_), [d1] "=&r"(d1_), [d2] "=&r"(d2_), [d3] "=&r"(d3_), \
                  [d4] "=&r"(d4_), "+m"(*(kf_sr_array *)(ns_)) \
                : [n] "r"(ns_), [sof] "i"(src_), [dof] "i"(dst_) KF_SR_RC_OPERAND(rc_)); \
        KF_SR_IOTA_AFTER(ns_, dst_, rc_); \
    } while (0)
#endif /* __OPTIMIZE__ */

/* s[j] ^= the little-endian word at in + 8j, j < lanes, with scalar moves (a C loop here
 * would be vectorized onto the zmm units the leaves use). */
static inline __attribute__((always_inline)) void kf_sr_xor_lanes(uint64_t *s, const uint8_t *in, size_t lanes)
{
    typedef uint64_t kf_sr_word __attribute__((may_alias, aligned(1)));
    for (size_t j = 0; j < lanes; j++) {
        uint64_t t;
        __asm__("movq %[src], %[t]\n\txorq %[t], %[dst]"
                : [dst] "+m"(s[j]), [t] "=&r"(t)
                : [src] "m"(*(const kf_sr_word *)(in + 8 * j)));
    }
}

#endif
