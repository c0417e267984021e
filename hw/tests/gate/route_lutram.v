// SPDX-License-Identifier: Apache-2.0 OR MIT
// route_lutram - a 16 x 4 LUT RAM (written on the clock, read at once: synth_ecp5 makes it one
// TRELLIS_DPR16X4, which nextpnr packs into four DPRAM slice halves and a TRELLIS_RAMW) and an
// 8-bit accumulator (a CCU2C carry chain), for route_lutram.py: the routed netlist against this RTL.
`default_nettype none
module route_lutram (
    input  wire       clk,
    input  wire       we,
    input  wire [3:0] wa,
    input  wire [3:0] ra,
    input  wire [3:0] wd,
    output wire [3:0] rd,
    output reg  [7:0] acc
);
    reg [3:0] mem [0:15];
    integer k;
    initial begin
        for (k = 0; k < 16; k = k + 1) mem[k] = 4'd0;
        acc = 8'd0;
    end
    always @(posedge clk) if (we) mem[wa] <= wd;
    assign rd = mem[ra];
    always @(posedge clk) acc <= acc + {rd, wd};
endmodule
`default_nettype wire
