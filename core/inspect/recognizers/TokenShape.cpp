#include "inspect/recognizers/TokenShape.h"

#include "inspect/LockNaming.h"

#include <algorithm>

namespace lockscope {

namespace {

bool isAsciiAlnum(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

// Base64 of random bytes mixes both cases and, nearly always, a digit or symbol: a value made of
// letters of one case (a word, an identifier) is not one.
bool looksRandom(std::string_view text)
{
    bool upper = false;
    bool lower = false;
    bool other = false;
    for (char c : text) {
        upper = upper || (c >= 'A' && c <= 'Z');
        lower = lower || (c >= 'a' && c <= 'z');
        other = other || !((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'));
    }
    return upper && lower && other;
}

} // namespace

bool TokenShape::isBase64Chars(std::string_view text)
{
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return isAsciiAlnum(c) || c == '+' || c == '/';
    });
}

bool TokenShape::isUrlSafeBase64Chars(std::string_view text)
{
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return isAsciiAlnum(c) || c == '-' || c == '_';
    });
}

bool TokenShape::isRedsyncToken(std::string_view text)
{
    return text.size() == 24 && text.ends_with("==") && isBase64Chars(text.substr(0, 22));
}

bool TokenShape::isSymfonyToken(std::string_view text)
{
    return text.size() == 44 && text.back() == '=' && isBase64Chars(text.substr(0, 43));
}

bool TokenShape::isMixedCaseLetters(std::string_view text, size_t length)
{
    if (text.size() != length)
        return false;
    bool upper = false;
    bool lower = false;
    for (char c : text) {
        upper = upper || (c >= 'A' && c <= 'Z');
        lower = lower || (c >= 'a' && c <= 'z');
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')))
            return false;
    }
    return upper && lower;
}

bool TokenShape::isRandomAlnum(std::string_view text, size_t length)
{
    if (text.size() != length)
        return false;
    int upper = 0;
    int lower = 0;
    int digit = 0;
    for (char c : text) {
        if (!isAsciiAlnum(c))
            return false;
        upper |= c >= 'A' && c <= 'Z';
        lower |= c >= 'a' && c <= 'z';
        digit |= c >= '0' && c <= '9';
    }
    return upper + lower + digit >= 2;
}

std::optional<TokenShapeKind> TokenShape::of(std::string_view value)
{
    switch (value.size()) {
    case 20:
        if (isRandomAlnum(value, 20))
            return TokenShapeKind::Alnum20;
        break;
    case 22:
        if (isUrlSafeBase64Chars(value) && looksRandom(value))
            return TokenShapeKind::UrlSafe22;
        break;
    case 24:
        if (isRedsyncToken(value))
            return TokenShapeKind::Base64Padded24;
        if (isBase64Chars(value) && looksRandom(value))
            return TokenShapeKind::Base64Raw24;
        break;
    case 32:
        if (LockNaming::isHex(value, 32))
            return TokenShapeKind::Hex32;
        break;
    case 36:
        if (LockNaming::isUuid(value))
            return TokenShapeKind::Uuid;
        break;
    default:
        break;
    }
    return std::nullopt;
}

} // namespace lockscope
