#include "inspect/recognizers/SimpleFormatRecognizer.h"

#include "inspect/LockNaming.h"

#include <algorithm>
#include <utility>

namespace lockscope {

SimpleFormatRecognizer::SimpleFormatRecognizer(const SimpleLockFormat& format)
    : m_format(format)
{
}

std::optional<std::vector<std::string>> SimpleFormatRecognizer::nameParts(std::string_view key) const
{
    if (m_format.nameRule == NameRule::Fixed)
        return key == m_format.prefix ? std::optional(std::vector {std::string(key)}) : std::nullopt;
    if (m_format.nameRule == NameRule::HashedName) {
        // An optional 5-hex application prefix, then the name's md5: nothing of the name is left.
        const bool hashed = (key.size() == 32 || key.size() == 37)
            && std::all_of(key.begin(), key.end(),
                [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
        return hashed ? std::optional(std::vector {std::string(key)}) : std::nullopt;
    }
    if (key.size() <= m_format.prefix.size() + m_format.suffix.size() || !key.starts_with(m_format.prefix)
        || !key.ends_with(m_format.suffix))
        return std::nullopt;
    const std::string_view name
        = key.substr(m_format.prefix.size(), key.size() - m_format.prefix.size() - m_format.suffix.size());
    if (m_format.nameRule == NameRule::Rest)
        return std::vector {std::string(name)};
    if (m_format.nameRule == NameRule::Sha1OfName)
        return LockNaming::isHex(name, 40) ? std::optional(std::vector {std::string(name)}) : std::nullopt;
    if (m_format.nameRule == NameRule::QueueThenName) {
        const size_t infix = name.find(m_format.infix);
        if (m_format.infix.empty() || infix == std::string_view::npos || infix == 0
            || infix + m_format.infix.size() == name.size())
            return std::nullopt;
        return std::vector {
            std::string(name.substr(infix + m_format.infix.size())), std::string(name.substr(0, infix))};
    }
    const size_t first = name.find(':');
    const size_t last = name.rfind(':');
    if (first == std::string_view::npos || last == first || first == 0 || last + 1 == name.size())
        return std::nullopt;
    return std::vector {
        std::string(name.substr(last + 1)), std::string(name.substr(first + 1, last - first - 1))};
}

Candidacy SimpleFormatRecognizer::isCandidate(const RawKey& key, const RecognitionContext& context) const
{
    // The name first: it rules out nearly every key, at less cost than the string checks.
    return key.type == RawKey::Type::String && nameParts(key.name) && isReadableString(key)
            && ValueShapes::read(m_format.value, key.value, context.nowMs)
        ? Candidacy::Yes
        : Candidacy::No;
}

std::string SimpleFormatRecognizer::wakeListOf(std::string_view key) const
{
    if (m_format.wakeListPrefix.empty() || m_format.nameRule != NameRule::Rest)
        return {};
    const auto parts = nameParts(key);
    return parts ? std::string(m_format.wakeListPrefix) + parts->front() : std::string();
}

void SimpleFormatRecognizer::relatedKeys(const RawKey& key, std::vector<std::string>& names) const
{
    if (auto list = wakeListOf(key.name); !list.empty())
        names.push_back(std::move(list));
}

bool SimpleFormatRecognizer::readsContents(std::string_view key, RawKey::Type type) const
{
    return type == RawKey::Type::List && !m_format.wakeListPrefix.empty()
        && key.starts_with(m_format.wakeListPrefix);
}

bool SimpleFormatRecognizer::claimsName(std::string_view key) const
{
    // A row that takes any name (rslock, an md5) claims none: its value and TTL decide.
    const bool named = !m_format.prefix.empty() || !m_format.suffix.empty();
    return (named && nameParts(key).has_value()) || lockNameOf(key).has_value();
}

std::optional<std::string> SimpleFormatRecognizer::lockNameOf(std::string_view key) const
{
    const std::string_view list = m_format.wakeListPrefix;
    if (list.empty() || !key.starts_with(list) || key.size() == list.size())
        return std::nullopt;
    return std::string(m_format.prefix) + std::string(key.substr(list.size())) + std::string(m_format.suffix);
}

void SimpleFormatRecognizer::keysOf(const std::string& lockName, std::vector<std::string>& keys) const
{
    if (auto list = wakeListOf(lockName); !list.empty())
        keys.push_back(std::move(list));
}

std::optional<ReleaseWakeUp> SimpleFormatRecognizer::wakeUpOnRelease(const LockSnapshot& lock) const
{
    if (lock.library != m_format.library)
        return std::nullopt;
    if (!m_format.wakeChannel.empty() && !lock.keys.empty()) {
        ReleaseWakeUp wakeUp;
        wakeUp.channel = m_format.wakeChannel;
        wakeUp.message = m_format.wakeMessage;
        for (const auto& [placeholder, text] :
            {std::pair<std::string, std::string> {"{key}", lock.keys.front()},
                {"{value}", lock.observedValue.value_or("")}}) {
            if (const size_t at = wakeUp.message.find(placeholder); at != std::string::npos)
                wakeUp.message.replace(at, placeholder.size(), text);
        }
        return wakeUp;
    }
    std::string list = wakeListOf(lock.name);
    if (list.empty())
        return std::nullopt;
    ReleaseWakeUp wakeUp;
    wakeUp.signalList = std::move(list);
    wakeUp.signalExpireMs = m_format.wakeListExpireMs;
    return wakeUp;
}

std::optional<StringLockReading> SimpleFormatRecognizer::read(const RawKey& key, long long nowMs) const
{
    const auto parts = nameParts(key.name);
    if (!parts || (m_format.needsTtl && !key.ttlMs()))
        return std::nullopt;
    auto value = ValueShapes::read(m_format.value, key.value, nowMs);
    if (!value)
        return std::nullopt;
    StringLockReading reading;
    reading.library = m_format.library;
    reading.apiName
        = m_format.nameRule == NameRule::QueueAndJob ? (*parts)[1] + ":" + parts->front() : parts->front();
    reading.confidence = m_format.confidence;
    reading.reason = m_format.reason.with();
    if (m_format.possibleReason.pattern && !LockNaming::looksLikeLockName(key.name)) {
        reading.possible = true;
        reading.confidence = 0.3;
        reading.reason = m_format.possibleReason.with();
    }
    reading.holder.owner = std::move(value->owner);
    if (!value->clientUuid.empty())
        reading.holder.clientUuid = value->clientUuid;
    reading.holder.expiresAtMs = value->expiresAtMs;
    if (!value->identity.empty())
        reading.holder.identity = std::move(value->identity);
    if (m_format.note.pattern) {
        const std::string second = parts->size() > 1 ? (*parts)[1] : std::string();
        reading.notes.push_back(m_format.note.with(parts->front(), second, value->clientUuid));
    }
    if (m_format.noTtlNote.pattern && !key.ttlMs())
        reading.notes.push_back(m_format.noTtlNote.with());
    if (m_format.releaseWarning.pattern)
        reading.releaseWarning = m_format.releaseWarning.with();
    return reading;
}

void SimpleFormatRecognizer::complete(LockSnapshot& lock, RecognitionContext& context) const
{
    const std::string list = wakeListOf(lock.name);
    if (list.empty())
        return;
    lock.notes.push_back(UserText(
        LOCKSCOPE_TEXT("SimpleLockFormats",
            "waiters block on %1 (BLPOP); CLIENT LIST counts them with every other blocked pop on this node"),
        list));
    if (const RawKey* pending = context.keys->find(list); pending && !context.keys->isClaimed(list)) {
        context.keys->claim(list);
        lock.keys.push_back(list);
        lock.notes.push_back(
            UserText(LOCKSCOPE_TEXT("SimpleLockFormats",
                         "a wake-up signal is pending on %1: the next waiter takes it without blocking"),
                list));
    }
}

} // namespace lockscope
