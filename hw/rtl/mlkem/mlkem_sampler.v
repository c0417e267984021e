// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_sampler - FIPS 203's samplers fed straight from a 64-bit squeeze stream:
//   kind 0: SampleNTT (Alg. 7): 12-bit candidates d1, d2 from each 3 bytes, kept if < q = 3329;
//   kind 1: SamplePolyCBD eta = 2 (Alg. 8): 4 bits per coefficient;
//   kind 2: SamplePolyCBD eta = 3: 6 bits per coefficient.
// One input word per clock: the bit stream is cut at word boundaries with a leftover of at
// most 8 bits (3 words = 192 bits = 16 candidates or 32 eta-3 coefficients), so the
// sampler never stalls the stream as long as its output is taken. Two stages: the word is
// cut and SampleNTT's candidates compared with q as it enters (stage 1 register); the lanes
// are packed and counted from that register into the output register. Output beats carry up to
// 16 coefficients (in [0, q)) in lanes 0..out_cnt-1, lane j in out_coef[12j +: 12], in order;
// out_last marks the beat that completes the 256 coefficients of a polynomial (SampleNTT:
// extra accepted candidates of that word are dropped, as the algorithm stops at 256).
// fin_ntt is high in the cycle the beat completing a SampleNTT polynomial moves to the
// output register: the XOF's remaining words are surplus, and a
// word taken in that same cycle is dropped (the driver stops the XOF). CBD polynomials end
// on their 16th / 24th word (counted as they enter), so the next polynomial's first word may
// follow at once. Each polynomial starts from a clean bit buffer. The clock after fin_ntt takes
// no word (in_ready low): the bit buffer is cleared then (mlkem_hash_top stops the XOF in that
// clock anyway, so no clock is lost there).
`default_nettype none
module mlkem_sampler (
    input  wire         clk,
    input  wire         rst,
    input  wire [1:0]   kind,
    input  wire [63:0]  in_data,
    input  wire         in_valid,
    output wire         in_ready,
    output wire         fin_ntt,
    output reg  [191:0] out_coef,
    output reg  [4:0]   out_cnt,
    output reg          out_last,
    output reg          out_valid,
    input  wire         out_ready
);
    localparam [11:0] Q = 12'd3329;

    // ---- stage 1: cut the stream, compare candidates
    reg [1:0]  phase;    // word index mod 3 (SampleNTT, eta 3)
    reg [7:0]  left;     // leftover bits of the previous word, LSB first
    reg [4:0]  wcnt;     // CBD: words of this polynomial taken
    reg        s1_valid;
    reg [71:0] s1_bits;
    reg [5:0]  s1_acc;   // SampleNTT: candidate i < q
    reg [4:0]  s1_n;     // coefficients this word gives
    reg [1:0]  s1_kind;

    wire out_free = !out_valid || out_ready;
    wire move     = s1_valid && out_free;
    // fin_q: the clock after fin_ntt, when the bit buffer (phase, left, wcnt) is cleared for the
    // next polynomial, a register's clear rather than done_now's (ECP5 Fmax, issue 37: s1_n ->
    // s1_n >= need (a carry chain) -> done_now -> left's LSR was 10.7 ns at the unit's 93.5 MHz);
    // no word is taken in that clock, so the clear meets no word of the next polynomial
    reg  fin_q;
    assign in_ready = (!s1_valid || out_free) && !fin_q;
    wire go = in_valid && in_ready;

    reg [71:0] bits;
    always @* begin
        case ({kind, phase})
            {2'd0, 2'd1}, {2'd2, 2'd1}: bits = {4'd0, in_data, left[3:0]};
            {2'd0, 2'd2}:               bits = {in_data, left};
            {2'd2, 2'd2}:               bits = {6'd0, in_data, left[1:0]};
            default:                    bits = {8'd0, in_data};
        endcase
    end
    // SampleNTT's candidates are cut by the phase alone (not the kind: acc matters only for
    // SampleNTT), so the compares with q start at the phase register and the word
    reg [71:0] nbits;
    always @* begin
        case (phase)
            2'd1:    nbits = {4'd0, in_data, left[3:0]};
            2'd2:    nbits = {in_data, left};
            default: nbits = {8'd0, in_data};
        endcase
    end
    // x < q = 3329 = 0xD01 as plain logic: x >= 0xD01 when the top nibble is 0xE or 0xF, or
    // 0xD with a nonzero low byte. (Written as `<` it became a carry chain, and the chain,
    // the count below and the kind's select were the unit's critical path on ECP5.)
    function lt_q(input [11:0] x);
        lt_q = !(x[11] && x[10] && (x[9] || (x[8] && x[7:0] != 8'd0)));
    endfunction
    reg [5:0] acc;
    reg [2:0] pc;
    integer i, j;
    always @* begin
        for (i = 0; i < 6; i = i + 1)
            acc[i] = (i < 5 || phase == 2'd2) && lt_q(nbits[12*i +: 12]);
        pc = 3'd0;
        for (i = 0; i < 6; i = i + 1) pc = pc + {2'd0, acc[i]};
    end
    wire [4:0] n_in = (kind == 2'd0) ? {2'd0, pc} : (kind == 2'd1) ? 5'd16 :
                      (phase == 2'd0) ? 5'd10 : 5'd11;
    wire       lastw = (kind == 2'd1 && wcnt == 5'd15) || (kind == 2'd2 && wcnt == 5'd23);

    // ---- stage 2: pack and count into the output register
    reg [8:0] need;      // coefficients still to emit for this polynomial (256 - count)
    reg [2:0] nbefore [0:5];
    reg [2:0] pc2;
    reg [71:0] ntt_lanes;
    always @* begin
        pc2 = 3'd0;
        for (i = 0; i < 6; i = i + 1) begin
            nbefore[i] = pc2;
            pc2 = pc2 + {2'd0, s1_acc[i]};
        end
        ntt_lanes = 72'd0;
        for (j = 0; j < 6; j = j + 1)
            for (i = j; i < 6; i = i + 1)
                if (s1_acc[i] && nbefore[i] == j[2:0]) ntt_lanes[12*j +: 12] = ntt_lanes[12*j +: 12] | s1_bits[12*i +: 12];
    end

    // (x - y) mod q for x, y in 0..3
    function [11:0] cbd_val(input [1:0] x, input [1:0] y);
        cbd_val = (x >= y) ? {10'd0, x - y} : Q - {10'd0, y - x};
    endfunction
    reg [191:0] cbd2_lanes, cbd3_lanes;
    reg [1:0]   x2, y2;
    always @* begin
        for (i = 0; i < 16; i = i + 1) begin
            x2 = {1'b0, s1_bits[4*i]} + {1'b0, s1_bits[4*i+1]};
            y2 = {1'b0, s1_bits[4*i+2]} + {1'b0, s1_bits[4*i+3]};
            cbd2_lanes[12*i +: 12] = cbd_val(x2, y2);
        end
        cbd3_lanes = 192'd0;
        for (i = 0; i < 11; i = i + 1) begin
            x2 = {1'b0, s1_bits[6*i]} + {1'b0, s1_bits[6*i+1]} + {1'b0, s1_bits[6*i+2]};
            y2 = {1'b0, s1_bits[6*i+3]} + {1'b0, s1_bits[6*i+4]} + {1'b0, s1_bits[6*i+5]};
            cbd3_lanes[12*i +: 12] = cbd_val(x2, y2);
        end
    end
    wire [191:0] lanes = (s1_kind == 2'd0) ? {120'd0, ntt_lanes} : (s1_kind == 2'd1) ? cbd2_lanes : cbd3_lanes;
    wire       done_now = need[8:5] == 4'd0 && s1_n >= need[4:0];
    wire [4:0] n_emit   = done_now ? need[4:0] : s1_n;
    wire   fin     = move && done_now;
    assign fin_ntt = fin && s1_kind == 2'd0;

    always @(posedge clk) begin
        // stage 1
        if (go) begin
            s1_bits  <= bits;
            s1_acc   <= acc;
            s1_n     <= n_in;
            s1_kind  <= kind;
        end
        if (go && !fin_ntt) s1_valid <= 1'b1;
        else if (move || fin_ntt) s1_valid <= 1'b0;
        fin_q <= fin_ntt;
        if (fin_q) begin                 // after the last beat of a SampleNTT (its surplus words dropped)
            phase <= 2'd0;
            left  <= 8'd0;
            wcnt  <= 5'd0;
        end else if (go) begin
            if (kind == 2'd1 || lastw) begin
                phase <= 2'd0;
                left  <= 8'd0;
            end else begin
                phase <= (phase == 2'd2) ? 2'd0 : phase + 2'd1;
                case ({kind, phase})
                    {2'd0, 2'd0}, {2'd2, 2'd0}: left <= {4'd0, bits[63:60]};
                    {2'd0, 2'd1}:               left <= bits[67:60];
                    {2'd2, 2'd1}:               left <= {6'd0, bits[67:66]};
                    default:                    left <= 8'd0;
                endcase
            end
            wcnt <= (lastw || kind == 2'd0) ? 5'd0 : wcnt + 5'd1;
        end
        // stage 2
        if (move) begin
            out_coef  <= lanes;
            out_cnt   <= n_emit;
            out_last  <= done_now;
            // n_emit != 0 without done_now's compare (ECP5 Fmax, issue 55: s1_n -> s1_n >= need
            // (a carry chain) -> n_emit -> out_valid was c45efff seed 3's worst path, 10.27 ns):
            // need is never 0 (proven below), so n_emit is 0 exactly when s1_n is
            out_valid <= s1_n != 5'd0;
            need      <= done_now ? 9'd256 : need - {4'd0, s1_n};
        end else if (out_ready) begin
            out_valid <= 1'b0;
        end
        if (rst) begin
            out_valid <= 1'b0;
            out_cnt   <= 5'd0;
            out_last  <= 1'b0;
            out_coef  <= 192'd0;
            need      <= 9'd256;
            phase     <= 2'd0;
            left      <= 8'd0;
            wcnt      <= 5'd0;
            s1_valid  <= 1'b0;
            fin_q     <= 1'b0;
            s1_bits   <= 72'd0;
            s1_acc    <= 6'd0;
            s1_n      <= 5'd0;
            s1_kind   <= 2'd0;
        end
    end

`ifdef FORMAL
    // ---- properties (hw/formal/sampler.sby)
    reg f_init = 1'b1;
    always @(posedge clk) f_init <= 1'b0;
    always @* if (f_init) assume(rst);
    always @* assume(kind != 2'd3);
    always @(posedge clk) if (!f_init) assume(kind == $past(kind));  // one kind per run
    reg [9:0] f_coefs;   // coefficients taken from the output of this polynomial
    wire f_pop = out_valid && out_ready;
    always @(posedge clk) begin
        if (rst) f_coefs <= 10'd0;
        else if (f_pop) f_coefs <= out_last ? 10'd0 : f_coefs + {5'd0, out_cnt};
    end
    wire [9:0] f_cnt = 10'd256 - {1'b0, need};   // coefficients emitted into the output register
    // need stays in 1..256 (so out_valid's s1_n != 0 is n_emit != 0)
    always @* if (!f_init) assert(need != 9'd0 && need <= 9'd256 && (n_emit != 5'd0) == (s1_n != 5'd0));
    reg s1_lastw;        // CBD: stage 1 holds the polynomial's last word
    always @(posedge clk) if (rst) s1_lastw <= 1'b0; else if (go) s1_lastw <= lastw;
    always @(posedge clk) if (!f_init && !$past(rst)) begin
        // back-pressure: a beat offered and not taken stays, unchanged
        if ($past(out_valid && !out_ready))
            assert(out_valid && out_coef == $past(out_coef) && out_cnt == $past(out_cnt) &&
                   out_last == $past(out_last));
    end
    always @* if (!f_init && !rst) begin
        // every polynomial has exactly 256 coefficients (taken + offered + still to come)
        assert(need != 9'd0 && need <= 9'd256);
        if (out_valid && out_last) assert(f_coefs + {5'd0, out_cnt} == 10'd256 && need == 9'd256);
        if (out_valid && !out_last) assert(f_coefs + {5'd0, out_cnt} == f_cnt);
        if (!out_valid) assert(f_coefs == f_cnt || (f_coefs == 10'd0 && need == 9'd256));
        // a CBD polynomial ends exactly with its 16th (eta 2) or 24th (eta 3) word
        if (move && s1_kind != 2'd0) assert(done_now == s1_lastw);
        if (s1_valid) assert(s1_kind == kind && s1_n <= 5'd16);
        if (kind == 2'd1) assert(phase == 2'd0 && wcnt < 5'd16 &&
            (s1_valid && s1_lastw ? need == 9'd16 : need == 9'd256 - {wcnt - {4'd0, s1_valid}, 4'd0}) &&
            (!s1_valid || s1_n == 5'd16));
        if (kind == 2'd2) assert(wcnt < 5'd24 && {3'd0, phase} == wcnt % 5'd3 &&
            (!s1_valid || s1_n == ((wcnt % 5'd3 == 5'd1 && !s1_lastw) ? 5'd10 : 5'd11)) &&
            (s1_valid && s1_lastw ? need == 9'd11 :
             f_cnt == f3(wcnt - {4'd0, s1_valid})));
        if (kind != 2'd0 && s1_valid) assert(s1_lastw == (wcnt == 5'd0));
        if (s1_valid && s1_kind == 2'd0) begin
            assert({2'd0, s1_acc[0]} + {2'd0, s1_acc[1]} + {2'd0, s1_acc[2]} + {2'd0, s1_acc[3]} +
                   {2'd0, s1_acc[4]} + {2'd0, s1_acc[5]} == s1_n[2:0] && s1_n <= 5'd6);
            for (i = 0; i < 6; i = i + 1) if (s1_acc[i]) assert(s1_bits[12*i +: 12] < Q);
        end
        if (kind == 2'd0) assert(phase != 2'd3 && (!s1_valid || s1_n <= 5'd6));
        // a beat never holds more than the lanes a word can give; lanes are < q
        if (out_valid) assert(out_cnt <= 5'd16);
        if (out_valid) for (i = 0; i < 16; i = i + 1)
            if (i < out_cnt) assert(out_coef[12*i +: 12] < Q);
    end
    // SampleNTT: the first word of a polynomial finds a clean bit buffer (phase, left), also
    // after a polynomial that ended with surplus words (cleared in fin_q's clock, when no word
    // is taken)
    reg f_fresh;         // no word taken since the last polynomial ended (or the reset)
    always @(posedge clk) if (rst || fin_ntt) f_fresh <= 1'b1; else if (go) f_fresh <= 1'b0;
    always @* if (!f_init && !rst && kind == 2'd0) begin
        if (f_fresh && !fin_q) assert(phase == 2'd0 && left == 8'd0);
        if (go && f_fresh) assert(phase == 2'd0 && left == 8'd0);
        if (fin_q) assert(!s1_valid && f_fresh);
    end
    // coefficients of the first k words of an eta-3 polynomial
    function [9:0] f3(input [4:0] k);
        f3 = {5'd0, k / 5'd3} * 10'd32 + ((k % 5'd3 == 5'd0) ? 10'd0 : (k % 5'd3 == 5'd1) ? 10'd10 : 10'd21);
    endfunction
`endif
endmodule
`default_nettype wire
