// SPDX-License-Identifier: Apache-2.0 OR MIT
// uart_axil_bridge - a serial line (8N1, CPB clocks per bit) to an AXI4-Lite master: the host
// reads and writes the 32-bit registers and windows of a slave (here mlkem_axil) in frames.
//
// Protocol (bytes; multi-byte fields little-endian). The host sends a frame and waits for its
// reply before the next (stop and wait: the bridge has no receive FIFO):
//   write  'W' (0x57), addr[7:0], addr[15:8], n - 1 (1..256 words), then 4 n data bytes
//          -> reply: one status byte
//   read   'R' (0x52), addr[7:0], addr[15:8], n - 1
//          -> reply: 4 n data bytes, then one status byte
//   word i goes to / comes from addr + 4 i. Status: 'K' (0x4B) every access answered OKAY, 'E'
//   (0x45) at least one SLVERR (a refused write changes nothing; a refused read gives 0).
//   Any other first byte is ignored, so a host can resynchronise by waiting out TIMEOUT clocks
//   with no byte (a frame left incomplete that long is dropped; 0: never) and sending a frame.
// The write words are applied as their bytes arrive (there is no check sum: the link is trusted,
// as a USB serial adapter's). The byte register holding a word (wd) is cleared after its write.
`default_nettype none
module uart_axil_bridge #(
    parameter integer CPB = 217,
    parameter integer TIMEOUT = 1 << 20
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        rxd,
    output wire        txd,
    output reg  [15:0] m_axi_awaddr,
    output reg         m_axi_awvalid,
    input  wire        m_axi_awready,
    output reg  [31:0] m_axi_wdata,
    output wire [3:0]  m_axi_wstrb,
    output reg         m_axi_wvalid,
    input  wire        m_axi_wready,
    input  wire [1:0]  m_axi_bresp,
    input  wire        m_axi_bvalid,
    output reg         m_axi_bready,
    output reg  [15:0] m_axi_araddr,
    output reg         m_axi_arvalid,
    input  wire        m_axi_arready,
    input  wire [31:0] m_axi_rdata,
    input  wire [1:0]  m_axi_rresp,
    input  wire        m_axi_rvalid,
    output reg         m_axi_rready,
    output wire        active        // a frame is under way (an LED)
);
    assign m_axi_wstrb = 4'hF;
    wire [7:0] rx_data;
    wire       rx_valid;
    reg        rx_take;
    uart_rx #(.CPB(CPB)) u_rx (.clk(clk), .rst(rst), .rx(rxd), .data(rx_data), .valid(rx_valid), .take(rx_take));
    reg  [7:0] tx_data;
    reg        tx_valid;
    wire       tx_ready;
    uart_tx #(.CPB(CPB)) u_tx (.clk(clk), .rst(rst), .tx(txd), .data(tx_data), .valid(tx_valid), .ready(tx_ready));

    localparam [3:0] B_CMD = 4'd0, B_A0 = 4'd1, B_A1 = 4'd2, B_N = 4'd3, B_WD = 4'd4, B_WAXI = 4'd5, B_WB = 4'd6,
                     B_RAXI = 4'd7, B_RD = 4'd8, B_TXD = 4'd9, B_ST = 4'd10, B_STW = 4'd11;
    reg [3:0]  st;
    reg        is_rd, err;
    reg [15:0] addr;
    reg [7:0]  left;       // words after the current one
    reg [1:0]  bi;         // byte of the word
    reg [31:0] wd;         // the word being received / sent
    reg [20:0] idle;       // clocks without a byte inside a frame
    wire       tmo = TIMEOUT != 0 && idle >= TIMEOUT[20:0];
    assign active = st != B_CMD;

    always @(posedge clk) begin
        rx_take  <= 1'b0;
        tx_valid <= 1'b0;
        if (st == B_CMD || rx_valid || st >= B_WAXI) idle <= 21'd0;
        else if (!tmo) idle <= idle + 21'd1;
        case (st)
            B_CMD: if (rx_valid && !rx_take) begin
                rx_take <= 1'b1;
                err <= 1'b0;
                bi <= 2'd0;
                if (rx_data == 8'h57) begin is_rd <= 1'b0; st <= B_A0; end
                else if (rx_data == 8'h52) begin is_rd <= 1'b1; st <= B_A0; end
            end
            B_A0: if (rx_valid && !rx_take) begin rx_take <= 1'b1; addr[7:0] <= rx_data; st <= B_A1; end
            B_A1: if (rx_valid && !rx_take) begin rx_take <= 1'b1; addr[15:8] <= rx_data; st <= B_N; end
            B_N: if (rx_valid && !rx_take) begin
                rx_take <= 1'b1;
                left <= rx_data;
                st <= is_rd ? B_RAXI : B_WD;
            end
            B_WD: if (rx_valid && !rx_take) begin  // a write word's bytes, low first
                rx_take <= 1'b1;
                wd <= {rx_data, wd[31:8]};
                bi <= bi + 2'd1;
                if (bi == 2'd3) st <= B_WAXI;
            end
            B_WAXI: begin
                m_axi_awaddr <= addr; m_axi_awvalid <= 1'b1;
                m_axi_wdata <= wd; m_axi_wvalid <= 1'b1;
                wd <= 32'd0;
                st <= B_WB;
            end
            B_WB: begin
                if (m_axi_awvalid && m_axi_awready) m_axi_awvalid <= 1'b0;
                if (m_axi_wvalid && m_axi_wready) begin m_axi_wvalid <= 1'b0; m_axi_wdata <= 32'd0; end
                if (!m_axi_awvalid && !m_axi_wvalid) m_axi_bready <= 1'b1;
                if (m_axi_bready && m_axi_bvalid) begin
                    m_axi_bready <= 1'b0;
                    if (m_axi_bresp != 2'b00) err <= 1'b1;
                    addr <= addr + 16'd4;
                    left <= left - 8'd1;
                    st <= left == 8'd0 ? B_ST : B_WD;
                end
            end
            B_RAXI: begin m_axi_araddr <= addr; m_axi_arvalid <= 1'b1; st <= B_RD; end
            B_RD: begin
                if (m_axi_arvalid && m_axi_arready) begin m_axi_arvalid <= 1'b0; m_axi_rready <= 1'b1; end
                if (m_axi_rready && m_axi_rvalid) begin
                    m_axi_rready <= 1'b0;
                    wd <= m_axi_rdata;
                    if (m_axi_rresp != 2'b00) err <= 1'b1;
                    bi <= 2'd0;
                    st <= B_TXD;
                end
            end
            B_TXD: if (tx_ready && !tx_valid) begin       // the word's bytes out, low first
                tx_data <= wd[7:0];
                tx_valid <= 1'b1;
                wd <= {8'd0, wd[31:8]};
                bi <= bi + 2'd1;
                if (bi == 2'd3) begin
                    addr <= addr + 16'd4;
                    left <= left - 8'd1;
                    st <= left == 8'd0 ? B_ST : B_RAXI;
                end
            end
            B_ST: if (tx_ready && !tx_valid) begin
                tx_data <= err ? 8'h45 : 8'h4B;
                tx_valid <= 1'b1;
                st <= B_STW;
            end
            B_STW: st <= B_CMD;                          // (tx_valid seen by the transmitter)
            default: st <= B_CMD;
        endcase
        if (tmo && st >= B_A0 && st <= B_WD) begin st <= B_CMD; wd <= 32'd0; end
        if (rst) begin
            st <= B_CMD; rx_take <= 1'b0; tx_valid <= 1'b0; tx_data <= 8'd0;
            m_axi_awvalid <= 1'b0; m_axi_wvalid <= 1'b0; m_axi_bready <= 1'b0;
            m_axi_arvalid <= 1'b0; m_axi_rready <= 1'b0;
            m_axi_awaddr <= 16'd0; m_axi_araddr <= 16'd0; m_axi_wdata <= 32'd0;
            is_rd <= 1'b0; err <= 1'b0; addr <= 16'd0; left <= 8'd0; bi <= 2'd0; wd <= 32'd0; idle <= 21'd0;
        end
    end
endmodule
`default_nettype wire
