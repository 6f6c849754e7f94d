#pragma once

#include "common/Result.h"
#include "redis/CommandPolicy.h"
#include "redis/ConnectionOptions.h"
#include "redis/RedisReply.h"
#include "redis/ReplyReader.h"
#include "redis/Transport.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace lockscope {

// One connection to one Redis server (standalone, a cluster node, a sentinel, or the master a
// sentinel names). Not thread-safe: one connection per thread.
//
// - command(): one round trip; a server error reply comes back as a RedisError.
// - pipeline(): N commands, N replies in order; error replies stay replies.
// - send()/readReply(): the raw halves, for subscriptions on a dedicated connection.
// - readOnly: any command that can write is refused before it is sent.
// - after the server goes away, the next call reconnects with exponential backoff (within
//   options.reconnect.budget) and replays AUTH, CLIENT SETNAME and SELECT. A command that was
//   already sent when the connection broke is not repeated, except read-only ones.
class RedisConnection
{
public:
    static Result<std::unique_ptr<RedisConnection>> connect(const ConnectionOptions& options);
    ~RedisConnection();

    Result<RedisReply> command(
        const RedisCommand& args, std::optional<std::chrono::milliseconds> timeout = {});
    Result<std::vector<RedisReply>> pipeline(const std::vector<RedisCommand>& commands);
    // The same into `replies` (cleared first), for a caller that sends one batch again and
    // again and keeps its vector.
    Status pipeline(const std::vector<RedisCommand>& commands, std::vector<RedisReply>& replies);

    Status send(const RedisCommand& args);
    // Waits for the next reply or pushed message; Timeout leaves the connection usable.
    Result<RedisReply> readReply(std::optional<std::chrono::milliseconds> timeout);

    bool isConnected() const { return m_transport != nullptr; }
    // Reconnects now if the connection is down (within the reconnect budget).
    Status ensureConnected();
    void disconnect();
    // How many times this connection was re-established after losing the server.
    int reconnectCount() const { return m_reconnects; }

    const ConnectionOptions& options() const { return m_options; }
    // Where this connection actually goes (for a sentinel-resolved master, the master).
    std::string endpoint() const;

    // Connects to an explicit host and port with the credentials and TLS settings of `options`
    // (used for cluster nodes and resolved masters).
    static Result<std::unique_ptr<RedisConnection>> connectTo(
        const ConnectionOptions& options, const HostPort& node);

private:
    explicit RedisConnection(ConnectionOptions options);
    Status open();
    Status handshake(Deadline deadline);
    Status refuseIfWriting(const RedisCommand& args) const;
    Status writeCommands(std::span<const RedisCommand> commands, Deadline deadline);
    void releaseLargeWriteBuffer();
    Result<RedisReply> receive(Deadline deadline);
    Result<RedisReply> roundTrip(const RedisCommand& args, std::chrono::milliseconds timeout);
    void markBroken();

    ConnectionOptions m_options;
    std::unique_ptr<Transport> m_transport;
    ReplyReader m_reader;
    std::vector<char> m_readBuffer;
    std::string m_writeBuffer;
    std::chrono::milliseconds m_nextDelay {};
    Clock::time_point m_lastReplyAt {}; // see ensureConnected()
    int m_reconnects = 0;
    bool m_everConnected = false;
};

} // namespace lockscope
