#include "inspect/recognizers/ValueShape.h"

#include "common/RandomText.h"
#include "inspect/LockNaming.h"
#include "inspect/recognizers/TokenShape.h"
#include "locks/primitives/HolderIdentity.h"

#include <algorithm>

namespace lockscope {

namespace {

bool allDigits(std::string_view text)
{
    return !text.empty()
        && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<ValueReading> expiry(std::string_view value, long long nowMs)
{
    if (value.size() != 13 || !allDigits(value))
        return std::nullopt;
    const long long expiresAt = std::stoll(std::string(value));
    // Written as now + timeout: near the key's own expiry, never far in the past or the future.
    constexpr long long dayMs = 24LL * 3600 * 1000;
    if (expiresAt < nowMs - dayMs || expiresAt > nowMs + 30 * dayMs)
        return std::nullopt;
    ValueReading reading;
    reading.owner = "(redis-lock stores no holder, only its expiry)";
    reading.expiresAtMs = expiresAt;
    return reading;
}

std::optional<ValueReading> workerAndCounter(std::string_view value)
{
    if (value.size() < 38 || value[36] != ':' || !LockNaming::isUuid(value.substr(0, 36))
        || !allDigits(value.substr(37)))
        return std::nullopt;
    ValueReading reading;
    reading.clientUuid = std::string(value.substr(0, 36));
    return reading;
}

// A decimal process id: digits, no leading zero, within what kernels hand out.
bool isProcessId(std::string_view value)
{
    return !value.empty() && value.size() <= 10 && value[0] != '0' && allDigits(value);
}

// A host, process or task name as a library writes it: printable ASCII without spaces or quotes.
bool isPrintableWord(std::string_view value)
{
    return !value.empty() && value.size() <= 255 && std::all_of(value.begin(), value.end(), [](char c) {
        return c > 0x20 && c < 0x7f && c != '"' && c != '{' && c != '}' && c != '[' && c != ']';
    });
}

std::optional<ValueReading> hostAndPid(std::string_view value)
{
    const size_t colon = value.rfind(':');
    if (colon == std::string_view::npos || colon == 0 || !isPrintableWord(value.substr(0, colon))
        || !isProcessId(value.substr(colon + 1)))
        return std::nullopt;
    ValueReading reading;
    reading.identity.name = std::string(value.substr(0, colon));
    reading.identity.process = std::string(value.substr(colon + 1));
    reading.identity.source = IdentitySource::Value;
    return reading;
}

std::optional<ValueReading> uuid1Hex(std::string_view value, long long nowMs)
{
    constexpr long long dayMs = 24LL * 3600 * 1000;
    const auto minted = LockNaming::uuid1HexTimeMs(value);
    if (!minted || *minted < nowMs - 366 * dayMs || *minted > nowMs + dayMs)
        return std::nullopt;
    return ValueReading {};
}

bool isUrlSafe(std::string_view value, size_t length)
{
    return value.size() == length && std::all_of(value.begin(), value.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
            || c == '-';
    });
}

// 20 bytes of which at least one is no printable ASCII: 20 random bytes are text only about
// once in 400 million, and a 20-character word or token is text.
bool isRandomBytes(std::string_view value, size_t length)
{
    return value.size() == length && std::any_of(value.begin(), value.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 || u >= 0x7f;
    });
}

std::string randomBytes(size_t length)
{
    const std::string hex = RandomText::hex(2 * length);
    std::string bytes;
    for (size_t i = 0; i < length; ++i)
        bytes.push_back(static_cast<char>(std::stoi(hex.substr(2 * i, 2), nullptr, 16)));
    if (!isRandomBytes(bytes, length))
        bytes[0] = static_cast<char>(0x80 | static_cast<unsigned char>(bytes[0]));
    return bytes;
}

constexpr std::string_view base64Alphabet
    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// 16 bytes from 24 characters of standard base64 ending in "==", or nullopt.
std::optional<std::string> decode16(std::string_view value)
{
    if (value.size() != 24 || !value.ends_with("==") || !TokenShape::isBase64Chars(value.substr(0, 22)))
        return std::nullopt;
    std::string bytes;
    unsigned bits = 0;
    int count = 0;
    for (char c : value.substr(0, 22)) {
        bits = (bits << 6) | static_cast<unsigned>(base64Alphabet.find(c));
        count += 6;
        if (count >= 8) {
            count -= 8;
            bytes.push_back(static_cast<char>((bits >> count) & 0xff));
        }
    }
    return bytes.size() == 16 ? std::optional(bytes) : std::nullopt;
}

std::string encode16(const std::string& bytes)
{
    std::string text;
    unsigned bits = 0;
    int count = 0;
    for (char c : bytes) {
        bits = (bits << 8) | static_cast<unsigned char>(c);
        count += 8;
        while (count >= 6) {
            count -= 6;
            text.push_back(base64Alphabet[(bits >> count) & 0x3f]);
        }
    }
    if (count > 0)
        text.push_back(base64Alphabet[(bits << (6 - count)) & 0x3f]);
    return text + "==";
}

std::string toHex(const std::string& bytes)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string hex;
    for (char c : bytes) {
        hex.push_back(digits[static_cast<unsigned char>(c) >> 4]);
        hex.push_back(digits[static_cast<unsigned char>(c) & 0xf]);
    }
    return hex;
}

