// The recognisers on a fuzzed keyspace: raw keys of every type with fuzzed names (often in the
// shapes lock formats use, so that the recognisers get past their first checks), values, hash
// fields, list items, sorted-set members, TTLs, truncation, channel subscriber counts and the
// server clock, classified without Redis (KeyRecognition, the classifier's own step). Nothing
// may crash, every key is claimed at most once, and each lock's JSON form is valid JSON.
#include "inspect/KeyIndex.h"
#include "inspect/KeyRecognition.h"
#include "inspect/LockSnapshotJson.h"
#include "support/Crash.h"
#include "support/JsonValidator.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <limits>
#include <set>
#include <string>

using namespace lockscope;

namespace {

// Name parts the formats look for (LockNaming, the recognisers): prefixes, suffixes, hash tags.
const char* const namePrefixes[] = {"", "redisson_lock_queue:", "redisson_lock_timeout:",
    "redisson_lock__channel:", "redisson_rwlock:", "redisson_sc:", "redisson_lock_token:",
    "lockscope:fence:", "lockscope:waiters:", "lockscope:semaphore:", "semaphore:", "mutex:",
    "lock:", "locks:"};
const char* const nameSuffixes[] = {"", ":timeout", ":rwlock_timeout:1", ":write", ":lock", ":owner",
    ":ids", ":acquired_slots", ":expirations", ":available_slots", ":queue"};
const char* const fieldShapes[] = {"mode", "read", "write", "c1b3e0d6-2d2c-4c3c-9d1e-0a1b2c3d4e5f:1",
    "c1b3e0d6-2d2c-4c3c-9d1e-0a1b2c3d4e5f:1:write", "{orders}:c1b3e0d6-2d2c-4c3c-9d1e-0a1b2c3d4e5f:7"};

std::string fuzzedName(FuzzedDataProvider& data)
{
    std::string name = data.PickValueInArray(namePrefixes);
    std::string base = data.ConsumeRandomLengthString(24);
    if (data.ConsumeBool())
        base = "{" + base + "}";
    return name + base + data.PickValueInArray(nameSuffixes);
}

std::string fuzzedText(FuzzedDataProvider& data)
{
    return data.ConsumeBool() ? data.PickValueInArray(fieldShapes) : data.ConsumeRandomLengthString(48);
}

// Scores as Redis may hold them: any double, the infinities included (never NaN).
double fuzzedScore(FuzzedDataProvider& data)
{
    switch (data.ConsumeIntegralInRange(0, 3)) {
    case 0:
        return std::numeric_limits<double>::infinity();
    case 1:
        return -std::numeric_limits<double>::infinity();
    case 2:
        return static_cast<double>(data.ConsumeIntegral<long long>());
    default:
        return data.ConsumeFloatingPoint<double>();
    }
}

RawKey fuzzedKey(FuzzedDataProvider& data)
{
    RawKey key;
    key.name = fuzzedName(data);
    key.type = data.PickValueInArray({RawKey::Type::String, RawKey::Type::Hash, RawKey::Type::List,
        RawKey::Type::Set, RawKey::Type::ZSet, RawKey::Type::Other});
    key.pttl = data.ConsumeBool() ? -1 : data.ConsumeIntegral<long long>();
    key.truncated = data.ConsumeBool();
    const size_t parts = data.ConsumeIntegralInRange<size_t>(0, 6);
    switch (key.type) {
    case RawKey::Type::String:
        key.value = data.ConsumeBool() ? std::to_string(data.ConsumeIntegral<long long>()) : fuzzedText(data);
        key.size = static_cast<long long>(key.value.size());
        break;
    case RawKey::Type::Hash:
        for (size_t i = 0; i < parts; ++i) {
            std::string field = fuzzedText(data);
            std::string value = data.ConsumeBool() ? std::to_string(data.ConsumeIntegral<int>()) : fuzzedText(data);
            key.fields.emplace_back(std::move(field), std::move(value));
        }
        key.size = static_cast<long long>(key.fields.size());
        break;
    case RawKey::Type::List:
    case RawKey::Type::Set:
        for (size_t i = 0; i < parts; ++i)
            key.items.push_back(fuzzedText(data));
        key.size = static_cast<long long>(key.items.size());
        break;
    case RawKey::Type::ZSet:
        for (size_t i = 0; i < parts; ++i)
            key.members.emplace_back(fuzzedText(data), fuzzedScore(data));
        key.size = static_cast<long long>(key.members.size());
        break;
    case RawKey::Type::Other:
        break;
    }
    if (data.ConsumeBool())
        key.size = data.ConsumeIntegral<long long>(); // a size that disagrees with what was read
    return key;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size)
{
    static const KeyRecognition recognition;
    FuzzedDataProvider data(bytes, size);
    KeyIndex index;
    RecognitionContext context;
    context.node = "127.0.0.1:6379";
    context.keys = &index;
    // What LockClassifier::begin() accepts from TIME: up to 10^11 s.
    context.nowMs = data.ConsumeIntegralInRange<long long>(0, 100'000'000'000'000LL);
    context.blpopClients = data.ConsumeIntegralInRange<long long>(0, 4);
    if (data.ConsumeBool())
        context.userPatterns.emplace_back(data.ConsumeRandomLengthString(16));
    const size_t keys = data.ConsumeIntegralInRange<size_t>(0, 12);
    for (size_t i = 0; i < keys && data.remaining_bytes() > 0; ++i) {
        RawKey key = fuzzedKey(data);
        if (data.ConsumeBool())
            context.channelSubscribers[data.PickValueInArray(namePrefixes) + key.name]
                = data.ConsumeIntegralInRange<long long>(0, 3);
        index.add(std::move(key));
    }

    const std::vector<LockSnapshot> locks = recognition.recognize(context);
    std::multiset<std::string> claimed;
    for (const auto& lock : locks) {
        const std::set<std::string> ownKeys(lock.keys.begin(), lock.keys.end());
        claimed.insert(ownKeys.begin(), ownKeys.end());
        LOCKSCOPE_FUZZ_CHECK(fuzz::JsonValidator::isValid(LockSnapshotJson::toString(lock)));
    }
    for (const auto& name : claimed)
        LOCKSCOPE_FUZZ_CHECK(claimed.count(name) == 1);
    return 0;
}
