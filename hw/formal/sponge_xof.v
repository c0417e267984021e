// SPDX-License-Identifier: Apache-2.0 OR MIT
// Harness for sponge_xof.sby: keccak_sponge at one round per clock in its XOF modes (SHAKE128/256,
// TurboSHAKE128/256, any output length, 0 = unlimited), proven for all depths by k-induction, the
// round function free and the data path cut away. The sponge is read without its own FORMAL block
// (which assumes SHA3 modes); the properties are here:
//   digest length exact: a message of L output bytes (L != 0) gives ceil(L / 8) words, out_last and
//     out_keep on the last with L mod 8 bytes (8 if 0); an unlimited one never gives out_last;
//   output held under back-pressure: a word offered and not taken stays, with its last / keep;
//   no output word before a message's final block was absorbed (the words out belong to a message
//     whose input is complete) and none after a stop.
// The mode, domain byte and length are held (the same for every message), as sponge.sby holds the
// SHA3 mode. The invariants read the unit through hk_* wires (connected by the .sby script).
`default_nettype none
module sponge_xof (
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
    output wire        out_valid
);
    /* verilator lint_off PINCONNECTEMPTY */
    keccak_sponge #(.RPC(1)) u (
        .clk(clk), .rst(rst), .cmd_valid(cmd_valid), .cmd_ready(cmd_ready), .cmd_mode(cmd_mode),
        .cmd_domain(cmd_domain), .cmd_outlen(cmd_outlen), .cmd_err(cmd_err),
        .in_data(in_data), .in_keep(in_keep), .in_last(in_last), .in_valid(in_valid), .in_ready(in_ready),
        .out_data(), .out_keep(out_keep), .out_last(out_last), .out_valid(out_valid), .out_ready(out_ready),
        .stop(stop)
    );
    /* verilator lint_on PINCONNECTEMPTY */
    wire [4:0] hk_rate_w, hk_nr, hk_wptr, hk_ocnt, hk_left;
    wire [31:0] hk_orem;
    wire [7:0] hk_okeep;
    wire hk_unlimited, hk_lastblk, hk_lb_calc, hk_in_open, hk_in_rdy, hk_a_v, hk_b_v, hk_a_wl, hk_b_wl,
         hk_a_fl, hk_b_fl, hk_padq, hk_buf_full, hk_buf_final, hk_abs_start, hk_abs_final, hk_sq_start,
         hk_oempty, hk_sq_active, hk_perm_out, hk_res_pend, hk_olast, hk_busy, hk_done, hk_f_run, hk_cmd_go,
         hk_at_end;
    wire [5:0] hk_f_since, hk_f_want;

    reg f_init = 1'b1;
    always @(posedge clk) f_init <= 1'b0;
    always @* if (f_init) assume(rst);
    // the XOF modes, the settings held
    always @* assume(cmd_mode >= 3'd4);
    always @(posedge clk) if (!f_init) assume(cmd_mode == $past(cmd_mode) && cmd_domain == $past(cmd_domain) &&
                                              cmd_outlen == $past(cmd_outlen));
    wire [31:0] L = cmd_outlen;
    wire [4:0]  f_rate = cmd_mode[0] ? 5'd17 : 5'd21;
    wire [4:0]  f_nr = cmd_mode[1] ? 5'd12 : 5'd24;
    wire [7:0]  f_rate_b = {f_rate, 3'b000};

    reg f_cfg;       // a command has been taken since reset
    always @(posedge clk) f_cfg <= !rst && (f_cfg || hk_cmd_go);
    reg [31:0] f_out;    // words of the current message popped
    wire pop = out_valid && out_ready;
    always @(posedge clk) begin
        if (rst || stop) f_out <= 32'd0;
        else if (pop) f_out <= out_last ? 32'd0 : f_out + 32'd1;
    end
    function [3:0] f_bytes(input [7:0] keep);
        f_bytes = {3'd0, keep[0]} + {3'd0, keep[1]} + {3'd0, keep[2]} + {3'd0, keep[3]} +
                  {3'd0, keep[4]} + {3'd0, keep[5]} + {3'd0, keep[6]} + {3'd0, keep[7]};
    endfunction
    // output bytes given so far (popped) plus those waiting in the output buffer
    wire [39:0] f_given = {5'd0, f_out, 3'b000} + (hk_ocnt == 5'd0 ? 40'd0 : hk_olast ? {32'd0, hk_ocnt - 5'd1, 3'b000} + {36'd0, f_bytes(hk_okeep)}
                                                            : {32'd0, hk_ocnt, 3'b000});
    wire [39:0] f_L = {8'd0, L};
    wire f_act = hk_in_open || hk_a_v || hk_padq || hk_buf_full || hk_abs_start || hk_sq_active;

    // ---- the properties
    always @(posedge clk) if (!f_init && !$past(rst)) begin
        // a word offered and not taken stays, with its last and keep
        if ($past(out_valid && !out_ready && !stop))
            assert(out_valid && out_last == $past(out_last) && out_keep == $past(out_keep));
        // none after a stop
        if ($past(stop)) assert(!out_valid);
    end
    always @* if (!f_init) begin
        // the length: the last word completes exactly L bytes; an unlimited message has no last word
        if (out_valid && out_last) assert(L != 32'd0 && {5'd0, f_out, 3'b000} + {36'd0, f_bytes(out_keep)} == f_L);
        if (out_valid && !out_last && L != 32'd0) assert({5'd0, f_out, 3'b000} + 40'd8 < f_L);
        // words out belong to a message whose input is complete: the one being squeezed or an earlier one
        if (out_valid) assert(f_cfg);
    end

    // ---- strengthening invariants
    always @* if (!f_init) begin
        if (f_cfg) assert(hk_rate_w == f_rate && hk_nr == f_nr && hk_unlimited == (L == 32'd0));
        else assert(hk_rate_w == 5'd21 && hk_nr == 5'd24 && !f_act && hk_ocnt == 5'd0 && !hk_busy && !hk_done);
        // input side (as sponge_ind.v)
        assert(hk_in_rdy == (hk_in_open && !hk_b_v));
        assert(!(hk_a_v && hk_a_wl && hk_a_fl) && !(hk_b_v && hk_b_wl && hk_b_fl));
        if (hk_b_v) assert(hk_a_v && !hk_a_wl && !hk_a_fl);
        if (hk_in_open) assert(!(hk_a_v && (hk_a_wl || hk_a_fl)) && !(hk_b_v && (hk_b_wl || hk_b_fl)) &&
                               !hk_padq && !hk_buf_final);
        if (!hk_in_open && hk_b_v) assert(hk_b_wl || hk_b_fl);
        if (!hk_in_open && hk_a_v && !hk_b_v) assert(hk_a_wl || hk_a_fl);
        if (hk_padq) assert(!hk_a_v && !hk_in_open);
        if (hk_buf_final) assert(hk_buf_full && !hk_a_v && !hk_padq && !hk_in_open);
        if (!hk_buf_full) assert(hk_wptr < hk_rate_w && hk_at_end == (hk_wptr + 5'd1 == hk_rate_w));
        else assert(hk_wptr == 5'd0 && !hk_at_end);
        if (hk_buf_full && !hk_buf_final) assert(hk_in_open || hk_a_v || hk_padq);
        // phases: absorb, permute, copy out, squeeze again
        if (hk_sq_active) assert(!hk_in_open && !hk_a_v && !hk_padq && !hk_buf_full);
        if (hk_abs_start) assert(!hk_busy && !hk_done && !hk_res_pend && !hk_sq_start);
        if (hk_abs_start && hk_abs_final) assert(hk_sq_active && !hk_perm_out);
        if (hk_abs_start && !hk_abs_final) assert(!hk_sq_active && !hk_perm_out && (hk_in_open || hk_a_v || hk_padq || hk_buf_full));
        if (hk_perm_out) assert(hk_sq_active && (hk_busy || hk_done || hk_res_pend || hk_sq_start));
        if (hk_res_pend) assert(hk_perm_out && !hk_busy && !hk_done && !hk_sq_start);
        if (hk_sq_start) assert(hk_perm_out && !hk_busy && !hk_done);
        if (hk_sq_active) assert(hk_perm_out || hk_abs_start);
        if (!hk_sq_active) assert(!hk_perm_out && !hk_res_pend && !hk_sq_start);
        if ((hk_busy || hk_done) && !hk_perm_out) assert(hk_in_open || hk_a_v || hk_padq || hk_buf_full);
        if (hk_busy || hk_done) assert(hk_f_run && !hk_abs_start && !(hk_busy && hk_done));
        if (hk_f_run) assert(hk_busy || hk_done);
        if (hk_f_run) assert(hk_f_want == {1'b0, hk_nr} && hk_f_since != 6'd0 && hk_f_since <= hk_f_want &&
                             (hk_busy ? {1'b0, hk_left} == hk_f_want - hk_f_since : hk_f_since == hk_f_want));
        if (hk_lb_calc) assert(!hk_res_pend && !hk_done);
        // the squeeze's bookkeeping: lastblk follows orem; a message's blocks give L bytes in all
        if (f_act) assert(f_cfg);
        if (f_act && !hk_sq_active) assert(hk_orem == L);
        if (f_act && !hk_lb_calc) assert(hk_lastblk == (L != 32'd0 && hk_orem <= {24'd0, f_rate_b}));
        if (L != 32'd0 && hk_sq_active) assert(hk_orem != 32'd0);
        assert(hk_oempty == (hk_ocnt == 5'd0));
        if (hk_ocnt != 5'd0) assert(f_cfg && hk_ocnt <= hk_rate_w && (hk_olast || hk_sq_active));
        if (hk_ocnt != 5'd0 && hk_olast) assert(L != 32'd0 && f_given == f_L && f_bytes(hk_okeep) != 4'd0);
        if (hk_ocnt == 5'd0 && !hk_sq_active) assert(f_out == 32'd0);
        // the message being squeezed: its words popped, waiting and still to come add up to L
        if (L != 32'd0 && hk_sq_active && !(hk_ocnt != 5'd0 && hk_olast))
            assert(f_given + {8'd0, hk_orem} == f_L);
        if (L != 32'd0 && hk_sq_active && hk_ocnt != 5'd0 && hk_olast) assert(hk_orem == L);
        if (L == 32'd0) assert(!hk_olast || hk_ocnt == 5'd0);
    end
    // reachability (task cover): a message's last word with a partial keep is taken
    always @(posedge clk) if (!f_init && !$past(rst)) cover(pop && out_last && out_keep != 8'hFF);
endmodule
`default_nettype wire
