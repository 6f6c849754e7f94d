#include "redis/CommandKeys.h"

#include "common/EscapeBytes.h"
#include "redis/ClusterSlots.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <string>

namespace lockscope {

namespace {

// How a command lays out its keys.
enum class KeyLayout
{
    None, // no key: any node may answer
    First, // args[1]
    AllFromFirst, // args[1..]
    AllButLast, // args[1..n-2], then a timeout (BLPOP)
    Pairs, // key value key value ... (MSET)
    FirstTwo, // args[1], args[2] (RENAME, LMOVE, SMOVE, COPY)
    CountAt1, // numkeys at args[1], keys follow (ZINTER, SINTERCARD, LMPOP)
    CountAt2, // numkeys at args[2], keys follow (EVAL, FCALL, BLMPOP)
    DestAndCountAt2, // destination at args[1], numkeys at args[2] (ZUNIONSTORE)
    SecondArgument, // a container's key at args[2] (OBJECT ENCODING key, MEMORY USAGE key)
    Streams, // XREAD ... STREAMS k1 k2 id1 id2
};

struct CommandLayout
{
    std::string_view name;
    KeyLayout layout;
};

constexpr std::array layouts = {
    CommandLayout {"ACL", KeyLayout::None},
    CommandLayout {"ASKING", KeyLayout::None},
    CommandLayout {"AUTH", KeyLayout::None},
    CommandLayout {"BGREWRITEAOF", KeyLayout::None},
    CommandLayout {"BGSAVE", KeyLayout::None},
    CommandLayout {"BLMOVE", KeyLayout::FirstTwo},
    CommandLayout {"BLMPOP", KeyLayout::CountAt2},
    CommandLayout {"BLPOP", KeyLayout::AllButLast},
    CommandLayout {"BRPOP", KeyLayout::AllButLast},
    CommandLayout {"BRPOPLPUSH", KeyLayout::FirstTwo},
    CommandLayout {"BZMPOP", KeyLayout::CountAt2},
    CommandLayout {"BZPOPMAX", KeyLayout::AllButLast},
    CommandLayout {"BZPOPMIN", KeyLayout::AllButLast},
    CommandLayout {"CLIENT", KeyLayout::None},
    CommandLayout {"CLUSTER", KeyLayout::None},
    CommandLayout {"COMMAND", KeyLayout::None},
    CommandLayout {"CONFIG", KeyLayout::None},
    CommandLayout {"COPY", KeyLayout::FirstTwo},
    CommandLayout {"DBSIZE", KeyLayout::None},
    CommandLayout {"DEL", KeyLayout::AllFromFirst},
    CommandLayout {"DISCARD", KeyLayout::None},
    CommandLayout {"ECHO", KeyLayout::None},
    CommandLayout {"EVAL", KeyLayout::CountAt2},
    CommandLayout {"EVALSHA", KeyLayout::CountAt2},
    CommandLayout {"EVALSHA_RO", KeyLayout::CountAt2},
    CommandLayout {"EVAL_RO", KeyLayout::CountAt2},
    CommandLayout {"EXEC", KeyLayout::None},
    CommandLayout {"EXISTS", KeyLayout::AllFromFirst},
    CommandLayout {"FCALL", KeyLayout::CountAt2},
    CommandLayout {"FCALL_RO", KeyLayout::CountAt2},
    CommandLayout {"FLUSHALL", KeyLayout::None},
    CommandLayout {"FLUSHDB", KeyLayout::None},
    CommandLayout {"FUNCTION", KeyLayout::None},
    CommandLayout {"HELLO", KeyLayout::None},
    CommandLayout {"INFO", KeyLayout::None},
    CommandLayout {"KEYS", KeyLayout::None},
    CommandLayout {"LASTSAVE", KeyLayout::None},
    CommandLayout {"LATENCY", KeyLayout::None},
    CommandLayout {"LMOVE", KeyLayout::FirstTwo},
    CommandLayout {"LMPOP", KeyLayout::CountAt1},
    CommandLayout {"MEMORY", KeyLayout::SecondArgument},
    CommandLayout {"MGET", KeyLayout::AllFromFirst},
    CommandLayout {"MSET", KeyLayout::Pairs},
    CommandLayout {"MSETNX", KeyLayout::Pairs},
    CommandLayout {"MULTI", KeyLayout::None},
    CommandLayout {"OBJECT", KeyLayout::SecondArgument},
    CommandLayout {"PFCOUNT", KeyLayout::AllFromFirst},
    CommandLayout {"PFMERGE", KeyLayout::AllFromFirst},
    CommandLayout {"PING", KeyLayout::None},
    CommandLayout {"PUBLISH", KeyLayout::None},
    CommandLayout {"PUBSUB", KeyLayout::None},
    CommandLayout {"RANDOMKEY", KeyLayout::None},
    CommandLayout {"READONLY", KeyLayout::None},
    CommandLayout {"READWRITE", KeyLayout::None},
    CommandLayout {"RENAME", KeyLayout::FirstTwo},
    CommandLayout {"RENAMENX", KeyLayout::FirstTwo},
    CommandLayout {"ROLE", KeyLayout::None},
    CommandLayout {"RPOPLPUSH", KeyLayout::FirstTwo},
    CommandLayout {"SAVE", KeyLayout::None},
    CommandLayout {"SCAN", KeyLayout::None},
    CommandLayout {"SCRIPT", KeyLayout::None},
    CommandLayout {"SDIFF", KeyLayout::AllFromFirst},
    CommandLayout {"SDIFFSTORE", KeyLayout::AllFromFirst},
    CommandLayout {"SELECT", KeyLayout::None},
    CommandLayout {"SINTER", KeyLayout::AllFromFirst},
    CommandLayout {"SINTERCARD", KeyLayout::CountAt1},
    CommandLayout {"SINTERSTORE", KeyLayout::AllFromFirst},
    CommandLayout {"SLOWLOG", KeyLayout::None},
    CommandLayout {"SMOVE", KeyLayout::FirstTwo},
    CommandLayout {"SUNION", KeyLayout::AllFromFirst},
    CommandLayout {"SUNIONSTORE", KeyLayout::AllFromFirst},
    CommandLayout {"TIME", KeyLayout::None},
    CommandLayout {"TOUCH", KeyLayout::AllFromFirst},
    CommandLayout {"UNLINK", KeyLayout::AllFromFirst},
    CommandLayout {"UNWATCH", KeyLayout::None},
    CommandLayout {"WAIT", KeyLayout::None},
    CommandLayout {"WATCH", KeyLayout::AllFromFirst},
    CommandLayout {"XREAD", KeyLayout::Streams},
    CommandLayout {"XREADGROUP", KeyLayout::Streams},
    CommandLayout {"ZDIFF", KeyLayout::CountAt1},
    CommandLayout {"ZDIFFSTORE", KeyLayout::DestAndCountAt2},
    CommandLayout {"ZINTER", KeyLayout::CountAt1},
    CommandLayout {"ZINTERCARD", KeyLayout::CountAt1},
    CommandLayout {"ZINTERSTORE", KeyLayout::DestAndCountAt2},
    CommandLayout {"ZMPOP", KeyLayout::CountAt1},
    CommandLayout {"ZUNION", KeyLayout::CountAt1},
    CommandLayout {"ZUNIONSTORE", KeyLayout::DestAndCountAt2},
};

std::string upper(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
    return out;
}

KeyLayout layoutOf(const std::string& name)
{
    for (const auto& entry : layouts) {
        if (entry.name == name)
            return entry.layout;
    }
    return KeyLayout::First;
}

// `count` keys starting at args[first]; a count that is not a number or runs past the end
// is the caller's mistake, reported before anything is sent.
Result<std::vector<std::string_view>> countedKeys(const RedisCommand& args, size_t countAt, size_t first)
{
    if (args.size() <= countAt)
        return makeError(ErrorKind::Usage, CommandPolicy::displayName(args) + " needs a key count");
    const std::string& text = args[countAt];
    long long count = -1;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), count);
    if (error != std::errc() || end != text.data() + text.size() || count < 0)
        return makeError(ErrorKind::Usage,
            CommandPolicy::displayName(args) + ": key count '" + text + "' is not a number");
    if (static_cast<unsigned long long>(count) > args.size() - first)
        return makeError(ErrorKind::Usage,
            CommandPolicy::displayName(args) + ": key count " + text + " exceeds the number of arguments");
    std::vector<std::string_view> keys;
    for (size_t i = first; i < first + static_cast<size_t>(count); ++i)
        keys.push_back(args[i]);
    return keys;
}

} // namespace

