#pragma once

#include "common/CancellationToken.h"
#include "common/Result.h"
#include "locks/LockAlgorithm.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lockscope {

struct AcquireOptions
{
    // How long the hold lasts unless renewed; for kinds with a watchdog, the renewal period is
    // lease / 3 and the lease is what a dead holder leaves behind.
    std::chrono::milliseconds lease {30000};
    // How long to wait for the lock; nullopt waits until acquired or cancelled, 0 tries once.
    std::optional<std::chrono::milliseconds> wait = std::chrono::milliseconds(0);
    // Keep the hold alive while it is held (Redisson's watchdog). Kinds without renewal ignore it.
    bool watchdog = false;
    // Stop renewing after this many renewals: a holder that hangs forever does not hold
    // forever. 0 means no cap.
    int maxRenewals = 0;
    const CancellationToken* cancel = nullptr;
};

// What an acquisition attempt ended with. Redis errors are not outcomes: they come back as the
// RedisError of the Result.
enum class AcquireOutcome
{
    Acquired,
    TimedOut, // someone else held it for the whole wait
    Cancelled, // the CancellationToken fired
};

struct AcquireResult
{
    AcquireOutcome outcome = AcquireOutcome::TimedOut;
    // The fencing token of this hold: strictly increasing across holders of the name.
    // nullopt for kinds without fencing (legacy, naive) and locks whose fencing is off
    // (LockSpec::fenced).
    std::optional<long long> fence;
    std::chrono::microseconds waited {};
    bool acquired() const { return outcome == AcquireOutcome::Acquired; }
};

// What release() and extend() found. Lost means the hold was no longer ours (expired, taken
// over, force-released): nothing was changed.
enum class HoldOutcome
{
    Done,
    Lost,
};

// One lock (or semaphore permit) as one holder sees it. An object holds at most one hold at a
// time (reentrant kinds count re-entries inside it) and is used from one thread at a time;
// isHeld() and the renewal-failure flag may be read from any thread.
class DistributedLock
{
public:
    virtual ~DistributedLock() = default;

    virtual LockAlgorithm kind() const = 0;
    virtual const std::string& name() const = 0;
    // Who we are to Redis: the value or hash field that marks our hold.
    virtual std::string holderId() const = 0;

    virtual Result<AcquireResult> acquire(const AcquireOptions& options) = 0;
    virtual Result<HoldOutcome> release() = 0;
    virtual Result<HoldOutcome> extend(std::chrono::milliseconds lease) = 0;
    // Asks Redis whether our hold is still there.
    virtual Result<bool> isHeld() = 0;
    // The fencing token of the current hold, if any.
    virtual std::optional<long long> fence() const = 0;
    // True once a watchdog renewal found the hold gone: the holder must stop touching the
    // protected resource.
    virtual bool renewalFailed() const { return false; }
    // Right after an acquire: WAITs until `replicas` replicas have the hold (at most `timeout`)
    // and says how many did (ReplicaConfirmation). Kinds on one master (token and the Redisson
    // kinds) can; the others answer a Usage error.
    virtual Result<long long> confirmReplicas(int replicas, std::chrono::milliseconds timeout)
    {
        (void)replicas;
        (void)timeout;
        return makeError(ErrorKind::Usage,
            "the " + std::string(lockAlgorithmName(kind())) + " kind cannot wait for replicas");
    }
};

} // namespace lockscope
