#pragma once

#include "history/HistoryOptions.h"
#include "history/HistoryStore.h"
#include "history/RecorderClaim.h"
#include "history/SqliteDatabase.h"

#include <map>
#include <memory>
#include <string>
#include <utility>

namespace lockscope {

// The history in one SQLite file (WAL, synchronous=NORMAL, prepared statements reused, one
// transaction per batch), the embedded default. One recorder per file (RecorderClaim); the rows name no
// recorder.
class SqliteHistoryStore : public HistoryStore
{
public:
    // Opens (creating it and its directory if missing) or refuses the file.
    static Result<std::unique_ptr<SqliteHistoryStore>> open(
        const std::string& path, const HistoryOptions& options);
    ~SqliteHistoryStore() override;

    const std::string& location() const override { return m_database.path(); }
    Result<ResumedSession> startSession(long long nowMs) override;
    Status write(HistoryWrite write) override;
    Status applyRetention(long long cutoffMs, long long maxBytes) override;
    void abandon() override;

private:
    SqliteHistoryStore(SqliteDatabase database, RecorderClaim claim);
    // Notes the session alive (and ended) and commits; the holds are the recorder's own business.
    Status finishBatch(long long nowMs, std::optional<long long> endedMs, const HoldTracker& holds) override;
    Status prepareStatements();
    Status begin();
    Status step(SqliteStatement& statement, const char* doing);
    // The writes, one kind each (see HistoryWrite).
    Status addEvent(const EventRow& event);
    Status startHold(const HoldRecord& hold);
    Status endHold(const HoldRecord& hold);
    Status remarkForceReleased(const std::string& node, const std::string& lock, long long sinceMs);
    Status openGap(long long atMs, const std::string& reason);
    Status closeGap(long long atMs);
    Status closedGap(long long fromMs, long long untilMs, const std::string& reason);
    Status startPolling(long long atMs, long long intervalMs);
    Status endPolling(long long atMs);
    Status addAlert(const std::string& node, const std::string& lock, const std::string& rule,
        const std::string& detail, long long atMs);
    Status addMark(const std::string& kind, const std::string& node, const std::string& lock,
        const std::string& detail, long long atMs);
    Status noteMode(const std::string& description, long long atMs);
    Result<long long> lockId(const std::string& node, const std::string& name, const std::string& apiName,
        const std::string& kind, const std::string& library);
    Status insertHold(long long lockId, const HoldRecord& hold);
    // Writes the holds started in this batch that have not ended in it.
    Status writeStartedHolds();

    SqliteDatabase m_database;
    RecorderClaim m_claim;
    std::map<std::pair<std::string, std::string>, long long> m_lockIds; // node, name -> id
    SqliteStatement m_findLock, m_insertLock, m_nameLock, m_insertEvent, m_insertHold, m_endHold, m_insertGap,
        m_endGap, m_aliveSession, m_insertAlert, m_insertMark, m_insertPolling, m_endPolling;
    // Holds started in the batch under way, kept until it commits (or they end): a hold that
    // begins and ends within one batch is one INSERT, not an INSERT and an UPDATE.
    std::map<std::pair<long long, std::string>, HoldRecord> m_startedHolds; // lock id, holder
    long long m_sessionId = 0;
    long long m_gapId = 0; // the session's open gap, 0: none
    long long m_pollingId = 0; // the polling span under way, 0: none
    bool m_inTransaction = false;
};

} // namespace lockscope
