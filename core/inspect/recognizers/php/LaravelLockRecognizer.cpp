#include "inspect/recognizers/php/LaravelLockRecognizer.h"

#include "inspect/recognizers/TextTemplate.h"
#include "inspect/recognizers/TokenShape.h"

#include <array>

namespace lockscope {

namespace {

struct CachePrefix
{
    std::string_view text;
    std::string_view versions;
};

// Longest first: `laravel_cache_:` must not be read as `laravel_cache_` followed by ":".
constexpr std::array cachePrefixes {CachePrefix {"laravel_cache_:", "9-10"},
    CachePrefix {"laravel_cache:", "8"}, CachePrefix {"laravel_cache_", "11-12"},
    CachePrefix {"laravel-cache-", "13"}};

// The owner as stored: raw, or serialized by phpredis (s:16:"...";).
std::optional<std::string_view> ownerIn(std::string_view value, bool& serialized)
{
    serialized = false;
    if (TokenShape::isRandomAlnum(value, 16))
        return value;
    constexpr std::string_view open = "s:16:\"";
    if (value.size() == open.size() + 16 + 2 && value.starts_with(open) && value.ends_with("\";")
        && TokenShape::isRandomAlnum(value.substr(open.size(), 16), 16)) {
        serialized = true;
        return value.substr(open.size(), 16);
    }
    return std::nullopt;
}

// The framework's own locks, which carry their purpose in the name: the note's %1 is what follows
// the marker (the job, for the queue's locks).
struct FrameworkLock
{
    std::string_view marker;
    TextTemplate reason;
    TextTemplate note;
};

const std::array frameworkLocks {
    FrameworkLock {"laravel_unique_job:",
        {LOCKSCOPE_TEXT("LaravelLockRecognizer",
            "laravel_unique_job:<job>:<id> holding a Str::random owner: Laravel ShouldBeUnique")},
        {LOCKSCOPE_TEXT("LaravelLockRecognizer",
            "unique job %1: while this lock is held, the same job is not queued again")}},
    FrameworkLock {"laravel-queue-overlap:",
        {LOCKSCOPE_TEXT("LaravelLockRecognizer",
            "laravel-queue-overlap:<job>:<key> holding a Str::random owner: Laravel WithoutOverlapping")},
        {LOCKSCOPE_TEXT("LaravelLockRecognizer",
            "job %1 runs without overlapping: others are released back to the queue while it is held")}},
    FrameworkLock {"framework/schedule-",
        {LOCKSCOPE_TEXT("LaravelLockRecognizer",
            "framework/schedule-<sha1> holding a Str::random owner: the Laravel scheduler's "
            "withoutOverlapping mutex")},
        {LOCKSCOPE_TEXT("LaravelLockRecognizer",
            "while held, the scheduled command does not start again (schedule:clear-cache frees it)")}},
};

// The part of `key` after the first occurrence of `marker`, if any.
std::optional<std::string_view> after(std::string_view key, std::string_view marker)
{
    const size_t at = key.find(marker);
    if (at == std::string_view::npos)
        return std::nullopt;
    return key.substr(at + marker.size());
}

} // namespace

std::optional<StringLockReading> LaravelLockRecognizer::read(const RawKey& key, long long) const
{
    bool serialized = false;
    const auto owner = ownerIn(key.value, serialized);
    if (!owner)
        return std::nullopt;
    StringLockReading reading;
    reading.library = LockLibrary::Laravel;
    reading.holder.owner = std::string(*owner);
    const std::string_view name = key.name;
    const FrameworkLock* framework = nullptr;
    std::optional<std::string_view> subject;
    for (const auto& candidate : frameworkLocks) {
        if ((subject = after(name, candidate.marker))) {
            framework = &candidate;
            break;
        }
    }
    if (framework) {
        reading.confidence = 0.95;
        reading.reason = framework->reason.with();
        reading.notes.push_back(framework->note.with(std::string(*subject)));
    } else {
        const CachePrefix* prefix = nullptr;
        for (const auto& candidate : cachePrefixes) {
            if (name.find(candidate.text) != std::string_view::npos) {
                prefix = &candidate;
                break;
            }
        }
        if (!prefix)
            return std::nullopt;
        // The cache stores its values serialized; only a lock stores a bare Str::random owner.
        reading.confidence = serialized ? 0.7 : 0.85;
        reading.reason = UserText(LOCKSCOPE_TEXT("LaravelLockRecognizer",
                                      "%1 prefix (Laravel %2) holding a Str::random(16) owner: a Laravel "
                                      "cache lock"),
            std::string(prefix->text), std::string(prefix->versions));
    }
    if (serialized)
        reading.notes.push_back(UserText(LOCKSCOPE_TEXT(
            "LaravelLockRecognizer", "the owner is stored serialized by phpredis (OPT_SERIALIZER)")));
    if (!key.ttlMs())
        reading.notes.push_back(UserText(LOCKSCOPE_TEXT("LaravelLockRecognizer",
            "no TTL: taken with Cache::lock() without seconds, this lock never expires by itself; if its "
            "holder is gone, only a release frees it")));
    return reading;
}

} // namespace lockscope
