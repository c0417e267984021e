/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * dispatch.c - CPU feature detection and the choice of Keccak-p[1600] backend, in one place.
 *
 * Features are read once (cpuid + xgetbv on x86-64, so an OS that does not save AVX or
 * AVX-512 state makes those backends unavailable). The best runnable backend by rank is
 * used unless KECCAKFORGE_BACKEND names another runnable one (or two: "x1name,batchedname")
 * or kf_backend_select() forces one.
 */
#include "keccak_backend.h"
#include "keccak_lanes64.h" /* KF_LANES64_LE */
#include "keccakforge.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

static uint32_t detect(void)
{
    uint32_t a, b, c, d, f = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    uint64_t xcr0 = osxsave ? xgetbv0() : 0;
    int os_avx = (xcr0 & 0x6) == 0x6;            /* XMM and YMM state */
    int os_avx512 = os_avx && (xcr0 & 0xE0) == 0xE0; /* opmask, ZMM_Hi256, Hi16_ZMM */
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    if (b & (1u << 3)) f |= KF_CPU_BMI1;
    if (b & (1u << 8)) f |= KF_CPU_BMI2;
    if (avx && os_avx && (b & (1u << 5))) f |= KF_CPU_AVX2;
    if (os_avx512 && (b & (1u << 16))) f |= KF_CPU_AVX512F;
    if (os_avx512 && (b & (1u << 16)) && (b & (1u << 31))) f |= KF_CPU_AVX512VL;
    if (os_avx512 && (b & (1u << 16)) && (b & (1u << 30))) f |= KF_CPU_AVX512BW;
    if (os_avx512 && (b & (1u << 16)) && (c & (1u << 1))) f |= KF_CPU_AVX512VBMI;
    if (os_avx512 && (b & (1u << 16)) && (c & (1u << 6))) f |= KF_CPU_AVX512VBMI2;
    if (os_avx512 && (b & (1u << 16)) && (c & (1u << 12))) f |= KF_CPU_AVX512BITALG;
    return f;
}
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
static uint32_t detect(void)
{
    uint32_t f = KF_CPU_NEON;
#ifdef HWCAP_SHA3
    if (getauxval(AT_HWCAP) & HWCAP_SHA3) f |= KF_CPU_SHA3;
#endif
    return f;
}
#elif defined(__riscv) && defined(__linux__)
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>
/* Zvbb/Zvkb: only the riscv_hwprobe syscall (Linux 6.4; the ZVBB/ZVKB bits since 6.8) says;
 * the constants of <asm/hwprobe.h>, which older headers lack. An older kernel (ENOSYS) or
 * a zero answer means no Zvbb, so the RVV 1.0 backends are used. */
#define KF_NR_RISCV_HWPROBE 258
#define KF_HWPROBE_KEY_IMA_EXT_0 4
#define KF_HWPROBE_EXT_ZVBB (1ull << 17)
#define KF_HWPROBE_EXT_ZVKB (1ull << 19)
static int riscv_has_zvbb(void)
{
    struct {
        int64_t key;
        uint64_t value;
    } pair = {KF_HWPROBE_KEY_IMA_EXT_0, 0};
    if (syscall(KF_NR_RISCV_HWPROBE, &pair, 1, 0, NULL, 0) != 0 || pair.key != KF_HWPROBE_KEY_IMA_EXT_0) return 0;
    return (pair.value & (KF_HWPROBE_EXT_ZVBB | KF_HWPROBE_EXT_ZVKB)) != 0;
}

/*
 * The vector unit is usable when AT_HWCAP has bit 'V' - 'A', the test the kernel documents
 * for programs (Documentation/arch/riscv/vector.rst). Linux sets it only since 6.5, when it
 * began saving vector state across context switches, so an older kernel on a V-capable CPU
 * correctly reports no vector unit. QEMU 7.2 linux-user sets the bit exactly when the CPU has
 * V (-cpu rv64,v=true: hwcap 0x20112d; without: 0x112d), so no SIGILL probe is needed.
 * VLEN (vlenb = VLEN / 8, CSR 0xc22, read only when V is there) says how many states the RVV
 * backends hold side by side (riscv64/backends_riscv64.h).
 */
static uint32_t detect(void)
{
    unsigned long vlenb;
    if (!(getauxval(AT_HWCAP) & (1ul << ('V' - 'A')))) return 0;
    __asm__ volatile("csrr %0, 0xc22" : "=r"(vlenb));
    uint32_t f = KF_CPU_RVV;
    if (vlenb >= 256 / 8) f |= KF_CPU_RVV_VLEN256;
    if (vlenb >= 512 / 8) f |= KF_CPU_RVV_VLEN512;
    if (vlenb >= 1024 / 8) f |= KF_CPU_RVV_VLEN1024;
    if (riscv_has_zvbb()) f |= KF_CPU_RVV_ZVBB;
    return f;
}
#else
static uint32_t detect(void) { return 0; }
#endif

