#pragma once

#include "inspect/recognizers/StringLockRecognizer.h"

namespace lockscope {

// BullMQ's job locks (node): SET <prefix>:<queue>:<jobId>:lock <workerId>:<n> PX lockDuration,
// renewed every lockDuration/2 by the worker processing the job. Not a lock anyone waits for:
// while it is held the job is being processed. Releasing it by force makes the stalled-job
// checker move the job back to wait (or to failed), so it may run twice.
class BullMQLockRecognizer : public StringLockRecognizer
{
public:
    struct Parts
    {
        std::string prefix;
        std::string queue;
        std::string jobId;
    };
    // `<prefix>:<queue>:<jobId>:lock` split, or nullopt.
    static std::optional<Parts> split(std::string_view key);

    std::string_view name() const override { return "bullmq"; }

protected:
    std::optional<StringLockReading> read(const RawKey& key, long long nowMs) const override;
};

} // namespace lockscope
