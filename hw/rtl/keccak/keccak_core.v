// SPDX-License-Identifier: Apache-2.0 OR MIT
// keccak_core - Keccak-p[1600, nr], RPC rounds per clock (1 or 2), rounds 24-nr .. 23.
//
// load (while idle) sets the state to din. start (while !busy) permutes the state: the first
// RPC rounds at the same clock edge; the result of all nr rounds is in `state` during the
// cycle where `done` is high, exactly nr/RPC clocks after the cycle start was high. `state`
// holds its value while idle, so a sponge may start the next permutation from it in the
// cycle done is high (no gap). The round logic reads only the state register (no input mux
// in front of it): din enters through the register's load path.
// cancel ends a running permutation (busy and done low after the clock edge; it wins over a
// start in the same cycle). nr: 1..24 for RPC = 1; even, 2..24 for RPC = 2.
`default_nettype none
module keccak_core #(
    parameter integer RPC = 1
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          start,
    input  wire          load,
    input  wire          cancel,
    input  wire [4:0]    nr,
    input  wire [1599:0] din,
    output wire [1599:0] state,
    output reg           busy,
    output reg           done
);
    reg  [1599:0] st;
    reg  [4:0]    idx;   // index of the next round constant
    reg  [4:0]    left;  // rounds still to do after the current clock's
    assign state = st;

    function [63:0] rc_of(input [4:0] i);
        case (i)
            5'd0:  rc_of = 64'h0000000000000001; 5'd1:  rc_of = 64'h0000000000008082;
            5'd2:  rc_of = 64'h800000000000808A; 5'd3:  rc_of = 64'h8000000080008000;
            5'd4:  rc_of = 64'h000000000000808B; 5'd5:  rc_of = 64'h0000000080000001;
            5'd6:  rc_of = 64'h8000000080008081; 5'd7:  rc_of = 64'h8000000000008009;
            5'd8:  rc_of = 64'h000000000000008A; 5'd9:  rc_of = 64'h0000000000000088;
            5'd10: rc_of = 64'h0000000080008009; 5'd11: rc_of = 64'h000000008000000A;
            5'd12: rc_of = 64'h000000008000808B; 5'd13: rc_of = 64'h800000000000008B;
            5'd14: rc_of = 64'h8000000000008089; 5'd15: rc_of = 64'h8000000000008003;
            5'd16: rc_of = 64'h8000000000008002; 5'd17: rc_of = 64'h8000000000000080;
            5'd18: rc_of = 64'h000000000000800A; 5'd19: rc_of = 64'h800000008000000A;
            5'd20: rc_of = 64'h8000000080008081; 5'd21: rc_of = 64'h8000000000008080;
            5'd22: rc_of = 64'h0000000080000001; 5'd23: rc_of = 64'h8000000080008008;
            default: rc_of = 64'h0;
        endcase
    endfunction

    wire          go  = start && !busy;
    wire [4:0]    i0  = go ? 5'd24 - nr : idx;
    wire [1599:0] r1;
    wire [1599:0] rout;
    keccak_round u_r1 (.s_in(st), .rc(rc_of(i0)), .s_out(r1));
    generate
        if (RPC == 2) begin : g_two
            keccak_round u_r2 (.s_in(r1), .rc(rc_of(i0 + 5'd1)), .s_out(rout));
        end else begin : g_one
            assign rout = r1;
        end
    endgenerate

    localparam [4:0] STEP = RPC[4:0];
    wire [4:0] left0 = go ? nr - STEP : left - STEP;

    always @(posedge clk) begin
        done <= 1'b0;
        if (go || busy) begin
            st   <= rout;
            idx  <= i0 + STEP;
            left <= left0;
            if (left0 == 5'd0) begin
                busy <= 1'b0;
                done <= 1'b1;
            end else begin
                busy <= 1'b1;
            end
        end else if (load) begin
            st <= din;
        end
        if (cancel) begin
            busy <= 1'b0;
            done <= 1'b0;
        end
        if (rst) begin
            busy <= 1'b0;
            done <= 1'b0;
            idx  <= 5'd0;
            left <= 5'd0;
            st   <= 1600'd0;   // hygiene (issue 37): a reset also wipes the state
        end
    end
`ifdef FORMAL
    // ---- properties (hw/formal/core.sby): done exactly nr/RPC clocks after a start
    reg f_init = 1'b1;
    always @(posedge clk) f_init <= 1'b0;
    always @* if (f_init) assume(rst);
    always @* assume(RPC == 1 ? (nr != 5'd0 && nr <= 5'd24) : (nr == 5'd12 || nr == 5'd24));
    reg [5:0] f_since;      // clocks since the last start
    reg [5:0] f_want;       // nr/RPC of that start
    reg       f_run;
    always @(posedge clk) begin
        if (rst || cancel) f_run <= 1'b0;
        else if (go) begin
            f_run <= 1'b1; f_since <= 6'd1; f_want <= {1'b0, nr} / RPC[5:0];
        end else if (f_run) begin
            f_since <= f_since + 6'd1;
            if (done) f_run <= 1'b0;
        end
    end
    always @* if (!f_init && !rst) begin
        if (f_run) assert(done == (f_since == f_want) && busy == (f_since < f_want));
        else assert(!done && !busy);
    end
`endif
endmodule
`default_nettype wire
