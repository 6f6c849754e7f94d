#include "RawTokenClient.h"

#include "locks/TokenLock.h"
#include "locks/primitives/FencingCounter.h"
#include "redis/RedisConnection.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <vector>

using namespace lockscope;

std::optional<RawCycles> runRawTokenCycles(int port, bool fenced, std::chrono::milliseconds duration)
{
    ConnectionOptions options;
    options.host = "127.0.0.1";
    options.port = port;
    auto admin = RedisConnection::connect(options);
    if (!admin || !(*admin)->command({"SCRIPT", "LOAD", TokenLock::releaseScript().source()}))
        return std::nullopt;
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return std::nullopt;
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        ::close(fd);
        return std::nullopt;
    }
    auto encode = [](const std::vector<std::string>& args) {
        std::string out = "*" + std::to_string(args.size()) + "\r\n";
        for (const auto& arg : args)
            out += "$" + std::to_string(arg.size()) + "\r\n" + arg + "\r\n";
        return out;
    };
    const std::string name = "bench:raw:token", token = "0123456789abcdef0123456789abcdef";
    const std::string set = encode({"SET", name, token, "NX", "PX", "30000"});
    const std::string acquire = fenced
        ? encode({"MULTI"}) + set + encode({"INCR", FencingCounter::keyFor(name)}) + encode({"EXEC"})
        : set;
    // +OK +QUEUED +QUEUED *2 +OK :<fence>, or +OK alone.
    const int acquireLines = fenced ? 6 : 1;
    const char* acquired = fenced ? "*2\r\n+OK\r\n:" : "+OK\r\n";
    const std::string release = encode({"EVALSHA", TokenLock::releaseScript().sha1(), "1", name, token});
    // Sends one request and reads until its reply has `lines` CRLFs; false on any surprise.
    char buffer[4096];
    auto exchange = [&](const std::string& request, int lines, const char* mustContain) {
        if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size()))
            return false;
        size_t got = 0;
        int seen = 0;
        while (seen < lines) {
            const ssize_t n = ::recv(fd, buffer + got, sizeof buffer - got - 1, 0);
            if (n <= 0)
                return false;
            for (ssize_t i = 0; i < n; ++i)
                seen += buffer[got + static_cast<size_t>(i)] == '\n';
            got += static_cast<size_t>(n);
        }
        buffer[got] = 0;
        return std::strstr(buffer, mustContain) != nullptr;
    };
    RawCycles result;
    const auto started = std::chrono::steady_clock::now();
    const auto until = started + duration;
    bool ok = true;
    while (ok && std::chrono::steady_clock::now() < until) {
        ok = exchange(acquire, acquireLines, acquired) && exchange(release, 1, ":1\r\n");
        result.cycles += ok ? 1 : 0;
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    ::close(fd);
    if (!ok)
        return std::nullopt;
    return result;
}
