#pragma once

#include "history/AlertEvaluator.h"
#include "history/HoldTracker.h"
#include "inspect/watch/LockEvent.h"

#include <array>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace lockscope {

// The numbers a team alerts on, kept up to date from the watcher's events and rendered in
// Prometheus' text exposition format (version 0.0.4): current locks by kind, library, node and
// state; stuck locks; waiters; completed holds by how they ended and their durations as a
// histogram; lock events by type (expiries versus releases); force-releases; watcher lag;
// events the history could not keep; whether Redis is connected. Thread-safe: the watcher
// feeds it while an HTTP thread renders it.
class LockHealthMetrics
{
public:
    static constexpr std::array<double, 12> durationBucketsSeconds
        = {0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600};

    // Watching (re)started with these locks: the gauges follow them; holds go on (HoldTracker).
    void resync(const std::vector<SharedLockSnapshot>& locks, long long atMs, bool notifications);
    // An event the watcher reported at event.atMs and that reached us at `handledAtMs`.
    void observe(const LockEvent& event, long long handledAtMs);
    void forceReleased(const std::string& node, const std::string& lock, long long atMs);
    void connectionLost();
    // An event the history could not store (no recorder, or it failed).
    void eventDropped();
    // One of the recorder's alert rules fired (`record --alert-*`).
    void alertRaised(LockAlert::Rule rule);
    void setRecording(bool recording);
    // The watcher's own figures (LockWatcher::stats()): how long its last reads waited and the
    // notifications it could not read. A watch started again counts from 0: the total goes on.
    void watchStats(long long lagMs, long long skipped);

    std::string exposition() const;
    // The metrics of several servers in one exposition: each family once, every sample of a
    // server labelled server="<name>", and lockscope_connection_up per server.
    static std::string exposition(
        const std::vector<std::pair<std::string, const LockHealthMetrics*>>& servers);

private:
    struct Family
    {
        std::string name;
        std::string type;
        std::string help;
        std::string samples;
    };
    // Every family with this instance's samples, labelled with `server` unless it is empty.
    std::vector<Family> families(const std::string& server) const;
    void count(const std::vector<HoldTracker::Change>& changes);

    mutable std::mutex m_mutex;
    HoldTracker m_holds;
    std::map<std::pair<std::string, std::string>, SharedLockSnapshot> m_locks; // node, name -> now
    std::map<std::string, long long> m_holdsCompleted; // by ending
    std::array<long long, durationBucketsSeconds.size()> m_durationBuckets {};
    long long m_durationCount = 0;
    double m_durationSumSeconds = 0;
    std::map<std::string, long long> m_events; // by type
    long long m_forceReleases = 0;
    long long m_dropped = 0;
    std::map<LockAlert::Rule, long long> m_alerts;
    long long m_reconnects = 0;
    double m_lagSeconds = 0;
    double m_watchLagSeconds = 0;
    long long m_skippedBefore = 0; // by the watches before the current one
    long long m_skippedNow = 0;
    bool m_connected = false;
    bool m_notifications = false;
    bool m_recording = false;
};

} // namespace lockscope
