#include "inspect/admin/ObservedLockState.h"

namespace lockscope {

Result<ObservedLockState> ObservedLockState::from(const LockSnapshot& lock)
{
    ObservedLockState state;
    state.key = lock.name;
    const bool redissonHash = (lock.kind == LockKind::Reentrant || lock.kind == LockKind::Fair
                                  || lock.kind == LockKind::ReadWrite)
        && lock.library != LockLibrary::Unknown;
    if (redissonHash) {
        if (lock.holders.empty())
            return makeError(ErrorKind::Usage, "nobody holds '" + lock.name + "': nothing to release");
        state.shape = Shape::RedissonHash;
        bool writer = false;
        for (const auto& holder : lock.holders) {
            const bool write = holder.mode == HolderMode::Write;
            writer = writer || write;
            state.fields.emplace_back(holder.owner + (write ? ":write" : ""), std::to_string(holder.count));
        }
        if (lock.kind == LockKind::ReadWrite) {
            state.fields.emplace_back("mode", writer ? "write" : "read");
            for (const auto& key : lock.keys) {
                if (key.find(":rwlock_timeout:") != std::string::npos)
                    state.companionKeys.push_back(key);
            }
        }
        return state;
    }
    if ((lock.kind == LockKind::Token || lock.kind == LockKind::Legacy) && lock.observedValue) {
        state.shape = Shape::StringValue;
        state.value = *lock.observedValue;
        return state;
    }
    return makeError(ErrorKind::Usage,
        std::string("cannot act on a ") + std::string(lockKindName(lock.kind)) + " lock of "
            + std::string(lockLibraryName(lock.library)) + " safely: its state cannot be compared exactly");
}

std::vector<std::string> ObservedLockState::compareArguments() const
{
    if (shape == Shape::StringValue)
        return {"1", value};
    std::vector<std::string> args {std::to_string(fields.size())};
    for (const auto& [field, value] : fields) {
        args.push_back(field);
        args.push_back(value);
    }
    return args;
}

} // namespace lockscope
