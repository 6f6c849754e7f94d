#include "monitor/LockRecord.h"

#include "base/CoreTexts.h"
#include "common/EscapeBytes.h"
#include "inspect/HoldersText.h"

#include <QHash>

#include <algorithm>
#include <limits>

namespace lockscope::ui {

namespace {

QString escaped(const std::string& bytes, size_t maxBytes = 1024)
{
    return QString::fromStdString(escapeBytes(bytes, maxBytes));
}

// The same few texts (a library, a reason, a node, a mode) recur in every row: one copy each,
// shared (QString shares its buffer), instead of one per call. A pool per thread, emptied when
// it fills up with texts that do not recur.
QString shared(QString text)
{
    thread_local QHash<QString, QString> pool;
    if (text.isEmpty())
        return text;
    auto found = pool.constFind(text);
    if (found != pool.constEnd())
        return found.value();
    if (pool.size() >= 4096)
        pool.clear();
    pool.insert(text, text);
    return text;
}

} // namespace

LockRecord LockRecord::fromSnapshot(SharedLockSnapshot snapshot, qint64 readAtMs, quint16 server)
{
    LockRecord record;
    record.m_idHash = LockIdView(server, snapshot->node, snapshot->name).hash();
    record.m_server = server;
    record.m_readAtMs = readAtMs;
    record.m_snapshot = std::move(snapshot);
    record.m_leaseMs = record.ttlMs();
    return record;
}

LockIdView LockRecord::id() const
{
    return LockIdView::withKnownHash(server(), m_snapshot->node, m_snapshot->name, size_t(m_idHash));
}

QString LockRecord::name() const
{
    return escaped(m_snapshot->shownName());
}

QString LockRecord::library() const
{
    return shared(CoreTexts::library(m_snapshot->library));
}

QString LockRecord::reason() const
{
    return shared(CoreTexts::translated(m_snapshot->reason));
}

QString LockRecord::releaseWarning() const
{
    if (m_snapshot->releaseWarning.empty())
        return {};
    return shared(CoreTexts::translated(m_snapshot->releaseWarning));
}

QString LockRecord::node() const
{
    return shared(QString::fromStdString(m_snapshot->node));
}

QStringList LockRecord::keys() const
{
    QStringList keys;
    for (const auto& key : m_snapshot->keys)
        keys.append(escaped(key));
    return keys;
}

qint64 LockRecord::ttlMs() const
{
    return m_snapshot->ttlMs ? *m_snapshot->ttlMs : -1;
}

QList<HolderRecord> LockRecord::holders() const
{
    QList<HolderRecord> holders;
    for (const auto& holder : m_snapshot->holders) {
        HolderRecord row;
        row.owner = escaped(holder.owner);
        row.clientUuid = escaped(holder.clientUuid);
        row.threadId = escaped(holder.threadId);
        row.count = holder.count;
        row.mode = holder.mode;
        row.expiresAtMs = holder.expiresAtMs ? *holder.expiresAtMs : -1;
        row.identity = QString::fromStdString(HoldersText::whoText(holder.identity.get()));
        holders.append(row);
    }
    return holders;
}

QList<WaiterRecord> LockRecord::waiters() const
{
    QList<WaiterRecord> waiters;
    for (const auto& waiter : m_snapshot->waiters)
        waiters.append({escaped(waiter.owner), waiter.deadlineMs ? *waiter.deadlineMs : -1, waiter.source});
    return waiters;
}

qint64 LockRecord::waiterCount() const
{
    return std::max<qint64>(m_snapshot->waiterCount, qint64(m_snapshot->waiters.size()));
}

qint64 LockRecord::fence() const
{
    return m_snapshot->fence ? *m_snapshot->fence : -1;
}

qint64 LockRecord::permitsAvailable() const
{
    return m_snapshot->permitsAvailable ? *m_snapshot->permitsAvailable : -1;
}

QString LockRecord::stuckReason() const
{
    return shared(CoreTexts::translated(m_snapshot->stuckReason));
}

QStringList LockRecord::notes() const
{
    QStringList notes;
    for (const auto& note : m_snapshot->notes)
        notes.append(shared(CoreTexts::translated(note)));
    return notes;
}

qint64 LockRecord::remainingTtlMs(qint64 nowMs) const
{
    const qint64 ttl = ttlMs();
    if (ttl < 0)
        return -1;
    return std::max<qint64>(0, ttl - std::max<qint64>(0, nowMs - m_readAtMs));
}

LockRecord::State LockRecord::state(qint64 nowMs) const
{
    if (stuck())
        return State::Stuck;
    if (!hasHolders())
        return State::Free;
    const qint64 left = remainingTtlMs(nowMs);
    if (left >= 0 && left <= expiringWithinMs)
        return State::Expiring;
    return State::Held;
}

qint64 LockRecord::expiringAtMs() const
{
    const qint64 ttl = ttlMs();
    if (stuck() || !hasHolders() || ttl < 0)
        return std::numeric_limits<qint64>::max();
    // remainingTtlMs() <= expiringWithinMs: a short TTL from the read on (even with the clock
    // behind readAtMs), a longer one from readAtMs + ttlMs - expiringWithinMs.
    if (ttl <= expiringWithinMs)
        return std::numeric_limits<qint64>::min();
    return m_readAtMs + ttl - expiringWithinMs;
}

qint64 LockRecord::reentrancy() const
{
    qint64 most = 0;
    for (const auto& holder : m_snapshot->holders)
        most = std::max(most, holder.count);
    return most;
}

QString LockRecord::holdersText() const
{
    HoldersText text;
    text.ownerBytes = 1024;
    text.nobody = "";
    // The service and host where known (the raw token is on hover and in the detail pane).
    text.identity = HoldersText::Identity::InsteadOfOwner;
    text.modeName = [](HolderMode mode) { return CoreTexts::holderMode(mode).toStdString(); };
    return QString::fromStdString(text.of(m_snapshot->holders));
}

} // namespace lockscope::ui
