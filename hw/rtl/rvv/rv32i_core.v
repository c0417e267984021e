// SPDX-License-Identifier: Apache-2.0 OR MIT
// rv32i_core - a small in-order RV32I core (the project's own) that hands the vector
// instructions of seed 003's programs to rvv_unit (hw/rtl/rvv/README.md, "The scalar core").
//
// Four stages (session 65; three before): fetch (a synchronous instruction memory: the word at
// imem_addr arrives on imem_rdata in the next cycle), the fetched word registered (q_ir, q_pc:
// nothing decodes the block RAM's output, whose clock-to-out is most of a 100 MHz clock on
// ECP5), register read (the word, its pc, pc + 4, x[rs1] and x[rs2], a few decoded bits and
// the forward flags into registers; the static branch prediction) and execute (decode, ALU,
// branch comparison, memory address, write-back). An instruction that uses the result of the
// one before it takes it at execute's inputs: stage 2 registers "rs1 / rs2 is the rd of the
// instruction in execute" (e_f1 / e_f2) and execute registers its result (e_res) as it
// retires, so the path is flag -> operand mux -> ALU and such an instruction (after a load
// too) still retires in the next cycle (no stall). Stage 2 also decodes what the ALU and the
// result mux need (OP / OP-IMM, load, SUB, the ALU's second operand: x[rs2] or imm_i) into
// registers beside the word. A vsetvli's write (the unit's last cycle) reaches the word
// waiting in execute as a forward (e_res and the flags). Stage 2 predicts JAL and a backward
// branch (offset negative) taken as its word moves on: their target (from the registered
// word: q_pc + the offset) goes on imem_addr and the memory's word behind them is dropped; a
// forward branch is predicted not taken. Execute redirects the fetch for a JALR and for a
// mispredicted branch (to e_alt, the other way, registered in stage 2) and drops the words
// behind it, the redirect registered (r_mis / r_tgt: the fetch goes there in the next cycle,
// so the comparison's path ends at flip-flops, not at the block RAM's address); otherwise the fetch address is d_pc + 4 when the memory's word moves to q_ir,
// else d_pc again. The register file is written a cycle after the write from registers (wb_*,
// session 63): stage 2 takes that pending write instead of the register file's word (a
// forward, no stall), so no cost changes.
//
// Timing (cycles from one instruction's retirement to the next one's, unit idle), the
// scalar costs of bench/rvv_ise_model/rvv_ise.py (CORE_*_CYCLES):
//   ALU, LUI, AUIPC, store, FENCE, a forward branch not taken: 1
//   a backward branch taken, JAL: 2 (predicted in stage 2: the word behind it is dropped)
//   a backward branch not taken, a forward branch taken, JALR: 4 (execute's redirect,
//     registered; with three stages a branch not taken cost 1, taken 2, JALR 2)
//   shift (SLL / SRL / SRA and the immediate forms): 2 (session 66: its result registered in
//     its first cycle, sh_q, and written in its second; 1 before)
//   load: 3 (the data memory is synchronous too; its word is registered in the load's second
//     cycle, ld_q, and its data written and registered in its third, the next word takes it
//     like an ALU result; 2 before session 66)
//   vector instruction: handed over in its execute cycle when the unit is idle (in_ready),
//     then the unit's cost (1 + T, rvv_unit.v) before the next instruction can retire.
// (The first instruction retires two cycles later after reset than with two stages.)
// In-order and serial: no instruction, scalar or vector, leaves execute while the unit is busy.
// So the scalar loop control does not overlap vector work; every instruction's cost simply
// adds, which is the model's rule (and the seed's cycle counts, whose 32-bit program counts
// one scalar addi inside the round as a cycle of its own).
//
// The vector instructions: OP-V (0x57: vsetvli and the arithmetic), LOAD-FP / STORE-FP
// (0x07 / 0x27: vle / vse) and custom-2 (0x5B: seed 003's instructions). The unit gets the
// word and x[bits 19:15]; vsetvli's new vl comes back on v_rd_* in the unit's last cycle and
// is written to x[rd] then. An instruction neither the core nor the unit implements stops the
// core with `trap` (trap_pc = its pc); ECALL and EBREAK stop it with `halted` alone.
// Misaligned loads, stores and jump targets trap as well (no exceptions are taken: the core
// has no CSRs); a taken branch to a misaligned target retires and stops the core in the next
// cycle, before its target's word runs (trap_pc its pc). trap_pc follows the word execute
// acts on while the core runs (it holds the stopping word's pc when it stops).
//
// Trace (registered, for the lock-step tests): tr_valid is high in the cycle after an
// instruction retires (leaves execute), with its pc, word and the cycle number it retired
// in; tr_wb* report every scalar register write (an instruction's, or vsetvli's from the unit).
`default_nettype none
module rv32i_core #(
    // the data memory's read width: 32, or 64 (rvv_soc with ELEN 64: the word read is the
    // memory's 64-bit row, and the load's selects registered in its first cycle pick the byte
    // lanes of the addressed half too: the half's pick is not a LUT level of its own after
    // the block RAM's output)
    parameter integer DW = 32
) (
    input  wire        clk,
    input  wire        rst,
    output wire [31:0] imem_addr,
    input  wire [31:0] imem_rdata,
    output wire        dmem_valid,
    output wire        dmem_we,
    output wire [3:0]  dmem_be,
    output wire [31:0] dmem_addr,
    output wire [31:0] dmem_wdata,
    input  wire [DW-1:0] dmem_rdata,
    output wire        v_valid,
    input  wire        v_ready,
    output wire [31:0] v_insn,
    output wire [31:0] v_rs1,
    output wire        v_pre_ld,    // v_insn takes v_pre_insn at this edge (the unit's predecode)
    output wire [31:0] v_pre_insn,
    input  wire        v_done,
    input  wire        v_illegal,
    input  wire        v_rd_we,
    input  wire [4:0]  v_rd,
    input  wire [31:0] v_rd_val,
    output reg         halted,
    output reg         trap,
    output reg  [31:0] trap_pc,
    output reg  [31:0] cycle,
    output reg         tr_valid,
    output reg  [31:0] tr_pc,
    output reg  [31:0] tr_insn,
    output reg  [31:0] tr_cycle,
    output reg         tr_wb,
    output reg  [4:0]  tr_wb_rd,
    output reg  [31:0] tr_wb_val
);
    localparam [6:0] OP_LUI = 7'b0110111, OP_AUIPC = 7'b0010111, OP_JAL = 7'b1101111,
                     OP_JALR = 7'b1100111, OP_BRANCH = 7'b1100011, OP_LOAD = 7'b0000011,
                     OP_STORE = 7'b0100011, OP_IMM = 7'b0010011, OP_REG = 7'b0110011,
                     OP_FENCE = 7'b0001111, OP_SYSTEM = 7'b1110011, OP_V = 7'b1010111,
                     OP_LOADFP = 7'b0000111, OP_STOREFP = 7'b0100111, OP_CUSTOM2 = 7'b1011011;

    // ---- fetch: d_pc is the address of the word on imem_rdata (valid after the first cycle) ----
    reg [31:0] d_pc;
    reg        d_valid;
    // ---- the fetched word's register (session 65): the word, its pc; stage 2 acts on these ----
    reg [31:0] q_ir, q_pc;
    reg        q_valid;
    reg        r_mis;           // execute redirected the fetch in the cycle before: r_tgt is the next pc
    reg [31:0] r_tgt;
    // ---- execute's registers: the word, its pc and what decode + register read made of it ----
    reg        e_valid;
    reg [31:0] e_pc, e_ir;
    reg [31:0] e_a, e_b;        // x[rs1], x[rs2] as read in stage 2 (vsetvli's write: e_res, the flags)
    reg        e_f1, e_f2;      // rs1 / rs2 is the rd of the instruction before (it retired as this
                                // word moved on): take e_res instead of e_a / e_b
    reg [31:0] e_res;           // that instruction's result (its write-back value)
    // decoded in stage 2 (from the word that e_ir holds), so that execute's ALU and result
    // paths start at a register rather than at the opcode's decode
    // (OP and OP-IMM differ in bit 5 alone: ir[5] / dw[5] tells them apart where the ALU acts)
    reg        e_isalu, e_isld, e_sub;
    reg        e_fb;            // the ALU's second operand is x[rs2] and rs2 is that rd (e_f2, OP, branch)
    reg        e_cu;            // the comparison is unsigned (a branch's f3[1], SLT / SLTU's f3[0])
    reg [31:0] e_bop;           // the ALU's second operand as read in stage 2: x[rs2] (OP, branch) or imm_i
    reg [31:0] e_pc4;           // pc + 4 (the link of JAL / JALR)
    reg        e_pt;            // a branch predicted taken in stage 2 (backward: its offset negative)
    reg [31:0] e_alt;           // a branch's other way: pc + 4 if predicted taken, else pc + imm_b
    reg        e_lui, e_auipc, e_link;  // LUI, AUIPC, JAL or JALR (decoded in stage 2 for wv_oth)
    reg        e_issh;          // a shift (OP / OP-IMM, f3 001 or 101; decoded in stage 2)
    reg        e_isvec;         // a vector word (is_vec of the word, decoded in stage 2)
    // session 67: the data memory's operands decoded in stage 2, so that its address, byte
    // lanes and write enable start at flip-flops (not at e_ir's opcode)
    reg [31:0] e_imm;           // a load's or store's offset: imm_s for a store, else imm_i
    reg        e_isst;          // a store (opc == OP_STORE)
    reg [3:0]  e_ldm, e_stm;    // bit v: a load / a store (0 for any other word) whose f3 is legal
                                // and whose address is aligned when x1v[1:0] == v (ld_ok / st_ok
                                // as a table of x1v's two low bits, off the offset's add)
    reg        e_one;           // done in its first cycle when it runs: a vector word, or neither a
                                // load nor a shift (go's decode, in stage 2: session 66, the fetch
                                // address's path from execute's word through go, take and load)
    reg        sh_wait;         // a shift's second cycle (session 66): its result in sh_q
    reg [31:0] sh_q;            // a shift's result, registered in its first cycle (0 in every other)
    reg        ld_w1;           // a load's second cycle: its data is on dmem_rdata (registered: ld_q)
    reg        ld_wait;         // a load's third cycle (session 66): its data in ld_q, the selects set
    reg [DW-1:0] ld_q;          // the data memory's word, registered (nothing decodes the block RAM's output)
    reg        br_mq;           // a taken branch to a misaligned target retired in the cycle before
    localparam integer NBY = DW / 8;                // byte lanes of dmem_rdata
    localparam integer LA  = (DW == 64) ? 3 : 2;    // their index's width
    reg [NBY-1:0]   lq_b, lq_sm, lq_s;  // the load's data selects (registered in its first cycle: its
    reg [NBY/2-1:0] lq_h;               // operands do not change until it retires; all 0 in every
    reg [NBY/4-1:0] lq_w;               // other cycle; see ld_val)
    (* keep *) reg [NBY-1:0] lq_s2;     // lq_s's copy: one load sign per upper byte (see ld_sgh)
    reg        rst_q;               // rst in the cycle before (x0 written 0 then as well: see xwd)
    reg [31:0] v_pc;            // the last vector instruction handed over (for trap_pc)
    reg        v_q;             // e_valid && e_isvec, registered a cycle ahead (session 67: v_valid)
    reg [31:0] xr [0:31];

    // ---- register read (stage 2) on the fetched word, registered (q_ir) ----
    wire [31:0] dw    = q_ir;
    wire [4:0]  d_rs1 = dw[19:15];
    wire [4:0]  d_rs2 = dw[24:20];
    wire        d_isreg = dw[5];    // OP rather than OP-IMM (what it decodes matters for these two only;
                                    // a branch has it set too: e_bop, e_fb as for OP)

    // ---- execute (stage 3) on the registered word ----
    wire [31:0] ir   = e_ir;
    wire [31:0] pc   = e_pc;
    wire [6:0]  opc  = ir[6:0];
    wire [4:0]  rd   = ir[11:7];
    wire [2:0]  f3   = ir[14:12];
    wire [4:0]  rs1  = ir[19:15];
    wire [4:0]  rs2  = ir[24:20];
    wire        f7b5 = ir[30];
    wire [31:0] x1v  = e_f1 ? e_res : e_a;
    wire [31:0] x2v  = e_f2 ? e_res : e_b;
    wire [31:0] imm_i = {{20{ir[31]}}, ir[31:20]};
    wire [31:0] imm_u = {ir[31:12], 12'd0};

    wire is_vec = e_isvec;      // opc == OP_V || opc == OP_LOADFP || opc == OP_STOREFP || opc == OP_CUSTOM2
    wire is_sys = opc == OP_SYSTEM && ir[31:21] == 11'd0 && ir[19:7] == 13'd0;  // ECALL / EBREAK

    // ALU (OP and OP-IMM; SUB and SRA by bit 30, which OP-IMM has only for the shifts)
    wire        is_reg = ir[5];                           // opc == OP_REG, where is_alu
    wire [31:0] b_op   = e_fb ? e_res : e_bop;            // is_reg ? x2v : imm_i
    wire [4:0]  shamt  = b_op[4:0];
    // the ALU's result in three parts, each ANDed with its select in the write data's last
    // LUTs (xwd): ADD / SUB (alu_as: the adder's chain, kept apart from f3's mux), the
    // other operations (alu_x: 0 for ADD / SUB and SLT / SLTU) and SLT / SLTU's bit 0
    // (alu_lt: the comparison's carry chain; kept, else ABC folds it into the mux)
    // (session 66: one carry chain, x1v + (b_op ^ e_sub) + e_sub, the carry-in as a 33rd bit
    // below the sum, so the second operand's forward mux and SUB's inversion are one LUT4 before
    // the chain (b_x, kept) and nothing follows the chain but the write data's last LUT; yosys
    // had made an adder and a subtractor with a mux after them and the forward mux two LUTs)
    (* keep *) wire [31:0] b_x = (e_fb ? e_res : e_bop) ^ {32{e_sub}};
    /* verilator lint_off UNUSEDSIGNAL */
    wire [32:0] as_w = {x1v, 1'b1} + {b_x, e_sub};                 // (bit 0: the carry-in's, unused)
    /* verilator lint_on UNUSEDSIGNAL */
    (* keep *) wire [31:0] alu_as = as_w[32:1];                     // e_sub ? x1v - b_op : x1v + b_op
    reg  [31:0] alu_x;
    always @* begin
        case (f3)
            3'b100: alu_x = x1v ^ b_op;
            3'b110: alu_x = x1v | b_op;
            3'b111: alu_x = x1v & b_op;
            default: alu_x = 32'd0;                       // ADD / SUB: alu_as; SLT / SLTU: alu_lt;
        endcase                                           // the shifts: sh_q
    end
    // the shifts (session 66): two cycles, the result registered in the first (sh_q) and ORed
    // into the write data in the second (sh_q is 0 in every other cycle), so the shifter's
    // five mux levels are off execute's loop e_res -> operand mux -> result -> e_res
    wire [31:0] sh_r = f3[2] ? (f7b5 ? $unsigned($signed(x1v) >>> shamt) : x1v >> shamt) : x1v << shamt;
    // SLT / SLTU's bit 0: the comparators below (on registers, no operand mux before them)
    wire alu_ok = is_reg ? (ir[31:25] == 7'd0 || (ir[31:25] == 7'b0100000 && (f3 == 3'b000 || f3 == 3'b101)))
                         : (f3 == 3'b001 ? ir[31:25] == 7'd0
                            : f3 == 3'b101 ? (ir[31:25] == 7'd0 || ir[31:25] == 7'b0100000) : 1'b1);

    // the comparisons (a branch's, SLT / SLTU's), on registers: the three pairs execute's
    // operands can be (as read in stage 2, rs1 forwarded, the second forwarded) compared side
    // by side, and the flags pick one after the comparisons (both forwarded: rs1 == rs2,
    // equal). The second operand is e_bop: x[rs2] for a branch (bit 5 set, as OP) and OP,
    // imm_i for OP-IMM (e_fb 0); e_cu (decoded in stage 2) unsigned: a branch's f3 bit 1,
    // SLT / SLTU's bit 0. A branch's f3: bit 2 less-than (else equal), bit 0 negated (010,
    // 011 are refused below)
    function lt_of(input [31:0] a, input [31:0] b, input u);
        lt_of = $signed({!u & a[31], a}) < $signed({!u & b[31], b});
    endfunction
    wire lt_ab = lt_of(e_a, e_bop, e_cu), lt_rb = lt_of(e_res, e_bop, e_cu), lt_ar = lt_of(e_a, e_res, e_cu);
    wire br_ab = f3[0] ^ (f3[2] ? lt_ab : e_a == e_bop), br_rb = f3[0] ^ (f3[2] ? lt_rb : e_res == e_bop),
         br_ar = f3[0] ^ (f3[2] ? lt_ar : e_a == e_res);
    wire br    = e_f1 ? (e_fb ? f3[0] ^ !f3[2] : br_rb) : (e_fb ? br_ar : br_ab);  // x1v vs x2v
    (* keep *) wire alu_lt = e_f1 ? !e_fb && lt_rb : (e_fb ? lt_ar : lt_ab);      // x1v < b_op

    // memory: byte address, lanes of the 32-bit word
    // (two adders, on e_a and on e_res, e_f1 picking the sum: the operand mux off the address)
    // (session 67: the offset chosen in stage 2, e_imm: imm_s for a store, else imm_i)
    wire [31:0] imm_m = e_imm;                      // (opc == OP_STORE) ? imm_s : imm_i
    wire [31:0] maddr_a = e_a + imm_m, maddr_r = e_res + imm_m;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] maddr_c = e_f1 ? maddr_r : maddr_a; // x1v + imm_m (bits 2:0: ma3)
    /* verilator lint_on UNUSEDSIGNAL */
    // (the low three bits added alone, off the 32-bit adders' carry chains: the byte lanes and
    // the 64-bit row's half, which the data memory's write enables take, and the alignment)
    wire [2:0]  ma3     = x1v[2:0] + e_imm[2:0];    // maddr[2:0]
    wire [1:0]  ma_lo   = ma3[1:0];
    wire [31:0] maddr   = {maddr_c[31:3], ma3};
    // ld_ok / st_ok: the legal f3 and the alignment as a table of x1v[1:0] (e_ldm, e_stm, made
    // in stage 2 from the word's f3 and offset; 0 unless a load / a store)
    wire        ld_ok   = e_ldm[x1v[1:0]];
    wire        st_ok   = e_stm[x1v[1:0]];
    wire [3:0]  st_be = (f3[1:0] == 2'b00) ? (4'b0001 << maddr[1:0])
                      : (f3[1:0] == 2'b01) ? (maddr[1] ? 4'b1100 : 4'b0011) : 4'b1111;
    wire [31:0] st_data = (f3[1:0] == 2'b00) ? {4{x2v[7:0]}} : (f3[1:0] == 2'b01) ? {2{x2v[15:0]}} : x2v;
    // a load's data from the word its second cycle reads (registered: ld_q), two LUTs deep (the data memory's
    // clock-to-out is 5.6 ns of a 10 ns clock on ECP5): one-hot selects registered in its
    // first cycle (its operands do not change until it retires) and 0 in every other cycle,
    // so ld_val is 0 there and the write data ORs it in (xwd). Each bit is an OR of
    // select-and-bit pairs. lq_b: the byte of bits 7:0; lq_h[i]: bits 15:8 from byte 2 i + 1
    // (LH/LHU/LW); lq_sm: LB's sign byte for bits 15:8; lq_w[i]: bits 31:16 from the memory's
    // 32-bit half i (LW); lq_s: the sign byte for bits 31:16 (LB, LH; none for LBU / LHU / LW).
    // (DW 64: one-hot over the row's eight bytes, address bit 2 in the selects)
    // (the load's data and the write data's last LUTs: rv32i_core_wd below, its own level of
    // hierarchy, so that Yosys' ABC maps them apart and keeps the memory's bits shallow)

    // what the instruction in execute does
    // (JALR's target as the address: two adders, e_f1 picking the sum after them)
    wire [31:0] jalr_a = e_a + imm_i, jalr_r = e_res + imm_i;
    wire [31:0] jalr_t = (e_f1 ? jalr_r : jalr_a) & ~32'd1;   // (x1v + imm_i) & ~1
    wire        jl_mis = x1v[1] ^ imm_i[1] ^ (x1v[0] & imm_i[0]);  // jalr_t[1] (the sum's bit 1)
    wire        is_jal = opc == OP_JAL, is_jalr = opc == OP_JALR, is_br = opc == OP_BRANCH;
    wire        is_ld  = e_isld;                          // opc == OP_LOAD
    wire        is_alu = e_isalu;                         // opc == OP_IMM || opc == OP_REG
    // writes rd when it retires (the forwarding's view: legality left out, a refused word stops
    // the core and nothing after it retires)
    wire        e_wr   = is_alu || is_ld || is_jal || is_jalr || opc == OP_LUI || opc == OP_AUIPC;
    // (bit 1 of a branch's and JAL's target, pc + imm_b / imm_j, for the alignment checks: the
    // offsets are even and so is pc, so it is pc[1] ^ the offset's bit 1, ir[8] / ir[21]; the
    // targets themselves come from stage 2: q_bt, q_jt, e_alt)
    wire        br_t1  = pc[1] ^ ir[8], jal_t1 = pc[1] ^ ir[21];
    // a mispredicted branch's or JALR's next pc (JAL is always taken in stage 2)
    wire [31:0] target = is_jalr ? jalr_t : e_alt;
    // the result of a word that is neither an ALU word nor a load (0 for those: the ALU's
    // parts and the load's data are ORed in last, xwd)
    // (its selects decoded in stage 2, one-hot: AUIPC's sum passes one AND-OR)
    wire [31:0] wv_oth = (imm_u & {32{e_lui}}) | ((pc + imm_u) & {32{e_auipc}}) | (e_pc4 & {32{e_link}});
    reg         legal;
    always @* begin
        case (opc)
            OP_LUI, OP_AUIPC: legal = 1'b1;
            OP_JAL:    legal = !jal_t1;
            OP_JALR:   legal = f3 == 3'b000 && !jl_mis;
            OP_BRANCH: legal = f3[2:1] != 2'b01;   // taken to a misaligned target: br_mis
            OP_LOAD:   legal = ld_ok;
            OP_STORE:  legal = st_ok;
            OP_IMM, OP_REG: legal = alu_ok;
            OP_FENCE:  legal = f3 == 3'b000;
            default:   legal = 1'b0;
        endcase
    end

    // (r_mis: the words that moved on behind a redirect, into execute and stage 2, are dropped
    // in the cycle after it, session 66: redir drives r_mis alone, not e_valid's / q_valid's
    // clear, which was the comparison's longest path)
    wire run    = e_valid && !r_mis && !halted && v_ready;  // the unit is idle: execute may act
    wire go     = run && (e_one || ld_wait || sh_wait);  // execute is done with
                                                        // its word (retires or stops)
    wire ld0    = !ld_w1 && !ld_wait;                   // a load's first cycle (when is_ld)
    wire adv    = go && (is_vec || (legal && !is_sys));
    wire stop   = run && !is_vec && (is_sys || !legal);
    // execute redirects the fetch for a JALR and a mispredicted branch (stage 2 predicted a
    // backward branch and JAL taken, a forward branch not taken); a refused one stops: no matter
    wire redir  = run && (is_jalr || (is_br && (br ^ e_pt)));
    // adv && e_wr && rd != 0, with legal narrowed to the instructions that write (a branch's
    // comparison is not on the register file's write enable): a load is legal in its third
    // cycle (else it stopped in its first), an ALU word if alu_ok, a jump if its target is aligned
    wire wr_ok  = is_ld || (is_alu && alu_ok) || (is_jal && !jal_t1) || (is_jalr && f3 == 3'b000 && !jl_mis)
                || opc == OP_LUI || opc == OP_AUIPC;
    wire do_wb  = go && e_wr && rd != 5'd0 && wr_ok;
    // vsetvli's rd write: the unit raises done_rd_we for a legal vsetvli with rd != x0 alone
    // (rvv_unit's q_rdwe: never with done_illegal, never for x0), so v_wb is done && rd_we, one
    // LUT of the unit's flip-flops (session 69; until then also v_rd != 0 && !v_illegal: at
    // 50ac7a0 the processor's seed-3 worst path ran from the unit's kind k through done_rd_we,
    // v_wb and xwo into xwd, 10.83 ns)
    wire v_wb   = v_done && v_rd_we;
    // a taken branch to a misaligned target retires (legal above: the comparison stays off
    // stop) and stops the core in the next cycle (br_mq), before its target's word runs: in
    // that cycle execute holds nothing (the branch dropped the word behind it) and trap_pc
    // still holds the branch's pc
    wire br_mis = run && is_br && br && br_t1;
    wire take   = q_valid && !r_mis && (!e_valid || go);  // stage 2's word moves to execute
    // stage 2's static prediction (session 65), when its word moves on: JAL and a backward
    // branch taken (their target from the registered word), so such a taken branch costs 2
    // cycles as with three stages; the word on imem_rdata behind it is dropped
    wire q_isbr = dw[6:0] == OP_BRANCH, q_isjal = dw[6:0] == OP_JAL;
    wire q_isvec = dw[6:0] == OP_V || dw[6:0] == OP_LOADFP || dw[6:0] == OP_STOREFP || dw[6:0] == OP_CUSTOM2;
    wire q_issh  = (dw[6:0] == OP_IMM || dw[6:0] == OP_REG) && dw[13:12] == 2'b01;  // a shift
    wire q_bk   = q_isbr && dw[31];
    // the data memory's decode (session 67): a store, and the alignment tables e_ldm / e_stm
    // (bit v: legal f3 and aligned when x1v[1:0] == v; the offset's low bits: imm_s's or imm_i's)
    wire q_isst = dw[6:0] == OP_STORE, q_isld = dw[6:0] == OP_LOAD;
    wire [1:0] q_il = q_isst ? dw[8:7] : dw[21:20];
    wire q_ldf = dw[14:12] == 3'b000 || dw[14:12] == 3'b001 || dw[14:12] == 3'b010
              || dw[14:12] == 3'b100 || dw[14:12] == 3'b101;
    wire q_stf = dw[14:12] == 3'b000 || dw[14:12] == 3'b001 || dw[14:12] == 3'b010;
    reg [3:0] q_al;             // bit v: aligned for f3 when x1v[1:0] == v
    reg [1:0] q_s;
    integer qv;
    always @* begin
        for (qv = 0; qv < 4; qv = qv + 1) begin
            q_s = qv[1:0] + q_il;
            q_al[qv] = !((dw[13:12] == 2'b10 && q_s != 2'b00) || (dw[13:12] == 2'b01 && q_s[0]));
        end
    end
    wire [3:0] q_ldm = q_al & {4{q_isld && q_ldf}}, q_stm = q_al & {4{q_isst && q_stf}};
    wire [31:0] q_bt  = q_pc + {{19{dw[31]}}, dw[31], dw[7], dw[30:25], dw[11:8], 1'b0};
    wire [31:0] q_jt  = q_pc + {{11{dw[31]}}, dw[31], dw[19:12], dw[20], dw[30:21], 1'b0};
    wire [31:0] q_pc4 = q_pc + 32'd4;
    wire pred   = take && (q_isjal || q_bk);
    wire load   = d_valid && !r_mis && (!q_valid || take);  // the word on imem_rdata moves to q_ir

    // (execute's redirect registered, r_mis / r_tgt: the comparison and JALR's adder end at
    // flip-flops, not at the block RAM's address; the fetch goes there a cycle later, and the
    // word read in the redirect's cycle is dropped)
    // (session 69: the unit's ready, the core's stall, reaches the address through run, go,
    // take and then pred and load alone, so these two are made for either value, marked `keep`,
    // and v_ready picks: busy_c -> pred / load -> the address's select. At 50ac7a0 the
    // processor's seed-2 worst path ran from the unit's busy_c through seven LUTs of run, go,
    // take, load and this select into the program memory's address, 10.94 ns. In the processor's
    // netlist ABC still merges pred_r / load_r with take (equal functions), so the select holds
    // in the core alone only; hw/HISTORY.md, session 69: next, a keep_hierarchy module.)
    wire go_r   = e_valid && !r_mis && !halted && (e_one || ld_wait || sh_wait);   // go if v_ready
    wire take_r = q_valid && !r_mis && (!e_valid || go_r);
    wire take_s = q_valid && !r_mis && !e_valid;                                 // take if not
    (* keep *) wire pred_r = take_r && (q_isjal || q_bk), pred_s = take_s && (q_isjal || q_bk);
    (* keep *) wire load_r = d_valid && !r_mis && (!q_valid || take_r);
    (* keep *) wire load_s = d_valid && !r_mis && (!q_valid || take_s);
    wire pred_f = v_ready ? pred_r : pred_s;    // pred
    wire load_f = v_ready ? load_r : load_s;    // load
    assign imem_addr  = r_mis ? r_tgt : pred_f ? (q_isjal ? q_jt : q_bt) : load_f ? d_pc + 32'd4 : d_pc;
    // (session 67: e_valid && is_vec from one flip-flop, v_q, made a cycle ahead, so the
    // unit's accept, v_valid && !busy, is one LUT of four flip-flops: the processor's seed-1
    // worst path at c514689 ran from the unit's busy through the core's run LUT, shared with
    // v_valid, and back into the unit's issue registers, 13.77 ns, 11.36 of it routing)
    assign v_valid    = v_q && !r_mis && !halted;
    assign v_insn     = ir;
    // (session 68: the word execute takes and when, so that the unit decodes it a cycle ahead,
    // rvv_unit's PRE; e_ir's own enable and data: the predecode is always that of v_insn,
    // whatever redirect, r_mis or halt then does with v_valid)
    assign v_pre_ld   = take;
    assign v_pre_insn = dw;
    assign v_rs1      = x1v;
    assign dmem_valid = run && ((ld0 && ld_ok) || st_ok);   // (ld_ok 0 unless a load, st_ok unless a store)
    assign dmem_we    = e_isst;                             // opc == OP_STORE
    assign dmem_be    = st_be;
    assign dmem_addr  = maddr;
    assign dmem_wdata = st_data;

    // the register file: one write port (an instruction's result, or vsetvli's vl from the
    // unit: never in the same cycle, the core waits while the unit runs), two read ports
    // (distributed RAM), read in stage 2. The result of the instruction in execute is not
    // forwarded there: stage 2 only compares its rd with the word's rs1 / rs2 (fwd1 / fwd2,
    // registered as e_f1 / e_f2) and the result itself is registered (e_res), so execute
    // picks it at its inputs and an ALU instruction (or a load's data) that the next word
    // uses still retires one per clock
    // x0 is written (0) under reset and in the cycle after it, and never after (do_wb and v_wb
    // leave rd 0 out), so a read of x0 needs no mux. (Under a reset of one cycle in a load's
    // last cycle the load's data is ORed into that write; the cycle after, with the selects
    // cleared by the reset and execute empty, writes 0.)
    wire        xrst = rst || rst_q;
    wire        xw  = do_wb || v_wb;
    wire        xwv = v_wb || xrst;
    wire [4:0]  xwa = xrst ? 5'd0 : v_wb ? v_rd : rd;
    // the write data: an OR of the load's data (0 but in a load's last cycle), the ALU's
    // parts ANDed with their selects (decoded from registers) and the rest (xwo: vsetvli's vl,
    // 0 under reset, or wv_oth). (xwo, the ALU's parts and the load's sign pairs kept apart,
    // so that Yosys' ABC leaves the late data, the adder's and the memory's, in the last LUTs:
    // without, it mapped the data memory -> write data path 5-6 LUTs deep)
    wire [31:0] xwo = xwv ? (xrst ? 32'd0 : v_rd_val) : wv_oth;
    wire        s_alu = is_alu && !xwv;
    wire        s_as = s_alu && f3 == 3'b000, s_lt = s_alu && f3[2:1] == 2'b01;
    wire [31:0] xwr = xwo | (alu_x & {32{s_alu}}) | sh_q | {31'd0, alu_lt && s_lt};
    wire [31:0] xwd, ld_val;
    (* keep_hierarchy *) rv32i_core_ld #(.DW(DW)) ld (
        .dq(ld_q), .lq_b(lq_b), .lq_h(lq_h), .lq_sm(lq_sm), .lq_w(lq_w),
        .lq_s(lq_s), .lq_s2(lq_s2), .ld_val(ld_val));
    (* keep_hierarchy *) rv32i_core_wd wd (.ld_val(ld_val), .alu_as(alu_as), .s_as(s_as), .xwr(xwr), .xwd(xwd));
    // the write-back register (session 63): the register file is written a cycle after the
    // write's retirement, from registers (wb_we / wb_a / wb_d: xw, xwa, xwd registered), so
    // execute's and the load's paths end at flip-flops (wb_d, e_res) rather than at the
    // register file's LUT RAM. No cost changes: the word in execute takes the result as
    // before (e_f1 / e_f2 and e_res), and the word that stage 2 reads in the write's cycle
    // takes wb_d instead of the register file's old word (x0 too: reset's last write, 0, is
    // the pending one when the first word after a reset is read, and a one-cycle reset in a
    // load's last cycle leaves the load's data in x0 until that write lands).
    reg         wb_we;
    reg  [4:0]  wb_a;
    reg  [31:0] wb_d;
    always @(posedge clk) begin
        wb_we <= xw || xrst;
        wb_a <= xwa;
        wb_d <= xwd;
    end
    always @(posedge clk)
        if (wb_we) xr[wb_a] <= wb_d;
    wire        fwd1 = e_valid && e_wr && rd != 5'd0 && rd == d_rs1;
    wire        fwd2 = e_valid && e_wr && rd != 5'd0 && rd == d_rs2;
    // (the forward's compare on kept copies of wb_a / wb_we, one per byte of d_a and of d_b:
    // each select drives 8 bits of d_a or d_b, not 32)
    // Session 64: each compare in three kept parts of one LUT each (bits 1:0, bits 3:2, bit 4
    // with the write enable), so ABC maps it two LUT levels deep (it had made it three, the
    // select and e_bop's OP / OP-IMM mux after them). e_bop's select takes OP / OP-IMM in its
    // bit-4 part (b_hr: the forward for OP / a branch only, whose second operand is x[rs2]),
    // else x[rs2] or imm_i: the same function as d_isreg ? d_b : imm_i, which ABC maps as
    // d_b's select with the mux after it (keeping that mux before the select, `q_bop`, made
    // the register file's path a level deeper: 83.42 MHz on seed 1).
    (* keep *) reg [19:0] wb_a1, wb_a2;
    (* keep *) reg [3:0] wb_we1, wb_we2;
    wire [31:0] d_xa = xr[d_rs1], d_xb = xr[d_rs2];
    wire [31:0] d_imm = {{20{dw[31]}}, dw[31:20]};
    wire [31:0] d_a, d_b, d_bop;
    genvar gq;
    generate
        for (gq = 0; gq < 4; gq = gq + 1) begin : g_wbf
            always @(posedge clk) begin
                wb_a1[5 * gq +: 5] <= xwa;
                wb_a2[5 * gq +: 5] <= xwa;
                wb_we1[gq] <= xw || xrst;
                wb_we2[gq] <= xw || xrst;
            end
            (* keep *) wire a_lo = wb_a1[5 * gq +: 2] == d_rs1[1:0];
            (* keep *) wire a_mi = wb_a1[5 * gq + 2 +: 2] == d_rs1[3:2];
            (* keep *) wire a_hi = wb_we1[gq] && wb_a1[5 * gq + 4] == d_rs1[4];
            (* keep *) wire b_lo = wb_a2[5 * gq +: 2] == d_rs2[1:0];
            (* keep *) wire b_mi = wb_a2[5 * gq + 2 +: 2] == d_rs2[3:2];
            (* keep *) wire b_hi = wb_we2[gq] && wb_a2[5 * gq + 4] == d_rs2[4];
            (* keep *) wire b_hr = wb_we2[gq] && wb_a2[5 * gq + 4] == d_rs2[4] && d_isreg;
            assign d_a[8 * gq +: 8] = a_lo && a_mi && a_hi ? wb_d[8 * gq +: 8] : d_xa[8 * gq +: 8];
            assign d_b[8 * gq +: 8] = b_lo && b_mi && b_hi ? wb_d[8 * gq +: 8] : d_xb[8 * gq +: 8];
            assign d_bop[8 * gq +: 8] = b_lo && b_mi && b_hr ? wb_d[8 * gq +: 8]
                                      : d_isreg ? d_xb[8 * gq +: 8] : d_imm[8 * gq +: 8];
        end
    endgenerate

    always @(posedge clk) begin
        if (take) begin
            e_ir <= dw;
            e_pc <= q_pc;
            e_pt <= q_bk;
            e_alt <= q_bk ? q_pc4 : q_bt;
            e_a <= d_a;
            e_b <= d_b;
            e_f1 <= fwd1;
            e_f2 <= fwd2;
            e_fb <= fwd2 && d_isreg;
            e_bop <= d_bop;     // d_isreg ? d_b : imm_i
            e_isalu <= dw[6:0] == OP_IMM || dw[6:0] == OP_REG;
            e_isld <= q_isld;
            e_issh <= q_issh;
            e_isvec <= q_isvec;
            e_imm <= q_isst ? {{20{dw[31]}}, dw[31:25], dw[11:7]} : d_imm;
            e_isst <= q_isst;
            e_ldm <= q_ldm;
            e_stm <= q_stm;
            e_one <= q_isvec || !(q_isld || q_issh);
            e_sub <= d_isreg && dw[30];
            e_cu <= dw[6] ? dw[13] : dw[12];
            e_res <= xwd;   // (this word's result when it retires: no vsetvli write or reset then)
            e_pc4 <= q_pc4;
            e_lui <= dw[6:0] == OP_LUI;
            e_auipc <= dw[6:0] == OP_AUIPC;
            e_link <= dw[6:0] == OP_JAL || dw[6:0] == OP_JALR;
        end else if (v_wb) begin
            // the word waiting in execute (the unit busy): vsetvli's rd written meanwhile, taken
            // as the instruction before's result (that is the vector word: it wrote no rd, so
            // the flags are 0 until now); xwd is v_rd_val then (xwo, the rest gated or 0), so
            // e_res needs no mux of its own and e_a / e_b / e_bop none for this
            e_res <= xwd;
            e_f1 <= v_rd == rs1;
            e_f2 <= v_rd == rs2;
            e_fb <= v_rd == rs2 && is_reg;
        end
    end

    // the load's selects: set in its second cycle for its third, 0 otherwise (and under reset)
    wire ld1 = run && is_ld && ld_w1;
    // (the byte's index in the row: ma_lo and, DW 64, address bit 2)
    wire [LA-1:0]  ma_w;
    wire [NBY/4-1:0] ld_wsel;
    generate
        if (DW == 64) begin : g_w64
            assign ma_w = {maddr[2], ma_lo};
            assign ld_wsel = f3[1] ? (maddr[2] ? 2'b10 : 2'b01) : 2'b00;
        end else begin : g_w32
            assign ma_w = ma_lo;
            assign ld_wsel = f3[1];
        end
    endgenerate
    wire [LA-2:0]  ma_h = ma_w[LA-1:1];
    wire [NBY-1:0] ld_sbyte = f3[2] || f3[1] ? {NBY{1'b0}} : {{NBY-1{1'b0}}, 1'b1} << (f3[0] ? {ma_h, 1'b1} : ma_w);
    always @(posedge clk) begin
        if (load) begin
            q_ir <= imem_rdata;
            q_pc <= d_pc;
        end
        r_tgt <= target;
        ld_q <= dmem_rdata;
    end
    always @(posedge clk) begin
        rst_q <= rst;
        // a shift's result: set in its first cycle for its second, 0 otherwise (and under reset)
        sh_q <= rst || !(run && e_issh && !sh_wait) ? 32'd0 : sh_r;
        if (rst || !ld1) begin
            lq_b <= {NBY{1'b0}};
            lq_h <= {NBY/2{1'b0}};
            lq_sm <= {NBY{1'b0}};
            lq_w <= {NBY/4{1'b0}};
            lq_s <= {NBY{1'b0}};
            lq_s2 <= {NBY{1'b0}};
        end else begin
            lq_b <= {{NBY-1{1'b0}}, 1'b1} << ma_w;
            lq_h <= f3[1:0] != 2'b00 ? {{NBY/2-1{1'b0}}, 1'b1} << ma_h : {NBY/2{1'b0}};
            lq_sm <= f3 == 3'b000 ? {{NBY-1{1'b0}}, 1'b1} << ma_w : {NBY{1'b0}};
            lq_w <= ld_wsel;
            lq_s <= ld_sbyte;
            lq_s2 <= ld_sbyte;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            d_pc <= 32'd0;
            d_valid <= 1'b0;
            q_valid <= 1'b0;
            r_mis <= 1'b0;
            e_valid <= 1'b0;
            ld_w1 <= 1'b0;
            ld_wait <= 1'b0;
            sh_wait <= 1'b0;
            halted <= 1'b0;
            trap <= 1'b0;
            trap_pc <= 32'd0;
            cycle <= 32'd0;
            tr_valid <= 1'b0;
            tr_wb <= 1'b0;
            v_pc <= 32'd0;
            br_mq <= 1'b0;
            v_q <= 1'b0;
        end else begin
            cycle <= cycle + 32'd1;
            tr_valid <= adv || stop;
            tr_pc <= pc;
            tr_insn <= ir;
            tr_cycle <= cycle;
            tr_wb <= xw;
            tr_wb_rd <= xwa;
            tr_wb_val <= xwd;
            // trap_pc follows the word execute acts on (its clock enable off stop and the
            // comparison): when the core stops it is the stopping word's pc
            if (run) trap_pc <= pc;
            br_mq <= br_mis;
            if (stop || br_mq) begin
                halted <= 1'b1;
                trap <= br_mq || !is_sys;
            end
            if (v_done && v_illegal) begin
                halted <= 1'b1;
                trap <= 1'b1;
                trap_pc <= v_pc;
            end
            if (run && is_ld) begin
                ld_w1 <= ld0;
                ld_wait <= ld_w1;
            end
            if (run && e_issh) sh_wait <= !sh_wait;
            if (adv && is_vec) v_pc <= pc;
            d_pc <= imem_addr;
            d_valid <= 1'b1;
            // a redirect in execute drops the words behind it (stage 2's and the memory's), a
            // prediction in stage 2 the memory's
            r_mis <= redir;
            // (the words behind a redirect move on with it and are dropped in the cycle after,
            // on r_mis: run, take and v_valid are low then)
            if (r_mis || pred) q_valid <= 1'b0;
            else if (load) q_valid <= 1'b1;
            else if (take) q_valid <= 1'b0;
            if (take) e_valid <= 1'b1;
            else if (go || r_mis) e_valid <= 1'b0;
            // next cycle's e_valid && e_isvec (e_valid as set above, e_isvec as the take block sets it)
            v_q <= take ? q_isvec : e_valid && !go && !r_mis && e_isvec;
        end
    end
endmodule

// rv32i_core_ld - a load's data (one-hot selects, all 0 but in the load's last cycle), from
// the data memory's word (DW 32) or row (DW 64: the selects pick the half's bytes too). A level of hierarchy of its own (keep_hierarchy): ABC maps it alone,
// for its own depth, so the data memory's bits stay two LUTs deep (flattened, ABC took kept
// wires as early as registers and deepened the load's path up to the core's longest)
/* verilator lint_off DECLFILENAME */
module rv32i_core_ld #(
    parameter integer DW = 32
) (
    input  wire [DW-1:0]   dq,
    input  wire [DW/8-1:0] lq_b, lq_sm, lq_s, lq_s2,
    input  wire [DW/16-1:0] lq_h,
    input  wire [DW/32-1:0] lq_w,
    output wire [31:0]     ld_val
);
    localparam integer NBY = DW / 8;
    reg [NBY-1:0] sgb;
    reg [7:0]     ld_lo, ld_mid, ld_b2, ld_b3;
    integer i;
    // (the signs' select-and-bit pairs, one set per upper byte: one sign drove 24 LUTs across the chip)
    always @* begin
        for (i = 0; i < NBY; i = i + 1) sgb[i] = dq[8 * i + 7];
        ld_lo = 8'd0;
        for (i = 0; i < NBY; i = i + 1) ld_lo = ld_lo | ({8{lq_b[i]}} & dq[8 * i +: 8]);
        ld_mid = {8{|(lq_sm & sgb)}};
        for (i = 0; i < NBY / 2; i = i + 1) ld_mid = ld_mid | ({8{lq_h[i]}} & dq[16 * i + 8 +: 8]);
        ld_b2 = {8{|(lq_s & sgb)}};
        ld_b3 = {8{|(lq_s2 & sgb)}};
        for (i = 0; i < NBY / 4; i = i + 1) begin
            ld_b2 = ld_b2 | ({8{lq_w[i]}} & dq[32 * i + 16 +: 8]);
            ld_b3 = ld_b3 | ({8{lq_w[i]}} & dq[32 * i + 24 +: 8]);
        end
    end
    assign ld_val = {ld_b3, ld_b2, ld_mid, ld_lo};
endmodule

// rv32i_core_wd - the write data's last LUT, one LUT4 a bit: the load's data ORed with the
// adder's sum under its select and the rest (xwr). Its own level of hierarchy (keep_hierarchy),
// so that ABC leaves the late inputs (the adder's chain, the ALU's other results) in the last
// LUT rather than deepening them into the load's select-and-bit pairs
module rv32i_core_wd (
    input  wire [31:0] ld_val,
    input  wire [31:0] alu_as,
    input  wire        s_as,
    input  wire [31:0] xwr,
    output wire [31:0] xwd
);
    assign xwd = ld_val | xwr | (alu_as & {32{s_as}});
endmodule
/* verilator lint_on DECLFILENAME */
`default_nettype wire
