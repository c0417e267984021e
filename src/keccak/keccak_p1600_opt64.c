/*
 * keccak_p1600_opt64.c - Keccak-p[1600, nr] in portable 64-bit C, unrolled for speed.
 *
 * State format: the same plain lanes as `ref` (25 uint64_t, lane x + 5y, native integers;
 * on a little-endian host the 200 bytes in memory are exactly the FIPS 202 byte order).
 *
 * How the rounds are computed (FIPS 202 §3.2 and §3.3, Algorithm 7):
 *   - One round is written out in full: theta, rho and pi are applied lane by lane while
 *     gathering one output row (plane y) of five lanes, then chi and iota produce that row.
 *     Pi is not a data movement: it only decides which input lane feeds which position.
 *   - Theta's column parities C[x] for the NEXT round are accumulated while the chi outputs
 *     of this round are written, so no round re-reads its input just to compute them.
 *   - Rounds alternate between two sets of 25 local variables, A.. -> E.. -> A.., so a pair of
 *     rounds is one loop iteration and no lane is ever copied.
 *   - Written as ~a & b and (v << n) | (v >> (64 - n)) with constant n, so a compiler
 *     targeting BMI1/BMI2 emits andn and rorx (three-operand, no extra moves); elsewhere
 *     these are the plain not/and and rotate instructions.
 * The same source is compiled twice: as `opt64` for any 64-bit CPU, and (x86-64 only) by
 * keccak_p1600_opt64_bmi2.c as `opt64-bmi2` with BMI1/BMI2 code generation.
 *
 * Speed is set by how the compiler allocates 50 lane variables to 15 registers, not by the
 * operation count (130 ALU operations per round, the minimum for this formulation). On x86-64
 * with GCC 12 the build adds -fno-schedule-insns2: GCC's post-allocation scheduler makes this
 * loop about 2.5% slower on Zen 4 (630 vs 647 ticks per Keccak-f[1600], opt64-bmi2). Full
 * unrolling of all 24 rounds was measured 8% slower than the two-round loop.
 */
#include "keccak_backend.h"
#include "keccak_constants.h"

#include <string.h>

#ifndef KF_OPT64_BACKEND
#define KF_OPT64_BACKEND kf_backend_opt64
#endif
#ifndef KF_OPT64_NAME
#define KF_OPT64_NAME "opt64"
#endif
#ifndef KF_OPT64_REQUIRES
#define KF_OPT64_REQUIRES 0
#endif
#ifndef KF_OPT64_RANK
#define KF_OPT64_RANK 10
#endif

/* Little-endian hosts use 8-byte memcpy loads; any other host (or a test that defines
 * KF_OPT64_LE to 0) uses the portable byte path. */
#ifndef KF_OPT64_LE
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define KF_OPT64_LE 1
#else
#define KF_OPT64_LE 0
#endif
#endif

/* A lane of the state, native order; memcpy keeps this free of alignment and aliasing
 * assumptions and compiles to one load or store. */
static inline uint64_t lane_get(const uint8_t *s, unsigned i)
{
    uint64_t v;
    memcpy(&v, s + 8 * i, 8);
    return v;
}

static inline void lane_put(uint8_t *s, unsigned i, uint64_t v)
{
    memcpy(s + 8 * i, &v, 8);
}

/* 8 input bytes in FIPS 202 (little-endian) order as a lane value. */
static inline uint64_t load64_le(const uint8_t *p)
{
#if KF_OPT64_LE
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
#else
    uint64_t v = 0;
    for (unsigned j = 0; j < 8; j++) v |= (uint64_t)p[j] << (8 * j);
    return v;
#endif
}

/* ---- The permutation ----------------------------------------------------------------- */

/* Rotation left by n, 0 <= n < 64 ("& 63" keeps n = 0 defined). Always called with a constant
 * n, so compilers emit one rotate instruction (rorx with BMI2). */
