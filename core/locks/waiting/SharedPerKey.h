#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace lockscope {

// The one instance of T for `key` in this process, shared by everyone who asks while any of
// them still holds it (a LocalWaitLine or HandoffDesk per lock). Instances nobody holds any
// more are dropped on the next call, so a process that touches many lock names stays small.
template <class T>
std::shared_ptr<T> sharedPerKey(const std::string& key)
{
    static std::mutex mutex;
    static std::map<std::string, std::weak_ptr<T>> instances;
    std::lock_guard lock(mutex);
    for (auto it = instances.begin(); it != instances.end();) {
        if (it->second.expired())
            it = instances.erase(it);
        else
            ++it;
    }
    auto& slot = instances[key];
    if (auto existing = slot.lock())
        return existing;
    auto created = std::make_shared<T>();
    slot = created;
    return created;
}

} // namespace lockscope
