// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_basemul - FIPS 203 BaseCaseMultiply (Alg. 12) of one pair of degree-1 polynomials in
// T_q, with accumulation, as MultiplyNTTs (Alg. 11) uses it for pair p = 0..127:
//
//   c0 = a0 b0 + a1 b1 gamma_p + (acc ? c0_in : 0)      gamma_p = zeta^(2 BitRev7(p) + 1)
//   c1 = a0 b1 + a1 b0       + (acc ? c1_in : 0)        = +zetas[64 + p/2] for even p,
//                                                          -zetas[64 + p/2] for odd p
// all mod q = 3329, inputs < q. One pair per clock; c0, c1 valid LAT = 7 clocks after the
// inputs (out_valid follows in_valid). acc adds a running sum (a row of A times s, or the
// inner product of t and y) so the matrix-vector products need no separate adder pass.
// Five 12 x 12 products (four of the inputs, one by gamma), three mlkem_reduce Barrett
// reductions (each sum stays below 2 q^2 + q < 2^25):
//   stage 1: the four products, gamma from the zeta ROM (mlkem_zetas.vh), the sums to add;
//   stage 2: a0 b1 + a1 b0 + c1_in; a1 b1 reduced over stages 2-3; gamma's sign
//   stage 4: (a1 b1 mod q) gamma; stage 5: + a0 b0 + c0_in; stages 6-7: reduced.
`default_nettype none
module mlkem_basemul (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,
    input  wire [6:0]  pair,
    input  wire [11:0] a0,
    input  wire [11:0] a1,
    input  wire [11:0] b0,
    input  wire [11:0] b1,
    input  wire        acc,
    input  wire [11:0] c0_in,
    input  wire [11:0] c1_in,
    output wire        out_valid,
    output wire [11:0] c0,
    output reg  [11:0] c1
);
    `include "mlkem_zetas.vh"
    localparam [11:0] Q = 12'd3329;
    localparam integer LAT = 7;

    // stage 1
    reg [23:0] p00, p11, p01, p10;
    reg [11:0] z1, e0_1, e1_1;
    reg        odd1;
    always @(posedge clk) begin
        p00  <= a0 * b0;
        p11  <= a1 * b1;
        p01  <= a0 * b1;
        p10  <= a1 * b0;
        z1   <= mlkem_zeta({1'b1, pair[6:1]});
        odd1 <= pair[0];
        e0_1 <= acc ? c0_in : 12'd0;
        e1_1 <= acc ? c1_in : 12'd0;
    end

    // stage 2: c1's sum; gamma with its sign; a1 b1 enters its reduction
    reg [24:0] x1;
    reg [11:0] g2, e0_2;
    reg [23:0] p00_2;
    always @(posedge clk) begin
        x1    <= {1'b0, p01} + {1'b0, p10} + {13'd0, e1_1};
        g2    <= odd1 ? Q - z1 : z1;   // zetas are never 0, so q - z < q
        e0_2  <= e0_1;
        p00_2 <= p00;
    end
    wire [11:0] r11, c1_r;
    mlkem_reduce u_r11 (.clk(clk), .x({1'b0, p11}), .y(r11));   // valid at stage 3
    mlkem_reduce u_r1 (.clk(clk), .x(x1), .y(c1_r));             // valid at stage 4

    // stage 3: wait for r11
    reg [11:0] g3, e0_3;
    reg [23:0] p00_3;
    always @(posedge clk) begin
        g3    <= g2;
        e0_3  <= e0_2;
        p00_3 <= p00_2;
    end

    // stage 4: the product by gamma
    reg [23:0] pg;
    reg [11:0] e0_4;
    reg [23:0] p00_4;
    always @(posedge clk) begin
        pg    <= r11 * g3;
        e0_4  <= e0_3;
        p00_4 <= p00_3;
    end

    // stage 5: c0's sum, reduced over stages 6-7; c1 waits
    reg [24:0] x0;
    reg [11:0] c1_5, c1_6;
    always @(posedge clk) begin
        x0   <= {1'b0, pg} + {1'b0, p00_4} + {13'd0, e0_4};
        c1_5 <= c1_r;
        c1_6 <= c1_5;
        c1   <= c1_6;
    end
    mlkem_reduce u_r0 (.clk(clk), .x(x0), .y(c0));

    reg [LAT-1:0] v;
    always @(posedge clk)
        v <= rst ? {LAT{1'b0}} : {v[LAT-2:0], in_valid};
    assign out_valid = v[LAT-1];
endmodule
`default_nettype wire
