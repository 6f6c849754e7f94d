#include "inspect/ClientList.h"

#include <algorithm>
#include <array>
#include <string>

namespace lockscope {

namespace {

std::optional<long long> number(std::string_view text)
{
    if (text.empty() || text.size() > 18)
        return std::nullopt;
    long long value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

bool isKey(std::string_view key)
{
    return !key.empty() && key.size() <= 32 && std::all_of(key.begin(), key.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
}

// One line into `client`; false if the line is not exactly key=value fields.
bool parseLine(std::string_view line, const ClientList::Limits& limits, ServerClient& client)
{
    // Keys are few (about 30): a small list is faster than a set and bounds the line too.
    std::array<std::string_view, 64> seen {};
    size_t seenCount = 0;
    bool haveId = false;
    size_t start = 0;
    while (start <= line.size()) {
        size_t end = line.find(' ', start);
        if (end == std::string_view::npos)
            end = line.size();
        const std::string_view field = line.substr(start, end - start);
        start = end + 1;
        const size_t equals = field.find('=');
        if (equals == std::string_view::npos)
            return false;
        const std::string_view key = field.substr(0, equals);
        const std::string_view value = field.substr(equals + 1);
        if (!isKey(key) || value.size() > limits.maxValueBytes || seenCount == seen.size())
            return false;
        if (std::find(seen.begin(), seen.begin() + seenCount, key) != seen.begin() + seenCount)
            return false;
        seen[seenCount++] = key;
        auto text = [&](std::string& into) { into.assign(value); };
        auto count = [&](long long& into) {
            const auto parsed = number(value);
            into = parsed.value_or(0);
            return parsed.has_value();
        };
        if (key == "id") {
            if (!count(client.id))
                return false;
            haveId = true;
        } else if (key == "addr") {
            text(client.addr);
        } else if (key == "laddr") {
            text(client.laddr);
        } else if (key == "name") {
            text(client.name);
        } else if (key == "user") {
            text(client.user);
        } else if (key == "lib-name") {
            text(client.libName);
        } else if (key == "lib-ver") {
            text(client.libVer);
        } else if (key == "age") {
            count(client.ageSeconds);
        } else if (key == "idle") {
            count(client.idleSeconds);
        } else if (key == "flags") {
            text(client.flags);
        } else if (key == "cmd") {
            text(client.cmd);
        } else if (key == "sub") {
            count(client.subscriptions);
        }
        if (end == line.size())
            break;
    }
    return haveId;
}

} // namespace

ClientList ClientList::parse(std::string_view reply)
{
    return parse(reply, Limits {});
}

ClientList ClientList::parse(std::string_view reply, const Limits& limits)
{
    ClientList list;
    if (reply.size() > limits.maxBytes) {
        // Cut at the last whole line within the limit.
        const size_t lastNewline = reply.rfind('\n', limits.maxBytes);
        reply = reply.substr(0, lastNewline == std::string_view::npos ? 0 : lastNewline);
        list.truncated = true;
    }
    size_t start = 0;
    while (start < reply.size()) {
        size_t end = reply.find('\n', start);
        if (end == std::string_view::npos)
            end = reply.size();
        std::string_view line = reply.substr(start, end - start);
        start = end + 1;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.empty())
            continue;
        if (list.clients.size() == limits.maxClients) {
            list.truncated = true;
            break;
        }
        ServerClient client;
        if (parseLine(line, limits, client))
            list.clients.push_back(std::move(client));
        else
            ++list.skippedLines;
    }
    return list;
}

const ServerClient* ClientList::byAddress(std::string_view addr) const
{
    if (addr.empty())
        return nullptr;
    const auto found = std::find_if(
        clients.begin(), clients.end(), [&](const ServerClient& client) { return client.addr == addr; });
    return found == clients.end() ? nullptr : &*found;
}

} // namespace lockscope
