#pragma once

#include <optional>
#include <string_view>

namespace lockscope {

// The shapes of the random tokens lock libraries write as their holder's value, each named
// after how it is made. A value is tested against these instead of guessing "random-looking":
// an ordinary word, number, JSON or digest has none of them.
enum class TokenShapeKind
{
    Hex32, // 16 random bytes as hex: node-redlock, redis-py's uuid1().hex, LockScope
    Uuid, // 8-4-4-4-12: Spring Integration, redlock-rb, aioredlock, RedLock.net, pottery
    Base64Padded24, // 16 bytes, standard base64 ending in ==: redsync
    Base64Raw24, // 18 bytes, standard base64 without padding: python-redis-lock
    UrlSafe22, // 16 bytes, URL-safe base64 without padding: bsm/redislock
    Alnum20, // redis-plus-plus RedMutex
};

class TokenShape
{
public:
    // The shape of a value that is nothing but one random token, or nullopt.
    static std::optional<TokenShapeKind> of(std::string_view value);

    static bool isBase64Chars(std::string_view text); // A-Z a-z 0-9 + /
    static bool isUrlSafeBase64Chars(std::string_view text); // A-Z a-z 0-9 - _
    // 24 characters: 22 of standard base64, then "==" (redsync).
    static bool isRedsyncToken(std::string_view text);
    // 44 characters: 43 of standard base64, then "=" (Symfony's base64 of 32 random bytes).
    static bool isSymfonyToken(std::string_view text);
    // 16 letters A-Z a-z, both cases (go-zero's id: letters only, math/rand).
    static bool isMixedCaseLetters(std::string_view text, size_t length);
    // `length` of A-Z a-z 0-9 with at least two of the three classes: a random string, not a
    // word or a number (Laravel's Str::random(16), redis-plus-plus's 20).
    static bool isRandomAlnum(std::string_view text, size_t length);
};

} // namespace lockscope
