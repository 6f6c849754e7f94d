#include "inspect/recognizers/redisson/RedissonHolderField.h"

#include "inspect/LockNaming.h"

#include <charconv>

namespace lockscope {

namespace {

bool isThreadId(std::string_view text)
{
    if (LockNaming::isUuid(text))
        return true;
    if (text.empty() || text.size() > 20)
        return false;
    for (char c : text) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

} // namespace

bool RedissonHolderField::isHolderId(std::string_view text)
{
    return text.size() > 37 && text[36] == ':' && LockNaming::isUuid(text.substr(0, 36))
        && isThreadId(text.substr(37));
}

std::optional<RedissonHolderField> RedissonHolderField::parse(std::string_view field, std::string_view value)
{
    RedissonHolderField parsed;
    if (field.ends_with(":write")) {
        parsed.write = true;
        field.remove_suffix(6);
    }
    if (!isHolderId(field))
        return std::nullopt;
    long long count = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), count);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size() || count <= 0)
        return std::nullopt;
    parsed.clientUuid = std::string(field.substr(0, 36));
    parsed.threadId = std::string(field.substr(37));
    parsed.count = count;
    return parsed;
}

bool RedissonHolderField::threadIsUuid() const
{
    return LockNaming::isUuid(threadId);
}

LockHolder RedissonHolderField::toHolder(HolderMode mode) const
{
    LockHolder holder;
    holder.owner = holderId();
    holder.clientUuid = clientUuid;
    holder.threadId = threadId;
    holder.count = count;
    holder.mode = mode;
    return holder;
}

} // namespace lockscope
