#include "cli/LockRequest.h"

#include "cli/CliOptions.h"
#include "cli/OptionValue.h"

#include <algorithm>

namespace lockscope {

namespace {

RedisError usageError(std::string message)
{
    return makeError(ErrorKind::Usage, std::move(message));
}

} // namespace

Result<LockRequest> LockRequest::parse(const CliOptions& options)
{
    const auto& args = options.arguments;
    if (args.empty() || args[0].empty() || args[0][0] == '-')
        return usageError("lock needs a NAME: lock NAME [options] -- COMMAND [ARGS...]");
    LockRequest request;
    request.spec.name = args[0];
    request.spec.connection = options.connection;
    request.acquire.wait = std::nullopt; // wait forever unless --wait says otherwise
    bool kindGiven = false;
    bool permitsGiven = false;
    size_t i = 1;
    for (; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--") {
            ++i;
            break;
        }
        if (arg == "--server-time") {
            request.spec.serverTime = true;
            continue;
        }
        if (arg == "--no-fence") {
            request.spec.fenced = false;
            continue;
        }
        if (arg != "--kind" && arg != "--lease" && arg != "--wait" && arg != "--permits" && arg != "--nodes")
            return usageError("unknown lock option '" + arg + "' (COMMAND goes after --)");
        if (i + 1 >= args.size())
            return usageError(arg + " needs a value");
        const std::string& value = args[++i];
        if (arg == "--kind") {
            auto kind = LockFactory::parseKind(value);
            if (!kind)
                return kind.error();
            request.spec.kind = *kind;
            kindGiven = true;
        } else if (arg == "--lease") {
            auto lease = OptionValue::integer(value, arg, 1, 86400000);
            if (!lease)
                return lease.error();
            request.acquire.lease = std::chrono::milliseconds(*lease);
        } else if (arg == "--wait") {
            auto wait = OptionValue::integer(value, arg, 0, 86400000);
            if (!wait)
                return wait.error();
            request.acquire.wait = std::chrono::milliseconds(*wait);
        } else if (arg == "--permits") {
            auto permits = OptionValue::integer(value, arg, 1, 1000000);
            if (!permits)
                return permits.error();
            request.spec.permits = static_cast<int>(*permits);
            permitsGiven = true;
        } else {
            auto nodes = OptionValue::nodeList(value, options.connection);
            if (!nodes)
                return nodes.error();
            request.spec.nodes.insert(request.spec.nodes.end(), nodes->begin(), nodes->end());
        }
    }
    if (!kindGiven)
        request.spec.kind = request.spec.nodes.empty() ? LockFactory::defaultKind : LockAlgorithm::Redlock;
    // Options another kind would silently ignore are mistakes worth saying so.
    const LockAlgorithm kind = request.spec.kind;
    const std::string kindName(lockAlgorithmName(kind));
    if (!request.spec.nodes.empty() && kind != LockAlgorithm::Redlock)
        return usageError("--nodes is only for the redlock kind, not " + kindName);
    if (permitsGiven && kind != LockAlgorithm::Semaphore)
        return usageError("--permits is only for the semaphore kind, not " + kindName);
    if (request.spec.serverTime && kind != LockAlgorithm::Legacy && kind != LockAlgorithm::Naive)
        return usageError("--server-time is only for the legacy and naive kinds, not " + kindName);
    if (!request.spec.fenced) {
        if (auto refusal = LockFactory::noFenceRefusal(kind))
            return usageError("--no-fence: " + *refusal);
    }
    request.command.assign(args.begin() + static_cast<long>(std::min(i, args.size())), args.end());
    if (request.command.empty())
        return usageError("lock needs a COMMAND after --: lock NAME [options] -- COMMAND [ARGS...]");
    return request;
}

} // namespace lockscope
