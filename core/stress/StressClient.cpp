#include "stress/StressClient.h"

#include "faults/CrashingHolder.h"

#include <algorithm>
#include <thread>

#ifdef __linux__
#include <sys/prctl.h>
#endif

namespace lockscope {

StressClient::StressClient(int index, const StressParameters& parameters,
    std::vector<std::unique_ptr<DistributedLock>> locks, std::vector<LockSlot>& slots,
    std::atomic<long long>& sectionBudget)
    : m_index(index)
    , m_parameters(parameters)
    , m_locks(std::move(locks))
    , m_slots(slots)
    , m_sectionBudget(sectionBudget)
    , m_sections(m_locks.size())
    , m_lostSections(m_locks.size())
{
}

long long StressClient::steadyNanos()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
        std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void StressClient::pause(std::chrono::milliseconds duration, const CancellationToken& stop)
{
    if (duration.count() <= 0)
        return;
    // Short holds are slept in one go (precision matters there); long ones in slices so a stop
    // is noticed within 20 ms.
    const auto until = std::chrono::steady_clock::now() + duration;
    for (;;) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= until || stop.isCancelled())
            return;
        std::this_thread::sleep_for(
            std::min<std::chrono::steady_clock::duration>(until - now, std::chrono::milliseconds(20)));
    }
}

void StressClient::countError(StressError error)
{
    std::lock_guard guard(m_mutex);
    ++m_errors[error];
    m_errorCount.fetch_add(1, std::memory_order_relaxed);
}

StressClient::Snapshot StressClient::snapshot() const
{
    Snapshot snapshot;
    snapshot.acquisitions = m_acquisitions.load(std::memory_order_relaxed);
    snapshot.errors = m_errorCount.load(std::memory_order_relaxed);
    std::lock_guard guard(m_mutex);
    snapshot.acquireWait = m_acquireWait;
    return snapshot;
}

