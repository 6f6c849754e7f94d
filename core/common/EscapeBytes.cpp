#include "common/EscapeBytes.h"

#include "common/EscapeSequence.h"

#include <algorithm>

namespace lockscope {

std::string escapeBytes(std::string_view bytes, size_t maxBytes)
{
    static const char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(std::min(bytes.size(), maxBytes) + 8);
    for (size_t i = 0; i < bytes.size(); ++i) {
        if (i >= maxBytes) {
            out += "...";
            break;
        }
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (const auto escape = EscapeSequence::shortFor(c); !escape.empty()) {
            out += escape;
        } else if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 0xf];
        }
    }
    return out;
}

} // namespace lockscope
