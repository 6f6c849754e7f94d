#include "monitor/LockActivityChart.h"
#include "monitor/LockEventLogModel.h"
#include "monitor/LockFilterProxyModel.h"
#include "monitor/LockTableExporter.h"
#include "monitor/LockTableModel.h"
#include "monitor/table/LockRowOrder.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include <QChart>
#include <QLineSeries>

using namespace lockscope;
using namespace lockscope::ui;

namespace {

constexpr qint64 baseMs = 1'700'000'000'000;

LockSnapshot snapshotNamed(const QString& name, LockKind kind = LockKind::Token,
    const QString& node = QStringLiteral("n1:6379"), qint64 ttlMs = 30'000)
{
    LockSnapshot lock;
    lock.name = name.toStdString();
    lock.kind = kind;
    lock.library = LockLibrary::RedisPy;
    lock.node = node.toStdString();
    if (ttlMs >= 0)
        lock.ttlMs = ttlMs;
    LockHolder holder;
    holder.owner = QStringLiteral("token-%1").arg(name).toStdString();
    lock.holders.push_back(holder);
    return lock;
}

LockRecord lockNamed(const QString& name, LockKind kind = LockKind::Token,
    const QString& node = QStringLiteral("n1:6379"), qint64 ttlMs = 30'000)
{
    return LockRecord::fromSnapshot(snapshotNamed(name, kind, node, ttlMs), baseMs);
}

LockUpdateBatch::Change change(
    LockEventRecord::Type type, const LockRecord& lock, LockChange changes = LockChange::everything())
{
    LockUpdateBatch::Change change;
    change.changes = changes;
    change.event.type = type;
    change.event.atMs = baseMs;
    change.event.lock = lock;
    return change;
}

LockUpdateBatch appearing(int first, int count)
{
    LockUpdateBatch batch;
    for (int i = first; i < first + count; ++i)
        batch.changes.append(
            change(LockEventRecord::Type::Appeared, lockNamed(QStringLiteral("lock:%1").arg(i))));
    return batch;
}

// Lists the first change's lock, applies the changes in one batch, and returns the first and last
// column of each dataChanged that followed.
QList<QPair<int, int>> announcedColumns(const QList<LockUpdateBatch::Change>& changes)
{
    LockTableModel locks;
    locks.setTickInterval(0);
    LockUpdateBatch listing;
    listing.reset = true;
    listing.locks = {lockNamed(changes.first().event.lock.name())};
    locks.apply(listing);
    QSignalSpy changed(&locks, &QAbstractItemModel::dataChanged);
    LockUpdateBatch batch;
    batch.changes = changes;
    locks.apply(batch);
    QList<QPair<int, int>> columns;
    for (const auto& signal : std::as_const(changed))
        columns.append(
            {signal.at(0).value<QModelIndex>().column(), signal.at(1).value<QModelIndex>().column()});
    return columns;
}

// No timer ticks `locks` and no countdown is announced: the test ticks it, at `now`.
void pinClock(LockTableModel& locks, const qint64& now)
{
    locks.setTickInterval(0);
    locks.setAnnouncesCountdown(false);
    locks.setClock([&now] { return now; });
}

// A lock table behind the sort/filter proxy, sorted by name, without the countdown's tick.
struct SortedTable
{
    explicit SortedTable(Qt::SortOrder order)
    {
        locks.setTickInterval(0);
        proxy.setSourceModel(&locks);
        proxy.sort(LockTableModel::NameColumn, order);
    }
    LockTableModel locks;
    LockFilterProxyModel proxy;
};

// What a tick announced: the first and last cell of each dataChanged, as (row, column).
struct Announced
{
    QList<QPair<int, int>> cells;
    int rowOfLock = -1; // the row of the lock applied between the ticks
};

// Lists "lock-long" (a minute's lease) with the clock pinned and ticks a second later, then
// applies `type` for `name` with an 8 s lease, and ticks 4 s later.
Announced announcedAfter(LockEventRecord::Type type, const QString& name)
{
    LockTableModel locks;
    qint64 now = baseMs;
    pinClock(locks, now);
    LockUpdateBatch listing;
    listing.reset = true;
    listing.locks
        = {lockNamed(QStringLiteral("lock-long"), LockKind::Token, QStringLiteral("n1:6379"), 60'000)};
    locks.apply(listing);
    now += 1'000;
    locks.tick();
    const LockRecord between = LockRecord::fromSnapshot(
        snapshotNamed(name, LockKind::Token, QStringLiteral("n1:6379"), 8'000), now);
    LockUpdateBatch batch;
    batch.changes.append(change(type, between, LockChange::Lease));
    locks.apply(batch);
    QSignalSpy changed(&locks, &QAbstractItemModel::dataChanged);
    now += 4'000; // 4 s left for the 8 s lease
    locks.tick();
    Announced announced;
    announced.rowOfLock = locks.rowOf(between.id());
    for (const auto& signal : std::as_const(changed))
        for (int at : {0, 1}) {
            const auto cell = signal.at(at).value<QModelIndex>();
            announced.cells.append({cell.row(), cell.column()});
        }
    return announced;
}

} // namespace

class tst_LockTableModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void passesTheModelTesterThroughResetsInsertsChangesAndRemovals()
    {
        LockTableModel locks;
        locks.setTickInterval(0);
        LockFilterProxyModel proxy;
        proxy.setSourceModel(&locks);
        proxy.sort(LockTableModel::TtlColumn);
        LockEventLogModel events;
        events.setCapacity(50);
        QAbstractItemModelTester lockTester(&locks, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester eventTester(&events, QAbstractItemModelTester::FailureReportingMode::QtTest);

        LockUpdateBatch reset;
        reset.reset = true;
        reset.locks = {lockNamed(QStringLiteral("a")), lockNamed(QStringLiteral("b"), LockKind::Reentrant)};
        locks.apply(reset);
        locks.apply(appearing(0, 40));
        events.appendBatch(appearing(0, 40));
        LockUpdateBatch mixed;
        LockSnapshot renewedLock = snapshotNamed(QStringLiteral("a"));
        renewedLock.ttlMs = 60'000;
        const LockRecord renewed = LockRecord::fromSnapshot(renewedLock, baseMs);
        mixed.changes.append(change(LockEventRecord::Type::Changed, renewed, LockChange::Lease));
        for (int i = 5; i < 25; i += 3)
            mixed.changes.append(
                change(LockEventRecord::Type::Released, lockNamed(QStringLiteral("lock:%1").arg(i))));
        mixed.changes.append(change(LockEventRecord::Type::Expired, lockNamed(QStringLiteral("lock:30"))));
        mixed.changes.append(
            change(LockEventRecord::Type::Appeared, lockNamed(QStringLiteral("c"), LockKind::Fair)));
        locks.apply(mixed);
        events.appendBatch(mixed);
        events.appendBatch(appearing(100, 30)); // beyond the capacity: the oldest go
        // Hundreds of scattered removals: moved together first, then removed in one block.
        locks.apply(appearing(1000, 1000));
        LockUpdateBatch scattered;
        for (int i = 1000; i < 2000; i += 2)
            scattered.changes.append(
                change(LockEventRecord::Type::Released, lockNamed(QStringLiteral("lock:%1").arg(i))));
        locks.apply(scattered);
        proxy.setTextFilter(QStringLiteral("lock:1"));
        proxy.setKindFilter(LockKind::Token);
        proxy.setNodeFilter(QStringLiteral("n1:6379"));
        locks.tick();
        proxy.setTextFilter({});
        proxy.setKindFilter(std::nullopt);
        QCOMPARE(locks.rowCount(), 2 + 40 - 7 - 1 + 1 + 500);
        QCOMPARE(locks.rowOf(LockId(0, "n1:6379", "lock:1000")), -1);
        QVERIFY(locks.rowOf(LockId(0, "n1:6379", "lock:1001")) >= 0);
        QCOMPARE(events.rowCount(), 50);
        QCOMPARE(proxy.rowCount(), locks.rowCount());
    }

    void insertsAHundredThousandRowsInBatchesWithOneSignalPerBatch()
    {
        LockTableModel locks;
        locks.setTickInterval(0);
        QSignalSpy inserted(&locks, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&locks, &QAbstractItemModel::dataChanged);
        QSignalSpy removed(&locks, &QAbstractItemModel::rowsRemoved);
        for (int batch = 0; batch < 10; ++batch)
            locks.apply(appearing(batch * 10'000, 10'000));
        QCOMPARE(locks.rowCount(), 100'000);
        QCOMPARE(inserted.count(), 10);
        QCOMPARE(changed.count(), 0);

        // 1,000 renewed locks: one dataChanged each, and only for the columns that changed.
        LockUpdateBatch renewals;
        for (int i = 0; i < 100'000; i += 100) {
            LockSnapshot renewedLock = snapshotNamed(QStringLiteral("lock:%1").arg(i));
            renewedLock.ttlMs = 90'000;
            const LockRecord lock = LockRecord::fromSnapshot(renewedLock, baseMs);
            renewals.changes.append(change(LockEventRecord::Type::Changed, lock, LockChange::Lease));
        }
        locks.apply(renewals);
        QCOMPARE(changed.count(), 1000);
        for (const auto& signal : std::as_const(changed)) {
            const auto from = signal.at(0).value<QModelIndex>();
            const auto to = signal.at(1).value<QModelIndex>();
            QCOMPARE(from.row(), to.row());
            QCOMPARE(from.column(), int(LockTableModel::TtlColumn));
            QCOMPARE(to.column(), int(LockTableModel::StateColumn));
        }
        // A change of what no column shows (the keys) announces nothing.
        changed.clear();
        LockUpdateBatch keysOnly;
        for (const auto& renewal : std::as_const(renewals.changes))
            keysOnly.changes.append(
                change(LockEventRecord::Type::Changed, renewal.event.lock, LockChange::Keys));
        locks.apply(keysOnly);
        QCOMPARE(changed.count(), 0);

        // 10,000 locks gone in one contiguous block: one removal.
        LockUpdateBatch gone;
        for (int i = 20'000; i < 30'000; ++i)
            gone.changes.append(
                change(LockEventRecord::Type::Expired, lockNamed(QStringLiteral("lock:%1").arg(i))));
        locks.apply(gone);
        QCOMPARE(locks.rowCount(), 90'000);
        QCOMPARE(removed.count(), 1);
        QCOMPARE(locks.rowOf(LockId(0, "n1:6379", "lock:30000")), 20'000);

        // The countdown repaints the TTL column of all rows with one signal (their states did not
        // change since the last tick).
        changed.clear();
        locks.tick();
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).value<QModelIndex>().column(), int(LockTableModel::TtlColumn));
        QCOMPARE(changed.first().at(1).value<QModelIndex>().row(), locks.rowCount() - 1);
    }

    void appliesChangesThatFollowAListingInTheSameBatch()
    {
        LockTableModel locks;
        locks.setTickInterval(0);
        LockUpdateBatch batch;
        batch.reset = true;
        batch.locks = {lockNamed(QStringLiteral("listed"))};
        batch.append(appearing(0, 2));
        locks.apply(batch);
        QCOMPARE(locks.rowCount(), 3);
    }

    void alertingLocksAreHighlightedAndSayWhyUntilTheAlertEnds()
    {
        LockTableModel locks;
        QAbstractItemModelTester tester(&locks, QAbstractItemModelTester::FailureReportingMode::QtTest);
        locks.setTickInterval(0);
        LockUpdateBatch listing;
        listing.reset = true;
        listing.locks = {lockNamed(QStringLiteral("calm")), lockNamed(QStringLiteral("slow"))};
        locks.apply(listing);
        const int slow = locks.rowOf(lockNamed(QStringLiteral("slow")).id());
        const int calm = locks.rowOf(lockNamed(QStringLiteral("calm")).id());
        QSignalSpy changed(&locks, &QAbstractItemModel::dataChanged);

        locks.setAlerts({{LockId(lockNamed(QStringLiteral("slow")).id()), QStringLiteral("held for 2 min")}});
        QCOMPARE(changed.size(), 1); // the alerting row only
        QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), slow);
        QVERIFY(locks.index(slow, LockTableModel::HoldersColumn).data(Qt::BackgroundRole).isValid());
        QVERIFY(!locks.index(calm, LockTableModel::HoldersColumn).data(Qt::BackgroundRole).isValid());
        QVERIFY(locks.index(slow, LockTableModel::NameColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("held for 2 min")));
        QCOMPARE(locks.index(slow, 0).data(LockTableModel::AlertRole).toString(),
            QStringLiteral("held for 2 min"));

        locks.setAlerts({});
        QCOMPARE(changed.size(), 2);
        QVERIFY(!locks.index(slow, LockTableModel::HoldersColumn).data(Qt::BackgroundRole).isValid());
    }

    void theSameKeyOnTwoServersIsTwoRowsChangedAndRemovedApart()
    {
        // Two databases of one server (or two servers reached at one address) hold locks with the
        // same node and name: only the server tells them apart.
        LockTableModel locks;
        locks.setTickInterval(0);
        QAbstractItemModelTester tester(&locks, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const LockSnapshot same = snapshotNamed(QStringLiteral("lock:same"));
        for (quint16 server : {quint16(1), quint16(2)}) {
            LockUpdateBatch listing;
            listing.server = server;
            listing.reset = true;
            listing.locks = {LockRecord::fromSnapshot(same, baseMs, server)};
            locks.apply(listing);
        }
        const auto key = [](quint16 server) { return LockId(server, "n1:6379", "lock:same"); };
        QCOMPARE(locks.rowCount(), 2);
        const int onOne = locks.rowOf(key(1));
        const int onTwo = locks.rowOf(key(2));
        QVERIFY(onOne >= 0 && onTwo >= 0 && onOne != onTwo);
        QCOMPARE(locks.recordAt(onTwo).server(), quint16(2));
        QCOMPARE(locks.rowOf(key(3)), -1);

        LockSnapshot renewedLock = same;
        renewedLock.ttlMs = 90'000;
        LockUpdateBatch renewal;
        renewal.server = 2;
        renewal.changes.append(change(LockEventRecord::Type::Changed,
            LockRecord::fromSnapshot(renewedLock, baseMs, 2), LockChange::Lease));
        locks.apply(renewal);
        QCOMPARE(locks.recordAt(locks.rowOf(key(2))).ttlMs(), 90'000);
        QCOMPARE(locks.recordAt(locks.rowOf(key(1))).ttlMs(), 30'000);

        locks.setAlerts({{key(2), QStringLiteral("held for 2 min")}});
        QCOMPARE(locks.index(locks.rowOf(key(2)), 0).data(LockTableModel::AlertRole).toString(),
            QStringLiteral("held for 2 min"));
        QCOMPARE(locks.index(locks.rowOf(key(1)), 0).data(LockTableModel::AlertRole).toString(), QString());

        LockUpdateBatch release;
        release.server = 2;
        release.changes.append(
            change(LockEventRecord::Type::Released, LockRecord::fromSnapshot(renewedLock, baseMs, 2)));
        locks.apply(release);
        QCOMPARE(locks.rowCount(), 1);
        QCOMPARE(locks.rowOf(key(2)), -1);
        QCOMPARE(locks.recordAt(locks.rowOf(key(1))).server(), quint16(1));
    }

    void aQueuedBatchOfChangesKeepsItsServer()
    {
        // A monitor's queue starts from an empty batch: the changes it gathers stay its server's.
        LockUpdateBatch pending;
        LockUpdateBatch later;
        later.server = 3;
        later.changes.append(change(LockEventRecord::Type::Released,
            LockRecord::fromSnapshot(snapshotNamed(QStringLiteral("lock:same")), baseMs, 3)));
        pending.append(later);
        QCOMPARE(pending.server, quint16(3));
        QCOMPARE(pending.changes.size(), 1);
    }

    void announcesOnlyTheColumnsThatShowTheChangedFields()
    {
        LockSnapshot laterLock = snapshotNamed(QStringLiteral("fenced"));
        laterLock.fence = 8;
        const LockRecord later = LockRecord::fromSnapshot(laterLock, baseMs);
        const auto announced
            = announcedColumns({change(LockEventRecord::Type::Changed, later, LockChange::Fence)});
        QCOMPARE(
            announced, (QList<QPair<int, int>> {{LockTableModel::FenceColumn, LockTableModel::FenceColumn}}));
    }

    void announcesWhatChangedOverAllOfABatchsChangesToOneLock()
    {
        LockSnapshot fencedLock = snapshotNamed(QStringLiteral("busy"));
        fencedLock.fence = 3;
        LockSnapshot queuedLock = fencedLock;
        queuedLock.waiterCount = 2;
        const LockRecord fenced = LockRecord::fromSnapshot(fencedLock, baseMs);
        const LockRecord queued = LockRecord::fromSnapshot(queuedLock, baseMs);
        const auto announced
            = announcedColumns({change(LockEventRecord::Type::Changed, fenced, LockChange::Fence),
                change(LockEventRecord::Type::Changed, queued, LockChange::WaiterCount)});
        QCOMPARE(announced,
            (QList<QPair<int, int>> {{LockTableModel::WaitersColumn, LockTableModel::FenceColumn}}));
    }

    void exportsTheFilteredTableAsCsvAndJson()
    {
        LockTableModel locks;
        locks.setTickInterval(0);
        LockFilterProxyModel proxy;
        proxy.setSourceModel(&locks);
        LockSnapshot snapshot;
        snapshot.name = "orders,\"eu\"";
        snapshot.kind = LockKind::Reentrant;
        snapshot.library = LockLibrary::Redisson;
        snapshot.node = "n1:6379";
        snapshot.ttlMs = 30000;
        snapshot.holders.push_back(
            {"uuid:1", std::string("uuid"), std::string("1"), 2, HolderMode::Exclusive, std::nullopt, {}});
        LockUpdateBatch batch;
        batch.reset = true;
        batch.locks = {LockRecord::fromSnapshot(snapshot, baseMs), lockNamed(QStringLiteral("other"))};
        locks.apply(batch);
        proxy.setKindFilter(LockKind::Reentrant);

        const QString csv = QString::fromUtf8(LockTableExporter::toCsv(proxy));
        const QStringList lines = csv.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines[0].startsWith(QStringLiteral("Name,Kind,Holder(s)")));
        QVERIFY2(lines[1].startsWith(QStringLiteral("\"orders,\\\"\"eu\\\"\"\",")), qPrintable(lines[1]));

        const QByteArray json = LockTableExporter::toJson(proxy, locks);
        QVERIFY2(json.startsWith("[{\"name\":\"orders,\\\"eu\\\"\""), json.constData());
        QVERIFY(json.contains("\"kind\":\"reentrant\""));
        QVERIFY(!json.contains("other"));
    }

    void chartsLocksHeldAndEventsPerSecond()
    {
        LockActivityChart chart;
        chart.resize(800, 240);
        chart.show();
        LockUpdateBatch burst = appearing(0, 7);
        burst.changes.append(change(LockEventRecord::Type::Expired, lockNamed(QStringLiteral("lock:0"))));
        chart.record(burst);
        chart.setLockCount(6);
        chart.sample(baseMs);
        chart.record(appearing(10, 2));
        chart.setLockCount(8);
        chart.sample(baseMs + 1000);
        QCOMPARE(chart.sampleCount(), 2);
        QMap<QString, QList<QPointF>> series;
        for (QAbstractSeries* each : chart.chart()->series())
            series[each->name()] = static_cast<QLineSeries*>(each)->points();
        QCOMPARE(series[QStringLiteral("Locks held")],
            (QList<QPointF> {{qreal(baseMs), 6}, {qreal(baseMs + 1000), 8}}));
        QCOMPARE(series[QStringLiteral("Acquired/s")],
            (QList<QPointF> {{qreal(baseMs), 7}, {qreal(baseMs + 1000), 2}}));
        QCOMPARE(series[QStringLiteral("Expired/s")],
            (QList<QPointF> {{qreal(baseMs), 1}, {qreal(baseMs + 1000), 0}}));
    }

    void countsTheTtlDownFromWhenItWasRead()
    {
        LockTableModel locks;
        locks.setTickInterval(0);
        qint64 now = baseMs;
        locks.setClock([&now] { return now; });
        LockUpdateBatch batch;
        batch.reset = true;
        batch.locks = {lockNamed(QStringLiteral("a"), LockKind::Token, QStringLiteral("n1:6379"), 10'000)};
        locks.apply(batch);
        const QModelIndex ttl = locks.index(0, LockTableModel::TtlColumn);
        QCOMPARE(ttl.data(LockTableModel::RemainingTtlRole).toLongLong(), 10'000);
        QCOMPARE(ttl.data(LockTableModel::TtlFractionRole).toDouble(), 1.0);
        now += 6'000;
        QCOMPARE(ttl.data(LockTableModel::RemainingTtlRole).toLongLong(), 4'000);
        QCOMPARE(ttl.data().toString(), LockTableModel::formatDuration(4'000));
        QCOMPARE(locks.index(0, LockTableModel::StateColumn).data().toString(),
            LockTableModel::stateName(LockRecord::State::Expiring));
        now += 60'000;
        QCOMPARE(ttl.data(LockTableModel::RemainingTtlRole).toLongLong(), 0);
    }

    void aTickAnnouncesTheStateOfOnlyTheLocksThatTurnedExpiring()
    {
        LockTableModel locks;
        qint64 now = baseMs;
        pinClock(locks, now);
        QAbstractItemModelTester tester(&locks, QAbstractItemModelTester::FailureReportingMode::QtTest);
        LockUpdateBatch batch;
        batch.reset = true;
        const QList<qint64> ttls {60'000, 8'000, 9'000, 60'000, 30'000, 7'000};
        for (int i = 0; i < ttls.size(); ++i)
            batch.locks.append(
                lockNamed(QStringLiteral("lock-%1").arg(i), LockKind::Token, QStringLiteral("n1:6379"),
                    i == 3 ? -1 : ttls[i])); // the fourth without a TTL: never expiring
        locks.apply(batch);
        QSignalSpy changed(&locks, &QAbstractItemModel::dataChanged);

        now += 1'000;
        locks.tick();
        QCOMPARE(changed.count(), 0); // nobody within 5 s of the end yet
        now += 3'000; // 4 s, 5 s and 3 s left for the 8 s, 9 s and 7 s locks
        locks.tick();
        QCOMPARE(changed.count(), 2);
        // Rows 1 and 2 together (one block), and row 5: the state column only.
        QCOMPARE(changed.at(0).at(0).value<QModelIndex>(), locks.index(1, LockTableModel::StateColumn));
        QCOMPARE(changed.at(0).at(1).value<QModelIndex>(), locks.index(2, LockTableModel::StateColumn));
        QCOMPARE(changed.at(1).at(0).value<QModelIndex>(), locks.index(5, LockTableModel::StateColumn));
        QCOMPARE(changed.at(1).at(1).value<QModelIndex>(), locks.index(5, LockTableModel::StateColumn));
        changed.clear();
        now += 500;
        locks.tick();
        QCOMPARE(changed.count(), 0); // expiring stays expiring until Redis says it is gone
    }

    void aLockThatAppearsBetweenTicksTurnsExpiringOnTime()
    {
        // Until the earliest moment a row turns expiring, the ticks have nothing to announce: a
        // lock that comes in between brings that moment forward.
        const Announced announced
            = announcedAfter(LockEventRecord::Type::Appeared, QStringLiteral("lock-short"));
        const QPair<int, int> state {announced.rowOfLock, LockTableModel::StateColumn};
        QCOMPARE(announced.cells, (QList<QPair<int, int>> {state, state}));
    }

    void aLockShortenedBetweenTicksTurnsExpiringOnTime()
    {
        const Announced announced
            = announcedAfter(LockEventRecord::Type::Changed, QStringLiteral("lock-long"));
        const QPair<int, int> state {announced.rowOfLock, LockTableModel::StateColumn};
        QCOMPARE(announced.cells, (QList<QPair<int, int>> {state, state}));
    }

    void aServersListingGoesInInStepsBesideTheOtherServersRows()
    {
        // Beside another server's rows each lock lands on its own in the sorted table: a listing
        // then goes in over several turns of the event loop, and the other server's rows stay.
        SortedTable table(Qt::AscendingOrder);
        LockTableModel& locks = table.locks;
        LockFilterProxyModel& proxy = table.proxy;
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // The first server's listing goes in at once, the second's beside it.
        const QHash<quint16, int> listed {{1, 200}, {2, 1000}};
        for (quint16 server : {quint16(1), quint16(2)}) {
            LockUpdateBatch listing;
            listing.server = server;
            listing.reset = true;
            for (int i = 0; i < listed.value(server); ++i)
                listing.locks.append(LockRecord::fromSnapshot(
                    snapshotNamed(QStringLiteral("lock:%1").arg(i, 6, 10, QLatin1Char('0'))), baseMs,
                    server));
            std::stable_sort(listing.locks.begin(), listing.locks.end(),
                LockRowOrder(LockTableModel::NameColumn, Qt::AscendingOrder, baseMs));
            locks.apply(listing);
            if (server == 2) {
                QVERIFY(locks.isLoading());
                QCOMPARE(locks.countsByServer().value(1).locks, 200);
                QVERIFY(locks.countsByServer().value(2).locks < 1000);
            }
            QTRY_VERIFY_WITH_TIMEOUT(!locks.isLoading(), 60000);
        }

        QCOMPARE(locks.countsByServer().value(1).locks, 200);
        QCOMPARE(locks.countsByServer().value(2).locks, 1000);
        QCOMPARE(proxy.rowCount(), 1200);
        // Sorted by name: the first 200 names twice, one of each server.
        QCOMPARE(proxy.index(0, LockTableModel::NameColumn).data().toString(), QStringLiteral("lock:000000"));
        QCOMPARE(proxy.index(1, LockTableModel::NameColumn).data().toString(), QStringLiteral("lock:000000"));
        QCOMPARE(
            proxy.index(1199, LockTableModel::NameColumn).data().toString(), QStringLiteral("lock:000999"));
    }

    void sortedByStateALockMovesWhenItTurnsExpiring()
    {
        LockTableModel locks;
        qint64 now = baseMs;
        pinClock(locks, now);
        LockFilterProxyModel proxy;
        proxy.setSourceModel(&locks);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(LockTableModel::StateColumn, Qt::DescendingOrder); // expiring before held
        LockUpdateBatch batch;
        batch.reset = true;
        batch.locks
            = {lockNamed(QStringLiteral("long-a"), LockKind::Token, QStringLiteral("n1:6379"), 60'000),
                lockNamed(QStringLiteral("long-b"), LockKind::Token, QStringLiteral("n1:6379"), 60'000),
                lockNamed(QStringLiteral("short"), LockKind::Token, QStringLiteral("n1:6379"), 8'000)};
        locks.apply(batch);
        auto shownRowOf = [&proxy](const QString& name) {
            for (int row = 0; row < proxy.rowCount(); ++row)
                if (proxy.index(row, LockTableModel::NameColumn).data().toString() == name)
                    return row;
            return -1;
        };
        QCOMPARE(shownRowOf(QStringLiteral("short")), 2); // all held: source order

        now += 4'000;
        locks.tick();
        QCOMPARE(shownRowOf(QStringLiteral("short")), 0);
        QCOMPARE(proxy.index(0, LockTableModel::StateColumn).data().toString(),
            LockTableModel::stateName(LockRecord::State::Expiring));
    }

    void filteredByStateALockAppearsWhenItTurnsExpiring()
    {
        LockTableModel locks;
        qint64 now = baseMs;
        pinClock(locks, now);
        LockFilterProxyModel proxy;
        proxy.setSourceModel(&locks);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        LockUpdateBatch batch;
        batch.reset = true;
        batch.locks = {lockNamed(QStringLiteral("long"), LockKind::Token, QStringLiteral("n1:6379"), 60'000),
            lockNamed(QStringLiteral("short"), LockKind::Token, QStringLiteral("n1:6379"), 8'000)};
        locks.apply(batch);
        proxy.setStateFilter(LockRecord::State::Expiring);
        QCOMPARE(proxy.rowCount(), 0);
        now += 4'000;
        locks.tick();
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.index(0, LockTableModel::NameColumn).data().toString(), QStringLiteral("short"));
        proxy.setStateFilter(LockRecord::State::Held);
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.index(0, LockTableModel::NameColumn).data().toString(), QStringLiteral("long"));
    }

    void filtersByTextKindAndNode()
    {
        LockTableModel locks;
        locks.setTickInterval(0);
        LockFilterProxyModel proxy;
        proxy.setSourceModel(&locks);
        LockUpdateBatch batch;
        batch.reset = true;
        batch.locks = {lockNamed(QStringLiteral("orders"), LockKind::Token, QStringLiteral("n1:6379")),
            lockNamed(QStringLiteral("payments"), LockKind::Reentrant, QStringLiteral("n1:6379")),
            lockNamed(QStringLiteral("ORDERS-2"), LockKind::Reentrant, QStringLiteral("n2:6379"))};
        locks.apply(batch);
        QCOMPARE(locks.nodes(), (QStringList {QStringLiteral("n1:6379"), QStringLiteral("n2:6379")}));
        proxy.setTextFilter(QStringLiteral("order"));
        QCOMPARE(proxy.rowCount(), 2);
        proxy.setKindFilter(LockKind::Reentrant);
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(proxy.index(0, LockTableModel::NameColumn).data().toString(), QStringLiteral("ORDERS-2"));
        proxy.setNodeFilter(QStringLiteral("n1:6379"));
        QCOMPARE(proxy.rowCount(), 0);
        proxy.setTextFilter({});
        proxy.setKindFilter(std::nullopt);
        QCOMPARE(proxy.rowCount(), 2);
    }

    void aHolderWhoseServiceIsKnownShowsItAndTheTokenOnHover()
    {
        LockTableModel locks;
        locks.setTickInterval(0);
        LockSnapshot named = snapshotNamed(QStringLiteral("orders:rebuild"));
        HolderIdentification who;
        who.name = "orders-service";
        who.addr = "10.0.0.5:51234";
        who.source = IdentitySource::Sample;
        named.holders.front().identity = who;
        LockUpdateBatch batch;
        batch.reset = true;
        batch.locks = {LockRecord::fromSnapshot(named, baseMs), lockNamed(QStringLiteral("payments"))};
        locks.apply(batch);
        const int row = locks.index(0, 0).data().toString() == QStringLiteral("orders:rebuild") ? 0 : 1;
        const QModelIndex holder = locks.index(row, LockTableModel::HoldersColumn);
        QCOMPARE(holder.data().toString(), QStringLiteral("orders-service \u00B7 10.0.0.5"));
        QVERIFY(holder.data(Qt::ToolTipRole).toString().contains(QStringLiteral("token-orders:rebuild")));
        // A holder nobody identified still shows its token.
        QCOMPARE(locks.index(1 - row, LockTableModel::HoldersColumn).data().toString(),
            QStringLiteral("token-payments"));
        // LOCKSCOPE_HOLDER_SCREENSHOT=<file.png>: the table as it shows, to look at.
        if (const QString png = qEnvironmentVariable("LOCKSCOPE_HOLDER_SCREENSHOT"); !png.isEmpty()) {
            QTableView view;
            view.setModel(&locks);
            view.resize(1100, 160);
            view.resizeColumnsToContents();
            view.show();
            QVERIFY(view.grab().save(png));
        }
    }

    void aLockShowsItsLibrarysNameWithItsKeyInAColumnAndIsFoundByEither()
    {
        LockTableModel locks;
        locks.setTickInterval(0);
        LockFilterProxyModel proxy;
        proxy.setSourceModel(&locks);
        LockSnapshot laravel
            = snapshotNamed(QStringLiteral("laravel_database_laravel_cache:reports:monthly"));
        laravel.library = LockLibrary::Laravel;
        laravel.apiName = std::string("reports:monthly");
        laravel.keys = {laravel.name};
        LockUpdateBatch batch;
        batch.reset = true;
        batch.locks = {LockRecord::fromSnapshot(laravel, baseMs), lockNamed(QStringLiteral("payments"))};
        locks.apply(batch);
        const int row = proxy.index(0, 0).data().toString() == QStringLiteral("reports:monthly") ? 0 : 1;
        QCOMPARE(proxy.index(row, LockTableModel::NameColumn).data().toString(),
            QStringLiteral("reports:monthly"));
        QCOMPARE(proxy.index(row, LockTableModel::KeyColumn).data().toString(),
            QStringLiteral("laravel_database_laravel_cache:reports:monthly"));
        QCOMPARE(proxy.headerData(LockTableModel::KeyColumn, Qt::Horizontal).toString(),
            QStringLiteral("Redis Key"));
        proxy.setTextFilter(QStringLiteral("reports:monthly"));
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setTextFilter(QStringLiteral("laravel_database"));
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(
            proxy.index(0, LockTableModel::NameColumn).data().toString(), QStringLiteral("reports:monthly"));
    }

    void sortedByNameRowsFollowTheShownNamesIgnoringCase()
    {
        LockTableModel locks;
        locks.setTickInterval(0);
        LockFilterProxyModel proxy;
        proxy.setSourceModel(&locks);
        proxy.sort(LockTableModel::NameColumn, Qt::AscendingOrder);
        // Plain names, names that differ only in case or length, and names shown escaped (a
        // control byte, a backslash, a byte above ASCII), which sort by how they show.
        const std::vector<std::string> names {"beta", "Alpha", "alpha2", "a\x01z", "ab", "AB-",
            std::string("a\x01y", 4) + "\x7f", "a\\b", "\xc3\xa9t\xc3\xa9", "Zeta", "zet", ""};
        LockUpdateBatch batch;
        batch.reset = true;
        QStringList shown;
        for (const auto& name : names) {
            LockSnapshot lock = snapshotNamed({});
            lock.name = name;
            batch.locks.append(LockRecord::fromSnapshot(lock, baseMs));
            shown.append(batch.locks.back().name());
        }
        locks.apply(batch);
        std::stable_sort(shown.begin(), shown.end(),
            [](const QString& a, const QString& b) { return a.compare(b, Qt::CaseInsensitive) < 0; });
        QStringList sorted;
        for (int row = 0; row < proxy.rowCount(); ++row)
            sorted.append(proxy.index(row, LockTableModel::NameColumn).data().toString());
        QCOMPARE(sorted.size(), shown.size());
        for (int i = 0; i < sorted.size(); ++i)
            QVERIFY2(sorted[i].compare(shown[i], Qt::CaseInsensitive) == 0,
                qPrintable(
                    sorted.join(QLatin1Char('|')) + QStringLiteral(" vs ") + shown.join(QLatin1Char('|'))));
        // A monitor sorts its listing into exactly this order before handing it over.
        QList<LockRecord> listed = batch.locks;
        std::stable_sort(listed.begin(), listed.end(),
            LockRowOrder(LockTableModel::NameColumn, Qt::AscendingOrder, baseMs));
        QStringList ordered;
        for (const LockRecord& lock : std::as_const(listed))
            ordered.append(lock.name());
        QCOMPARE(ordered, sorted);
    }

    void aLargeListingGoesInInStepsAsBlocksAtTheEndOfTheSortedTable()
    {
        SortedTable table(Qt::DescendingOrder);
        LockTableModel& locks = table.locks;
        LockFilterProxyModel& proxy = table.proxy;
        QAbstractItemModelTester lockTester(&locks, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int listed = 4 * LockTableModel::firstLoadingStepRows;
        LockUpdateBatch listing;
        listing.reset = true;
        for (int i = 0; i < listed; ++i)
            listing.locks.append(lockNamed(QStringLiteral("lock:%1").arg(i, 6, 10, QLatin1Char('0'))));
        // In the table's order, as a monitor hands it over.
        std::stable_sort(listing.locks.begin(), listing.locks.end(),
            LockRowOrder(LockTableModel::NameColumn, Qt::DescendingOrder, baseMs));
        QSignalSpy steps(&locks, &QAbstractItemModel::rowsInserted);
        QSignalSpy shown(&proxy, &QAbstractItemModel::rowsInserted);

        locks.apply(listing);
        QVERIFY(locks.isLoading());
        QVERIFY2(
            locks.rowCount() > 0 && locks.rowCount() < listed, qPrintable(QString::number(locks.rowCount())));
        // What the server says meanwhile waits for the listing: the last lock listed goes, one comes.
        LockUpdateBatch meanwhile;
        meanwhile.changes.append(change(LockEventRecord::Type::Released, listing.locks.constLast()));
        meanwhile.changes.append(
            change(LockEventRecord::Type::Appeared, lockNamed(QStringLiteral("lock:new"))));
        locks.apply(meanwhile);
        QVERIFY(locks.rowOf(LockId(0, "n1:6379", "lock:new")) < 0);
        QTRY_VERIFY_WITH_TIMEOUT(!locks.isLoading(), 20000);

        QCOMPARE(locks.rowCount(), listed);
        QCOMPARE(proxy.rowCount(), listed);
        QCOMPARE(locks.rowOf(listing.locks.constLast().id()), -1);
        QVERIFY(locks.rowOf(LockId(0, "n1:6379", "lock:new")) >= 0);
        QCOMPARE(proxy.index(0, LockTableModel::NameColumn).data().toString(), QStringLiteral("lock:new"));
        QCOMPARE(proxy.index(listed - 1, LockTableModel::NameColumn).data().toString(),
            QStringLiteral("lock:000001"));
        // Each step of the listing was one block, appended at the end of the table as shown; then
        // the lock that came meanwhile.
        QVERIFY(steps.count() > 2);
        QCOMPARE(shown.count(), steps.count());
        int before = 0;
        for (int step = 0; step + 1 < shown.count(); ++step) {
            QCOMPARE(shown.at(step).at(1).toInt(), before);
            before = shown.at(step).at(2).toInt() + 1;
        }
        QCOMPARE(before, listed);
    }

    void theEventLogDropsItsOldestEventsInBlocksNotWithEveryBatch()
    {
        LockEventLogModel events;
        events.setCapacity(80);
        QAbstractItemModelTester tester(&events, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy removed(&events, &QAbstractItemModel::rowsRemoved);
        for (int i = 0; i < 100; ++i)
            events.appendBatch(appearing(i, 1));
        // Up to an eighth over the capacity is kept; the 91st event took the log back to 80.
        QCOMPARE(removed.count(), 1);
        QCOMPARE(events.rowCount(), 89);
        QCOMPARE(events.eventAt(0).lockName(), QStringLiteral("lock:11"));
        QCOMPARE(events.eventAt(88).lockName(), QStringLiteral("lock:99"));
    }

    void aNewerListingReplacesOneStillGoingIn()
    {
        LockTableModel locks;
        locks.setTickInterval(0);
        LockFilterProxyModel proxy;
        proxy.setSourceModel(&locks);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        LockUpdateBatch first;
        first.reset = true;
        for (int i = 0; i < 3 * LockTableModel::firstLoadingStepRows; ++i)
            first.locks.append(lockNamed(QStringLiteral("first:%1").arg(i)));
        LockUpdateBatch second;
        second.reset = true;
        for (int i = 0; i < 2 * LockTableModel::firstLoadingStepRows; ++i)
            second.locks.append(lockNamed(QStringLiteral("second:%1").arg(i)));

        locks.apply(first);
        QVERIFY(locks.isLoading());
        locks.apply(second);
        QTRY_VERIFY_WITH_TIMEOUT(!locks.isLoading(), 20000);

        QCOMPARE(locks.rowCount(), int(second.locks.size()));
        QCOMPARE(proxy.rowCount(), int(second.locks.size()));
        QCOMPARE(locks.rowOf(LockId(0, "n1:6379", "first:0")), -1);
        QVERIFY(locks.rowOf(LockId(0, "n1:6379", "second:0")) >= 0);
    }
};

QTEST_MAIN(tst_LockTableModel)
#include "tst_LockTableModel.moc"
