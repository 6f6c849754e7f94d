#pragma once

#include "fleet/FleetObserver.h"
#include "history/HistoryRecordingSink.h"
#include "history/LockHealthMetrics.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace lockscope {

// What `record` keeps of each server of its fleet: its own metrics and its own history sink (a
// database per server, named after it, or one database for all, each row naming its server),
// fed from that server's watcher thread and flushed by a thread of its own, so that one server
// down or flooding never stops or delays the recording of the others.
class FleetRecorder : public FleetObserver
{
public:
    using Say = std::function<void(const std::string& line)>;
    struct Server
    {
        std::string name;
        LockHealthMetrics metrics;
        std::unique_ptr<HistoryRecordingSink> history;
    };

    // `historyPaths[i]` is where member i records (empty: no history), its rows named after the
    // member (HistoryOptions::source); `labelServers`: /metrics labels every sample with its server.
    FleetRecorder(const std::vector<FleetMember>& members, const std::vector<std::string>& historyPaths,
        const HistoryOptions& history, const AlertRules& alerts, bool labelServers, Say sayLine);

    // Opens each history database and says where each server records. A PostgreSQL database
    // that cannot be used is returned (record stops); a file leaves that server without history.
    Status open(long long nowMs);
    void flushIfDue(long long nowMs);
    // Server `index` (in the fleet's order) only.
    void flushIfDue(size_t index, long long nowMs);
    size_t size() const { return m_servers.size(); }
    void close(long long nowMs);
    std::string exposition() const;

    void watching(const FleetMember& member, const std::vector<SharedLockSnapshot>& locks,
        const WatchingMode& mode, bool reconnect) override;
    void lockChanged(const FleetMember& member, const LockEvent& event) override;
    void lost(const FleetMember& member, const RedisError& error, int attempt,
        std::chrono::milliseconds retryIn) override;
    void gap(
        const FleetMember& member, long long fromMs, long long untilMs, const std::string& reason) override;
    void gaveUp(const FleetMember& member, const RedisError& error) override;

private:
    Server& serverOf(const FleetMember& member);
    void say(const Server& server, const std::string& line) const;

    std::vector<std::unique_ptr<Server>> m_servers; // in the fleet's order
    bool m_labelServers;
    Say m_say;
};

} // namespace lockscope
