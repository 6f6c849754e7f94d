#include "inspect/recognizers/LegacyTimestampRecognizer.h"

#include "inspect/LockNaming.h"

#include <cmath>
#include <cstdlib>

namespace lockscope {

namespace {
constexpr long long dayMs = 24LL * 3600 * 1000;
} // namespace

std::optional<long long> LegacyTimestampRecognizer::expiryMs(const RawKey& key, long long nowMs)
{
    if (key.type != RawKey::Type::String || key.truncated || key.value.empty() || key.value.size() > 24)
        return std::nullopt;
    size_t dots = 0;
    for (char c : key.value) {
        if (c == '.')
            ++dots;
        else if (c < '0' || c > '9')
            return std::nullopt;
    }
    if (dots > 1 || key.value.front() == '.')
        return std::nullopt;
    const double number = std::strtod(key.value.c_str(), nullptr);
    if (!std::isfinite(number))
        return std::nullopt;
    // A lock's expiry is near now: in the future while held, in the past once abandoned.
    auto plausible = [&](double ms) { return ms > nowMs - 3650 * dayMs && ms < nowMs + 30 * dayMs; };
    if (plausible(number * 1000))
        return static_cast<long long>(number * 1000);
    if (plausible(number))
        return static_cast<long long>(number);
    return std::nullopt;
}

Candidacy LegacyTimestampRecognizer::isCandidate(const RawKey& key, const RecognitionContext& context) const
{
    if (key.type != RawKey::Type::String || !LockNaming::looksLikeLockName(key.name))
        return Candidacy::No;
    return expiryMs(key, context.nowMs) ? Candidacy::Yes : Candidacy::No;
}

void LegacyTimestampRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const RawKey* key : context.unclaimedCandidates()) {
        const std::string& name = key->name;
        if (!key || LockNaming::isAuxiliaryKey(name) || isCandidate(*key, context) == Candidacy::No)
            continue;
        const long long expiry = *expiryMs(*key, context.nowMs);
        // A passed timestamp under a TTL is no abandoned SETNX lock: the TTL frees the key by
        // itself, and the number is then more likely when it was taken (LockNamedKeyRecognizer).
        if (expiry < context.nowMs && key->ttlMs())
            continue;
        LockSnapshot lock = context.claimLock(*key, LockKind::Legacy, LockLibrary::LegacySetnx, 0.75,
            UserText(LOCKSCOPE_TEXT("LegacyTimestampRecognizer",
                "a Unix timestamp near now under a lock-like name: the legacy SETNX lock (value = expiry)")));
        lock.observedValue = key->value;
        if (expiry < context.nowMs) {
            lock.markStuck(UserText(LOCKSCOPE_TEXT("LegacyTimestampRecognizer",
                                        "its timestamp passed %1 s ago; nobody recovered it (GETSET) yet"),
                (context.nowMs - expiry) / 1000));
        } else {
            LockHolder holder;
            holder.owner = "(legacy locks carry no owner id)";
            holder.expiresAtMs = expiry;
            lock.holders.push_back(std::move(holder));
        }
        out.push_back(std::move(lock));
    }
}

} // namespace lockscope
