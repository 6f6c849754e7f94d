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
    // Standard (or URL-safe) base64 of `bytes` random bytes, padded with '=' unless told not.
    static std::string base64(size_t bytes, bool urlSafe = false, bool padded = true);
};

} // namespace lockscope
