// SPDX-License-Identifier: Apache-2.0 OR MIT
// rvv_core_stall - the proof harness of the scalar core's side of the issue (rvv_core_stall.sby):
// rv32i_core and rvv_unit wired as in rvv_soc, any instruction words (imem_rdata: the same
// word when the same address is fetched again), any data memory words, after one reset cycle. The core's trace (tr_valid one cycle after an
// instruction retires or stops, with its word) shows its retirements.
//   - while the unit is busy (in_ready low) the core retires nothing, asks the data memory
//     nothing and writes no scalar register but the one vsetvli reports in its last cycle;
//   - a vector word retires in exactly the cycle the unit takes it (none lost, none doubled:
//     every retired vector word is one issue, every issue one retired vector word);
//   - the instruction after a vector instruction retires exactly 1 + t cycles after it
//     (t by rvv_cost_rule, the README's cost rule; two cycles more for a load, which takes 3 since session 66, one more for a
//     shift, 2 since session 66),
//     unless the unit refused the vector word, when the core stops.
`default_nettype none
module rvv_core_stall #(
    parameter integer ELEN   = 64,
    parameter integer ELENUM = 5
) (
    input wire            clk,
    input wire [31:0]     imem_rdata,
    input wire [31:0]     dmem_rdata,
    input wire [ELEN-1:0] mem_rdata
);
    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;

    wire        c_dv, c_dwe;
    wire [3:0]  c_dbe;
    wire [31:0] imem_addr, c_daddr, c_dwdata;
    wire        v_valid, v_ready, v_done, v_illegal, v_rd_we;
    wire        v_pre_ld;
    wire [31:0] v_insn, v_rs1, v_rd_val, v_pre_insn;
    wire [4:0]  v_rd;
    wire        halted, trap, tr_valid, tr_wb;
    wire [31:0] trap_pc, cycle, tr_pc, tr_insn, tr_cycle, tr_wb_val;
    wire [4:0]  tr_wb_rd;
    rv32i_core core (
        .clk(clk), .rst(init), .imem_addr(imem_addr), .imem_rdata(imem_rdata),
        .dmem_valid(c_dv), .dmem_we(c_dwe), .dmem_be(c_dbe), .dmem_addr(c_daddr),
        .dmem_wdata(c_dwdata), .dmem_rdata(dmem_rdata),
        .v_valid(v_valid), .v_ready(v_ready), .v_insn(v_insn), .v_rs1(v_rs1),
        .v_pre_ld(v_pre_ld), .v_pre_insn(v_pre_insn), .v_done(v_done),
        .v_illegal(v_illegal), .v_rd_we(v_rd_we), .v_rd(v_rd), .v_rd_val(v_rd_val),
        .halted(halted), .trap(trap), .trap_pc(trap_pc), .cycle(cycle),
        .tr_valid(tr_valid), .tr_pc(tr_pc), .tr_insn(tr_insn), .tr_cycle(tr_cycle),
        .tr_wb(tr_wb), .tr_wb_rd(tr_wb_rd), .tr_wb_val(tr_wb_val));

    wire            u_mv, u_mwe;
    wire [31:0]     u_maddr;
    wire [ELEN-1:0] u_mwdata;
    wire [7:0]      vl;
    wire [3:0]      lmul;
    rvv_unit #(.ELEN(ELEN), .ELENUM(ELENUM), .PRE(1)) u (
        .clk(clk), .rst(init), .in_valid(v_valid), .in_ready(v_ready), .in_insn(v_insn), .in_rs1(v_rs1),
        .in_pre_ld(v_pre_ld), .in_pre_insn(v_pre_insn),
        .done(v_done), .done_illegal(v_illegal), .done_rd_we(v_rd_we), .done_rd(v_rd),
        .done_rd_val(v_rd_val), .mem_valid(u_mv), .mem_we(u_mwe), .mem_addr(u_maddr),
        .mem_wdata(u_mwdata), .mem_rdata(mem_rdata), .vl_o(vl), .lmul_o(lmul));

    wire [8:0] t_rule;
    wire       unused_vec;
    rvv_cost_rule #(.ELENUM(ELENUM)) cr (.insn(v_insn), .vl(vl), .t(t_rule), .is_vec(unused_vec));
    wire [8:0] t_unused;
    wire       tr_vec;
    // a shift (OP / OP-IMM, funct3 001 / 101)
    wire       tr_shift = (tr_insn[6:0] == 7'b0010011 || tr_insn[6:0] == 7'b0110011) && tr_insn[13:12] == 2'b01;
    rvv_cost_rule #(.ELENUM(ELENUM)) cr_tr (.insn(tr_insn), .vl(8'd0), .t(t_unused), .is_vec(tr_vec));

    // the instruction memory: a word fetched again from the same address is the same word
    // (the core re-fetches pc while it waits; imem_rdata is otherwise free)
    reg [31:0] ia_q, ia_qq, ir_q;
    reg        f_ok = 1'b0, f_ok2 = 1'b0;
    always @(posedge clk) begin
        ia_q <= imem_addr;
        ia_qq <= ia_q;
        ir_q <= imem_rdata;
        f_ok <= 1'b1;
        f_ok2 <= f_ok;
    end
    always @* if (f_ok2 && ia_q == ia_qq) assume (imem_rdata == ir_q);

    wire issue = v_valid && v_ready;
    reg  past_ok = 1'b0;
    reg  issue_q, busy_q, vwb_q;
    // after a vector word's trace entry: gap = cycles since it, want = 1 + t of its issue
    reg        pend = 1'b0;
    reg [9:0]  gap, want, want_q;
    always @(posedge clk) begin
        past_ok <= !init;
        issue_q <= issue;
        busy_q <= !v_ready;
        vwb_q <= v_done && v_rd_we;
        want_q <= {1'b0, t_rule} + 10'd1;
        if (init) pend <= 1'b0;
        else if (tr_valid) begin
            pend <= tr_vec;
            gap <= 10'd1;
            want <= want_q;
        end else if (pend && gap != 10'h3ff) gap <= gap + 10'd1;
    end

    always @* begin
        if (!init && !v_ready) assert (!c_dv);
        if (past_ok) begin
            // nothing retires, stops or is written while the unit is busy
            if (busy_q) assert (!tr_valid);
            if (busy_q && tr_wb) assert (vwb_q);
            // the retired vector words are the issues, one for one
            assert ((tr_valid && tr_vec) == issue_q);
            // the next retirement after a vector word: 1 + t later (+2 for a load, +1 for a shift)
            if (pend && tr_valid)
                assert (gap == want + ((tr_insn[6:0] == 7'b0000011 && !halted) ? 10'd2
                                       : (tr_shift && !halted) ? 10'd1 : 10'd0));
        end
    end
endmodule
`default_nettype wire
