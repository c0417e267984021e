// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_polymem4 - one polynomial in four banks of 64 x 12 bits, for two NTT butterflies per
// clock (mlkem_ntt with BF = 2). Coefficient j lives in bank {j[7], ^j} at address j[6:1]
// (the bank fixes bit 7 and the parity, the address bits 6..1, so bit 0 follows: one place per
// coefficient). The four coefficients of a clock's two butterflies, j, j + 2^s, j', j' + 2^s,
// differ from one another in bit s and in bit t = 7 (s <= 6) or t = 6 (s = 7): flipping s
// changes the parity, flipping t changes the parity and (t = 7) bit 7 or (t = 6, s = 7) leaves
// bit 7 to the s flip; either way the four land in four banks, in every layer.
//
// Read: bank i reads its word ra_i (the 6 address bits 6..1 of the coefficient that maps to it);
// output port p holds, the clock after, the word of bank rs_p. Write: port p writes wd_p to
// word wa_p of bank wb_p (wep); the writes of one clock must go to different banks. A read and
// a write of one word in one clock reads the old value. The caller maps coefficients to banks
// (mlkem_ntt does it a clock ahead, into registers: ECP5 Fmax, issue 37: the mapping of the
// schedule's coefficients before the LUT RAM's read address was 9.7 ns of mlkem_ntt's 10.4).
`default_nettype none
module mlkem_polymem4 (
    input  wire        clk,
    input  wire [5:0]  ra0, ra1, ra2, ra3,
    input  wire [1:0]  rs0, rs1, rs2, rs3,
    output wire [11:0] q0, q1, q2, q3,
    input  wire        we0, we1, we2, we3,
    input  wire [1:0]  wb0, wb1, wb2, wb3,
    input  wire [5:0]  wa0, wa1, wa2, wa3,
    input  wire [11:0] wd0, wd1, wd2, wd3
);
    reg [11:0] mem0 [0:63];
    reg [11:0] mem1 [0:63];
    reg [11:0] mem2 [0:63];
    reg [11:0] mem3 [0:63];

    reg [11:0] d0, d1, d2, d3;
    reg [1:0]  s0, s1, s2, s3;   // the bank each output port picks
    always @(posedge clk) begin
        d0 <= mem0[ra0];
        d1 <= mem1[ra1];
        d2 <= mem2[ra2];
        d3 <= mem3[ra3];
        s0 <= rs0;
        s1 <= rs1;
        s2 <= rs2;
        s3 <= rs3;
    end
    function [11:0] pick(input [1:0] b, input [11:0] x0, input [11:0] x1, input [11:0] x2, input [11:0] x3);
        pick = (b == 2'd0) ? x0 : (b == 2'd1) ? x1 : (b == 2'd2) ? x2 : x3;
    endfunction
    assign q0 = pick(s0, d0, d1, d2, d3);
    assign q1 = pick(s1, d0, d1, d2, d3);
    assign q2 = pick(s2, d0, d1, d2, d3);
    assign q3 = pick(s3, d0, d1, d2, d3);

    // each bank's write: from the one of the four ports that addresses it
    wire [3:0] h0 = {we3 && wb3 == 2'd0, we2 && wb2 == 2'd0, we1 && wb1 == 2'd0, we0 && wb0 == 2'd0};
    wire [3:0] h1 = {we3 && wb3 == 2'd1, we2 && wb2 == 2'd1, we1 && wb1 == 2'd1, we0 && wb0 == 2'd1};
    wire [3:0] h2 = {we3 && wb3 == 2'd2, we2 && wb2 == 2'd2, we1 && wb1 == 2'd2, we0 && wb0 == 2'd2};
    wire [3:0] h3 = {we3 && wb3 == 2'd3, we2 && wb2 == 2'd3, we1 && wb1 == 2'd3, we0 && wb0 == 2'd3};
    function [17:0] wsel(input [2:0] h, input [5:0] x0, input [5:0] x1, input [5:0] x2, input [5:0] x3,
                         input [11:0] y0, input [11:0] y1, input [11:0] y2, input [11:0] y3);
        wsel = h[0] ? {x0, y0} : h[1] ? {x1, y1} : h[2] ? {x2, y2} : {x3, y3};
    endfunction
    wire [17:0] p0 = wsel(h0[2:0], wa0, wa1, wa2, wa3, wd0, wd1, wd2, wd3);
    wire [17:0] p1 = wsel(h1[2:0], wa0, wa1, wa2, wa3, wd0, wd1, wd2, wd3);
    wire [17:0] p2 = wsel(h2[2:0], wa0, wa1, wa2, wa3, wd0, wd1, wd2, wd3);
    wire [17:0] p3 = wsel(h3[2:0], wa0, wa1, wa2, wa3, wd0, wd1, wd2, wd3);
    always @(posedge clk) begin
        if (|h0) mem0[p0[17:12]] <= p0[11:0];
        if (|h1) mem1[p1[17:12]] <= p1[11:0];
        if (|h2) mem2[p2[17:12]] <= p2[11:0];
        if (|h3) mem3[p3[17:12]] <= p3[11:0];
    end
endmodule
`default_nettype wire
