#include "inspect/LockNaming.h"

#include "common/RandomText.h"
#include "locks/LockKeyNames.h"

#include <array>
#include <cctype>
#include <cstdio>

namespace lockscope {

namespace {

bool isHexDigit(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// ASCII only, and inline: this runs for every character of every string key's name (the C
// library's tolower is a locale-aware call).
char lowerAscii(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

bool isLockWord(std::string_view word)
{
    static constexpr std::array exact {"lock", "locks", "mutex", "mutexes", "lck", "redlock", "rlock",
        "semaphore", "semaphores", "leader", "leadership", "latch", "latches"};
    for (std::string_view candidate : exact) {
        if (word == candidate)
            return true;
    }
    // mylock, joblock, lockname: compounds, but not the everyday words that contain "lock".
    static constexpr std::array notLocks {"block", "blocks", "clock", "clocks", "unlock", "deadlock",
        "padlock", "gridlock", "hemlock", "warlock", "sherlock", "flock", "locked", "locker", "lockers",
        "lockout", "locksmith", "blocked", "blocker", "blocklist", "wedlock", "airlock", "hillock", "bullock",
        "interlock", "headlock", "roadblock", "unblock", "oclock", "locket"};
    for (std::string_view candidate : notLocks) {
        if (word == candidate)
            return false;
    }
    // leaderlock, leaderelection, countdownlatch; a leaderboard is no lock.
    if (word.starts_with("leader"))
        return !word.starts_with("leaderboard");
    return endsWith(word, "lock") || word.starts_with("lock") || endsWith(word, "mutex")
        || word.starts_with("mutex") || endsWith(word, "latch");
}

} // namespace

std::optional<std::string> LockNaming::lockOfAttachedKey(std::string_view key)
{
    for (std::string_view prefix : {LockKeyNames::lockscopeFencePrefix, LockKeyNames::lockscopeWaitersPrefix,
             LockKeyNames::redissonFencePrefix}) {
        if (auto name = LockKeyNames::nameAfterPrefix(key, prefix))
            return name;
    }
    return std::nullopt;
}

std::vector<std::string> LockNaming::attachedKeysOf(std::string_view name)
{
    return {LockKeyNames::fenceCounter(std::string(name)), LockKeyNames::lockscopeFence(name),
        LockKeyNames::lockscopeWaiters(name)};
}

bool LockNaming::isAuxiliaryKey(std::string_view key)
{
    static constexpr std::array prefixes {LockKeyNames::redissonQueuePrefix,
        LockKeyNames::redissonTimeoutPrefix, LockKeyNames::redissonFencePrefix,
        LockKeyNames::redissonUnlockLatchPrefix, LockKeyNames::lockscopeFencePrefix,
        LockKeyNames::lockscopeWaitersPrefix, LockKeyNames::lockscopeQueuePrefix,
        LockKeyNames::lockscopeWakePrefix};
    for (std::string_view prefix : prefixes) {
        if (key.size() > prefix.size() && key.starts_with(prefix) && key[prefix.size()] == ':')
            return true;
    }
    return key.find(":rwlock_timeout:") != std::string_view::npos;
}

bool LockNaming::looksLikeLockName(std::string_view key)
{
    // Every lock word contains one of these; most names contain none, and are answered
    // without building a lower-case copy (this runs for every string key scanned).
    auto containsIgnoringCase = [key](std::string_view needle) {
        for (size_t at = 0; at + needle.size() <= key.size(); ++at) {
            size_t i = 0;
            while (i < needle.size() && lowerAscii(key[at + i]) == needle[i])
                ++i;
            if (i == needle.size())
                return true;
        }
        return false;
    };
    if (!containsIgnoringCase("lock") && !containsIgnoringCase("lck") && !containsIgnoringCase("mutex")
        && !containsIgnoringCase("semaphore") && !containsIgnoringCase("leader")
        && !containsIgnoringCase("latch"))
        return false;
    // Words end at anything but a letter or digit, and where camelCase turns upper (jobLock,
    // LeaderElection); they are compared in lower case.
    auto isLower = [](char c) { return c >= 'a' && c <= 'z'; };
    auto isUpper = [](char c) { return c >= 'A' && c <= 'Z'; };
    std::string word;
    for (size_t i = 0; i <= key.size(); ++i) {
        const bool end = i == key.size() || !std::isalnum(static_cast<unsigned char>(key[i]));
        const bool camel = !end && i > 0 && isUpper(key[i]) && isLower(key[i - 1]);
        if (end || camel) {
            if (!word.empty() && isLockWord(word))
                return true;
            word.clear();
        }
        if (!end)
            word += lowerAscii(key[i]);
    }
    return false;
}

bool LockNaming::isHex(std::string_view text, size_t length)
{
    if (text.size() != length)
        return false;
    for (char c : text) {
        if (!isHexDigit(c))
            return false;
    }
    return true;
}

bool LockNaming::isUuid(std::string_view text)
{
    if (text.size() != 36)
        return false;
    for (size_t i = 0; i < text.size(); ++i) {
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? text[i] != '-' : !isHexDigit(text[i]))
            return false;
    }
    return true;
}

bool LockNaming::isUuidV4(std::string_view text)
{
    if (!isUuid(text) || text[14] != '4')
        return false;
    const char variant = static_cast<char>(std::tolower(static_cast<unsigned char>(text[19])));
    return variant == '8' || variant == '9' || variant == 'a' || variant == 'b';
}

std::optional<long long> LockNaming::uuid1HexTimeMs(std::string_view text)
{
    if (!isHex(text, 32) || text[12] != '1')
        return std::nullopt;
    for (char c : text) {
        if (c >= 'A' && c <= 'F')
            return std::nullopt; // uuid.hex is lowercase
    }
    const char variant = text[16];
    if (variant != '8' && variant != '9' && variant != 'a' && variant != 'b')
        return std::nullopt;
    auto hexValue = [](std::string_view digits) {
        unsigned long long value = 0;
        for (char c : digits)
            value = value * 16 + static_cast<unsigned>(c <= '9' ? c - '0' : c - 'a' + 10);
        return value;
    };
    // time_low (8) time_mid (4) version+time_hi (4): 60 bits of 100 ns since 1582-10-15.
    const unsigned long long timeLow = hexValue(text.substr(0, 8));
    const unsigned long long timeMid = hexValue(text.substr(8, 4));
    const unsigned long long timeHi = hexValue(text.substr(13, 3));
    const unsigned long long ticks = (timeHi << 48) | (timeMid << 32) | timeLow;
    constexpr unsigned long long gregorianToUnixTicks = 0x01B21DD213814000ULL;
    if (ticks < gregorianToUnixTicks)
        return std::nullopt;
    return static_cast<long long>((ticks - gregorianToUnixTicks) / 10000);
}

std::string LockNaming::uuid1Hex(long long epochMs)
{
    // 100 ns intervals since 1582-10-15, version 1, RFC 4122 variant, random node.
    const unsigned long long random = std::stoull(RandomText::hex(8), nullptr, 16);
    const unsigned long long ticks
        = static_cast<unsigned long long>(epochMs) * 10000ULL + 0x01B21DD213814000ULL + random % 10000;
    const unsigned long long sequence = ((random >> 16) & 0x3fff) | 0x8000;
    char head[24];
    std::snprintf(head, sizeof head, "%08llx%04llx%04llx%04llx", ticks & 0xffffffffULL,
        (ticks >> 32) & 0xffffULL, ((ticks >> 48) & 0x0fffULL) | 0x1000ULL, sequence);
    return std::string(head) + RandomText::hex(12);
}

bool LockNaming::isAlnum(std::string_view text)
{
    for (char c : text) {
        if (!std::isalnum(static_cast<unsigned char>(c)))
            return false;
    }
    return !text.empty();
}

} // namespace lockscope