static inline uint64_t rol64(uint64_t v, unsigned n)
{
    return (v << n) | (v >> ((64 - n) & 63));
}
#define ROL64(v, n) rol64((v), (n))
/* Chi's ~a & b: one andn instruction with BMI1. */
#define ANDN(a, b) (~(a) & (b))

/* Rho offsets as immediates (keccak_constants.h), so rotations need no register. */
#define RHO_(x, y) KF_RHO_##x##_##y

/* Lane (x, y) of the variable set P is P##x##y; the list is in state order x + 5y. */
#define LANES(P, OP) \
    OP(P, 0, 0) OP(P, 1, 0) OP(P, 2, 0) OP(P, 3, 0) OP(P, 4, 0) \
    OP(P, 0, 1) OP(P, 1, 1) OP(P, 2, 1) OP(P, 3, 1) OP(P, 4, 1) \
    OP(P, 0, 2) OP(P, 1, 2) OP(P, 2, 2) OP(P, 3, 2) OP(P, 4, 2) \
    OP(P, 0, 3) OP(P, 1, 3) OP(P, 2, 3) OP(P, 3, 3) OP(P, 4, 3) \
    OP(P, 0, 4) OP(P, 1, 4) OP(P, 2, 4) OP(P, 3, 4) OP(P, 4, 4)
#define DECLARE_LANE(P, x, y) uint64_t P##x##y;
#define LOAD_LANE(P, x, y) P##x##y = lane_get(st, (x) + 5 * (y));
#define STORE_LANE(P, x, y) lane_put(st, (x) + 5 * (y), P##x##y);
#define COPY_LANE_E_TO_A(P, x, y) A##x##y = E##x##y;

/* Theta's column parities C[x] = xor over y of P[x][y] (FIPS 202 Algorithm 1, step 1). */
#define PARITY(P) \
    C0 = P##00 ^ P##01 ^ P##02 ^ P##03 ^ P##04; \
    C1 = P##10 ^ P##11 ^ P##12 ^ P##13 ^ P##14; \
    C2 = P##20 ^ P##21 ^ P##22 ^ P##23 ^ P##24; \
    C3 = P##30 ^ P##31 ^ P##32 ^ P##33 ^ P##34; \
    C4 = P##40 ^ P##41 ^ P##42 ^ P##43 ^ P##44;

/*
 * Output row (plane) Y of one round, from input set I into output set O.
 * Pi (Algorithm 3) puts input lane (x, y) at position (y, 2x + 3y); so position (X, Y) is fed
 * by input lane ((X + 3Y) mod 5, X): the five sources of row Y are (xX, X) for X = 0..4,
 * passed as x0..x4. Each source gets theta's D[x] (Algorithm 1, step 3) and its rho offset
 * (Algorithm 2), then chi (Algorithm 4) combines the row; the outputs also feed the next
 * round's parities C[X].
 */
