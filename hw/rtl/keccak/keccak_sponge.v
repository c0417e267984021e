// SPDX-License-Identifier: Apache-2.0 OR MIT
// keccak_sponge - SHA3-224/256/384/512, SHAKE128/256 and TurboSHAKE128/256 on one keccak_core,
// the mode chosen per message. Rate, padding (domain byte, final 0x80) and round count are
// applied here; the caller streams message bytes and takes output words.
//
// Command (cmd_valid/cmd_ready): cmd_mode
//   0 SHA3-224  1 SHA3-256  2 SHA3-384  3 SHA3-512
//   4 SHAKE128  5 SHAKE256  6 TurboSHAKE128  7 TurboSHAKE256 (domain byte cmd_domain, 0x01..0x7F)
// cmd_outlen: output bytes of an XOF (0 = unlimited: squeeze until `stop`); SHA3 ignores it.
// A TurboSHAKE command whose domain byte is outside 0x01..0x7F (the library's KF_ERR_BAD_DOMAIN)
// is taken and dropped, with cmd_err set until the next command is taken; no message is read
// for it. cmd_err is 0 after a valid command is taken, and after reset.
//
// Input stream: 64-bit words, byte k of the message in bits [8k+7:8k] (little-endian);
// in_keep marks the valid bytes, contiguous from byte 0; only the word with in_last may be
// partial (keep 0x00 with in_last ends a message on a word boundary, e.g. the empty message).
// Output stream: 64-bit words in the same byte order, out_keep/out_last on a message's
// final word (never for an unlimited XOF). Both streams: a word moves when valid && ready.
//
// Input words pass a two-word skid stage (in_ready is a register, and the block buffer's
// write enables come from registers alone: the caller's valid never reaches the 1,344 buffer
// bits) and then go into a block buffer, so the next block is absorbed while the
// core permutes the previous one; the rate part of each squeezed state is copied to an
// output buffer and the next squeeze permutation starts in the same clock, so output words
// drain while the core works. A new command is taken as soon as the previous message needs
// no more permutations (its last output words may still be draining: they come out first).
//
// Isolation: a new message always starts from the all-zero state (flag `fresh`) and an
// all-zero block buffer. `stop` (any time) abandons the current message: buffers cleared,
// pending output dropped, a running permutation's result ignored.
`default_nettype none
module keccak_sponge #(
    parameter integer RPC = 1
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        cmd_valid,
    output wire        cmd_ready,
    input  wire [2:0]  cmd_mode,
    input  wire [7:0]  cmd_domain,
    input  wire [31:0] cmd_outlen,
    output reg         cmd_err,
    input  wire [63:0] in_data,
    input  wire [7:0]  in_keep,
    input  wire        in_last,
    input  wire        in_valid,
    output wire        in_ready,
    output wire [63:0] out_data,
    output wire [7:0]  out_keep,
    output wire        out_last,
    output wire        out_valid,
    input  wire        out_ready,
    input  wire        stop
);
    localparam integer NW = 21;  // words of the largest rate (SHAKE128: 168 bytes)

    // ---- per-message configuration
    reg  [4:0]  rate_w;     // rate in 64-bit words
    reg  [7:0]  dom;        // domain byte
    reg  [4:0]  nr;
    reg  [31:0] orem;       // output bytes not yet in the output buffer
    reg         unlimited;
    reg         lastblk;    // the next output block is the message's last
    reg         lb_calc;    // orem/unlimited just changed: recompute lastblk from them now

    // ---- input side
    reg  [63:0] ibuf [0:NW-1];
    reg  [4:0]  wptr;
    reg  [NW-1:0] wsel;     // one-hot wptr: the buffer word the next write goes to; all zero
                            // while buf_full (so a word's write enable needs no buf_full)
    reg         at_end;     // wptr + 1 == rate_w, as a register: the next write fills the block
    reg         in_open;    // the message takes input words (until its in_last word)
    reg         in_rdy;     // in_ready as a register: in_open and a free skid slot
    // skid stage, two entries: a (the next word for the block buffer) and b (behind a).
    // Each entry holds the word as it goes into the buffer (masked, domain byte added), ready
    // for the buffer without any logic on the caller's signals.
    reg         a_v, b_v;
    reg  [63:0] a_data, b_data;
    reg         a_wl, b_wl;     // the word ends the message (partial last word)
    reg         a_fl, b_fl;     // the word is a full last word (the padding word follows)
    reg         padq;       // last word was full: the padding goes into a word of its own
    reg         wv;         // a_v || padq, as a register: a word (or the padding) waits
    reg         buf_full;   // ibuf holds a block ready for the core
    reg         buf_final;  // ... and it is the message's last (padded) block
    reg         fresh;      // next absorb starts from the zero state
    reg         abs_start;  // a block was loaded into the core: permute it now
    reg         abs_final;  // ... and it was the message's last
    reg         sq_start;   // an output state was copied: permute again now
    reg         oempty;     // ocnt == 0, as a register

    // ---- squeeze side
    reg         sq_active;  // the message still needs output blocks
    reg         perm_out;   // the running permutation's result is output
    reg         res_pend;   // core holds an output state not yet copied
    reg  [63:0] obuf [0:NW-1];
    reg  [4:0]  ocnt;       // words left in obuf
    reg         olast;      // obuf holds the message's final words
    reg  [7:0]  okeep;      // keep of the final word

    wire [1599:0] core_state;
    wire          core_busy, core_done;

    // ---- command
    assign cmd_ready = !in_open && !a_v && !padq && !buf_full && !sq_active;
    wire cmd_take = cmd_valid && cmd_ready && !stop;
    wire dom_bad = cmd_mode[2:1] == 2'b11 && (cmd_domain == 8'h00 || cmd_domain[7]);
    wire cmd_go = cmd_take && !dom_bad;

    // ---- input words: the caller's word enters the skid stage (enq); the stage's head goes
    // into the block buffer when it has room (deq). Only registers decide a buffer write.
    assign in_ready = in_rdy && !stop;
    wire enq    = in_valid && in_ready;
    wire can_wr = !buf_full && !stop;
    wire deq    = a_v && can_wr;
    wire pad_go = padq && can_wr;  // the synthetic empty last word (never with a_v: see cmd_ready)
    wire [1:0] fill_next = {1'b0, a_v} + {1'b0, b_v} + {1'b0, enq} - {1'b0, deq};

    // bytes in the word: keep is contiguous from bit 0
    reg [3:0] nbytes;
    integer k;
    always @* begin
        nbytes = 4'd8;
        for (k = 7; k >= 0; k = k - 1)
            if (!in_keep[k]) nbytes = k[3:0];
    end
    reg [63:0] keepmask;
    always @* begin
        for (k = 0; k < 8; k = k + 1) keepmask[8*k +: 8] = {8{in_keep[k]}};
    end
    // the incoming word as it will go into the buffer
    wire        in_wl   = in_last && nbytes != 4'd8;      // it ends the message
    wire        in_fl   = in_last && nbytes == 4'd8;      // full last word: padding follows
    wire [63:0] domword = {56'd0, dom} << {nbytes[2:0], 3'b000};
    wire [63:0] in_word = (in_data & keepmask) | (in_wl ? domword : 64'd0);
    // the buffer write
    wire        wlast   = pad_go || a_wl;                 // this write ends the message
    // the data selected by padq alone (padq and a_v never hold together), so buf_full
    // reaches only the write enables, not the 1,344 data inputs through a 64-bit mux
    wire [63:0] wdata   = padq ? {56'd0, dom} : a_data;
    wire        wr      = deq || pad_go;
    // A buffer word's write enable is a LUT of two registers, wv && wsel[w] (wsel is zero
    // while buf_full): neither buf_full nor stop is in it (ECP5 Fmax, issue 55: the caller's
    // stop -> can_wr -> wr -> the enable was 10.2 ns, 9.0 of it routing). stop clears the words
    // instead (a synchronous reset over the enable); word 0 checks it, its write winning over
    // abs_start's clear.

    // ---- absorb: hand a full block to the core
    // (stop is left out of the core's start conditions for timing: it cancels the core's permutation instead)
    // The block is XORed into the state by the core's load path (one clock), and the
    // permutation starts in the next clock (abs_start), so no input mux sits in front of the
    // round logic.
    wire absorb_go = buf_full && !core_busy && !res_pend && !abs_start;

    // ---- squeeze: copy the core's output state into obuf
    wire pop      = out_valid && out_ready;
    wire avail    = res_pend || (core_done && perm_out);
    wire obuf_free = oempty;
    wire load_go  = avail && obuf_free;
    wire [7:0]  rate_b = {rate_w, 3'b000};
    wire [7:0]  take    = lastblk ? orem[7:0] : rate_b;            // bytes of this block
    wire [31:0] orem_next = orem - {24'd0, rate_b};                // after a whole block
    wire [4:0]  take_w  = take[7:3] + {4'd0, take[2:0] != 3'd0};
    reg  [7:0]  take_keep;
    always @* begin
        for (k = 0; k < 8; k = k + 1) take_keep[k] = (take[2:0] == 3'd0) || (k < take[2:0]);
    end
    wire squeeze_go = load_go && !lastblk;  // more output needed: permute again (next clock)

    // ---- core input: state (zero for a message's first block) ^ block ^ final 0x80.
    // Used only when the core loads it (absorb_go), so it depends on registers alone.
    wire [1599:0] din;
    wire keep_state = !fresh;
    integer w;
    genvar gw;
    generate
        for (gw = 0; gw < 25; gw = gw + 1) begin : g_din
            if (gw < NW) begin : g_rate
                wire pad = buf_final && rate_w == gw + 1;
                assign din[64*gw +: 64] = (keep_state ? core_state[64*gw +: 64] : 64'd0) ^
                                          ibuf[gw] ^ {pad, 63'd0};
            end else begin : g_cap
                assign din[64*gw +: 64] = keep_state ? core_state[64*gw +: 64] : 64'd0;
            end
        end
    endgenerate

    keccak_core #(.RPC(RPC)) u_core (
        .clk(clk), .rst(rst), .start(abs_start || sq_start), .load(absorb_go), .cancel(stop),
        .nr(nr), .din(din),
        .state(core_state), .busy(core_busy), .done(core_done)
    );

    // ---- output words
    assign out_valid = ocnt != 5'd0;
    assign out_data  = obuf[0];
    assign out_last  = olast && ocnt == 5'd1;
    assign out_keep  = out_last ? okeep : 8'hFF;

    always @(posedge clk) begin
        // input buffer
        for (w = 0; w < NW; w = w + 1) begin
            // (a new command finds the buffer already zero: each block is cleared as it is
            // absorbed, and stop clears it; so cmd_go is not among the 1,344 clears.) The clear
            // of an absorbed block comes the clock after absorb_go (abs_start: a register, so
            // the 1,344 bits' clear is a LUT of three registers, abs_start, stop and rst; ECP5
            // Fmax, issue 37: absorb_go's LUT of four registers and the clear's OR were in front
            // of these LSR nets). In that clock the core has loaded the block and nothing else
            // reads ibuf; the one write it can meet is word 0's (wptr was rewound by the write
            // that filled the block, buf_full is low again), and that write wins (the other
            // words keep the clear first, a plain synchronous reset).
            if (w == 0 && wv && wsel[w] && !stop) ibuf[w] <= wdata;
            else if (abs_start || stop) ibuf[w] <= 64'd0;
            else if (wv && wsel[w]) ibuf[w] <= wdata;
        end
        if (wr) begin
            // The write that fills or ends a block rewinds the write pointer at once, so
            // absorb_go (buf_full and the core's state) never reaches wptr or at_end, only
            // wsel[0] (set again as the block is absorbed): no write happens while buf_full
            // holds, and the next message's cmd_go rewinds it anyway.
            if (wlast || at_end) begin
                buf_full <= 1'b1;
                wptr     <= 5'd0;
                wsel     <= {NW{1'b0}};         // word 0's again when the block is absorbed
                at_end   <= 1'b0;
            end
            if (wlast) begin
                buf_final <= 1'b1;
                padq      <= 1'b0;
            end else begin
                if (a_fl) padq <= 1'b1;      // full last word: padding follows
                if (!at_end) begin
                    wptr <= wptr + 5'd1;
                    wsel <= {wsel[NW-2:0], 1'b0};
                    // the compare on registers, ahead of the write that needs it
                    at_end <= wptr + 5'd2 == rate_w;
                end
            end
        end
        // skid stage: a takes b's word or the incoming one whenever it is empty or moves on
        if (!a_v || deq) begin
            a_data <= b_v ? b_data : in_word;
            a_wl   <= b_v ? b_wl : in_wl;
            a_fl   <= b_v ? b_fl : in_fl;
        end
        // b takes every incoming word (b_v says whether it holds one): its enable is the
        // caller's handshake alone, not the buffer's deq (buf_full) behind it. A word that
        // goes to a (or to a and b both) leaves b_v clear; b_v set means in_ready is low.
        if (enq) begin
            b_data <= in_word;
            b_wl   <= in_wl;
            b_fl   <= in_fl;
        end
        a_v    <= fill_next != 2'd0;
        // (padq's next value: a write ends the message, or a full last word sets it)
        wv     <= fill_next != 2'd0 || (wr ? !wlast && a_fl : padq);
        b_v    <= fill_next == 2'd2;
        if (enq && in_last) in_open <= 1'b0;
        in_rdy <= (in_open && !(enq && in_last)) && fill_next != 2'd2;
        abs_start <= absorb_go;
        sq_start  <= squeeze_go;
        if (absorb_go) begin
            buf_full  <= 1'b0;
            buf_final <= 1'b0;
            wsel[0]   <= 1'b1;   // (the other bits are zero already: not in their reset)
            // (wptr and at_end were rewound by the write that filled the block)
            fresh     <= 1'b0;
            abs_final <= buf_final;
            if (buf_final) sq_active <= 1'b1;
        end
        if (abs_start) perm_out <= abs_final;
        if (cmd_take) cmd_err <= dom_bad;
        if (cmd_go) begin
            in_open <= 1'b1;
            in_rdy  <= 1'b1;
            wptr    <= 5'd0;
            wsel    <= {{(NW-1){1'b0}}, 1'b1};
            at_end  <= 1'b0;
            fresh   <= 1'b1;
            case (cmd_mode)
                3'd0: begin rate_w <= 5'd18; dom <= 8'h06; nr <= 5'd24; orem <= 32'd28; unlimited <= 1'b0; end
                3'd1: begin rate_w <= 5'd17; dom <= 8'h06; nr <= 5'd24; orem <= 32'd32; unlimited <= 1'b0; end
                3'd2: begin rate_w <= 5'd13; dom <= 8'h06; nr <= 5'd24; orem <= 32'd48; unlimited <= 1'b0; end
                3'd3: begin rate_w <= 5'd9;  dom <= 8'h06; nr <= 5'd24; orem <= 32'd64; unlimited <= 1'b0; end
                default: begin
                    rate_w    <= cmd_mode[0] ? 5'd17 : 5'd21;
                    dom       <= cmd_mode[1] ? cmd_domain : 8'h1F;
                    nr        <= cmd_mode[1] ? 5'd12 : 5'd24;
                    orem      <= cmd_outlen;
                    unlimited <= cmd_outlen == 32'd0;
                end
            endcase
        end
        // lastblk follows orem and unlimited one clock after they change (a command, a block
        // copied out): no compare sits behind the command's inputs or orem's subtract, and
        // lastblk is next read at the next load_go, a whole permutation later
        lb_calc <= cmd_go || load_go;
        if (lb_calc) lastblk <= !unlimited && orem <= {24'd0, rate_b};
        // squeeze
        if (core_done && perm_out && !load_go) res_pend <= 1'b1;
        if (load_go) begin
            res_pend <= 1'b0;
            for (w = 0; w < NW; w = w + 1) obuf[w] <= core_state[64*w +: 64];
            ocnt  <= lastblk ? take_w : rate_w;
            oempty <= 1'b0;
            olast <= lastblk;
            okeep <= take_keep;
            if (!unlimited) orem <= orem_next;
            if (lastblk) begin
                sq_active <= 1'b0;
                perm_out  <= 1'b0;
            end else begin
                perm_out  <= 1'b1;
            end
        end else if (pop) begin
            for (w = 0; w < NW - 1; w = w + 1) obuf[w] <= obuf[w + 1];
            obuf[NW-1] <= 64'd0;
            ocnt <= ocnt - 5'd1;
            oempty <= ocnt == 5'd1;
        end
        if (stop || rst) begin
            in_open   <= 1'b0;
            in_rdy    <= 1'b0;
            a_v       <= 1'b0;
            b_v       <= 1'b0;
            wsel      <= {{(NW-1){1'b0}}, 1'b1};
            at_end    <= 1'b0;
            lb_calc   <= 1'b0;
            padq      <= 1'b0;
            wv        <= 1'b0;
            abs_start <= 1'b0;
            abs_final <= 1'b0;
            sq_start  <= 1'b0;
            oempty    <= 1'b1;
            buf_full  <= 1'b0;
            buf_final <= 1'b0;
            wptr      <= 5'd0;
            sq_active <= 1'b0;
            perm_out  <= 1'b0;
            res_pend  <= 1'b0;
            ocnt      <= 5'd0;
            olast     <= 1'b0;
        end
        if (rst) begin
            cmd_err   <= 1'b0;
            fresh     <= 1'b1;
            rate_w    <= 5'd21;
            dom       <= 8'h1F;
            nr        <= 5'd24;
            orem      <= 32'd0;
            unlimited <= 1'b1;
            lastblk   <= 1'b0;
            okeep     <= 8'hFF;
            a_data    <= 64'd0;   // hygiene (issue 37): the skid stage's words too
            b_data    <= 64'd0;
            for (w = 0; w < NW; w = w + 1) begin
                ibuf[w] <= 64'd0;
                obuf[w] <= 64'd0;
            end
        end
    end
`ifdef FORMAL
    // ---- properties (hw/formal/sponge.sby; the round function is left free there).
    // Task ctrl (no F_DATA): word counts; task data (F_DATA): what the words carry.
    reg f_init = 1'b1;
    always @(posedge clk) f_init <= 1'b0;
    always @* if (f_init) assume(rst);
    // the command's mode is held (so the digest length of a message is known): SHA3 modes
    always @* assume(cmd_mode < 3'd4);
    always @(posedge clk) if (!f_init) assume(cmd_mode == $past(cmd_mode));
    wire [4:0] f_digest_words = (cmd_mode == 3'd2) ? 5'd6 : (cmd_mode == 3'd3) ? 5'd8 : 5'd4;
`ifndef F_DATA
    reg [4:0] f_words;      // input words (with the padding word) in the current block
    reg [4:0] f_out;        // output words of the current message popped so far
    reg [1:0] f_skid;       // words taken at the input and not yet written to the buffer
    reg       f_lastin;     // the message's in_last word has been taken
    always @(posedge clk) begin
        if (rst || stop || absorb_go || cmd_go) f_words <= 5'd0;
        else if (wr) f_words <= f_words + 5'd1;
        if (rst || stop) f_skid <= 2'd0;
        else f_skid <= f_skid + {1'b0, enq} - {1'b0, deq};
        if (rst || stop || cmd_go) f_lastin <= 1'b0;
        else if (enq && in_last) f_lastin <= 1'b1;
        if (rst || stop) f_out <= 5'd0;
        else if (pop) f_out <= out_last ? 5'd0 : f_out + 5'd1;
    end
    always @(posedge clk) if (!f_init && !$past(rst)) begin
        // no input word lost or duplicated: each accepted word went to its own buffer slot,
        // and a block is absorbed whole (a non-final block holds exactly rate words)
        if (!buf_full) assert(wptr == f_words);
        // the skid stage holds exactly the words taken and not yet written, and takes none
        // after the message's last word; the padding word never overtakes a message word
        assert(f_skid == {1'b0, a_v} + {1'b0, b_v} && (a_v || !b_v));
        if (f_lastin) assert(!in_ready && !in_open);
        if (in_ready) assert(in_open && !b_v);
        assert(!(padq && a_v));
        assert(wv == (a_v || padq));
        assert(wsel == (buf_full ? {NW{1'b0}} : {{(NW-1){1'b0}}, 1'b1} << wptr));
        if (!buf_full) assert(at_end == (wptr + 5'd1 == rate_w));
        // a full block's write pointer is already rewound (absorb_go does not touch it)
        if (buf_full) assert(wptr == 5'd0 && !at_end);
        if ($past(absorb_go) && !$past(buf_final)) assert($past(f_words) == $past(rate_w));
        if ($past(absorb_go)) assert($past(f_words) <= $past(rate_w) && $past(f_words) != 5'd0);
        // a word offered and not taken is still offered (the data: task data)
        if ($past(out_valid && !out_ready && !stop)) assert(out_valid && out_last == $past(out_last));
        // a digest has exactly its length: 4 words for SHA3-224 (28 B) and 256, 6, 8
        if (out_valid && out_last) assert(f_out + 5'd1 == f_digest_words);
        // no output before a message's final block has been permuted
        if (out_valid) assert(f_out < f_digest_words);
    end
`else
    // no input word lost, duplicated or reordered by the skid stage: the f_n-th word taken in
    // a message (any n) is the f_n-th word written to the block buffer, with its bytes
    (* anyconst *) reg [3:0] f_n;
    reg [3:0]  f_nin, f_nwr;     // words of the message taken / written (padding word aside)
    reg [63:0] f_word;
    reg        f_have;
    always @(posedge clk) begin
        if (rst || stop || cmd_go) begin
            f_nin <= 4'd0; f_nwr <= 4'd0; f_have <= 1'b0;
        end else begin
            if (enq) begin
                f_nin <= f_nin + 4'd1;
                if (f_nin == f_n) begin f_word <= in_word; f_have <= 1'b1; end
            end
            if (deq) f_nwr <= f_nwr + 4'd1;
        end
    end
    always @* if (!f_init && !rst && !stop && deq && f_nwr == f_n) assert(f_have && wdata == f_word);
    always @(posedge clk) if (!f_init && !$past(rst)) begin
        // back-pressure on the output: a word offered and not taken stays, unchanged
        if ($past(out_valid && !out_ready && !stop))
            assert(out_valid && out_data == $past(out_data) && out_keep == $past(out_keep));
        // isolation: a new message starts from an all-zero block buffer and the zero state
        if ($past(cmd_go)) begin
            assert(fresh && !buf_full && wptr == 5'd0);
            for (w = 0; w < NW; w = w + 1) assert(ibuf[w] == 64'd0);
        end
    end
    // the first permutation of a message sees only the message's block (no old state)
    always @* if (!f_init && absorb_go && fresh) begin
        // (din is what the core loads)
        for (w = 0; w < NW; w = w + 1)
            assert(din[64*w +: 64] == (ibuf[w] ^ ((buf_final && w[4:0] == rate_w - 5'd1) ?
                                                   64'h8000000000000000 : 64'd0)));
        assert(din[1599:64*NW] == 256'd0);
    end
`endif
`endif
endmodule
`default_nettype wire
