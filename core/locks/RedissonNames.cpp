#include "locks/RedissonNames.h"

namespace lockscope {

namespace {
bool hasHashTag(std::string_view name)
{
    return name.find('{') != std::string_view::npos;
}
} // namespace

std::string RedissonNames::prefixName(std::string_view prefix, std::string_view name)
{
    std::string result(prefix);
    result += ':';
    result += hashTagged(name);
    return result;
}

std::string RedissonNames::suffixName(std::string_view name, std::string_view suffix)
{
    return hashTagged(name) + ":" + std::string(suffix);
}

std::string RedissonNames::hashTagged(std::string_view name)
{
    return hasHashTag(name) ? std::string(name) : "{" + std::string(name) + "}";
}

std::string RedissonNames::lockChannel(const std::string& name)
{
    return prefixName("redisson_lock__channel", name);
}

std::string RedissonNames::fenceCounter(const std::string& name)
{
    return prefixName("redisson_lock_token", name);
}

std::string RedissonNames::fairQueue(const std::string& name)
{
    return prefixName("redisson_lock_queue", name);
}

std::string RedissonNames::fairTimeouts(const std::string& name)
{
    return prefixName("redisson_lock_timeout", name);
}

std::string RedissonNames::readWriteChannel(const std::string& name)
{
    return prefixName("redisson_rwlock", name);
}

std::string RedissonNames::readTimeoutPrefix(const std::string& name, const std::string& readerField)
{
    return suffixName(name, readerField) + ":rwlock_timeout";
}

} // namespace lockscope
