/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * heap_residue.h - for tests that look for secrets left in freed heap memory (issue 52).
 *
 * A test program that includes this header (once, in its main file) replaces malloc, calloc,
 * realloc, free, aligned_alloc, posix_memalign, memalign and malloc_usable_size. glibc lets
 * the main program do that for every library and every module it loads later (the
 * program's definitions come first in symbol lookup). Each allocation goes to glibc's own
 * allocator (__libc_malloc, __libc_memalign, __libc_free) with a 32-byte header in front
 * that keeps the block's requested size, the address it came from and where it was
 * allocated. When a block is freed, its requested bytes are searched for every byte string
 * registered with residue_watch(); a hit is recorded with the addresses of the code that
 * allocated and freed the block. The block is then zeroed, so that a later block that reuses
 * the memory cannot show an old hit again. realloc is malloc + copy + free, so the block it
 * gives up is searched as well (glibc's own realloc releases it unseen when it moves).
 *
 * Only with glibc, and not under a sanitizer (ASan, TSan, MSan own malloc themselves): there
 * HEAP_RESIDUE_AVAILABLE is 0, the functions below do nothing, and the test reports Skipped.
 */
#ifndef KF_HEAP_RESIDUE_H
#define KF_HEAP_RESIDUE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define HEAP_RESIDUE_AVAILABLE 0
#elif defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(thread_sanitizer)
#    define HEAP_RESIDUE_AVAILABLE 0
#  endif
#endif
#if !defined(HEAP_RESIDUE_AVAILABLE)
#  if defined(__GLIBC__) && defined(__linux__)
#    define HEAP_RESIDUE_AVAILABLE 1
#  else
#    define HEAP_RESIDUE_AVAILABLE 0
#  endif
#endif

#define RESIDUE_MAX_NEEDLES 16
#define RESIDUE_MAX_HITS 64

typedef struct residue_hit {
    int needle;             /* index given by residue_watch */
    size_t size, offset;    /* the block's requested size, where in it the needle was */
    void *alloc_site;       /* return addresses: who allocated the block, who freed it */
    void *free_site;
} residue_hit;

static struct {
    const uint8_t *needle[RESIDUE_MAX_NEEDLES];
    size_t len[RESIDUE_MAX_NEEDLES];
    int n_needles;
    volatile int enabled;
    residue_hit hits[RESIDUE_MAX_HITS];
    int n_hits;             /* may exceed RESIDUE_MAX_HITS: only the first are kept */
    uintptr_t site_lo, site_hi;
    int site_allocs;        /* allocations made from code in [site_lo, site_hi) while enabled */
} residue_state;

/* Register a byte string (kept by pointer: it must live while watched); returns its index. */
static inline int residue_watch(const void *needle, size_t len)
{
    int i = residue_state.n_needles;
    if (i >= RESIDUE_MAX_NEEDLES || len == 0) return -1;
    residue_state.needle[i] = (const uint8_t *)needle;
    residue_state.len[i] = len;
    residue_state.n_needles = i + 1;
    return i;
}
static inline void residue_unwatch_all(void) { residue_state.n_needles = 0; }
/* Start (1) or stop (0) searching freed blocks; clearing the hits when starting. */
static inline void residue_enable(int on)
{
    if (on) residue_state.n_hits = 0;
    residue_state.enabled = on;
}
/* Count the allocations made while enabled by code in [lo, hi) (a module's text): shows
 * that a module's blocks pass through here. */
static inline void residue_count_sites(uintptr_t lo, uintptr_t hi)
{
    residue_state.site_lo = lo;
    residue_state.site_hi = hi;
    residue_state.site_allocs = 0;
}
static inline int residue_site_allocs(void) { return residue_state.site_allocs; }
static inline int residue_hit_count(void) { return residue_state.n_hits; }
static inline const residue_hit *residue_hit_at(int i)
{
    return i < residue_state.n_hits && i < RESIDUE_MAX_HITS ? &residue_state.hits[i] : NULL;
}

#if HEAP_RESIDUE_AVAILABLE
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

/* in front of every block this file hands out */
typedef struct residue_blk {
    size_t size;
    size_t offset;
    void *site;
    size_t pad;   /* 32 bytes: keeps the user pointer 16-byte aligned */
} residue_blk;

static void *residue_alloc(size_t align, size_t n, void *site)
{
    size_t front = align > sizeof(residue_blk) ? align : sizeof(residue_blk);
    uint8_t *base;
    residue_blk *h;
    if (n > (size_t)-1 - front) return NULL;
    base = align > 16 ? (uint8_t *)__libc_memalign(align, front + n) : (uint8_t *)__libc_malloc(front + n);
    if (!base) return NULL;
    h = (residue_blk *)(base + front) - 1;
    h->size = n;
    h->offset = front;
    h->site = site;
    if (residue_state.enabled && (uintptr_t)site >= residue_state.site_lo && (uintptr_t)site < residue_state.site_hi)
        __atomic_fetch_add(&residue_state.site_allocs, 1, __ATOMIC_RELAXED);
    return base + front;
}

static void residue_scan(const uint8_t *p, size_t n, void *alloc_site, void *free_site)
{
    for (int k = 0; k < residue_state.n_needles; k++) {
        const uint8_t *nd = residue_state.needle[k];
        size_t l = residue_state.len[k];
        for (size_t i = 0; i + l <= n; i++) {
            if (p[i] == nd[0] && memcmp(p + i, nd, l) == 0) {
                int h = __atomic_fetch_add(&residue_state.n_hits, 1, __ATOMIC_RELAXED);
                if (h < RESIDUE_MAX_HITS) {
                    residue_state.hits[h].needle = k;
                    residue_state.hits[h].size = n;
                    residue_state.hits[h].offset = i;
                    residue_state.hits[h].alloc_site = alloc_site;
                    residue_state.hits[h].free_site = free_site;
                }
                break;
            }
        }
    }
}

static void residue_release(void *p, void *free_site)
{
    residue_blk *h = (residue_blk *)p - 1;
    uint8_t *base = (uint8_t *)p - h->offset;
    size_t total = h->offset + h->size;
    if (residue_state.enabled) residue_scan((const uint8_t *)p, h->size, h->site, free_site);
    memset(base, 0, total);
    __asm__ __volatile__("" : : "r"(base) : "memory");
    __libc_free(base);
}

void *malloc(size_t n) { return residue_alloc(16, n, __builtin_return_address(0)); }
void *calloc(size_t a, size_t b)
{
    void *p;
    if (b && a > (size_t)-1 / b) { errno = ENOMEM; return NULL; }
    p = residue_alloc(16, a * b, __builtin_return_address(0));
    if (p) memset(p, 0, a * b);
    return p;
}
void free(void *p)
{
    if (p) residue_release(p, __builtin_return_address(0));
}
void *realloc(void *p, size_t n)
{
    void *q;
    residue_blk *h;
    if (!p) return residue_alloc(16, n, __builtin_return_address(0));
    if (!n) { residue_release(p, __builtin_return_address(0)); return NULL; }
    h = (residue_blk *)p - 1;
    q = residue_alloc(16, n, __builtin_return_address(0));
    if (!q) return NULL;
    memcpy(q, p, h->size < n ? h->size : n);
    residue_release(p, __builtin_return_address(0));
    return q;
}
void *memalign(size_t align, size_t n) { return residue_alloc(align, n, __builtin_return_address(0)); }
void *aligned_alloc(size_t align, size_t n) { return residue_alloc(align, n, __builtin_return_address(0)); }
int posix_memalign(void **out, size_t align, size_t n)
{
    void *p;
    if (align < sizeof(void *) || (align & (align - 1))) return EINVAL;
    p = residue_alloc(align, n, __builtin_return_address(0));
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
void *valloc(size_t n) { return residue_alloc(4096, n, __builtin_return_address(0)); }
void *pvalloc(size_t n) { return residue_alloc(4096, (n + 4095) & ~(size_t)4095, __builtin_return_address(0)); }
void *reallocarray(void *p, size_t a, size_t b)
{
    if (b && a > (size_t)-1 / b) { errno = ENOMEM; return NULL; }
    return realloc(p, a * b);
}
size_t malloc_usable_size(void *p) { return p ? ((residue_blk *)p - 1)->size : 0; }
#endif /* HEAP_RESIDUE_AVAILABLE */

#endif
