#include "inspect/recognizers/TokenLockRecognizer.h"

#include "inspect/LockNaming.h"
#include "inspect/recognizers/TokenShape.h"
#include "locks/LockKeyNames.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

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

// redlock-universal's createLockValueWithMetadata: <nodeId>:<epochMs>:<16 hex>.
bool isRedlockUniversalValue(std::string_view value)
{
    const size_t last = value.rfind(':');
    if (last == std::string_view::npos || value.size() - last - 1 != 16
        || !LockNaming::isHex(value.substr(last + 1), 16))
        return false;
    const size_t middle = value.rfind(':', last - 1);
    if (middle == std::string_view::npos || middle == 0)
        return false;
    const std::string_view ms = value.substr(middle + 1, last - middle - 1);
    return ms.size() == 13 && std::all_of(ms.begin(), ms.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// bsm/redislock: a 22-character URL-safe token, then optional metadata. Only a '-' or '_' in
// the token, or metadata after it, is bsm's own: 22 letters and digits are what redlock-py and
// @redis-kit/lock write too.
bool isBsmValue(std::string_view value)
{
    if (value.size() < 22 || TokenShape::of(value.substr(0, 22)) != TokenShapeKind::UrlSafe22)
        return false;
    return value.size() > 22 || value.substr(0, 22).find_first_of("-_") != std::string_view::npos;
}

// 22 letters and digits: bsm/redislock's URL-safe token without a '-' or '_' (about half of
// them), redlock-py's 22 random alphanumerics, or @redis-kit/lock's base64 without a '+' or '/'.
bool isToken22(std::string_view value)
{
    return value.size() == 22 && LockNaming::isAlnum(value) && TokenShape::isRandomAlnum(value, 22);
}

// @redis-kit/lock: 22 characters cut from standard base64; a '+' or '/' is its own.
bool isRedisKitValue(std::string_view value)
{
    return value.size() == 22 && TokenShape::isBase64Chars(value)
        && value.find_first_of("+/") != std::string_view::npos;
}

UserText shapeDescription(TokenShapeKind shape)
{
    switch (shape) {
    case TokenShapeKind::Hex32:
        return UserText(LOCKSCOPE_TEXT("TokenLockRecognizer", "32 random hex digits"));
    case TokenShapeKind::Uuid:
        return UserText(LOCKSCOPE_TEXT("TokenLockRecognizer", "a UUID"));
    case TokenShapeKind::Base64Padded24:
        return UserText(LOCKSCOPE_TEXT("TokenLockRecognizer", "24 characters of padded base64"));
    case TokenShapeKind::Base64Raw24:
        return UserText(LOCKSCOPE_TEXT("TokenLockRecognizer", "24 characters of base64"));
    case TokenShapeKind::UrlSafe22:
        return UserText(LOCKSCOPE_TEXT("TokenLockRecognizer", "22 URL-safe base64 characters"));
    case TokenShapeKind::Alnum20:
        return UserText(LOCKSCOPE_TEXT("TokenLockRecognizer", "20 random alphanumerics"));
    }
    return {};
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
    if (LockNaming::looksLikeLockName(key.name))
        return token ? Candidacy::Yes : Candidacy::No;
    // The TTL is read only for the keys kept here: the shape decides, recognize() the TTL.
    return TokenShape::of(key.value) ? Candidacy::Yes : Candidacy::No;
}

bool TokenLockRecognizer::claimsName(std::string_view key) const
{
    return key.starts_with("mutex:") || LockNaming::looksLikeLockName(key);
}

void TokenLockRecognizer::keysOf(const std::string& lockName, std::vector<std::string>& keys) const
{
    keys.push_back(lockName);
    keys.push_back("mutex:" + lockName);
}

void TokenLockRecognizer::relatedKeys(const RawKey& key, std::vector<std::string>& names) const
{
    if (key.type == RawKey::Type::String)
        names.push_back(LockKeyNames::lockscopeFence(key.name));
}

std::optional<TokenLockRecognizer::Verdict> TokenLockRecognizer::judge(
    const RawKey& key, const RecognitionContext& context) const
{
    const std::string& value = key.value;
    const bool lockName = LockNaming::looksLikeLockName(key.name);
    const bool hasTtl = key.ttlMs().has_value();
    const RawKey* fence = context.keys->hasAuxiliaryKeys()
        ? context.keys->find(LockKeyNames::lockscopeFence(key.name))
        : nullptr; // a fence counter is an auxiliary key
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
    if (!lockName) {
        // An ordinary name: listed only as a possible lock, and only for one random token of a
        // shape some library writes, with a TTL.
        const auto shape = TokenShape::of(value);
        if (!shape || !hasTtl)
            return std::nullopt;
        Verdict possible {LockLibrary::Unknown, 0.3,
            UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                         "possibly a lock: %1 with a TTL, though the name does not say lock (a session "
                         "or cache entry can look the same)"),
                shapeDescription(*shape)),
            true};
        switch (*shape) {
        case TokenShapeKind::Hex32:
            possible.library = LockLibrary::NodeRedlockFamily;
            break;
        case TokenShapeKind::Base64Padded24:
            possible.library = LockLibrary::Redsync;
            break;
        case TokenShapeKind::UrlSafe22:
            possible.library = isBsmValue(value) ? LockLibrary::BsmRedislock : LockLibrary::Token22Family;
            break;
        case TokenShapeKind::Uuid:
            possible.library = LockLibrary::UuidTokenFamily;
            break;
        case TokenShapeKind::Alnum20:
            possible.library = LockLibrary::RedisPlusPlus;
            break;
        default:
            break;
        }
        return possible;
    }
    if (TokenShape::isRedsyncToken(value))
        return Verdict {LockLibrary::Redsync, 0.7,
            UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                "24 characters of base64 ending in == under a lock-like name: redsync (Go)"))};
    if (isBsmValue(value))
        return Verdict {LockLibrary::BsmRedislock, 0.65,
            value.size() == 22
                ? UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                    "22 URL-safe base64 characters under a lock-like name: bsm/redislock (Go)"))
                : UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                               "a 22-character URL-safe token and metadata %1 under a lock-like "
                               "name: bsm/redislock (Go)"),
                    value.substr(22))};
    if (isRedisKitValue(value))
        return Verdict {LockLibrary::RedisKitLock, 0.65,
            UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                "22 characters of standard base64 (with + or /) under a lock-like name: @redis-kit/lock"))};
    if (isToken22(value))
        return Verdict {LockLibrary::Token22Family, 0.45,
            UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                "22 letters and digits under a lock-like name: a guess between bsm/redislock (Go), "
                "@redis-kit/lock (Node) and redlock-py (Python), which all write this shape"))};
    if (TokenShape::isMixedCaseLetters(value, 16))
        return Verdict {LockLibrary::GoZero, 0.6,
            UserText(LOCKSCOPE_TEXT(
                "TokenLockRecognizer", "16 letters under a lock-like name: go-zero RedisLock (Go)"))};
    if (isRedlockUniversalValue(value))
        return Verdict {LockLibrary::RedlockUniversal, 0.7,
            UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                "<node>:<epoch ms>:<16 hex> under a lock-like name: redlock-universal with metadata"))};
    if (LockNaming::isHex(value, 32)) {
        if (hasTtl)
            return Verdict {LockLibrary::NodeRedlockFamily, 0.5,
                UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                    "32 random hex digits with a TTL under a lock-like name: a guess; node-redlock v4/v5 "
                    "and its forks (@sesamecare-oss/redlock, redlock2, redlock-temp-fix) and "
                    "redlock-universal all write this shape, and the value cannot say which (redis-py's "
                    "uuid1 values would carry a timestamp)"))};
        return Verdict {LockLibrary::Unknown, 0.5,
            UserText(LOCKSCOPE_TEXT(
                "TokenLockRecognizer", "32 hex chars without a TTL under a lock-like name: a token lock"))};
    }
    if (value.size() == 20 && LockNaming::isAlnum(value))
        return Verdict {LockLibrary::RedisPlusPlus, 0.6,
            UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                "20 alphanumeric chars under a lock-like name: redis-plus-plus RedMutex"))};
    if (LockNaming::isUuid(value))
        return Verdict {LockLibrary::UuidTokenFamily, 0.5,
            value[14] == '1'
                ? UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                    "a UUIDv1 under a lock-like name: a guess; redislock and ioredis-lock (Node) write "
                    "these, and so do hand-written locks"))
                : UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                    "a UUID under a lock-like name: a guess; @upstash/lock, murlock, "
                    "@microfleet/ioredis-lock, nestjs-simple-redis-lock (Node), Spring Integration, "
                    "redlock-rb, aioredlock and hand-written locks all write this shape"))};
    if (TokenShape::isRandomAlnum(value, 16))
        return Verdict {LockLibrary::Unknown, 0.5,
            UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                "16 random alphanumerics under a lock-like name: a token lock (Laravel writes these under "
                "its cache prefix)"))};
    return Verdict {LockLibrary::Unknown, hasTtl ? 0.55 : 0.45,
        hasTtl ? UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
            "a random-looking token under a lock-like name with a TTL: a SET NX token lock"))
               : UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                   "a random-looking token under a lock-like name: a SET NX token lock"))};
}

void TokenLockRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    const size_t first = out.size();
    // A fenced token is taken whatever its candidacy; without fence counters (auxiliary keys),
    // only candidates can be.
    const bool mayBeFenced = context.keys->hasAuxiliaryKeys();
    const auto keys = mayBeFenced ? context.keys->unclaimedKeys() : context.unclaimedCandidates();
    // Candidates are mostly locks: room made once rather than the snapshots moved at each doubling.
    if (!mayBeFenced)
        out.reserve(out.size() + keys.size());
    for (const RawKey* key : keys) {
        const std::string& name = key->name;
        // (Without fence counters in the index, no key in it is an auxiliary one.)
        if (!key || !isShortString(*key) || (mayBeFenced && LockNaming::isAuxiliaryKey(name)))
            continue;
        const bool fenced = mayBeFenced && LockNaming::isHex(key->value, 32)
            && context.keys->find(LockKeyNames::lockscopeFence(name));
        if (!fenced && !context.keys->isKnownCandidateOf(*key, context.recognizerPlace)
            && isCandidate(*key, context) == Candidacy::No)
            continue;
        auto verdict = judge(*key, context);
        if (!verdict)
            continue;
        LockSnapshot lock = context.claimLock(*key, LockKind::Token, verdict->library);
        lock.confidence = verdict->confidence;
        lock.possible = verdict->possible;
        lock.reason = std::move(verdict->reason);
        lock.observedValue = key->value;
        // redis-semaphore's `new Mutex(client, name)` writes mutex:<name>.
        if (verdict->library == LockLibrary::RedisSemaphoreNode && name.starts_with("mutex:"))
            lock.apiName = name.substr(6);
        LockHolder holder;
        holder.owner = key->value;
        lock.holders.push_back(std::move(holder));
        out.push_back(std::move(lock));
    }
    noteSharedValues(out, first);
}

