#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lockscope::fuzz {

// A strict RFC 8259 checker, written apart from JsonWriter so that it shares none of its
// mistakes: one value, nothing after it, strings in valid UTF-8 with only the standard escapes
// and no raw control characters, numbers in JSON's grammar, and a bounded nesting depth.
class JsonValidator
{
public:
    static bool isValid(std::string_view text);
    // The UTF-8 text of one JSON string literal (quotes included), escapes resolved; nullopt
    // when it is not a valid string literal. Surrogate pairs are joined; a lone surrogate fails.
    static std::optional<std::string> decodeString(std::string_view literal);
    // The length of the valid UTF-8 sequence at `at` (no overlong forms, no surrogates, at most
    // U+10FFFF), or 0 when the byte there does not start one.
    static size_t utf8SequenceLength(std::string_view bytes, size_t at);
    static std::string utf8Of(unsigned codePoint);
};

} // namespace lockscope::fuzz