std::string fromHex(std::string_view hex)
{
    std::string bytes;
    for (size_t i = 0; i + 1 < hex.size(); i += 2)
        bytes.push_back(static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
    return bytes;
}

// node-redis-warlock's id: uuid.v1() written into a 16-byte buffer, then base64. A UUIDv1 tells
// when it was made; a random token of this shape reads as a recent one about once in 10^13.
std::optional<ValueReading> base64Uuid1(std::string_view value, long long nowMs)
{
    const auto bytes = decode16(value);
    if (!bytes)
        return std::nullopt;
    return uuid1Hex(toHex(*bytes), nowMs);
}

std::optional<ValueReading> mathRandom(std::string_view value)
{
    return value.size() >= 3 && value.size() <= 22 && value.starts_with("0.") && allDigits(value.substr(2))
        ? std::optional(ValueReading {})
        : std::nullopt;
}

std::optional<ValueReading> chatSdkToken(std::string_view value)
{
    constexpr std::string_view prefix = "redis_";
    if (!value.starts_with(prefix) || value.size() < prefix.size() + 15 || value[prefix.size() + 13] != '_'
        || !allDigits(value.substr(prefix.size(), 13)))
        return std::nullopt;
    const std::string_view random = value.substr(prefix.size() + 14);
    const bool base36 = !random.empty() && random.size() <= 13
        && std::all_of(random.begin(), random.end(),
            [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'); });
    return base36 ? std::optional(ValueReading {}) : std::nullopt;
}

std::optional<ValueReading> prefixedSha1(std::string_view value, std::string_view prefix)
{
    return value.starts_with(prefix) && LockNaming::isHex(value.substr(prefix.size()), 40)
        ? std::optional(ValueReading {})
        : std::nullopt;
}

std::optional<ValueReading> lockedSince(std::string_view value)
{
    constexpr std::string_view head = R"({"lockedSince":")";
    if (!value.starts_with(head) || !value.ends_with("\"}") || value.size() > head.size() + 40)
        return std::nullopt;
    ValueReading reading;
    reading.owner = "(redis-promise-lock stores no holder, only when it was taken: "
        + std::string(value.substr(head.size(), value.size() - head.size() - 2)) + ")";
    return reading;
}

} // namespace

std::optional<ValueReading> ValueShapes::read(ValueShape shape, std::string_view value, long long nowMs)
{
    switch (shape) {
    case ValueShape::Uuid:
        return LockNaming::isUuid(value) ? std::optional(ValueReading {}) : std::nullopt;
    case ValueShape::Hex64NoLeadingZero:
        return LockNaming::isHex(value, 64) && value[0] != '0' ? std::optional(ValueReading {})
                                                               : std::nullopt;
    case ValueShape::ExpiryEpochMs:
        return expiry(value, nowMs);
    case ValueShape::Base64Unpadded24:
        return value.size() == 24 && TokenShape::isBase64Chars(value) ? std::optional(ValueReading {})
                                                                      : std::nullopt;
    case ValueShape::WorkerUuidCounter:
        return workerAndCounter(value);
    case ValueShape::Uuid1Hex:
        return uuid1Hex(value, nowMs);
    case ValueShape::ProcessId:
        return isProcessId(value) ? std::optional(ValueReading {}) : std::nullopt;
    case ValueShape::HostAndPid:
        return hostAndPid(value);
    case ValueShape::PrintableWord:
        return isPrintableWord(value) ? std::optional(ValueReading {}) : std::nullopt;
    case ValueShape::HolderName: {
        if (!isPrintableWord(value))
            return std::nullopt;
        ValueReading reading;
        reading.identity.name = std::string(value);
        reading.identity.source = IdentitySource::Value;
        return reading;
    }
    case ValueShape::UrlSafe20:
        return isUrlSafe(value, 20) ? std::optional(ValueReading {}) : std::nullopt;
    case ValueShape::RandomBytes20:
        return isRandomBytes(value, 20) ? std::optional(ValueReading {}) : std::nullopt;
    case ValueShape::Base64Padded44:
        return TokenShape::isSymfonyToken(value) ? std::optional(ValueReading {}) : std::nullopt;
    case ValueShape::Base64Uuid1:
        return base64Uuid1(value, nowMs);
    case ValueShape::MathRandom:
        return mathRandom(value);
    case ValueShape::ChatSdkToken:
        return chatSdkToken(value);
    case ValueShape::LeaderSha1:
        return prefixedSha1(value, "leader:");
    case ValueShape::LeaderSpaceSha1:
        return prefixedSha1(value, "leader: ");
    case ValueShape::LockedSinceJson:
        return lockedSince(value);
    }
    return std::nullopt;
}

std::string ValueShapes::sample(ValueShape shape, long long nowMs, long long ttlMs)
{
    switch (shape) {
    case ValueShape::Uuid:
        return HolderIdentity::randomUuid();
    case ValueShape::Hex64NoLeadingZero:
        return "b" + RandomText::hex(63);
    case ValueShape::ExpiryEpochMs:
        return std::to_string(nowMs + ttlMs + 1);
    case ValueShape::Base64Unpadded24:
        return RandomText::base64(18);
    case ValueShape::WorkerUuidCounter:
        return HolderIdentity::randomUuid() + ":42";
    case ValueShape::Uuid1Hex:
        return LockNaming::uuid1Hex(nowMs);
    case ValueShape::ProcessId:
        return "4242";
    case ValueShape::HostAndPid:
        return "worker-3.example.internal:4242";
    case ValueShape::PrintableWord:
    case ValueShape::HolderName:
        return "scheduler-host-1";
    case ValueShape::UrlSafe20:
        return RandomText::fromAlphabet(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", 20);
    case ValueShape::RandomBytes20:
        return randomBytes(20);
    case ValueShape::Base64Padded44:
        return RandomText::base64(32);
    case ValueShape::Base64Uuid1:
        return encode16(fromHex(LockNaming::uuid1Hex(nowMs)));
    case ValueShape::MathRandom:
        return "0." + RandomText::fromAlphabet("0123456789", 16);
    case ValueShape::ChatSdkToken:
        return "redis_" + std::to_string(nowMs) + "_"
            + RandomText::fromAlphabet("0123456789abcdefghijklmnopqrstuvwxyz", 11);
    case ValueShape::LeaderSha1:
        return "leader:" + RandomText::hex(40);
    case ValueShape::LeaderSpaceSha1:
        return "leader: " + RandomText::hex(40);
    case ValueShape::LockedSinceJson:
        return R"({"lockedSince":"2026-11-28T10:00:00.000Z"})";
    }
    return {};
}

} // namespace lockscope
