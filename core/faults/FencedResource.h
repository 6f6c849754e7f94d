#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace lockscope {

// The protected resource of the fencing demo (an in-process stand-in for a storage service):
// it records every write it is sent. With fencing enforced it remembers the highest token it
// has seen and rejects writes that carry a lower one (or none), as Kleppmann's fenced storage
// does; without it, the last writer wins whoever it is.
class FencedResource
{
public:
    struct Write
    {
        std::string writer;
        std::string value;
        std::optional<long long> fence;
        bool accepted = false;
    };

    enum class Fences
    {
        Enforced, // a write with a fence below the highest seen is refused
        Ignored, // every write is applied: what a resource that knows nothing of fencing does
    };

    explicit FencedResource(Fences fences)
        : m_enforceFences(fences == Fences::Enforced)
    {
    }

    // True when the write was applied.
    bool write(const std::string& writer, const std::string& value, std::optional<long long> fence);
    std::string value() const;
    std::vector<Write> history() const;

private:
    const bool m_enforceFences;
    mutable std::mutex m_mutex;
    std::string m_value;
    std::optional<long long> m_highestFence;
    std::vector<Write> m_history;
};

} // namespace lockscope