/* Every backend in this build, listed once, in no particular order: preference is each
 * backend's .rank (the one place it is written), and kf_backend_all() sorts by it. */
static const kf_backend *const all_backends[] = {
#ifdef KF_ARCH_BACKENDS_X1
    KF_ARCH_BACKENDS_X1
#endif
    &kf_backend_opt64,
    &kf_backend_opt32bi,
    &kf_backend_ref,
};
#define N_BACKENDS (sizeof all_backends / sizeof all_backends[0])

const char *kf_cpu_feature_name(uint32_t bit)
{
#define KF_CPU_NAME_(name, b, str) if (bit == KF_CPU_##name) return str;
    KF_CPU_FEATURES(KF_CPU_NAME_)
#undef KF_CPU_NAME_
    return NULL;
}

static uint32_t features_cache;
static int features_known;

uint32_t kf_cpu_features(void)
{
    if (!__atomic_load_n(&features_known, __ATOMIC_ACQUIRE)) {
        __atomic_store_n(&features_cache, detect(), __ATOMIC_RELAXED);
        __atomic_store_n(&features_known, 1, __ATOMIC_RELEASE);
    }
    return __atomic_load_n(&features_cache, __ATOMIC_RELAXED);
}

int kf_backend_runnable(const kf_backend *b)
{
    return (b->requires & ~kf_cpu_features()) == 0;
}

const kf_backend *kf_backend_by_name(const char *name)
{
    if (!name) return NULL;
    for (size_t i = 0; i < N_BACKENDS; i++)
        if (strcmp(all_backends[i]->name, name) == 0) return all_backends[i];
    return NULL;
}

size_t kf_backend_all(const kf_backend **out, size_t max)
{
    /* by .rank, highest first (the table's order carries no meaning) */
    const kf_backend *tmp[N_BACKENDS];
    memcpy(tmp, all_backends, sizeof tmp);
    for (size_t i = 1; i < N_BACKENDS; i++)
        for (size_t j = i; j > 0 && tmp[j]->rank > tmp[j - 1]->rank; j--) {
            const kf_backend *t = tmp[j];
            tmp[j] = tmp[j - 1];
            tmp[j - 1] = t;
        }
    for (size_t i = 0; i < N_BACKENDS && i < max; i++) out[i] = tmp[i];
    return N_BACKENDS;
}

/* Every batched backend in this build, listed once, in no particular order (as above: .rank
 * decides); NULL ends the list (so it is never empty where there are none). */
static const kf_backend_xn *const all_backends_xn[] = {
#ifdef KF_ARCH_BACKENDS_XN
    KF_ARCH_BACKENDS_XN
#endif
    NULL,
};
#define MAX_BACKENDS_XN (sizeof all_backends_xn / sizeof all_backends_xn[0])

int kf_backend_xn_runnable(const kf_backend_xn *b)
{
    return (b->requires & ~kf_cpu_features()) == 0;
}

size_t kf_backend_xn_all(const kf_backend_xn **out, size_t max)
{
    /* as kf_backend_all: by rank, highest first */
    const kf_backend_xn *tmp[MAX_BACKENDS_XN];
    size_t n = 0;
    for (; all_backends_xn[n]; n++) {
        tmp[n] = all_backends_xn[n];
        for (size_t j = n; j > 0 && tmp[j]->rank > tmp[j - 1]->rank; j--) {
            const kf_backend_xn *t = tmp[j];
            tmp[j] = tmp[j - 1];
            tmp[j - 1] = t;
        }
    }
    for (size_t i = 0; i < n && i < max; i++) out[i] = tmp[i];
    return n;
}

static const kf_backend *best_runnable(void)
{
    const kf_backend *list[N_BACKENDS];
    kf_backend_all(list, N_BACKENDS);
    for (size_t i = 0; i < N_BACKENDS; i++)
        if (list[i]->rank >= 0 && kf_backend_runnable(list[i])) return list[i];
    return &kf_backend_ref;
}

static const kf_backend *current;

/* KECCAKFORGE_BACKEND holds one name, or an x1 and a batched name separated by a comma
 * ("opt64-bmi2,avx2-x4": what an AVX2-only host runs, forced on an AVX-512 one). The first
 * name of the kind asked for (x1: an x1 backend; else a batched one or "x1"), copied to buf;
 * NULL if there is none (that side then stays automatic). */
static const char *env_backend(int x1, char buf[64])
{
    const char *env = getenv("KECCAKFORGE_BACKEND");
    if (!env) return NULL;
    for (const char *p = env; *p;) {
        size_t n = strcspn(p, ",");
        if (n < 64) {
            memcpy(buf, p, n);
            buf[n] = '\0';
            if (x1 ? kf_backend_by_name(buf) != NULL
                   : strcmp(buf, "x1") == 0 || kf_backend_xn_by_name(buf) != NULL)
                return buf;
        }
        p += n;
        if (*p) p++;
    }
    return NULL;
}

