// SPDX-License-Identifier: Apache-2.0 OR MIT
// Harness for sponge_ind.sby: keccak_sponge at one round per clock (the shipped build), its own
// properties (its `ifdef FORMAL` block, tasks ctrl and data) proven for all depths by k-induction. The
// strengthening invariants below relate the sponge's registers to one another and to the
// core's counters; they are written here, not in the RTL: each hk_* wire is left undriven and
// the .sby script connects it to the flattened sponge's signal of the same name (u.*), so the
// harness reads the unit's state without a port for it. Being asserts themselves, the
// invariants are proven too (base case and induction step), never assumed.
`default_nettype none
module sponge_ind #(
    parameter integer RPC = 1   // rounds per clock: 1 (shipped) or 2
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        cmd_valid,
    input  wire [2:0]  cmd_mode,
    input  wire [7:0]  cmd_domain,
    input  wire [31:0] cmd_outlen,
    input  wire [63:0] in_data,
    input  wire [7:0]  in_keep,
    input  wire        in_last,
    input  wire        in_valid,
    input  wire        out_ready,
    input  wire        stop,
    output wire        cmd_ready,
    output wire        cmd_err,
    output wire        in_ready,
    output wire [7:0]  out_keep,
    output wire        out_last,
    output wire        out_valid,
    output wire [63:0] out_data
);
    keccak_sponge #(.RPC(RPC)) u (
        .clk(clk), .rst(rst), .cmd_valid(cmd_valid), .cmd_ready(cmd_ready), .cmd_mode(cmd_mode),
        .cmd_domain(cmd_domain), .cmd_outlen(cmd_outlen), .cmd_err(cmd_err),
        .in_data(in_data), .in_keep(in_keep), .in_last(in_last), .in_valid(in_valid), .in_ready(in_ready),
        .out_data(out_data),
        .out_keep(out_keep), .out_last(out_last), .out_valid(out_valid), .out_ready(out_ready), .stop(stop)
    );
    // the sponge's state (connected by the .sby script)
    wire [4:0] hk_rate_w, hk_nr, hk_wptr, hk_ocnt, hk_f_out, hk_f_words, hk_left;
    wire [7:0] hk_dom;
    wire [31:0] hk_orem;
    wire hk_unlimited, hk_lastblk, hk_lb_calc, hk_in_open, hk_in_rdy, hk_a_v, hk_b_v, hk_a_wl, hk_b_wl,
         hk_a_fl, hk_b_fl, hk_padq, hk_buf_full, hk_buf_final, hk_abs_start, hk_abs_final, hk_sq_start,
         hk_oempty, hk_sq_active, hk_perm_out, hk_res_pend, hk_olast, hk_busy, hk_done, hk_f_lastin,
         hk_f_run, hk_cmd_go;
    wire [5:0] hk_f_since, hk_f_want;

    reg f_init = 1'b1;
    always @(posedge clk) f_init <= 1'b0;
    // a command has been taken since reset (the configuration registers hold its mode)
    reg f_cfg;
    always @(posedge clk) f_cfg <= !rst && (f_cfg || hk_cmd_go);
    // the digest of the (held) mode: bytes, rate in words
    wire [31:0] f_dbytes = cmd_mode == 3'd0 ? 32'd28 : cmd_mode == 3'd1 ? 32'd32 : cmd_mode == 3'd2 ? 32'd48 : 32'd64;
    wire [4:0]  f_dwords = f_dbytes[7:3] + {4'd0, f_dbytes[2:0] != 3'd0};  // SHA3-224: 3.5 words
    wire [4:0]  f_rate = cmd_mode == 3'd0 ? 5'd18 : cmd_mode == 3'd1 ? 5'd17 : cmd_mode == 3'd2 ? 5'd13 : 5'd9;
    // a message is under way: taking words, holding them, or permuting / copying its blocks
    wire f_act = hk_in_open || hk_a_v || hk_padq || hk_buf_full || hk_abs_start || hk_sq_active;
    always @* if (!f_init) begin
        // configuration: SHA3 only (the sponge's block assumes cmd_mode < 4, held)
        assert(hk_nr == 5'd24);
        if (f_cfg) assert(hk_rate_w == f_rate && !hk_unlimited);
        else assert(hk_rate_w == 5'd21 && !f_act && hk_ocnt == 5'd0 && !hk_busy && !hk_done);
        if (f_act) assert(f_cfg && hk_orem == f_dbytes && (hk_lastblk || hk_lb_calc));
        // input side: in_ready is the open message with a free slot; b sits behind a
        assert(hk_in_rdy == (hk_in_open && !hk_b_v));
        assert(!(hk_a_v && hk_a_wl && hk_a_fl) && !(hk_b_v && hk_b_wl && hk_b_fl));
        if (hk_b_v) assert(hk_a_v && !hk_a_wl && !hk_a_fl);
        // the message's last word is the youngest word held; none is held once it has moved on
        if (hk_in_open) assert(!(hk_a_v && (hk_a_wl || hk_a_fl)) && !(hk_b_v && (hk_b_wl || hk_b_fl)) &&
                               !hk_padq && !hk_buf_final);
`ifndef F_DATA
        if (hk_in_open) assert(!hk_f_lastin);
