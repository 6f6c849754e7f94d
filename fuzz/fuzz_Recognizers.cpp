// The recognisers on a fuzzed keyspace: raw keys of every type with fuzzed names (often in the
// shapes lock formats use, so that the recognisers get past their first checks), values, hash
// fields, list items, sorted-set members, TTLs, truncation, channel subscriber counts and the
// server clock, classified without Redis (RecognitionPass, the classifier's own step). Nothing
// may crash, every key is claimed at most once, and each lock's JSON form is valid JSON.
#include "inspect/BlockedPopCensus.h"
#include "inspect/CandidateKeyIndex.h"
#include "inspect/LockSnapshotJson.h"
#include "inspect/RecognitionPass.h"
#include "inspect/recognizers/SimpleLockFormats.h"
#include "support/Crash.h"
#include "support/JsonValidator.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <iterator>
#include <limits>
#include <set>
#include <string>
#include <vector>

using namespace lockscope;

namespace {

// Name parts the formats that keep a class look for (LockNaming, their recognisers): prefixes,
// suffixes, hash tags. The simple formats' parts are read from their rows (namePrefixes()).
const char* const classFormatPrefixes[] = {"", "redisson_lock_queue:", "redisson_lock_timeout:",
    "redisson_lock__channel:", "redisson_rwlock:", "redisson_sc:", "redisson_lock_token:", "lockscope:fence:",
    "lockscope:waiters:", "lockscope:semaphore:", "semaphore:", "mutex:", "lock:", "locks:",
    "job-lock:default:", "laravel_database_laravel_cache:", "laravel_unique_job:", "laravel-queue-overlap:",
    "lock-signal:", "bull:q:", "uniquejobs:9e107d9d372bb6826bd81d3542a419d6", "{",
    "redisson_unlock_latch:", "LEADER.", "jobLock", "app-mutex:", "countdown-latch/"};
const char* const classFormatSuffixes[] = {"", ":timeout", ":rwlock_timeout:1", ":write", ":owner", ":ids",
    ":acquired_slots", ":expirations", ":available_slots", ":queue", ":LOCKED", ":QUEUED", ":INFO", ".writer",
    ".readers", "}:weight", "}:time", ":leader"};

// Every simple format's prefix, suffix and infix (with a queue before it) beside `parts`.
template <size_t N>
std::vector<std::string> withSimpleFormats(const char* const (&parts)[N], bool prefixes)
{
    std::vector<std::string> all(std::begin(parts), std::end(parts));
    for (const SimpleLockFormat& format : SimpleLockFormats::all()) {
        if (prefixes && !format.prefix.empty())
            all.emplace_back(format.prefix);
        if (!prefixes && !format.suffix.empty())
            all.emplace_back(format.suffix);
        if (!prefixes && !format.infix.empty())
            all.push_back(std::string(format.infix) + "email:welcome");
    }
    return all;
}

const std::vector<std::string>& namePrefixes()
{
    static const std::vector<std::string> all = withSimpleFormats(classFormatPrefixes, true);
    return all;
}

const std::vector<std::string>& nameSuffixes()
{
    static const std::vector<std::string> all = withSimpleFormats(classFormatSuffixes, false);
    return all;
}

const std::string& pick(FuzzedDataProvider& data, const std::vector<std::string>& values)
{
    return values[data.ConsumeIntegralInRange<size_t>(0, values.size() - 1)];
}

// Holder fields and values of the formats (Redisson, ShedLock, BullMQ, DistributedLock.Redis,
// Symfony, Laravel, redsync, bsm, multi-lock fields).
const char* const fieldShapes[] = {"mode", "read", "write", "c1b3e0d6-2d2c-4c3c-9d1e-0a1b2c3d4e5f:1",
    "c1b3e0d6-2d2c-4c3c-9d1e-0a1b2c3d4e5f:1:write", "{orders}:c1b3e0d6-2d2c-4c3c-9d1e-0a1b2c3d4e5f:7",
    "ADDED:2026-01-02T03:04:05.678Z@host1",
    "ADDED:2026-01-02T03:04:05.678Z@h:c1b3e0d6-2d2c-4c3c-9d1e-0a1b2c3d4e5f",
    "c1b3e0d6-2d2c-4c3c-9d1e-0a1b2c3d4e5f:12", "WEB-01_4120_0123456789abcdef0123456789abcdef",
    "WEB-01_4120_0123456789abcdef0123456789abcdef_WRITERWAITING", "__write__",
    "q2Z1xV8sP0aL3mN5bC7dE9fG1hJ3kL5mN7pQ9rS1tU4=", "a1B2c3D4e5F6g7H8", "s:16:\"a1B2c3D4e5F6g7H8\";",
    "q2Z1xV8sP0aL3mN5bC7dQw==", "q2Z1xV8sP0aL3mN5bC7d-_meta", "aBcDeFgHiJkLmNoP",
    "0123456789abcdef0123456789abcdef", "seat:c1b3e0d6-2d2c-4c3c-9d1e-0a1b2c3d4e5f:1:expire_time",
    "seat:c1b3e0d6-2d2c-4c3c-9d1e-0a1b2c3d4e5f:1:lock_count", "node-a:1764112000123:0123456789abcdef",
    "1764112000123", "web-1.example.com:4242", "4242", "e4b1c2d0a3f511ef9b2c0242ac120002",
    R"({"host":"api-2","pid":4242})", "Ab3_-xYz09Ab3_-xYz09"};
// CLIENT LIST lines, whole and cut, for the census that finds portalocker's subscribed holders.
const char* const clientLines[] = {
    "id=7 addr=127.0.0.1:5000 name=jobs-lock age=9 sub=1 psub=0 cmd=subscribe\n",
    "id=8 addr=127.0.0.1:5001 name=x-lock sub=0 flags=b cmd=blpop\n", "id= name=-lock sub=1\n",
    "name=a-lock sub=2 id=3", "id=99999999999999999999 name=z-lock sub=1\n", "lib-name=q-lock ssub=1 id=4\n"};

std::string fuzzedName(FuzzedDataProvider& data)
{
    std::string name = pick(data, namePrefixes());
    std::string base = data.ConsumeRandomLengthString(24);
    if (data.ConsumeBool())
        base = "{" + base + "}";
    return name + base + pick(data, nameSuffixes());
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
            std::string value
                = data.ConsumeBool() ? std::to_string(data.ConsumeIntegral<int>()) : fuzzedText(data);
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
    static const RecognitionPass recognition;
    FuzzedDataProvider data(bytes, size);
    CandidateKeyIndex index;
    RecognitionContext context;
    context.node = "127.0.0.1:6379";
    context.keys = &index;
    // What LockClassifier::begin() accepts from TIME: up to 10^11 s.
    context.nowMs = data.ConsumeIntegralInRange<long long>(0, 100'000'000'000'000LL);
    context.blpopClients = data.ConsumeIntegralInRange<long long>(0, 4);
    std::string clientList;
    for (size_t i = data.ConsumeIntegralInRange<size_t>(0, 3); i > 0; --i)
        clientList
            += data.ConsumeBool() ? data.PickValueInArray(clientLines) : data.ConsumeRandomLengthString(40);
    context.lockNamedSubscribers = BlockedPopCensus::lockNamedSubscribersIn(clientList);
    (void)BlockedPopCensus::countIn(clientList);
    if (data.ConsumeBool())
        context.userPatterns.emplace_back(data.ConsumeRandomLengthString(16));
    const size_t keys = data.ConsumeIntegralInRange<size_t>(0, 12);
    for (size_t i = 0; i < keys && data.remaining_bytes() > 0; ++i) {
        RawKey key = fuzzedKey(data);
        if (data.ConsumeBool())
            context.channelSubscribers[pick(data, namePrefixes()) + key.name]
                = data.ConsumeIntegralInRange<long long>(0, 3);
        index.add(std::move(key));
    }

    const std::vector<LockSnapshot> locks = recognition.recognize(context);
    std::multiset<std::string> claimed;
    for (const auto& lock : locks) {
        const std::set<std::string> ownKeys(lock.keys.begin(), lock.keys.end());
        claimed.insert(ownKeys.begin(), ownKeys.end());
        LOCKSCOPE_FUZZ_CHECK(fuzz::JsonValidator::isValid(LockSnapshotJson::toString(lock)));
        // What an admin action would send for it is built from the same untrusted data.
        for (const LockRecognizer* recognizer : recognition.recognizers()) {
            (void)recognizer->ownRelease(lock);
            (void)recognizer->wakeUpOnRelease(lock);
            for (const auto& holder : lock.holders)
                (void)recognizer->permitRelease(lock, holder);
        }
    }
    for (const auto& name : claimed) {
        if (claimed.count(name) != 1) {
            for (const auto& lock : locks)
                for (const auto& key : lock.keys)
                    if (key == name)
                        std::fprintf(stderr, "key '%s' claimed by lock '%s' (%s, %s)\n", name.c_str(),
                            lock.name.c_str(), lockLibraryName(lock.library).data(),
                            lockKindName(lock.kind).data());
        }
        LOCKSCOPE_FUZZ_CHECK(claimed.count(name) == 1);
    }
    return 0;
}
