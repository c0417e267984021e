// SPDX-License-Identifier: Apache-2.0 OR MIT
// ecp5_wrap - mlkem_hash_top behind a narrow bus, for place and route only (an FPGA has not
// the ~340 pins of the unit's ports). Bytes shift in to build the command and 64-bit input
// words; the digest word and coefficient lanes are captured into a register and shifted out
// a byte at a time. Every port of the unit stays live, and every path to and from the pins is
// registered, so the timing is the unit's own.
`default_nettype none
module ecp5_wrap (
    input  wire       clk,
    input  wire       rst,
    input  wire [7:0] bus_in,
    input  wire [2:0] bus_op,   // 0 shift a byte into the word, 1 send word, 2 send last word, 3 command,
                                // 4 capture outputs, 5 shift the captured bits out
    output reg  [7:0] bus_out,
    output reg        flags
);
    reg [7:0]   op_r, in_r;
    reg [2:0]   bop;
    reg [63:0]  word;
    reg [7:0]   keep;
    reg         in_valid, in_last, cmd_valid, hash_ready, coef_ready;
    reg [2:0]   cmd_op;
    wire        cmd_ready, in_ready, hash_valid, hash_last, coef_valid, coef_last;
    wire        cmd_err;
    wire [63:0] hash_data;
    wire [7:0]  hash_keep;
    wire [191:0] coef_data;
    wire [4:0]  coef_cnt;
    reg  [271:0] cap;

    always @(posedge clk) begin
        in_r <= bus_in;
        bop  <= bus_op;
        hash_ready <= 1'b0;
        coef_ready <= 1'b0;
        if (in_valid && in_ready) in_valid <= 1'b0;
        if (cmd_valid && cmd_ready) cmd_valid <= 1'b0;
        case (bop)
            3'd0: begin word <= {in_r, word[63:8]}; keep <= {1'b1, keep[7:1]}; end
            3'd1: begin in_valid <= 1'b1; in_last <= 1'b0; end
            3'd2: begin in_valid <= 1'b1; in_last <= 1'b1; end
            3'd3: begin cmd_valid <= 1'b1; cmd_op <= in_r[2:0]; end
            3'd4: begin
                cap <= {hash_data, hash_keep, coef_data, coef_cnt, hash_valid, hash_last, coef_valid};
                hash_ready <= 1'b1;
                coef_ready <= 1'b1;
            end
            3'd5: cap <= {8'd0, cap[271:8]};
            default: ;
        endcase
        bus_out <= cap[7:0];
        op_r    <= {cmd_ready, in_ready, coef_last, cmd_err, 4'd0};
        flags   <= ^op_r;
        if (rst) begin
            in_valid <= 1'b0;
            cmd_valid <= 1'b0;
            keep <= 8'd0;
        end
    end

    mlkem_hash_top u_top (
        .clk(clk), .rst(rst), .cmd_valid(cmd_valid), .cmd_ready(cmd_ready), .cmd_op(cmd_op),
        .cmd_err(cmd_err), .in_data(word), .in_keep(keep), .in_last(in_last), .in_valid(in_valid), .in_ready(in_ready),
        .hash_data(hash_data), .hash_keep(hash_keep), .hash_last(hash_last), .hash_valid(hash_valid),
        .hash_ready(hash_ready), .coef_data(coef_data), .coef_cnt(coef_cnt), .coef_last(coef_last),
        .coef_valid(coef_valid), .coef_ready(coef_ready)
    );
endmodule
`default_nettype wire
