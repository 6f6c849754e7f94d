#pragma once

#include "history/HistoryOptions.h"
#include "history/HistoryStore.h"
#include "history/SqliteDatabase.h"
#include "history/sqlite/SqliteHistoryFile.h"

#include <map>
#include <memory>
#include <string>
#include <utility>

namespace lockscope {

// The history in one SQLite file (WAL, synchronous=NORMAL, prepared statements reused, one
// transaction per batch), the embedded default. One process records into a file (RecorderClaim),
// but it may record several servers there (a fleet into one file): their stores share one
// connection and its transaction (a batch of one commits the others' writes with it), each names
// its server (HistoryOptions::source) on its rows, and the same server twice is refused.
class SqliteHistoryStore : public HistoryStore
{
public:
    // Opens (creating it and its directory if missing) or refuses the file.
    // A file this process already records into is shared (a server already recording there is
    // refused).
    static Result<std::unique_ptr<SqliteHistoryStore>> open(
        const std::string& path, const HistoryOptions& options);
    ~SqliteHistoryStore() override;

    const std::string& location() const override { return m_database.path(); }
    Result<ResumedSession> startSession(long long nowMs) override;
    Status write(HistoryWrite write) override;
    Status applyRetention(long long cutoffMs, long long auditCutoffMs, long long maxBytes) override;
    void abandon() override;

private:
    SqliteHistoryStore(std::shared_ptr<SqliteHistoryFile> file, std::string source);
    // Notes the session alive (and ended) and commits; the holds are the recorder's own business.
    Status finishBatch(long long nowMs, std::optional<long long> endedMs, const HoldTracker& holds) override;
    Status prepareStatements();
    // Begins the file's transaction, if none is under way (the file's mutex held).
    Status begin();
    // The rows of a history written before servers were named become this server's, if it has
    // never recorded here (the file was one server's).
    Status adoptUnnamedRows();
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

    std::shared_ptr<SqliteHistoryFile> m_file;
    SqliteDatabase& m_database; // m_file's
    const std::string m_source;
    std::map<std::pair<std::string, std::string>, long long> m_lockIds; // node, name -> id
    SqliteStatement m_findLock, m_insertLock, m_nameLock, m_insertEvent, m_insertHold, m_endHold, m_insertGap,
        m_endGap, m_aliveSession, m_insertAlert, m_insertMark, m_insertPolling, m_endPolling;
    // Holds started in the batch under way, kept until it commits (or they end): a hold that
    // begins and ends within one batch is one INSERT, not an INSERT and an UPDATE.
    std::map<std::pair<long long, std::string>, HoldRecord> m_startedHolds; // lock id, holder
    long long m_sessionId = 0;
    long long m_gapId = 0; // the session's open gap, 0: none
    long long m_pollingId = 0; // the polling span under way, 0: none
    long long m_rollbacksSeen = 0; // m_file's rollbacks when m_lockIds was last right
};

} // namespace lockscope
