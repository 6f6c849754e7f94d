#include "inspect/recognizers/TokenLockRecognizer.h"

#include "inspect/LockNaming.h"

namespace lockscope {

namespace {

constexpr long long dayMs = 24LL * 3600 * 1000;

// Printable, no spaces, not a number, not JSON: what a random token looks like.
bool looksLikeToken(std::string_view value)
{
    if (value.size() < 8 || value.size() > 128)
        return false;
    bool allDigits = true;
    for (char c : value) {
        const auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || u >= 0x7f || c == '"' || c == '{' || c == '}' || c == '[' || c == ']' || c == ',')
            return false;
        allDigits = allDigits && c >= '0' && c <= '9';
    }
    return !allDigits;
}

bool isShortString(const RawKey& key)
{
    return key.type == RawKey::Type::String && !key.truncated && key.value.size() <= 128;
}

} // namespace

Candidacy TokenLockRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    if (!isShortString(key))
        return Candidacy::No;
    // A 32-hex value under a plain name is kept only when it is a UUIDv1 (redis-py); a LockScope
    // token is found through its fence counter (LockClassifier reads the lock of every fence).
    if (LockNaming::uuid1HexTimeMs(key.value)
        || (key.name.starts_with("mutex:") && LockNaming::isUuid(key.value)))
        return Candidacy::Yes;
    // 32 hex digits may happen to be all decimal ones: still a token, not a number.
    const bool token = looksLikeToken(key.value) || LockNaming::isHex(key.value, 32);
    return LockNaming::looksLikeLockName(key.name) && token ? Candidacy::Yes : Candidacy::No;
}

void TokenLockRecognizer::keysOf(const std::string& lockName, std::vector<std::string>& keys) const
{
    keys.push_back(lockName);
    keys.push_back("mutex:" + lockName);
}

void TokenLockRecognizer::relatedKeys(const RawKey& key, std::vector<std::string>& names) const
{
    if (key.type == RawKey::Type::String)
        names.push_back(LockNaming::lockscopeFenceKey(key.name));
}

std::optional<TokenLockRecognizer::Verdict> TokenLockRecognizer::judge(
    const RawKey& key, const RecognitionContext& context) const
{
    const std::string& value = key.value;
    const bool lockName = LockNaming::looksLikeLockName(key.name);
    const bool hasTtl = key.ttlMs().has_value();
    const RawKey* fence = context.keys->find(LockNaming::lockscopeFenceKey(key.name));
    if (fence && fence->integerValue() && LockNaming::isHex(value, 32))
        return Verdict {LockLibrary::LockScope, 0.95,
            UserText(LOCKSCOPE_TEXT(
                "TokenLockRecognizer", "32 hex token with a lockscope:fence counter: LockScope token lock"))};
    if (key.name.starts_with("mutex:") && LockNaming::isUuidV4(value))
        return Verdict {LockLibrary::RedisSemaphoreNode, 0.9,
            UserText(LOCKSCOPE_TEXT(
                "TokenLockRecognizer", "mutex:<name> holding a UUIDv4: redis-semaphore (node) Mutex"))};
    if (auto minted = LockNaming::uuid1HexTimeMs(value)) {
        // A UUIDv1 carries the moment it was made; a lock token was made recently.
        if (*minted > context.nowMs - 366 * dayMs && *minted < context.nowMs + dayMs) {
            const long long ageS = (context.nowMs - *minted) / 1000;
            return Verdict {LockLibrary::RedisPy, lockName ? 0.9 : 0.8,
                hasTtl ? UserText(
                    LOCKSCOPE_TEXT("TokenLockRecognizer", "uuid1().hex minted %1 s ago: redis-py Lock"), ageS)
                       : UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                                      "uuid1().hex minted %1 s ago: redis-py Lock (no TTL: timeout=None)"),
                           ageS)};
        }
    }
    if (!lockName)
        return std::nullopt; // a random string under an ordinary name: a session, a digest...
    if (LockNaming::isHex(value, 32)) {
        if (hasTtl)
            return Verdict {LockLibrary::NodeRedlock, 0.7,
                UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                    "32 hex chars with a PX TTL under a lock-like name: node-redlock (redis-py's uuid1 "
                    "values "
                    "would carry a timestamp)"))};
        return Verdict {LockLibrary::Unknown, 0.5,
            UserText(LOCKSCOPE_TEXT(
                "TokenLockRecognizer", "32 hex chars without a TTL under a lock-like name: a token lock"))};
    }
    if (value.size() == 20 && LockNaming::isAlnum(value))
        return Verdict {LockLibrary::RedisPlusPlus, 0.6,
            UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                "20 alphanumeric chars under a lock-like name: redis-plus-plus RedMutex"))};
    if (LockNaming::isUuid(value))
        return Verdict {LockLibrary::Unknown, 0.6,
            UserText(LOCKSCOPE_TEXT("TokenLockRecognizer", "a UUID under a lock-like name: a token lock"))};
    return Verdict {LockLibrary::Unknown, hasTtl ? 0.55 : 0.45,
        hasTtl ? UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
            "a random-looking token under a lock-like name with a TTL: a SET NX token lock"))
               : UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                   "a random-looking token under a lock-like name: a SET NX token lock"))};
}

void TokenLockRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const RawKey* key : context.keys->unclaimedKeys()) {
        const std::string& name = key->name;
        if (!key || !isShortString(*key) || LockNaming::isAuxiliaryKey(name))
            continue;
        const bool fenced
            = LockNaming::isHex(key->value, 32) && context.keys->find(LockNaming::lockscopeFenceKey(name));
        if (!fenced && isCandidate(*key, context) == Candidacy::No)
            continue;
        auto verdict = judge(*key, context);
        if (!verdict)
            continue;
        LockSnapshot lock = context.claimLock(*key, LockKind::Token, verdict->library);
        lock.confidence = verdict->confidence;
        lock.reason = verdict->reason;
        lock.observedValue = key->value;
        LockHolder holder;
        holder.owner = key->value;
        lock.holders.push_back(std::move(holder));
        out.push_back(std::move(lock));
    }
}

} // namespace lockscope
