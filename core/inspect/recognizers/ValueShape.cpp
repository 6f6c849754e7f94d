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
    }
    return {};
}

} // namespace lockscope
