// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_bytedec - FIPS 203 ByteDecode_d (Alg. 6) as a stream: 64-bit little-endian words in,
// one d-bit value per clock out, or two with `two` (out_coef, then out_coef1 and out_bad1; taken
// with d) (d = 1, 4, 5, 10, 11 or 12, chosen per polynomial; 4 d words
// give the 256 values of a polynomial, so the bit buffer is empty after each and polynomials
// follow one another with no gap). For d = 12 the value is reduced mod q as the standard says
// (a 12-bit x >= q = 3329 gives x - q) and out_bad marks it: ByteEncode_12(ByteDecode_12(b))
// differs from b exactly when some value is >= q, so out_bad is FIPS 203's encapsulation-key
// modulus check (section 7.2), value by value. d is sampled with each polynomial's first word
// (the unit counts the 4 d words), so it may change for the next polynomial while the last
// values of one are still given out.
// The output (out_valid, out_coef, out_bad) is a register; a word is taken (in_ready) in a
// clock after which fewer than d bits would be left, so a steady input gives one value per clock.
`default_nettype none
module mlkem_bytedec (
    input  wire        clk,
    input  wire        rst,
    input  wire [3:0]  d,
    input  wire        two,
    input  wire        in_valid,
    output wire        in_ready,
    input  wire [63:0] in_data,
    output reg         out_valid,
    input  wire        out_ready,
    output reg  [11:0] out_coef,
    output reg         out_bad,
    output reg  [11:0] out_coef1,
    output reg         out_bad1
);
    localparam [11:0] Q = 12'd3329;
    reg [87:0] buf_q;   // bits not yet given out, the oldest at bit 0
    reg [6:0]  fill;    // how many (< 64 + n)
    reg [3:0]  dq;      // this polynomial's d, taken with its first word
    reg        tq;      // ... and two
    reg [5:0]  wleft;   // words of this polynomial still to take (4 d in all)
    wire [6:0]  n    = tq ? {2'd0, dq, 1'b0} : {3'd0, dq};   // bits given per clock
    wire [11:0] mask = (12'd1 << dq) - 12'd1;
    wire        have = fill >= n && dq != 4'd0;
    wire        give = have && (!out_valid || out_ready);
    wire [6:0]  rem  = give ? fill - n : fill;
    // a new polynomial's first word only once the last one's bits are all given out
    assign in_ready  = wleft == 6'd0 ? rem == 7'd0 : rem < n;
    wire take = in_valid && in_ready;
    wire [87:0] shifted = give ? buf_q >> n : buf_q;
    wire [11:0] v  = buf_q[11:0] & mask;
    wire [23:0] b1 = buf_q[23:0] >> dq;      // the second value starts at bit d
    wire [11:0] v1 = b1[11:0] & mask;
    wire        unused_b1 = ^b1[23:12];
    wire        big  = dq == 4'd12 && v >= Q;
    wire        big1 = dq == 4'd12 && v1 >= Q;
    always @(posedge clk) begin
        if (give) begin
            out_valid <= 1'b1;
            out_coef  <= big ? v - Q : v;
            out_bad   <= big;
            out_coef1 <= big1 ? v1 - Q : v1;
            out_bad1  <= big1 && tq;
        end else if (out_ready) begin
            out_valid <= 1'b0;
        end
        if (take) begin
            if (wleft == 6'd0) begin
                dq    <= d;
                tq    <= two;
                wleft <= {d, 2'b00} - 6'd1;
            end else begin
                wleft <= wleft - 6'd1;
            end
        end
        buf_q <= take ? shifted | ({24'd0, in_data} << rem) : shifted;
        fill  <= take ? rem + 7'd64 : rem;
        if (rst) begin
            out_valid <= 1'b0;
            out_coef  <= 12'd0;
            out_bad   <= 1'b0;
            buf_q     <= 88'd0;
            out_coef1 <= 12'd0;
            out_bad1  <= 1'b0;
            tq        <= 1'b0;
            fill      <= 7'd0;
            dq        <= 4'd0;
            wleft     <= 6'd0;
        end
    end
endmodule
`default_nettype wire
