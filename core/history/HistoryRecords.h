#pragma once

#include "history/HoldRecord.h"

#include <optional>
#include <string>
#include <vector>

namespace lockscope {

// A span of time in epoch ms, [fromMs, untilMs).
struct TimeWindow
{
    long long fromMs = 0;
    long long untilMs = 0;
};

// One line of a league table across locks.
struct LeagueRow
{
    std::string lock;
    std::string node;
    std::string server; // as HoldRecord::server
    std::string kind;
    std::string library;
    long long holds = 0; // holds that overlap the window
    long long longestHoldMs = 0; // of the holds that ended in the window
    long long maxWaiters = 0; // most waiters seen at once
    long long expired = 0; // holds that ended by expiry (crashed or stalled holders)
};

// A lock as the history knows it: its key, its server, and its library's name for it.
struct RecordedLock
{
    std::string lock; // the key (raw bytes)
    std::string node;
    std::string apiName; // empty where unknown or the same as the key
};

struct HolderShare
{
    std::string holder;
    long long holds = 0;
    long long heldMs = 0;
};

// What the detail pane shows for one lock over a window.
struct LockStatistics
{
    long long holds = 0; // overlapping the window
    long long completed = 0; // of those, ended (not open)
    // Percentiles of completed hold durations (nearest rank); 0 without completed holds.
    long long p50Ms = 0, p90Ms = 0, p99Ms = 0, maxMs = 0;
    std::vector<HoldRecord> longest; // up to 5, longest first
    std::vector<HolderShare> busiestHolders; // up to 5, most held time first
    long long maxWaiters = 0;
    long long released = 0, expired = 0, forceReleased = 0, lost = 0;
    std::vector<std::string> servers; // the servers its holds were on, by name (none: unnamed)
};

struct GapRecord
{
    long long startedMs = 0;
    std::optional<long long> endedMs; // nullopt: still not watching
    std::string reason;
    std::string server; // whose recorder was not watching (empty: a history of one unnamed server)
};

struct AlertRecord
{
    long long atMs = 0;
    std::string lock; // empty for alerts about no one lock
    std::string node;
    std::string rule;
    std::string detail;
    std::string server; // as HoldRecord::server
};

struct MarkRecord
{
    long long atMs = 0;
    std::string kind; // admin, fault
    std::string node;
    std::string lock; // empty: about no one lock
    std::string detail;
    std::string server; // as HoldRecord::server
};

// An admin action taken through LockScope (GUI or CLI) on a lock of a server whose history this
// is: who took it, where, on what, why, and what came of it.
struct AuditRecord
{
    std::string entry; // the action's own id (written once however often it is sent)
    long long atMs = 0;
    std::string user; // the OS user ($LOGNAME) who took it
    std::string host; // the machine it was taken on
    std::string version; // of LockScope
    std::string profile; // the connection profile, empty: a URL
    std::string server; // as HoldRecord::server
    std::string node;
    std::string lock; // raw bytes
    std::string action; // release, extend, remove-stale-waiters, release-permit
    std::string before; // the lock as the user saw it, JSON (LockSnapshotJson); empty: none
    std::string after; // the lock afterwards, JSON; empty: gone
    std::string result; // released, holder changed, refused: read-only, ...
    std::string reason; // as the user typed it; empty: none given
};

// A span watched by polling: changes in it were seen up to one interval late, and a hold shorter
// than the interval may be missing.
struct PollingSpan
{
    long long startedMs = 0;
    std::optional<long long> endedMs; // nullopt: still polling
    long long intervalMs = 0;
};

enum class HistoryLeague
{
    Held, // longest single hold first
    Contended, // most waiters seen first, then most holds
    Expired, // most holds that ended by expiry first
};

} // namespace lockscope
