// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_butterfly - the NTT butterfly of FIPS 203 in both directions, chosen per input by `inv`;
// one butterfly per clock, outputs LAT = 5 clocks after the inputs. All values < q = 3329.
//
//   inv = 0, Cooley-Tukey (Alg. 9):     t = zeta b;        a' = a + t;        b' = a - t
//   inv = 1, Gentleman-Sande (Alg. 10): a' = (a + b) / 2;  b' = zeta (b - a) / 2
//
// The inverse halves both outputs (x / 2 mod q: x >> 1, or (x + q) >> 1 for odd x), so the
// seven layers of an inverse NTT multiply by 2^-7 = 128^-1 = 3303 mod q: FIPS 203's final
// scaling (Alg. 10, last line) is folded into the butterflies, with no extra multiplier.
//   stage 1: a, b, zeta registered with b - a + q (in [1, 2q), not reduced)
//   stages 2-4: mlkem_modmul of zeta with b (forward) or b - a + q (inverse); a, a + b mod q
//               (made in stage 2) wait
//   stage 5: the add/subtract (forward) or the halvings (inverse)
`default_nettype none
module mlkem_butterfly (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,
    input  wire        inv,
    input  wire [11:0] a,
    input  wire [11:0] b,
    input  wire [11:0] zeta,
    output reg         out_valid,
    output reg  [11:0] a_out,
    output reg  [11:0] b_out
);
    localparam [12:0] Q = 13'd3329;

    function [11:0] add_q(input [11:0] x, input [11:0] y);
        reg [12:0] s, d;
        begin
            s = {1'b0, x} + {1'b0, y};
            d = s - Q;
            add_q = d[12] ? s[11:0] : d[11:0];   // s < q: the subtraction borrowed
        end
    endfunction
    function [11:0] sub_q(input [11:0] x, input [11:0] y);
        reg [12:0] d;
        begin
            d = {1'b0, x} - {1'b0, y};
            sub_q = d[12] ? d[11:0] + Q[11:0] : d[11:0];   // x < y: add q back (mod 2^12)
        end
    endfunction
    // x / 2 mod q: (x + q) / 2 = (x >> 1) + (q + 1) / 2 for odd x
    function [11:0] half_q(input [11:0] x);
        half_q = {1'b0, x[11:1]} + (x[0] ? 12'd1665 : 12'd0);
    endfunction

    // stage 1: a, b, zeta and d1 = b - a + q in [1, 2q), not reduced (mlkem_modmul takes a
    // factor < 2 q), in one carry chain: b + ~a + q + 1 (mod 2^13; ~a of a 13 bits wide) as a
    // carry-save pair of b, ~a and the constant (one LUT a bit) added by one adder. a + b mod q
    // is made in stage 2 from a1 and b1 (it is used there only). So a and b, picked from the
    // NTT's memory banks, go through one LUT and one carry chain, not two chains and the
    // correction's pick (ECP5 Fmax, issue 55: the pick -> add_q(a, b) -> s1 was the worst path of
    // 19af4be seed 2 and 5be6252 seed 2, 10.20 / 10.08 ns; sub_q(b, a) -> d1 had the same depth)
    localparam [12:0] DK = 13'd3330;   // q + 1
    wire [12:0] na = ~{1'b0, a};
    wire [12:0] bx = {1'b0, b};
    wire [12:0] cs_s = bx ^ na ^ DK;
    wire [12:0] cs_c = {(bx[11:0] & na[11:0]) | (bx[11:0] & DK[11:0]) | (na[11:0] & DK[11:0]), 1'b0};
    reg [11:0] a1, b1, z1;
    reg [12:0] d1;
    reg        i1, v1;
    always @(posedge clk) begin
        a1 <= a;
        b1 <= b;
        z1 <= zeta;
        d1 <= cs_s + cs_c;
        i1 <= inv;
        v1 <= rst ? 1'b0 : in_valid;
    end

    // stages 2-4: the product; a (forward) or a + b (inverse) waits beside it
    wire [11:0] t;
    wire        vt;
    mlkem_modmul u_mul (.clk(clk), .rst(rst), .in_valid(v1), .a(i1 ? d1 : {1'b0, b1}), .b(z1),
                        .out_valid(vt), .c(t));
    reg [11:0] w2, w3, w4;
    reg        i2, i3, i4;
    always @(posedge clk) begin
        w2 <= i1 ? add_q(a1, b1) : a1;
        w3 <= w2;
        w4 <= w3;
        i2 <= i1;
        i3 <= i2;
        i4 <= i3;
    end

    // stage 5
    always @(posedge clk) begin
        a_out     <= i4 ? half_q(w4) : add_q(w4, t);
        b_out     <= i4 ? half_q(t) : sub_q(w4, t);
        out_valid <= rst ? 1'b0 : vt;
    end
endmodule
`default_nettype wire
