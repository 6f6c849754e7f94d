#include "inspect/recognizers/node/BullMQLockRecognizer.h"

#include "inspect/LockNaming.h"

#include <algorithm>

namespace lockscope {

std::optional<BullMQLockRecognizer::Parts> BullMQLockRecognizer::split(std::string_view key)
{
    constexpr std::string_view suffix = ":lock";
    if (!key.ends_with(suffix))
        return std::nullopt;
    const std::string_view rest = key.substr(0, key.size() - suffix.size());
    // The prefix (default `bull`) has no colon; the queue name may.
    const size_t first = rest.find(':');
    const size_t last = rest.rfind(':');
    if (first == std::string_view::npos || last == first || first == 0 || last + 1 == rest.size())
        return std::nullopt;
    return Parts {std::string(rest.substr(0, first)), std::string(rest.substr(first + 1, last - first - 1)),
        std::string(rest.substr(last + 1))};
}

std::optional<StringLockReading> BullMQLockRecognizer::read(const RawKey& key, long long) const
{
    const auto parts = split(key.name);
    const std::string& value = key.value;
    // `<worker uuid>:<n>`: the worker's id and a counter of the locks it took.
    if (!parts || value.size() < 38 || value[36] != ':' || !LockNaming::isUuid(value.substr(0, 36))
        || !std::all_of(value.begin() + 37, value.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    StringLockReading reading;
    reading.library = LockLibrary::BullMQ;
    reading.confidence = 0.95;
    reading.reason = UserText(LOCKSCOPE_TEXT(
        "BullMQLockRecognizer", "<prefix>:<queue>:<job>:lock holding <worker>:<n>: a BullMQ job lock"));
    reading.holder.clientUuid = value.substr(0, 36);
    reading.notes.push_back(
        UserText(LOCKSCOPE_TEXT("BullMQLockRecognizer", "job %1 of queue %2 is being processed by worker %3"),
            parts->jobId, parts->queue, value.substr(0, 36)));
    reading.releaseWarning = UserText(LOCKSCOPE_TEXT("BullMQLockRecognizer",
        "BullMQ will treat this job as stalled: it goes back to wait (or to failed) and may run twice "
        "while its worker is still processing it"));
    return reading;
}

} // namespace lockscope
