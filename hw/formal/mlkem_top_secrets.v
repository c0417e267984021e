// SPDX-License-Identifier: Apache-2.0 OR MIT
// Formal stand-in for mlkem_top (axil_zero.sby): what the unit does with secrets, abstracted to
// two bits, with its timing left free. f_sw: one byte-buffer word, any (f_w, a constant the
// solver picks, so the proof covers every word), holds something; f_sr: the rest (polynomial
// memory, NTT memory, sponge, data registers) does. Every store is assumed to hold something
// after reset (block RAMs are not reset) and from any clock of an operation on; a host write to
// word f_w fills it. A clearing (zero_start, in any state; a new one restarts it) runs for any
// number of clocks >= 1 (zeroing high) and at its end empties the rest, and word f_w if it was
// outside both kept ranges in every clock of the sweep (mlkem_top reads the ranges in the clock
// its sweep passes the word: this clears less than it does, so a proof here holds there).
// done pulses for one clock at an operation's end (any clock of it), or at once on a START with
// bad parameters (status bit 2); busy is high while it runs. The data outputs are free.
module mlkem_top #(
    parameter integer RPC = 1,
    parameter integer BF  = 2
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    input  wire [1:0]  op_sel,
    input  wire [2:0]  k_sel,
    output reg         busy,
    output reg         done,
    output wire [2:0]  status,
    output wire [31:0] clocks,
    input  wire        host_we,
    input  wire [9:0]  host_addr,
    input  wire [63:0] host_wdata,
    output wire [63:0] host_rdata,
    input  wire        zero_start,
    input  wire [9:0]  keep0_lo,
    input  wire [9:0]  keep0_hi,
    input  wire [9:0]  keep1_lo,
    input  wire [9:0]  keep1_hi,
    output wire        zeroing
);
    (* anyconst *) reg [9:0] f_w;
    (* anyseq *) wire f_fin, f_bad, f_zend;
    (* anyseq *) wire [2:0] f_status;
    (* anyseq *) wire [31:0] f_clocks;
    (* anyseq *) wire [63:0] f_rdata;
    assign status = f_status;
    assign clocks = f_clocks;
    assign host_rdata = f_rdata;
    localparam [1:0] S_IDLE = 2'd0, S_RUN = 2'd1, S_ZERO = 2'd2;
    reg [1:0] f_st = S_IDLE;
    reg       f_sw = 1'b1, f_sr = 1'b1;   // word f_w, the rest: hold something
    reg       f_zp;                        // the sweep under way will clear word f_w
    wire      f_kept = (f_w >= keep0_lo && f_w < keep0_hi) || (f_w >= keep1_lo && f_w < keep1_hi);
    assign zeroing = f_st == S_ZERO;
    always @(posedge clk) begin
        done <= 1'b0;
        case (f_st)
            S_IDLE: if (start) begin
                if (f_bad) done <= 1'b1;
                else begin f_st <= S_RUN; busy <= 1'b1; end
            end
            S_RUN: begin
                f_sw <= 1'b1;
                f_sr <= 1'b1;
                if (f_fin) begin f_st <= S_IDLE; busy <= 1'b0; done <= 1'b1; end
            end
            S_ZERO: begin
                if (f_kept) f_zp <= 1'b0;
                if (f_zend) begin
                    f_st <= S_IDLE;
                    f_sr <= 1'b0;
                    if (f_zp && !f_kept) f_sw <= 1'b0;
                end
            end
            default: f_st <= S_IDLE;
        endcase
        if (host_we && host_addr == f_w) f_sw <= 1'b1;
        if (zero_start) begin f_st <= S_ZERO; busy <= 1'b0; done <= 1'b0; f_zp <= 1'b1; end
        if (rst) begin f_st <= S_IDLE; busy <= 1'b0; done <= 1'b0; end
    end
    wire unused = ^{op_sel, k_sel, host_wdata, RPC[0], BF[0]};
endmodule
