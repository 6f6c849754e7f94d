#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace lockscope {

// Bytes read from Redis (lock names, holders) shown on a terminal: text that is valid UTF-8 as
// text (Chinese, accents, emoji), and only what would not show as itself escaped: invalid
// bytes as \xHH, control characters (C0, DEL, C1) as \n, \t... or \xHH / \u{HH}. escapeBytes
// (ASCII only) stays for places that must be ASCII.
class DisplayText
{
public:
    // Longer than `maxBytes` of input: cut there (on a character boundary), "..." appended.
    static std::string escaped(std::string_view bytes, size_t maxBytes = SIZE_MAX);
    // The columns `text` (valid UTF-8, as escaped() returns) takes on a terminal: 2 for wide
    // (East Asian) characters, 0 for combining marks (utf8proc's widths).
    static size_t width(std::string_view text);
    // `text` followed by spaces up to `columns` (nothing when it is as wide or wider).
    static std::string padded(std::string_view text, size_t columns);
};

} // namespace lockscope
