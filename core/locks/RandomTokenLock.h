#pragma once

#include "locks/DistributedLock.h"

#include <mutex>
#include <optional>
#include <string>

namespace lockscope {

// What the kinds whose key holds a random token share (token, redlock; the format is described
// in TokenLock.h): the lock's name, the fence counter's key, the token and the hold's fence. A
// subclass supplies where the key lives (one master, or each of several) and how it is taken.
class RandomTokenLock : public DistributedLock
{
public:
    const std::string& name() const final { return m_name; }
    // The token of the current hold, or the one the next acquisition will write.
    std::string holderId() const final { return m_token; }
    std::optional<long long> fence() const final { return m_fence; }

protected:
    explicit RandomTokenLock(std::string name);

    const std::string m_name;
    const std::string m_fenceKey;
    std::string m_token;
    bool m_holding = false;
    std::optional<long long> m_fence;
    // Serialises the use of the connections: isHeld() may be asked from another thread.
    mutable std::mutex m_mutex;
};

} // namespace lockscope
