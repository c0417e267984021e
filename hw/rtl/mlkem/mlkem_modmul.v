// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_modmul - c = a b mod q (q = 3329) for a < 2 q, b < q (a b < 2 q^2 < 2^25; the NTT's
// inverse butterfly gives b - a + q unreduced): one product per clock, c valid
// LAT = 3 clocks after a and b (stage 1 the 13 x 12 product, one DSP on an FPGA; stages 2-3
// mlkem_reduce's Barrett reduction, shifts and adds only). in_valid travels beside the data
// as out_valid (a convenience for callers that keep no schedule of their own).
`default_nettype none
module mlkem_modmul (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,
    input  wire [12:0] a,
    input  wire [11:0] b,
    output wire        out_valid,
    output wire [11:0] c
);
    localparam integer LAT = 3;
    reg [24:0] p;
    reg [LAT-1:0] v;
    always @(posedge clk) begin
        p <= a * b;
        v <= rst ? {LAT{1'b0}} : {v[LAT-2:0], in_valid};
    end
    mlkem_reduce u_red (.clk(clk), .x(p), .y(c));
    assign out_valid = v[LAT-1];
endmodule
`default_nettype wire
