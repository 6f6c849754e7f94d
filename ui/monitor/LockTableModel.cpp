#include "monitor/LockTableModel.h"

#include "common/EnumNames.h"

#include "monitor/LockKindTexts.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>
#include <QFont>
#include <QSet>
#include <QTimer>

#include <algorithm>
#include <ctime>
#include <limits>
#include <optional>
#include <utility>

namespace lockscope::ui {

namespace {

// The columns that show a field the core says changed (their tooltips included).
QList<int> columnsShowing(LockChange changes)
{
    QList<int> columns;
    if (changes.has(LockChange::Kind))
        columns.append(LockTableModel::KindColumn);
    if (changes.has(LockChange::Holders))
        columns.append({LockTableModel::HoldersColumn, LockTableModel::ReentrancyColumn});
    const LockChange ttl = LockChange::Lease | LockChange::Countdown;
    if (changes.hasAnyOf(ttl))
        columns.append(LockTableModel::TtlColumn);
    if (changes.hasAnyOf(LockChange::Waiters | LockChange::WaiterQueue | LockChange::WaiterCount))
        columns.append(LockTableModel::WaitersColumn);
    if (changes.has(LockChange::Fence))
        columns.append(LockTableModel::FenceColumn);
    // The state is computed from the holders (free), stuck, and the TTL left (expiring).
    if (changes.hasAnyOf(ttl | LockChange::Holders | LockChange::Stuck))
        columns.append(LockTableModel::StateColumn);
    return columns;
}

double threadCpuMs()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

} // namespace

LockTableModel::LockTableModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
    , m_tick(new QTimer(this))
    , m_loadStep(new QTimer(this))
{
    m_lastTickMs = m_clock();
    m_loadStep->setSingleShot(true);
    m_loadStep->setInterval(0);
    connect(m_loadStep, &QTimer::timeout, this, &LockTableModel::loadStep);
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, &LockTableModel::tick);
    m_tick->start();
}

LockTableModel::~LockTableModel() = default;

int LockTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int LockTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int LockTableModel::rowOf(const LockIdView& id) const
{
    return m_rowOfKey.find(id.hash(), [&](int row) { return m_rows[size_t(row)].record.id() == id; });
}

QString LockTableModel::alertOf(const LockRecord& lock) const
{
    if (m_alerts.empty())
        return {};
    const auto alert = m_alerts.find(lock.id());
    return alert == m_alerts.end() ? QString() : alert->second;
}

QStringList LockTableModel::nodes() const
{
    return m_nodes;
}

void LockTableModel::setClock(std::function<qint64()> nowMs)
{
    m_clock = std::move(nowMs);
    m_lastTickMs = m_clock();
    m_nextTurnMs = std::numeric_limits<qint64>::min(); // not known on the new clock
}

void LockTableModel::setTickInterval(int ms)
{
    if (ms <= 0) {
        m_tick->stop();
        return;
    }
    m_tick->start(ms);
}

QString LockTableModel::formatDuration(qint64 ms)
{
    if (ms < 0)
        return tr("no TTL");
    if (ms < 60'000)
        return tr("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1);
    const qint64 seconds = ms / 1000;
    if (seconds < 3600)
        return tr("%1 min %2 s").arg(seconds / 60).arg(seconds % 60);
    if (seconds < 86400)
        return tr("%1 h %2 min").arg(seconds / 3600).arg((seconds % 3600) / 60);
    return tr("%1 d %2 h").arg(seconds / 86400).arg((seconds % 86400) / 3600);
}

QString LockTableModel::stateName(LockRecord::State state)
{
    static constexpr std::array<const char*, 4> names {
        QT_TR_NOOP("held"), QT_TR_NOOP("expiring"), QT_TR_NOOP("stuck"), QT_TR_NOOP("free")};
    return tr(enumName<LockRecord::State::Free>(state, names, ""));
}

QVariant LockTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return tr("Name");
        case KindColumn:
            return tr("Kind");
        case HoldersColumn:
            return tr("Holder(s)");
        case ReentrancyColumn:
            return tr("Re-entries");
        case TtlColumn:
            return tr("TTL");
        case WaitersColumn:
            return tr("Waiters");
        case NodeColumn:
            return tr("Node");
        case FenceColumn:
            return tr("Fence");
        case StateColumn:
            return tr("State");
        case ServerColumn:
            return tr("Server");
        case KeyColumn:
            return tr("Redis Key");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case ReentrancyColumn:
            return tr("How many times the holder entered the lock without leaving it");
        case TtlColumn:
            return tr("Time left on the lease, counted down here every second from when it was read");
        case WaitersColumn:
            return tr("Parties waiting for the lock, where Redis can tell (subscribed clients, queued "
                      "waiters)");
        case FenceColumn:
            return tr("The fencing token of the current hold: larger means later");
        case StateColumn:
            return tr("held; expiring: the lease ends within %1 s; stuck: it cannot be released "
                      "normally (e.g. a dead waiter blocks a fair queue)")
                .arg(LockRecord::expiringWithinMs / 1000);
        case ServerColumn:
            return tr("The open server the lock is on: its profile's name, else host:port");
        case KeyColumn:
            return tr("The Redis key(s) the lock is made of; Name is what its library's API calls it");
        }
    }
    return {};
}

