#include "inspect/recognizers/LockScopeSemaphoreRecognizer.h"

#include "inspect/recognizers/PermitHolder.h"
#include "inspect/scan/ScoreMillis.h"
#include "locks/LockKeyNames.h"
#include "locks/Semaphore.h"

#include <array>
#include <cmath>
#include <map>
#include <optional>

namespace lockscope {

namespace {
constexpr std::array<std::string_view, 8> parts {
    "permits", "free", "taken", "leases", "holders", "unleased", "seq", "fence"};
} // namespace

std::optional<std::string> LockScopeSemaphoreRecognizer::semaphoreName(std::string_view key)
{
    auto name = LockKeyNames::lockscopeSemaphoreOf(key, parts);
    if (name && name->empty())
        return std::nullopt;
    return name;
}

Candidacy LockScopeSemaphoreRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    return semaphoreName(key.name) ? Candidacy::Yes : Candidacy::No;
}

bool LockScopeSemaphoreRecognizer::readsContents(std::string_view key, RawKey::Type) const
{
    return semaphoreName(key).has_value();
}

std::optional<std::string> LockScopeSemaphoreRecognizer::lockNameOf(std::string_view key) const
{
    return semaphoreName(key);
}

void LockScopeSemaphoreRecognizer::keysOf(const std::string& lockName, std::vector<std::string>& keys) const
{
    for (std::string_view part : parts)
        keys.push_back(Semaphore::keyFor(lockName, part));
}

void LockScopeSemaphoreRecognizer::recognize(
    RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    std::map<std::string, std::vector<std::string>> groups;
    // Its candidates are exactly the keys named as a semaphore's parts (isCandidate).
    for (const RawKey* key : context.unclaimedCandidates()) {
        if (auto name = semaphoreName(key->name))
            groups[*name].push_back(key->name);
    }
    for (const auto& [name, keys] : groups) {
        LockSnapshot lock;
        lock.name = name;
        lock.kind = LockKind::Semaphore;
        lock.library = LockLibrary::LockScope;
        lock.confidence = 0.9;
        lock.reason = UserText(LOCKSCOPE_TEXT(
            "LockScopeSemaphoreRecognizer", "keys under lockscope:semaphore:{name}: LockScope semaphore"));
        lock.node = context.node;
        // The parts as Semaphore's scripts keep them: `leases` token -> lease end (ms), `holders`
        // token -> holder id, `free` the permits nobody took, `fence` the last fence handed out.
        std::map<std::string, std::optional<long long>> leases;
        std::map<std::string, std::string> holderOf;
        for (const auto& keyName : keys) {
            const RawKey* key = context.keys->find(keyName);
            context.keys->claim(keyName);
            lock.keys.push_back(keyName);
            if (key->ttlMs() && (!lock.ttlMs || *key->ttlMs() < *lock.ttlMs))
                lock.ttlMs = key->ttlMs();
            const std::string_view part = std::string_view(keyName).substr(keyName.rfind(':') + 1);
            if (part == "leases" && key->type == RawKey::Type::ZSet) {
                for (const auto& [member, score] : key->members)
                    leases[member] = score > 1e12 ? std::optional(scoreMillis(score)) : std::nullopt;
            } else if (part == "holders" && key->type == RawKey::Type::Hash) {
                for (const auto& [field, value] : key->fields)
                    holderOf[field] = value;
            } else if (part == "free" && key->type == RawKey::Type::List) {
                lock.permitsAvailable = key->size;
            } else if (part == "fence") {
                lock.fence = key->integerValue();
            }
        }
        for (const auto& [token, holderId] : holderOf)
            leases.try_emplace(token, std::nullopt);
        for (const auto& [token, expiresAtMs] : leases) {
            auto named = holderOf.find(token);
            lock.holders.push_back(
                permitHolder(named != holderOf.end() ? named->second : token, expiresAtMs));
        }
        out.push_back(std::move(lock));
    }
}

} // namespace lockscope
