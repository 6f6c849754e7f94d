#include "cli/commands/LockCommand.h"

#include "cli/ChildProcess.h"
#include "cli/CommandLine.h"
#include "cli/ExitCode.h"
#include "cli/LeaseRenewer.h"
#include "cli/LockRequest.h"
#include "cli/SignalCancellation.h"
#include "locks/LockFactory.h"

#include <csignal>
#include <ostream>

#include <signal.h>

namespace lockscope {

int LockCommand::run(const CliOptions& options, const std::map<std::string, std::string>& environment,
    std::ostream& out, std::ostream& err)
{
    auto request = LockRequest::parse(options);
    if (!request)
        return CommandLine::usageError(err, "lock", request.error().message);
    const int failure = request->failureExitCode;
    auto own = [failure](int code) { return failure >= 0 ? failure : code; };
    const std::string& name = request->spec.name;
    if (const auto* info = LockFactory::find(request->spec.kind); info && info->unsafe)
        err << "lockscope-cli: warning: the " << info->name()
            << " kind is UNSAFE: " << info->description.english() << "\n";
    auto lock = LockFactory::create(request->spec);
    if (!lock) {
        err << "lockscope-cli: lock '" << name << "': " << lock.error().message << "\n";
        return own(exitCodeFor(lock.error().kind));
    }

    // Signals to the CLI while it waits or while COMMAND runs: remembered, forwarded to COMMAND,
    // and they cancel a wait in progress.
    SignalCancellation signals;
    request->acquire.cancel = &signals.token();
    auto acquired = (*lock)->acquire(request->acquire);
    if (!acquired) {
        err << "lockscope-cli: lock '" << name << "': " << acquired.error().toString() << "\n";
        return own(exitCodeFor(acquired.error().kind));
    }
    if (acquired->outcome == AcquireOutcome::Cancelled) {
        err << "lockscope-cli: lock '" << name << "': interrupted while waiting\n";
        return 128 + (signals.receivedSignal() ? signals.receivedSignal() : SIGINT);
    }
    if (acquired->outcome == AcquireOutcome::TimedOut) {
        err << "lockscope-cli: lock '" << name << "' not acquired within "
            << (request->acquire.wait ? request->acquire.wait->count() : 0) << " ms: someone else holds it\n";
        return request->conflictExitCode;
    }

    if (const int signal = signals.receivedSignal()) {
        // Asked to stop just as the lock was granted: do not start COMMAND at all.
        (void)(*lock)->release();
        err << "lockscope-cli: lock '" << name << "': interrupted before the command started\n";
        return 128 + signal;
    }

    auto childEnvironment = environment;
    childEnvironment["LOCKSCOPE_LOCK"] = name;
    childEnvironment["LOCKSCOPE_KIND"] = std::string(lockAlgorithmName((*lock)->kind()));
    childEnvironment["LOCKSCOPE_TOKEN"] = (*lock)->holderId();
    childEnvironment.erase("LOCKSCOPE_FENCE");
    if (acquired->fence)
        childEnvironment["LOCKSCOPE_FENCE"] = std::to_string(*acquired->fence);

    auto child = ChildProcess::start(request->command, childEnvironment);
    if (!child) {
        (void)(*lock)->release();
        err << "lockscope-cli: " << child.error().message << "\n";
        return own(ExitSoftware);
    }
    signals.forwardTo(child->pid());
    if (const int early = signals.receivedSignal())
        ::kill(child->pid(), early); // arrived between the acquisition and the fork

    int code = 0;
    bool lost = false;
    std::string lostReason;
    {
        LeaseRenewer renewer(**lock, request->acquire.lease, child->pid());
        child->waitUntilEnded();
        signals.forwardTo(0);
        renewer.stop();
        lost = renewer.lost();
        lostReason = renewer.reason();
    }
    code = child->reap();

    if (lost) {
        err << "lockscope-cli: lock '" << name << "' was lost while the command ran (" << lostReason
            << "); the command was sent SIGTERM\n";
        return own(lostExitCode);
    }
    auto released = (*lock)->release();
    if (!released) {
        err << "lockscope-cli: lock '" << name << "': release failed: " << released.error().toString()
            << "\n";
        return code != 0 ? code : own(exitCodeFor(released.error().kind));
    }
    if (*released == HoldOutcome::Lost) {
        err << "lockscope-cli: lock '" << name << "' was no longer held when the command ended\n";
        return own(lostExitCode);
    }
    (void)out;
    return code;
}

} // namespace lockscope
