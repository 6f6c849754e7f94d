#include "stress/StressEngine.h"

#include "faults/ChaosProxy.h"
#include "faults/FaultInjector.h"
#include "locks/LockFactory.h"
#include "stress/StressClient.h"

#include <condition_variable>
#include <ctime>
#include <thread>

namespace lockscope {

namespace {

using SteadyClock = std::chrono::steady_clock;

long long processCpuNanos()
{
    timespec ts {};
    if (::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return 0;
    return static_cast<long long>(ts.tv_sec) * 1'000'000'000LL + ts.tv_nsec;
}

double secondsSince(SteadyClock::time_point start)
{
    return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

// A drill section whose holder found out it had lost the lock is judged only while its lease
// still protected it: from its start to a tenth of the lease before the lease ran out, when it
// lasted longer (a pause, a partition). What it did after that is the fence's business. A lost
// section that stayed inside its lease (a server that restarted without its data) is judged whole.
CriticalSection withinLease(CriticalSection section, std::chrono::milliseconds lease)
{
    const long long leaseNanos = std::chrono::duration_cast<std::chrono::nanoseconds>(lease).count();
    if (section.end - section.start > leaseNanos)
        section.end = section.start + leaseNanos - leaseNanos / 10;
    return section;
}

// The drills' counts: the overlaps the run's verdict left out (withinLease), the writes the
// fenced resources accepted and rejected, and an independent check of the accepted ones.
void reportFaults(
    FaultInjector& faults, const std::vector<std::unique_ptr<StressClient>>& clients, StressResult& result)
{
    FaultReport& report = result.faults;
    for (const auto& spec : faults.specs())
        report.drills.push_back(spec.toString());
    report.injected = faults.injected();
    report.writesFenced = faults.fencedWrites();
    for (size_t l = 0; l < faults.resourceCount(); ++l) {
        std::optional<long long> lastAccepted;
        for (const auto& write : faults.resource(l).history()) {
            if (!write.accepted) {
                ++report.writesRejected;
                continue;
            }
            ++report.writesAccepted;
            if (report.writesFenced && (!write.fence || (lastAccepted && *write.fence <= *lastAccepted)))
                ++report.writesOutOfOrder;
            lastAccepted = write.fence;
        }
    }
    for (const auto& client : clients) {
        for (const auto& [how, count] : client->lostBy()) {
            report.lostBy[how] += count;
            report.locksLost += count;
        }
    }
    if (!result.exclusionChecked)
        return;
    for (size_t l = 0; l < faults.resourceCount(); ++l) {
        MutualExclusionChecker everySection;
        for (const auto& client : clients) {
            for (const auto& section : client->sections()[l])
                everySection.record(section);
            for (const auto& section : client->lostSections()[l])
                everySection.record(section);
        }
        const auto all = everySection.check();
        report.overlapsAfterLoss += static_cast<long long>(all.overlaps.size());
    }
    report.overlapsAfterLoss = std::max<long long>(0, report.overlapsAfterLoss - result.overlaps);
    result.violations += report.writesOutOfOrder;
}

} // namespace

StressEngine::StressEngine(StressParameters parameters)
    : m_parameters(std::move(parameters))
{
}

Result<StressResult> StressEngine::run(const CancellationToken* cancel, const ProgressCallback& progress)
{
    if (auto valid = m_parameters.validate(); !valid)
        return valid.error();
    if (!LockFactory::find(m_parameters.kind))
        return makeError(ErrorKind::Usage,
            "lock kind '" + std::string(lockAlgorithmName(m_parameters.kind))
                + "' is not in this build (known kinds: " + LockFactory::knownKindNames() + ")");

    std::vector<StressClient::LockSlot> slots(static_cast<size_t>(m_parameters.locks));
    std::atomic<long long> sectionBudget {static_cast<long long>(m_parameters.maxRecordedSections)};
    std::vector<LockSpec> lockSpecs;
    for (int l = 0; l < m_parameters.locks; ++l) {
        LockSpec spec;
        spec.kind = m_parameters.kind;
        spec.name = m_parameters.lockName(l);
        spec.connection = m_parameters.connection;
        spec.connection.clientRole = "stress";
        spec.nodes = m_parameters.nodes;
        spec.serverTime = m_parameters.serverTime;
        spec.fenced = m_parameters.fenced;
        spec.permits = m_parameters.permits;
        lockSpecs.push_back(std::move(spec));
    }
    // Fault drills: a fenced resource per lock, and for partitions a proxy per client that
    // all of the client's connections go through.
    std::unique_ptr<FaultInjector> faults;
    std::vector<std::unique_ptr<ChaosProxy>> proxies;
    if (!m_parameters.faults.empty()) {
        const bool fencedWrites
            = m_parameters.exclusiveKind() && FaultInjector::handsOutFences(lockSpecs.front());
        faults = std::make_unique<FaultInjector>(
            m_parameters.faults, lockSpecs, fencedWrites, m_parameters.restartServer);
        faults->setFailover(m_parameters.failover);
        if (faults->wants(FaultSpec::Kind::Partition)) {
            for (int c = 0; c < m_parameters.clients; ++c) {
                auto proxy = ChaosProxy::start(m_parameters.connection.host, m_parameters.connection.port);
                if (!proxy)
                    return proxy.error();
                proxies.push_back(std::move(proxy.value()));
            }
        }
    }
    std::vector<std::unique_ptr<StressClient>> clients;
    for (int c = 0; c < m_parameters.clients; ++c) {
        std::vector<std::unique_ptr<DistributedLock>> locks;
        for (int l = 0; l < m_parameters.locks; ++l) {
            if (cancel && cancel->isCancelled())
                return makeError(ErrorKind::Usage, "the stress run was cancelled while connecting");
            LockSpec spec = lockSpecs[static_cast<size_t>(l)];
            if (!proxies.empty()) {
                spec.connection.host = "127.0.0.1";
                spec.connection.port = proxies[static_cast<size_t>(c)]->port();
            }
            auto lock = LockFactory::create(spec);
            if (!lock)
                return RedisError {lock.error().kind,
                    "client " + std::to_string(c + 1) + ", lock " + spec.name + ": " + lock.error().message};
            locks.push_back(std::move(lock.value()));
        }
        clients.push_back(
            std::make_unique<StressClient>(c, m_parameters, std::move(locks), slots, sectionBudget));
        clients.back()->attachFaults(
            faults.get(), proxies.empty() ? nullptr : proxies[static_cast<size_t>(c)].get());
    }

    CancellationToken stop;
    const auto started = SteadyClock::now();
    const long long cpuStarted = processCpuNanos();
    std::atomic<int> running {m_parameters.clients};
    std::mutex doneMutex;
    std::condition_variable doneChanged;
    std::vector<std::thread> threads;
    for (auto& client : clients) {
        threads.emplace_back([&, c = client.get()] {
            c->run(stop);
            std::lock_guard guard(doneMutex);
            running.fetch_sub(1);
            doneChanged.notify_all();
        });
    }

    // The calling thread watches: duration, cancellation, progress snapshots.
    const bool timed = m_parameters.iterations == 0 || m_parameters.duration.count() > 0;
    const auto deadline = started + m_parameters.duration;
    bool stoppedEarly = false;
    long long previousAcquisitions = 0;
    auto previousSnapshot = started;
    auto nextProgress = started + m_parameters.progressInterval;
    for (;;) {
        {
            std::unique_lock guard(doneMutex);
            // Wake often enough to notice a cancellation within ~20 ms.
            doneChanged.wait_for(guard, std::chrono::milliseconds(20), [&] { return running.load() == 0; });
        }
        if (running.load() == 0)
            break;
        const auto now = SteadyClock::now();
        if (cancel && cancel->isCancelled()) {
            stoppedEarly = true;
            break;
        }
        if (timed && now >= deadline)
            break;
        if (progress && now >= nextProgress) {
            StressProgress snapshot;
            snapshot.elapsedSeconds = secondsSince(started);
            if (faults) {
                for (const auto& [kind, count] : faults->injected())
                    snapshot.faultsInjected += count;
            }
            LatencyHistogram waits;
            for (const auto& client : clients) {
                auto clientSnapshot = client->snapshot();
                snapshot.acquisitions += clientSnapshot.acquisitions;
                snapshot.errors += clientSnapshot.errors;
                snapshot.perClientAcquisitions.push_back(clientSnapshot.acquisitions);
                waits.merge(clientSnapshot.acquireWait);
            }
            snapshot.acquireWait = LatencySummary::of(waits);
            snapshot.acquireHistogram = waits;
            snapshot.opsPerSecond = snapshot.elapsedSeconds > 0
                ? static_cast<double>(snapshot.acquisitions) / snapshot.elapsedSeconds
                : 0;
            const double window = std::chrono::duration<double>(now - previousSnapshot).count();
            snapshot.recentOpsPerSecond
                = window > 0 ? static_cast<double>(snapshot.acquisitions - previousAcquisitions) / window : 0;
            previousAcquisitions = snapshot.acquisitions;
            previousSnapshot = now;
            nextProgress = now + m_parameters.progressInterval;
            progress(snapshot);
        }
    }
    stop.cancel();
    for (auto& thread : threads)
        thread.join();
    const double elapsed = secondsSince(started);
    const long long cpuUsed = processCpuNanos() - cpuStarted;

    StressResult result;
    result.kind = m_parameters.kind;
    result.fenced = m_parameters.fenced;
    result.clients = m_parameters.clients;
    result.locks = m_parameters.locks;
    result.hold = m_parameters.hold;
    result.think = m_parameters.think;
    result.lease = m_parameters.lease;
    result.elapsedSeconds = elapsed;
    result.stoppedEarly = stoppedEarly;
    result.waitReplicas = m_parameters.waitReplicas;
    LatencyHistogram handoffs;
    LatencyHistogram holds;
    std::vector<MutualExclusionChecker> checkers(static_cast<size_t>(m_parameters.locks));
    for (const auto& client : clients) {
        auto snapshot = client->snapshot();
        result.acquisitions += snapshot.acquisitions;
        result.perClientAcquisitions.push_back(snapshot.acquisitions);
        result.acquireHistogram.merge(snapshot.acquireWait);
        handoffs.merge(client->handoffs());
        holds.merge(client->holds());
        for (const auto& [kind, count] : client->errors())
            result.errors[kind] += count;
        result.sectionsUnchecked += client->unrecordedSections();
        result.unconfirmedAcquires += client->unconfirmedAcquires();
        for (size_t l = 0; l < client->sections().size(); ++l) {
            for (const auto& section : client->sections()[l])
                checkers[l].record(section);
            for (const auto& section : client->lostSections()[l])
                checkers[l].record(withinLease(section, m_parameters.lease));
        }
    }
    result.opsPerSecond = elapsed > 0 ? static_cast<double>(result.acquisitions) / elapsed : 0;
    result.acquireWait = LatencySummary::of(result.acquireHistogram);
    result.handoff = LatencySummary::of(handoffs);
    result.heldFor = LatencySummary::of(holds);
    result.fairnessJain = StressResult::jainIndex(result.perClientAcquisitions);
    result.cpuMicrosPerAcquisition = result.acquisitions > 0
        ? static_cast<double>(cpuUsed) / 1000.0 / static_cast<double>(result.acquisitions)
        : 0;
    result.exclusionChecked = m_parameters.exclusiveKind();
    for (size_t l = 0; result.exclusionChecked && l < checkers.size(); ++l) {
        const auto report = checkers[l].check();
        result.sectionsChecked += static_cast<long long>(report.sections);
        result.overlaps += static_cast<long long>(report.overlaps.size());
        result.fenceRegressions += static_cast<long long>(report.fenceRegressions.size());
        if (!report.ok() && result.checkerSummary.empty())
            result.checkerSummary = UserText(LOCKSCOPE_TEXT("StressEngine", "%1: %2"),
                m_parameters.lockName(static_cast<int>(l)), report.summaryText());
    }
    result.violations = result.overlaps + result.fenceRegressions;
    if (faults)
        reportFaults(*faults, clients, result);
    return result;
}

} // namespace lockscope
