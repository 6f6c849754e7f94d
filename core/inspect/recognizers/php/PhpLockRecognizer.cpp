#include "inspect/recognizers/php/PhpLockRecognizer.h"

#include "inspect/LockNaming.h"

namespace lockscope {

std::optional<StringLockReading> PhpLockRecognizer::read(const RawKey& key, long long) const
{
    if (!key.name.starts_with("php-malkusch-lock:") || !LockNaming::isHex(key.value, 64)
        || key.value[0] == '0')
        return std::nullopt;
    StringLockReading reading;
    reading.library = LockLibrary::PhpLock;
    reading.confidence = 0.95;
    reading.reason = UserText(LOCKSCOPE_TEXT(
        "PhpLockRecognizer", "php-malkusch-lock:<name> holding a 64-hex token: php-lock/lock"));
    return reading;
}

} // namespace lockscope
