#include "inspect/recognizers/python/PortalockerRecognizer.h"

#include <algorithm>

namespace lockscope {

void PortalockerRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const auto& client : context.lockNamedSubscribers) {
        const std::string& lockName = client.lockName;
        auto existing = std::find_if(out.begin(), out.end(), [&](const LockSnapshot& lock) {
            return lock.library == LockLibrary::Portalocker && lock.name == lockName
                && lock.node == context.node;
        });
        LockHolder holder;
        holder.owner = std::to_string(client.id); // what CLIENT KILL ID takes
        if (existing != out.end()) {
            existing->holders.push_back(std::move(holder));
            continue;
        }
        LockSnapshot lock;
        lock.name = lockName;
        lock.node = context.node;
        lock.kind = LockKind::Token;
        lock.library = LockLibrary::Portalocker;
        lock.confidence = 0.8;
        lock.reason = UserText(LOCKSCOPE_TEXT("PortalockerRecognizer",
            "a connection named <name>-lock subscribed to a channel: a portalocker RedisLock (no key)"));
        lock.holders.push_back(std::move(holder));
        lock.notes.push_back(UserText(LOCKSCOPE_TEXT("PortalockerRecognizer",
                                          "held by connection %1 from %2 for %3 s, as long as it stays "
                                          "connected; waiters poll PUBSUB NUMSUB %4"),
            std::to_string(client.id), client.address, client.ageSeconds, lockName));
        lock.releaseWarning = UserText(LOCKSCOPE_TEXT("PortalockerRecognizer",
            "a portalocker lock is freed by closing its holder's connection (CLIENT KILL): everything else "
            "that client does over it stops too"));
        out.push_back(std::move(lock));
    }
}

std::optional<RedisCommand> PortalockerRecognizer::ownRelease(const LockSnapshot& lock) const
{
    if (lock.library != LockLibrary::Portalocker || lock.holders.size() != 1)
        return std::nullopt;
    // Client ids are never reused while the server runs: this can only close the holder shown.
    return RedisCommand {"CLIENT", "KILL", "ID", lock.holders.front().owner};
}

} // namespace lockscope
