#include "inspect/recognizers/ruby/SidekiqUniqueJobsRecognizer.h"

#include "inspect/LockNaming.h"
#include "inspect/scan/ScoreMillis.h"

#include <array>
#include <cstdlib>
#include <set>

namespace lockscope {

namespace {

constexpr std::string_view prefix = "uniquejobs:";
constexpr std::array suffixes {":LOCKED", ":QUEUED", ":PRIMED", ":INFO"};
constexpr std::string_view globalDigests = "uniquejobs:digests";

// KEYS: D, D:QUEUED, D:PRIMED, D:LOCKED, D:INFO, uniquejobs:digests; ARGV: the job ids shown.
const char* const unlockScript = R"LUA(
if redis.call('exists', KEYS[4]) == 0 then
  if redis.call('exists', KEYS[1]) == 0 then return {0, 0} end
  return {-1, 0}
end
if redis.call('hlen', KEYS[4]) ~= #ARGV then return {-1, 0} end
for i = 1, #ARGV do
  if redis.call('hexists', KEYS[4], ARGV[i]) == 0 then return {-1, 0} end
end
for i = 1, #ARGV do
  redis.call('lrem', KEYS[2], -1, ARGV[i])
  redis.call('lrem', KEYS[3], -1, ARGV[i])
  redis.call('hdel', KEYS[4], ARGV[i])
end
redis.call('del', KEYS[1], KEYS[5], KEYS[4])
redis.call('zrem', KEYS[6], KEYS[1])
redis.call('lpush', KEYS[2], '1')
redis.call('pexpire', KEYS[2], 5000)
return {1, 0}
)LUA";

} // namespace

std::optional<std::string> SidekiqUniqueJobsRecognizer::digestOf(std::string_view key)
{
    if (!key.starts_with(prefix))
        return std::nullopt;
    std::string_view rest = key.substr(prefix.size());
    for (std::string_view suffix : suffixes) {
        if (rest.ends_with(suffix)) {
            rest.remove_suffix(suffix.size());
            break;
        }
    }
    if (!LockNaming::isHex(rest, 32) && !LockNaming::isHex(rest, 64))
        return std::nullopt;
    return std::string(prefix) + std::string(rest);
}

std::optional<std::string> SidekiqUniqueJobsRecognizer::lockNameOf(std::string_view key) const
{
    return digestOf(key);
}

void SidekiqUniqueJobsRecognizer::keysOf(const std::string& lockName, std::vector<std::string>& keys) const
{
    if (!digestOf(lockName))
        return;
    keys.push_back(lockName);
    for (std::string_view suffix : suffixes)
        keys.push_back(lockName + std::string(suffix));
}

void SidekiqUniqueJobsRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    std::set<std::string> digests;
    for (const RawKey* key : context.keys->unclaimedKeys()) {
        if (auto digest = digestOf(key->name))
            digests.insert(*digest);
    }
    for (const auto& digest : digests) {
        const RawKey* locked = context.keys->find(digest + ":LOCKED");
        if (!locked || locked->type != RawKey::Type::Hash || context.keys->isClaimed(locked->name))
            continue; // queued, not (yet) locked: no lock to show
        LockSnapshot lock = context.claimLock(*locked, LockKind::Token, LockLibrary::SidekiqUniqueJobs);
        lock.name = digest;
        lock.keys.clear();
        std::vector<std::string> parts;
        keysOf(digest, parts);
        for (const auto& key : parts) {
            // A side key another lock already took (found by fuzz_Recognizers: a ShedLock-shaped
            // hash named <digest>:QUEUED) stays that lock's: a key belongs to one lock.
            if (!context.keys->find(key) || (key != locked->name && context.keys->isClaimed(key)))
                continue;
            context.keys->claim(key);
            lock.keys.push_back(key);
        }
        if (const RawKey* main = context.keys->find(digest))
            lock.ttlMs = main->ttlMs();
        lock.confidence = 0.95;
        lock.reason = UserText(LOCKSCOPE_TEXT("SidekiqUniqueJobsRecognizer",
            "uniquejobs:<digest> with its :LOCKED hash: a sidekiq-unique-jobs uniqueness lock"));
        for (const auto& [jid, lockedAt] : locked->fields) {
            LockHolder holder;
            holder.owner = jid;
            lock.holders.push_back(std::move(holder));
            const auto lockedAtMs = scoreMillis(std::strtod(lockedAt.c_str(), nullptr) * 1000);
            if (lockedAtMs && *lockedAtMs > 0)
                lock.notes.push_back(UserText(LOCKSCOPE_TEXT("SidekiqUniqueJobsRecognizer",
                                                  "job %1 holds it since %2 s ago; while it does, the same "
                                                  "job is not queued or run again"),
                    jid, std::max(0LL, (context.nowMs - *lockedAtMs) / 1000)));
        }
        if (const RawKey* queued = context.keys->find(digest + ":QUEUED"); queued && queued->size > 0)
            lock.notes.push_back(UserText(LOCKSCOPE_TEXT("SidekiqUniqueJobsRecognizer",
                                              "%1 token(s) queued for the jobs waiting on it"),
                queued->size));
        if (!lock.ttlMs)
            lock.notes.push_back(UserText(LOCKSCOPE_TEXT("SidekiqUniqueJobsRecognizer",
                "no TTL (lock_ttl nil, the default): if its job died without unlocking, only a release or "
                "the gem's reaper frees it")));
        lock.releaseWarning = UserText(LOCKSCOPE_TEXT("SidekiqUniqueJobsRecognizer",
            "released the way the gem unlocks: the digest, its :LOCKED, :INFO and queue entries and its "
            "place "
            "in uniquejobs:digests go; a job still running is then no longer unique"));
        out.push_back(std::move(lock));
    }
}

std::optional<RedisCommand> SidekiqUniqueJobsRecognizer::ownRelease(const LockSnapshot& lock) const
{
    if (lock.library != LockLibrary::SidekiqUniqueJobs || lock.holders.empty())
        return std::nullopt;
    RedisCommand command {"EVAL", unlockScript, "6", lock.name, lock.name + ":QUEUED", lock.name + ":PRIMED",
        lock.name + ":LOCKED", lock.name + ":INFO", std::string(globalDigests)};
    for (const auto& holder : lock.holders)
        command.push_back(holder.owner);
    return command;
}

} // namespace lockscope
