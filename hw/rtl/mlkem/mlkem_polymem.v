// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_polymem - one polynomial (256 coefficients of 12 bits) in two banks of 128 words, laid
// out so that the two coefficients of every NTT butterfly sit in different banks: coefficient
// j lives in bank ^j (the parity of its index) at address j >> 1. A butterfly of any layer
// pairs j with j + 2^s (the indices differ in one bit, so their parities differ), hence one
// read port and one write port per bank serve one butterfly per clock with no conflict, in
// both directions and every layer. Each bank is a simple dual-port memory (synchronous read,
// one write port): block or distributed RAM on an FPGA.
//
// Read: coefficients rj and rk (different banks: rj ^ rk of odd weight) are read in one
//   clock; qj and qk hold them the clock after. One coefficient alone: rk = rj ^ 1.
// Write: wej writes wdj to coefficient wj, wek wdk to wk; both in one clock only when wj and
//   wk lie in different banks. A read and a write of the same word in one clock reads the old
//   value.
`default_nettype none
module mlkem_polymem (
    input  wire        clk,
    input  wire [7:0]  rj,
    input  wire [7:0]  rk,
    output wire [11:0] qj,
    output wire [11:0] qk,
    input  wire        wej,
    input  wire [7:0]  wj,
    input  wire [11:0] wdj,
    input  wire        wek,
    input  wire [7:0]  wk,
    input  wire [11:0] wdk
);
    reg [11:0] bank0 [0:127];
    reg [11:0] bank1 [0:127];
    reg [11:0] q0, q1;
    reg        swap;   // coefficient rj was in bank 1

    wire       pj = ^rj;
    wire       unused_rk0 = rk[0];   // the bank follows from rj
    wire [6:0] ra0 = pj ? rk[7:1] : rj[7:1];
    wire [6:0] ra1 = pj ? rj[7:1] : rk[7:1];
    always @(posedge clk) begin
        q0   <= bank0[ra0];
        q1   <= bank1[ra1];
        swap <= pj;
    end
    assign qj = swap ? q1 : q0;
    assign qk = swap ? q0 : q1;

    // the write of each bank comes from whichever of the two ports addresses it
    wire       bj = ^wj;
    wire       bk = ^wk;
    wire       we0 = (wej && !bj) || (wek && !bk);
    wire       we1 = (wej && bj) || (wek && bk);
    wire [6:0] wa0 = (wej && !bj) ? wj[7:1] : wk[7:1];
    wire [6:0] wa1 = (wej && bj) ? wj[7:1] : wk[7:1];
    wire [11:0] wd0 = (wej && !bj) ? wdj : wdk;
    wire [11:0] wd1 = (wej && bj) ? wdj : wdk;
    always @(posedge clk) begin
        if (we0) bank0[wa0] <= wd0;
        if (we1) bank1[wa1] <= wd1;
    end
endmodule
`default_nettype wire
