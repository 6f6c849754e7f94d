#pragma once

#include <string_view>

namespace lockscope {

// The two-character escapes that JSON text and escapeBytes (display) share: quote,
// backslash, newline, carriage return and tab. Each escapes other bytes its own way (\u00XX,
// \xXX), so only these live here.
class EscapeSequence
{
public:
    // The escape for `c`, or an empty view when `c` is not one of the five.
    static std::string_view shortFor(unsigned char c);
};

} // namespace lockscope
