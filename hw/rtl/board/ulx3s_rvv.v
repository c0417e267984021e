// SPDX-License-Identifier: Apache-2.0 OR MIT
// ulx3s_rvv - seed 003's RISC-V vector processor (rtl/rvv/rvv_soc.v, ELEN 64 EleNum 5 by
// default) on a ULX3S (ECP5-85F, CABGA381; the pins of hw/board/ulx3s.lpf, the same as
// ulx3s_mlkem's): rvv_axil (rtl/bus/) behind uart_axil_bridge on the FTDI serial port (US1), 8N1
// at BAUD, everything on the board's 25 MHz oscillator (no PLL). The host loads the program and
// the data over the bridge, sets RUN, waits for HALTED and reads the data memory back
// (python/keccakforge/hw.py, RvvBoard). Reset: a power-on counter, as ulx3s_mlkem's.
// LEDs: 0 stopped (HALTED while RUN), 1 a bridge frame under way, 2 the serial line in (idle
// high), 3 running, 7 a heartbeat (the clock runs).
`default_nettype none
module ulx3s_rvv #(
    parameter integer CLK_HZ     = 25000000,
    parameter integer BAUD       = 115200,
    parameter integer CPB        = (CLK_HZ + BAUD / 2) / BAUD,   // 217: 115,207 baud
    parameter integer TIMEOUT    = 1 << 20,                      // 42 ms at 25 MHz
    parameter integer ELEN       = 64,
    parameter integer ELENUM     = 5,
    parameter integer IMEM_WORDS = 1024,
    parameter integer DMEM_BYTES = 16384,
    parameter integer ZVBB       = 0
) (
    input  wire       clk_25mhz,
    input  wire       ftdi_txd,      // the FTDI's TXD: into the FPGA
    output wire       ftdi_rxd,      // the FTDI's RXD: out of the FPGA
    output wire [7:0] led
);
    wire clk = clk_25mhz;
    reg [15:0] por = 16'd0;
    wire       rst = !por[15];
    always @(posedge clk) if (rst) por <= por + 16'd1;
    reg [24:0] beat = 25'd0;
    always @(posedge clk) beat <= beat + 25'd1;

    wire [15:0] awaddr, araddr;
    wire [31:0] wdata, rdata;
    wire [3:0]  wstrb;
    wire [1:0]  bresp, rresp;
    wire        awvalid, awready, wvalid, wready, bvalid, bready, arvalid, arready, rvalid, rready;
    wire        irq, running, active;
    uart_axil_bridge #(.CPB(CPB), .TIMEOUT(TIMEOUT)) u_bridge (
        .clk(clk), .rst(rst), .rxd(ftdi_txd), .txd(ftdi_rxd),
        .m_axi_awaddr(awaddr), .m_axi_awvalid(awvalid), .m_axi_awready(awready),
        .m_axi_wdata(wdata), .m_axi_wstrb(wstrb), .m_axi_wvalid(wvalid), .m_axi_wready(wready),
        .m_axi_bresp(bresp), .m_axi_bvalid(bvalid), .m_axi_bready(bready),
        .m_axi_araddr(araddr), .m_axi_arvalid(arvalid), .m_axi_arready(arready),
        .m_axi_rdata(rdata), .m_axi_rresp(rresp), .m_axi_rvalid(rvalid), .m_axi_rready(rready),
        .active(active));
    rvv_axil #(.ELEN(ELEN), .ELENUM(ELENUM), .IMEM_WORDS(IMEM_WORDS), .DMEM_BYTES(DMEM_BYTES),
               .ZVBB(ZVBB)) u_rvv (
        .aclk(clk), .aresetn(!rst),
        .s_axi_awaddr(awaddr), .s_axi_awprot(3'b000), .s_axi_awvalid(awvalid), .s_axi_awready(awready),
        .s_axi_wdata(wdata), .s_axi_wstrb(wstrb), .s_axi_wvalid(wvalid), .s_axi_wready(wready),
        .s_axi_bresp(bresp), .s_axi_bvalid(bvalid), .s_axi_bready(bready),
        .s_axi_araddr(araddr), .s_axi_arprot(3'b000), .s_axi_arvalid(arvalid), .s_axi_arready(arready),
        .s_axi_rdata(rdata), .s_axi_rresp(rresp), .s_axi_rvalid(rvalid), .s_axi_rready(rready),
        .irq(irq), .running(running));
    assign led = {beat[24], 3'd0, running, ftdi_txd, active, irq};
endmodule
`default_nettype wire
