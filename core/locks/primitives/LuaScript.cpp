#include "locks/primitives/LuaScript.h"

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

RedisCommand scriptCommand(std::string_view verb, std::string_view script, std::vector<std::string> keys,
    std::vector<std::string> args)
{
    RedisCommand command;
    command.reserve(3 + keys.size() + args.size());
    command.emplace_back(verb);
    command.emplace_back(script);
    command.push_back(std::to_string(keys.size()));
    for (auto& key : keys)
        command.push_back(std::move(key));
    for (auto& arg : args)
        command.push_back(std::move(arg));
    return command;
}
} // namespace

LuaScript::LuaScript(std::string source)
    : m_source(std::move(source))
    , m_sha1(sha1Hex(m_source))
{
}

Result<RedisReply> LuaScript::run(
    RedisConnection& connection, std::vector<std::string> keys, std::vector<std::string> args) const
{
    return runPrepared(connection, scriptCommand("EVALSHA", m_sha1, std::move(keys), std::move(args)));
}

RedisCommand LuaScript::prepare(std::vector<std::string> keys, std::vector<std::string> args) const
{
    return scriptCommand("EVALSHA", m_sha1, std::move(keys), std::move(args));
}

Result<RedisReply> LuaScript::runPrepared(RedisConnection& connection, const RedisCommand& prepared) const
{
    if (!m_sha1.empty()) {
        auto reply = connection.command(prepared);
        if (reply || !isNoScript(reply.error().message))
            return reply;
    }
    RedisCommand full = prepared;
    full[0] = "EVAL";
    full[1] = m_source;
    return connection.command(full);
}

RedisCommand LuaScript::eval(
    std::string_view source, const std::vector<std::string>& keys, const std::vector<std::string>& args)
{
    return scriptCommand("EVAL", source, keys, args);
}

} // namespace lockscope
