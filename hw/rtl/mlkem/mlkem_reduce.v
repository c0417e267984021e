// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_reduce - x mod q (q = 3329) for any x < 2^25, Barrett reduction without a divider and
// without a multiplier: two pipeline stages, one value per clock, `y` valid 2 clocks after `x`.
//
//   stage 1: t = floor(x * m / 2^25), m = floor(2^25 / q) = 10079 = 2^13 + 2^11 - 2^7 - 2^5 - 1
//            (shifts and adds); t is floor(x / q) or one less for every x < 2^25
//            (x (1/q - m/2^25) < 1 there), so r = x - q t lies in [0, 2q);
//   stage 2: r is taken mod 2^13 (r < 2q < 2^13, so the low 13 bits of x and of q t suffice,
//            q t = (t << 12) - (t << 9) - (t << 8) + t), then r - q if r >= q. r - q is formed
//            beside r, from x - q (made in stage 1), and its sign picks (r - q lies in [-q, q),
//            13 bits signed): no compare after the subtraction (ECP5 Fmax, issue 37: mlkem_modmul
//            alone 108.5 -> 133.4 MHz, seed 1).
// The bound is checked exhaustively by the test bench (hw/tests/tb_mlkem_arith.v: every
// x < 2^25 on Verilator). Products a b < q^2 and sums of two products plus a residue (base
// multiplication, < 2 q^2 + q) fit.
`default_nettype none
module mlkem_reduce (
    input  wire        clk,
    input  wire [24:0] x,
    output reg  [11:0] y
);
    localparam [12:0] Q = 13'd3329;
    // stage 1
    wire [38:0] xm = ({14'd0, x} << 13) + ({14'd0, x} << 11) - ({14'd0, x} << 7)
                   - ({14'd0, x} << 5) - {14'd0, x};
    reg  [12:0] t;     // floor(x m / 2^25) < 2^14; mod 2^13 is all stage 2 needs
    reg  [12:0] xlo;
    reg  [12:0] xlq;   // x - q (mod 2^13), for r - q in parallel with r
    wire        unused_xm = ^{xm[38], xm[24:0]};
    always @(posedge clk) begin
        t   <= xm[37:25];
        xlo <= x[12:0];
        xlq <= x[12:0] - Q;
    end
    // stage 2
    wire [12:0] qt = {t[0], 12'd0} - {t[3:0], 9'd0} - {t[4:0], 8'd0} + t[12:0];
    wire [12:0] r  = xlo - qt;
    wire [12:0] rq = xlq - qt;   // r - q in [-q, q): its bit 12 is the sign
    wire        unused_r = r[12];
    always @(posedge clk)
        y <= rq[12] ? r[11:0] : rq[11:0];
endmodule
`default_nettype wire
