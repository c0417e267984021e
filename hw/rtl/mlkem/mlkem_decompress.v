// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_decompress - FIPS 203 Decompress_d (section 4.2.1): x = round(q y / 2^d) for y < 2^d,
// d = 1..11 chosen per input, rounding half up: x = (q y + 2^(d-1)) >> d, with q y as shifts
// and adds (q = 2^11 + 2^10 + 2^8 + 1): no multiplier, no divider. One value per clock; x valid
// LAT = 2 clocks after y (out_valid follows in_valid).
`default_nettype none
module mlkem_decompress (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,
    input  wire [3:0]  d,
    input  wire [10:0] y,
    output reg         out_valid,
    output reg  [11:0] x
);
    reg [22:0] s;
    reg [3:0]  d1;
    reg        v1;
    wire [22:0] y23 = {12'd0, y};
    wire [22:0] half = (23'd1 << d) >> 1;   // 2^(d-1)
    wire [22:0] sh = s >> d1;              // < q: the top bits are zero
    wire        unused_sh = ^sh[22:12];
    always @(posedge clk) begin
        // stage 1: q y + 2^(d-1)
        s  <= (y23 << 11) + (y23 << 10) + (y23 << 8) + y23 + half;
        d1 <= d;
        v1 <= rst ? 1'b0 : in_valid;
        // stage 2: the shift
        x         <= sh[11:0];
        out_valid <= rst ? 1'b0 : v1;
    end
endmodule
`default_nettype wire