void TokenLockRecognizer::noteSharedValues(std::vector<LockSnapshot>& locks, size_t first)
{
    // Random tokens are unique: keys holding the same one were taken together, as one lock. The
    // values' hashes sorted, each run of equal ones holds such locks (a sorted vector, not a map
    // of vectors: a large server's hundred thousand tokens would cost two allocations each; and
    // numbers, not the values: a sort comparing a million tokens reads them all over the heap).
    std::vector<std::pair<std::uint64_t, size_t>> byHash;
    byHash.reserve(locks.size() - first);
    for (size_t i = first; i < locks.size(); ++i)
        byHash.emplace_back(std::hash<std::string_view> {}(*locks[i].observedValue), i);
    std::sort(byHash.begin(), byHash.end());
    std::vector<size_t> sameHash;
    for (size_t run = 0; run < byHash.size();) {
        size_t end = run + 1;
        while (end < byHash.size() && byHash[end].first == byHash[run].first)
            ++end;
        const size_t start = run;
        run = end;
        if (end - start < 2)
            continue;
        sameHash.clear();
        for (size_t at = start; at < end; ++at)
            sameHash.push_back(byHash[at].second);
        // Equal hashes, nearly always equal values: split the run by value to be sure.
        std::stable_sort(sameHash.begin(), sameHash.end(),
            [&locks](size_t a, size_t b) { return *locks[a].observedValue < *locks[b].observedValue; });
        for (size_t from = 0; from < sameHash.size();) {
            size_t to = from + 1;
            while (to < sameHash.size()
                && *locks[sameHash[to]].observedValue == *locks[sameHash[from]].observedValue)
                ++to;
            if (to - from >= 2)
                noteOneLockOverKeys(
                    locks, std::vector<size_t>(sameHash.begin() + from, sameHash.begin() + to));
            from = to;
        }
    }
}

void TokenLockRecognizer::noteOneLockOverKeys(
    std::vector<LockSnapshot>& locks, const std::vector<size_t>& members)
{
    for (size_t i : members) {
        LockSnapshot& lock = locks[i];
        std::string others;
        size_t named = 0;
        for (size_t j : members) {
            if (named == 5)
                break;
            if (j == i)
                continue;
            others += (named++ ? ", " : "") + locks[j].name;
        }
        if (members.size() - 1 > named)
            others += ", …";
        lock.notes.push_back(UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                                          "one lock over %1 keys, all holding this value (node-redlock v5, "
                                          "bsm/redislock ObtainMulti): also %2"),
            static_cast<long long>(members.size()), others));
        // One 32-hex value over several keys is node-redlock's (v4/v5 and the forks, one code):
        // redlock-universal gives each key its own value.
        if (lock.library == LockLibrary::NodeRedlockFamily) {
            lock.library = LockLibrary::NodeRedlock;
            lock.confidence = std::max(lock.confidence, 0.7);
            lock.reason = UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                                       "one 32-hex token with a TTL on %1 keys: a node-redlock lock over "
                                       "several resources (node-redlock v4/v5 or a fork of it)"),
                static_cast<long long>(members.size()));
            lock.possible = false;
            continue;
        }
        if (lock.possible) {
            // A session id is not shared by other keys; a multi-key lock's token is.
            lock.possible = false;
            lock.confidence = 0.55;
            lock.reason = UserText(LOCKSCOPE_TEXT("TokenLockRecognizer",
                                       "one random token with a TTL on %1 keys: a lock taken over "
                                       "several keys at once"),
                static_cast<long long>(members.size()));
        }
    }
}

} // namespace lockscope
