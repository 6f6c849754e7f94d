#pragma once

#include "common/UserText.h"
#include "locks/DistributedLock.h"
#include "locks/LockAlgorithm.h"
#include "redis/ConnectionOptions.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope {

// What a lock of any kind is built from; each kind reads the fields it needs.
struct LockSpec
{
    LockAlgorithm kind = LockAlgorithm::Reentrant;
    std::string name;
    ConnectionOptions connection; // the server (all kinds but redlock)
    std::vector<ConnectionOptions> nodes; // redlock: the independent masters
    int permits = 1; // semaphore
    bool serverTime = false; // legacy, naive: judge expiry by Redis TIME
    // token, reentrant, fair, read, write: take a fencing number per acquisition from a counter
    // key of its own; off, no counter key is written (the token lock: a plain SET NX PX as
    // redis-py and node-redlock do; the Redisson kinds: as Redisson's own locks), and holds have
    // no fence. The other kinds cannot turn it off (see noFenceRefusal).
    bool fenced = true;
};

struct LockKindInfo
{
    LockAlgorithm kind;
    std::string_view name() const { return lockAlgorithmName(kind); }
    UserText description;
    bool unsafe = false; // breaks mutual exclusion on purpose (naive): never offer it as a default
};

// Creates a DistributedLock of a kind, with its own connection(s).
class LockFactory
{
public:
    // The kind used when none is asked for: Redisson-compatible, renewed by the watchdog.
    static constexpr LockAlgorithm defaultKind = LockAlgorithm::Reentrant;

    static const std::vector<LockKindInfo>& kinds();
    // The kind of that --kind name (lockAlgorithmNames), if this build makes it.
    static const LockKindInfo* find(std::string_view name);
    static const LockKindInfo* find(LockAlgorithm kind);
    // The kind a --kind value names, or a Usage error naming the known kinds.
    static Result<LockAlgorithm> parseKind(std::string_view name);
    // "legacy, naive, token, redlock": for messages.
    static std::string knownKindNames();
    // Why LockSpec::fenced = false does not apply to `kind` (a message for a usage error), or
    // nothing when it does (token, reentrant, fair, read, write).
    static std::optional<std::string> noFenceRefusal(LockAlgorithm kind);
    // Connects (the redlock kind connects lazily, per attempt) and builds the lock; an unknown
    // kind or missing parameters are Usage errors.
    static Result<std::unique_ptr<DistributedLock>> create(const LockSpec& spec);
};

} // namespace lockscope