/* The lookups of KECCAKFORGE_BACKEND out of line: the buffer would otherwise give
 * kf_backend_current() a stack frame (and a stack-protector check) on every call, its cached
 * fast path included: +3-5 ticks per one-shot hash, measured (docs/BENCHMARKS.md, "AVX2"). */
static __attribute__((noinline)) const kf_backend *env_x1_backend(void)
{
    char buf[64];
    return kf_backend_by_name(env_backend(1, buf));
}

/* 1 when KECCAKFORGE_BACKEND names a batched choice: *b is that backend, or NULL for "x1". */
static __attribute__((noinline)) int env_xn_backend(const kf_backend_xn **b)
{
    char buf[64];
    const char *name = env_backend(0, buf);
    if (!name) return 0;
    *b = strcmp(name, "x1") == 0 ? NULL : kf_backend_xn_by_name(name);
    return 1;
}

/* ---- batched (xN) choice ------------------------------------------------------------- */
/* KECCAKFORGE_BACKEND (or kf_backend_select) may name a batched backend, which is then used
 * for every group of instances (x1 stays automatic), or "x1" (KF_NO_BATCH_NAME): no batched
 * backend at all, so the x1 fallback paths run on any CPU. Otherwise the best runnable
 * batched backend by rank, or none. xn_known: 0 = not decided yet; xn_forced: the choice was
 * forced, so kf_backend_xn_for() does not swap in a narrower backend. */
#define KF_NO_BATCH_NAME "x1"
static const kf_backend_xn *xn_current;
static int xn_forced, xn_known;

const kf_backend_xn *kf_backend_xn_by_name(const char *name)
{
    const kf_backend_xn *list[MAX_BACKENDS_XN];
    size_t n = kf_backend_xn_all(list, MAX_BACKENDS_XN);
    if (!name) return NULL;
    for (size_t i = 0; i < n; i++)
        if (strcmp(list[i]->name, name) == 0) return list[i];
    return NULL;
}

static const kf_backend_xn *xn_best_runnable(void)
{
    const kf_backend_xn *list[MAX_BACKENDS_XN];
    size_t n = kf_backend_xn_all(list, MAX_BACKENDS_XN);
    for (size_t i = 0; i < n; i++)
        if (list[i]->rank >= 0 && kf_backend_xn_runnable(list[i])) return list[i];
    return NULL;
}

static void xn_set(const kf_backend_xn *b, int forced)
{
    __atomic_store_n(&xn_current, b, __ATOMIC_RELAXED);
    __atomic_store_n(&xn_forced, forced, __ATOMIC_RELAXED);
    __atomic_store_n(&xn_known, 1, __ATOMIC_RELEASE);
}

const kf_backend_xn *kf_backend_xn_current(void)
{
    if (__atomic_load_n(&xn_known, __ATOMIC_ACQUIRE)) return __atomic_load_n(&xn_current, __ATOMIC_RELAXED);
    const kf_backend_xn *b = NULL;
    int named = env_xn_backend(&b);
    if (named && !b) xn_set(NULL, 1); /* "x1" */
    else if (named && kf_backend_xn_runnable(b)) xn_set(b, 1);
    else xn_set(xn_best_runnable(), 0);
    return __atomic_load_n(&xn_current, __ATOMIC_RELAXED);
}

/* The narrowest runnable backend of rank >= 0 with at least count lanes, the higher rank
 * between two of one width. A straight pass over the unsorted list: ML-KEM asks on every
 * schedule, so this does not sort the list (kf_backend_xn_all) each time. */
const kf_backend_xn *kf_backend_xn_for(unsigned count)
{
    const kf_backend_xn *cur = kf_backend_xn_current(), *best = NULL;
    if (!cur || count < 2) return NULL; /* one instance: x1 is faster than a batched call */
    if (__atomic_load_n(&xn_forced, __ATOMIC_RELAXED)) return cur;
    for (size_t i = 0; all_backends_xn[i]; i++) {
        const kf_backend_xn *b = all_backends_xn[i];
        if (b->rank < 0 || b->n < count || !kf_backend_xn_runnable(b)) continue;
        if (!best || b->n < best->n || (b->n == best->n && b->rank > best->rank)) best = b;
    }
    return best ? best : cur;
}

/* A runnable backend with xof_side where groups of 8 run on one 8-lane xof (the automatic or
 * forced batched backend for 8 is avx512-x8: the side backend, avx512-x9, is its hybrid), or
 * avx2-x4 itself where it is the batched backend for 8 (its xof_side puts the side on a free
 * lane of a partial group of four), or NULL: forcing x1 keeps every state off it. */
