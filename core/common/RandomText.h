#pragma once

#include <string>
#include <string_view>

namespace lockscope {

// Random strings of the shapes lock libraries write (hex, base64, alphanumerics), for the sample
// locks: the sandbox's and the tests' are made by the same code. Not for secrets (a Mersenne
// Twister seeded once per thread).
class RandomText
{
public:
    static std::string fromAlphabet(std::string_view alphabet, size_t length);
    static std::string hex(size_t length); // lowercase
    static std::string alnum(size_t length); // A-Z a-z 0-9
    static std::string letters(size_t length); // A-Z a-z
    enum class Base64
    {
        Standard, // A-Z a-z 0-9 + /, padded with '='
        UrlSafeUnpadded, // A-Z a-z 0-9 - _, no padding (RFC 4648's URL alphabet, as tokens in URLs)
    };
    // Base64 of `bytes` random bytes.
    static std::string base64(size_t bytes, Base64 style = Base64::Standard);
};

} // namespace lockscope
