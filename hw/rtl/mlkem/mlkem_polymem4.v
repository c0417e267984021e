// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_polymem4 - one polynomial in four banks of 64 x 12 bits, for two NTT butterflies per
// clock (mlkem_ntt with BF = 2). Coefficient j lives in bank {j[7], ^j} at address j[6:1]
// (the bank fixes bit 7 and the parity, the address bits 6..1, so bit 0 follows: one place per
// coefficient). The four coefficients of a clock's two butterflies, j, j + 2^s, j', j' + 2^s,
// differ from one another in bit s and in bit t = 7 (s <= 6) or t = 6 (s = 7): flipping s
// changes the parity, flipping t changes the parity and (t = 7) bit 7 or (t = 6, s = 7) leaves
// bit 7 to the s flip; either way the four land in four banks, in every layer.
//
// Read: coefficients r0..r3 (in four different banks) in one clock; q0..q3 hold them the
// clock after. Write: wei writes wdi to coefficient wi; the writes of one clock must go to
// different banks. A read and a write of one word in one clock reads the old value.
`default_nettype none
module mlkem_polymem4 (
    input  wire        clk,
    input  wire [7:0]  r0, r1, r2, r3,
    output wire [11:0] q0, q1, q2, q3,
    input  wire        we0, we1, we2, we3,
    input  wire [7:0]  w0, w1, w2, w3,
    input  wire [11:0] wd0, wd1, wd2, wd3
);
    function [1:0] bank(input [7:0] c);
        bank = {c[7], ^c};
    endfunction

    reg [11:0] mem0 [0:63];
    reg [11:0] mem1 [0:63];
    reg [11:0] mem2 [0:63];
    reg [11:0] mem3 [0:63];

    // each bank's read address: the one of r0..r3 that maps to it
    wire [1:0] b0 = bank(r0), b1 = bank(r1), b2 = bank(r2);
    function [5:0] raddr(input [1:0] b, input [1:0] c0, input [1:0] c1, input [1:0] c2,
                         input [5:0] x0, input [5:0] x1, input [5:0] x2, input [5:0] x3);
        raddr = (c0 == b) ? x0 : (c1 == b) ? x1 : (c2 == b) ? x2 : x3;
    endfunction
    reg [11:0] d0, d1, d2, d3;
    reg [1:0]  s0, s1, s2, s3;   // the bank each of r0..r3 was read from
    always @(posedge clk) begin
        d0 <= mem0[raddr(2'd0, b0, b1, b2, r0[6:1], r1[6:1], r2[6:1], r3[6:1])];
        d1 <= mem1[raddr(2'd1, b0, b1, b2, r0[6:1], r1[6:1], r2[6:1], r3[6:1])];
        d2 <= mem2[raddr(2'd2, b0, b1, b2, r0[6:1], r1[6:1], r2[6:1], r3[6:1])];
        d3 <= mem3[raddr(2'd3, b0, b1, b2, r0[6:1], r1[6:1], r2[6:1], r3[6:1])];
        s0 <= b0;
        s1 <= b1;
        s2 <= b2;
        s3 <= bank(r3);
    end
    function [11:0] pick(input [1:0] b, input [11:0] x0, input [11:0] x1, input [11:0] x2, input [11:0] x3);
        pick = (b == 2'd0) ? x0 : (b == 2'd1) ? x1 : (b == 2'd2) ? x2 : x3;
    endfunction
    assign q0 = pick(s0, d0, d1, d2, d3);
    assign q1 = pick(s1, d0, d1, d2, d3);
    assign q2 = pick(s2, d0, d1, d2, d3);
    assign q3 = pick(s3, d0, d1, d2, d3);

    // each bank's write: from the one of the four ports that addresses it
    wire [1:0] v0 = bank(w0), v1 = bank(w1), v2 = bank(w2), v3 = bank(w3);
    wire [3:0] h0 = {we3 && v3 == 2'd0, we2 && v2 == 2'd0, we1 && v1 == 2'd0, we0 && v0 == 2'd0};
    wire [3:0] h1 = {we3 && v3 == 2'd1, we2 && v2 == 2'd1, we1 && v1 == 2'd1, we0 && v0 == 2'd1};
    wire [3:0] h2 = {we3 && v3 == 2'd2, we2 && v2 == 2'd2, we1 && v1 == 2'd2, we0 && v0 == 2'd2};
    wire [3:0] h3 = {we3 && v3 == 2'd3, we2 && v2 == 2'd3, we1 && v1 == 2'd3, we0 && v0 == 2'd3};
    function [17:0] wsel(input [2:0] h, input [5:0] x0, input [5:0] x1, input [5:0] x2, input [5:0] x3,
                         input [11:0] y0, input [11:0] y1, input [11:0] y2, input [11:0] y3);
        wsel = h[0] ? {x0, y0} : h[1] ? {x1, y1} : h[2] ? {x2, y2} : {x3, y3};
    endfunction
    wire [17:0] p0 = wsel(h0[2:0], w0[6:1], w1[6:1], w2[6:1], w3[6:1], wd0, wd1, wd2, wd3);
    wire [17:0] p1 = wsel(h1[2:0], w0[6:1], w1[6:1], w2[6:1], w3[6:1], wd0, wd1, wd2, wd3);
    wire [17:0] p2 = wsel(h2[2:0], w0[6:1], w1[6:1], w2[6:1], w3[6:1], wd0, wd1, wd2, wd3);
    wire [17:0] p3 = wsel(h3[2:0], w0[6:1], w1[6:1], w2[6:1], w3[6:1], wd0, wd1, wd2, wd3);
    always @(posedge clk) begin
        if (|h0) mem0[p0[17:12]] <= p0[11:0];
        if (|h1) mem1[p1[17:12]] <= p1[11:0];
        if (|h2) mem2[p2[17:12]] <= p2[11:0];
        if (|h3) mem3[p3[17:12]] <= p3[11:0];
    end
    wire unused_bits = ^{w0[0], w1[0], w2[0], w3[0], r0[0], r1[0], r2[0], r3[0]};
endmodule
`default_nettype wire