const kf_backend_xn *kf_backend_xn_side(void)
{
    const kf_backend_xn *cur = kf_backend_xn_for(8);
    if (!cur || !cur->xof) return NULL;
    if (cur->n == 4 && cur->xof_side) return cur; /* avx2-x4: the side on a partial group's free lane */
    if (cur->n != 8) return NULL;
    for (size_t i = 0; all_backends_xn[i]; i++)
        if (all_backends_xn[i]->n == 9 && all_backends_xn[i]->xof_side && kf_backend_xn_runnable(all_backends_xn[i]))
            return all_backends_xn[i];
    return NULL;
}

/* kf_backend_select for a name that is not an x1 backend. */
static int xn_select(const char *name)
{
    if (strcmp(name, KF_NO_BATCH_NAME) == 0) {
        kf_backend_xn_current(); /* settle the automatic choice first, so it cannot overwrite */
        xn_set(NULL, 1);
        return KF_OK;
    }
    const kf_backend_xn *b = kf_backend_xn_by_name(name);
    if (!b) return KF_ERR_UNKNOWN_BACKEND;
    if (!kf_backend_xn_runnable(b)) return KF_ERR_UNSUPPORTED;
    kf_backend_xn_current();
    xn_set(b, 1);
    return KF_OK;
}

const char *kf_backend_batch_name(void)
{
    const kf_backend_xn *b = kf_backend_xn_current();
    return b ? b->name : KF_NO_BATCH_NAME;
}

size_t kf_backend_batch_list(const char **names, size_t max)
{
    const kf_backend_xn *list[MAX_BACKENDS_XN];
    size_t n = kf_backend_xn_all(list, MAX_BACKENDS_XN), k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!kf_backend_xn_runnable(list[i])) continue;
        if (names && k < max) names[k] = list[i]->name;
        k++;
    }
    return k;
}

const kf_backend *kf_backend_current(void)
{
    const kf_backend *b = __atomic_load_n(&current, __ATOMIC_ACQUIRE);
    if (b) return b;
    /* a batched name or "x1" alone in KECCAKFORGE_BACKEND leaves the x1 choice automatic */
    b = env_x1_backend();
    if (!b || !kf_backend_runnable(b)) b = best_runnable();
    __atomic_store_n(&current, b, __ATOMIC_RELEASE);
    return b;
}

const char *kf_backend_name(void)
{
    return kf_backend_current()->name;
}

int kf_backend_select(const char *name)
{
    if (!name) return KF_ERR_NULL_POINTER;
    const kf_backend *b = kf_backend_by_name(name);
    if (!b) return xn_select(name);
    if (!kf_backend_runnable(b)) return KF_ERR_UNSUPPORTED;
    __atomic_store_n(&current, b, __ATOMIC_RELEASE);
    return KF_OK;
}

size_t kf_backend_list(const char **names, size_t max)
{
    const kf_backend *list[N_BACKENDS];
    size_t n = 0;
    kf_backend_all(list, N_BACKENDS);
    for (size_t i = 0; i < N_BACKENDS; i++) {
        if (!kf_backend_runnable(list[i])) continue;
        if (names && n < max) names[n] = list[i]->name;
        n++;
    }
    return n;
}

int kf_keccak_p1600(uint64_t lanes[25], unsigned nr)
{
    if (!lanes) return KF_ERR_NULL_POINTER;
    if (nr < 1 || nr > 24) return KF_ERR_BAD_LENGTH;
    const kf_backend *b = kf_backend_current();
    _Alignas(KF_STATE_ALIGN) uint8_t st[KF_STATE_BYTES];
    b->init(st);
#if KF_LANES64_LE
    /* the lanes' bytes in memory are the state's bytes (FIPS 202 §3.1.2): no conversion
     * loops, which cost about half a permutation (docs/BENCHMARK_HISTORY.md, "kf_keccak_p1600") */
    b->overwrite_bytes(st, (const uint8_t *)lanes, 0, KF_STATE_BYTES);
    b->permute(st, nr);
    b->extract_bytes(st, (uint8_t *)lanes, 0, KF_STATE_BYTES);
#else
    uint8_t bytes[KF_STATE_BYTES];
    for (int i = 0; i < 25; i++)
        for (int j = 0; j < 8; j++) bytes[8 * i + j] = (uint8_t)(lanes[i] >> (8 * j));
    b->overwrite_bytes(st, bytes, 0, KF_STATE_BYTES);
    b->permute(st, nr);
    b->extract_bytes(st, bytes, 0, KF_STATE_BYTES);
    for (int i = 0; i < 25; i++) {
        uint64_t v = 0;
        for (int j = 0; j < 8; j++) v |= (uint64_t)bytes[8 * i + j] << (8 * j);
        lanes[i] = v;
    }
#endif
    return KF_OK;
}
