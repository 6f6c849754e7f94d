#pragma once

#include "inspect/LockLibrary.h"

#include <optional>
#include <string>
#include <unordered_map>

namespace lockscope {

// Holder values that tell their library only when several keys share them: one Spring
// Integration registry's client id, held on each of its locks. A listing that saw the value
// shared remembers it here, so that a later read of one of those keys alone (the watcher
// re-reading a notified lock, a lock re-taken by the same registry) still recognises the lock.
// Bounded; one inspection at a time uses it (inspections of a watcher run one after another).
class SharedHolderMemory
{
public:
    void remember(const std::string& value, LockLibrary library);
    std::optional<LockLibrary> libraryOf(const std::string& value) const;

private:
    static constexpr size_t limit = 10000;
    std::unordered_map<std::string, LockLibrary> m_libraries;
};

} // namespace lockscope
