// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_compress - FIPS 203 Compress_d (section 4.2.1): y = round(2^d x / q) mod 2^d for
// x < q = 3329, d = 1..11 chosen per input (ML-KEM uses 1, 4, 5, 10, 11), rounding half up.
// No divider: since q is odd, round(2^d x / q) = floor(((x << d) + (q - 1)/2) / q), and the
// quotient of t = (x << d) + 1664 < 2^23 by q is floor(t M / 2^29) with M = ceil(2^29 / q) =
// 161271 (one constant 23 x 18 multiplication, split below), exact for every t this forms
// for d = 1..11 (the test bench checks every x for d = 1, 4, 5, 10, 11).
// One value per clock; y valid LAT = 3 clocks after x (out_valid follows in_valid).
// The product is registered as two partial products and summed in stage 3, so no adder
// follows a multiplier in the same clock (ECP5 Fmax, issue 37: t -> MULT18X18D -> the adder
// joining the two halves -> p was 12.5 ns at 8dbbedd, the unit's critical path; same latency):
// t's low 17 bits by M in one multiplier (a MULT18X18D on ECP5; one DSP48E1 on 7-series, whose
// signed 18-bit port takes 17 unsigned bits), and its high 6 bits by M from a table, each
// product bit a function of those 6 bits (a LUT6 on 7-series; on ECP5 four LUT4 and the
// slice's PFUMX / L6MUX21), so the high part takes no multiplier (with a multiplier for each
// part, the unit had 13 DSP48E1 on 7-series, over issue 37's budget of 12).
`default_nettype none
module mlkem_compress (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,
    input  wire [3:0]  d,
    input  wire [11:0] x,
    output reg         out_valid,
    output reg  [10:0] y
);
    localparam [17:0] M = 18'd161271;
    reg [22:0] t;
    reg [10:0] mask1, mask2;
    reg [34:0] p_lo;    // t[16:0] * M
    reg [23:0] p_hi;    // t[22:17] * M, from the tables below
    // bit b of v * M for v = 0..63, as a 64-bit truth table indexed by v
    function [63:0] hi_tt;
        input [4:0] b;
        integer v;
        reg [31:0] pr;
        begin
            hi_tt = 64'd0;
            for (v = 0; v < 64; v = v + 1) begin
                pr = v * M;
                hi_tt[v] = pr[b];
            end
        end
    endfunction
    wire [23:0] hi_nx;
    genvar gb;
    generate
        for (gb = 0; gb < 24; gb = gb + 1) begin : g_hi
            localparam [4:0] GB5 = gb;
            localparam [63:0] TT = hi_tt(GB5);
            assign hi_nx[gb] = TT[t[22:17]];
        end
    endgenerate
    wire [40:0] p = {6'd0, p_lo} + {p_hi, 17'd0};
    reg        v1, v2;
    always @(posedge clk) begin
        // stage 1: t = (x << d) + (q - 1) / 2
        t     <= ({11'd0, x} << d) + 23'd1664;
        mask1 <= (11'd1 << d) - 11'd1;   // d = 11 wraps 2^11 to 0: 0 - 1 = all ones, as wanted
        // stage 2: the product by M
        p_lo  <= t[16:0] * M;
        p_hi  <= hi_nx;
        mask2 <= mask1;
        // stage 3: floor(t / q) mod 2^d
        y     <= p[39:29] & mask2;
        v1        <= rst ? 1'b0 : in_valid;
        v2        <= rst ? 1'b0 : v1;
        out_valid <= rst ? 1'b0 : v2;
    end
    wire unused_p = ^{p[40], p[28:0]};
endmodule
`default_nettype wire