Result<std::vector<std::string_view>> CommandKeys::of(const RedisCommand& args)
{
    if (args.empty())
        return makeError(ErrorKind::Usage, "empty command");
    std::vector<std::string_view> keys;
    switch (layoutOf(upper(args[0]))) {
    case KeyLayout::None:
        break;
    case KeyLayout::First:
        if (args.size() > 1)
            keys.push_back(args[1]);
        break;
    case KeyLayout::AllFromFirst:
        for (size_t i = 1; i < args.size(); ++i)
            keys.push_back(args[i]);
        break;
    case KeyLayout::AllButLast:
        for (size_t i = 1; i + 1 < args.size(); ++i)
            keys.push_back(args[i]);
        break;
    case KeyLayout::Pairs:
        for (size_t i = 1; i < args.size(); i += 2)
            keys.push_back(args[i]);
        break;
    case KeyLayout::FirstTwo:
        for (size_t i = 1; i < args.size() && i <= 2; ++i)
            keys.push_back(args[i]);
        break;
    case KeyLayout::CountAt1:
        return countedKeys(args, 1, 2);
    case KeyLayout::CountAt2:
        return countedKeys(args, 2, 3);
    case KeyLayout::DestAndCountAt2: {
        auto sources = countedKeys(args, 2, 3);
        if (!sources)
            return sources.error();
        keys.push_back(args[1]);
        keys.insert(keys.end(), sources->begin(), sources->end());
        break;
    }
    case KeyLayout::SecondArgument:
        // OBJECT HELP, MEMORY STATS and the like have no key.
        if (args.size() > 2)
            keys.push_back(args[2]);
        break;
    case KeyLayout::Streams: {
        auto streams = std::find_if(
            args.begin() + 1, args.end(), [](const std::string& arg) { return upper(arg) == "STREAMS"; });
        if (streams == args.end())
            break;
        const size_t first = static_cast<size_t>(streams - args.begin()) + 1;
        const size_t count = (args.size() - first) / 2; // keys, then as many ids
        for (size_t i = first; i < first + count; ++i)
            keys.push_back(args[i]);
        break;
    }
    }
    return keys;
}

Result<std::optional<uint16_t>> CommandKeys::slotOf(const RedisCommand& args)
{
    auto keys = of(args);
    if (!keys)
        return keys.error();
    if (keys->empty())
        return std::optional<uint16_t> {};
    const uint16_t slot = clusterKeySlot(keys->front());
    for (const auto& key : *keys) {
        if (clusterKeySlot(key) != slot)
            return makeError(ErrorKind::CrossSlot,
                CommandPolicy::displayName(args) + " not sent: its keys '" + escapeBytes(keys->front(), 64)
                    + "' (slot " + std::to_string(slot) + ") and '" + escapeBytes(key, 64) + "' (slot "
                    + std::to_string(clusterKeySlot(key)) + ") are in different cluster slots");
    }
    return std::optional<uint16_t> {slot};
}

} // namespace lockscope
