#include "locks/LockFactory.h"

#include "locks/FairLock.h"
#include "locks/LegacyLock.h"
#include "locks/NaiveLock.h"
#include "locks/ReadLock.h"
#include "locks/RedlockLock.h"
#include "locks/ReentrantLock.h"
#include "locks/Semaphore.h"
#include "locks/TokenLock.h"
#include "locks/WriteLock.h"
#include "redis/RedisConnection.h"

#include <functional>

namespace lockscope {

namespace {
using Creator = std::function<Result<std::unique_ptr<DistributedLock>>(const LockSpec&)>;

struct KindEntry
{
    LockKindInfo info;
    Creator create;
};

Result<std::shared_ptr<RedisConnection>> connectFor(const LockSpec& spec)
{
    ConnectionOptions options = spec.connection;
    options.clientRole = "lock:" + std::string(lockAlgorithmName(spec.kind));
    auto connection = RedisConnection::connect(options);
    if (!connection)
        return connection.error();
    return std::shared_ptr<RedisConnection>(std::move(connection.value()));
}

Fencing fencingOf(const LockSpec& spec)
{
    return spec.fenced ? Fencing::On : Fencing::Off;
}

ExpiryClock::Source clockOf(const LockSpec& spec)
{
    return spec.serverTime ? ExpiryClock::Source::Server : ExpiryClock::Source::Client;
}

// One entry per kind; kinds implemented elsewhere add theirs here.
const std::vector<KindEntry>& entries()
{
    static const std::vector<KindEntry> table = {
        {{LockAlgorithm::Legacy,
             UserText(LOCKSCOPE_TEXT("LockFactory",
                 "SETNX with an expiry timestamp, GETSET takeover (the pattern of Redis's SETNX page); no "
                 "owner identity, no fencing")),
             false},
            [](const LockSpec& spec) -> Result<std::unique_ptr<DistributedLock>> {
                auto connection = connectFor(spec);
                if (!connection)
                    return connection.error();
                return std::unique_ptr<DistributedLock>(std::make_unique<LegacyLock>(
                    *connection, spec.name, LegacyLock::Options {clockOf(spec)}));
            }},
        {{LockAlgorithm::Naive,
             UserText(LOCKSCOPE_TEXT("LockFactory",
                 "UNSAFE: SETNX, then DEL + SETNX of an expired lock; two clients can both hold it (demo "
                 "only)")),
             true},
            [](const LockSpec& spec) -> Result<std::unique_ptr<DistributedLock>> {
                auto connection = connectFor(spec);
                if (!connection)
                    return connection.error();
                NaiveLock::Options options;
                options.clock = clockOf(spec);
                return std::unique_ptr<DistributedLock>(
                    std::make_unique<NaiveLock>(*connection, spec.name, options));
            }},
        {{LockAlgorithm::Token,
             UserText(LOCKSCOPE_TEXT("LockFactory",
                 "SET NX PX with a random token, Lua compare-and-delete; redis-py / node-redlock format, "
                 "fenced")),
             false},
            [](const LockSpec& spec) -> Result<std::unique_ptr<DistributedLock>> {
                auto connection = connectFor(spec);
                if (!connection)
                    return connection.error();
                return std::unique_ptr<DistributedLock>(
                    std::make_unique<TokenLock>(*connection, spec.name, fencingOf(spec)));
            }},
        {{LockAlgorithm::Reentrant,
             UserText(LOCKSCOPE_TEXT("LockFactory",
                 "Redisson RLock format: hash of <uuid>:<thread> -> count, watchdog renewal, pub/sub "
                 "wake-up, "
                 "fenced")),
             false},
            [](const LockSpec& spec) -> Result<std::unique_ptr<DistributedLock>> {
                return std::unique_ptr<DistributedLock>(std::make_unique<ReentrantLock>(
                    spec.connection, spec.name, HolderIdentity::next(), nullptr, fencingOf(spec)));
            }},
        {{LockAlgorithm::Fair,
             UserText(LOCKSCOPE_TEXT("LockFactory",
                 "Redisson RFairLock format: FIFO queue with deadlines, head waiter woken, fenced")),
             false},
            [](const LockSpec& spec) -> Result<std::unique_ptr<DistributedLock>> {
                return std::unique_ptr<DistributedLock>(std::make_unique<FairLock>(spec.connection, spec.name,
                    HolderIdentity::next(), nullptr, FairLock::defaultThreadWaitTime, fencingOf(spec)));
            }},
        {{LockAlgorithm::Read,
             UserText(LOCKSCOPE_TEXT(
                 "LockFactory", "Redisson RReadWriteLock, shared read mode: many readers, no writer")),
             false},
            [](const LockSpec& spec) -> Result<std::unique_ptr<DistributedLock>> {
                return std::unique_ptr<DistributedLock>(std::make_unique<ReadLock>(
                    spec.connection, spec.name, HolderIdentity::next(), nullptr, fencingOf(spec)));
            }},
        {{LockAlgorithm::Write,
             UserText(LOCKSCOPE_TEXT("LockFactory", "Redisson RReadWriteLock, exclusive write mode")), false},
            [](const LockSpec& spec) -> Result<std::unique_ptr<DistributedLock>> {
                return std::unique_ptr<DistributedLock>(std::make_unique<WriteLock>(
                    spec.connection, spec.name, HolderIdentity::next(), nullptr, fencingOf(spec)));
            }},
        {{LockAlgorithm::Semaphore,
             UserText(LOCKSCOPE_TEXT("LockFactory",
                 "counting semaphore of N permits (--permits): BLMOVE-blocked waiters, leased permits come "
                 "back, "
                 "fenced")),
             false},
            [](const LockSpec& spec) -> Result<std::unique_ptr<DistributedLock>> {
                if (spec.permits < 1)
                    return makeError(ErrorKind::Usage, "a semaphore needs at least one permit (--permits N)");
                return std::unique_ptr<DistributedLock>(
                    std::make_unique<Semaphore>(spec.connection, spec.name, spec.permits));
            }},
        {{LockAlgorithm::Redlock,
             UserText(LOCKSCOPE_TEXT("LockFactory",
                 "the token lock on N independent masters (--nodes), majority quorum, fenced")),
             false},
            [](const LockSpec& spec) -> Result<std::unique_ptr<DistributedLock>> {
                if (spec.nodes.empty())
                    return makeError(
                        ErrorKind::Usage, "the redlock kind needs its nodes (--nodes URL,URL,...)");
                std::vector<ConnectionOptions> nodes = spec.nodes;
                for (auto& node : nodes)
                    node.clientRole = "lock:redlock";
                return std::unique_ptr<DistributedLock>(
                    std::make_unique<RedlockLock>(std::move(nodes), spec.name));
            }},
    };
    return table;
}
} // namespace

const std::vector<LockKindInfo>& LockFactory::kinds()
{
    static const std::vector<LockKindInfo> infos = [] {
        std::vector<LockKindInfo> list;
        for (const auto& entry : entries())
            list.push_back(entry.info);
        return list;
    }();
    return infos;
}

const LockKindInfo* LockFactory::find(std::string_view name)
{
    const auto kind = lockAlgorithmNames.parse(name);
    return kind ? find(*kind) : nullptr;
}

const LockKindInfo* LockFactory::find(LockAlgorithm kind)
{
    for (const auto& info : kinds()) {
        if (info.kind == kind)
            return &info;
    }
    return nullptr;
}

Result<LockAlgorithm> LockFactory::parseKind(std::string_view name)
{
    if (const auto* info = find(name))
        return info->kind;
    return makeError(ErrorKind::Usage,
        "unknown lock kind '" + std::string(name) + "' (known kinds: " + knownKindNames() + ")");
}

std::string LockFactory::knownKindNames()
{
    std::string names;
    for (const auto& info : kinds()) {
        if (!names.empty())
            names += ", ";
        names += info.name();
    }
    return names;
}

std::optional<std::string> LockFactory::noFenceRefusal(LockAlgorithm kind)
{
    switch (kind) {
    case LockAlgorithm::Token:
    case LockAlgorithm::Reentrant:
    case LockAlgorithm::Fair:
    case LockAlgorithm::Read:
    case LockAlgorithm::Write:
        return std::nullopt;
    case LockAlgorithm::Legacy:
    case LockAlgorithm::Naive:
        return "the " + std::string(lockAlgorithmName(kind)) + " kind has no fence to turn off";
    case LockAlgorithm::Semaphore:
    case LockAlgorithm::Redlock:
        // They always fence: turning their counters off is not offered (yet).
        break;
    }
    return "fencing can be turned off for the token, reentrant, fair, read and write kinds only, not "
        + std::string(lockAlgorithmName(kind));
}

Result<std::unique_ptr<DistributedLock>> LockFactory::create(const LockSpec& spec)
{
    if (spec.name.empty())
        return makeError(ErrorKind::Usage, "a lock needs a name");
    for (const auto& entry : entries()) {
        if (entry.info.kind == spec.kind)
            return entry.create(spec);
    }
    return makeError(ErrorKind::Usage,
        "lock kind '" + std::string(lockAlgorithmName(spec.kind))
            + "' is not in this build (known kinds: " + knownKindNames() + ")");
}

} // namespace lockscope
