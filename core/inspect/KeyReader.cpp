#include "inspect/KeyReader.h"

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

KeyReader::KeyReader(RedisConnection& connection, ReadLimits limits)
    : m_connection(connection)
    , m_limits(limits)
{
}

Result<std::vector<RedisReply>> KeyReader::run(const std::vector<RedisCommand>& commands)
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

RawKey KeyReader::stringKey(const std::string& name, const RedisReply& prefix) const
{
    RawKey key;
    key.name = name;
    key.type = RawKey::Type::String;
    key.value = prefix.text();
    key.size = static_cast<long long>(key.value.size());
    key.truncated = key.value.size() >= m_limits.maxStringBytes;
    return key;
}

Result<std::vector<RawKey>> KeyReader::read(
    const std::vector<std::string>& names, bool withTtl, const ContentFilter& wantContents)
{
    std::vector<RawKey> keys;
    if (names.empty())
        return keys;
    keys.reserve(names.size() / 4);
    // Which round comes first follows the mix seen so far: where most keys are strings (the
    // usual cache), GETRANGE first reads a string in one command and costs the others a
    // WRONGTYPE and a TYPE; where most are not, TYPE first costs every string a GETRANGE.
    const bool typeFirst = m_keysSeen > 0 && 2 * m_stringsSeen < m_keysSeen;
    const std::string lastByte = std::to_string(m_limits.maxStringBytes - 1);
    std::vector<RedisCommand> round;
    round.reserve(names.size());
    std::vector<const std::string*> others; // not strings (or not known yet): need a TYPE
    long long strings = 0;
    if (typeFirst) {
        others.reserve(names.size());
        for (const auto& name : names)
            others.push_back(&name);
    } else {
        // Round 1: GETRANGE alone. Strings are done with this one command; any other type
        // answers WRONGTYPE and gets a TYPE in round 2.
        for (const auto& name : names)
            round.push_back({"GETRANGE", name, "0", lastByte});
        auto prefixes = run(round);
        if (!prefixes)
            return prefixes.error();
        for (size_t i = 0; i < names.size(); ++i) {
            const RedisReply& prefix = prefixes->at(i);
            if (prefix.isError()) {
                others.push_back(&names[i]);
                continue;
            }
            ++strings;
            // An empty string, or a key that does not exist (GETRANGE answers "" for both): no lock.
            if (!prefix.isString() || prefix.text().empty())
                continue;
            if (wantContents && !wantContents(names[i], RawKey::Type::String))
                continue;
            keys.push_back(stringKey(names[i], prefix));
        }
        round.clear();
    }
    for (const auto* name : others)
        round.push_back({"TYPE", *name});
    auto types = run(round);
    if (!types)
        return types.error();
    std::vector<const std::string*> typedStrings; // type-first: strings still to read
    for (size_t i = 0; i < others.size(); ++i) {
        const RedisReply& type = types->at(i);
        if (!type.isStatus() || type.text() == "none")
            continue; // gone
        if (type.text() == "string") {
            ++strings;
            if (typeFirst && (!wantContents || wantContents(*others[i], RawKey::Type::String)))
                typedStrings.push_back(others[i]);
            continue; // GETRANGE first: it changed type between the rounds
        }
        RawKey key;
        key.type = typeFromName(type.text());
        if (wantContents && !wantContents(*others[i], key.type))
            continue;
        key.name = *others[i];
        keys.push_back(std::move(key));
    }
    if (!typedStrings.empty()) {
        round.clear();
        for (const auto* name : typedStrings)
            round.push_back({"GETRANGE", *name, "0", lastByte});
        auto prefixes = run(round);
        if (!prefixes)
            return prefixes.error();
        for (size_t i = 0; i < typedStrings.size(); ++i) {
            const RedisReply& prefix = prefixes->at(i);
            // WRONGTYPE: it changed type since TYPE; empty: gone or empty. No row either way.
            if (prefix.isString() && !prefix.text().empty())
                keys.push_back(stringKey(*typedStrings[i], prefix));
        }
    }
    m_keysSeen += static_cast<long long>(names.size());
    m_stringsSeen += strings;

    std::vector<bool> valid(keys.size(), true);
    auto collections = readCollections(keys, valid);
    if (!collections)
        return collections.error();
    std::vector<RawKey> kept;
    kept.reserve(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) {
        if (valid[i])
            kept.push_back(std::move(keys[i]));
    }
    if (withTtl) {
        auto ttls = readTtls(kept);
        if (!ttls)
            return ttls.error();
    }
    return kept;
}

