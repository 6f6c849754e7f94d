#pragma once

#include "common/NameTable.h"
#include "common/OutOfLine.h"
#include "common/UserText.h"
#include "inspect/LockLibrary.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

enum class LockKind
{
    Reentrant,
    Fair,
    ReadWrite,
    Token,
    Legacy,
    Semaphore,
    Last = Semaphore,
};

// The name used in the CLI, JSON and the history database.
inline constexpr auto lockKindNames = nameTable<LockKind>({
    {LockKind::Reentrant, "reentrant"},
    {LockKind::Fair, "fair"},
    {LockKind::ReadWrite, "rwlock"},
    {LockKind::Token, "token"},
    {LockKind::Legacy, "legacy"},
    {LockKind::Semaphore, "semaphore"},
});
constexpr std::string_view lockKindName(LockKind kind)
{
    return lockKindNames.name(kind);
}

// How a holder holds the lock.
enum class HolderMode
{
    Exclusive, // the one holder of a lock
    Read, // one of the readers of a read/write lock
    Write, // the writer of a read/write lock
    Permit, // one (or `count`) of a semaphore's permits
    // DistributedLock.Redis: a writer that has put its id in `<name>.writer` to keep new readers
    // out, and waits for the readers there to leave. It holds nothing yet, but the key is its.
    WaitingWriter,
    Last = WaitingWriter,
};

inline constexpr auto holderModeNames = nameTable<HolderMode>({
    {HolderMode::Exclusive, "exclusive"},
    {HolderMode::Read, "read"},
    {HolderMode::Write, "write"},
    {HolderMode::Permit, "permit"},
    {HolderMode::WaitingWriter, "waiting"},
});
constexpr std::string_view holderModeName(HolderMode mode)
{
    return holderModeNames.name(mode);
}

// Where a named waiter was found.
enum class WaiterSource
{
    FairQueue, // a Redisson fair lock's queue (and its timeout set)
    LockScopeRegistry, // LockScope's registry of waiters, lockscope:waiters:{name}
    Last = LockScopeRegistry,
};

inline constexpr auto waiterSourceNames = nameTable<WaiterSource>({
    {WaiterSource::FairQueue, "fair-queue"},
    {WaiterSource::LockScopeRegistry, "lockscope-registry"},
});
constexpr std::string_view waiterSourceName(WaiterSource source)
{
    return waiterSourceNames.name(source);
}

// One party holding the lock (or one semaphore permit, or one reader of a read/write lock).
struct LockHolder
{
    std::string owner; // what Redis stores for it: hash field, token value, permit id (raw bytes)
    // (The fields most holders leave empty are kept out of line: a monitor keeps 100,000.)
    OutOfLine<std::string> clientUuid; // Redisson: the client UUID half of `<uuid>:<threadId>`
    OutOfLine<std::string> threadId; // Redisson: the thread half (node-redisson: a lock UUID)
    long long count = 1; // reentrancy count; permits for a multi-permit holder
    HolderMode mode = HolderMode::Exclusive;
    std::optional<long long> expiresAtMs; // epoch ms, where Redis stores it per holder
    // The part of a lock over several resources this holder holds (a Redisson getMultiLock
    // value; raw bytes); empty for locks of one resource.
    OutOfLine<std::string> resource;
};

// One party waiting for the lock, where Redis can name it.
struct LockWaiter
{
    std::string owner;
    std::optional<long long> deadlineMs; // epoch ms after which the entry is stale
    WaiterSource source = WaiterSource::FairQueue;
};

// Everything the inspector knows about one lock at one moment. A monitor keeps one per lock
// (100,000 of them at scale): the fields most locks leave empty are kept out of line, and the
// small ones together.
struct LockSnapshot
{
    std::string name; // what LockScope identifies the lock by: its lock name, often its whole key (raw bytes)
    // The name the lock's library takes in its API, where that differs from `name` (raw bytes):
    // Laravel's `Cache::lock('reports:monthly')` for the key
    // `laravel_database_laravel_cache:reports:monthly`, ShedLock's job name, Spring's lock key
    // without its registry, BullMQ's `<queue>:<job>`. A recogniser fills it (a StringLockReading's
    // `apiName`, a SimpleLockFormat's name rule) when it strips anything from the key; left empty,
    // the library takes `name` itself. `shownName()` is what the table, `list` and JSON `name` show;
    // `release`, `extend`, `history` and Go-to find a lock by either (NamedLockLookup).
    OutOfLine<std::string> apiName;
    LockKind kind = LockKind::Token;
    LockLibrary library = LockLibrary::Unknown;
    // A lock by its value alone: a random token with a TTL under a name that does not say "lock"
    // (an order number guarded by node-redlock, or a session id). Listed in its own tier, which
    // the user can hide, instead of being dropped.
    bool possible = false;
    bool stuck = false;
    // The recogniser that made it, by its place in RecognizerCatalog::all() (noFormat: none), so
    // that a watcher re-reads a lock it knows with that recogniser alone.
    static constexpr std::uint16_t noFormat = 0xffff;
    std::uint16_t format = noFormat;
    double confidence = 0.0; // 0..1: how sure the recogniser is that this is a lock of `library`
    UserText reason; // why it was recognised, in words
    std::string node; // host:port of the master holding the keys
    std::vector<std::string> keys; // every Redis key that makes this lock (raw bytes)
    std::optional<long long> ttlMs; // of the key that carries the lease; nullopt: no TTL
    std::vector<LockHolder> holders;
    OutOfLine<std::vector<LockWaiter>> waiters;
    // Waiters Redis can count but not name (unlock-channel subscribers), or the named ones.
    long long waiterCount = 0;
    std::optional<long long> fence;
    std::optional<long long> permitsAvailable; // semaphores that store their free permits
    OutOfLine<UserText> stuckReason;
    OutOfLine<std::vector<UserText>> notes; // caveats worth showing (e.g. what CLIENT LIST cannot say)
    // The lock key's string value as read (token and legacy locks): admin actions act only if
    // Redis still holds exactly this.
    std::optional<std::string> observedValue;
    // What a forced release does beyond freeing the lock (a BullMQ job runs again, a ShedLock
    // job kept from running too early may start): said before the user confirms.
    OutOfLine<UserText> releaseWarning;

    // The library's name for the lock: `apiName`, or `name` when the library takes that.
    const std::string& shownName() const { return apiName.empty() ? name : apiName.get(); }
    // Whether `text` names this lock: its library's name, its LockScope name or one of its keys.
    bool isNamed(std::string_view text) const;

    // Stuck for `why`; a second reason is added after a semicolon.
    void markStuck(UserText why);
};

} // namespace lockscope
