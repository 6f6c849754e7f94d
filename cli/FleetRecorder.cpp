#include "cli/FleetRecorder.h"

#include "cli/FleetNarration.h"
#include "common/DisplayText.h"
#include "common/WallClock.h"
#include "history/HistoryLocation.h"
#include "redis/RedisReply.h"

#include <chrono>

namespace lockscope {

FleetRecorder::FleetRecorder(const std::vector<FleetMember>& members,
    const std::vector<std::string>& historyPaths, const HistoryOptions& history, const AlertRules& alerts,
    bool labelServers, Say sayLine)
    : m_labelServers(labelServers)
    , m_say(std::move(sayLine))
{
    for (size_t i = 0; i < members.size(); ++i) {
        auto server = std::make_unique<Server>();
        server->name = members[i].name;
        Server* raw = server.get();
        // Its rows name the server as `list --json` does.
        HistoryOptions options = history;
        options.source = members[i].name;
        // An alert is said on stderr, counted in the metrics and, while recording, kept in the history.
        server->history = std::make_unique<HistoryRecordingSink>(
            i < historyPaths.size() ? historyPaths[i] : std::string(), options, alerts,
            [this, raw](const RedisError& error) { say(*raw, error.message + "; going on without history"); },
            [this, raw](const LockAlert& alert) {
                raw->metrics.alertRaised(alert.rule);
                say(*raw,
                    "alert: " + DisplayText::escaped(alert.lock, 200) + " (" + alert.node
                        + "): " + alert.detail());
            });
        m_servers.push_back(std::move(server));
    }
}

void FleetRecorder::say(const Server& server, const std::string& line) const
{
    m_say((m_labelServers ? server.name + ": " : std::string()) + line);
}

FleetRecorder::Server& FleetRecorder::serverOf(const FleetMember& member)
{
    for (auto& server : m_servers) {
        if (server->name == member.name)
            return *server;
    }
    return *m_servers.front(); // not reached: every member has its server
}

Status FleetRecorder::open(long long atMs)
{
    for (auto& server : m_servers) {
        if (server->history->path().empty())
            continue;
        auto opened = server->history->open(atMs);
        if (opened) {
            say(*server, "recording to " + server->history->path());
        } else if (HistoryLocation::isPostgres(server->history->path())) {
            // A team's shared database that refuses the recorder (a service) is a reason to stop.
            say(*server, opened.error().message);
            return opened;
        } else {
            say(*server, opened.error().message + "; watching without history");
        }
        server->metrics.setRecording(server->history->isRecording());
    }
    return Done {};
}

void FleetRecorder::flushIfDue(long long atMs)
{
    for (auto& server : m_servers) {
        server->history->flushIfDue(atMs);
        server->metrics.setRecording(server->history->isRecording());
    }
}

void FleetRecorder::flushIfDue(size_t index, long long atMs)
{
    if (index >= m_servers.size())
        return;
    Server& server = *m_servers[index];
    server.history->flushIfDue(atMs);
    server.metrics.setRecording(server.history->isRecording());
}

void FleetRecorder::close(long long atMs)
{
    for (auto& server : m_servers)
        server->history->close(atMs);
}

std::string FleetRecorder::exposition() const
{
    if (!m_labelServers)
        return m_servers.front()->metrics.exposition();
    std::vector<std::pair<std::string, const LockHealthMetrics*>> servers;
    for (const auto& server : m_servers)
        servers.emplace_back(server->name, &server->metrics);
    return LockHealthMetrics::exposition(servers);
}

void FleetRecorder::watching(const FleetMember& member, const std::vector<SharedLockSnapshot>& locks,
    const WatchingMode& mode, bool reconnect)
{
    Server& server = serverOf(member);
    const long long at = epochMillisNow();
    server.metrics.resync(locks, at, !mode.pollIntervalMs.has_value());
    server.history->watchingStarted(locks, at, mode);
    say(server, FleetNarration::watching(mode, locks.size(), reconnect));
}

void FleetRecorder::lockChanged(const FleetMember& member, const LockEvent& event)
{
    Server& server = serverOf(member);
    server.metrics.observe(event, epochMillisNow());
    if (!server.history->isRecording() && !server.history->path().empty())
        server.metrics.eventDropped();
    server.history->lockChanged(event);
}

void FleetRecorder::lost(
    const FleetMember& member, const RedisError& error, int attempt, std::chrono::milliseconds retryIn)
{
    Server& server = serverOf(member);
    server.metrics.connectionLost();
    server.history->watchingStopped(epochMillisNow(), error.toString());
    if (attempt == 1)
        say(server, error.toString() + "; trying again with backoff");
    (void)retryIn;
}

void FleetRecorder::gap(
    const FleetMember& member, long long fromMs, long long untilMs, const std::string& reason)
{
    Server& server = serverOf(member);
    server.history->watchingGap(fromMs, untilMs, reason);
    say(server, FleetNarration::gap(fromMs, untilMs, reason));
}

void FleetRecorder::gaveUp(const FleetMember& member, const RedisError& error)
{
    Server& server = serverOf(member);
    server.metrics.connectionLost();
    server.history->watchingStopped(epochMillisNow(), error.toString());
    say(server, FleetNarration::gaveUp(error));
}

} // namespace lockscope
