#include "inspect/recognizers/dotnet/DistributedLockRedisRecognizer.h"

#include "inspect/LockNaming.h"
#include "inspect/recognizers/PermitHolder.h"
#include "inspect/scan/ScoreMillis.h"

#include <algorithm>

namespace lockscope {

namespace {

constexpr std::string_view writerSuffix = ".writer";
constexpr std::string_view readersSuffix = ".readers";
constexpr std::string_view waitingSuffix = "_WRITERWAITING";
// How sure a lock of this library is: its lock ids are unmistakable, but another library could
// write the same shape.
constexpr double confidence = 0.85;

// The semaphore: a ZSET of lock ids scored by their expiry (epoch ms).
bool isSemaphoreSet(const RawKey& key)
{
    return key.type == RawKey::Type::ZSet && !key.members.empty()
        && std::all_of(key.members.begin(), key.members.end(), [](const auto& member) {
               return DistributedLockRedisRecognizer::parseLockId(member.first).has_value()
                   && member.second > 1e12 && member.second < 1e14;
           });
}

std::string readersKeyOf(std::string_view writerKey)
{
    return std::string(writerKey.substr(0, writerKey.size() - writerSuffix.size()))
        + std::string(readersSuffix);
}

// A key that is a whole lock of the library by itself (a reader set, a semaphore), claimed.
LockSnapshot claimWhole(RecognitionContext& context, const RawKey& key, LockKind kind, UserText reason)
{
    return context.claimLock(key, kind, LockLibrary::DistributedLockRedis, confidence, std::move(reason));
}

} // namespace

std::optional<DistributedLockRedisRecognizer::LockId> DistributedLockRedisRecognizer::parseLockId(
    std::string_view value)
{
    LockId id;
    if (value.ends_with(waitingSuffix)) {
        id.writerWaiting = true;
        value.remove_suffix(waitingSuffix.size());
    }
    if (value.size() < 32 + 4 || value.size() > 300)
        return std::nullopt;
    const std::string_view guid = value.substr(value.size() - 32);
    if (!LockNaming::isHex(guid, 32) || value[value.size() - 33] != '_')
        return std::nullopt;
    const std::string_view rest = value.substr(0, value.size() - 33);
    const size_t underscore = rest.rfind('_');
    if (underscore == std::string_view::npos || underscore == 0 || underscore + 1 == rest.size())
        return std::nullopt;
    const std::string_view pid = rest.substr(underscore + 1);
    if (pid.size() > 10 || !std::all_of(pid.begin(), pid.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    const std::string_view machine = rest.substr(0, underscore);
    if (!std::all_of(machine.begin(), machine.end(), [](char c) {
            const auto u = static_cast<unsigned char>(c);
            return u > 0x20 && u < 0x7f;
        }))
        return std::nullopt;
    id.machine = std::string(machine);
    id.pid = std::string(pid);
    return id;
}

Candidacy DistributedLockRedisRecognizer::isCandidate(
    const RawKey& key, const RecognitionContext& context) const
{
    if (key.type == RawKey::Type::Set)
        return key.name.ends_with(readersSuffix) ? Candidacy::Yes : Candidacy::No;
    if (key.type == RawKey::Type::ZSet)
        return isSemaphoreSet(key) ? Candidacy::Yes : Candidacy::No;
    return StringLockRecognizer::isCandidate(key, context);
}

void DistributedLockRedisRecognizer::relatedKeys(const RawKey& key, std::vector<std::string>& names) const
{
    if (key.name.ends_with(writerSuffix))
        names.push_back(readersKeyOf(key.name));
}

bool DistributedLockRedisRecognizer::readsContents(std::string_view key, RawKey::Type type) const
{
    return type == RawKey::Type::Set && key.ends_with(readersSuffix);
}

std::optional<std::string> DistributedLockRedisRecognizer::lockNameOf(std::string_view key) const
{
    // The readers set belongs to the writer key's lock, which is named after that key.
    if (key.ends_with(readersSuffix) && key.size() > readersSuffix.size())
        return std::string(key.substr(0, key.size() - readersSuffix.size())) + std::string(writerSuffix);
    return std::nullopt;
}

void DistributedLockRedisRecognizer::keysOf(const std::string& lockName, std::vector<std::string>& keys) const
{
    if (lockName.ends_with(writerSuffix))
        keys.push_back(readersKeyOf(lockName));
}

std::optional<StringLockReading> DistributedLockRedisRecognizer::read(const RawKey& key, long long) const
{
    const auto id = parseLockId(key.value);
    if (!id)
        return std::nullopt;
    const bool writer = key.name.ends_with(writerSuffix);
    if (id->writerWaiting && !writer)
        return std::nullopt;
    StringLockReading reading;
    reading.library = LockLibrary::DistributedLockRedis;
    reading.kind = writer ? LockKind::ReadWrite : LockKind::Token;
    reading.confidence = confidence;
    reading.reason = writer ? UserText(LOCKSCOPE_TEXT("DistributedLockRedisRecognizer",
                         "<name>.writer holding <machine>_<pid>_<guid>: a DistributedLock.Redis "
                         "reader-writer lock"))
                            : UserText(LOCKSCOPE_TEXT("DistributedLockRedisRecognizer",
                                "a value <machine>_<pid>_<guid>: a DistributedLock.Redis mutex"));
    reading.holder.mode = writer ? HolderMode::Write : HolderMode::Exclusive;
    if (id->writerWaiting) {
        reading.holder.mode = HolderMode::WaitingWriter;
        reading.notes.push_back(UserText(LOCKSCOPE_TEXT("DistributedLockRedisRecognizer",
                                             "a writer on %1 (process %2) waits for the readers to leave"),
            id->machine, id->pid));
    } else {
        reading.notes.push_back(
            UserText(LOCKSCOPE_TEXT("DistributedLockRedisRecognizer", "held by process %2 on %1"),
                id->machine, id->pid));
    }
    return reading;
}

void DistributedLockRedisRecognizer::complete(LockSnapshot& lock, RecognitionContext& context) const
{
    if (lock.kind != LockKind::ReadWrite)
        return;
    const std::string readersKey = readersKeyOf(lock.name);
    const RawKey* readers = context.keys->find(readersKey);
    if (!readers || readers->type != RawKey::Type::Set || context.keys->isClaimed(readersKey))
        return;
    context.keys->claim(readersKey);
    lock.keys.push_back(readersKey);
    addReaders(lock, *readers);
}

void DistributedLockRedisRecognizer::addReaders(LockSnapshot& lock, const RawKey& readers)
{
    for (const auto& member : readers.items) {
        LockHolder reader;
        reader.owner = member;
        reader.mode = HolderMode::Read;
        lock.holders.push_back(std::move(reader));
    }
    if (readers.truncated)
        lock.notes.push_back(UserText(
            LOCKSCOPE_TEXT("DistributedLockRedisRecognizer", "%1 readers in all; a sample of them is shown"),
            readers.size));
}

void DistributedLockRedisRecognizer::recognize(
    RecognitionContext& context, std::vector<LockSnapshot>& out) const
{
    StringLockRecognizer::recognize(context, out);
    for (const RawKey* key : context.keys->unclaimedKeys()) {
        if (key->type != RawKey::Type::Set || !key->name.ends_with(readersSuffix) || key->items.empty()
            || !std::all_of(key->items.begin(), key->items.end(),
                [](const std::string& member) { return parseLockId(member).has_value(); }))
            continue;
        // Readers and no writer key: the lock is named after the writer key all the same, so that
        // it is one lock whichever of its keys exists. A key named just ".readers" names no lock
        // (found by fuzz_Recognizers: the missing name was dereferenced).
        auto name = lockNameOf(key->name);
        if (!name)
            continue;
        LockSnapshot lock = claimWhole(context, *key, LockKind::ReadWrite,
            UserText(LOCKSCOPE_TEXT("DistributedLockRedisRecognizer",
                "<name>.readers holding <machine>_<pid>_<guid> members: "
                "a DistributedLock.Redis reader-writer lock held for reading")));
        lock.name = std::move(*name);
        addReaders(lock, *key);
        out.push_back(std::move(lock));
    }
    for (const RawKey* key : context.keys->unclaimedKeys()) {
        if (!isSemaphoreSet(*key))
            continue;
        LockSnapshot lock = claimWhole(context, *key, LockKind::Semaphore,
            UserText(LOCKSCOPE_TEXT("DistributedLockRedisRecognizer",
                "a sorted set of <machine>_<pid>_<guid> ids scored by expiry: a DistributedLock.Redis "
                "semaphore")));
        for (const auto& [member, score] : key->members)
            lock.holders.push_back(permitHolder(member, scoreMillis(score)));
        lock.notes.push_back(UserText(LOCKSCOPE_TEXT("DistributedLockRedisRecognizer",
            "the permit limit lives in the clients; an id past its expiry no longer counts")));
        out.push_back(std::move(lock));
    }
}

std::optional<RedisCommand> DistributedLockRedisRecognizer::permitRelease(
    const LockSnapshot& semaphore, const LockHolder& holder) const
{
    if (semaphore.library != LockLibrary::DistributedLockRedis || semaphore.kind != LockKind::Semaphore)
        return std::nullopt;
    return RedisCommand {"ZREM", semaphore.name, holder.owner};
}

} // namespace lockscope
