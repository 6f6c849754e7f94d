#include "inspect/recognizers/php/SymfonyLockRecognizer.h"

#include "inspect/recognizers/TokenShape.h"
#include "inspect/scan/ScoreMillis.h"

#include <algorithm>
#include <cmath>

namespace lockscope {

namespace {

constexpr std::string_view writeMember = "__write__";
constexpr long long dayMs = 24LL * 3600 * 1000;

bool isSymfonyLockSet(const RawKey& key)
{
    if (key.type != RawKey::Type::ZSet || key.truncated || key.members.empty())
        return false;
    size_t tokens = 0;
    for (const auto& [member, score] : key.members) {
        if (member == writeMember)
            continue;
        if (!TokenShape::isSymfonyToken(member) || !std::isfinite(score))
            return false;
        ++tokens;
    }
    return tokens > 0;
}

// Releases only if the set holds exactly the members shown (ARGV), then deletes it.
const char* const releaseScript = R"LUA(
if redis.call('type', KEYS[1])['ok'] ~= 'zset' then
  if redis.call('exists', KEYS[1]) == 0 then return {0, 0} end
  return {-1, 0}
end
if redis.call('zcard', KEYS[1]) ~= #ARGV then return {-1, 0} end
for i = 1, #ARGV do
  if not redis.call('zscore', KEYS[1], ARGV[i]) then return {-1, 0} end
end
redis.call('del', KEYS[1])
return {1, 0}
)LUA";

} // namespace

Candidacy SymfonyLockRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    return isSymfonyLockSet(key) ? Candidacy::Yes : Candidacy::No;
}

bool SymfonyLockRecognizer::readsContents(std::string_view, RawKey::Type type) const
{
    // The resource's own name, any name: a sorted set is read (its lowest members, bounded) to
    // see whether it holds tokens.
    return type == RawKey::Type::ZSet;
}

void SymfonyLockRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const RawKey* key : context.keys->unclaimedKeys()) {
        if (!isSymfonyLockSet(*key))
            continue;
        // Scores are expiries near now; a leaderboard of such tokens would be a strange thing.
        const bool plausible = std::all_of(key->members.begin(), key->members.end(), [&](const auto& member) {
            return member.first == writeMember
                || (member.second > double(context.nowMs - 30 * dayMs)
                    && member.second < double(context.nowMs + 366 * dayMs));
        });
        if (!plausible)
            continue;
        const bool exclusive = std::any_of(key->members.begin(), key->members.end(),
            [](const auto& member) { return member.first == writeMember; });
        LockSnapshot lock = context.claimLock(*key, LockKind::ReadWrite, LockLibrary::SymfonyLock);
        lock.confidence = 0.9;
        lock.reason = exclusive ? UserText(LOCKSCOPE_TEXT("SymfonyLockRecognizer",
                          "a sorted set of 44-character tokens with __write__: a Symfony Lock "
                          "held exclusively"))
                                : UserText(LOCKSCOPE_TEXT("SymfonyLockRecognizer",
                                    "a sorted set of 44-character tokens scored by expiry: a Symfony Lock "
                                    "held shared (read)"));
        long long expired = 0;
        for (const auto& [member, score] : key->members) {
            if (member == writeMember)
                continue;
            LockHolder holder;
            holder.owner = member;
            holder.mode = exclusive ? HolderMode::Write : HolderMode::Read;
            holder.expiresAtMs = scoreMillis(score);
            expired += holder.expiresAtMs && *holder.expiresAtMs < context.nowMs ? 1 : 0;
            lock.holders.push_back(std::move(holder));
        }
        if (expired > 0)
            lock.notes.push_back(UserText(LOCKSCOPE_TEXT("SymfonyLockRecognizer",
                                              "%1 holder(s) past their expiry: Symfony removes them at the "
                                              "next save, and they no longer count"),
                expired));
        out.push_back(std::move(lock));
    }
}

std::optional<RedisCommand> SymfonyLockRecognizer::ownRelease(const LockSnapshot& lock) const
{
    // A Symfony lock of before 5.2 is one string token (a simple format), released by
    // compare-and-delete: this script is the sorted set's of 5.2 and later.
    if (lock.library != LockLibrary::SymfonyLock || lock.kind != LockKind::ReadWrite || lock.holders.empty())
        return std::nullopt;
    RedisCommand command {"EVAL", releaseScript, "1", lock.name};
    for (const auto& holder : lock.holders)
        command.push_back(holder.owner);
    if (lock.holders.front().mode == HolderMode::Write)
        command.push_back(std::string(writeMember));
    return command;
}

} // namespace lockscope
