#pragma once

#include "inspect/recognizers/SimpleLockFormat.h"
#include "inspect/recognizers/StringLockRecognizer.h"

namespace lockscope {

// Reads one row of SimpleLockFormats: a string key of the row's shape holding a value of its
// shape is its library's lock; a wake-up list, if the row has one, belongs to the lock and is
// pushed to when it is released by force. The catalogue makes one of these per row.
class SimpleFormatRecognizer : public StringLockRecognizer
{
public:
    explicit SimpleFormatRecognizer(const SimpleLockFormat& format);

    std::string_view name() const override { return m_format.name; }
    // The key and value decide; a row that needs a TTL is judged on it in recognize(), since
    // the TTL is read only for the keys kept here.
    Candidacy isCandidate(const RawKey& key, const RecognitionContext& context) const override;
    void relatedKeys(const RawKey& key, std::vector<std::string>& names) const override;
    bool readsContents(std::string_view key, RawKey::Type type) const override;
    std::optional<std::string> lockNameOf(std::string_view key) const override;
    bool claimsName(std::string_view key) const override;
    void keysOf(const std::string& lockName, std::vector<std::string>& keys) const override;
    std::optional<ReleaseWakeUp> wakeUpOnRelease(const LockSnapshot& lock) const override;

protected:
    std::optional<StringLockReading> read(const RawKey& key, long long nowMs) const override;
    void complete(LockSnapshot& lock, RecognitionContext& context) const override;

private:
    // The parts of the name the library's API takes (NameRule order), or nullopt when `key` has
    // not the row's shape.
    std::optional<std::vector<std::string>> nameParts(std::string_view key) const;
    // The wake-up list of the lock `key`, or empty when the row has none.
    std::string wakeListOf(std::string_view key) const;

    const SimpleLockFormat& m_format;
};

} // namespace lockscope
