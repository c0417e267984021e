// SPDX-License-Identifier: Apache-2.0 OR MIT
// uart_rx (and uart_tx.v) - 8N1 serial, CPB clocks per bit (the clock over the baud rate, >= 4).
// uart_rx: the line synchronised by two registers; a start bit is taken at its middle (a low
// level half a bit after the falling edge), then eight data bits (LSB first) each sampled a bit
// later, then the stop bit (high, else the byte is dropped: a framing error). The byte waits in
// `data` with `valid` up until `take`; a byte completing while one waits is dropped (overrun;
// the bridge takes each byte within a few clocks, far below a byte's 10 * CPB).
// uart_tx: a byte offered (valid && ready) goes out as start, eight bits, stop.
`default_nettype none
module uart_rx #(
    parameter integer CPB = 217
) (
    input  wire       clk,
    input  wire       rst,
    input  wire       rx,
    output reg  [7:0] data,
    output reg        valid,
    input  wire       take
);
    localparam integer W = $clog2(CPB + 1);
    localparam [31:0] HALF32 = CPB / 2, FULL32 = CPB - 1;
    wire [W-1:0] HALF = HALF32[W-1:0], FULL = FULL32[W-1:0];
    reg        s1 = 1'b1, s2 = 1'b1;
    reg [W-1:0] cnt;
    reg [3:0]  bitn;       // 0: start bit, 1..8 data, 9 stop
    reg        busy;
    reg [7:0]  sh;
    always @(posedge clk) begin
        s1 <= rx;
        s2 <= s1;
        if (take) valid <= 1'b0;
        if (!busy) begin
            if (!s2) begin busy <= 1'b1; cnt <= HALF; bitn <= 4'd0; end
        end else if (cnt != 0) begin
            cnt <= cnt - 1'b1;
        end else begin
            cnt <= FULL;
            bitn <= bitn + 4'd1;
            if (bitn == 4'd0) begin
                if (s2) busy <= 1'b0;             // a glitch, not a start bit
            end else if (bitn <= 4'd8) begin
                sh <= {s2, sh[7:1]};
            end else begin
                busy <= 1'b0;
                if (s2 && !valid) begin data <= sh; valid <= 1'b1; end
            end
        end
        if (rst) begin busy <= 1'b0; valid <= 1'b0; cnt <= {W{1'b0}}; bitn <= 4'd0; sh <= 8'd0; data <= 8'd0; end
    end
endmodule
`default_nettype wire