void StressClient::run(const CancellationToken& stop)
{
#ifdef __linux__
    // Holds and think times are sleeps, and Linux lets a sleeping thread wake up to 50 us late
    // by default (timer slack): 5 % of a 1 ms hold, which the run would count as the lock's
    // overhead. 1 us keeps the hold what was asked for.
    (void)::prctl(PR_SET_TIMERSLACK, 1000UL, 0UL, 0UL, 0UL);
#endif
    const std::string holder = "C" + std::to_string(m_index + 1);
    const auto lockCount = static_cast<long long>(m_locks.size());
    for (long long iteration = 0; !stop.isCancelled(); ++iteration) {
        if (m_parameters.iterations > 0 && iteration >= m_parameters.iterations)
            return;
        const auto lockIndex = static_cast<size_t>((m_index + iteration) % lockCount);
        DistributedLock& lock = *m_locks[lockIndex];
        LockSlot& slot = m_slots[lockIndex];
        const std::optional<FaultSpec> fault = m_faults ? m_faults->next() : std::nullopt;
        if (fault && fault->kind == FaultSpec::Kind::Kill) {
            if (killHolder(lockIndex, holder, stop))
                m_faults->countInjected(FaultSpec::Kind::Kill);
            pause(m_parameters.think, stop);
            continue;
        }

        // The failover drill: what this section writes to Redis (its lock, its fence) stays on
        // the master, which then dies.
        const bool failover = fault && fault->kind == FaultSpec::Kind::Failover;
        if (m_faults && !failover)
            m_faults->waitWhileUnreplicatedAcquires(stop);
        AcquireOptions options;
        options.lease = m_parameters.lease;
        options.wait = std::nullopt; // wait until acquired or the run stops
        options.watchdog = m_parameters.watchdog;
        options.cancel = &stop;
        const long long asked = steadyNanos();
        auto acquired = failover ? acquireUnreplicated(lock, options, stop) : lock.acquire(options);
        if (!acquired || !acquired->acquired()) {
            // The server fault happens whether or not this section got the lock (not at the end).
            if (failover && !stop.isCancelled())
                failOver();
            else if (failover)
                m_faults->holdBackReplication(false);
            if (!acquired) {
                countError(StressError::redis(acquired.error().kind));
                // A broken server should not turn the run into a busy loop of errors.
                pause(std::chrono::milliseconds(10), stop);
                continue;
            }
            if (acquired->outcome == AcquireOutcome::Cancelled)
                return;
            countError(StressError::of(StressError::Cause::TimedOut));
            continue;
        }
        if (m_parameters.waitReplicas > 0 && !replicasConfirmed(lock)) {
            // Not confirmed: a failover now could lose it, so it is not used.
            (void)lock.release();
            if (failover)
                failOver();
            pause(m_parameters.think, stop);
            continue;
        }
        const long long holding = steadyNanos();
        {
            std::lock_guard guard(m_mutex);
            m_acquireWait.record(holding - asked);
        }
        {
            std::lock_guard guard(slot.mutex);
            if (slot.lastReleaser >= 0 && slot.lastReleaser != m_index && slot.lastReleaseNanos > asked)
                m_handoff.record(holding - slot.lastReleaseNanos);
        }
        m_acquisitions.fetch_add(1, std::memory_order_relaxed);

        if (fault)
            holdWith(*fault, stop);
        else
            pause(m_parameters.hold, stop);

        const long long releasing = steadyNanos();
        m_holds.record(releasing - holding);
        const CriticalSection section {holder, lock.fence(), holding, releasing};
        {
            std::lock_guard guard(slot.mutex);
            slot.lastReleaseNanos = releasing;
            slot.lastReleaser = m_index;
        }
        if (m_faults) {
            const auto lost = finishDrillSection(lock, lockIndex, holder);
            if (lost)
                ++m_lostBy[*lost];
            recordSection(lockIndex, section, lost.has_value());
        } else {
            recordSection(lockIndex, section, false);
            auto released = lock.release();
            if (!released)
                countError(StressError::redis(released.error().kind));
            else if (*released == HoldOutcome::Lost)
                countError(StressError::of(StressError::Cause::Lost));
        }

        pause(m_parameters.think, stop);
    }
}

void StressClient::recordSection(size_t lockIndex, CriticalSection section, bool lost)
{
    if (m_sectionBudget.fetch_sub(1, std::memory_order_relaxed) <= 0) {
        ++m_unrecorded;
        return;
    }
    (lost ? m_lostSections : m_sections)[lockIndex].push_back(std::move(section));
}

bool StressClient::killHolder(size_t lockIndex, const std::string& holder, const CancellationToken& stop)
{
    AcquireOptions options;
    options.lease = m_parameters.lease;
    options.watchdog = m_parameters.watchdog;
    // Bounded: a child that waits forever would hold the run's end up.
    options.wait = std::max(m_parameters.lease * 4, std::chrono::milliseconds(2000));
    auto child = CrashingHolder::start(
        m_faults->lockSpec(lockIndex), options, *options.wait + std::chrono::milliseconds(2000));
    if (!child) {
        countError(StressError::of(StressError::Cause::KillNotHeld));
        return false;
    }
    const long long holding = steadyNanos();
    m_acquisitions.fetch_add(1, std::memory_order_relaxed);
    pause(m_parameters.hold, stop);
    (*child)->crash();
    // The dead holder's section ends with its death; its lease runs on in Redis.
    recordSection(lockIndex, {holder + "-killed", (*child)->fence(), holding, steadyNanos()}, false);
    return true;
}

