#include "identity/MonitorLine.h"

#include <algorithm>

namespace lockscope {

namespace {

bool allDigits(std::string_view text)
{
    return !text.empty()
        && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

char lowerHexDigit(unsigned value)
{
    return "0123456789abcdef"[value & 0xf];
}

int lowerHex(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

// One quoted argument at the start of `rest`; advances `rest` past its closing quote.
std::optional<std::string> quoted(std::string_view& rest)
{
    if (rest.empty() || rest.front() != '"')
        return std::nullopt;
    std::string value;
    size_t i = 1;
    while (i < rest.size()) {
        const char c = rest[i];
        if (c == '"') {
            rest.remove_prefix(i + 1);
            return value;
        }
        if (c != '\\') {
            if (c < 0x20 || c > 0x7e)
                return std::nullopt; // the server escapes every byte that is not printable
            value.push_back(c);
            ++i;
            continue;
        }
        if (i + 1 >= rest.size())
            return std::nullopt;
        switch (rest[i + 1]) {
        case '\\':
            value.push_back('\\');
            break;
        case '"':
            value.push_back('"');
            break;
        case 'n':
            value.push_back('\n');
            break;
        case 'r':
            value.push_back('\r');
            break;
        case 't':
            value.push_back('\t');
            break;
        case 'a':
            value.push_back('\a');
            break;
        case 'b':
            value.push_back('\b');
            break;
        case 'x': {
            if (i + 3 >= rest.size())
                return std::nullopt;
            const int high = lowerHex(rest[i + 2]);
            const int low = lowerHex(rest[i + 3]);
            if (high < 0 || low < 0)
                return std::nullopt;
            const char byte = static_cast<char>(high * 16 + low);
            // A byte the server writes as itself or as a short escape is never written as \xHH.
            const auto u = static_cast<unsigned char>(byte);
            if ((u >= 0x20 && u <= 0x7e) || byte == '\n' || byte == '\r' || byte == '\t' || byte == '\a'
                || byte == '\b')
                return std::nullopt;
            value.push_back(byte);
            i += 2;
            break;
        }
        default:
            return std::nullopt;
        }
        i += 2;
    }
    return std::nullopt; // no closing quote: the line was cut
}

void appendQuoted(std::string& out, std::string_view bytes)
{
    out.push_back('"');
    for (char c : bytes) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '"':
            out += "\\\"";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\a':
            out += "\\a";
            break;
        case '\b':
            out += "\\b";
            break;
        default: {
            const auto u = static_cast<unsigned char>(c);
            if (u >= 0x20 && u <= 0x7e) {
                out.push_back(c);
            } else {
                out += "\\x";
                out.push_back(lowerHexDigit(u >> 4));
                out.push_back(lowerHexDigit(u & 0xf));
            }
        }
        }
    }
    out.push_back('"');
}

bool isClient(std::string_view client)
{
    if (client.empty() || client.size() > 300)
        return false;
    return std::all_of(client.begin(), client.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u > 0x20 && u < 0x7f;
    });
}

} // namespace

std::optional<MonitorLine> MonitorLine::parse(std::string_view line)
{
    MonitorLine parsed;
    const size_t dot = line.find('.');
    if (dot == std::string_view::npos || dot > 12 || !allDigits(line.substr(0, dot)))
        return std::nullopt;
    parsed.seconds = std::string(line.substr(0, dot));
    if (line.size() < dot + 8 || !allDigits(line.substr(dot + 1, 6)) || line.substr(dot + 7, 2) != " [")
        return std::nullopt;
    parsed.micros = std::string(line.substr(dot + 1, 6));
    std::string_view rest = line.substr(dot + 9);
    const size_t space = rest.find(' ');
    if (space == std::string_view::npos || space > 9 || !allDigits(rest.substr(0, space)))
        return std::nullopt;
    parsed.db = std::stoll(std::string(rest.substr(0, space)));
    rest.remove_prefix(space + 1);
    // The client ends at the first "] " (an IPv6 address holds "]:" but never "] ").
    const size_t end = rest.find("] ");
    if (end == std::string_view::npos || !isClient(rest.substr(0, end)))
        return std::nullopt;
    parsed.client = std::string(rest.substr(0, end));
    rest.remove_prefix(end + 2);
    while (true) {
        auto arg = quoted(rest);
        if (!arg)
            return std::nullopt;
        parsed.args.push_back(std::move(*arg));
        if (rest.empty())
            break;
        if (rest.front() != ' ')
            return std::nullopt;
        rest.remove_prefix(1);
    }
    // Leading zeros would not come back from format(): the server prints numbers plainly.
    if ((parsed.seconds.size() > 1 && parsed.seconds[0] == '0') || parsed.format() != line)
        return std::nullopt;
    return parsed;
}

std::string MonitorLine::format() const
{
    std::string out = seconds + "." + micros + " [" + std::to_string(db) + " " + client + "]";
    for (const auto& arg : args) {
        out.push_back(' ');
        appendQuoted(out, arg);
    }
    return out;
}

std::string_view MonitorLine::address() const
{
    if (fromScript() || client.starts_with("unix:"))
        return {};
    return client;
}

long long MonitorLine::epochMs() const
{
    long long ms = 0;
    for (char c : seconds)
        ms = ms * 10 + (c - '0');
    return ms * 1000 + (micros[0] - '0') * 100 + (micros[1] - '0') * 10 + (micros[2] - '0');
}

} // namespace lockscope
