# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Unit tests of the Cortex-M4 cycle model: one small assembled sequence per timing rule.

Each test assembles `f: <body>; bx lr` with arm-none-eabi-as, links it at address 0, calls f
in the model with r0-r7 pointing into RAM (whose words all hold a RAM address, so any loaded
register is again a valid pointer), and checks the cycles of the body: the total minus the
3 cycles of the final `bx lr`. Run: python3 -m unittest discover -s bench/cortexm_model
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cortexm4  # noqa: E402
from cortexm4 import Machine, RAM_BASE  # noqa: E402

AS = shutil.which("arm-none-eabi-as")
LD = shutil.which("arm-none-eabi-ld")
RETURN_CYCLES = 1 + cortexm4.P   # bx lr
POINTER = RAM_BASE + 0x100       # the value of every RAM word


def assemble(body, workdir, extra=""):
    src = os.path.join(workdir, "t.s")
    with open(src, "w") as f:
        f.write(".syntax unified\n.thumb\n.text\n.global f\n.thumb_func\n.type f, %function\n"
                f"f:\n{body}\n  bx lr\n.size f, .-f\n{extra}\n")
    obj, elf = os.path.join(workdir, "t.o"), os.path.join(workdir, "t.elf")
    subprocess.run([AS, "-mcpu=cortex-m4", "-mthumb", src, "-o", obj], check=True)
    subprocess.run([LD, "-Ttext=0", "-e", "f", obj, "-o", elf], check=True)
    return elf


