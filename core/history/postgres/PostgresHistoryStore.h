#pragma once

#include "history/HistoryOptions.h"
#include "history/HistoryStore.h"
#include "history/postgres/PostgresConnection.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace lockscope {

class PostgresCopyRows;

// The history in a PostgreSQL database that several recorders share, one per watched server
// (HistoryOptions::source names it on the rows that belong to one recorder). A second recorder
// for the same source is refused while the first one's connection lives (a session advisory
// lock, released by PostgreSQL when that connection ends, so a crashed recorder's successor
// starts cleanly).
//
// Writes wait in memory until commit(), which sends them in one transaction: events and hold
// starts by COPY (a hold that also ended in the batch goes whole), the ends of holds started in
// earlier batches by one UPDATE joined to a COPY of them. When the database cannot be
// reached the batch stays in memory (isBuffering()) and each later commit() tries to connect
// again; past HistoryOptions::bufferedEventsLimit events, what comes is dropped, and once the
// database is back the history gets a gap for it and its open holds are set right.
//
// A batch is written once even when its COMMIT's reply is lost (the connection drops after the
// server committed): each batch's transaction also counts it in its session's row
// (sessions.batches), and after reconnecting the store reads that count back: a batch the server
// committed is taken off the queue instead of being sent again.
class PostgresHistoryStore : public HistoryStore
{
public:
    static Result<std::unique_ptr<PostgresHistoryStore>> open(
        const std::string& url, const HistoryOptions& options);
    ~PostgresHistoryStore() override;

    const std::string& location() const override { return m_connection.url(); }
    Result<ResumedSession> startSession(long long nowMs) override;
    Status write(HistoryWrite write) override;
    Status applyRetention(long long cutoffMs, long long auditCutoffMs, long long maxBytes) override;
    void abandon() override;
    bool isBuffering() const override { return m_lost; }

private:
    // The rows of one run of writes that COPY may send together.
    struct Segment;

    PostgresHistoryStore(PostgresConnection connection, HistoryOptions options);
    Status prepareConnection();
    Status queue(HistoryWrite write);
    // Sends what waits (send()); a session that ends while the database is away fails, naming
    // the events that could not be recorded.
    Status finishBatch(long long nowMs, std::optional<long long> endedMs, const HoldTracker& holds) override;
    // Sends what waits in one transaction; `endedMs` also ends the session.
    Status send(long long nowMs, std::optional<long long> endedMs, const HoldTracker& holds);
    Status sendWrites(Segment& segment);
    // Adds (or finds) every lock the queued writes name that has no id yet, all at once.
    Status addNewLocks();
    Status sendSegment(Segment& segment);
    Status sendOne(const HistoryWrite& write);
    // After drops: a gap for them, and the open holds of this source as the recorder sees them.
    Status sendDropped(long long nowMs, const HoldTracker& holds);
    Result<long long> lockId(const std::string& node, const std::string& name, const std::string& apiName,
        const std::string& kind, const std::string& library);
    // Joins a hold's start or end to the segment (sending the segment first when it already has
    // this hold's start, or its end).
    Status addHold(Segment& segment, const HoldRecord& hold, bool starts);
    Result<std::optional<long long>> existingLockId(const std::string& node, const std::string& name);
    // Whether `status` failed because the database went away (then the writes stay queued).
    bool lostWith(const Status& status);
    // After reconnecting: whether the batch under way when the connection dropped was committed
    // (then it leaves the queue).
    Status settleBatchInFlight();
    // The first `writes` of the queue (and `dropped` events' gap) are in the database.
    void markSent(size_t writes, long long dropped);

    PostgresConnection m_connection;
    HistoryOptions m_options;
    long long m_sessionId = 0;
    std::vector<HistoryWrite> m_writes;
    long long m_queuedEvents = 0;
    std::map<std::pair<std::string, std::string>, long long> m_lockIds; // node, name -> id
    // Ids seen in the transaction under way: kept only if it commits.
    std::map<std::pair<std::string, std::string>, long long> m_newLockIds;
    bool m_lost = false;
    long long m_dropped = 0;
    long long m_droppedFromMs = 0;
    long long m_droppedUntilMs = 0;
    // Batches committed in this session, as sessions.batches counts them.
    long long m_batches = 0;
    // The batch whose transaction was under way when the connection dropped: its writes (the
    // first of m_writes) and the dropped events its gap covered.
    struct InFlight
    {
        size_t writes = 0;
        long long dropped = 0;
    };
    std::optional<InFlight> m_inFlight;
    // Where the events dropped after the batch in flight began (its own drops' gap may be in).
    long long m_droppedSinceFlightFromMs = 0;
};

} // namespace lockscope
