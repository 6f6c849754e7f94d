#include "inspect/recognizers/LockScopeSemaphoreRecognizer.h"

#include "inspect/scan/ScoreMillis.h"
#include "locks/LockKeyNames.h"
#include "locks/Semaphore.h"

#include <array>
#include <cmath>
#include <map>

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
    for (const std::string& key : context.keys->unclaimed()) {
        if (auto name = semaphoreName(key))
            groups[*name].push_back(key);
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
        for (const auto& keyName : keys) {
            const RawKey* key = context.keys->find(keyName);
            context.keys->claim(keyName);
            lock.keys.push_back(keyName);
            if (key->ttlMs() && (!lock.ttlMs || *key->ttlMs() < *lock.ttlMs))
                lock.ttlMs = key->ttlMs();
            if (key->type == RawKey::Type::ZSet) {
                for (const auto& [member, score] : key->members) {
                    LockHolder holder;
                    holder.owner = member;
                    holder.mode = "permit";
                    if (score > 1e12)
                        holder.expiresAtMs = scoreMillis(score);
                    lock.holders.push_back(std::move(holder));
                }
            } else if (key->type == RawKey::Type::Hash) {
                for (const auto& [field, value] : key->fields) {
                    LockHolder holder;
                    holder.owner = field;
                    holder.mode = "permit";
                    lock.holders.push_back(std::move(holder));
                }
            } else if (key->type == RawKey::Type::List) {
                lock.permitsAvailable = key->size;
            } else if (auto permits = key->integerValue(); permits && !lock.permitsAvailable) {
                lock.permitsAvailable = *permits;
            }
        }
        out.push_back(std::move(lock));
    }
}

} // namespace lockscope
