// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_addsub - coefficient-wise polynomial addition or subtraction mod q = 3329, chosen per
// input: c = a + b (sub = 0) or a - b (sub = 1), a, b < q; one coefficient per clock, c valid
// the clock after (out_valid follows in_valid). One 13-bit add or subtract and one correction by
// q: no comparator chain beyond the sign and the compare with q.
`default_nettype none
module mlkem_addsub (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,
    input  wire        sub,
    input  wire [11:0] a,
    input  wire [11:0] b,
    output reg         out_valid,
    output reg  [11:0] c
);
    localparam [12:0] Q = 13'd3329;
    wire [12:0] s  = {1'b0, a} + {1'b0, b};         // < 2q
    wire [12:0] sq = s - Q;                         // borrows when s < q
    wire [12:0] d  = {1'b0, a} - {1'b0, b};         // borrows when a < b
    wire [11:0] dq = d[11:0] + Q[11:0];             // mod 2^12: a - b + q when a < b
    always @(posedge clk) begin
        c         <= sub ? (d[12] ? dq : d[11:0]) : (sq[12] ? s[11:0] : sq[11:0]);
        out_valid <= rst ? 1'b0 : in_valid;
    end
endmodule
`default_nettype wire
