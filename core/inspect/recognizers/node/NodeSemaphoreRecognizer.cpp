#include "inspect/recognizers/node/NodeSemaphoreRecognizer.h"

#include "inspect/LockNaming.h"
#include "inspect/recognizers/PermitHolder.h"

#include <cmath>
#include <map>

namespace lockscope {

namespace {

constexpr std::string_view prefix = "semaphore:";

const char* const releaseScript = R"LUA(
local removed = 0
for i = 1, #ARGV do removed = removed + redis.call('zrem', KEYS[1], ARGV[i]) end
return removed
)LUA";

// `<uuid>` or `<uuid>_<k>`; returns the uuid.
std::optional<std::string> permitOwner(std::string_view member)
{
    if (member.size() >= 36 && LockNaming::isUuid(member.substr(0, 36))) {
        if (member.size() == 36)
            return std::string(member);
        if (member[36] == '_' && member.size() > 37 && member.size() <= 46) {
            for (char c : member.substr(37)) {
                if (c < '0' || c > '9')
                    return std::nullopt;
            }
            return std::string(member.substr(0, 36));
        }
    }
    return std::nullopt;
}

bool isNodeSemaphore(const RawKey& key)
{
    if (key.type != RawKey::Type::ZSet || key.name.size() <= prefix.size() || !key.name.starts_with(prefix)
        || key.members.empty())
        return false;
    for (const auto& [member, score] : key.members) {
        // Scores are epoch-ms: after 2001 and finite.
        if (!permitOwner(member) || !std::isfinite(score) || score < 1e12)
            return false;
    }
    return true;
}

} // namespace

NodeSemaphoreRecognizer::NodeSemaphoreRecognizer()
    : KeyFamilyRecognizer(RawKey::Type::ZSet, {{prefix, ""}})
{
}

Candidacy NodeSemaphoreRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    return isNodeSemaphore(key) ? Candidacy::Yes : Candidacy::No;
}

std::optional<RedisCommand> NodeSemaphoreRecognizer::permitRelease(
    const LockSnapshot& semaphore, const LockHolder& holder) const
{
    if (semaphore.library != LockLibrary::RedisSemaphoreNode)
        return std::nullopt;
    RedisCommand command {"EVAL", releaseScript, "1", std::string(prefix) + semaphore.name};
    if (holder.count == 1) {
        // A Semaphore permit is <uuid>; a one-permit MultiSemaphore holder is <uuid>_0.
        command.push_back(holder.owner);
        command.push_back(holder.owner + "_0");
    } else {
        for (long long k = 0; k < holder.count; ++k)
            command.push_back(holder.owner + "_" + std::to_string(k));
    }
    return command;
}

void NodeSemaphoreRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const RawKey* key : context.unclaimedCandidates()) { // isCandidate: the same test
        const std::string& name = key->name;
        if (!key || !isNodeSemaphore(*key))
            continue;
        LockSnapshot lock = context.claimLock(*key, LockKind::Semaphore, LockLibrary::RedisSemaphoreNode, 0.9,
            UserText(LOCKSCOPE_TEXT("NodeSemaphoreRecognizer",
                "semaphore:<name> zset of UUIDv4 permits scored by epoch-ms: redis-semaphore (node)")));
        lock.name = name.substr(prefix.size()); // the semaphore, not its key
        // MultiSemaphore: one holder with k permits, in acquisition order.
        std::map<std::string, size_t> indexOf;
        for (const auto& [member, score] : key->members) {
            const std::string owner = *permitOwner(member);
            auto it = indexOf.find(owner);
            if (it != indexOf.end()) {
                lock.holders[it->second].count += 1;
                continue;
            }
            indexOf[owner] = lock.holders.size();
            lock.holders.push_back(permitHolder(owner));
        }
        if (key->truncated)
            lock.notes.emplace_back(LOCKSCOPE_TEXT(
                "NodeSemaphoreRecognizer", "more permits than the read limit: only the oldest are shown"));
        lock.notes.emplace_back(LOCKSCOPE_TEXT(
            "NodeSemaphoreRecognizer", "waiters poll: redis-semaphore keeps no waiter list in Redis"));
        out.push_back(std::move(lock));
    }
}

} // namespace lockscope
