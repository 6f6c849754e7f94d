#include "inspect/recognizers/php/LaravelLockRecognizer.h"

#include "inspect/recognizers/TextTemplate.h"
#include "inspect/recognizers/TokenShape.h"

#include <array>

namespace lockscope {

namespace {

// How Laravel names a lock's key: <REDIS_PREFIX><cache prefix><name>, where <name> is what the
// code passes to Cache::lock(). Both prefixes come from the app's config, by default made from
// APP_NAME's slug (`laravel` when unset): REDIS_PREFIX `<app>_database_` (13: `<app>-database-`),
// and a cache prefix that changed with the versions, followed by a colon that RedisStore added
// up to 10. Markers are tried longest first: `_cache_:` must not be read as `_cache_` + ":".
struct CachePrefix
{
    std::string_view marker; // after the app's slug
    std::string_view versions;
    char slugSeparator; // what Str::slug put between the app name's words
};

constexpr std::array cachePrefixes {CachePrefix {"_cache_:", "9-10", '_'}, CachePrefix {"_cache:", "8", '_'},
    CachePrefix {"_cache_", "11-12", '_'}, CachePrefix {"-cache-", "13", '-'}};

// A Str::slug of an app name: lowercase letters, digits and the separator, not empty.
bool isSlug(std::string_view text, char separator)
{
    if (text.empty())
        return false;
    for (char c : text) {
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == separator))
            return false;
    }
    return true;
}

struct LaravelName
{
    const CachePrefix* prefix = nullptr;
    std::string_view name; // what Cache::lock() was given
};

// The lock's name in `key`: after `laravel<marker>` anywhere (the default app name, under any
// REDIS_PREFIX), or after `<app>_database_<app><marker>` (`-database-` for 13) at the start, the
// two slugs the same as the defaults make them. Any other prefix is not recognised as Laravel's.
std::optional<LaravelName> laravelName(std::string_view key)
{
    for (const auto& prefix : cachePrefixes) {
        const std::string cachePrefix = "laravel" + std::string(prefix.marker);
        if (const size_t at = key.find(cachePrefix); at != std::string_view::npos)
            return LaravelName {&prefix, key.substr(at + cachePrefix.size())};
    }
    for (const auto& prefix : cachePrefixes) {
        const std::string database = std::string(1, prefix.slugSeparator) + "database" + prefix.slugSeparator;
        const size_t appEnd = key.find(database);
        if (appEnd == std::string_view::npos)
            continue;
        const std::string_view app = key.substr(0, appEnd);
        const std::string cachePrefix = std::string(key.substr(0, appEnd + database.size()))
            + std::string(app) + std::string(prefix.marker);
        if (isSlug(app, prefix.slugSeparator) && key.starts_with(cachePrefix))
            return LaravelName {&prefix, key.substr(cachePrefix.size())};
    }
    return std::nullopt;
}

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
    const auto laravel = laravelName(key.name);
    // The name Cache::lock() took; a framework lock under a prefix LockScope does not know is
    // named from its marker on, which is how the framework spells it.
    const std::string_view name = laravel ? laravel->name : std::string_view(key.name);
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
        reading.apiName = laravel
            ? std::string(name)
            : std::string(name.substr(name.size() - subject->size() - framework->marker.size()));
    } else {
        if (!laravel || laravel->name.empty())
            return std::nullopt;
        // The cache stores its values serialized; only a lock stores a bare Str::random owner.
        reading.confidence = serialized ? 0.7 : 0.85;
        reading.reason = UserText(LOCKSCOPE_TEXT("LaravelLockRecognizer",
                                      "%1 prefix (Laravel %2) holding a Str::random(16) owner: a Laravel "
                                      "cache lock"),
            std::string(key.name.substr(0, key.name.size() - laravel->name.size())),
            std::string(laravel->prefix->versions));
        reading.apiName = std::string(laravel->name);
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
