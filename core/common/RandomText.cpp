#include "common/RandomText.h"

#include <algorithm>
#include <random>

namespace lockscope {

namespace {

std::mt19937_64& generator()
{
    thread_local std::mt19937_64 engine {std::random_device {}()};
    return engine;
}

constexpr std::string_view upperAndLower = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

} // namespace

std::string RandomText::fromAlphabet(std::string_view alphabet, size_t length)
{
    std::string out(length, ' ');
    for (char& c : out)
        c = alphabet[generator()() % alphabet.size()];
    return out;
}

std::string RandomText::hex(size_t length)
{
    return fromAlphabet("0123456789abcdef", length);
}

std::string RandomText::alnum(size_t length)
{
    return fromAlphabet(std::string(upperAndLower) + "0123456789", length);
}

std::string RandomText::letters(size_t length)
{
    return fromAlphabet(upperAndLower, length);
}

std::string RandomText::base64(size_t bytes, Base64 style)
{
    const bool urlSafe = style == Base64::UrlSafeUnpadded;
    const bool padded = style == Base64::Standard;
    const std::string alphabet = std::string(upperAndLower) + "0123456789" + (urlSafe ? "-_" : "+/");
    std::string out;
    for (size_t done = 0; done < bytes; done += 3) {
        const size_t take = std::min<size_t>(3, bytes - done);
        const unsigned long long chunk = generator()() & 0xffffffULL;
        for (size_t c = 0; c < take + 1; ++c)
            out += alphabet[(chunk >> (18 - 6 * c)) & 63];
    }
    while (padded && out.size() % 4 != 0)
        out += '=';
    return out;
}

} // namespace lockscope
