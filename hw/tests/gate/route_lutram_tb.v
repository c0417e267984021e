// SPDX-License-Identifier: Apache-2.0 OR MIT
// route_lutram_tb - the routed netlist of route_lutram (module route_lutram) and its RTL (the same
// source renamed route_lutram_rtl by route_lutram.py) driven with the same random writes and reads
// for 4,000 clocks; every read word and the accumulator compared after each clock.
`timescale 1ns/1ps
module route_lutram_tb;
    reg clk = 1'b0, we = 1'b0;
    reg [3:0] wa = 4'd0, ra = 4'd0, wd = 4'd0;
    wire [3:0] rd_n, rd_r;
    wire [7:0] acc_n, acc_r;
    route_lutram net (.clk(clk), .we(we), .wa(wa), .ra(ra), .wd(wd), .rd(rd_n), .acc(acc_n));
    route_lutram_rtl rtl (.clk(clk), .we(we), .wa(wa), .ra(ra), .wd(wd), .rd(rd_r), .acc(acc_r));
    integer i, bad = 0;
    initial begin
        for (i = 0; i < 4000; i = i + 1) begin
            we = 1'($random); wa = 4'($random); ra = 4'($random); wd = 4'($random);
            #1;
            if (rd_n !== rd_r || acc_n !== acc_r) begin
                bad = bad + 1;
                if (bad <= 4) $display("clock %0d: netlist rd %h acc %h, RTL rd %h acc %h (ra %h)",
                                       i, rd_n, acc_n, rd_r, acc_r, ra);
            end
            #4 clk = 1'b1;
            #5 clk = 1'b0;
        end
        $display("route_lutram: 4000 clocks, %0d differ", bad);
        $finish;
    end
endmodule
