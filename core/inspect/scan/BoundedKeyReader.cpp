#include "inspect/scan/BoundedKeyReader.h"

#include <algorithm>
#include <cstdlib>

namespace lockscope {

namespace {

RawKey::Type typeFromName(std::string_view name)
{
    if (name == "string")
        return RawKey::Type::String;
    if (name == "hash")
        return RawKey::Type::Hash;
    if (name == "list")
        return RawKey::Type::List;
    if (name == "set")
        return RawKey::Type::Set;
    if (name == "zset")
        return RawKey::Type::ZSet;
    return RawKey::Type::Other;
}

std::optional<double> parseScore(const RedisReply& reply)
{
    auto text = reply.toStringView();
    if (!text || text->empty() || text->size() > 64)
        return std::nullopt;
    std::string copy(*text); // strtod needs a terminated string; scores are short
    char* end = nullptr;
    double score = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size())
        return std::nullopt;
    return score;
}

// Reads flat [field, value, field, value, ...] arrays (HSCAN pages).
bool appendPairs(const RedisReply& reply, std::vector<std::pair<std::string, std::string>>& out, size_t cap)
{
    if (!reply.isArray() || reply.size() % 2 != 0)
        return false;
    for (size_t i = 0; i + 1 < reply.size() && out.size() < cap; i += 2) {
        if (!reply.at(i).isString() || !reply.at(i + 1).isString())
            return false;
        out.emplace_back(reply.at(i).text(), reply.at(i + 1).text());
    }
    return true;
}

// An HSCAN reply [cursor, [field, value, ...]]: appends the pairs, returns the cursor.
std::optional<std::string> appendHashPage(const RedisReply& page, RawKey& key, size_t cap)
{
    const size_t before = key.fields.size();
    if (!page.isArray() || page.size() != 2 || !page.at(0).isString()
        || !appendPairs(page.at(1), key.fields, cap))
        return std::nullopt;
    if (page.at(1).size() / 2 > key.fields.size() - before)
        key.truncated = true; // the page held more than the cap left room for
    return page.at(0).text();
}

} // namespace

struct BoundedKeyReader::Pass
{
    const std::vector<std::string>& names;
    const ContentFilter& wantContents;
    std::vector<RawKey> keys; // one per name; a key's name is set once it is kept
    std::vector<bool> alive; // false: gone, changed type, or not wanted
    long long strings = 0;
    std::vector<long long> pttls; // TtlReading::WithFirstRead: the PTTL replies, -2 for gone
};

BoundedKeyReader::BoundedKeyReader(RedisConnection& connection, ReadLimits limits)
    : m_connection(connection)
    , m_limits(limits)
    , m_lastByte(std::to_string(std::max<size_t>(1, limits.maxStringBytes) - 1))
    , m_hashCount(std::to_string(limits.maxHashFields))
{
}

Result<std::vector<RedisReply>> BoundedKeyReader::run(const std::vector<RedisCommand>& commands)
{
    if (commands.empty())
        return std::vector<RedisReply> {};
    const size_t chunk = std::max<size_t>(1, m_limits.commandsPerPipeline);
    if (commands.size() <= chunk) {
        // The usual case (a SCAN page): no copy of the commands into a chunk.
        auto got = m_connection.pipeline(commands);
        if (got && got->size() != commands.size())
            return makeError(ErrorKind::Protocol, "pipeline returned a different number of replies");
        return got;
    }
    std::vector<RedisReply> replies;
    replies.reserve(commands.size());
    for (size_t start = 0; start < commands.size(); start += chunk) {
        const size_t end = std::min(commands.size(), start + chunk);
        std::vector<RedisCommand> part(
            commands.begin() + static_cast<long>(start), commands.begin() + static_cast<long>(end));
        auto got = m_connection.pipeline(part);
        if (!got)
            return got.error();
        if (got->size() != part.size())
            return makeError(ErrorKind::Protocol, "pipeline returned a different number of replies");
        for (auto& reply : *got)
            replies.push_back(std::move(reply));
    }
    return replies;
}