`endif
        if (!hk_in_open && hk_b_v) assert(hk_b_wl || hk_b_fl);
        if (!hk_in_open && hk_a_v && !hk_b_v) assert(hk_a_wl || hk_a_fl);
        if (hk_padq) assert(!hk_a_v && !hk_in_open);
        if (hk_buf_final) assert(hk_buf_full && !hk_a_v && !hk_padq && !hk_in_open);
        if (!hk_buf_full) assert(hk_wptr < hk_rate_w);
`ifndef F_DATA
        // a full block holds rate words (f_words: words written since the last absorb), the final one 1..rate
        if (hk_buf_full) assert(hk_buf_final ? hk_f_words != 5'd0 && hk_f_words <= hk_rate_w : hk_f_words == hk_rate_w);
`endif
        if (hk_in_open || hk_a_v || hk_padq) assert(!hk_sq_active);
        // absorb / squeeze: SHA3's digest fits one block, so the core never squeezes again
        assert(!hk_sq_start);
        if (hk_sq_active) assert(!hk_in_open && !hk_a_v && !hk_padq && !hk_buf_full);
        if (hk_abs_start) assert(!hk_busy && !hk_done && !hk_res_pend);
        if (hk_abs_start && hk_abs_final) assert(hk_sq_active && !hk_perm_out);
        if (hk_abs_start && !hk_abs_final) assert(!hk_sq_active && !hk_perm_out);
        if (hk_perm_out) assert(hk_sq_active && (hk_busy || hk_done || hk_res_pend));
        if (hk_res_pend) assert(hk_perm_out && !hk_busy && !hk_done);
        if (hk_sq_active) assert(hk_perm_out || hk_abs_start);
        if (hk_busy || hk_done) assert(hk_f_run && !hk_abs_start);
        if (!hk_sq_active) assert(!hk_perm_out && !hk_res_pend);
        // the core's counters: a run of nr rounds started f_since clocks ago
        if (hk_f_run) assert(hk_f_want == 6'd24 / RPC[5:0] && hk_f_since != 6'd0 && hk_f_since <= hk_f_want &&
                             (hk_busy ? {1'b0, hk_left} == (hk_f_want - hk_f_since) * RPC[5:0] :
                                        hk_f_since == hk_f_want));
        if (hk_f_run) assert(hk_busy || hk_done);
        // output side: a SHA3 digest leaves as one block; the words popped and the words left add up
        assert(hk_oempty == (hk_ocnt == 5'd0));
`ifndef F_DATA
        if (hk_ocnt != 5'd0) assert(hk_olast && hk_ocnt + hk_f_out == f_dwords);
        else assert(hk_f_out == 5'd0);
`endif
    end
`ifdef F_DATA
    // task data: the skid stage's words and the block buffer's contents
    wire [3:0] hk_f_n, hk_f_nin, hk_f_nwr;
    wire       hk_f_have;
    wire [63:0] hk_f_word, hk_a_data, hk_b_data;
    wire [64*21-1:0] hk_ibuf;
    wire [20:0] hk_wsel;
    wire        hk_wv;
    wire        hk_at_end;
    wire [3:0] f_cnt = {3'd0, hk_a_v} + {3'd0, hk_b_v};
    wire [3:0] f_d = hk_f_n - hk_f_nwr;      // the followed word's place in the skid stage
    integer w;
    always @* if (!f_init) begin
        // the skid stage holds the words taken and not yet written, in order
        assert(hk_f_nin - hk_f_nwr == f_cnt);
        if (!hk_f_have) assert(hk_f_nwr <= hk_f_nin && hk_f_nin <= hk_f_n);
        if (hk_f_have && f_d < f_cnt) assert(f_d == 4'd0 ? hk_a_data == hk_f_word : hk_b_data == hk_f_word);
        // the block buffer: nothing at or beyond the write pointer of a block being filled, and
        // nothing at all between messages (a command then finds it empty); in the clock after
        // a block is absorbed (abs_start) the block is still there, cleared at its end
        for (w = 0; w < 21; w = w + 1)
            if (!hk_buf_full && !hk_abs_start && w >= hk_wptr) assert(hk_ibuf[64*w +: 64] == 64'd0);
        if (hk_abs_start) assert(!hk_buf_full && hk_wptr == 5'd0);
        if (!hk_in_open && !hk_a_v && !hk_padq && !hk_buf_full) assert(hk_wptr == 5'd0);
        // (task ctrl's own asserts, absent here: the one-hot write select and the block's end)
        assert(hk_wsel == (hk_buf_full ? 21'd0 : 21'd1 << hk_wptr));
        assert(hk_wv == (hk_a_v || hk_padq));
        if (!hk_buf_full) assert(hk_at_end == (hk_wptr + 5'd1 == hk_rate_w));
        else assert(hk_wptr == 5'd0 && !hk_at_end);
    end
`endif
endmodule
`default_nettype wire
