#pragma once

#include "common/HashedRowIndex.h"
#include "monitor/LockRecord.h"
#include "monitor/LockUpdateBatch.h"

#include <QAbstractTableModel>
#include <QHash>

#include <functional>
#include <limits>
#include <memory>
#include <unordered_map>
#include <vector>

class QTimer;

namespace lockscope::ui {

// The locks of every open server, one row each, fed with LockUpdateBatches (a server's listing
// replaces that server's rows only). A listing larger than one loading step (a first listing of
// a million locks), or any first listing of a server beside other servers' rows, goes in over
// several turns of the event loop, a few milliseconds of work each, as blocks of rows appended
// at the end, so that the window never freezes while the table fills; the batches that server
// sends meanwhile wait and follow in order. A batch costs one
// rowsInserted for all new locks, one rowsRemoved per contiguous block of gone ones, and a
// dataChanged per changed row covering only the columns that show what changed (the fields each
// change carries, as the core decided them: the model compares nothing). The TTL counts down
// locally: remaining time is computed from the TTL and when it was read, never asked of Redis.
// The model ticks once a second. A tick announces the state column of the rows whose state the
// countdown changed (held -> expiring), and only those, so that a proxy sorted or filtered by
// state moves them; it also announces the TTL column of all rows, unless a view that repaints
// its visible rows itself turns that off (setAnnouncesCountdown).
class LockTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        NameColumn,
        KindColumn,
        HoldersColumn,
        ReentrancyColumn,
        TtlColumn,
        WaitersColumn,
        NodeColumn,
        FenceColumn,
        StateColumn,
        ServerColumn, // after the columns of one server, so that they keep their numbers
        KeyColumn, // the Redis key(s), hidden until asked for: the name is the library's
        ColumnCount,
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1, // numbers for numeric columns, text otherwise
        RemainingTtlRole, // qint64 ms, -1: no TTL
        TtlFractionRole, // double 0..1 of the largest TTL seen; -1: no TTL
        RecordRowRole, // int: the row of the lock in this model (recordAt), through any proxy
        KindRole, // int(LockKind)
        NodeRole,
        StateRole, // int(LockRecord::State)
        AlertRole, // QString: why the lock is alerting now (empty: it is not)
        ServerRole, // int: the open server (LockRecord::server)
    };

    // What one server's rows hold now (the fleet panel).
    struct ServerCounts
    {
        int locks = 0;
        int stuck = 0;
        qint64 waiters = 0;
    };

    explicit LockTableModel(QObject* parent = nullptr);
    ~LockTableModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const LockRecord& recordAt(int row) const { return m_rows[size_t(row)].record; }
    // The row of the lock `id` names, or -1. Its server is part of a lock's identity: two
    // databases of one server, or two servers reached at the same address, hold locks with the
    // same node and name.
    int rowOf(const LockIdView& id) const;
    int rowOf(const LockId& id) const { return rowOf(LockIdView(id)); }
    QStringList nodes() const;

    // The name of open server `server` (its profile's name, else host:port): held once here,
    // shown in the Server column of each of its rows. An empty name forgets the server.
    void setServerName(quint16 server, const QString& name);
    QString serverName(quint16 server) const { return m_serverNames.value(server); }
    // The servers named, in the order of their names.
    QList<quint16> servers() const;
    // Every server's counts, in one pass over the rows.
    QHash<quint16, ServerCounts> countsByServer() const;

    // The clock the countdown uses (epoch ms); tests may pin it.
    void setClock(std::function<qint64()> nowMs);
    qint64 nowMs() const { return m_clock(); }
    // The countdown's tick; 0 stops it.
    void setTickInterval(int ms);
    // Whether a tick announces the TTL column of every row (on by default). A view that repaints
    // the countdown itself turns it off: a dataChanged over 100,000 rows makes a proxy re-sort
    // and re-filter all of them. State changes are announced either way.
    void setAnnouncesCountdown(bool announce) { m_announcesCountdown = announce; }

    // The locks alerting now (lock -> the alert in words): their rows are highlighted and say why
    // in their tooltip, until the next call.
    using Alerts = std::unordered_map<LockId, QString, LockIdHash, std::equal_to<>>;
    void setAlerts(const Alerts& alerts);

    // Whether a listing is still going in (loadingStepDone follows each step).
    bool isLoading() const { return !m_loading.empty(); }
    // The rows one loading step starts with (the steps then adapt to the time they take).
    static constexpr int firstLoadingStepRows = 2000;
    // ... and when it goes in beside other servers' rows (a fleet's listings).
    static constexpr int firstStepRowsBesideOthers = 50;

    static QString formatDuration(qint64 ms);
    static QString stateName(LockRecord::State state);
    // What the table shows in `column` for `lock` at `nowMs` (`serverName`: the Server column's),
    // and what it sorts that column by (numbers for numeric columns, the text otherwise).
    static QVariant displayOf(const LockRecord& lock, int column, qint64 nowMs, const QString& serverName);
    static QVariant sortValueOf(const LockRecord& lock, int column, qint64 nowMs, const QString& serverName);
    const QHash<quint16, QString>& serverNames() const { return m_serverNames; }

