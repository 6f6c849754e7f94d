#include "cli/LockRequest.h"

#include "cli/CliOptions.h"
#include "cli/OptionValue.h"

namespace lockscope {

namespace {

RedisError usageError(std::string message)
{
    return makeError(ErrorKind::Usage, std::move(message));
}

} // namespace

Result<LockRequest> LockRequest::parse(const CliOptions& options)
{
    const LockArguments& args = options.arguments.lock;
    LockRequest request;
    request.spec.name = args.name;
    request.spec.connection = options.connection;
    request.acquire.wait = std::nullopt; // wait forever unless --wait says otherwise
    if (args.waitMs >= 0)
        request.acquire.wait = std::chrono::milliseconds(args.waitMs);
    request.acquire.lease = std::chrono::milliseconds(args.leaseMs);
    request.spec.serverTime = args.serverTime;
    request.spec.fenced = !args.noFence;
    if (args.permits > 0)
        request.spec.permits = static_cast<int>(args.permits);
    for (const auto& list : args.nodes) {
        auto nodes = OptionValue::nodeList(list, options.connection);
        if (!nodes)
            return nodes.error();
        request.spec.nodes.insert(request.spec.nodes.end(), nodes->begin(), nodes->end());
    }
    request.spec.kind = !args.kind.empty() ? args.kind
        : request.spec.nodes.empty()       ? std::string(LockFactory::defaultKind)
                                           : "redlock";
    // Options another kind would silently ignore are mistakes worth saying so.
    const std::string& kind = request.spec.kind;
    if (!request.spec.nodes.empty() && kind != "redlock")
        return usageError("--nodes is only for the redlock kind, not " + kind);
    if (args.permits > 0 && kind != "semaphore")
        return usageError("--permits is only for the semaphore kind, not " + kind);
    if (request.spec.serverTime && kind != "legacy" && kind != "naive")
        return usageError("--server-time is only for the legacy and naive kinds, not " + kind);
    if (!request.spec.fenced) {
        if (auto refusal = LockFactory::noFenceRefusal(kind))
            return usageError("--no-fence: " + *refusal);
    }
    request.command = args.command;
    request.conflictExitCode = static_cast<int>(args.conflictExitCode);
    request.failureExitCode = static_cast<int>(args.failureExitCode);
    return request;
}

} // namespace lockscope
