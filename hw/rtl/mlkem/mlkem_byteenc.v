// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_byteenc - FIPS 203 ByteEncode_d (Alg. 5) as a stream: one coefficient (its low d bits,
// d = 1, 4, 5, 10, 11 or 12, chosen per polynomial) in per clock, or two (in_two: in_coef, then
// in_coef1; a polynomial's 256 in 128 clocks), 64-bit little-endian words out
// (bit i of the byte string is bit i of the word stream, coefficient 0 in the lowest bits).
// 256 d bits are 4 d whole words, so a polynomial ends on a word boundary and the bit buffer is
// empty after it: polynomials follow one another with no gap and no flush. d is taken with
// each coefficient (it must not change inside a polynomial). The buffer holds at most 63 + 24
// bits; a word is offered on out_* two clocks after the coefficient that completes it is taken
// (an input register, then the output register: out_valid, out_data), and a coefficient is
// taken (in_ready) whenever the input register is free or moving on.
// For d = 12 the caller gives values < q (ByteEncode_12 of a reduced polynomial); for d < 12
// Compress_d's output (< 2^d). Bits above d are ignored.
`default_nettype none
module mlkem_byteenc (
    input  wire        clk,
    input  wire        rst,
    input  wire [3:0]  d,
    input  wire        in_valid,
    output wire        in_ready,
    input  wire [11:0] in_coef,
    input  wire        in_two,
    input  wire [11:0] in_coef1,
    output reg         out_valid,
    input  wire        out_ready,
    output reg  [63:0] out_data
);
    // Timing (ECP5, issue 37): d's decoding (the mask, the shift of the second coefficient, the
    // bits per clock) is done on the way in, into an input register (s_*), so the per-clock
    // path is only fill -> the shift of s_pair and fill + s_nb -> buf_q: d (in mlkem_top an
    // instruction field) is no longer on it. One clock more of latency.
    reg        s_v;     // a coefficient (pair) in the input register
    reg [23:0] s_pair;  // its bits, masked to d and packed
    reg [4:0]  s_nb;    // how many (d, or 2 d with in_two)
    reg [87:0] buf_q;   // bits not yet emitted, the oldest at bit 0
    reg [6:0]  fill;    // how many (< 64 between clocks)
    wire [11:0] mask = ~(12'hFFF << d);                // bit i = i < d: a LUT per bit, no subtraction
    wire [23:0] pair = {12'd0, in_coef & mask} | (in_two ? {12'd0, in_coef1 & mask} << d : 24'd0);
    wire [87:0] comb = buf_q | ({64'd0, s_pair} << fill);
    wire [6:0]  nf   = fill + {2'd0, s_nb};
    wire s_go = !out_valid || out_ready;               // the input register moves on
    wire fire = s_v && s_go;
    assign in_ready  = !s_v || s_go;
    wire take = in_valid && in_ready;
    always @(posedge clk) begin
        if (take) begin
            s_pair <= pair;
            s_nb   <= in_two ? {d, 1'b0} : {1'b0, d};
        end
        if (in_ready) s_v <= in_valid;
        if (fire) begin
            if (nf[6]) begin          // 64 or more bits: a word out
                out_data  <= comb[63:0];
                out_valid <= 1'b1;
                buf_q     <= {64'd0, comb[87:64]};
                fill      <= nf - 7'd64;
            end else begin
                if (out_ready) out_valid <= 1'b0;
                buf_q <= comb;
                fill  <= nf;
            end
        end else if (out_ready) begin
            out_valid <= 1'b0;
        end
        if (rst) begin
            s_v       <= 1'b0;
            s_pair    <= 24'd0;
            s_nb      <= 5'd0;
            out_valid <= 1'b0;
            out_data  <= 64'd0;
            buf_q     <= 88'd0;
            fill      <= 7'd0;
        end
    end
endmodule
`default_nettype wire
