/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_leaves_node.c - the batched backends' leaves_node operation (KT's final node beside the
 * leaves, issue 24) against `ref`, for every batched backend the CPU runs that has it.
 *
 * For rates and round counts in and out of KT's use, leaf lengths around blocks and KT's
 * 8 KiB chunk (the loop's whole-lane tail included), node block counts from 0 to more than
 * the leaf loop has room for, and random node states: the leaves' outputs must equal ref's
 * sponge of each input, and the node state must equal ref's state after xoring in each node
 * block and permuting; where asked, instance 0's state before its last block must equal ref's
 * after its whole blocks. A call the backend declines must leave the node state as it was, and
 * avx512-x8 must not decline KT's parameters (rates 168 and 136, 12 rounds) on a CPU with
 * BMI1 and BMI2: KT's fast path would be off without a test failing.
 * With no backend that has leaves_node (another CPU, another architecture) the test says so
 * and passes.
 */
#include "keccak/keccak_backend.h"
#define TEST_RNG_SEED 0x6A09E667F3BCC908ULL
#include "test_util.h"
#include "ref_leaf.h"

#include <stdio.h>
#include <string.h>

#define MAX_N 16
#define MAX_LEN (8192 + 3 * 200)
#define MAX_NODE_BLOCKS 40

typedef struct { _Alignas(KF_STATE_ALIGN) uint8_t b[KF_STATE_BYTES]; } state_t;

/* node (200 bytes, FIPS 202 order) after absorbing blocks whole blocks of in, on ref */
static void ref_node(uint8_t node[KF_STATE_BYTES], size_t rate, unsigned nr, const uint8_t *in, size_t blocks)
{
    state_t st;
    kf_backend_ref.init(st.b);
    kf_backend_ref.overwrite_bytes(st.b, node, 0, KF_STATE_BYTES);
    for (size_t k = 0; k < blocks; k++) {
        kf_backend_ref.add_bytes(st.b, in + k * rate, 0, rate);
        kf_backend_ref.permute(st.b, nr);
    }
    kf_backend_ref.extract_bytes(st.b, node, 0, KF_STATE_BYTES);
}

static int kt_params(size_t rate, unsigned nr) { return nr == 12 && (rate == 168 || rate == 136); }

static void test_backend(const kf_backend_xn *b)
{
    static const size_t rates[] = {168, 136, 72, 144};
    static const unsigned nrs[] = {12, 24, 1};
    static const size_t node_blocks[] = {0, 1, 2, 3, 5, 9, 40};
    static uint8_t msg[MAX_N][MAX_LEN + 16], node_in[MAX_NODE_BLOCKS * 200 + 16];
    const uint32_t bmi = KF_CPU_BMI1 | KF_CPU_BMI2;
    int declined_kt = 0, ran = 0;
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++)
        for (size_t k = 0; k < sizeof nrs / sizeof nrs[0]; k++)
            for (int c = 0; c < 8; c++) {
                size_t rate = rates[r], len;
                unsigned nr = nrs[k];
                switch (c) {
                case 0: len = 8192; break;                                   /* KT's chunk */
                case 1: len = 8192 - 8 * (1 + rnd_below(4)); break;           /* other whole-lane tails */
                case 2: len = 8192 + 1 + rnd_below(rate); break;
                case 3: len = 48 * rate; break;                              /* no tail at all */
                case 4: len = 8 * rate + rnd_below(rate); break;             /* room for one node block */
                case 5: len = 2 * rate + 8 * rnd_below(rate / 8); break;     /* less than the copy's minimum */
                case 6: len = rnd_below(rate); break;                        /* one padded block */
                default: len = 8192 + rate - 8; break;
                }
                size_t nb = node_blocks[(r + k + (size_t)c) % (sizeof node_blocks / sizeof node_blocks[0])];
                uint8_t suffix = (uint8_t)(0x01 + rnd_below(0x7F));
                size_t outlen = 1 + rnd_below(rate);
                const uint8_t *in[MAX_N];
                uint8_t got[MAX_N][200], want[200], *out[MAX_N];
                uint8_t node[KF_STATE_BYTES], before[KF_STATE_BYTES], node_want[KF_STATE_BYTES];
                size_t shift = rnd_below(16); /* unaligned node input too */
                for (unsigned i = 0; i < b->n; i++) {
                    size_t s = rnd_below(16);
                    rnd_bytes(msg[i] + s, len);
                    in[i] = msg[i] + s;
                    out[i] = got[i];
                }
                rnd_bytes(node, sizeof node);
                rnd_bytes(node_in + shift, nb * rate);
                memcpy(before, node, sizeof node);
                memcpy(node_want, node, sizeof node);
                /* every other call also reads instance 0's state before its last block */
                uint8_t first[KF_STATE_BYTES], first_want[KF_STATE_BYTES];
                int want_first = c % 2;
                int took = b->leaves_node(nr, rate, suffix, in, len, out, outlen, node, node_in + shift, nb,
                                          want_first ? first : NULL);
                if (!took) {
                    CHECK(memcmp(node, before, sizeof node) == 0, "%s: declined leaves_node changed the node", b->name);
                    if (kt_params(rate, nr)) declined_kt = 1;
                    continue;
                }
                ran++;
                for (unsigned i = 0; i < b->n; i++) {
                    ref_leaf(rate, nr, suffix, in[i], len, want, outlen);
                    CHECK(memcmp(got[i], want, outlen) == 0,
                          "%s: leaves_node leaf rate=%zu nr=%u len=%zu suffix=%02x outlen=%zu, instance %u", b->name,
                          rate, nr, len, suffix, outlen, i);
                }
                if (want_first) {
                    memset(first_want, 0, sizeof first_want);
                    ref_node(first_want, rate, nr, in[0], len / rate);
                    CHECK(memcmp(first, first_want, sizeof first) == 0, "%s: leaves_node first_state rate=%zu len=%zu",
                          b->name, rate, len);
                }
                ref_node(node_want, rate, nr, node_in + shift, nb);
                CHECK(memcmp(node, node_want, sizeof node) == 0, "%s: leaves_node node rate=%zu nr=%u len=%zu blocks=%zu",
                      b->name, rate, nr, len, nb);
            }
    if (strcmp(b->name, "avx512-x8") == 0 && (kf_cpu_features() & bmi) == bmi)
        CHECK(!declined_kt, "%s: leaves_node declined KT's parameters", b->name);
    printf("%s: leaves_node, %d calls checked\n", b->name, ran);
}

int main(void)
{
    const kf_backend_xn *all[16];
    size_t n = kf_backend_xn_all(all, 16), tested = 0;
    for (size_t i = 0; i < n; i++) {
        if (!all[i]->leaves_node) continue;
        if (!kf_backend_xn_runnable(all[i])) {
            printf("%s: not runnable on this CPU, skipped\n", all[i]->name);
            continue;
        }
        if (all[i]->n > MAX_N) continue;
        test_backend(all[i]);
        tested++;
    }
    if (failures) printf("%d failures\n", failures);
    if (!tested && !failures) {
        /* e.g. an AVX2-only host: the operation exists only on avx512-x8 (issue 41) */
        printf("no runnable batched backend has leaves_node: nothing tested, skipped\n");
        return 77;
    }
    return failures != 0;
}
