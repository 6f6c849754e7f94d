#pragma once

#include <chrono>
#include <string>

namespace lockscope {

// How the recorder batches, keeps and bounds what it writes.
struct HistoryOptions
{
    // Events are committed in one transaction per batch: when this many are pending, or when the
    // oldest pending one is flushInterval old (flushIfDue). A crash loses at most that much.
    int batchSize = 1000;
    std::chrono::milliseconds flushInterval {1000};
    // While nothing happens, how often the recorder notes that it is still watching, so that a
    // gap after a crash starts where watching really stopped.
    std::chrono::milliseconds heartbeat {5000};
    // How long to wait for another process's write to finish before calling the file locked.
    int busyTimeoutMs = 2000;
    // Retention: events and finished holds older than this go, and the oldest go first while
    // the data passes maxBytes. Checked at start and then hourly.
    std::chrono::hours maxAge {24 * 30};
    long long maxBytes = 1024LL * 1024 * 1024;
    // The admin actions (the audit: who released which lock, and why) are kept this long, and
    // never deleted to save space.
    std::chrono::hours auditMaxAge {24 * 400};
    // A hard cap on the file (SQLite's max_page_count); 0: none, the disk is the limit. Writes
    // past it fail as on a full disk.
    long long fileLimitBytes = 0;
    // PostgreSQL only. The password (empty: libpq's own sources, PGPASSWORD or ~/.pgpass).
    std::string password;
    // The server this recorder watches, as its rows name it (locks, sessions, gaps, polling
    // spans, alerts, marks) and as `list --json` names it (host:port, or its name in the fleet):
    // one recorder per source and database.
    std::string source;
    // While the database is unreachable, how many events wait in memory; past that they are
    // dropped and the history gets a gap for them.
    int bufferedEventsLimit = 100000;
};

} // namespace lockscope
