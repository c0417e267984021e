// SPDX-License-Identifier: Apache-2.0 OR MIT
// mlkem_axil - the ML-KEM unit (rtl/mlkem/mlkem_top.v) behind an AXI4-Lite slave: 32-bit data,
// 16-bit byte addresses, one access at a time (a write that has both its address and its data
// goes first, then a read), every handshake with valid/ready as AXI4-Lite has it (the master may
// stall any channel any time; the slave keeps xRESP/RDATA until the master takes them).
//
// Registers (byte offsets; a read of a write-only register gives 0):
//   0x000 ID              RO  0x4D4C4B01 ("MLK", version 1)
//   0x004 CTRL            RW  [1:0] operation (0 KeyGen, 1 Encaps, 2 Decaps), [6:4] k (2, 3, 4 for
//                             ML-KEM-512/768/1024); a write while BUSY is refused (SLVERR)
//   0x008 CMD             WO  bit 0 START (refused, SLVERR, while BUSY), bit 1 ZEROIZE (taken in
//                             any state: a running operation is abandoned), bit 2 clear the
//                             transfer counters
//   0x00C STATUS          RO  bit 0 BUSY (an operation or a clearing runs), bit 1 DONE (the last
//                             START finished and its clearing too; cleared by START and ZEROIZE),
//                             bit 2 CLEARING, bit 3 the encapsulation key failed FIPS 203 7.2's
//                             check, bit 4 the decapsulation key failed 7.3's hash check, bit 5 an
//                             undefined operation or k, bit 6 ZEROIZED (a ZEROIZE finished since)
//   0x010 COMPUTE_CLOCKS  RO  clocks of the last operation, START taken to done (mlkem_top)
//   0x014 CLEAR_CLOCKS    RO  clocks of the last clearing (after done, or by ZEROIZE)
//   0x018 XFER_WR_CLOCKS  RO  clocks the slave spent on data-window writes (an access counts from
//                             the clock after it begins, address and data both in, to the clock
//                             its response is taken) since the counters were cleared
//   0x01C XFER_RD_CLOCKS  RO  the same for data-window reads
// Data windows (bytes little-endian, as FIPS 203 writes them; word i of a window is bytes 4i..4i+3):
//   0x0100 m (Encaps) or d (KeyGen), 32 bytes   WO   (byte buffer word 0)
//   0x0120 z (KeyGen), 32 bytes                 WO   (word 4)
//   0x0140 K, 32 bytes                          RO   (word 8)
//   0x1000 ct, up to 1,568 bytes                RW   (word 32)
//   0x2000 ek, up to 1,568 bytes                RW   (word 820)
//   0x4000 dk, up to 3,168 bytes                RW   (word 424)
// (gen_mlkem_prog.py's BB map). Any other address, a window access while BUSY, a read of m/d/z
// or a write of K answer SLVERR and change nothing.
//
// Hygiene: when an operation ends, the unit clears itself before DONE rises (clear-on-done:
// mlkem_top's ZEROIZE with the operation's outputs kept: ek and dk after KeyGen, ct and K after
// Encaps, K after Decaps); m, d, z, the seeds, the polynomials, the NTT's memory and the sponge
// are gone by then. ZEROIZE clears everything, the outputs included. A write to a window takes
// the 64-bit buffer word, merges the written bytes (WSTRB) and writes it back: 3 clocks from the
// address and data to the response; a read 3 clocks from the address to the data.
`default_nettype none
module mlkem_axil #(
    parameter integer RPC = 1,
    parameter integer BF  = 2
) (
    input  wire        aclk,
    input  wire        aresetn,
    input  wire [15:0] s_axi_awaddr,
    input  wire [2:0]  s_axi_awprot,
    input  wire        s_axi_awvalid,
    output wire        s_axi_awready,
    input  wire [31:0] s_axi_wdata,
    input  wire [3:0]  s_axi_wstrb,
    input  wire        s_axi_wvalid,
    output wire        s_axi_wready,
    output reg  [1:0]  s_axi_bresp,
    output reg         s_axi_bvalid,
    input  wire        s_axi_bready,
    input  wire [15:0] s_axi_araddr,
    input  wire [2:0]  s_axi_arprot,
    input  wire        s_axi_arvalid,
    output wire        s_axi_arready,
    output reg  [31:0] s_axi_rdata,
    output reg  [1:0]  s_axi_rresp,
    output reg         s_axi_rvalid,
    input  wire        s_axi_rready,
    output wire        irq              // DONE or ZEROIZED
);
    localparam [1:0] OKAY = 2'b00, SLVERR = 2'b10;
    localparam [9:0] W_M = 10'd0, W_Z = 10'd4, W_K = 10'd8, W_CT = 10'd32, W_DK = 10'd424, W_EK = 10'd820;
    wire rst = !aresetn;

    // ---------------------------------------------------------------- the unit
    reg         start, zstart;
    reg  [1:0]  op;
    reg  [2:0]  k;
    reg  [9:0]  ha;                 // byte-buffer word of the window access
    reg         hwe;
    wire [63:0] hrd;
    reg  [63:0] hwd;
    reg  [9:0]  k0_lo, k0_hi, k1_lo, k1_hi;
    wire        u_busy, u_done, zeroing;
    wire [2:0]  u_status;
    wire [31:0] u_clocks;
    mlkem_top #(.RPC(RPC), .BF(BF)) u_kem (
        .clk(aclk), .rst(rst), .start(start), .op_sel(op), .k_sel(k),
        .busy(u_busy), .done(u_done), .status(u_status), .clocks(u_clocks),
        .host_we(hwe), .host_addr(ha), .host_wdata(hwd), .host_rdata(hrd),
        .zero_start(zstart), .keep0_lo(k0_lo), .keep0_hi(k0_hi), .keep1_lo(k1_lo), .keep1_hi(k1_hi),
        .zeroing(zeroing));

    reg        pend;       // an operation is running or clearing after it (DONE not yet up)
    reg        done_r, zeroized, zrun;
    reg [31:0] clr_clocks, xwr, xrd;
    // CMD bit 2 clears xwr and xrd a clock after the write is decided (in A_B, when neither
    // counts and no register read can sample them: a read is taken in A_IDLE and samples in
    // A_RR's clock before): the A_IDLE decision no longer drives their 64 data inputs (ECP5 Fmax,
    // issue 55: ast -> the register write's decision, placed by the counters at (18,23), ->
    // s_axi_bvalid's enable was 11a4aaa seed 1's worst path, 12.83 ns, 11.36 of it routing)
    reg        xclr;
    wire       busy_all = pend || zeroing || zrun || u_busy;

    // ---------------------------------------------------------------- address decode
    // win: the access is in a data window (its buffer word in dw), rd_ok / wr_ok: it may be
    // read / written there
    /* verilator lint_off UNUSEDSIGNAL */
    function [12:0] decode(input [15:0] a, input is_wr);   // {ok, 2'b00, word[9:0]}
        reg [9:0] off;
        reg       ok;
        reg [9:0] base;
        begin
            off  = {1'b0, a[11:3]};
            ok   = 1'b0;
            base = 10'd0;
            if (a[15:8] == 8'h01 && a[7] == 1'b0) begin   // 0x0100..0x017F: m/d, z, K
                off = {8'd0, a[4:3]};
                case (a[6:5])
                    2'd0: begin base = W_M; ok = is_wr; end
                    2'd1: begin base = W_Z; ok = is_wr; end
                    2'd2: begin base = W_K; ok = !is_wr; end
                    default: ok = 1'b0;
                endcase
            end else if (a[15:12] == 4'h1) begin base = W_CT; ok = off < 10'd196; end
            else if (a[15:12] == 4'h2) begin base = W_EK; ok = off < 10'd196; end
            else if (a[15:13] == 3'b010) begin base = W_DK; off = a[12:3]; ok = off < 10'd396; end
            decode = {ok, 2'b00, base + off};
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */

    // ---------------------------------------------------------------- channels
    reg        aw_full, w_full, ar_full;
    reg [15:0] aw_a, ar_a;
    reg [31:0] w_d;
    reg [3:0]  w_s;
    assign s_axi_awready = !aw_full;
    assign s_axi_wready  = !w_full;
    assign s_axi_arready = !ar_full;

    localparam [2:0] A_IDLE = 3'd0, A_W1 = 3'd1, A_W2 = 3'd2, A_B = 3'd3, A_R1 = 3'd4, A_R2 = 3'd5, A_R = 3'd6,
                     A_RR = 3'd7;
    reg [2:0]  ast;
    reg        a_win;      // the access in progress is a window access (counted as a transfer)
    reg        a_hi;       // ... to the upper half of its buffer word
    // the buffer word read (hrd: mlkem_top's block RAM output, not registered in an ECP5 DP16KD,
    // ~6 ns) goes into a register (hrq) before the write merge or rdata take it (ECP5 Fmax, issue
    // 37: the RAM -> its bank pick -> rdata's select -> s_axi_rdata was 11.7 ns): A_W1 and A_R1
    // last two clocks (a_ph), a clock more per window access; hrq is cleared once used
    reg        a_ph;
    reg [63:0] hrq;
    // the window decodes, made as an address is taken (from the pins) into registers: the state
    // machine sees no compare chain (ECP5 Fmax, issue 37: ar_a -> decode -> ok -> rvalid's enable
    // was 13.5 ns, 11.1 of it routing, at 7621c95)
    reg  [12:0] dw, dr;   // decode(aw_a, 1), decode(ar_a, 0)
    reg         dw_reg, dr_reg;   // ... and whether the address is a register's (aw_a[15:8] == 0)
    reg         dr_rok;   // ar_a is one of the eight registers (0x00..0x1C, word aligned)
    // ... and the two writable registers, CTRL (aw_a == 0x0004) and CMD (0x0008), decoded as the
    // address is taken: the state machine's command decision (START, ZEROIZE -> zrun, pend,
    // done_r) sees one flag, not aw_a's compare (ECP5 Fmax, issue 55: aw_a -> the write decode
    // -> zrun was seed 3's worst path at e60f8f1, 12.40 ns, 10.93 of it routing)
    reg         dw_ctl, dw_cmd;
    // ... and the CMD write's START and ZEROIZE, decided in A_IDLE into zreq / sreq and carried
    // out a clock later (in A_B, before the master can take the response): zrun, pend, done_r,
    // zeroized and start load from these two flags, not from ast, the decode and w_d in the clock
    // that also sees the unit's done (ECP5 Fmax, issue 55: ast -> the window decode -> dw_ctl's
    // LUT -> a LUT with u_done -> zrun was 86e0028 seed 2's worst path, 11.73 ns, 10.26 of it
    // routing). START's and ZEROIZE's effects come a clock later than the response's bvalid;
    // STATUS cannot be read before them (a read is decided in A_IDLE, after the response).
    reg         zreq, sreq;
    // ... and the CTRL write the same way (creq: op and k load from w_d a clock after the decision,
    // w_d's clear landing at that clock's end): op / k no longer load from ast, the CTRL decode and
    // busy_all (ECP5 Fmax, issue 55: ast -> dw_ctl's LUT -> op / k was 19af4be seed 1's worst
    // path, 10.68 ns, 8.88 of it routing)
    reg         creq;
    // A register read takes a clock more (A_RR; AXI4-Lite lets RVALID come any clock after the
    // address): rrq holds, every clock, the two words ar_a[3:2] picks from registers 0x00..0x0C
    // (low) and 0x10..0x1C (high), and A_RR passes the half ar_a[4] (a_hi) names to rdata, as
    // A_R2 does for a window word. Before, ar_a -> an 8-way select -> rdata's own select was one
    // clock (ECP5 Fmax, issue 55: dr / ar_a[4] -> s_axi_rdata, 10.44 ns, 8.81 of it routing, at
    // 62106f4 seed 1). Only register values pass rrq (no buffer word: none is a secret).
    reg  [63:0] rrq;
    // w_d is cleared the clock after its use (w_clr), unless a new word is taken then: the
    // state machine's decision does not reach w_d's 32 bits by the pins in the same clock (ECP5
    // Fmax, issue 37: aw_a -> the register-page decode -> the state machine -> w_d's clear was
    // 11.8 ns, 10.1 of it routing, at f1561c0)
    reg         w_clr;
    wire [31:0] wmask = {{8{w_s[3]}}, {8{w_s[2]}}, {8{w_s[1]}}, {8{w_s[0]}}};
    wire [63:0] wnew  = a_hi ? {w_d, 32'd0} : {32'd0, w_d};
    wire [63:0] wm    = a_hi ? {wmask, 32'd0} : {32'd0, wmask};
    wire [6:0]  status_word = {zeroized, u_status[2], u_status[1], u_status[0], zeroing || zrun, done_r, busy_all};
    always @* begin
        hwe = ast == A_W2;
        hwd = (hrq & ~wm) | (wnew & wm);
    end

    always @(posedge aclk) begin
        start  <= 1'b0;
        zstart <= 1'b0;
        // the clearing is over (first here: a ZEROIZE taken in the same clock starts a new one)
        if (zrun && !zstart && !zeroing) begin
            zrun <= 1'b0;
            if (pend) begin pend <= 1'b0; done_r <= 1'b1; end
            else zeroized <= 1'b1;
        end
        // clear-on-done: the unit's done starts its clearing with the operation's outputs kept.
        // Before the bus's state machine below, so that a ZEROIZE taken in the clock in which done
        // rises overrides it (nothing kept, pend dropped: the clearing is ZEROIZE's, and ZEROIZED
        // is reported only after it). (Issue 52 R1: with this after the state machine, that
        // ZEROIZE's clearing kept dk and ek, or K and ct, and still ended in ZEROIZED.)
        if (u_done && pend && !zrun) begin
            zstart <= 1'b1;
            zrun   <= 1'b1;
            k0_lo <= 10'd0; k0_hi <= 10'd0; k1_lo <= 10'd0; k1_hi <= 10'd0;
            case (op)
                2'd0: begin k0_lo <= W_DK; k0_hi <= 10'd1016; end            // dk, ek
                2'd1: begin k0_lo <= W_K; k0_hi <= W_K + 10'd4;              // K, ct
                            k1_lo <= W_CT; k1_hi <= W_CT + 10'd196; end
                2'd2: begin k0_lo <= W_K; k0_hi <= W_K + 10'd4; end          // K
                default: ;
            endcase
        end
        // the CMD write decided the clock before (A_IDLE): ZEROIZE, everything, the outputs
        // included (after clear-on-done: a ZEROIZE carried out in the clock done rises overrides it)
        zreq <= 1'b0;
        sreq <= 1'b0;
        if (zreq) begin
            zstart <= 1'b1; zrun <= 1'b1; pend <= 1'b0;
            done_r <= 1'b0; zeroized <= 1'b0;
            k0_lo <= 10'd0; k0_hi <= 10'd0; k1_lo <= 10'd0; k1_hi <= 10'd0;
        end
        if (sreq) begin start <= 1'b1; pend <= 1'b1; done_r <= 1'b0; zeroized <= 1'b0; end
        creq <= 1'b0;
        if (creq) begin op <= w_d[1:0]; k <= w_d[6:4]; end
        if (s_axi_awvalid && s_axi_awready) begin
            aw_full <= 1'b1; aw_a <= s_axi_awaddr; dw <= decode(s_axi_awaddr, 1'b1);
            dw_reg <= s_axi_awaddr[15:8] == 8'h00;
            dw_ctl <= s_axi_awaddr == 16'h0004;
            dw_cmd <= s_axi_awaddr == 16'h0008;
        end
        w_clr <= 1'b0;
        if (w_clr) w_d <= 32'd0;
        if (s_axi_wvalid && s_axi_wready) begin w_full <= 1'b1; w_d <= s_axi_wdata; w_s <= s_axi_wstrb; end
        if (s_axi_arvalid && s_axi_arready) begin
            ar_full <= 1'b1; ar_a <= s_axi_araddr; dr <= decode(s_axi_araddr, 1'b0);
            dr_reg <= s_axi_araddr[15:8] == 8'h00;
            dr_rok <= s_axi_araddr[15:5] == 11'd0 && s_axi_araddr[1:0] == 2'b00;
        end
        case (ar_a[3:2])
            2'd0: rrq <= {u_clocks, 32'h4D4C4B01};
            2'd1: rrq <= {clr_clocks, 25'd0, k, 2'b00, op};
            2'd2: rrq <= {xwr, 32'd0};
            default: rrq <= {xrd, 25'd0, status_word};
        endcase
        if (a_win && ast != A_IDLE) begin
            if (ast <= A_B) xwr <= xwr + 32'd1;
            else xrd <= xrd + 32'd1;
        end
        xclr <= 1'b0;
        if (xclr) begin xwr <= 32'd0; xrd <= 32'd0; end
        case (ast)
            A_IDLE: if (aw_full && w_full) begin
                a_hi    <= aw_a[2];
                s_axi_bresp <= OKAY;
                if (dw_reg) begin
                    aw_full <= 1'b0;
                    w_full  <= 1'b0;
                    w_clr   <= 1'b1;
                    a_win <= 1'b0;
                    ast   <= A_B;
                    s_axi_bvalid <= 1'b1;
                    if (dw_ctl) begin
                        if (busy_all) s_axi_bresp <= SLVERR;
                        else creq <= 1'b1;   // (carried out above, next clock)
                    end else if (dw_cmd) begin
                        if (w_d[1]) zreq <= 1'b1;   // ZEROIZE (carried out above, next clock)
                        else if (w_d[0]) begin
                            if (busy_all) s_axi_bresp <= SLVERR;
                            else sreq <= 1'b1;       // START (the same)
                        end
                        if (w_d[2]) xclr <= 1'b1;
                    end else s_axi_bresp <= SLVERR;
                end else begin
                    a_win <= 1'b1;
                    ha    <= dw[9:0];
                    if (dw[12] && !busy_all) ast <= A_W1;   // aw/w stay held until the merge
                    else begin
                        aw_full <= 1'b0; w_full <= 1'b0; w_clr <= 1'b1;
                        s_axi_bresp <= SLVERR; s_axi_bvalid <= 1'b1; ast <= A_B;
                    end
                end
            end else if (ar_full) begin
                ar_full <= 1'b0;
                a_hi    <= ar_a[2];
                s_axi_rresp <= OKAY;
                if (dr_reg) begin
                    a_win <= 1'b0;
                    a_hi  <= ar_a[4];
                    if (dr_rok) ast <= A_RR;
                    else begin s_axi_rresp <= SLVERR; s_axi_rvalid <= 1'b1; ast <= A_R; end
                end else begin
                    a_win <= 1'b1;
                    ha    <= dr[9:0];
                    // a refused read answers SLVERR with rdata 0: rdata is 0 outside A_R (A_R
                    // clears it as it ends; asserted below), so it is not written here and busy_all
                    // stays off its clock enable (ECP5 seed 3's worst path, 11.49 ns, 2026-11-25)
                    if (dr[12] && !busy_all) ast <= A_R1;
                    else begin s_axi_rresp <= SLVERR; s_axi_rvalid <= 1'b1; ast <= A_R; end
                end
            end
            A_W1: begin                        // the buffer word is read, then held in hrq
                a_ph <= !a_ph;
                if (a_ph) begin hrq <= hrd; ast <= A_W2; end
            end
            A_W2: begin                        // ... merged and written (hwe)
                ast <= A_B;
                hrq <= 64'd0;
                s_axi_bvalid <= 1'b1;
                aw_full <= 1'b0;
                w_full  <= 1'b0;
                w_clr   <= 1'b1;                 // the word may be a secret (d, z, m, dk)
            end
            A_B: if (s_axi_bready) begin s_axi_bvalid <= 1'b0; ast <= A_IDLE; end
            A_R1: begin
                a_ph <= !a_ph;
                if (a_ph) begin hrq <= hrd; ast <= A_R2; end
            end
            A_R2: begin
                s_axi_rdata  <= a_hi ? hrq[63:32] : hrq[31:0];
                hrq <= 64'd0;
                s_axi_rvalid <= 1'b1;
                ast <= A_R;
            end
            A_RR: begin                        // a register's value, picked the clock before
                s_axi_rdata  <= a_hi ? rrq[63:32] : rrq[31:0];
                s_axi_rvalid <= 1'b1;
                ast <= A_R;
            end
            A_R: if (s_axi_rready) begin s_axi_rvalid <= 1'b0; s_axi_rdata <= 32'd0; ast <= A_IDLE; end
        endcase

        if (zstart) clr_clocks <= 32'd0;
        if (zeroing) clr_clocks <= clr_clocks + 32'd1;
        if (rst) begin
            aw_full <= 1'b0; w_full <= 1'b0; ar_full <= 1'b0;
            s_axi_bvalid <= 1'b0; s_axi_rvalid <= 1'b0; s_axi_bresp <= OKAY; s_axi_rresp <= OKAY;
            s_axi_rdata <= 32'd0;
            ast <= A_IDLE; a_win <= 1'b0; a_hi <= 1'b0; ha <= 10'd0; a_ph <= 1'b0; hrq <= 64'd0;
            start <= 1'b0; zstart <= 1'b0; zrun <= 1'b0; pend <= 1'b0; zreq <= 1'b0; sreq <= 1'b0; creq <= 1'b0;
            done_r <= 1'b0; zeroized <= 1'b0;
            op <= 2'd0; k <= 3'd3;
            k0_lo <= 10'd0; k0_hi <= 10'd0; k1_lo <= 10'd0; k1_hi <= 10'd0;
            clr_clocks <= 32'd0; xwr <= 32'd0; xrd <= 32'd0; xclr <= 1'b0;
            aw_a <= 16'd0; ar_a <= 16'd0; w_d <= 32'd0; w_s <= 4'd0;
            dw <= decode(16'd0, 1'b1); dr <= decode(16'd0, 1'b0);
            dw_reg <= 1'b1; dr_reg <= 1'b1; dr_rok <= 1'b1; w_clr <= 1'b0;
            dw_ctl <= 1'b0; dw_cmd <= 1'b0;
        end
    end
    assign irq = done_r || zeroized;
    wire unused = ^{s_axi_awprot, s_axi_arprot, dw[11:10], dr[11:10], ar_a[1:0], ar_a[7:5],
                    aw_a, ar_a[15:8]};   // (the page decode is dw_reg / dr_reg)
`ifdef FORMAL
    // ---- properties (hw/formal/axil.sby; mlkem_top replaced by formal/mlkem_top_free.v, whose
    // outputs are free every clock). The master is assumed to keep AXI4-Lite's rules (a valid
    // stays up with its payload until its handshake); the slave is proven to keep them, to answer
    // each request exactly once, and to touch the byte buffer only while the unit is idle.
    reg f_init = 1'b1;
    always @(posedge aclk) f_init <= 1'b0;
    always @* if (f_init) assume(!aresetn);
    always @(posedge aclk) if (!f_init && $past(aresetn)) begin
        if ($past(s_axi_awvalid && !s_axi_awready)) assume(s_axi_awvalid && s_axi_awaddr == $past(s_axi_awaddr));
        if ($past(s_axi_wvalid && !s_axi_wready))
            assume(s_axi_wvalid && s_axi_wdata == $past(s_axi_wdata) && s_axi_wstrb == $past(s_axi_wstrb));
        if ($past(s_axi_arvalid && !s_axi_arready)) assume(s_axi_arvalid && s_axi_araddr == $past(s_axi_araddr));
    end
    // requests taken and responses given, and the difference (outstanding) per channel
    reg [1:0] f_aw, f_w, f_ar;
    always @(posedge aclk) begin
        if (rst) begin
            f_aw <= 2'd0; f_w <= 2'd0; f_ar <= 2'd0;
        end else begin
            f_aw <= f_aw + {1'b0, s_axi_awvalid && s_axi_awready} - {1'b0, s_axi_bvalid && s_axi_bready};
            f_w  <= f_w  + {1'b0, s_axi_wvalid && s_axi_wready}   - {1'b0, s_axi_bvalid && s_axi_bready};
            f_ar <= f_ar + {1'b0, s_axi_arvalid && s_axi_arready} - {1'b0, s_axi_rvalid && s_axi_rready};
        end
    end
    always @(posedge aclk) if (!f_init && !$past(rst) && !rst) begin
        // a response stays, unchanged, until it is taken (AXI4-Lite, A3.2.1)
        if ($past(s_axi_bvalid && !s_axi_bready)) assert(s_axi_bvalid && s_axi_bresp == $past(s_axi_bresp));
        if ($past(s_axi_rvalid && !s_axi_rready))
            assert(s_axi_rvalid && s_axi_rdata == $past(s_axi_rdata) && s_axi_rresp == $past(s_axi_rresp));
    end
    always @* if (!f_init && !rst) begin
        // never a response without its request (a B only after both its address and its data,
        // an R only after its address); at most one request of each kind waits beside the one
        // being answered
        assert(f_aw <= 2'd2 && f_w <= 2'd2 && f_ar <= 2'd2);
        assert(dw == decode(aw_a, 1'b1) && dr == decode(ar_a, 1'b0));   // the decode registers
        assert(dw_reg == (aw_a[15:8] == 8'h00) && dr_reg == (ar_a[15:8] == 8'h00));
        assert(dr_rok == (ar_a[15:5] == 11'd0 && ar_a[1:0] == 2'b00));
        assert(dw_ctl == (aw_a == 16'h0004) && dw_cmd == (aw_a == 16'h0008));
        // the counters' clear lands while the CMD write's response waits: nothing counts then
        if (xclr) assert(ast == A_B && !a_win);
        // START / ZEROIZE decided, carried out while the response waits; START only when idle
        if (zreq || sreq) assert(ast == A_B && !a_win && !(zreq && sreq));
        if (sreq) assert(!pend && !zrun && !start && !zstart);
        // the CTRL write's op / k, carried out while its response waits, w_d still holding the word
        if (creq) assert(ast == A_B && !a_win && !zreq && !sreq && w_clr && !pend && !zrun);
        // the write word is cleared by the clock after its use (w_clr), unless a new one came
        if (!w_full && !w_clr) assert(w_d == 32'd0);
        if (s_axi_bvalid) assert(f_aw != 2'd0 && f_w != 2'd0);
        if (s_axi_rvalid) assert(f_ar != 2'd0);
        // the slave's state agrees with the counts (what makes the proof inductive)
        assert(f_aw == {1'b0, aw_full} + {1'b0, ast == A_B});
        assert(f_w  == {1'b0, w_full} + {1'b0, ast == A_B});
        assert(f_ar == {1'b0, ar_full} + {1'b0, ast >= A_R1});
        if (ast == A_RR) assert(!a_win && !ar_full);
        if (ast == A_W1 || ast == A_W2) assert(aw_full && w_full);
        assert(s_axi_bvalid == (ast == A_B));
        assert(s_axi_rvalid == (ast == A_R));
        if (ast != A_R) assert(s_axi_rdata == 32'd0);   // what a refused read answers
        // one access at a time: the window write (A_W1, A_W2) and read (A_R1, A_R2) paths are
        // entered only with the unit idle; the byte buffer is written only there, with the
        // master's strobed bytes over the word read back
        if (hwe) assert(ast == A_W2 && !pend && !zrun && !start);
        // the read word's register holds a word only from its read to its use (one clock)
        if (a_ph) assert(ast == A_W1 || ast == A_R1);
        if (ast != A_W2 && ast != A_R2) assert(hrq == 64'd0);
        if (ast == A_W1 || ast == A_W2 || ast == A_R1 || ast == A_R2) assert(!pend && !zrun && !start && !zstart);
        // START only with the unit idle; ZEROIZE and clear-on-done start a clearing
        if (start) assert(pend && !zrun);
        if (zstart) assert(zrun);
        // DONE and ZEROIZED are never up together, nor with an operation pending
        assert(!(done_r && zeroized));
        if (pend) assert(!done_r && !zeroized);
        if (zrun) assert(!zeroized && (pend || !done_r));
    end
    // a read of a write-only window (m, d, z) never returns data: SLVERR and zero
    always @* if (!f_init && !rst && s_axi_rvalid && s_axi_rresp == OKAY) assert(!(a_win && a_hi_mz));
    reg a_hi_mz;   // the read in progress is of 0x0100..0x013F
    always @(posedge aclk)
        if (ast == A_IDLE && !(aw_full && w_full) && ar_full) a_hi_mz <= ar_a[15:6] == 10'b0000000100;
        else if (rst) a_hi_mz <= 1'b0;
`endif
endmodule
`default_nettype wire
