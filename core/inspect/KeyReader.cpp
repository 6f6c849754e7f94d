#include "inspect/KeyReader.h"

#include <charconv>
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
    // strtod needs a terminated string; scores are short.
    std::string copy(*text);
    char* end = nullptr;
    double score = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size())
        return std::nullopt;
    return score;
}

// Reads flat [field, value, field, value, ...] arrays (HGETALL, HSCAN pages).
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

} // namespace

KeyReader::KeyReader(RedisConnection& connection, ReadLimits limits)
    : m_connection(connection)
    , m_limits(limits)
{
}

Result<std::vector<RedisReply>> KeyReader::run(const std::vector<RedisCommand>& commands)
{
    std::vector<RedisReply> replies;
    replies.reserve(commands.size());
    const size_t chunk = std::max<size_t>(1, m_limits.commandsPerPipeline);
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

Result<std::vector<RawKey>> KeyReader::read(const std::vector<std::string>& names)
{
    std::vector<RawKey> keys;
    if (names.empty())
        return keys;
    std::vector<RedisCommand> round;
    round.reserve(names.size() * 2);
    for (const auto& name : names) {
        round.push_back({"TYPE", name});
        round.push_back({"PTTL", name});
    }
    auto replies = run(round);
    if (!replies)
        return replies.error();
    std::vector<bool> valid;
    for (size_t i = 0; i < names.size(); ++i) {
        const RedisReply& type = replies->at(2 * i);
        const RedisReply& pttl = replies->at(2 * i + 1);
        if (!type.isStatus() || type.text() == "none" || !pttl.isInteger() || pttl.integer() == -2)
            continue; // gone already
        RawKey key;
        key.name = names[i];
        key.type = typeFromName(type.text());
        key.pttl = pttl.integer() < 0 ? -1 : pttl.integer();
        keys.push_back(std::move(key));
        valid.push_back(true);
    }
    auto sized = readSizesAndValues(keys, valid);
    if (!sized)
        return sized.error();
    auto hashed = readHashes(keys, valid);
    if (!hashed)
        return hashed.error();
    std::vector<RawKey> kept;
    kept.reserve(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) {
        if (valid[i])
            kept.push_back(std::move(keys[i]));
    }
    return kept;
}

Status KeyReader::readSizesAndValues(std::vector<RawKey>& keys, std::vector<bool>& valid)
{
    // Two commands per key so that replies stay aligned; types without contents to read get
    // a harmless second command.
    std::vector<RedisCommand> round;
    round.reserve(keys.size() * 2);
    for (const auto& key : keys) {
        switch (key.type) {
        case RawKey::Type::String:
            round.push_back({"STRLEN", key.name});
            round.push_back({"GETRANGE", key.name, "0", std::to_string(m_limits.maxStringBytes - 1)});
            break;
        case RawKey::Type::Hash:
            round.push_back({"HLEN", key.name});
            round.push_back({"TYPE", key.name});
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
            round.push_back({"TYPE", key.name});
            break;
        case RawKey::Type::Other:
            round.push_back({"TYPE", key.name});
            round.push_back({"TYPE", key.name});
            break;
        }
    }
    auto replies = run(round);
    if (!replies)
        return replies.error();
    for (size_t i = 0; i < keys.size(); ++i) {
        RawKey& key = keys[i];
        const RedisReply& size = replies->at(2 * i);
        const RedisReply& body = replies->at(2 * i + 1);
        // WRONGTYPE (the key changed type since TYPE) or any other error: drop the key.
        if (size.isError() || body.isError()) {
            valid[i] = false;
            continue;
        }
        if (size.isInteger())
            key.size = size.integer();
        switch (key.type) {
        case RawKey::Type::String:
            if (!body.isString()) {
                valid[i] = false;
                break;
            }
            key.value = body.text();
            key.truncated = key.size > static_cast<long long>(key.value.size());
            break;
        case RawKey::Type::List:
            if (!body.isArray()) {
                valid[i] = false;
                break;
            }
            for (const auto& item : body.elements()) {
                if (item.isString())
                    key.items.push_back(item.text());
            }
            key.truncated = key.size > static_cast<long long>(key.items.size());
            break;
        case RawKey::Type::ZSet:
            if (!body.isArray() || body.size() % 2 != 0) {
                valid[i] = false;
                break;
            }
            for (size_t m = 0; m + 1 < body.size(); m += 2) {
                auto score = parseScore(body.at(m + 1));
                if (body.at(m).isString() && score)
                    key.members.emplace_back(body.at(m).text(), *score);
            }
            key.truncated = key.size > static_cast<long long>(key.members.size());
            break;
        default:
            break;
        }
        // A key that vanished between the rounds reads as empty: nothing to show.
        if (key.size == 0 && key.type != RawKey::Type::Other)
            valid[i] = false;
    }
    return Done {};
}

Status KeyReader::readHashes(std::vector<RawKey>& keys, std::vector<bool>& valid)
{
    std::vector<RedisCommand> small;
    std::vector<size_t> smallIndex;
    for (size_t i = 0; i < keys.size(); ++i) {
        if (!valid[i] || keys[i].type != RawKey::Type::Hash)
            continue;
        if (keys[i].size <= m_limits.maxHashFields) {
            small.push_back({"HGETALL", keys[i].name});
            smallIndex.push_back(i);
        } else {
            bool stillValid = true;
            auto scanned = scanLargeHash(keys[i], stillValid);
            if (!scanned)
                return scanned;
            valid[i] = stillValid;
        }
    }
    auto replies = run(small);
    if (!replies)
        return replies.error();
    for (size_t n = 0; n < smallIndex.size(); ++n) {
        RawKey& key = keys[smallIndex[n]];
        const RedisReply& reply = replies->at(n);
        const size_t cap = static_cast<size_t>(m_limits.maxHashFields);
        if (reply.isError() || !appendPairs(reply, key.fields, cap) || key.fields.empty()) {
            valid[smallIndex[n]] = false;
            continue;
        }
        key.truncated = reply.size() / 2 > key.fields.size();
    }
    return Done {};
}

Status KeyReader::scanLargeHash(RawKey& key, bool& valid)
{
    // HSCAN pages are bounded by COUNT (a hint, but Redis keeps close to it for hashtables),
    // so a hash with a million fields costs a few small round trips, not one huge reply.
    const size_t cap = static_cast<size_t>(m_limits.maxHashFields);
    std::string cursor = "0";
    do {
        auto page = m_connection.command({"HSCAN", key.name, cursor, "COUNT", "200"});
        if (!page) {
            if (page.error().kind == ErrorKind::ServerError) { // WRONGTYPE: it changed
                valid = false;
                return Done {};
            }
            return page.error();
        }
        if (!page->isArray() || page->size() != 2 || !page->at(0).isString()
            || !appendPairs(page->at(1), key.fields, cap)) {
            valid = false;
            return Done {};
        }
        cursor = page->at(0).text();
    } while (cursor != "0" && key.fields.size() < cap);
    key.truncated = true;
    valid = !key.fields.empty();
    return Done {};
}

} // namespace lockscope
