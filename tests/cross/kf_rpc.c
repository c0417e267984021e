/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kf_rpc.c - lets the Python tests (tests/python/kf.py, remote mode) call a cross-built
 * libkeccakforge.so that only runs under an emulator (qemu-user).
 *
 * Usage: kf_rpc LIBRARY.so   (normally started by kf.py through the emulator wrapper)
 *
 * The server dlopen()s the library and answers requests on stdin with replies on stdout
 * until stdin ends; its first frame, an empty reply, says the library is loaded. Functions
 * are found by name with dlsym(), so nothing here lists the API. Anything the library (or the
 * C runtime) prints goes to stderr: stdout carries frames only.
 *
 * Protocol. Every message is a frame: u32 payload length, then the payload; all integers are
 * little-endian, addresses and integer arguments are u64. A request's first byte names it:
 *   'L' name                      -> u64 address of the function (0: no such symbol)
 *   'A' u64 size                  -> u64 address of size zeroed bytes, 64-byte aligned
 *   'F' u64 address ...           frees each address; no reply (sent ahead of a request)
 *   'S' u64 address               -> the bytes of the C string there (without the NUL)
 *   'T'                           -> u64 address of the callback trampoline (see below)
 *   'C' u64 function, u8 n, then n arguments, each one of
 *         'i' u64 value           passed as is (the client has already widened 32-bit types
 *                                 the way the target ABI wants them in a register)
 *         'b' u32 len, bytes      input: copied to a temporary buffer, its address passed
 *         'o' u32 len, bytes      in and out: as 'b', and sent back after the call
 *                                 -> u64 return register, then every 'o' buffer in order
 * Every reply payload starts with 'r'; a malformed request makes the server say why on stderr
 * and exit with status 2. During a call the server may instead send a callback frame,
 *   'c' u64 arg, u64 len          the trampoline was called as int fn(void *arg, uint8_t *out,
 *                                 size_t len) (the shape of kf_mlkem_rng_fn)
 * and waits for the client's answer frame, i32 status followed by exactly len bytes for out.
 *
 * The call passes up to KF_RPC_MAX_ARGS 64-bit integer arguments to a function of any
 * integer/pointer signature: in the LP64 calling conventions of AArch64 and RISC-V every such
 * argument takes one register or one 8-byte stack slot, and surplus arguments are ignored by
 * the callee, so one function-pointer type with the maximum count calls them all.
 */
#define _POSIX_C_SOURCE 200809L   /* posix_memalign, dup2, ssize_t */

#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KF_RPC_MAX_ARGS 12          /* kf_slhdsa_hash_sign takes 11 */
#define KF_RPC_MAX_FRAME (1u << 30) /* sanity bound on one request */

typedef uint64_t (*any_fn)(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                           uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t);

static int proto_out = -1;   /* the original stdout; fd 1 is redirected to stderr */

/* ---- I/O ---------------------------------------------------------------------------- */
static void die(const char *what)
{
    fprintf(stderr, "kf_rpc: %s\n", what);
    exit(2);
}

static void write_all(const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t w = write(proto_out, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) die("write to the client failed");
        p += w;
        n -= (size_t)w;
    }
}