Status KeyReader::readCollections(std::vector<RawKey>& keys, std::vector<bool>& valid)
{
    // One or two commands per key that needs a second round; `replyStart` says where its replies
    // start (the second, if any, follows).
    std::vector<RedisCommand> round;
    std::vector<size_t> index;
    std::vector<size_t> replyStart;
    const std::string hashCount = std::to_string(m_limits.maxHashFields);
    for (size_t i = 0; i < keys.size(); ++i) {
        const RawKey& key = keys[i];
        const size_t at = round.size();
        switch (key.type) {
        case RawKey::Type::String:
            if (!key.truncated)
                continue;
            round.push_back({"STRLEN", key.name});
            break;
        case RawKey::Type::Hash:
            round.push_back({"HSCAN", key.name, "0", "COUNT", hashCount});
            break;
        case RawKey::Type::List:
            round.push_back({"LLEN", key.name});
            round.push_back({"LRANGE", key.name, "0", std::to_string(m_limits.maxListItems - 1)});
            break;
        case RawKey::Type::ZSet:
            round.push_back({"ZCARD", key.name});
            round.push_back(
                {"ZRANGE", key.name, "0", std::to_string(m_limits.maxZSetMembers - 1), "WITHSCORES"});
            break;
        case RawKey::Type::Set:
            round.push_back({"SCARD", key.name});
            break;
        case RawKey::Type::Other:
            continue;
        }
        index.push_back(i);
        replyStart.push_back(at);
    }
    auto replies = run(round);
    if (!replies)
        return replies.error();
    static const RedisReply none;
    for (size_t n = 0; n < index.size(); ++n) {
        const size_t i = index[n];
        RawKey& key = keys[i];
        const size_t next = n + 1 < replyStart.size() ? replyStart[n + 1] : replies->size();
        const RedisReply& head = replies->at(replyStart[n]);
        const RedisReply& second = next - replyStart[n] > 1 ? replies->at(replyStart[n] + 1) : none;
        // WRONGTYPE (the key changed type since TYPE) or any other error: drop the key.
        if (head.isError() || second.isError()) {
            valid[i] = false;
            continue;
        }
        switch (key.type) {
        case RawKey::Type::String:
            if (head.isInteger())
                key.size = head.integer();
            break;
        case RawKey::Type::Hash: {
            auto cursor = appendHashPage(head, key, static_cast<size_t>(m_limits.maxHashFields));
            if (!cursor) {
                valid[i] = false;
                break;
            }
            key.size = static_cast<long long>(key.fields.size());
            if (*cursor != "0" || key.truncated) {
                bool stillValid = true;
                auto more = continueLargeHash(key, *cursor, stillValid);
                if (!more)
                    return more;
                valid[i] = stillValid;
            }
            break;
        }
        case RawKey::Type::List:
            if (!second.isArray()) {
                valid[i] = false;
                break;
            }
            key.size = head.isInteger() ? head.integer() : 0;
            for (const auto& item : second.elements()) {
                if (item.isString())
                    key.items.push_back(item.text());
            }
            key.truncated = key.size > static_cast<long long>(key.items.size());
            break;
        case RawKey::Type::ZSet:
            if (!second.isArray() || second.size() % 2 != 0) {
                valid[i] = false;
                break;
            }
            key.size = head.isInteger() ? head.integer() : 0;
            for (size_t m = 0; m + 1 < second.size(); m += 2) {
                auto score = parseScore(second.at(m + 1));
                if (second.at(m).isString() && score)
                    key.members.emplace_back(second.at(m).text(), *score);
            }
            key.truncated = key.size > static_cast<long long>(key.members.size());
            break;
        case RawKey::Type::Set:
            key.size = head.isInteger() ? head.integer() : 0;
            break;
        case RawKey::Type::Other:
            break;
        }
        // A collection that vanished between the rounds reads as empty: nothing to show.
        if (key.size == 0)
            valid[i] = false;
    }
    return Done {};
}

Status KeyReader::continueLargeHash(RawKey& key, std::string cursor, bool& valid)
{
    // HSCAN pages are bounded by COUNT (a hint, but Redis keeps close to it for hashtables), so a
    // hash with a million fields costs a few small round trips, not one huge reply.
    const size_t cap = static_cast<size_t>(m_limits.maxHashFields);
    while (cursor != "0" && key.fields.size() < cap) {
        auto page = m_connection.command({"HSCAN", key.name, cursor, "COUNT", "200"});
        if (!page) {
            if (page.error().kind == ErrorKind::ServerError) { // WRONGTYPE: it changed
                valid = false;
                return Done {};
            }
            return page.error();
        }
        auto next = appendHashPage(*page, key, cap);
        if (!next) {
            valid = false;
            return Done {};
        }
        cursor = *next;
    }
    if (cursor == "0" && !key.truncated) {
        key.size = static_cast<long long>(key.fields.size());
        return Done {};
    }
    key.truncated = true;
    auto length = m_connection.command({"HLEN", key.name});
    if (!length)
        return length.error().kind == ErrorKind::ServerError ? Status(Done {}) : Status(length.error());
    key.size = length->isInteger() ? length->integer() : key.size;
    valid = !key.fields.empty();
    return Done {};
}

Status KeyReader::readTtls(std::vector<RawKey>& keys)
{
    std::vector<RedisCommand> round;
    round.reserve(keys.size());
    for (const auto& key : keys)
        round.push_back({"PTTL", key.name});
    auto replies = run(round);
    if (!replies)
        return replies.error();
    std::vector<RawKey> kept;
    kept.reserve(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) {
        const RedisReply& pttl = replies->at(i);
        if (!pttl.isInteger() || pttl.integer() == -2)
            continue; // expired since it was read
        keys[i].pttl = pttl.integer() < 0 ? -1 : pttl.integer();
        kept.push_back(std::move(keys[i]));
    }
    keys = std::move(kept);
    return Done {};
}

} // namespace lockscope