@unittest.skipUnless(AS and LD, "arm-none-eabi-as/ld not installed")
class TimingRules(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="kfm_test_")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def run_body(self, body, extra="", r0=None):
        m = Machine(assemble(body, self.dir, extra))
        m.write(RAM_BASE, POINTER.to_bytes(4, "little") * 1024)
        args = [RAM_BASE + 0x40 * k for k in range(4)]
        if r0 is not None:
            args[0] = r0
        return m.call("f", *args, regs={k: RAM_BASE + 0x40 * k for k in range(4, 8)})

    def cycles(self, body, **kw):
        return self.run_body(body, **kw).cycles - RETURN_CYCLES

    # data processing
    def test_alu_one_cycle(self):
        self.assertEqual(self.cycles("eor r0, r1, r2"), 1)
        self.assertEqual(self.cycles("eors r0, r1\n bics r2, r3"), 2)

    def test_shifted_operand_is_free(self):
        self.assertEqual(self.cycles("eor.w r0, r1, r2, ror #3\n bic.w r4, r5, r6, lsl #7"), 2)

    def test_register_specified_shift_is_one_cycle(self):
        self.assertEqual(self.cycles("movs r2, #3\n lsl.w r0, r1, r2\n ror.w r4, r5, r2"), 3)

    def test_multiply(self):
        self.assertEqual(self.cycles("mul r0, r1, r2\n mla r0, r1, r2, r3\n umull r4, r5, r6, r7"), 3)

    # single loads and stores
    def test_single_load(self):
        self.assertEqual(self.cycles("ldr r4, [r1]"), 2)

    def test_two_loads_pipeline(self):
        self.assertEqual(self.cycles("ldr r4, [r1]\n ldr r5, [r2, #4]"), 3)

    def test_five_loads_pipeline(self):
        self.assertEqual(self.cycles("\n".join(f"ldr r{8 + k}, [r{1 + k % 3}, #{4 * k}]" for k in range(5))), 6)

    def test_load_using_loaded_register_is_not_pipelined(self):
        self.assertEqual(self.cycles("ldr r1, [r2]\n ldr r0, [r1]"), 4)
        self.assertEqual(self.cycles("ldrb r4, [r2]\n ldr r0, [r1, r4]"), 4)  # as an index (r4 = 0)

    def test_store(self):
        self.assertEqual(self.cycles("str r4, [r1]"), 1)
        self.assertEqual(self.cycles("str r4, [r1]\n str r5, [r2]"), 2)

    def test_store_after_load_is_free(self):
        self.assertEqual(self.cycles("ldr r4, [r1]\n str r4, [r2]"), 2)
        self.assertEqual(self.cycles("ldr r4, [r1]\n ldr r5, [r2]\n str r4, [r3]\n str r5, [r3, #4]"), 4)

    def test_store_to_loaded_address_is_not_pipelined(self):
        self.assertEqual(self.cycles("ldr r1, [r2]\n str r4, [r1]"), 3)

    def test_load_after_store_costs_one_more(self):
        self.assertEqual(self.cycles("str r4, [r1]\n ldr r5, [r2]"), 4)

    def test_address_written_by_previous_instruction(self):
        self.assertEqual(self.cycles("adds r1, #4\n ldr r4, [r1]"), 4)
        self.assertEqual(self.cycles("adds r1, #4\n str r4, [r1]"), 3)
        self.assertEqual(self.cycles("mov r4, #8\n ldr r5, [r1, r4]"), 4)      # index register
        self.assertEqual(self.cycles("adds r1, #4\n nop\n ldr r4, [r1]"), 4)  # one apart: no stall

    def test_writeback_of_previous_load_is_forwarded(self):
        self.assertEqual(self.cycles("ldr r4, [r1], #4\n ldr r5, [r1]"), 3)

    def test_xor5_grouped_versus_interleaved(self):
        # seed 000 section 3.1.1: grouping the five loads of a parity half lane saves 3 cycles
        interleaved = ("ldr r8, [r0]\n ldr r1, [r0, #40]\n eor r8, r8, r1\n ldr r1, [r0, #80]\n"
                       " eor r8, r8, r1\n ldr r1, [r0, #120]\n eor r8, r8, r1\n ldr r1, [r0, #160]\n"
                       " eor r8, r8, r1")
        grouped = ("ldr r8, [r0]\n ldr r9, [r0, #40]\n ldr r10, [r0, #80]\n ldr r11, [r0, #120]\n"
                   " ldr r12, [r0, #160]\n eor r8, r8, r9\n eor r8, r8, r10\n eor r8, r8, r11\n"
                   " eor r8, r8, r12")
        self.assertEqual(self.cycles(interleaved), 13)
        self.assertEqual(self.cycles(grouped), 10)

    # double and multiple transfers
    def test_ldrd_strd(self):
        self.assertEqual(self.cycles("ldrd r4, r5, [r1]"), 3)
        self.assertEqual(self.cycles("strd r4, r5, [r1]"), 3)
        self.assertEqual(self.cycles("ldrd r4, r5, [r1]\n ldr r6, [r2]"), 5)   # not pipelined

    def test_load_store_multiple(self):
        self.assertEqual(self.cycles("ldm r1, {r4, r5, r6, r7}"), 5)
        self.assertEqual(self.cycles("stmia r1!, {r4, r5}"), 3)
        self.assertEqual(self.cycles("push {r4, r5, r6, r7, lr}\n pop {r4, r5, r6, r7}\n pop {r8}"), 6 + 5 + 2)

    # branches and IT blocks
    def test_taken_branch(self):
        self.assertEqual(self.cycles("b 1f\n nop\n1:"), 3)
        self.assertEqual(self.cycles("cmp r0, r0\n beq 1f\n nop\n1:"), 1 + 3)

    def test_untaken_branch(self):
        self.assertEqual(self.cycles("cmp r0, r0\n bne 1f\n nop\n1:"), 1 + 1 + 1)

    def test_loop(self):
        # 3 iterations: subs 1 + bne (taken 3, 3, untaken 1)
        self.assertEqual(self.cycles("movs r4, #3\n1: subs r4, #1\n bne 1b"), 1 + 3 + 3 + 3 + 1)

    def test_cbz(self):
        self.assertEqual(self.cycles("movs r4, #0\n cbz r4, 1f\n nop\n1:"), 1 + 3)
        self.assertEqual(self.cycles("movs r4, #1\n cbz r4, 1f\n nop\n1:"), 1 + 1 + 1)

    def test_call_and_return(self):
        body = "push {lr}\n bl g\n pop {lr}"
        self.assertEqual(self.cycles(body, extra=".thumb_func\ng:\n  bx lr"), 2 + 3 + 3 + 2)

    def test_pop_pc(self):
        body = "push {r4, lr}\n bl g\n pop {r4, lr}"
        extra = ".thumb_func\ng:\n push {r4, lr}\n pop {r4, pc}"
        self.assertEqual(self.cycles(body, extra=extra), 3 + 3 + 3 + (1 + 2 + 2) + 3)

    def test_it_block(self):
        # ite eq: the "then" instruction runs, the "else" one is skipped but still costs 1
        r = self.run_body("cmp r0, r0\n ite eq\n addeq r4, #1\n addne r5, #1")
        self.assertEqual(r.cycles - RETURN_CYCLES, 4)
        self.assertEqual(r.skipped, 1)
        self.assertEqual(r.instructions, 4)   # cmp, ite, addeq, bx lr: the skipped one is not traced
        self.assertEqual(sum(r.per_addr.values()), r.cycles)
        self.assertEqual(len(r.per_addr), 5)  # the skipped instruction's cycle is its own

    def test_skipped_load_does_not_pipeline(self):
        # the condition-failed load is no load for the next one: 2 + 1 (it) + 1 + 2
        self.assertEqual(self.cycles("ldr r4, [r1]\n cmp r0, r1\n it eq\n ldreq r5, [r2]\n ldr r6, [r3]"),
                         2 + 1 + 1 + 1 + 2)

    def test_model_can_fail(self):
        # a guard against a vacuous harness: different sequences give different counts
        self.assertNotEqual(self.cycles("ldr r4, [r1]\n ldr r5, [r2]"), self.cycles("ldr r4, [r1]\n nop\n ldr r5, [r2]"))

    # what a call reports besides cycles
    def test_stack_depth(self):
        r = self.run_body("push {r4, r5, r6, r7, lr}\n sub sp, #24\n add sp, #24\n pop {r4, r5, r6, r7, lr}")
        self.assertEqual(r.stack_bytes, 20 + 24)

    def test_functions_executed(self):
        r = self.run_body("push {lr}\n bl g\n pop {pc}", extra=".thumb_func\n.type g, %function\ng:\n  bx lr\n.size g, .-g")
        self.assertEqual(sorted(r.functions), ["f", "g"])

    def test_symbol_without_size(self):
        # hand-written assembly without .type/.size: the symbol runs to the next one (or the end)
        r = self.run_body("push {lr}\n bl h\n pop {pc}", extra=".global h\n.thumb_func\nh:\n  nop\n  bx lr")
        self.assertEqual(r.functions["h"].size, 4)
        self.assertEqual(r.functions["f"].size, 10)  # push 2, bl 4, pop 2, bx lr 2

    def test_unnamed_constant_table(self):
        # a table under a local label has no symbol: the unnamed bytes it sits in are counted
        r = self.run_body("adr.w r4, .Ltab\n ldr r5, [r4, #4]", extra=".p2align 2\n.Ltab:\n  .word 1, 2, 3, 4")
        (table,) = r.objects.values()
        self.assertEqual(table.kind, "unnamed")
        self.assertIn(table.size, (16, 18))  # the table, after up to 2 bytes of alignment


if __name__ == "__main__":
    unittest.main()
