// SPDX-License-Identifier: Apache-2.0 OR MIT
// rvv_seq - the proof harness of rvv_unit's issue sequencer (rvv_seq.sby): any word, any
// scalar operand, in_valid high or low in any cycle, any memory data, after one reset cycle.
// For every instruction the unit takes (in_valid && in_ready at a clock edge):
//   - it ends (done) exactly t cycles after its issue edge, t by rvv_cost_rule (the README's
//     cost rule, from the word and the vl of the issue edge), or 1 cycle after it when the
//     unit refuses it (done_illegal: the refusal costs 1 + 1);
//   - in_ready is low from its issue edge through its last cycle and high after it, so no
//     word is taken while one runs (none doubled) and every taken word ends exactly once
//     (none lost: done never comes without one running, and always comes);
//   - memory requests come only while one runs, vl changes only at the end of a vsetvli.
`default_nettype none
module rvv_seq #(
    parameter integer ELEN   = 64,
    parameter integer ELENUM = 5
) (
    input wire            clk,
    input wire            in_valid,
    input wire [31:0]     in_insn,
    input wire [31:0]     in_rs1,
    input wire [ELEN-1:0] mem_rdata
);
    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;

    wire            in_ready, done, ill, rd_we, mv, mwe;
    wire [4:0]      rd;
    wire [31:0]     rd_val, maddr;
    wire [ELEN-1:0] wdata;
    wire [7:0]      vl;
    wire [3:0]      lmul;
    rvv_unit #(.ELEN(ELEN), .ELENUM(ELENUM)) u (
        .clk(clk), .rst(init), .in_valid(in_valid), .in_ready(in_ready), .in_insn(in_insn), .in_rs1(in_rs1),
        .in_pre_ld(1'b0), .in_pre_insn(32'd0),
        .done(done), .done_illegal(ill), .done_rd_we(rd_we), .done_rd(rd), .done_rd_val(rd_val),
        .mem_valid(mv), .mem_we(mwe), .mem_addr(maddr), .mem_wdata(wdata), .mem_rdata(mem_rdata),
        .vl_o(vl), .lmul_o(lmul));

    wire [8:0] t_rule;
    wire       unused_vec;
    rvv_cost_rule #(.ELENUM(ELENUM)) cr (.insn(in_insn), .vl(vl), .t(t_rule), .is_vec(unused_vec));

    // the harness's own view: one instruction outstanding, el cycles since its issue edge
    wire       accept = in_valid && in_ready;
    reg        out = 1'b0;
    reg [8:0]  el, want;
    reg        is_vset;
    always @(posedge clk) begin
        if (init) out <= 1'b0;
        else if (accept) begin
            out <= 1'b1;
            el <= 9'd1;
            want <= t_rule;
            is_vset <= in_insn[6:0] == 7'h57 && in_insn[14:12] == 3'b111;
        end else if (out) begin
            if (done) out <= 1'b0;
            else el <= el + 9'd1;
        end
    end

    reg       past_ok = 1'b0;
    reg [7:0] vl_q;
    reg       vl_may;       // the previous cycle was a vsetvli's last
    always @(posedge clk) begin
        past_ok <= !init;
        vl_q <= vl;
        vl_may <= done && out && is_vset && !ill;
    end

    always @* begin
        if (!init) begin
            // ready exactly when nothing runs: no word taken while one runs
            assert (in_ready == !out);
            // done only for a running instruction, in its cost's cycle (or a refusal's)
            if (done) assert (out && (ill ? el == 9'd1 : el == want));
            // it does end: never past its cost
            if (out) assert (el <= want);
            // the unit touches memory only while an instruction runs
            if (mv) assert (out);
        end
        if (past_ok && !vl_may) assert (vl == vl_q);
    end
endmodule
`default_nettype wire
