// SPDX-License-Identifier: Apache-2.0 OR MIT
// ecp5_wrap_sponge - keccak_sponge (with keccak_core) behind a narrow bus, for place and route
// only, like ecp5_wrap.v for the whole unit: bytes shift in to build the command and input
// words, the output word is captured and shifted out a byte at a time; every path to and from
// the pins is registered, so the timing is the sponge's own.
`default_nettype none
module ecp5_wrap_sponge (
    input  wire       clk,
    input  wire       rst,
    input  wire [7:0] bus_in,
    input  wire [2:0] bus_op,   // 0 shift a byte in, 1 send word, 2 send last word, 3 command,
                                // 4 capture the output word, 5 shift it out, 6 stop
    output reg  [7:0] bus_out,
    output reg        flags
);
    reg [7:0]   in_r, st_r;
    reg [2:0]   bop;
    reg [63:0]  word;
    reg [7:0]   keep;
    reg [31:0]  outlen;
    reg         in_valid, in_last, cmd_valid, out_ready, stop;
    reg [2:0]   cmd_mode;
    reg [7:0]   domain;
    wire        cmd_ready, in_ready, out_valid, out_last;
    wire        cmd_err;
    wire [63:0] out_data;
    wire [7:0]  out_keep;
    reg  [79:0] cap;

    always @(posedge clk) begin
        in_r <= bus_in;
        bop  <= bus_op;
        out_ready <= 1'b0;
        stop <= 1'b0;
        if (in_valid && in_ready) in_valid <= 1'b0;
        if (cmd_valid && cmd_ready) cmd_valid <= 1'b0;
        case (bop)
            3'd0: begin word <= {in_r, word[63:8]}; keep <= {1'b1, keep[7:1]}; outlen <= {outlen[23:0], in_r}; end
            3'd1: begin in_valid <= 1'b1; in_last <= 1'b0; end
            3'd2: begin in_valid <= 1'b1; in_last <= 1'b1; end
            3'd3: begin cmd_valid <= 1'b1; cmd_mode <= in_r[2:0]; domain <= word[7:0]; end
            3'd4: begin cap <= {out_data, out_keep, out_valid, out_last, 6'd0}; out_ready <= 1'b1; end
            3'd5: cap <= {8'd0, cap[79:8]};
            3'd6: stop <= 1'b1;
            default: ;
        endcase
        bus_out <= cap[7:0];
        st_r    <= {cmd_ready, in_ready, cmd_err, 5'd0};
        flags   <= ^st_r;
        if (rst) begin
            in_valid <= 1'b0;
            cmd_valid <= 1'b0;
            keep <= 8'd0;
        end
    end

    keccak_sponge u_sponge (
        .clk(clk), .rst(rst), .cmd_valid(cmd_valid), .cmd_ready(cmd_ready), .cmd_mode(cmd_mode),
        .cmd_domain(domain), .cmd_outlen(outlen), .cmd_err(cmd_err), .in_data(word), .in_keep(keep), .in_last(in_last),
        .in_valid(in_valid), .in_ready(in_ready), .out_data(out_data), .out_keep(out_keep),
        .out_last(out_last), .out_valid(out_valid), .out_ready(out_ready), .stop(stop)
    );
endmodule
`default_nettype wire
