#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

// One line of the server's MONITOR stream, read strictly:
//
//     1700000000.123456 [0 10.0.0.5:51234] "EVAL" "script..." "1" "lock:a" "30000" "uuid:88"
//
// the time (seconds, a dot, six digits of microseconds), `[db client]` where the client is
// ip:port, [v6]:port, `lua` (a command a script ran) or `unix:<path>`, then every argument in
// quotes as the server escapes it (\\ \" \n \r \t \a \b and \xHH, lower-case hex; anything else
// printable ASCII). A line that is not exactly that (cut short, an unknown escape, a raw control
// byte, anything after the last quote) is nullopt: a sample skips it rather than guess, so an
// argument is never read from the wrong place nor credited to the wrong client.
struct MonitorLine
{
    std::string seconds; // as written (digits): kept as text so that format() gives the line back
    std::string micros; // six digits
    long long db = 0;
    std::string client; // "10.0.0.5:51234", "[::1]:51234", "lua", "unix:/run/redis.sock"
    std::vector<std::string> args; // decoded bytes, any of the 256 values

    // Whether a script ran it (its EVAL, from a real client, came first).
    bool fromScript() const { return client == "lua"; }
    // ip:port of the connection that sent it: empty for scripts and unix sockets, whose lines do
    // not say which connection it was.
    std::string_view address() const;
    // Epoch ms of the line.
    long long epochMs() const;

    static std::optional<MonitorLine> parse(std::string_view line);
    // The line as the server writes it (parse(format(x)) == x; format(parse(s)) == s).
    std::string format() const;

    friend bool operator==(const MonitorLine&, const MonitorLine&) = default;
};

} // namespace lockscope