BoundedKeyReader::Job BoundedKeyReader::firstJob(size_t key, const std::string& name) const
{
    const auto guess = m_shapes.guess(name);
    if (guess == RawKey::Type::String)
        return {key, Step::Prefix, true};
    if (guess == RawKey::Type::Hash)
        return {key, Step::HashPage, true};
    if (guess)
        return {key, Step::Type, false}; // a list or set: only its type may matter
    // No family known: GETRANGE reads a string in one command and costs any other type a
    // WRONGTYPE and a TYPE; TYPE first costs every string a second command. Follow the mix.
    const bool mostlyOthers = m_keysSeen > 0 && 2 * m_stringsSeen < m_keysSeen;
    return {key, mostlyOthers ? Step::Type : Step::Prefix, !mostlyOthers};
}

namespace {

size_t commandsOf(KeyReadStep step)
{
    return step == KeyReadStep::ListHead || step == KeyReadStep::ZSetHead || step == KeyReadStep::SetHead ? 2
                                                                                                          : 1;
}

// Overwrites a command slot kept from an earlier round: its strings keep their buffers, so a
// batch of thousands of commands does not allocate them anew each time.
void assign(RedisCommand& slot, std::initializer_list<std::string_view> args)
{
    slot.resize(args.size());
    size_t i = 0;
    for (std::string_view arg : args)
        slot[i++].assign(arg);
}

} // namespace

void BoundedKeyReader::writeCommands(const Job& job, const std::string& name, RedisCommand* slots) const
{
    switch (job.step) {
    case Step::Type:
        assign(slots[0], {"TYPE", name});
        break;
    case Step::Prefix:
        assign(slots[0], {"GETRANGE", name, "0", m_lastByte});
        break;
    case Step::HashPage:
        assign(slots[0], {"HSCAN", name, "0", "COUNT", m_hashCount});
        break;
    case Step::ListHead:
        assign(slots[0], {"LLEN", name});
        assign(slots[1], {"LRANGE", name, "0", std::to_string(m_limits.maxListItems - 1)});
        break;
    case Step::ZSetHead:
        assign(slots[0], {"ZCARD", name});
        assign(slots[1], {"ZRANGE", name, "0", std::to_string(m_limits.maxZSetMembers - 1), "WITHSCORES"});
        break;
    case Step::SetHead:
        assign(slots[0], {"SCARD", name});
        assign(slots[1], {"SRANDMEMBER", name, std::to_string(m_limits.maxListItems)});
        break;
    case Step::StringLength:
        assign(slots[0], {"STRLEN", name});
        break;
    }
}

Result<std::vector<RawKey>> BoundedKeyReader::read(const std::vector<std::string>& names, bool withTtl,
    const ContentFilter& wantContents, const KeepFilter& keep)
{
    return read(names, withTtl ? TtlReading::AfterReads : TtlReading::None, wantContents, keep);
}

Result<std::vector<RawKey>> BoundedKeyReader::readWithTtlsAlongside(const std::vector<std::string>& names)
{
    return read(names, TtlReading::WithFirstRead, nullptr, nullptr);
}

Result<std::vector<RawKey>> BoundedKeyReader::read(const std::vector<std::string>& names, TtlReading ttls,
    const ContentFilter& wantContents, const KeepFilter& keep)
{
    Pass pass {
        names, wantContents, std::vector<RawKey>(names.size()), std::vector<bool>(names.size(), true), 0, {}};
    std::vector<Job> jobs;
    jobs.reserve(names.size());
    for (size_t i = 0; i < names.size(); ++i)
        jobs.push_back(firstJob(i, names[i]));
    std::vector<Job> next;
    // The first round's commands per key: its read, then its PTTL if asked for alongside.
    bool ttlAlongside = ttls == TtlReading::WithFirstRead;
    // A key takes at most four rounds (a wrong guess, TYPE, the read, STRLEN): the loop ends.
    while (!jobs.empty()) {
        const size_t extra = ttlAlongside ? 1 : 0;
        size_t count = 0;
        for (const Job& job : jobs)
            count += commandsOf(job.step) + extra;
        m_commands.resize(count);
        count = 0;
        for (const Job& job : jobs) {
            writeCommands(job, names[job.key], &m_commands[count]);
            count += commandsOf(job.step);
            if (ttlAlongside)
                assign(m_commands[count++], {"PTTL", names[job.key]});
        }
        auto replies = run(m_commands);
        if (!replies)
            return replies.error();
        if (ttlAlongside)
            pass.pttls.assign(names.size(), -2);
        size_t at = 0;
        for (const Job& job : jobs) {
            if (at + commandsOf(job.step) + extra > replies->size())
                return makeError(ErrorKind::Protocol, "fewer replies than commands");
            auto handled = handle(job, &(*replies)[at], pass, next);
            if (!handled)
                return handled.error();
            at += commandsOf(job.step);
            if (ttlAlongside) {
                const RedisReply& pttl = (*replies)[at++];
                if (pttl.isInteger())
                    pass.pttls[job.key] = pttl.integer() < -1 ? -2 : std::max(-1LL, pttl.integer());
            }
        }
        ttlAlongside = false;
        jobs.swap(next);
        next.clear();
    }
    m_keysSeen += static_cast<long long>(names.size());
    m_stringsSeen += pass.strings;

    std::vector<RawKey> kept;
    for (size_t i = 0; i < names.size(); ++i) {
        if (!pass.alive[i])
            continue;
        RawKey& key = pass.keys[i];
        key.name = names[i];
        if (ttls == TtlReading::WithFirstRead) {
            if (pass.pttls[i] == -2)
                continue; // expired or deleted while it was read
            key.pttl = pass.pttls[i];
        }
        if (!keep || keep(key))
            kept.push_back(std::move(key));
    }
    if (ttls == TtlReading::AfterReads) {
        auto ttls = readTtls(kept);
        if (!ttls)
            return ttls.error();
    }
    return kept;
}

