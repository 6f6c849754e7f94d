#include "cli/LockRequest.h"

#include "cli/CliOptions.h"
#include "cli/flags/OptionValue.h"

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
    if (!args.kind.empty()) {
        auto kind = LockFactory::parseKind(args.kind);
        if (!kind)
            return kind.error();
        request.spec.kind = *kind;
    } else {
        request.spec.kind = request.spec.nodes.empty() ? LockFactory::defaultKind : LockAlgorithm::Redlock;
    }
    // Options another kind would silently ignore are mistakes worth saying so.
    const LockAlgorithm kind = request.spec.kind;
    const std::string kindName(lockAlgorithmName(kind));
    if (!request.spec.nodes.empty() && kind != LockAlgorithm::Redlock)
        return usageError("--nodes is only for the redlock kind, not " + kindName);
    if (args.permits > 0 && kind != LockAlgorithm::Semaphore)
        return usageError("--permits is only for the semaphore kind, not " + kindName);
    if (request.spec.serverTime && kind != LockAlgorithm::Legacy && kind != LockAlgorithm::Naive)
        return usageError("--server-time is only for the legacy and naive kinds, not " + kindName);
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
