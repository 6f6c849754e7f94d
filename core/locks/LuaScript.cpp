#include "locks/LuaScript.h"

#include <openssl/evp.h>

#include <array>

namespace lockscope {

namespace {
std::string sha1Hex(const std::string& text)
{
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest {};
    unsigned int length = 0;
    if (EVP_Digest(text.data(), text.size(), digest.data(), &length, EVP_sha1(), nullptr) != 1)
        return {}; // an empty SHA never matches: every call then falls back to EVAL
    static const char hex[] = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < length; ++i) {
        out += hex[digest[i] >> 4];
        out += hex[digest[i] & 0xf];
    }
    return out;
}

RedisCommand scriptCommand(std::string_view verb, std::string_view script,
    const std::vector<std::string>& keys, const std::vector<std::string>& args)
{
    RedisCommand command;
    command.reserve(3 + keys.size() + args.size());
    command.emplace_back(verb);
    command.emplace_back(script);
    command.push_back(std::to_string(keys.size()));
    command.insert(command.end(), keys.begin(), keys.end());
    command.insert(command.end(), args.begin(), args.end());
    return command;
}
} // namespace

LuaScript::LuaScript(std::string source)
    : m_source(std::move(source))
    , m_sha1(sha1Hex(m_source))
{
}

Result<RedisReply> LuaScript::run(RedisConnection& connection, const std::vector<std::string>& keys,
    const std::vector<std::string>& args) const
{
    if (!m_sha1.empty()) {
        auto reply = connection.command(scriptCommand("EVALSHA", m_sha1, keys, args));
        if (reply || reply.error().message.rfind("NOSCRIPT", 0) != 0)
            return reply;
    }
    return connection.command(scriptCommand("EVAL", m_source, keys, args));
}

RedisCommand LuaScript::eval(
    std::string_view source, const std::vector<std::string>& keys, const std::vector<std::string>& args)
{
    return scriptCommand("EVAL", source, keys, args);
}

} // namespace lockscope
