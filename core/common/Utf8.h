#pragma once

#include <cstddef>
#include <string_view>

namespace lockscope {

// UTF-8 as RFC 3629 defines it (no overlong forms, no surrogates, nothing past U+10FFFF), for
// the places that must tell text from other bytes: JSON (JsonWriter), display (DisplayText).
class Utf8
{
public:
    // The length of the valid sequence of two or more bytes at `at`, or 0 when the bytes there
    // do not start one (ASCII included: callers handle single bytes themselves).
    static size_t sequenceLength(std::string_view bytes, size_t at);
    static bool isValid(std::string_view bytes);
    // The code point of the valid sequence of `length` bytes at `at`.
    static char32_t decode(std::string_view bytes, size_t at, size_t length);
};

} // namespace lockscope
