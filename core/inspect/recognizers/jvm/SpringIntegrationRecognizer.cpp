#include "inspect/recognizers/jvm/SpringIntegrationRecognizer.h"

#include "inspect/LockNaming.h"

#include <algorithm>
#include <map>

namespace lockscope {

namespace {

// UUID.randomUUID().toString(): lowercase, version 4.
bool isClientId(const std::string& value)
{
    return LockNaming::isUuidV4(value)
        && std::none_of(value.begin(), value.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

std::string_view firstSegment(std::string_view key)
{
    return key.substr(0, key.find(':'));
}

bool isKeyShape(const RawKey& key)
{
    const size_t colon = key.name.find(':');
    return key.type == RawKey::Type::String && !key.truncated && colon != std::string::npos && colon > 0
        && colon + 1 < key.name.size() && !LockNaming::isAuxiliaryKey(key.name) && isClientId(key.value);
}

constexpr size_t namedSiblings = 5;
constexpr size_t maxSplits = 8;

} // namespace

Candidacy SpringIntegrationRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    return isKeyShape(key) ? Candidacy::Yes : Candidacy::No;
}

void SpringIntegrationRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    // One registry instance: one UUID under one first segment.
    std::map<std::pair<std::string, std::string_view>, std::vector<const RawKey*>> registries;
    for (const RawKey* key : context.unclaimedCandidates()) {
        if (isKeyShape(*key))
            registries[{key->value, firstSegment(key->name)}].push_back(key);
    }
    for (const auto& [registry, keys] : registries) {
        // One key alone is a Spring lock only if an earlier listing saw its value shared.
        const bool known = context.sharedHolders
            && context.sharedHolders->libraryOf(registry.first) == LockLibrary::SpringIntegration;
        if (keys.size() < 2 && !known)
            continue;
        if (context.sharedHolders)
            context.sharedHolders->remember(registry.first, LockLibrary::SpringIntegration);
        for (const RawKey* key : keys) {
            LockSnapshot lock = context.claimLock(*key, LockKind::Token, LockLibrary::SpringIntegration, 0.8,
                UserText(LOCKSCOPE_TEXT("SpringIntegrationRecognizer",
                    "<registry>:<lock> keys holding one shared UUID: Spring Integration RedisLockRegistry")));
            lock.observedValue = key->value;
            // obtain(lockKey) takes the key without its registry's `<registryKey>:`.
            lock.apiName = key->name.substr(registry.second.size() + 1);
            LockHolder holder;
            holder.owner = key->value;
            holder.clientUuid = key->value;
            lock.holders.push_back(std::move(holder));
            if (keys.size() < 2) {
                lock.notes.push_back(
                    UserText(LOCKSCOPE_TEXT("SpringIntegrationRecognizer",
                                 "its registry instance (client id %1) was seen holding several locks here"),
                        key->value));
                out.push_back(std::move(lock));
                continue;
            }
            std::string siblings;
            size_t named = 0;
            for (const RawKey* other : keys) {
                if (other == key || named == namedSiblings)
                    continue;
                siblings += (named++ ? ", " : "") + other->name;
            }
            if (keys.size() - 1 > named)
                siblings += ", …";
            lock.notes.push_back(UserText(LOCKSCOPE_TEXT("SpringIntegrationRecognizer",
                                              "its registry instance (client id %1) holds %2 lock(s) "
                                              "in all here: also %3"),
                key->value, static_cast<long long>(keys.size()), siblings));
            out.push_back(std::move(lock));
        }
    }
}

std::optional<ReleaseWakeUp> SpringIntegrationRecognizer::wakeUpOnRelease(const LockSnapshot& lock) const
{
    // A lone lock of a registry is not told from other UUID locks (a re-read by name sees one
    // key): publishing where nobody listens costs nothing, so such a lock gets the wake-up too.
    const bool maybeSpring
        = (lock.library == LockLibrary::Unknown || lock.library == LockLibrary::UuidTokenFamily)
        && lock.kind == LockKind::Token && lock.observedValue && isClientId(*lock.observedValue)
        && lock.name.find(':') != std::string::npos;
    if (lock.library != LockLibrary::SpringIntegration && !maybeSpring)
        return std::nullopt;
    ReleaseWakeUp wakeUp;
    wakeUp.message = lock.name; // the full lock key, as unlock() publishes it
    for (size_t colon = lock.name.find(':');
         colon != std::string::npos && wakeUp.moreChannels.size() < maxSplits;
         colon = lock.name.find(':', colon + 1))
        wakeUp.moreChannels.push_back(lock.name.substr(0, colon) + "-channel:" + lock.name);
    return wakeUp;
}

} // namespace lockscope