void StressClient::holdWith(const FaultSpec& fault, const CancellationToken& stop)
{
    const auto length = fault.durationFor(m_parameters.lease);
    switch (fault.kind) {
    case FaultSpec::Kind::Pause:
        // The holder stops (a GC pause) past its lease, then carries on as if nothing happened.
        m_faults->countInjected(fault.kind);
        pause(length + m_parameters.hold, stop);
        return;
    case FaultSpec::Kind::Partition:
        if (!m_proxy)
            break;
        m_faults->countInjected(fault.kind);
        m_proxy->setMode(
            fault.mode == FaultSpec::PartitionMode::Stall ? ChaosProxy::Mode::Stall : ChaosProxy::Mode::Drop);
        pause(length, stop);
        m_proxy->setMode(ChaosProxy::Mode::Pass);
        pause(m_parameters.hold, stop);
        return;
    case FaultSpec::Kind::Restart: {
        auto restarted = m_faults->restartServer(fault.persist);
        if (restarted)
            m_faults->countInjected(fault.kind);
        else
            countError(StressError::of(StressError::Cause::RestartFailed));
        pause(m_parameters.hold, stop);
        return;
    }
    case FaultSpec::Kind::Failover:
        failOver();
        pause(m_parameters.hold, stop);
        return;
    case FaultSpec::Kind::Kill:
        break;
    }
    pause(m_parameters.hold, stop);
}

Result<AcquireResult> StressClient::acquireUnreplicated(
    DistributedLock& lock, AcquireOptions options, const CancellationToken& stop)
{
    options.wait = std::chrono::milliseconds(0);
    m_faults->beginUnreplicatedAcquire();
    struct Ending
    {
        FaultInjector& faults;
        ~Ending() { faults.endUnreplicatedAcquire(); }
    } ending {*m_faults};
    for (;;) {
        m_faults->holdBackReplication(true);
        auto acquired = lock.acquire(options);
        if (!acquired || acquired->outcome == AcquireOutcome::Cancelled)
            return acquired;
        if (acquired->acquired()) {
            // The previous holder's release may have been on its way to the replica when it was
            // held back: the replica would keep that lock, and after the promotion everyone
            // would wait for it to expire instead of a second holder getting in.
            if (!m_faults->replicaHasKey(lock.name()))
                return acquired;
            (void)lock.release();
        }
        // Held by another client: let replication carry its release, then try again.
        m_faults->holdBackReplication(false);
        pause(std::chrono::milliseconds(2), stop);
        if (stop.isCancelled()) {
            AcquireResult cancelled;
            cancelled.outcome = AcquireOutcome::Cancelled;
            return cancelled;
        }
    }
}

void StressClient::failOver()
{
    auto failedOver = m_faults->failOver();
    m_faults->holdBackReplication(false);
    if (failedOver)
        m_faults->countInjected(FaultSpec::Kind::Failover);
    else
        countError(StressError::of(StressError::Cause::FailoverFailed));
}

bool StressClient::replicasConfirmed(DistributedLock& lock)
{
    auto confirmed = lock.confirmReplicas(m_parameters.waitReplicas, m_parameters.replicaTimeout);
    if (!confirmed)
        countError(StressError::redis(confirmed.error().kind));
    if (confirmed && *confirmed >= m_parameters.waitReplicas)
        return true;
    ++m_unconfirmed;
    return false;
}

std::optional<std::string> StressClient::finishDrillSection(
    DistributedLock& lock, size_t lockIndex, const std::string& holder)
{
    std::optional<std::string> lost;
    // A careful holder stops touching the resource once its watchdog found the lock gone.
    if (lock.renewalFailed()) {
        lost = "renewal_failed";
    } else {
        const std::string value = holder + "#" + std::to_string(++m_writes);
        if (!m_faults->resource(lockIndex).write(holder, value, lock.fence()))
            lost = "fence_rejected";
    }
    auto released = lock.release();
    if (!released) {
        const auto error = StressError::redis(released.error().kind);
        countError(error);
        lost = lost.value_or(std::string(error.name()));
    } else if (*released == HoldOutcome::Lost) {
        countError(StressError::of(StressError::Cause::Lost));
        lost = lost.value_or("release_lost");
    }
    return lost;
}

} // namespace lockscope
