// SPDX-License-Identifier: Apache-2.0 OR MIT
// rvv_axil - seed 003's processor (rtl/rvv/rvv_soc.v: rv32i_core + rvv_unit + its two memories)
// behind an AXI4-Lite slave: 32-bit data, 16-bit byte addresses, one access at a time (a write
// that has both its address and its data goes first, then a read), valid/ready as AXI4-Lite has
// them (the master may stall any channel; the slave keeps xRESP/RDATA until they are taken).
// The host holds the processor in reset, writes its program and data, lets it run (from pc 0)
// until it halts (ebreak/ecall) or traps, and reads the data memory back. hw/README.md, "The
// processor on the board".
//
// Registers (byte offsets; a write to a read-only register is refused, SLVERR):
//   0x000 ID          RO  0x52565601 ("RVV", version 1)
//   0x004 CONFIG      RO  [7:0] ELEN, [15:8] EleNum, bit 16 ZVBB, bit 17 SEED_ROT
//   0x008 CTRL        RW  bit 0 RUN: 0 holds the processor in reset (the memories may be
//                         written), 1 releases it: it runs from pc 0. Writing RUN = 1 while it
//                         is 0 clears CYCLES, INSTRET and the marks' cycles.
//   0x00C STATUS      RO  bit 0 RUNNING (RUN and neither halted nor trapped), bit 1 HALTED
//                         (stopped: ebreak, ecall or a trap), bit 2 TRAP (an instruction it cannot
//                         run: TRAP_PC), bit 3 RUN
//   0x010 CYCLES      RO  the cycle (from 0 at RUN) in which the last instruction retired: at
//                         the halt, the ebreak's
//   0x014 INSTRET     RO  instructions retired since RUN (the ebreak included)
//   0x018 TRAP_PC     RO  the pc of the instruction that trapped, when STATUS.TRAP is set (while
//                         the core runs it follows the instruction in execute: read it only after a trap)
//   0x01C MEMSIZE     RO  [15:0] instruction memory bytes, [31:16] data memory bytes / 4
//   0x020 + 8 i  MARK_PC[i]     RW  (i = 0..3) a program address to watch
//   0x024 + 8 i  MARK_CYCLE[i]  RO  the cycle in which the instruction at MARK_PC[i] first
//                               retired since RUN; 0xFFFFFFFF: not yet (the difference of two
//                               marks is the cycles between two labels, e.g. a permutation's)
// Windows (32-bit words, little-endian; the processor's byte addresses from 0):
//   0x4000 instruction memory, IMEM_WORDS words   WO   (writes only while RUN = 0)
//   0x8000 data memory, DMEM_BYTES bytes          RW   (writes only while RUN = 0; reads any time,
//                                                     through rvv_soc's second read port)
// Any other address, a window write while RUN = 1, a read of the instruction memory, or a window
// write with a partial WSTRB answer SLVERR and change nothing (a refused read gives 0).
`default_nettype none
module rvv_axil #(
    parameter integer ELEN       = 64,
    parameter integer ELENUM     = 5,
    parameter integer IMEM_WORDS = 1024,     // at most 4,096 (the 16 KB window)
    parameter integer DMEM_BYTES = 16384,    // at most 16,384
    parameter integer ZVBB       = 0,
    parameter integer SEED_ROT   = 1
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
    output wire        irq,                 // stopped (HALTED) while RUN
    output wire        running
);
    localparam [1:0] OKAY = 2'b00, SLVERR = 2'b10;
    localparam [31:0] IMEM_BYTES = IMEM_WORDS * 4;
    localparam [31:0] DMEM_SIZE  = DMEM_BYTES;
    wire rst = !aresetn;

    // ---------------------------------------------------------------- the processor
    reg         run;
    reg         ld_iwe, ld_dwe;
    reg  [31:0] ld_addr, ld_data;
    reg  [31:0] rb_addr;
    wire [31:0] rb_data;
    wire        halted, trap, tr_valid;
    wire [31:0] trap_pc, tr_pc, tr_cycle;
    /* verilator lint_off PINCONNECTEMPTY */
    rvv_soc #(.ELEN(ELEN), .ELENUM(ELENUM), .IMEM_WORDS(IMEM_WORDS), .DMEM_BYTES(DMEM_BYTES),
              .ZVBB(ZVBB), .SEED_ROT(SEED_ROT)) u_soc (
        .clk(aclk), .rst(rst || !run),
        .ld_imem_we(ld_iwe), .ld_dmem_we(ld_dwe), .ld_addr(ld_addr), .ld_data(ld_data),
        .rb_addr(rb_addr), .rb_data(rb_data),
        .halted(halted), .trap(trap), .trap_pc(trap_pc), .cycle(),
        .tr_valid(tr_valid), .tr_pc(tr_pc), .tr_insn(), .tr_cycle(tr_cycle),
        .tr_wb(), .tr_wb_rd(), .tr_wb_val());
    /* verilator lint_on PINCONNECTEMPTY */

    reg  [31:0] cycles, instret;
    reg  [31:0] mark_pc [0:3];
    reg  [31:0] mark_cyc [0:3];
    integer i;

    // ---------------------------------------------------------------- channels
    reg        aw_full, w_full, ar_full;
    reg [15:0] aw_a, ar_a;
    reg [31:0] w_d;
    reg [3:0]  w_s;
    assign s_axi_awready = !aw_full;
    assign s_axi_wready  = !w_full;
    assign s_axi_arready = !ar_full;
    localparam [1:0] A_IDLE = 2'd0, A_B = 2'd1, A_R1 = 2'd2, A_R = 2'd3;
    reg [1:0]  ast;
    reg        r_ph;       // the data memory's read: rb_addr set, then rb_data one clock later

    // the windows: instruction memory 0x4000.., data memory 0x8000..
    wire [15:0] aw_off = {2'b00, aw_a[13:0]};
    wire [15:0] ar_off = {2'b00, ar_a[13:0]};
    wire        aw_imem = aw_a[15:14] == 2'b01 && {16'd0, aw_off} < IMEM_BYTES;
    wire        aw_dmem = aw_a[15:14] == 2'b10 && {16'd0, aw_off} < DMEM_SIZE;
    wire        ar_dmem = ar_a[15:14] == 2'b10 && {16'd0, ar_off} < DMEM_SIZE;
    wire [31:0] cfg = {14'd0, SEED_ROT[0], ZVBB[0], ELENUM[7:0], ELEN[7:0]};
    wire [31:0] msz = {DMEM_SIZE[17:2], IMEM_BYTES[15:0]};
    wire [3:0]  status_word = {run, trap, halted, run && !halted};

    always @(posedge aclk) begin
        ld_iwe <= 1'b0;
        ld_dwe <= 1'b0;
        // the run's figures
        if (run && tr_valid) begin
            cycles  <= tr_cycle;
            instret <= instret + 32'd1;
            for (i = 0; i < 4; i = i + 1)
                if (tr_pc == mark_pc[i] && mark_cyc[i] == 32'hFFFFFFFF) mark_cyc[i] <= tr_cycle;
        end
        if (s_axi_awvalid && s_axi_awready) begin aw_full <= 1'b1; aw_a <= s_axi_awaddr; end
        if (s_axi_wvalid && s_axi_wready) begin w_full <= 1'b1; w_d <= s_axi_wdata; w_s <= s_axi_wstrb; end
        if (s_axi_arvalid && s_axi_arready) begin ar_full <= 1'b1; ar_a <= s_axi_araddr; end
        case (ast)
            A_IDLE: if (aw_full && w_full) begin
                aw_full <= 1'b0;
                w_full  <= 1'b0;
                w_d     <= 32'd0;
                s_axi_bresp  <= OKAY;
                s_axi_bvalid <= 1'b1;
                ast <= A_B;
                if (aw_a[15:8] == 8'h00) begin
                    case (aw_a[7:0])
                        8'h08: begin
                            run <= w_d[0];
                            if (w_d[0] && !run) begin
                                cycles <= 32'd0;
                                instret <= 32'd0;
                                for (i = 0; i < 4; i = i + 1) mark_cyc[i] <= 32'hFFFFFFFF;
                            end
                        end
                        8'h20: mark_pc[0] <= w_d;
                        8'h28: mark_pc[1] <= w_d;
                        8'h30: mark_pc[2] <= w_d;
                        8'h38: mark_pc[3] <= w_d;
                        default: s_axi_bresp <= SLVERR;
                    endcase
                end else if ((aw_imem || aw_dmem) && !run && w_s == 4'hF) begin
                    ld_iwe  <= aw_imem;
                    ld_dwe  <= aw_dmem;
                    ld_addr <= {18'd0, aw_off[13:2], 2'b00};
                    ld_data <= w_d;
                end else begin
                    s_axi_bresp <= SLVERR;
                end
            end else if (ar_full) begin
                ar_full <= 1'b0;
                s_axi_rresp <= OKAY;
                s_axi_rdata <= 32'd0;
                if (ar_a[15:8] == 8'h00) begin
                    s_axi_rvalid <= 1'b1;
                    ast <= A_R;
                    case (ar_a[7:0])
                        8'h00: s_axi_rdata <= 32'h52565601;
                        8'h04: s_axi_rdata <= cfg;
                        8'h08: s_axi_rdata <= {31'd0, run};
                        8'h0C: s_axi_rdata <= {28'd0, status_word};
                        8'h10: s_axi_rdata <= cycles;
                        8'h14: s_axi_rdata <= instret;
                        8'h18: s_axi_rdata <= trap_pc;
                        8'h1C: s_axi_rdata <= msz;
                        8'h20: s_axi_rdata <= mark_pc[0];
                        8'h24: s_axi_rdata <= mark_cyc[0];
                        8'h28: s_axi_rdata <= mark_pc[1];
                        8'h2C: s_axi_rdata <= mark_cyc[1];
                        8'h30: s_axi_rdata <= mark_pc[2];
                        8'h34: s_axi_rdata <= mark_cyc[2];
                        8'h38: s_axi_rdata <= mark_pc[3];
                        8'h3C: s_axi_rdata <= mark_cyc[3];
                        default: s_axi_rresp <= SLVERR;
                    endcase
                end else if (ar_dmem) begin
                    rb_addr <= {18'd0, ar_off[13:2], 2'b00};
                    r_ph <= 1'b0;
                    ast <= A_R1;
                end else begin
                    s_axi_rresp  <= SLVERR;
                    s_axi_rvalid <= 1'b1;
                    ast <= A_R;
                end
            end
            A_B: if (s_axi_bready) begin s_axi_bvalid <= 1'b0; ast <= A_IDLE; end
            A_R1: begin                      // rb_addr is in; rb_data the clock after
                r_ph <= 1'b1;
                if (r_ph) begin s_axi_rdata <= rb_data; s_axi_rvalid <= 1'b1; ast <= A_R; end
            end
            A_R: if (s_axi_rready) begin s_axi_rvalid <= 1'b0; s_axi_rdata <= 32'd0; ast <= A_IDLE; end
            default: ast <= A_IDLE;
        endcase
        if (rst) begin
            aw_full <= 1'b0; w_full <= 1'b0; ar_full <= 1'b0;
            s_axi_bvalid <= 1'b0; s_axi_rvalid <= 1'b0; s_axi_bresp <= OKAY; s_axi_rresp <= OKAY;
            s_axi_rdata <= 32'd0;
            ast <= A_IDLE; r_ph <= 1'b0; run <= 1'b0;
            ld_iwe <= 1'b0; ld_dwe <= 1'b0; ld_addr <= 32'd0; ld_data <= 32'd0; rb_addr <= 32'd0;
            aw_a <= 16'd0; ar_a <= 16'd0; w_d <= 32'd0; w_s <= 4'd0;
            cycles <= 32'd0; instret <= 32'd0;
            for (i = 0; i < 4; i = i + 1) begin mark_pc[i] <= 32'd0; mark_cyc[i] <= 32'hFFFFFFFF; end
        end
    end
    assign irq = run && halted;
    assign running = run && !halted;
    wire unused = ^{s_axi_awprot, s_axi_arprot, aw_a[1:0], ar_a[1:0], aw_off[15:14], ar_off[15:14],
                    IMEM_BYTES[31:16], DMEM_SIZE[31:18], DMEM_SIZE[1:0]};
`ifdef FORMAL
    // ---- properties (hw/formal/rvv_axil.sby; rvv_soc replaced by formal/rvv_soc_free.v, whose
    // outputs are free every clock). The master is assumed to keep AXI4-Lite's rules (a valid
    // stays up with its payload until its handshake); the slave is proven to keep them, to answer
    // each request exactly once, and to load the memories only while the processor is held.
    reg f_init = 1'b1;
    always @(posedge aclk) f_init <= 1'b0;
    always @* if (f_init) assume(!aresetn);
    always @(posedge aclk) if (!f_init && $past(aresetn)) begin
        if ($past(s_axi_awvalid && !s_axi_awready)) assume(s_axi_awvalid && s_axi_awaddr == $past(s_axi_awaddr));
        if ($past(s_axi_wvalid && !s_axi_wready))
            assume(s_axi_wvalid && s_axi_wdata == $past(s_axi_wdata) && s_axi_wstrb == $past(s_axi_wstrb));
        if ($past(s_axi_arvalid && !s_axi_arready)) assume(s_axi_arvalid && s_axi_araddr == $past(s_axi_araddr));
    end
    reg [1:0] f_aw, f_w, f_ar;   // requests taken minus responses given, per channel
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
        assert(f_aw <= 2'd2 && f_w <= 2'd2 && f_ar <= 2'd2);
        if (s_axi_bvalid) assert(f_aw != 2'd0 && f_w != 2'd0);
        if (s_axi_rvalid) assert(f_ar != 2'd0);
        // the slave's state agrees with the counts (what makes the proof inductive)
        assert(f_aw == {1'b0, aw_full} + {1'b0, ast == A_B});
        assert(f_w  == {1'b0, w_full} + {1'b0, ast == A_B});
        assert(f_ar == {1'b0, ar_full} + {1'b0, ast == A_R1 || ast == A_R});
        assert(s_axi_bvalid == (ast == A_B));
        assert(s_axi_rvalid == (ast == A_R));
        // the loader writes only while the processor is held in reset, one memory at a time,
        // and only in the clock after a write was answered
        if (ld_iwe || ld_dwe) assert(!run && !(ld_iwe && ld_dwe) && ast == A_B);
    end
`endif
endmodule
`default_nettype wire
