#pragma once

#include "inspect/recognizers/StringLockRecognizer.h"

namespace lockscope {

// php-lock/lock (malkusch; RedisMutex, PHPRedisMutex, PredisMutex): SET
// php-malkusch-lock:<name> <64 hex> NX PX (timeout + 1 s); the token is random bytes and an md5 in
// hex and never starts with 0. Released by compare-and-delete; waiters spin.
class PhpLockRecognizer : public StringLockRecognizer
{
public:
    std::string_view name() const override { return "php-lock"; }

protected:
    std::optional<StringLockReading> read(const RawKey& key, long long nowMs) const override;
};

} // namespace lockscope
