#pragma once

#include "common/NameTable.h"

#include <string_view>

namespace lockscope {

// The locks LockScope implements, by algorithm: what LockFactory makes and `lock --kind`,
// `stress --kind`, the demos and the sample locks ask for. Not the inspector's LockKind, which
// says what a lock found in Redis is: a Read and a Write hold are both one LockKind::ReadWrite
// lock there, a Redlock hold is a Token lock on each master, a Naive one a Legacy lock.
enum class LockAlgorithm
{
    Legacy, // SETNX with an expiry timestamp, GETSET takeover
    Naive, // UNSAFE on purpose: DEL + SETNX of an expired lock (demos)
    Token, // SET NX PX with a random token, Lua compare-and-delete
    Reentrant, // Redisson RLock
    Fair, // Redisson RFairLock
    Read, // Redisson RReadWriteLock, shared read side
    Write, // Redisson RReadWriteLock, exclusive write side
    Semaphore, // counting semaphore of N permits
    Redlock, // the token lock on N independent masters
    Last = Redlock,
};

// The --kind names.
inline constexpr auto lockAlgorithmNames = nameTable<LockAlgorithm>({
    {LockAlgorithm::Legacy, "legacy"},
    {LockAlgorithm::Naive, "naive"},
    {LockAlgorithm::Token, "token"},
    {LockAlgorithm::Reentrant, "reentrant"},
    {LockAlgorithm::Fair, "fair"},
    {LockAlgorithm::Read, "read"},
    {LockAlgorithm::Write, "write"},
    {LockAlgorithm::Semaphore, "semaphore"},
    {LockAlgorithm::Redlock, "redlock"},
});
constexpr std::string_view lockAlgorithmName(LockAlgorithm algorithm)
{
    return lockAlgorithmNames.name(algorithm);
}

} // namespace lockscope