/* Reads exactly n bytes; returns 0 at a clean end of input before the first byte. */
static int read_all(uint8_t *p, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(0, p + got, n - got);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) die("read from the client failed");
        if (r == 0) {
            if (got == 0) return 0;
            die("the client closed the pipe in the middle of a frame");
        }
        got += (size_t)r;
    }
    return 1;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t get64(const uint8_t *p)
{
    return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* Reads one frame into a malloc'ed buffer; NULL at the end of input. */
static uint8_t *read_frame(uint32_t *len)
{
    uint8_t hdr[4];
    if (!read_all(hdr, 4)) return NULL;
    *len = get32(hdr);
    if (*len == 0 || *len > KF_RPC_MAX_FRAME) die("bad frame length");
    uint8_t *buf = malloc(*len);
    if (!buf) die("out of memory");
    if (!read_all(buf, *len)) die("the client closed the pipe in the middle of a frame");
    return buf;
}

/* A reply under construction: 'r', then pieces appended. */
struct reply {
    uint8_t *buf;
    size_t len, cap;
};

static void reply_add(struct reply *r, const void *p, size_t n)
{
    if (r->len + n > r->cap) {
        size_t cap = r->cap ? r->cap : 64;
        while (cap < r->len + n) cap *= 2;
        r->buf = realloc(r->buf, cap);
        if (!r->buf) die("out of memory");
        r->cap = cap;
    }
    memcpy(r->buf + r->len, p, n);
    r->len += n;
}

static void reply_add64(struct reply *r, uint64_t v)
{
    uint8_t b[8];
    put64(b, v);
    reply_add(r, b, 8);
}

/* Sends the reply as one frame (length prefix in the 4 bytes reserved at its start). */
static void reply_send(struct reply *r)
{
    uint32_t n = (uint32_t)(r->len - 4);
    for (int i = 0; i < 4; i++) r->buf[i] = (uint8_t)(n >> (8 * i));
    write_all(r->buf, r->len);
}

static void reply_start(struct reply *r, char kind)
{
    static const uint8_t space[4];
    r->len = 0;
    reply_add(r, space, 4);
    reply_add(r, &kind, 1);
}

/* ---- the callback trampoline ------------------------------------------------------- */
/* Passed to the library in place of a Python callback: forwards the call to the client. */
static int trampoline(void *arg, uint8_t *out, size_t len)
{
    struct reply r = {0};
    reply_start(&r, 'c');
    reply_add64(&r, (uint64_t)(uintptr_t)arg);
    reply_add64(&r, len);
    reply_send(&r);
    free(r.buf);
    uint32_t n;
    uint8_t *answer = read_frame(&n);
    if (!answer || n != 4 + len) die("bad answer to a callback");
    int status = (int32_t)get32(answer);
    memcpy(out, answer + 4, len);
    free(answer);
    return status;
}

/* ---- requests ---------------------------------------------------------------------- */
/* A cursor over a request payload; every take checks the bounds. */
struct cursor {
    const uint8_t *p;
    size_t left;
};

static const uint8_t *take(struct cursor *c, size_t n)
{
    if (n > c->left) die("truncated request");
    const uint8_t *p = c->p;
    c->p += n;
    c->left -= n;
    return p;
}

static void do_call(struct cursor *c, struct reply *r)
{
    any_fn fn = (any_fn)(uintptr_t)get64(take(c, 8));
    unsigned nargs = *take(c, 1);
    if (nargs > KF_RPC_MAX_ARGS) die("too many arguments");
    uint64_t a[KF_RPC_MAX_ARGS] = {0};
    uint8_t *bufs[KF_RPC_MAX_ARGS] = {0};
    uint32_t lens[KF_RPC_MAX_ARGS] = {0};
    char kinds[KF_RPC_MAX_ARGS] = {0};
    for (unsigned i = 0; i < nargs; i++) {
        kinds[i] = (char)*take(c, 1);
        if (kinds[i] == 'i') {
            a[i] = get64(take(c, 8));
        } else if (kinds[i] == 'b' || kinds[i] == 'o') {
            lens[i] = get32(take(c, 4));
            /* malloc(0) may return NULL; the library must see a valid pointer */
            bufs[i] = malloc(lens[i] ? lens[i] : 1);
            if (!bufs[i]) die("out of memory");
            memcpy(bufs[i], take(c, lens[i]), lens[i]);
            a[i] = (uint64_t)(uintptr_t)bufs[i];
        } else {
            die("unknown argument kind");
        }
    }
    uint64_t ret = fn(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11]);
    reply_add64(r, ret);
    for (unsigned i = 0; i < nargs; i++) {
        if (kinds[i] == 'o') reply_add(r, bufs[i], lens[i]);
        free(bufs[i]);
    }
}

/* Handles one request; returns 0 if it has no reply ('F'). */
static int handle(struct cursor *c, struct reply *r, void *lib)
{
    char op = (char)*take(c, 1);
    switch (op) {
    case 'L': {
        char name[256];
        size_t n = c->left;
        if (n >= sizeof name) die("symbol name too long");
        memcpy(name, take(c, n), n);
        name[n] = 0;
        reply_add64(r, (uint64_t)(uintptr_t)dlsym(lib, name));
        return 1;
    }
    case 'A': {
        uint64_t size = get64(take(c, 8));
        void *p = NULL;
        if (size > KF_RPC_MAX_FRAME || posix_memalign(&p, 64, size ? size : 1)) die("allocation failed");
        memset(p, 0, size);
        reply_add64(r, (uint64_t)(uintptr_t)p);
        return 1;
    }
    case 'F':
        while (c->left) free((void *)(uintptr_t)get64(take(c, 8)));
        return 0;
    case 'S': {
        const char *s = (const char *)(uintptr_t)get64(take(c, 8));
        reply_add(r, s, strlen(s));
        return 1;
    }
    case 'T':
        reply_add64(r, (uint64_t)(uintptr_t)trampoline);
        return 1;
    case 'C':
        do_call(c, r);
        return 1;
    default:
        die("unknown request");
        return 0;
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: kf_rpc LIBRARY.so\n");
        return 2;
    }
    /* frames go to the original stdout; a stray printf in the library lands on stderr */
    proto_out = dup(1);
    if (proto_out < 0 || dup2(2, 1) < 0) die("cannot set up stdout");
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "kf_rpc: %s\n", dlerror());
        return 2;
    }
    struct reply r = {0};
    reply_start(&r, 'r');   /* hello: the client waits for it before its first request */
    reply_send(&r);
    uint32_t len;
    uint8_t *req;
    while ((req = read_frame(&len)) != NULL) {
        struct cursor c = {req, len};
        reply_start(&r, 'r');
        if (handle(&c, &r, lib)) {
            if (c.left) die("request longer than its contents");
            reply_send(&r);
        }
        free(req);
    }
    free(r.buf);
    return 0;   /* end of input: the client is done */
}
