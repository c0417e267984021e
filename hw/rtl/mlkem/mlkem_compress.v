// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_compress - FIPS 203 Compress_d (section 4.2.1): y = round(2^d x / q) mod 2^d for
// x < q = 3329, d = 1..11 chosen per input (ML-KEM uses 1, 4, 5, 10, 11), rounding half up.
// No divider: since q is odd, round(2^d x / q) = floor(((x << d) + (q - 1)/2) / q), and the
// quotient of t = (x << d) + 1664 < 2^23 by q is floor(t M / 2^29) with M = ceil(2^29 / q) =
// 161271 (one constant 23 x 18 multiplication, a DSP on an FPGA), exact for every t this forms
// for d = 1..11 (the test bench checks every x for d = 1, 4, 5, 10, 11).
// One value per clock; y valid LAT = 3 clocks after x (out_valid follows in_valid).
// The product is registered as two partial products (t's low 18 bits and its high 5 bits by
// M, one MULT18X18D each on ECP5) and summed in stage 3, so no adder follows a multiplier in
// the same clock (ECP5 Fmax, issue 37: t -> MULT18X18D -> the adder joining the two halves
// -> p was 12.5 ns at 8dbbedd, the unit's critical path; same latency).
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
    reg [35:0] p_lo;    // t[17:0] * M
    reg [22:0] p_hi;    // t[22:18] * M
    wire [40:0] p = {5'd0, p_lo} + {p_hi, 18'd0};
    reg        v1, v2;
    always @(posedge clk) begin
        // stage 1: t = (x << d) + (q - 1) / 2
        t     <= ({11'd0, x} << d) + 23'd1664;
        mask1 <= (11'd1 << d) - 11'd1;   // d = 11 wraps 2^11 to 0: 0 - 1 = all ones, as wanted
        // stage 2: the product by M
        p_lo  <= t[17:0] * M;
        p_hi  <= t[22:18] * M;
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
