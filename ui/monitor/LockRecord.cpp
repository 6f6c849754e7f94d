#include "monitor/LockRecord.h"

#include "common/CoreTexts.h"
#include "inspect/LockKey.h"
#include "redis/RedisReply.h"

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
// shared by the rows (QString shares its buffer), instead of one per row: with 100,000 locks
// that is tens of megabytes. A pool per thread that converts snapshots, emptied when it fills
// up with texts that do not recur.
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

QString LockRecord::keyFor(const std::string& node, const std::string& name)
{
    // Escaped whole: two raw names must not become one key.
    return QString::fromStdString(LockKey::of(node, escapeBytes(name, SIZE_MAX)));
}

LockRecord LockRecord::fromSnapshot(const LockSnapshot& snapshot, qint64 readAtMs)
{
    LockRecord record;
    record.key = keyFor(snapshot.node, snapshot.name);
    record.name = escaped(snapshot.name);
    record.kind = snapshot.kind;
    record.library = shared(CoreTexts::library(snapshot.library));
    record.reason = shared(CoreTexts::translated(snapshot.reason));
    record.confidence = snapshot.confidence;
    record.possible = snapshot.possible;
    if (!snapshot.releaseWarning.empty())
        record.releaseWarning = shared(CoreTexts::translated(snapshot.releaseWarning));
    record.node = shared(QString::fromStdString(snapshot.node));
    for (const auto& key : snapshot.keys)
        record.keys.append(escaped(key));
    record.ttlMs = snapshot.ttlMs ? *snapshot.ttlMs : -1;
    record.leaseMs = record.ttlMs;
    record.readAtMs = readAtMs;
    for (const auto& holder : snapshot.holders) {
        HolderRecord row;
        row.owner = escaped(holder.owner);
        row.clientUuid = escaped(holder.clientUuid);
        row.threadId = escaped(holder.threadId);
        row.count = holder.count;
        row.mode = shared(QString::fromStdString(holder.mode));
        row.expiresAtMs = holder.expiresAtMs ? *holder.expiresAtMs : -1;
        record.holders.append(row);
    }
    for (const auto& waiter : snapshot.waiters)
        record.waiters.append({escaped(waiter.owner), waiter.deadlineMs ? *waiter.deadlineMs : -1,
            shared(QString::fromStdString(waiter.source))});
    record.waiterCount = std::max<qint64>(snapshot.waiterCount, snapshot.waiters.size());
    record.fence = snapshot.fence ? *snapshot.fence : -1;
    record.permitsAvailable = snapshot.permitsAvailable ? *snapshot.permitsAvailable : -1;
    record.stuck = snapshot.stuck;
    record.stuckReason = shared(CoreTexts::translated(snapshot.stuckReason));
    for (const auto& note : snapshot.notes)
        record.notes.append(shared(CoreTexts::translated(note)));
    record.snapshot = std::make_shared<const LockSnapshot>(snapshot);
    return record;
}

qint64 LockRecord::remainingTtlMs(qint64 nowMs) const
{
    if (ttlMs < 0)
        return -1;
    return std::max<qint64>(0, ttlMs - std::max<qint64>(0, nowMs - readAtMs));
}

LockRecord::State LockRecord::state(qint64 nowMs) const
{
    if (stuck)
        return State::Stuck;
    if (holders.isEmpty())
        return State::Free;
    const qint64 left = remainingTtlMs(nowMs);
    if (left >= 0 && left <= expiringWithinMs)
        return State::Expiring;
    return State::Held;
}

qint64 LockRecord::expiringAtMs() const
{
    if (stuck || holders.isEmpty() || ttlMs < 0)
        return std::numeric_limits<qint64>::max();
    // remainingTtlMs() <= expiringWithinMs: a short TTL from the read on (even with the clock
    // behind readAtMs), a longer one from readAtMs + ttlMs - expiringWithinMs.
    if (ttlMs <= expiringWithinMs)
        return std::numeric_limits<qint64>::min();
    return readAtMs + ttlMs - expiringWithinMs;
}

qint64 LockRecord::reentrancy() const
{
    qint64 most = 0;
    for (const auto& holder : holders)
        most = std::max(most, holder.count);
    return most;
}

QString LockRecord::holdersText() const
{
    QStringList parts;
    for (const auto& holder : holders) {
        QString part = holder.owner;
        if (holder.mode != QLatin1String("exclusive") && !holder.mode.isEmpty())
            part += QStringLiteral(" (%1)").arg(CoreTexts::holderMode(holder.mode));
        parts.append(part);
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace lockscope::ui
