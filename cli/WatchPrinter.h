#pragma once

#include "fleet/FleetObserver.h"

#include <functional>
#include <iosfwd>
#include <map>
#include <mutex>
#include <set>
#include <string>

namespace lockscope {

// What `watch` prints of a fleet watch: a line per lock change on stdout (after its time, and
// the server when there are several; a JSON object with --json), and on stderr how each server is
// watched, when it was lost and regained, and why one was given up. Counts the changes and
// calls `enough` after the --max-events'th. Called from every member's thread.
class WatchPrinter : public FleetObserver
{
public:
    WatchPrinter(std::ostream& out, std::ostream& err, bool prefixServer, bool json, long long maxEvents,
        std::function<void()> enough);

    void watching(const FleetMember& member, const std::vector<SharedLockSnapshot>& locks,
        const WatchingMode& mode, bool reconnect) override;
    void lockChanged(const FleetMember& member, const LockEvent& event) override;
    void lost(const FleetMember& member, const RedisError& error, int attempt,
        std::chrono::milliseconds retryIn) override;
    void gap(
        const FleetMember& member, long long fromMs, long long untilMs, const std::string& reason) override;
    void gaveUp(const FleetMember& member, const RedisError& error) override;

    ErrorKind lastSettingsError() const;
    // The errno of the first write to stdout that failed (EPIPE: the reader left), or 0.
    int outputErrno() const;

    // A change in words: "released orders:42 (token, redlock-py) on 10.0.0.5:6379 ...".
    static std::string eventLine(const LockEvent& event);

private:
    void say(const FleetMember& member, const std::string& line);

    std::mutex m_mutex;
    std::ostream& m_out;
    std::ostream& m_err;
    bool m_prefixServer;
    bool m_json;
    long long m_maxEvents;
    long long m_events = 0;
    std::function<void()> m_enough;
    std::map<std::string, std::string> m_lastProblem; // member name -> last error said
    std::set<std::string> m_watched; // members watched at least once
    ErrorKind m_settingsError = ErrorKind::AuthFailed;
    int m_outputErrno = 0;
};

} // namespace lockscope
