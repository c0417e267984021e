// SPDX-License-Identifier: Apache-2.0 OR MIT
// Harness for axil_zero.sby: mlkem_axil (its own FORMAL block: the master keeps AXI4-Lite's rules,
// the slave's properties) with mlkem_top replaced by mlkem_top_secrets.v, and the property of
// issue 52 R1: whenever STATUS reports ZEROIZED, every secret store of the unit is empty (the
// stand-in's rest f_sr, and its word f_w, any word of the byte buffer, unless the host wrote that
// word itself since ZEROIZED rose), whatever the timing of the ZEROIZE against the unit's done,
// the clear-on-done clearing or the bus. The invariants that make it inductive relate the bus's
// registers to the stand-in's state; they are asserts, proven too. The hk_* wires are connected by
// the .sby script to the flattened design's signals (u.*: the bus, u.u_kem.*: the stand-in).
`default_nettype none
module axil_zero (
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
    output wire [1:0]  s_axi_bresp,
    output wire        s_axi_bvalid,
    input  wire        s_axi_bready,
    input  wire [15:0] s_axi_araddr,
    input  wire [2:0]  s_axi_arprot,
    input  wire        s_axi_arvalid,
    output wire        s_axi_arready,
    output wire [31:0] s_axi_rdata,
    output wire [1:0]  s_axi_rresp,
    output wire        s_axi_rvalid,
    input  wire        s_axi_rready,
    output wire        irq
);
    mlkem_axil u (
        .aclk(aclk), .aresetn(aresetn),
        .s_axi_awaddr(s_axi_awaddr), .s_axi_awprot(s_axi_awprot), .s_axi_awvalid(s_axi_awvalid),
        .s_axi_awready(s_axi_awready), .s_axi_wdata(s_axi_wdata), .s_axi_wstrb(s_axi_wstrb),
        .s_axi_wvalid(s_axi_wvalid), .s_axi_wready(s_axi_wready), .s_axi_bresp(s_axi_bresp),
        .s_axi_bvalid(s_axi_bvalid), .s_axi_bready(s_axi_bready), .s_axi_araddr(s_axi_araddr),
        .s_axi_arprot(s_axi_arprot), .s_axi_arvalid(s_axi_arvalid), .s_axi_arready(s_axi_arready),
        .s_axi_rdata(s_axi_rdata), .s_axi_rresp(s_axi_rresp), .s_axi_rvalid(s_axi_rvalid),
        .s_axi_rready(s_axi_rready), .irq(irq));
    // the bus (u.*)
    wire       hk_zeroized, hk_done_r, hk_pend, hk_zrun, hk_zstart, hk_start, hk_hwe, hk_zeroing, hk_u_done;
    wire [9:0] hk_ha, hk_k0_lo, hk_k0_hi, hk_k1_lo, hk_k1_hi;
    // the stand-in (u.u_kem.*)
    wire       hk_sw, hk_sr, hk_zp;
    wire [1:0] hk_st;
    wire [9:0] hk_w;
    localparam [1:0] S_IDLE = 2'd0, S_RUN = 2'd1, S_ZERO = 2'd2;

    reg f_init = 1'b1;
    always @(posedge aclk) f_init <= 1'b0;
    // word f_w written by the host while ZEROIZED was up (the host's own data, not a leftover)
    reg f_hw = 1'b0;
    always @(posedge aclk) f_hw <= hk_zeroized && (f_hw || (hk_hwe && hk_ha == hk_w));
    wire f_nokeep = hk_k0_lo == 10'd0 && hk_k0_hi == 10'd0 && hk_k1_lo == 10'd0 && hk_k1_hi == 10'd0;

    always @* if (!f_init && aresetn) begin
        // the property: ZEROIZED reported (STATUS bit 6, irq) means every store is empty
        if (hk_zeroized) assert(!hk_sr && (!hk_sw || f_hw));
`ifndef F_NO_INV
        // a clearing not started by done (pend low: a ZEROIZE's) keeps nothing
        if (hk_zrun && !hk_pend) assert(f_nokeep);
        // ... and its sweep, once under way, clears word f_w; once over, everything is empty
        if (hk_zrun && !hk_pend && !hk_zstart && hk_zeroing) assert(hk_zp);
        if (hk_zrun && !hk_pend && !hk_zstart && !hk_zeroing) assert(!hk_sr && !hk_sw && hk_st == S_IDLE);
        // the stand-in's state against the bus's: a sweep only in a clearing; an operation only
        // between START and its done (or the ZEROIZE that abandons it)
        if (hk_zeroing) assert(hk_zrun);
        if (hk_st == S_RUN) assert((hk_pend && !hk_zrun) || hk_zstart);
        assert(hk_st != 2'd3);
        if (hk_zeroized) assert(hk_st == S_IDLE && !hk_start);
`endif
    end
`ifdef F_RACE_COVER
    // the race (task race): the clock after the unit's done was up with its operation pending and
    // no clearing, a clearing starts without pend: a ZEROIZE was taken in done's clock. Covered
    // up to ZEROIZED reported, and with the outputs' word filled by the operation before
    reg f_dp = 1'b0, f_raced = 1'b0;
    always @(posedge aclk) begin
        f_dp <= hk_u_done && hk_pend && !hk_zrun;
        if (!aresetn) f_raced <= 1'b0;
        else if (f_dp && hk_zstart && !hk_pend) f_raced <= 1'b1;
    end
    always @* if (!f_init && aresetn) cover(f_raced && hk_zeroized && hk_w == 10'd424);
`endif
endmodule
`default_nettype wire