public Q_SLOTS:
    void apply(const lockscope::ui::LockUpdateBatch& batch);
    // The countdown's tick: announces the state of the rows whose state changed since the last
    // tick, and (see setAnnouncesCountdown) the TTL column.
    void tick();

Q_SIGNALS:
    void nodesChanged();
    void serversChanged();
    // A step of a listing went in (isLoading() says whether more follow).
    void loadingStepDone();

private:
    // A server's listing going in step by step, and the batches of that server that came since.
    struct Loading
    {
        quint16 server = 0;
        QList<LockRecord> locks;
        qsizetype next = 0; // the first lock not in the table yet
        QList<LockUpdateBatch> waiting;
        bool besideOthers = false; // other servers had rows when it started
    };
    Loading* loadingOf(quint16 server);
    // Starts loading `batch`'s listing in steps, when it replaces rows wholesale (all rows are
    // that server's) and is too large for one step, or when it goes in beside other servers'
    // rows (the server has none yet); false: apply it at once.
    bool startLoading(const LockUpdateBatch& batch);
    // Appends the next rows of the listings in progress for about stepBudgetMs, then lets the
    // event loop run; a finished listing's waiting batches are applied.
    void loadStep();
    static constexpr double stepBudgetMs = 3.0;
    // The fewest rows a step takes: into an empty table each step also costs a pass over the
    // rows in so far (the views', a model tester's), which smaller steps would repeat for
    // nothing; beside other servers' rows each row's own cost dominates.
    static constexpr int minStepRows = 500;
    static constexpr int minStepRowsBesideOthers = 10;
    void applyNow(const LockUpdateBatch& batch);
    void reset(const QList<LockRecord>& locks);
    // `server`'s listing while other servers have rows: its rows are updated, added and removed
    // in place, and the other servers' rows stay as they are.
    void resetServer(quint16 server, const QList<LockRecord>& locks);
    void addRows(const QList<LockRecord>& locks, qsizetype first = 0, qsizetype count = -1);
    void countRow(const LockRecord& lock, int delta);
    void removeRows(std::vector<int> rows);
    // Above this many separate blocks, gone rows are first moved together (one layout change).
    static constexpr int scatteredBlockLimit = 200;
    static int countBlocks(const std::vector<int>& descendingRows);
    void removeScatteredRows(const std::vector<int>& descendingRows);
    void rebuildIndex();
    // Why `lock` is alerting now (empty: it is not).
    QString alertOf(const LockRecord& lock) const;
    QVariant display(const LockRecord& lock, int column) const;
    QVariant sortValue(const LockRecord& lock, int column) const;
    QVariant toolTip(const LockRecord& lock, int column) const;
    // Emits nodesChanged if the set of nodes (m_rowsOfNode) differs from the last one announced.
    void noteNodes();
    void announceStateChanges(qint64 sinceMs, qint64 nowMs);

    // A row keeps, next to its record, the one number the countdown's tick needs: the tick then
    // reads 100,000 rows in one sequential pass instead of visiting 100,000 snapshots scattered
    // over the heap, every second, on the GUI thread.
    struct Row
    {
        explicit Row(LockRecord lock)
            : record(std::move(lock))
            , expiringAtMs(record.expiringAtMs())
        {
        }
        LockRecord record;
        qint64 expiringAtMs;
    };
    // Keeps m_nextTurnMs no later than the moment `row` turns expiring.
    void noteTurn(const Row& row);
    std::vector<Row> m_rows;
    HashedRowIndex m_rowOfKey;
    QHash<QString, int> m_rowsOfNode; // node -> rows on it: the nodes shown, without a pass over the rows
    QHash<quint16, int> m_rowsOfServer; // open server -> rows from it
    QHash<quint16, QString> m_serverNames;
    Alerts m_alerts; // lock -> why it is alerting
    QStringList m_nodes;
    std::function<qint64()> m_clock;
    QTimer* m_tick;
    std::vector<Loading> m_loading; // in the order the listings came
    QTimer* m_loadStep; // the next step, after the event loop's turn
    int m_stepRows = firstLoadingStepRows;
    qint64 m_lastTickMs = 0; // the clock at the last tick: states are compared with that moment
    // No row turns expiring before this moment (a lower bound, kept as rows come and change):
    // until then a tick has no state to announce and skips its pass over every row, which at a
    // million rows reads tens of megabytes each second.
    qint64 m_nextTurnMs = std::numeric_limits<qint64>::max();
    bool m_announcesCountdown = true;
};

} // namespace lockscope::ui
