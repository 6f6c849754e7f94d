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
    }
    return {};
}

} // namespace lockscope
