#include "cli/commands/StressCommand.h"

#include "cli/CliOptions.h"
#include "cli/CommandLine.h"
#include "cli/ExitCode.h"
#include "cli/SignalCancellation.h"
#include "cli/flags/OptionValue.h"
#include "locks/LockFactory.h"
#include "redis/RedisUrl.h"
#include "sandbox/RedisServerProcess.h"
#include "stress/DrillServers.h"
#include "stress/StressEngine.h"
#include "stress/StressResultJson.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <ostream>

namespace lockscope {

namespace {

struct StressRequest
{
    StressParameters parameters;
    bool json = false;
};

// The options as parameters, not yet validated: the drills' hooks come first (prepareDrills).
Result<StressRequest> parseRequest(const CliOptions& options)
{
    const StressArguments& args = options.arguments.stress;
    StressRequest request;
    request.json = args.json;
    auto& p = request.parameters;
    p.connection = options.connection;
    p.watchdog = args.watchdog;
    p.serverTime = args.serverTime;
    p.fenced = !args.noFence;
    for (const auto& text : args.faults) {
        auto fault = FaultSpec::parse(text);
        if (!fault)
            return fault.error();
        p.faults.push_back(*fault);
    }
    p.namePrefix = args.prefix;
    for (const auto& list : args.nodes) {
        auto nodes = OptionValue::nodeList(list, options.connection);
        if (!nodes)
            return nodes.error();
        p.nodes.insert(p.nodes.end(), nodes->begin(), nodes->end());
    }
    if (!args.duration.empty()) {
        // Seconds, fractions allowed ("0.5"), checked by the flag's definition.
        const double seconds = std::strtod(args.duration.c_str(), nullptr);
        p.duration = std::max(std::chrono::milliseconds(1),
            std::chrono::milliseconds(static_cast<long long>(seconds * 1000.0 + 0.5)));
    }
    auto count = [](long long value) { return static_cast<int>(std::min<long long>(value, 1'000'000)); };
    p.clients = count(args.clients);
    p.locks = count(args.locks);
    p.permits = count(args.permits);
    p.waitReplicas = count(args.waitReplicas);
    p.hold = std::chrono::milliseconds(args.holdMs);
    p.think = std::chrono::milliseconds(args.thinkMs);
    p.lease = std::chrono::milliseconds(args.leaseMs);
    p.replicaTimeout = std::chrono::milliseconds(args.replicaTimeoutMs);
    p.iterations = args.iterations;
    if (!args.kind.empty()) {
        auto kind = LockFactory::parseKind(args.kind);
        if (!kind)
            return kind.error();
        p.kind = *kind;
    } else if (!p.nodes.empty()) {
        p.kind = LockAlgorithm::Redlock;
    }
    // With only an iteration count, the iterations end the run.
    if (p.iterations > 0 && args.duration.empty())
        p.duration = std::chrono::milliseconds(0);
    return request;
}

std::string fixed(double value, int decimals = 1)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

void printFaults(const FaultReport& f, std::ostream& out)
{
    out << "  fault drills    ";
    for (const auto& drill : f.drills)
        out << " " << drill;
    out << "\n  faults injected  " << f.injectedCount();
    for (const auto& [kind, count] : f.injected)
        out << "  " << kind << "=" << count;
    out << "\n  fenced writes    " << f.writesAccepted << " accepted, " << f.writesRejected
        << " rejected by the fence";
    if (f.writesFenced)
        out << ", " << f.writesOutOfOrder << " accepted out of fence order";
    else
        out << " (this kind has no fences: the last writer wins)";
    out << "\n  locks lost       " << f.locksLost;
    for (const auto& [how, count] : f.lostBy)
        out << "  " << how << "=" << count;
    out << "\n  overlaps after a loss " << f.overlapsAfterLoss
        << " (holders past their lease: the fence's job, not counted as violations)\n";
}

void printSummary(const StressResult& r, bool unsafe, std::ostream& out)
{
    out << "stress: kind " << lockAlgorithmName(r.kind) << (r.fenced ? "" : " (no fence)")
        << (unsafe ? " (UNSAFE, demo only)" : "") << ", " << r.clients << " clients, " << r.locks
        << " lock(s), hold " << r.hold.count() << " ms, think " << r.think.count() << " ms, lease "
        << r.lease.count() << " ms" << (r.stoppedEarly ? "  [stopped early: partial result]" : "") << "\n";
    out << "  elapsed          " << fixed(r.elapsedSeconds, 2) << " s\n";
    out << "  acquisitions     " << r.acquisitions << " (" << fixed(r.opsPerSecond) << " /s)\n";
    out << "  acquire wait     p50 " << fixed(r.acquireWait.p50Us) << " us, p90 "
        << fixed(r.acquireWait.p90Us) << " us, p99 " << fixed(r.acquireWait.p99Us) << " us, max "
        << fixed(r.acquireWait.maxUs) << " us\n";
    out << "  handoff          ";
    if (r.handoff.count == 0)
        out << "none measured (needs a waiter on a lock released by another client)\n";
    else
        out << "p50 " << fixed(r.handoff.p50Us) << " us, p90 " << fixed(r.handoff.p90Us) << " us, p99 "
            << fixed(r.handoff.p99Us) << " us (" << r.handoff.count << " handoffs)\n";
    out << "  per client       ";
    for (size_t i = 0; i < r.perClientAcquisitions.size(); ++i)
        out << (i ? " " : "") << r.perClientAcquisitions[i];
    out << "\n  fairness (Jain)  " << fixed(r.fairnessJain, 3) << "\n";
    if (!r.exclusionChecked) {
        out << "  violations       not checked: holds of this kind are shared by design\n";
    } else {
        out << "  violations       " << r.violations << " (" << r.overlaps << " overlaps, "
            << r.fenceRegressions << " fence regressions, " << r.sectionsChecked << " sections checked";
        if (r.sectionsUnchecked > 0)
            out << ", " << r.sectionsUnchecked << " unchecked";
        out << ")\n";
        if (!r.checkerSummary.empty())
            out << "    " << r.checkerSummary.english() << "\n";
    }
    out << "  errors           " << r.errorCount();
    for (const auto& [error, count] : r.errors)
        out << "  " << error.name() << "=" << count;
    out << "\n  cpu/acquisition  " << fixed(r.cpuMicrosPerAcquisition) << " us\n";
    if (r.waitReplicas > 0)
        out << "  replicas         WAIT " << r.waitReplicas << " after each acquire; "
            << r.unconfirmedAcquires << " acquires not confirmed in time (released unused)\n";
    if (r.faults.active())
        printFaults(r.faults, out);
}

} // namespace

int StressCommand::run(
    const CliOptions& options, RedisServerProcess* sandbox, std::ostream& out, std::ostream& err)
{
    auto request = parseRequest(options);
    if (!request) {
        if (request.error().kind == ErrorKind::Usage)
            return CommandLine::usageError(err, "stress", request.error().message);
        err << "lockscope-cli stress: " << request.error().message << "\n";
        return exitCodeFor(request.error().kind);
    }
    // The restart drill uses --sandbox's server; the failover drill, with --sandbox, servers of
    // its own. Without --sandbox, validate() refuses both.
    auto& drilled = request->parameters;
    auto drillServers = DrillServers::prepare(drilled, sandbox, DrillServers::OwnServers::Never);
    Status prepared = drillServers ? drilled.validate() : Status(drillServers.error());
    if (!prepared) {
        err << "lockscope-cli stress: " << prepared.error().message << "\n";
        return exitCodeFor(prepared.error().kind);
    }
    const auto& parameters = request->parameters;
    const auto* info = LockFactory::find(parameters.kind);
    if (!info) {
        err << "lockscope-cli stress: lock kind '" << lockAlgorithmName(parameters.kind)
            << "' is not in this build (known kinds: " << LockFactory::knownKindNames() << ")\n";
        return ExitUsage;
    }
    if (info->unsafe)
        err << "lockscope-cli stress: kind '" << lockAlgorithmName(parameters.kind)
            << "' is UNSAFE on purpose: expect mutual-exclusion violations\n";

    SignalCancellation stop; // SIGINT/SIGTERM stop the run and print the partial result
    StressEngine engine(parameters);
    // A line a second is enough for a terminal; the engine samples more often.
    double lastPrinted = -1;
    // Progress only for someone watching stderr (not a log file, not with --quiet).
    const bool showProgress = options.terminal.errors && !options.terminal.quiet;
    auto result = engine.run(&stop.token(), [&](const StressProgress& progress) {
        if (!showProgress)
            return;
        if (lastPrinted >= 0 && progress.elapsedSeconds - lastPrinted < 0.95)
            return;
        lastPrinted = progress.elapsedSeconds;
        err << "[" << fixed(progress.elapsedSeconds) << " s] " << progress.acquisitions << " acquisitions, "
            << fixed(progress.recentOpsPerSecond) << " /s now, wait p99 " << fixed(progress.acquireWait.p99Us)
            << " us, " << progress.errors << " errors\n"
            << std::flush;
    });
    if (!result) {
        err << "lockscope-cli stress: " << result.error().message << "\n";
        return exitCodeFor(result.error().kind);
    }
    if (request->json)
        out << StressResultJson::toJson(*result) << "\n";
    else
        printSummary(*result, info->unsafe, out);
    // Violations of a safe kind are a bug worth a non-zero exit; the naive kind is expected to
    // show them.
    return result->violations > 0 && !info->unsafe ? ExitNotDone : ExitOk;
}

} // namespace lockscope