QVariant LockTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LockRecord& lock = m_rows[size_t(index.row())].record;
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(lock, column);
    case Qt::ToolTipRole: {
        const QVariant tip = toolTip(lock, column);
        const QString alert = alertOf(lock);
        if (alert.isEmpty())
            return tip;
        return tip.toString().isEmpty() ? alert : alert + QLatin1Char('\n') + tip.toString();
    }
    case AlertRole:
        return alertOf(lock);
    case Qt::BackgroundRole:
        // A soft red that keeps the text readable in light and dark palettes alike.
        // (Every cell asks, at every paint: the key is made only while some lock alerts.)
        if (!alertOf(lock).isEmpty())
            return QBrush(QColor(0xd0, 0x30, 0x30, 0x48));
        return {};
    case SortRole:
        return sortValue(lock, column);
    case RemainingTtlRole:
        return lock.remainingTtlMs(m_clock());
    case TtlFractionRole: {
        const qint64 left = lock.remainingTtlMs(m_clock());
        if (left < 0 || lock.leaseMs() <= 0)
            return -1.0;
        return std::clamp(double(left) / double(lock.leaseMs()), 0.0, 1.0);
    }
    case RecordRowRole:
        return index.row();
    case KindRole:
        return int(lock.kind());
    case NodeRole:
        return lock.node();
    case ServerRole:
        return int(lock.server());
    case StateRole:
        return int(lock.state(m_clock()));
    case Qt::FontRole:
        if (lock.possible()) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        return {};
    case Qt::ForegroundRole:
        if (lock.possible())
            return QBrush(QColor(0x80, 0x80, 0x80)); // muted: only a guess from the value's shape
        if (column == StateColumn) {
            const auto state = lock.state(m_clock());
            if (state == LockRecord::State::Stuck)
                return QBrush(QColor(0xd0, 0x30, 0x30));
            if (state == LockRecord::State::Expiring)
                return QBrush(QColor(0xd0, 0x80, 0x10));
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == ReentrancyColumn || column == WaitersColumn || column == FenceColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant LockTableModel::display(const LockRecord& lock, int column) const
{
    return displayOf(lock, column, column == TtlColumn || column == StateColumn ? m_clock() : 0,
        column == ServerColumn ? m_serverNames.value(lock.server()) : QString());
}

QVariant LockTableModel::displayOf(
    const LockRecord& lock, int column, qint64 nowMs, const QString& serverName)
{
    switch (column) {
    case NameColumn:
        return lock.name();
    case KindColumn:
        return tr("%1 · %2").arg(LockKindTexts::name(lock.kind()), lock.library());
    case HoldersColumn:
        return !lock.hasHolders() ? tr("—") : lock.holdersText();
    case ReentrancyColumn:
        return lock.reentrancy() > 0 ? QString::number(lock.reentrancy()) : QString();
    case TtlColumn:
        return formatDuration(lock.remainingTtlMs(nowMs));
    case WaitersColumn:
        return lock.waiterCount() > 0 ? QString::number(lock.waiterCount()) : QString();
    case NodeColumn:
        return lock.node();
    case FenceColumn:
        return lock.fence() >= 0 ? QString::number(lock.fence()) : QString();
    case StateColumn:
        return stateName(lock.state(nowMs));
    case ServerColumn:
        return serverName;
    case KeyColumn:
        return lock.keys().join(QStringLiteral(", "));
    }
    return {};
}

QVariant LockTableModel::sortValue(const LockRecord& lock, int column) const
{
    return sortValueOf(lock, column, column == TtlColumn || column == StateColumn ? m_clock() : 0,
        column == ServerColumn ? m_serverNames.value(lock.server()) : QString());
}

QVariant LockTableModel::sortValueOf(
    const LockRecord& lock, int column, qint64 nowMs, const QString& serverName)
{
    switch (column) {
    case ReentrancyColumn:
        return lock.reentrancy();
    case TtlColumn: {
        const qint64 left = lock.remainingTtlMs(nowMs);
        return left < 0 ? std::numeric_limits<qint64>::max() : left;
    }
    case WaitersColumn:
        return lock.waiterCount();
    case FenceColumn:
        return lock.fence();
    case StateColumn:
        return int(lock.state(nowMs));
    default:
        return displayOf(lock, column, nowMs, serverName);
    }
}

void LockTableModel::setAlerts(const Alerts& alerts)
{
    if (alerts == m_alerts)
        return;
    std::vector<LockId> touched;
    for (const Alerts* each : {static_cast<const Alerts*>(&m_alerts), &alerts})
        for (const auto& alert : *each)
            touched.push_back(alert.first);
    m_alerts = alerts;
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    for (const LockId& id : touched) {
        const int row = rowOf(id);
        if (row >= 0)
            Q_EMIT dataChanged(
                index(row, 0), index(row, ColumnCount - 1), {Qt::BackgroundRole, Qt::ToolTipRole, AlertRole});
    }
}

QVariant LockTableModel::toolTip(const LockRecord& lock, int column) const
{
    switch (column) {
    case NameColumn:
        return tr("%1\nRecognised as %2 (confidence %3%): %4")
            .arg(lock.name(), lock.library())
            .arg(int(lock.confidence() * 100))
            .arg(lock.reason());
    case KindColumn:
        return LockKindTexts::explanation(lock.kind());
    case HoldersColumn: {
        QStringList lines;
        for (const auto& holder : lock.holders()) {
            if (!holder.clientUuid.isEmpty())
                lines.append(tr("client %1, thread %2 (×%3)")
                                 .arg(holder.clientUuid, holder.threadId)
                                 .arg(holder.count));
            else
                lines.append(tr("%1 (×%2)").arg(holder.owner).arg(holder.count));
            if (!holder.identity.isEmpty())
                lines.append(tr("held by %1").arg(holder.identity));
        }
        return lines.join(QLatin1Char('\n'));
    }
    case StateColumn:
        return lock.stuck() ? lock.stuckReason() : QVariant();
    case WaitersColumn: {
        QStringList lines;
        for (const auto& waiter : lock.waiters())
            lines.append(waiter.owner);
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
    }
    default:
        return {};
    }
}

void LockTableModel::apply(const LockUpdateBatch& batch)
{
    if (Loading* loading = loadingOf(batch.server)) {
        if (!batch.reset) {
            loading->waiting.append(batch); // after the listing, as they came
            return;
        }
        // A newer listing replaces the one still going in: the rows in so far stay, and the new
        // listing updates them as a listing does.
        m_loading.erase(m_loading.begin() + (loading - m_loading.data()));
    }
    if (batch.reset && startLoading(batch))
        return;
    applyNow(batch);
}

LockTableModel::Loading* LockTableModel::loadingOf(quint16 server)
{
    for (Loading& loading : m_loading)
        if (loading.server == server)
            return &loading;
    return nullptr;
}

bool LockTableModel::startLoading(const LockUpdateBatch& batch)
{
    const int serverRows = m_rowsOfServer.value(batch.server);
    const bool replacesAll = size_t(serverRows) == m_rows.size();
    // A server that has rows among other servers' rows is updated in place (resetServer).
    if (!replacesAll && serverRows > 0)
        return false;
    if (replacesAll && batch.locks.size() <= firstLoadingStepRows)
        return false;
    if (replacesAll && !m_rows.empty()) {
        beginResetModel();
        m_rows.clear();
        m_rowOfKey.clear();
        m_rowsOfNode.clear();
        m_rowsOfServer.clear();
        endResetModel();
    }
    // Beside other servers' rows, each lock lands on its own among them in the sorted table
    // (the proxy inserts it apart, and the views follow): a row costs there what a thousand
    // rows appended at the end cost, so the steps start small and adapt from there.
    Loading loading;
    loading.besideOthers = !m_rows.empty();
    if (loading.besideOthers)
        m_stepRows = std::min(m_stepRows, firstStepRowsBesideOthers);
    loading.server = batch.server;
    loading.locks = batch.locks;
    if (!batch.changes.isEmpty()) {
        LockUpdateBatch after;
        after.server = batch.server;
        after.changes = batch.changes;
        loading.waiting.append(std::move(after));
    }
    // Room for every row at once: growing the rows or their index on the way would move all
    // rows loaded so far, within one step.
    m_rows.reserve(m_rows.size() + size_t(batch.locks.size()));
    m_rowOfKey.reserve(m_rows.capacity());
    m_loading.push_back(std::move(loading));
    // The first rows show at once; the rest follow after the event loop's turns.
    loadStep();
    return true;
}

void LockTableModel::loadStep()
{
    // Measured in the thread's CPU time: on a busy machine the wall-clock time of a step also
    // counts the waits for a CPU, and would shrink the steps for nothing.
    const double startMs = threadCpuMs();
    const int leastRows
        = !m_loading.empty() && m_loading.front().besideOthers ? minStepRowsBesideOthers : minStepRows;
    int rows = 0;
    while (!m_loading.empty() && threadCpuMs() - startMs < stepBudgetMs / 2) {
        Loading& loading = m_loading.front();
        const qsizetype count = std::min<qsizetype>(m_stepRows, loading.locks.size() - loading.next);
        addRows(loading.locks, loading.next, count);
        loading.next += count;
        rows += int(count);
        // The rows keep what they need: the listing's records go as they are loaded, not a
        // million at once at the end (each one releases a snapshot: 10-15 ms in one step). Only
        // from a list of its own: a shared one would be copied whole first.
        if (loading.locks.isDetached() && loading.next < loading.locks.size()) {
            loading.locks.remove(0, loading.next);
            loading.next = 0;
        }
        if (loading.next < loading.locks.size())
            continue;
        const QList<LockUpdateBatch> waiting = std::move(loading.waiting);
        m_loading.erase(m_loading.begin());
        for (const LockUpdateBatch& batch : waiting)
            apply(batch);
    }
    // The next step's size, from this one's pace: about stepBudgetMs of work.
    const double ms = threadCpuMs() - startMs;
    if (rows > 0 && ms > 0)
        m_stepRows = std::clamp(int(double(rows) * stepBudgetMs / ms), leastRows, 100'000);
    noteNodes();
    Q_EMIT loadingStepDone();
    if (!m_loading.empty())
        m_loadStep->start();
}

void LockTableModel::applyNow(const LockUpdateBatch& batch)
{
    // A listing replaces everything; changes seen after it (in the same batch) still apply.
    if (batch.reset) {
        if (size_t(m_rowsOfServer.value(batch.server)) == m_rows.size())
            reset(batch.locks);
        else
            resetServer(batch.server, batch.locks);
    }
    // The last state of each lock in this batch, in the order locks were first seen, and what
    // changed in it over the whole batch.
    // (Keyed by views into the batch's records, which outlive this.)
    std::unordered_map<LockIdView, std::optional<LockRecord>, LockIdHash> last;
    std::unordered_map<LockIdView, LockChange, LockIdHash> changed;
    std::vector<LockIdView> order;
    for (const auto& change : batch.changes) {
        const bool gone = change.event.type == LockEventRecord::Type::Released
            || change.event.type == LockEventRecord::Type::Expired;
        if (change.event.type == LockEventRecord::Type::Admin)
            continue;
        const LockIdView key = change.event.lockId();
        if (!last.contains(key))
            order.push_back(key);
        last[key] = gone ? std::nullopt : std::optional<LockRecord>(change.event.lock);
        changed[key] |= change.changes;
    }
    std::vector<int> removed;
    QList<LockRecord> added;
    for (const LockIdView& key : order) {
        const std::optional<LockRecord>& now = last[key];
        const int row = rowOf(key);
        if (!now) {
            if (row >= 0)
                removed.push_back(row);
            continue;
        }
        if (row < 0) {
            added.append(*now);
            continue;
        }
        Row& current = m_rows[size_t(row)];
        LockRecord updated = *now;
        // The bar's 100% is the largest lease seen, so a renewal refills it.
        updated.keepLargestLease(current.record.leaseMs());
        const QList<int> columns = columnsShowing(changed[key]);
        current = Row(std::move(updated));
        noteTurn(current);
        if (columns.isEmpty())
            continue;
        const auto [first, lastColumn] = std::minmax_element(columns.begin(), columns.end());
        Q_EMIT dataChanged(index(row, *first), index(row, *lastColumn));
    }
    const bool rowsComeAndGo = !removed.empty() || !added.isEmpty();
    if (!removed.empty())
        removeRows(std::move(removed));
    addRows(added);
    // A row's node is part of its key: only rows coming and going can change the nodes shown.
    if (rowsComeAndGo)
        noteNodes();
}

void LockTableModel::addRows(const QList<LockRecord>& locks, qsizetype first, qsizetype count)
{
    if (count < 0)
        count = locks.size() - first;
    if (count <= 0)
        return;
    const int firstRow = int(m_rows.size());
    beginInsertRows({}, firstRow, firstRow + int(count) - 1);
    for (qsizetype i = first; i < first + count; ++i) {
        const LockRecord& lock = locks[i];
        m_rowOfKey.insert(lock.id().hash(), int(m_rows.size()));
        countRow(lock, 1);
        noteTurn(m_rows.emplace_back(lock));
    }
    endInsertRows();
}

void LockTableModel::countRow(const LockRecord& lock, int delta)
{
    auto count = [delta](auto& counts, const auto& key) {
        auto it = counts.find(key);
        if (it == counts.end())
            it = counts.insert(key, 0);
        it.value() += delta;
        if (it.value() <= 0)
            counts.erase(it);
    };
    count(m_rowsOfNode, lock.node());
    count(m_rowsOfServer, lock.server());
}

void LockTableModel::reset(const QList<LockRecord>& locks)
{
    beginResetModel();
    m_rows.clear();
    m_rowsOfNode.clear();
    m_rowsOfServer.clear();
    m_rows.reserve(size_t(locks.size()));
    for (const auto& lock : locks) {
        countRow(lock, 1);
        noteTurn(m_rows.emplace_back(lock));
    }
    rebuildIndex();
    endResetModel();
    noteNodes();
}

void LockTableModel::resetServer(quint16 server, const QList<LockRecord>& locks)
{
    std::vector<bool> listed(m_rows.size(), false);
    QList<LockRecord> added;
    for (const LockRecord& lock : locks) {
        const int row = rowOf(lock.id());
        if (row < 0) {
            added.append(lock);
            continue;
        }
        listed[size_t(row)] = true;
        LockRecord updated = lock;
        updated.keepLargestLease(m_rows[size_t(row)].record.leaseMs());
        m_rows[size_t(row)] = Row(std::move(updated));
        noteTurn(m_rows[size_t(row)]);
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    std::vector<int> removed;
    for (size_t row = 0; row < m_rows.size(); ++row)
        if (!listed[row] && m_rows[row].record.server() == server)
            removed.push_back(int(row));
    if (!removed.empty())
        removeRows(std::move(removed));
    addRows(added);
    noteNodes();
}

void LockTableModel::setServerName(quint16 server, const QString& name)
{
    if (m_serverNames.value(server) == name)
        return;
    if (name.isEmpty())
        m_serverNames.remove(server);
    else
        m_serverNames.insert(server, name);
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, ServerColumn), index(int(m_rows.size()) - 1, ServerColumn));
    Q_EMIT serversChanged();
}

QList<quint16> LockTableModel::servers() const
{
    QList<quint16> servers = m_serverNames.keys();
    std::sort(servers.begin(), servers.end(), [this](quint16 left, quint16 right) {
        return m_serverNames.value(left).localeAwareCompare(m_serverNames.value(right)) < 0;
    });
    return servers;
}

QHash<quint16, LockTableModel::ServerCounts> LockTableModel::countsByServer() const
{
    QHash<quint16, ServerCounts> counts;
    for (const Row& row : m_rows) {
        ServerCounts& server = counts[row.record.server()];
        ++server.locks;
        server.stuck += row.record.stuck() ? 1 : 0;
        server.waiters += row.record.waiterCount();
    }
    return counts;
}

void LockTableModel::removeRows(std::vector<int> rows)
{
    // Highest first, one signal pair per contiguous block.
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    for (int row : rows)
        countRow(m_rows[size_t(row)].record, -1);
    if (countBlocks(rows) > scatteredBlockLimit) {
        removeScatteredRows(rows);
        return;
    }
    size_t i = 0;
    while (i < rows.size()) {
        const int last = rows[i];
        int first = last;
        while (i + 1 < rows.size() && rows[i + 1] == first - 1) {
            ++i;
            --first;
        }
        ++i;
        beginRemoveRows({}, first, last);
        m_rows.erase(m_rows.begin() + first, m_rows.begin() + last + 1);
        endRemoveRows();
    }
    rebuildIndex();
}

int LockTableModel::countBlocks(const std::vector<int>& descendingRows)
{
    int blocks = 0;
    for (size_t i = 0; i < descendingRows.size(); ++i)
        if (i == 0 || descendingRows[i] != descendingRows[i - 1] - 1)
            ++blocks;
    return blocks;
}

void LockTableModel::removeScatteredRows(const std::vector<int>& descendingRows)
{
    // Thousands of scattered removals would cost the proxy one pass over all rows each. Instead
    // the gone rows move to the end in one layout change (persistent indexes follow them), then
    // leave in one block.
    std::vector<bool> gone(m_rows.size(), false);
    for (int row : descendingRows)
        gone[size_t(row)] = true;
    std::vector<int> newRowOf(m_rows.size());
    int next = 0;
    for (int pass = 0; pass < 2; ++pass)
        for (size_t row = 0; row < m_rows.size(); ++row)
            if (gone[row] == (pass == 1))
                newRowOf[row] = next++;
    // Views and proxies may still read the old layout until layoutAboutToBeChanged returns.
    Q_EMIT layoutAboutToBeChanged();
    std::vector<size_t> rowAt(m_rows.size());
    for (size_t row = 0; row < m_rows.size(); ++row)
        rowAt[size_t(newRowOf[row])] = row;
    std::vector<Row> reordered;
    reordered.reserve(m_rows.size());
    for (size_t row : rowAt)
        reordered.push_back(std::move(m_rows[row]));
    const QModelIndexList from = persistentIndexList();
    QModelIndexList to;
    to.reserve(from.size());
    for (const QModelIndex& index : from)
        to.append(this->index(newRowOf[size_t(index.row())], index.column()));
    m_rows = std::move(reordered);
    changePersistentIndexList(from, to);
    Q_EMIT layoutChanged();
    const int survivors = int(m_rows.size() - descendingRows.size());
    beginRemoveRows({}, survivors, int(m_rows.size()) - 1);
    m_rows.erase(m_rows.begin() + survivors, m_rows.end());
    endRemoveRows();
    rebuildIndex();
}

void LockTableModel::rebuildIndex()
{
    m_rowOfKey.clear();
    m_rowOfKey.reserve(m_rows.size());
    for (size_t row = 0; row < m_rows.size(); ++row)
        m_rowOfKey.insert(m_rows[row].record.id().hash(), int(row));
}

void LockTableModel::noteNodes()
{
    QStringList nodes = m_rowsOfNode.keys();
    std::sort(nodes.begin(), nodes.end());
    if (nodes == m_nodes)
        return;
    m_nodes = nodes;
    Q_EMIT nodesChanged();
}

void LockTableModel::tick()
{
    const qint64 now = m_clock();
    const qint64 since = std::exchange(m_lastTickMs, now);
    if (m_rows.empty())
        return;
    if (now < since || now >= m_nextTurnMs)
        announceStateChanges(since, now);
    if (m_announcesCountdown)
        Q_EMIT dataChanged(index(0, TtlColumn), index(int(m_rows.size()) - 1, TtlColumn));
}

void LockTableModel::announceStateChanges(qint64 sinceMs, qint64 nowMs)
{
    // Only the countdown changes a state between updates (held -> expiring), at the moment each
    // row keeps (LockRecord::expiringAtMs). A row updated in between was announced by apply()
    // already; announcing it again is harmless. One signal per contiguous block of changed rows.
    // It also finds the next moment a row turns, so that the ticks before it skip this pass.
    int first = -1;
    qint64 nextTurnMs = std::numeric_limits<qint64>::max();
    auto flush = [this, &first](int end) {
        if (first >= 0)
            Q_EMIT dataChanged(index(first, StateColumn), index(end - 1, StateColumn));
        first = -1;
    };
    for (size_t row = 0; row < m_rows.size(); ++row) {
        const qint64 turnsAt = m_rows[row].expiringAtMs;
        const bool changed = (sinceMs >= turnsAt) != (nowMs >= turnsAt);
        if (turnsAt > nowMs)
            nextTurnMs = std::min(nextTurnMs, turnsAt);
        if (changed && first < 0)
            first = int(row);
        else if (!changed)
            flush(int(row));
    }
    flush(int(m_rows.size()));
    m_nextTurnMs = nextTurnMs;
}

void LockTableModel::noteTurn(const Row& row)
{
    // Rows that turned before the last tick change nothing at the next one.
    if (row.expiringAtMs > m_lastTickMs)
        m_nextTurnMs = std::min(m_nextTurnMs, row.expiringAtMs);
}

} // namespace lockscope::ui