#define ROW(I, O, Y, x0, x1, x2, x3, x4) \
    B0 = ROL64(I##x0##0 ^ D##x0, RHO_(x0, 0)); \
    B1 = ROL64(I##x1##1 ^ D##x1, RHO_(x1, 1)); \
    B2 = ROL64(I##x2##2 ^ D##x2, RHO_(x2, 2)); \
    B3 = ROL64(I##x3##3 ^ D##x3, RHO_(x3, 3)); \
    B4 = ROL64(I##x4##4 ^ D##x4, RHO_(x4, 4)); \
    O##0##Y = B0 ^ ANDN(B1, B2); C0 ^= O##0##Y; \
    O##1##Y = B1 ^ ANDN(B2, B3); C1 ^= O##1##Y; \
    O##2##Y = B2 ^ ANDN(B3, B4); C2 ^= O##2##Y; \
    O##3##Y = B3 ^ ANDN(B4, B0); C3 ^= O##3##Y; \
    O##4##Y = B4 ^ ANDN(B0, B1); C4 ^= O##4##Y;

/*
 * One round I -> O with round constant rc, given C = parities of I; leaves C = parities of
 * O. D[x] = C[x-1] ^ rot(C[x+1], 1) (Algorithm 1, step 2). Iota (Algorithm 6) xors rc into
 * lane (0, 0), which is also folded into C0 so the parities stay exact.
 */
#define ROUND(I, O, rc) \
    D0 = C4 ^ ROL64(C1, 1); \
    D1 = C0 ^ ROL64(C2, 1); \
    D2 = C1 ^ ROL64(C3, 1); \
    D3 = C2 ^ ROL64(C4, 1); \
    D4 = C3 ^ ROL64(C0, 1); \
    C0 = C1 = C2 = C3 = C4 = 0; \
    ROW(I, O, 0, 0, 1, 2, 3, 4) \
    O##00 ^= (rc); C0 ^= (rc); \
    ROW(I, O, 1, 3, 4, 0, 1, 2) \
    ROW(I, O, 2, 1, 2, 3, 4, 0) \
    ROW(I, O, 3, 4, 0, 1, 2, 3) \
    ROW(I, O, 4, 2, 3, 4, 0, 1)

/* Locals the round macros work on: the two lane sets and the temporaries. */
#define PERMUTE_LOCALS \
    LANES(A, DECLARE_LANE) \
    LANES(E, DECLARE_LANE) \
    uint64_t B0, B1, B2, B3, B4, C0, C1, C2, C3, C4, D0, D1, D2, D3, D4;

/*
 * Keccak-p[1600, nr] on the A set: rounds 24 - nr .. 23 (FIPS 202 §3.3). Two rounds per
 * iteration (A -> E -> A); an odd nr first runs one round A -> E and moves E back to A.
 */
#define PERMUTE_A(nr) \
    do { \
        const uint64_t *rcp = kf_keccak_rc + 24 - (nr); \
        PARITY(A) \
        if ((nr) & 1) { \
            ROUND(A, E, rcp[0]) \
            LANES(E, COPY_LANE_E_TO_A) \
            rcp++; \
        } \
        for (; rcp < kf_keccak_rc + 24; rcp += 2) { \
            ROUND(A, E, rcp[0]) \
            ROUND(E, A, rcp[1]) \
        } \
    } while (0)

static void opt64_permute(void *state, unsigned nr)
{
    uint8_t *st = (uint8_t *)state;
    PERMUTE_LOCALS
    LANES(A, LOAD_LANE)
    PERMUTE_A(nr);
    LANES(A, STORE_LANE)
}

/*
 * Fused absorb: the state stays in the A locals across blocks. The first rate/8 lanes of
 * each block are xored in (lane i = x + 5y from input bytes 8i .. 8i+7), highest lane
 * first so that one switch with fall-through serves every rate.
 */
#define XOR_IN(P, x, y) P##x##y ^= load64_le(in + 8 * ((x) + 5 * (y)));

static size_t opt64_absorb_blocks(void *state, unsigned nr, size_t rate, const uint8_t *in,
                                  size_t len)
{
    uint8_t *st = (uint8_t *)state;
    size_t done = 0;
    if (rate == 0 || rate > KF_STATE_BYTES || rate % 8 != 0 || len < rate) return 0;
    PERMUTE_LOCALS
    LANES(A, LOAD_LANE)
    while (len - done >= rate) {
        switch (rate / 8) {
        case 25: XOR_IN(A, 4, 4) /* fall through */
        case 24: XOR_IN(A, 3, 4) /* fall through */
        case 23: XOR_IN(A, 2, 4) /* fall through */
        case 22: XOR_IN(A, 1, 4) /* fall through */
        case 21: XOR_IN(A, 0, 4) /* fall through */
        case 20: XOR_IN(A, 4, 3) /* fall through */
        case 19: XOR_IN(A, 3, 3) /* fall through */
        case 18: XOR_IN(A, 2, 3) /* fall through */
        case 17: XOR_IN(A, 1, 3) /* fall through */
        case 16: XOR_IN(A, 0, 3) /* fall through */
        case 15: XOR_IN(A, 4, 2) /* fall through */
        case 14: XOR_IN(A, 3, 2) /* fall through */
        case 13: XOR_IN(A, 2, 2) /* fall through */
        case 12: XOR_IN(A, 1, 2) /* fall through */
        case 11: XOR_IN(A, 0, 2) /* fall through */
        case 10: XOR_IN(A, 4, 1) /* fall through */
        case 9:  XOR_IN(A, 3, 1) /* fall through */
        case 8:  XOR_IN(A, 2, 1) /* fall through */
        case 7:  XOR_IN(A, 1, 1) /* fall through */
        case 6:  XOR_IN(A, 0, 1) /* fall through */
        case 5:  XOR_IN(A, 4, 0) /* fall through */
        case 4:  XOR_IN(A, 3, 0) /* fall through */
        case 3:  XOR_IN(A, 2, 0) /* fall through */
        case 2:  XOR_IN(A, 1, 0) /* fall through */
        default: XOR_IN(A, 0, 0)
        }
        PERMUTE_A(nr);
        in += rate;
        done += rate;
    }
    LANES(A, STORE_LANE)
    return done;
}

/* ---- Byte access in FIPS 202 order --------------------------------------------------- */

static void opt64_init(void *state)
{
    memset(state, 0, KF_STATE_BYTES);
}

#if KF_OPT64_LE
/* On a little-endian host the state's memory is already in FIPS 202 byte order. */
static void opt64_add_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    uint8_t *s = (uint8_t *)state + offset;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t a, b;
        memcpy(&a, s + i, 8);
        memcpy(&b, in + i, 8);
        a ^= b;
        memcpy(s + i, &a, 8);
    }
    for (; i < len; i++) s[i] ^= in[i];
}

/* len == 0 may come with a NULL buffer, which memcpy must not see. */
static void opt64_overwrite_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    if (len) memcpy((uint8_t *)state + offset, in, len);
}

static void opt64_extract_bytes(const void *state, uint8_t *out, size_t offset, size_t len)
{
    if (len) memcpy(out, (const uint8_t *)state + offset, len);
}
#else
/* Any other host: state byte `at` (FIPS 202 order) is bits 8(at mod 8) .. 8(at mod 8) + 7
 * of lane at / 8. */
static void opt64_add_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    uint8_t *st = (uint8_t *)state;
    for (size_t i = 0; i < len; i++) {
        size_t at = offset + i;
        unsigned n = (unsigned)(at / 8);
        lane_put(st, n, lane_get(st, n) ^ ((uint64_t)in[i] << (8 * (at % 8))));
    }
}

static void opt64_overwrite_bytes(void *state, const uint8_t *in, size_t offset, size_t len)
{
    uint8_t *st = (uint8_t *)state;
    for (size_t i = 0; i < len; i++) {
        size_t at = offset + i;
        unsigned n = (unsigned)(at / 8), sh = 8 * (unsigned)(at % 8);
        uint64_t v = lane_get(st, n) & ~((uint64_t)0xFF << sh);
        lane_put(st, n, v | ((uint64_t)in[i] << sh));
    }
}

static void opt64_extract_bytes(const void *state, uint8_t *out, size_t offset, size_t len)
{
    const uint8_t *st = (const uint8_t *)state;
    for (size_t i = 0; i < len; i++) {
        size_t at = offset + i;
        out[i] = (uint8_t)(lane_get(st, (unsigned)(at / 8)) >> (8 * (at % 8)));
    }
}
#endif

const kf_backend KF_OPT64_BACKEND = {
    .name = KF_OPT64_NAME,
    .requires = KF_OPT64_REQUIRES,
    .rank = KF_OPT64_RANK,
    .init = opt64_init,
    .add_bytes = opt64_add_bytes,
    .overwrite_bytes = opt64_overwrite_bytes,
    .extract_bytes = opt64_extract_bytes,
    .permute = opt64_permute,
    .absorb_blocks = opt64_absorb_blocks,
};
