// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_ntt_agen - the butterfly schedule of one NTT (inv = 0, FIPS 203 Alg. 9) or inverse NTT
// (inv = 1, Alg. 10): 7 layers of 128 butterflies, one per clock with no gap between layers.
//
// Layer l = 0..6 has len = 2^s, s = 7 - l (forward: len 128 .. 2) or s = l + 1 (inverse:
// len 2 .. 128). Butterfly n = 0..127 of a layer is number jl = n mod len of group g = n >> s,
// and pairs coefficients j = g 2^(s+1) + jl (n with a 0 inserted at bit s) and k = j + 2^s
// (the same with a 1): every pair of the layer exactly once, in the order of the standard's
// loops. Its zeta is zetas[2^l + g] (forward: k counts up from 1) or zetas[2^(8-s) - 1 - g]
// (inverse: i counts down from 127).
// Outputs are registers: `valid` is high for the 896 clocks after the one `start` is taken in
// (a start while busy is ignored), `last` with the final butterfly.
// BF = 2: two butterflies per clock, n = 0..63 with n + 64 beside it (j2, k2, zi2): 64 clocks a
// layer, 448 in all. The two pairs differ from each other in bit 7 (s <= 6) or bit 6 (s = 7);
// mlkem_polymem4's four banks keep the four coefficients apart. A layer's reads then trail the
// previous layer's writes of the same coefficients by at least 32 clocks.
// Why no gap is needed between layers: a coefficient a layer reads was written by a butterfly
// of the previous layer at most 64 positions later in that layer (2^s of the previous s); with
// 128 butterflies per layer, any pipeline shorter than 64 clocks has written it back first.
`default_nettype none
module mlkem_ntt_agen #(
    parameter integer BF = 1
) (
    input  wire       clk,
    input  wire       rst,
    input  wire       start,
    input  wire       inv,
    output reg        valid,
    output reg        last,
    output reg        inv_out,
    output reg  [7:0] j,
    output reg  [7:0] k,
    output reg  [6:0] zi,
    output reg  [7:0] j2,
    output reg  [7:0] k2,
    output reg  [6:0] zi2
);
    localparam [6:0] NLAST = (BF == 2) ? 7'd63 : 7'd127;   // the last n of a layer
    reg       run;
    reg       dir;     // the direction of the transform under way
    reg [2:0] l;       // layer
    reg [6:0] n;       // butterfly within the layer
    wire [2:0] s    = dir ? l + 3'd1 : 3'd7 - l;
    wire [7:0] low  = {1'b0, n} & ((8'd1 << s) - 8'd1);
    wire [6:0] g    = n >> s;
    wire [7:0] jn   = ({1'b0, g} << ({1'b0, s} + 4'd1)) | low;
    wire [6:0] zf   = (7'd1 << l) | g;
    // 2^(8-s) - 1 - g with s = l + 1, in 7 bits: for l = 0, 2^7 wraps to 0 and 0 - 1 - g is
    // 127 - g, as wanted
    wire [6:0] zb   = (7'd1 << (3'd7 - l)) - 7'd1 - g;
    wire       end_ = (l == 3'd6) && (n == NLAST);
    // the second butterfly (BF = 2): n + 64
    wire [6:0] n2   = n | 7'd64;
    wire [7:0] low2 = {1'b0, n2} & ((8'd1 << s) - 8'd1);
    wire [6:0] g2   = n2 >> s;
    wire [7:0] jn2  = ({1'b0, g2} << ({1'b0, s} + 4'd1)) | low2;
    wire [6:0] zf2  = (7'd1 << l) | g2;
    wire [6:0] zb2  = (7'd1 << (3'd7 - l)) - 7'd1 - g2;
    always @(posedge clk) begin
        if (rst) begin
            run   <= 1'b0;
            valid <= 1'b0;
            last  <= 1'b0;
            l     <= 3'd0;
            n     <= 7'd0;
            dir   <= 1'b0;
        end else begin
            valid <= run;
            last  <= run && end_;
            if (run) begin
                n <= (n == NLAST) ? 7'd0 : n + 7'd1;
                if (n == NLAST) l <= l + 3'd1;
                if (end_) run <= 1'b0;
            end else if (start) begin
                run <= 1'b1;
                dir <= inv;
                l   <= 3'd0;
                n   <= 7'd0;
            end
        end
        inv_out <= dir;
        j       <= jn;
        k       <= jn | (8'd1 << s);
        zi      <= dir ? zb : zf;
        j2      <= jn2;
        k2      <= jn2 | (8'd1 << s);
        zi2     <= dir ? zb2 : zf2;
    end
`ifdef FORMAL
    // ---- properties (hw/formal/ntt_agen.sby, k-induction, BF = 1 and 2): in every layer of
    // either direction an arbitrary coefficient f_c is in exactly one of the 128 butterflies,
    // and every butterfly pairs j with j + 2^s (bit s of j clear). With 128 butterflies of two
    // coefficients each, every pair of the layer is touched exactly once.
    reg f_init = 1'b1;
    always @(posedge clk) f_init <= 1'b0;
    always @* if (f_init) assume(rst);
    (* anyconst *) reg [7:0] f_c;
    wire [7:0] f_kn  = jn | (8'd1 << s);
    wire [7:0] f_kn2 = jn2 | (8'd1 << s);
    wire       f_hit = (jn == f_c) || (f_kn == f_c) || (BF == 2 && (jn2 == f_c || f_kn2 == f_c));
    // the butterfly of this layer that holds f_c: f_c with bit s taken out
    wire [7:0] f_low = f_c & ((8'd1 << s) - 8'd1);
    wire [7:0] f_nc  = ((f_c >> s) >> 1 << s) | f_low;
    wire [7:0] f_slot = (BF == 2) ? {2'b0, f_nc[5:0]} : f_nc;   // the clock of the layer it is in
    reg  [1:0] f_hits;   // butterflies of the current layer so far that held f_c
    always @(posedge clk) begin
        if (rst || !run) f_hits <= 2'd0;
        else if (n == NLAST) f_hits <= 2'd0;         // a layer ends
        else if (f_hit) f_hits <= f_hits + 2'd1;
    end
    always @* if (!f_init && !rst && run) begin
        assert(l <= 3'd6 && n <= NLAST);
        assert(jn[s] == 1'b0 && f_kn == jn + (8'd1 << s));
        if (BF == 2) assert(jn2[s] == 1'b0 && f_kn2 == jn2 + (8'd1 << s));
        assert(f_hit == ({1'b0, n} == f_slot));
        assert(f_hits == (({1'b0, n} > f_slot) ? 2'd1 : 2'd0));
        if (n == NLAST) assert(f_hits + {1'b0, f_hit} == 2'd1);   // exactly once per layer
    end
    // the registered outputs are the pair and zeta index of the butterfly before
    always @(posedge clk) if (!f_init && !$past(rst) && $past(run)) begin
        assert(valid && j == $past(jn) && k == $past(f_kn));
        if (BF == 2) assert(j2 == $past(jn2) && k2 == $past(f_kn2));
        assert(last == ($past(l) == 3'd6 && $past(n) == NLAST));
    end
`endif
endmodule
`default_nettype wire