Status BoundedKeyReader::handle(const Job& job, const RedisReply* replies, Pass& pass, std::vector<Job>& next)
{
    const size_t i = job.key;
    const std::string& name = pass.names[i];
    RawKey& key = pass.keys[i];
    const RedisReply& head = replies[0];
    const bool two = job.step == Step::ListHead || job.step == Step::ZSetHead || job.step == Step::SetHead;
    auto drop = [&] {
        pass.alive[i] = false;
        return Status(Done {});
    };
    auto wanted = [&](RawKey::Type type) { return !pass.wantContents || pass.wantContents(name, type); };
    if (head.isError() || (two && replies[1].isError())) {
        // WRONGTYPE: a guess that missed asks for the type; after TYPE it means the key changed.
        if (!job.guessed)
            return drop();
        next.push_back({i, Step::Type, false});
        return Done {};
    }
    switch (job.step) {
    case Step::Type: {
        if (!head.isStatus() || head.text() == "none")
            return drop(); // gone
        key.type = typeFromName(head.text());
        m_shapes.learn(name, key.type);
        if (key.type == RawKey::Type::String)
            ++pass.strings;
        if (!wanted(key.type))
            return drop();
        switch (key.type) {
        case RawKey::Type::String:
            next.push_back({i, Step::Prefix, false});
            break;
        case RawKey::Type::Hash:
            next.push_back({i, Step::HashPage, false});
            break;
        case RawKey::Type::List:
            next.push_back({i, Step::ListHead, false});
            break;
        case RawKey::Type::ZSet:
            next.push_back({i, Step::ZSetHead, false});
            break;
        case RawKey::Type::Set:
            next.push_back({i, Step::SetHead, false});
            break;
        case RawKey::Type::Other:
            break; // kept by its type alone (a stream under a user's lock pattern)
        }
        return Done {};
    }
    case Step::Prefix:
        // GETRANGE answers "" for an empty string and for a key that does not exist: no lock.
        if (!head.isString() || head.text().empty())
            return drop();
        if (job.guessed) {
            m_shapes.learn(name, RawKey::Type::String);
            ++pass.strings;
        }
        key.type = RawKey::Type::String;
        if (!wanted(key.type))
            return drop();
        key.value = head.text();
        key.size = static_cast<long long>(key.value.size());
        key.truncated = key.value.size() >= m_limits.maxStringBytes;
        if (key.truncated)
            next.push_back({i, Step::StringLength, false});
        return Done {};
    case Step::HashPage: {
        key.type = RawKey::Type::Hash;
        auto cursor = appendHashPage(head, key, static_cast<size_t>(m_limits.maxHashFields));
        // An empty first page: the key does not exist (a hash is never empty).
        if (!cursor || (*cursor == "0" && key.fields.empty()))
            return drop();
        if (job.guessed)
            m_shapes.learn(name, RawKey::Type::Hash);
        if (!wanted(key.type))
            return drop();
        key.size = static_cast<long long>(key.fields.size());
        if (*cursor != "0" || key.truncated) {
            bool valid = true;
            auto more = continueLargeHash(key, name, *cursor, valid);
            if (!more)
                return more;
            pass.alive[i] = valid;
        }
        return Done {};
    }
    case Step::ListHead: {
        const RedisReply& range = replies[1];
        if (!range.isArray())
            return drop();
        key.size = head.isInteger() ? head.integer() : 0;
        for (const auto& item : range.elements()) {
            if (item.isString())
                key.items.push_back(item.text());
        }
        key.truncated = key.size > static_cast<long long>(key.items.size());
        break;
    }
    case Step::ZSetHead: {
        const RedisReply& range = replies[1];
        if (!range.isArray() || range.size() % 2 != 0)
            return drop();
        key.size = head.isInteger() ? head.integer() : 0;
        for (size_t m = 0; m + 1 < range.size(); m += 2) {
            auto score = parseScore(range.at(m + 1));
            if (range.at(m).isString() && score)
                key.members.emplace_back(range.at(m).text(), *score);
        }
        key.truncated = key.size > static_cast<long long>(key.members.size());
        break;
    }
    case Step::SetHead: {
        // Sets are read as items, like lists: a sample of distinct members, no order.
        const RedisReply& sample = replies[1];
        if (!sample.isArray())
            return drop();
        key.size = head.isInteger() ? head.integer() : 0;
        for (const auto& member : sample.elements()) {
            if (member.isString())
                key.items.push_back(member.text());
        }
        key.truncated = key.size > static_cast<long long>(key.items.size());
        break;
    }
    case Step::StringLength:
        if (head.isInteger())
            key.size = head.integer();
        return Done {};
    }
    // A collection that vanished between the rounds reads as empty: nothing to show.
    if (key.size == 0)
        return drop();
    return Done {};
}

