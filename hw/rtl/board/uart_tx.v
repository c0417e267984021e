// SPDX-License-Identifier: Apache-2.0 OR MIT
// uart_tx - 8N1 serial out, CPB clocks per bit: a byte offered (valid && ready) goes out as start,
// eight bits (LSB first), stop. (uart_rx.v: the receiver.)
`default_nettype none
module uart_tx #(
    parameter integer CPB = 217
) (
    input  wire       clk,
    input  wire       rst,
    output reg        tx,
    input  wire [7:0] data,
    input  wire       valid,
    output wire       ready
);
    localparam integer W = $clog2(CPB + 1);
    localparam [31:0] FULL32 = CPB - 1;
    wire [W-1:0] FULL = FULL32[W-1:0];
    reg [W-1:0] cnt;
    reg [3:0]  bitn;       // bits left to send after the current one
    reg [8:0]  sh;         // the bits after the current one, LSB first, the stop bit last
    reg        busy;
    assign ready = !busy;
    always @(posedge clk) begin
        if (!busy) begin
            tx <= 1'b1;
            if (valid) begin busy <= 1'b1; tx <= 1'b0; sh <= {1'b1, data}; bitn <= 4'd9; cnt <= FULL; end
        end else if (cnt != 0) begin
            cnt <= cnt - 1'b1;
        end else if (bitn == 4'd0) begin
            busy <= 1'b0;                         // (the stop bit has lasted a bit)
        end else begin
            tx <= sh[0];
            sh <= {1'b1, sh[8:1]};
            bitn <= bitn - 4'd1;
            cnt <= FULL;
        end
        if (rst) begin busy <= 1'b0; tx <= 1'b1; cnt <= {W{1'b0}}; bitn <= 4'd0; sh <= 9'h1FF; end
    end
endmodule
`default_nettype wire
