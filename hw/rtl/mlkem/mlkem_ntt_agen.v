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
// Why no gap is needed between layers: a coefficient a layer reads was written by a butterfly
// of the previous layer at most 64 positions later in that layer (2^s of the previous s); with
// 128 butterflies per layer, any pipeline shorter than 64 clocks has written it back first.
`default_nettype none
module mlkem_ntt_agen (
    input  wire       clk,
    input  wire       rst,
    input  wire       start,
    input  wire       inv,
    output reg        valid,
    output reg        last,
    output reg        inv_out,
    output reg  [7:0] j,
    output reg  [7:0] k,
    output reg  [6:0] zi
);
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
    wire       end_ = (l == 3'd6) && (n == 7'd127);
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
                n <= n + 7'd1;
                if (n == 7'd127) l <= l + 3'd1;
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
    end
`ifdef FORMAL
    // ---- properties (hw/formal/ntt_agen.sby, k-induction): in every layer of either direction
    // an arbitrary coefficient f_c is in exactly one of the 128 butterflies, and every
    // butterfly pairs j with j + 2^s (bit s of j clear). With 128 butterflies of two coefficients
    // each, every pair of the layer is touched exactly once.
    reg f_init = 1'b1;
    always @(posedge clk) f_init <= 1'b0;
    always @* if (f_init) assume(rst);
    (* anyconst *) reg [7:0] f_c;
    wire [7:0] f_kn  = jn | (8'd1 << s);
    wire       f_hit = (jn == f_c) || (f_kn == f_c);
    // the butterfly of this layer that holds f_c: f_c with bit s taken out
    wire [7:0] f_low = f_c & ((8'd1 << s) - 8'd1);
    wire [7:0] f_nc  = ((f_c >> s) >> 1 << s) | f_low;
    reg  [1:0] f_hits;   // butterflies of the current layer so far that held f_c
    always @(posedge clk) begin
        if (rst || !run) f_hits <= 2'd0;
        else if (n == 7'd127) f_hits <= 2'd0;        // a layer ends
        else if (f_hit) f_hits <= f_hits + 2'd1;
    end
    always @* if (!f_init && !rst && run) begin
        assert(l <= 3'd6);
        assert(jn[s] == 1'b0 && f_kn == jn + (8'd1 << s));
        assert(f_hit == ({1'b0, n} == f_nc));
        assert(f_hits == (({1'b0, n} > f_nc) ? 2'd1 : 2'd0));
        if (n == 7'd127) assert(f_hits + {1'b0, f_hit} == 2'd1);   // exactly once per layer
    end
    // the registered outputs are the pair and zeta index of the butterfly before
    always @(posedge clk) if (!f_init && !$past(rst) && $past(run)) begin
        assert(valid && j == $past(jn) && k == $past(f_kn));
        assert(last == ($past(l) == 3'd6 && $past(n) == 7'd127));
    end
`endif
endmodule
`default_nettype wire
