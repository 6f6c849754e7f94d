#include "inspect/recognizers/redisson/RedissonLockRecognizer.h"

#include "inspect/LockNaming.h"
#include "inspect/recognizers/redisson/RedissonHashLockFacts.h"
#include "inspect/recognizers/redisson/RedissonHolderField.h"
#include "inspect/scan/ScoreMillis.h"
#include "locks/LockKeyNames.h"

#include <algorithm>
#include <cmath>

namespace lockscope {

namespace {
constexpr std::string_view queuePrefix = LockKeyNames::redissonQueuePrefix;
constexpr std::string_view timeoutPrefix = LockKeyNames::redissonTimeoutPrefix;
} // namespace

bool RedissonLockRecognizer::isLockHash(const RawKey& key)
{
    // An RLock hash has exactly one field: the holder (re-entries count up its value). Several
    // `<uuid>:<n>` fields are data (a cart keyed by session and item), not a lock.
    if (key.type != RawKey::Type::Hash || key.fields.size() != 1 || key.truncated)
        return false;
    for (const auto& [field, value] : key.fields) {
        auto holder = RedissonHolderField::parse(field, value);
        if (!holder || holder->write)
            return false;
    }
    return true;
}

std::string RedissonLockRecognizer::channelFor(std::string_view lockName)
{
    return LockKeyNames::lockChannel(std::string(lockName));
}

Candidacy RedissonLockRecognizer::isCandidate(const RawKey& key, const RecognitionContext&) const
{
    if (isLockHash(key))
        return Candidacy::Yes;
    const bool queueKey
        = (key.type == RawKey::Type::List && LockKeyNames::nameAfterPrefix(key.name, queuePrefix))
        || (key.type == RawKey::Type::ZSet && LockKeyNames::nameAfterPrefix(key.name, timeoutPrefix));
    return queueKey ? Candidacy::Yes : Candidacy::No;
}

bool RedissonLockRecognizer::readsContents(std::string_view key, RawKey::Type type) const
{
    return (type == RawKey::Type::List && LockKeyNames::nameAfterPrefix(key, queuePrefix))
        || (type == RawKey::Type::ZSet && LockKeyNames::nameAfterPrefix(key, timeoutPrefix));
}

std::optional<std::string> RedissonLockRecognizer::lockNameOf(std::string_view key) const
{
    if (auto queued = LockKeyNames::nameAfterPrefix(key, queuePrefix))
        return queued;
    return LockKeyNames::nameAfterPrefix(key, timeoutPrefix);
}

void RedissonLockRecognizer::keysOf(const std::string& lockName, std::vector<std::string>& keys) const
{
    keys.push_back(LockKeyNames::prefixName(queuePrefix, lockName));
    keys.push_back(LockKeyNames::prefixName(timeoutPrefix, lockName));
}

std::optional<ReleaseWakeUp> RedissonLockRecognizer::wakeUpOnRelease(const LockSnapshot& lock) const
{
    const bool redisson = lock.library == LockLibrary::Redisson || lock.library == LockLibrary::NodeRedisson;
    if (!redisson || (lock.kind != LockKind::Reentrant && lock.kind != LockKind::Fair))
        return std::nullopt;
    ReleaseWakeUp wakeUp;
    wakeUp.channel = channelFor(lock.name);
    wakeUp.alsoSharded = true;
    wakeUp.toHeadWaiter = lock.kind == LockKind::Fair;
    return wakeUp;
}

void RedissonLockRecognizer::relatedKeys(const RawKey& key, std::vector<std::string>& names) const
{
    std::optional<std::string> lockName;
    if (key.type == RawKey::Type::Hash)
        lockName = key.name;
    else if (auto queued = LockKeyNames::nameAfterPrefix(key.name, queuePrefix))
        lockName = queued;
    else if (auto timed = LockKeyNames::nameAfterPrefix(key.name, timeoutPrefix))
        lockName = timed;
    if (!lockName)
        return;
    names.push_back(*lockName);
    names.push_back(LockKeyNames::prefixName(queuePrefix, *lockName));
    names.push_back(LockKeyNames::prefixName(timeoutPrefix, *lockName));
}

void RedissonLockRecognizer::channels(const RawKey& key, std::vector<std::string>& names) const
{
    if (key.type == RawKey::Type::Hash)
        names.push_back(channelFor(key.name));
}

void RedissonLockRecognizer::addFairQueue(LockSnapshot& lock, RecognitionContext& context)
{
    const std::string queueName = LockKeyNames::prefixName(queuePrefix, lock.name);
    const std::string timeoutName = LockKeyNames::prefixName(timeoutPrefix, lock.name);
    const RawKey* queue = context.keys->find(queueName);
    const RawKey* timeouts = context.keys->find(timeoutName);
    if (queue && queue->type != RawKey::Type::List)
        queue = nullptr;
    if (timeouts && timeouts->type != RawKey::Type::ZSet)
        timeouts = nullptr;
    if (!queue && !timeouts)
        return;
    lock.kind = LockKind::Fair;
    auto deadlineOf = [&](const std::string& member) -> std::optional<long long> {
        if (!timeouts)
            return std::nullopt;
        for (const auto& [name, score] : timeouts->members) {
            if (name == member)
                return scoreMillis(score);
        }
        return std::nullopt;
    };
    std::vector<std::string> order;
    if (queue) {
        lock.keys.push_back(queueName);
        context.keys->claim(queueName);
        order = queue->items;
    }
    if (timeouts) {
        lock.keys.push_back(timeoutName);
        context.keys->claim(timeoutName);
        // Entries only in the timeout set (the queue was trimmed first) are still waiters.
        for (const auto& [member, score] : timeouts->members) {
            if (std::find(order.begin(), order.end(), member) == order.end())
                order.push_back(member);
        }
    }
    long long overdue = 0;
    for (const auto& member : order) {
        LockWaiter waiter;
        waiter.owner = member;
        waiter.deadlineMs = deadlineOf(member);
        waiter.source = WaiterSource::FairQueue;
        if (waiter.deadlineMs && *waiter.deadlineMs < context.nowMs)
            ++overdue;
        lock.waiters.push_back(std::move(waiter));
    }
    if ((queue && queue->truncated) || (timeouts && timeouts->truncated))
        lock.notes.emplace_back(LOCKSCOPE_TEXT(
            "RedissonLockRecognizer", "fair queue longer than the read limit: only its head is shown"));
    lock.waiterCount = std::max<long long>(lock.waiterCount, static_cast<long long>(lock.waiters.size()));
    if (overdue > 0)
        lock.markStuck(UserText(LOCKSCOPE_TEXT("RedissonLockRecognizer",
                                    "%1 fair-queue waiter(s) past their deadline (a crashed client's entry "
                                    "blocks the queue until Redisson prunes it)"),
            overdue));
}

LockSnapshot RedissonLockRecognizer::snapshotFor(
    const std::string& lockName, RecognitionContext& context) const
{
    LockSnapshot lock;
    lock.name = lockName;
    lock.kind = LockKind::Reentrant;
    lock.library = LockLibrary::Redisson;
    lock.node = context.node;
    const RawKey* hash = context.keys->find(lockName);
    if (hash && isLockHash(*hash) && !context.keys->isClaimed(lockName)) {
        context.keys->claim(lockName);
        lock.keys.push_back(lockName);
        lock.ttlMs = hash->ttlMs();
        bool nodeRedisson = false;
        for (const auto& [field, value] : hash->fields) {
            auto holder = RedissonHolderField::parse(field, value);
            nodeRedisson = nodeRedisson || holder->threadIsUuid();
            lock.holders.push_back(holder->toHolder(HolderMode::Exclusive));
        }
        if (nodeRedisson)
            lock.library = LockLibrary::NodeRedisson;
        lock.confidence = 0.95;
        lock.reason = UserText(LOCKSCOPE_TEXT("RedissonLockRecognizer",
            "hash field <client-uuid>:<thread> holding a reentry count: Redisson RLock format "
            "(LockScope's reentrant kind writes the same)"));
        if (!lock.ttlMs)
            lock.confidence = 0.6; // without a lease: a dead hold, or not a lock at all
        RedissonHashLockFacts::add(lock, context, channelFor(lockName),
            LOCKSCOPE_TEXT("RedissonLockRecognizer",
                "%1 client(s) subscribed to the unlock channel (clients, not threads)"));
    } else {
        lock.confidence = 0.9;
        lock.reason = UserText(LOCKSCOPE_TEXT("RedissonLockRecognizer",
            "Redisson fair-lock queue without a lock hash: the lock is free, these waiters remain"));
    }
    addFairQueue(lock, context);
    if (lock.kind == LockKind::Fair && !lock.holders.empty())
        lock.reason = UserText(LOCKSCOPE_TEXT("RedissonLockRecognizer",
            "Redisson RFairLock: lock hash with redisson_lock_queue/redisson_lock_timeout"));
    return lock;
}

void RedissonLockRecognizer::recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    for (const RawKey* key : context.unclaimedCandidates()) { // lock hashes, queues, timeout sets
        const std::string& name = key->name;
        if (context.keys->isClaimed(name))
            continue;
        if (key && isLockHash(*key)) {
            out.push_back(snapshotFor(name, context));
            continue;
        }
        std::optional<std::string> queued;
        if (key && key->type == RawKey::Type::List)
            queued = LockKeyNames::nameAfterPrefix(name, queuePrefix);
        if (key && key->type == RawKey::Type::ZSet && !queued)
            queued = LockKeyNames::nameAfterPrefix(name, timeoutPrefix);
        if (queued && !context.keys->isClaimed(*queued)) {
            auto lock = snapshotFor(*queued, context);
            if (!lock.keys.empty())
                out.push_back(std::move(lock));
        }
    }
}

} // namespace lockscope
