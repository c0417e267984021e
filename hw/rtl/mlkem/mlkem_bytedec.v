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
// clock in which fewer than twice the bits per clock are held (so fewer than one clock's
// would be left after a give), so a steady input gives one value (or pair) per clock.
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
    // Timing (ECP5, issue 37): every decision of a clock comes from registers. The bits per
    // clock (n, and 2 n, 3 n), the mask and whether a polynomial is active are registers set with
    // the polynomial's first word; the compares of fill with n and 2 n (fge1, fge2, fz, fen)
    // are registers too, made a clock ahead from compares of fill with 2 n and 3 n (what they
    // become after a give) or constants (after a word: fill >= 64 > 2 n); fmn = fill - n is
    // kept beside fill. So give and take come from registers only. The new word is shifted by
    // one shifter whose amount is give ? fill - n : fill (registers and one LUT), and take picks
    // only at the last LUT (buf_q's with_w or shifted, both kept): with two shifters (by fill and
    // by fill - n, give picking after them) yosys's share pass made them one and put take into
    // its amount's select, so the take (in_valid from mlkem_top) ran through the whole shifter to
    // buf_q (ECP5 Fmax, issue 55: the worst path of seed 3 at 11a4aaa, dec_v -> take -> the shift
    // tree -> buf_q, 10.56 ns). A word is taken
    // mid-polynomial when fewer than n bits are held, or fewer than 2 n and a give happens:
    // its place (fill, or fill - n) is < n <= 24, so at most 87 bits are held.
    reg [87:0] buf_q;   // bits not yet given out, the oldest at bit 0
    reg [6:0]  fill;    // how many (< 64 + n)
    reg [6:0]  fmn;     // fill - n (mod 128)
    reg        fge1, fge2, fz, fen;   // fill >= n, fill >= 2 n, fill == 0, fill == n
    reg [5:0]  dh;      // this polynomial's d, taken with its first word, one-hot: d = 1, 4, 5,
                        // 10, 11, 12 (another d gives zero values)
    reg        tq;      // ... and two
    reg [4:0]  nq;      // ... bits given per clock (d, or 2 d with two)
    reg [6:0]  n2q, n3q;   // ... 2 n and 3 n
    reg [11:0] mq;      // ... the mask of d bits
    reg        act;     // a polynomial was started (d != 0)
    reg [5:0]  wleft;   // words of this polynomial still to take (4 d in all)
    reg        wz;      // wleft == 0
    wire        oko  = !out_valid || out_ready;
    wire        have = act && fge1;
    wire        give = have && oko;
    // a new polynomial's first word only once the last one's bits are all given out (fill == 0,
    // or the last n bits given in this clock)
    assign in_ready  = wz ? (fz || (act && fen && oko)) : (!fge1 || (!fge2 && oko));
    wire take = in_valid && in_ready;
    (* keep *) wire [87:0] shifted = give ? buf_q >> nq : buf_q;
    // the new word's place: fill (< 24 when a word is taken), or fill - n when a give happens too
    // (< 24 then)
    wire [4:0]  wsh = give ? fmn[4:0] : fill[4:0];
    (* keep *) wire [87:0] with_w = shifted | ({24'd0, in_data} << wsh);
    wire [6:0]  n    = {2'd0, nq};
    wire [6:0]  rem  = give ? fmn : fill;
    wire [6:0]  remn = give ? fmn - n : fmn;          // rem - n
    wire [4:0]  nd   = two ? {d, 1'b0} : {1'b0, d};   // a new polynomial's n
    wire [11:0] v  = buf_q[11:0] & mq;
    // the second value starts at bit d: picked by the one-hot d (ECP5 Fmax, issue 37: a shift by
    // dq, then the compare with q, then the subtraction was the decoder's path, 9.5 ns alone);
    // v - q is formed beside v and its sign is the compare
    wire [11:0] v1 = ({12{dh[0]}} & {11'd0, buf_q[1]}) | ({12{dh[1]}} & {8'd0, buf_q[7:4]}) |
                     ({12{dh[2]}} & {7'd0, buf_q[9:5]}) | ({12{dh[3]}} & {2'd0, buf_q[19:10]}) |
                     ({12{dh[4]}} & {1'd0, buf_q[21:11]}) | ({12{dh[5]}} & buf_q[23:12]);
    wire [12:0] vq   = {1'b0, v} - {1'b0, Q};
    wire [12:0] v1q  = {1'b0, v1} - {1'b0, Q};
    wire        big  = dh[5] && !vq[12];
    wire        big1 = dh[5] && !v1q[12];
    always @(posedge clk) begin
        if (give) begin
            out_valid <= 1'b1;
            out_coef  <= big ? vq[11:0] : v;
            out_bad   <= big;
            out_coef1 <= big1 ? v1q[11:0] : v1;
            out_bad1  <= big1 && tq;
        end else if (out_ready) begin
            out_valid <= 1'b0;
        end
        if (take) begin
            if (wz) begin
                dh    <= {d == 4'd12, d == 4'd11, d == 4'd10, d == 4'd5, d == 4'd4, d == 4'd1};
                tq    <= two;
                nq    <= nd;
                n2q   <= {1'b0, nd, 1'b0};
                n3q   <= {2'd0, nd} + {1'b0, nd, 1'b0};
                mq    <= (12'd1 << d) - 12'd1;
                act   <= d != 4'd0;
                wleft <= {d, 2'b00} - 6'd1;
                wz    <= d == 4'd0;
            end else begin
                wleft <= wleft - 6'd1;
                wz    <= wleft == 6'd1;
            end
        end
        buf_q <= take ? with_w : shifted;
        // rem < 64 when a word is taken; a new polynomial's first word: fill = 64, fmn = 64 - n
        fill  <= take ? {1'b1, rem[5:0]} : rem;
        fmn   <= take ? (wz ? 7'd64 - {2'd0, nd} : remn + 7'd64) : remn;
        if (take) begin
            fge1 <= 1'b1; fge2 <= 1'b1; fz <= 1'b0; fen <= 1'b0;
        end else if (give) begin
            fge1 <= fill >= n2q;
            fge2 <= fill >= n3q;
            fz   <= fen;
            fen  <= fill == n2q;
        end
        if (rst) begin
            out_valid <= 1'b0;
            out_coef  <= 12'd0;
            out_bad   <= 1'b0;
            buf_q     <= 88'd0;
            out_coef1 <= 12'd0;
            out_bad1  <= 1'b0;
            tq        <= 1'b0;
            fill      <= 7'd0;
            fmn       <= 7'd0;
            fge1      <= 1'b0;
            fge2      <= 1'b0;
            fz        <= 1'b1;
            fen       <= 1'b0;
            dh        <= 6'd0;
            nq        <= 5'd0;
            n2q       <= 7'd0;
            n3q       <= 7'd0;
            mq        <= 12'd0;
            act       <= 1'b0;
            wleft     <= 6'd0;
            wz        <= 1'b1;
        end
    end
endmodule
`default_nettype wire
