#pragma once

#include "inspect/recognizers/LockRecognizer.h"

#include <optional>

namespace lockscope {

// What one library's lock shows when its whole state is a single string key holding the
// holder's value: the recognisers of such libraries fill it from the key alone.
struct StringLockReading
{
    LockLibrary library = LockLibrary::Unknown;
    LockKind kind = LockKind::Token;
    std::string apiName; // the name the library's API takes, if not the whole key (LockSnapshot::apiName)
    double confidence = 0.0;
    UserText reason;
    LockHolder holder; // owner defaults to the value
    std::vector<UserText> notes;
    UserText releaseWarning;
    UserText stuckReason; // non-empty: the lock is stuck
    bool possible = false; // only possibly a lock (LockSnapshot::possible)
};

// The common part of the string-token formats: candidacy and claiming. A subclass says only
// whether a key is its library's lock and what it shows (`read`, on the key alone, since it also
// runs on the scanner's reader threads), and may add what other keys say (`complete`).
class StringLockRecognizer : public LockRecognizer
{
public:
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void recognize(RecognitionContext& context, std::vector<LockSnapshot>& out) const override;

protected:
    virtual std::optional<StringLockReading> read(const RawKey& key, long long nowMs) const = 0;
    virtual void complete(LockSnapshot& lock, RecognitionContext& context) const { }
    // The string keys this format could read: short, whole, not an auxiliary key.
    static bool isReadableString(const RawKey& key);
};

} // namespace lockscope
