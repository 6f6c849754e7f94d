#include "redis/RedisConnection.h"

#include "redis/SentinelResolver.h"
#include "redis/SocketTransport.h"
#include "redis/TlsTransport.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <thread>

namespace lockscope {

namespace {

constexpr size_t readChunk = 64 * 1024;
// Pipelines are written in slices so that neither side's socket buffer can fill while the
// other waits on it.
constexpr size_t pipelineSliceBytes = 256 * 1024;
constexpr size_t pipelineSliceCommands = 1024;
constexpr size_t keptWriteBufferBytes = pipelineSliceBytes + 64 * 1024;
// See ensureConnected().
constexpr auto peerProbeQuietPeriod = std::chrono::milliseconds(2);

Deadline deadlineAfter(std::chrono::milliseconds timeout)
{
    if (timeout.count() <= 0)
        return std::nullopt;
    return Clock::now() + timeout;
}

// Appends the RESP form of one command to `out`, written in place: a pipeline of thousands of
// commands must not cost allocations per command. The size is worked out first so that the
// buffer grows at most once and the bytes are copied, not appended a piece at a time.
Status appendEncoded(const RedisCommand& args, std::string& out)
{
    if (args.empty())
        return makeError(ErrorKind::Usage, "empty command");
    constexpr size_t headerRoom = 1 + 20 + 2; // kind, a 64-bit count, CRLF
    size_t room = headerRoom;
    for (const auto& arg : args)
        room += headerRoom + arg.size() + 2;
    const size_t start = out.size();
    out.resize(start + room);
    char* at = out.data() + start;
    auto header = [&at](char kind, size_t count) {
        *at++ = kind;
        at = std::to_chars(at, at + 20, count).ptr;
        *at++ = '\r';
        *at++ = '\n';
    };
    header('*', args.size());
    for (const auto& arg : args) {
        header('$', arg.size());
        if (!arg.empty())
            std::memcpy(at, arg.data(), arg.size());
        at += arg.size();
        *at++ = '\r';
        *at++ = '\n';
    }
    out.resize(static_cast<size_t>(at - out.data()));
    return Done {};
}

bool isFatalForStream(ErrorKind kind)
{
    return kind == ErrorKind::Disconnected || kind == ErrorKind::Protocol || kind == ErrorKind::ReplyTooLarge
        || kind == ErrorKind::TlsHandshake || kind == ErrorKind::Internal;
}

} // namespace

RedisConnection::RedisConnection(ConnectionOptions options)
    : m_options(std::move(options))
    , m_reader(m_options.limits)
    , m_readBuffer(readChunk)
    , m_nextDelay(m_options.reconnect.initialDelay)
{
}

RedisConnection::~RedisConnection() = default;

Result<std::unique_ptr<RedisConnection>> RedisConnection::connect(const ConnectionOptions& options)
{
    std::unique_ptr<RedisConnection> connection(new RedisConnection(options));
    auto opened = connection->open();
    if (!opened)
        return opened.error();
    return connection;
}

Result<std::unique_ptr<RedisConnection>> RedisConnection::connectTo(
    const ConnectionOptions& options, const HostPort& node)
{
    ConnectionOptions direct = options;
    direct.topology = ConnectionOptions::Topology::Standalone;
    direct.transport = ConnectionOptions::Transport::Tcp;
    direct.host = node.host;
    direct.port = node.port;
    return connect(direct);
}

std::string RedisConnection::endpoint() const
{
    if (m_options.transport == ConnectionOptions::Transport::Unix)
        return m_options.unixPath;
    return HostPort {m_options.host, m_options.port}.toString();
}

Status RedisConnection::open()
{
    m_reader.reset();
    m_transport.reset();

    if (m_options.topology == ConnectionOptions::Topology::Sentinel) {
        // A failover moves the master: every (re)connect asks the sentinels again.
        auto master = SentinelResolver::resolveMaster(m_options);
        if (!master)
            return master.error();
        m_options.host = master->host;
        m_options.port = master->port;
    }
    // Asking the sentinels has its own timeouts; the master gets the whole connect timeout.
    const Deadline deadline = deadlineAfter(m_options.connectTimeout);

    std::unique_ptr<Transport> transport;
    if (m_options.transport == ConnectionOptions::Transport::Unix) {
        auto socket = SocketTransport::connectUnix(m_options.unixPath, deadline);
        if (!socket)
            return socket.error();
        transport = std::move(socket.value());
    } else {
        auto socket = SocketTransport::connectTcp(m_options.host, m_options.port, deadline);
        if (!socket)
            return socket.error();
        if (m_options.tls.enabled) {
            auto tls
                = TlsTransport::handshake(std::move(socket.value()), m_options.tls, m_options.host, deadline);
            if (!tls)
                return tls.error();
            transport = std::move(tls.value());
        } else {
            transport = std::move(socket.value());
        }
    }
    m_transport = std::move(transport);
    auto shaken = handshake(deadline);
    if (!shaken) {
        m_transport.reset();
        return shaken.error();
    }
    m_everConnected = true;
    m_nextDelay = m_options.reconnect.initialDelay;
    return Done {};
}

Status RedisConnection::handshake(Deadline deadline)
{
    std::vector<RedisCommand> commands;
    if (m_options.hasPassword || !m_options.password.empty()) {
        if (m_options.user.empty())
            commands.push_back({"AUTH", m_options.password});
        else
            commands.push_back({"AUTH", m_options.user, m_options.password});
    } else if (!m_options.user.empty()) {
        // A user without a password: ACL users with "nopass" still need AUTH to be selected.
        commands.push_back({"AUTH", m_options.user, ""});
    }
    commands.push_back({"CLIENT", "SETNAME", "lockscope:" + m_options.clientRole});
    if (m_options.database != 0)
        commands.push_back({"SELECT", std::to_string(m_options.database)});

    auto written = writeCommands(commands, deadline);
    if (!written)
        return written.error();
    for (size_t i = 0; i < commands.size(); ++i) {
        auto reply = receive(deadline);
        if (!reply)
            return reply.error();
        if (!reply->isError())
            continue;
        RedisError error = RedisError::fromServerReply(reply->text());
        const std::string& what = commands[i][0];
        if (what == "AUTH") {
            if (error.kind == ErrorKind::ServerError)
                error.kind = ErrorKind::AuthFailed;
            error.message = "authentication to " + endpoint() + " failed: " + error.message;
            return error;
        }
        if (what == "CLIENT" && error.kind != ErrorKind::AuthFailed && error.kind != ErrorKind::Loading)
            continue; // a server that forbids CLIENT SETNAME (ACL, managed service) is still usable
        if (what == "SELECT")
            error.message
                = "cannot select database " + std::to_string(m_options.database) + ": " + error.message;
        return error;
    }
    return Done {};
}

Status RedisConnection::ensureConnected()
{
    // Before a command goes out, a server that has closed the connection (its idle timeout, a
    // restart) is noticed by a probe, and the command goes to a new connection instead of being
    // lost to the old one. A connection that answered within the last 2 ms is not probed: the
    // probe is a system call, a lock's round trips come back to back, and the server closing in
    // those 2 ms is the same race as its closing between the probe and the send.
    if (m_transport && Clock::now() - m_lastReplyAt < peerProbeQuietPeriod)
        return Done {};
    if (m_transport && !m_transport->peerClosed())
        return Done {};
    if (m_transport) {
        markBroken();
    }
    const auto giveUpAt = Clock::now() + m_options.reconnect.budget;
    for (;;) {
        auto opened = open();
        if (opened) {
            if (m_everConnected)
                ++m_reconnects;
            return Done {};
        }
        // Errors no amount of waiting fixes are returned at once.
        const ErrorKind kind = opened.error().kind;
        if (kind == ErrorKind::AuthFailed || kind == ErrorKind::NoPermission || kind == ErrorKind::Usage
            || kind == ErrorKind::TlsVerification)
            return opened.error();
        if (Clock::now() + m_nextDelay >= giveUpAt)
            return opened.error();
        std::this_thread::sleep_for(m_nextDelay);
        m_nextDelay = std::min(m_nextDelay * 2, m_options.reconnect.maxDelay);
    }
}

void RedisConnection::disconnect()
{
    if (m_transport)
        m_transport->close();
    m_transport.reset();
}

void RedisConnection::markBroken()
{
    disconnect();
    m_reader.reset();
}

Status RedisConnection::refuseIfWriting(const RedisCommand& args) const
{
    if (m_options.readOnly && !CommandPolicy::isReadOnly(args))
        return makeError(ErrorKind::ReadOnlyRefused,
            "refused to send " + CommandPolicy::displayName(args) + ": the connection is read-only");
    return Done {};
}

Status RedisConnection::writeCommands(std::span<const RedisCommand> commands, Deadline deadline)
{
    m_writeBuffer.clear();
    for (const auto& command : commands) {
        auto encoded = appendEncoded(command, m_writeBuffer);
        if (!encoded)
            return encoded;
    }
    auto written = m_transport->writeAll(m_writeBuffer.data(), m_writeBuffer.size(), deadline);
    releaseLargeWriteBuffer();
    if (!written)
        markBroken();
    return written;
}

void RedisConnection::releaseLargeWriteBuffer()
{
    // The buffer is kept between commands so a command costs no allocation; one huge command
    // (a 500 MB SET) must not keep its size for the connection's life.
    if (m_writeBuffer.capacity() > keptWriteBufferBytes)
        std::string().swap(m_writeBuffer);
}

Result<RedisReply> RedisConnection::receive(Deadline deadline)
{
    for (;;) {
        auto next = m_reader.next();
        if (!next) {
            markBroken();
            return next.error();
        }
        if (next->has_value()) {
            m_lastReplyAt = Clock::now();
            return std::move(**next);
        }
        if (!m_transport)
            return makeError(ErrorKind::Disconnected, "not connected to " + endpoint());
        auto n = m_transport->readSome(m_readBuffer.data(), m_readBuffer.size(), deadline);
        if (!n) {
            if (n.error().kind != ErrorKind::Timeout)
                markBroken();
            return n.error();
        }
        auto fed = m_reader.feed(m_readBuffer.data(), *n);
        if (!fed) {
            markBroken();
            return fed.error();
        }
    }
}

Result<RedisReply> RedisConnection::roundTrip(const RedisCommand& args, std::chrono::milliseconds timeout)
{
    auto ready = ensureConnected();
    if (!ready)
        return ready.error();
    const Deadline deadline = deadlineAfter(timeout);
    auto written = writeCommands({&args, 1}, deadline);
    if (!written)
        return written.error();
    auto reply = receive(deadline);
    if (!reply && reply.error().kind == ErrorKind::Timeout) {
        // The reply may still arrive and would be taken for the next command's: start afresh.
        markBroken();
        return makeError(ErrorKind::Timeout,
            CommandPolicy::displayName(args) + " on " + endpoint() + " got no reply within "
                + std::to_string(timeout.count()) + " ms");
    }
    return reply;
}

Result<RedisReply> RedisConnection::command(
    const RedisCommand& args, std::optional<std::chrono::milliseconds> timeout)
{
    auto allowed = refuseIfWriting(args);
    if (!allowed)
        return allowed.error();
    const auto limit = timeout.value_or(m_options.commandTimeout);
    auto reply = roundTrip(args, limit);
    if (!reply && reply.error().kind == ErrorKind::Disconnected && CommandPolicy::isReadOnly(args))
        reply = roundTrip(args, limit); // reading twice is harmless; writing twice is not
    if (!reply)
        return reply.error();
    if (reply->isError()) {
        RedisError error = RedisError::fromServerReply(reply->text());
        if (error.kind == ErrorKind::ReadOnlyReplica
            && m_options.topology == ConnectionOptions::Topology::Sentinel)
            markBroken(); // the master we knew was demoted: the next call asks the sentinels again
        return error;
    }
    return reply;
}

Result<std::vector<RedisReply>> RedisConnection::pipeline(const std::vector<RedisCommand>& commands)
{
    std::vector<RedisReply> replies;
    auto done = pipeline(commands, replies);
    if (!done)
        return done.error();
    return replies;
}

Status RedisConnection::pipeline(const std::vector<RedisCommand>& commands, std::vector<RedisReply>& replies)
{
    replies.clear();
    for (const auto& command : commands) {
        auto allowed = refuseIfWriting(command);
        if (!allowed)
            return allowed.error();
    }
    auto ready = ensureConnected();
    if (!ready)
        return ready.error();
    replies.reserve(commands.size());
    size_t next = 0;
    while (next < commands.size()) {
        // One slice: write it whole, then read its replies.
        m_writeBuffer.clear();
        size_t end = next;
        while (end < commands.size() && end - next < pipelineSliceCommands
            && m_writeBuffer.size() < pipelineSliceBytes) {
            auto encoded = appendEncoded(commands[end], m_writeBuffer);
            if (!encoded)
                return encoded.error();
            ++end;
        }
        const Deadline deadline = deadlineAfter(m_options.commandTimeout);
        auto written = m_transport->writeAll(m_writeBuffer.data(), m_writeBuffer.size(), deadline);
        releaseLargeWriteBuffer();
        if (!written) {
            markBroken();
            return written.error();
        }
        for (; next < end; ++next) {
            auto reply = receive(deadline);
            if (!reply) {
                markBroken();
                return reply.error();
            }
            replies.push_back(std::move(reply.value()));
        }
    }
    return Done {};
}

Status RedisConnection::send(const RedisCommand& args)
{
    auto allowed = refuseIfWriting(args);
    if (!allowed)
        return allowed.error();
    if (!m_transport) {
        auto ready = ensureConnected();
        if (!ready)
            return ready.error();
    }
    return writeCommands({&args, 1}, deadlineAfter(m_options.commandTimeout));
}

Result<RedisReply> RedisConnection::readReply(std::optional<std::chrono::milliseconds> timeout)
{
    if (!m_transport)
        return makeError(ErrorKind::Disconnected, "not connected to " + endpoint());
    Deadline deadline;
    if (timeout)
        deadline = Clock::now() + *timeout;
    auto reply = receive(deadline);
    if (!reply && isFatalForStream(reply.error().kind))
        markBroken();
    return reply;
}

} // namespace lockscope