Status BoundedKeyReader::continueLargeHash(
    RawKey& key, const std::string& name, std::string cursor, bool& valid)
{
    // HSCAN pages are bounded by COUNT (a hint, but Redis keeps close to it for hashtables), so a
    // hash with a million fields costs a few small round trips, not one huge reply.
    const size_t cap = static_cast<size_t>(m_limits.maxHashFields);
    while (cursor != "0" && key.fields.size() < cap) {
        auto page = m_connection.command({"HSCAN", name, cursor, "COUNT", "200"});
        if (!page) {
            if (page.error().kind == ErrorKind::ServerError) { // WRONGTYPE: it changed
                valid = false;
                return Done {};
            }
            return page.error();
        }
        auto more = appendHashPage(*page, key, cap);
        if (!more) {
            valid = false;
            return Done {};
        }
        cursor = *more;
    }
    if (cursor == "0" && !key.truncated) {
        key.size = static_cast<long long>(key.fields.size());
        return Done {};
    }
    key.truncated = true;
    auto length = m_connection.command({"HLEN", name});
    if (!length)
        return length.error().kind == ErrorKind::ServerError ? Status(Done {}) : Status(length.error());
    key.size = length->isInteger() ? length->integer() : key.size;
    valid = !key.fields.empty();
    return Done {};
}

Status BoundedKeyReader::readTtls(std::vector<RawKey>& keys)
{
    std::vector<std::string> names;
    names.reserve(keys.size());
    for (const auto& key : keys)
        names.push_back(key.name);
    auto pttls = readTtls(names);
    if (!pttls)
        return pttls.error();
    std::vector<RawKey> kept;
    kept.reserve(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) {
        if ((*pttls)[i] == -2)
            continue; // expired since it was read
        keys[i].pttl = (*pttls)[i];
        kept.push_back(std::move(keys[i]));
    }
    keys = std::move(kept);
    return Done {};
}

Result<std::vector<long long>> BoundedKeyReader::readTtls(const std::vector<std::string>& names)
{
    m_commands.resize(names.size());
    for (size_t i = 0; i < names.size(); ++i)
        assign(m_commands[i], {"PTTL", names[i]});
    auto replies = run(m_commands);
    if (!replies)
        return replies.error();
    std::vector<long long> pttls(names.size(), -2);
    for (size_t i = 0; i < names.size(); ++i) {
        const RedisReply& pttl = (*replies)[i];
        if (pttl.isInteger() && pttl.integer() != -2)
            pttls[i] = pttl.integer() < 0 ? -1 : pttl.integer();
    }
    return pttls;
}

} // namespace lockscope
