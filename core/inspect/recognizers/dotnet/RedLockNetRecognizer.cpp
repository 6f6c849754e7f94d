#include "inspect/recognizers/dotnet/RedLockNetRecognizer.h"

#include "inspect/LockNaming.h"

namespace lockscope {

std::optional<StringLockReading> RedLockNetRecognizer::read(const RawKey& key, long long) const
{
    if (!key.name.starts_with("redlock:") || key.name.size() == 8 || !LockNaming::isUuid(key.value))
        return std::nullopt;
    StringLockReading reading;
    reading.library = LockLibrary::RedLockNetOrPottery;
    reading.confidence = 0.9;
    reading.reason = UserText(LOCKSCOPE_TEXT("RedLockNetRecognizer",
        "redlock:<resource> holding a UUID: RedLock.net or pottery (same layout, same release)"));
    return reading;
}

} // namespace lockscope
