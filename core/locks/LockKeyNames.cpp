#include "locks/LockKeyNames.h"

namespace lockscope {

namespace {
bool hasHashTag(std::string_view name)
{
    return name.find('{') != std::string_view::npos;
}

// The name part of a derived key, as prefixName/suffixName write it: `{name}` where name has no
// brace of its own; anything else with a brace is a name that had braces (kept as it is);
// without any brace it is no derived key.
std::optional<std::string> unwrappedName(std::string_view part)
{
    if (part.size() >= 2 && part.front() == '{' && part.back() == '}') {
        std::string_view inner = part.substr(1, part.size() - 2);
        if (inner.find('{') == std::string_view::npos && inner.find('}') == std::string_view::npos)
            return std::string(inner);
    }
    if (hasHashTag(part))
        return std::string(part);
    return std::nullopt;
}
} // namespace

std::string LockKeyNames::prefixName(std::string_view prefix, std::string_view name)
{
    std::string result(prefix);
    result += ':';
    result += hashTagged(name);
    return result;
}

std::string LockKeyNames::suffixName(std::string_view name, std::string_view suffix)
{
    return hashTagged(name) + ":" + std::string(suffix);
}

std::string LockKeyNames::hashTagged(std::string_view name)
{
    return hasHashTag(name) ? std::string(name) : "{" + std::string(name) + "}";
}

std::optional<std::string> LockKeyNames::nameAfterPrefix(std::string_view key, std::string_view prefix)
{
    if (key.size() <= prefix.size() + 1 || key.substr(0, prefix.size()) != prefix
        || key[prefix.size()] != ':')
        return std::nullopt;
    return unwrappedName(key.substr(prefix.size() + 1));
}

std::optional<std::string> LockKeyNames::nameBeforeSuffix(std::string_view key, std::string_view suffix)
{
    if (key.size() <= suffix.size() || !key.ends_with(suffix) || key[key.size() - suffix.size() - 1] != ':')
        return std::nullopt;
    return unwrappedName(key.substr(0, key.size() - suffix.size() - 1));
}

std::string LockKeyNames::lockscopeFence(std::string_view name)
{
    return prefixName(lockscopeFencePrefix, name);
}

std::string LockKeyNames::lockscopeWaiters(std::string_view name)
{
    return prefixName(lockscopeWaitersPrefix, name);
}

std::string LockKeyNames::lockscopeQueue(std::string_view name)
{
    return prefixName(lockscopeQueuePrefix, name);
}

std::string LockKeyNames::lockscopeWake(std::string_view name, std::string_view token)
{
    return prefixName(lockscopeWakePrefix, name) + ":" + std::string(token);
}

std::string LockKeyNames::lockscopeSemaphore(std::string_view name, std::string_view part)
{
    return prefixName(lockscopeSemaphorePrefix, name) + ":" + std::string(part);
}

std::optional<std::string> LockKeyNames::lockscopeSemaphoreOf(
    std::string_view key, std::span<const std::string_view> parts)
{
    for (std::string_view part : parts) {
        if (key.size() > part.size() && key.ends_with(part) && key[key.size() - part.size() - 1] == ':')
            return nameAfterPrefix(key.substr(0, key.size() - part.size() - 1), lockscopeSemaphorePrefix);
    }
    return std::nullopt;
}

std::string LockKeyNames::lockscopeHandoff(
    std::string_view name, std::string_view field, unsigned long long seat)
{
    return prefixName("lockscope:handoff", name) + ":" + std::string(field) + ":" + std::to_string(seat);
}

std::string LockKeyNames::lockChannel(const std::string& name)
{
    return prefixName("redisson_lock__channel", name);
}

std::string LockKeyNames::fenceCounter(const std::string& name)
{
    return prefixName(redissonFencePrefix, name);
}

std::string LockKeyNames::fairQueue(const std::string& name)
{
    return prefixName(redissonQueuePrefix, name);
}

std::string LockKeyNames::fairTimeouts(const std::string& name)
{
    return prefixName(redissonTimeoutPrefix, name);
}

std::string LockKeyNames::readWriteChannel(const std::string& name)
{
    return prefixName("redisson_rwlock", name);
}

std::string LockKeyNames::readTimeoutPrefix(const std::string& name, const std::string& readerField)
{
    return suffixName(name, readerField) + ":rwlock_timeout";
}

} // namespace lockscope
