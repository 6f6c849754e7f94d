#include "monitor/LockEventLogModel.h"

#include "common/EnumNames.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>

namespace lockscope::ui {

LockEventLogModel::LockEventLogModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

int LockEventLogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int LockEventLogModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString LockEventLogModel::typeName(LockEventRecord::Type type)
{
    static constexpr std::array<const char*, 5> names {QT_TR_NOOP("appeared"), QT_TR_NOOP("changed"),
        QT_TR_NOOP("released"), QT_TR_NOOP("expired"), QT_TR_NOOP("admin")};
    return tr(enumName<LockEventRecord::Type::Admin>(type, names, ""));
}

QVariant LockEventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case EventColumn:
        return tr("Event");
    case LockColumn:
        return tr("Lock");
    case NodeColumn:
        return tr("Node");
    case DetailsColumn:
        return tr("Details");
    }
    return {};
}

QVariant LockEventLogModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LockEventRecord& event = m_events.at(index.row());
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case TimeColumn:
            return QDateTime::fromMSecsSinceEpoch(event.atMs).toString(QStringLiteral("HH:mm:ss.zzz"));
        case EventColumn:
            return typeName(event.type);
        case LockColumn:
            return event.lockName();
        case NodeColumn:
            return event.node();
        case DetailsColumn:
            return event.details();
        }
    }
    if (role == Qt::ForegroundRole && index.column() == EventColumn) {
        switch (event.type) {
        case LockEventRecord::Type::Expired:
            return QBrush(QColor(0xd0, 0x80, 0x10));
        case LockEventRecord::Type::Admin:
            return QBrush(QColor(0xd0, 0x30, 0x30));
        default:
            return {};
        }
    }
    return {};
}

QList<LockEventRecord> LockEventLogModel::historyOf(const LockRecord& lock) const
{
    QList<LockEventRecord> history;
    for (const auto& event : m_events)
        if (event.lock.isSameLockAs(lock))
            history.append(event);
    return history;
}

void LockEventLogModel::append(const QList<LockEventRecord>& events)
{
    if (events.isEmpty())
        return;
    const int overflow = int(m_events.size() + events.size()) - m_capacity;
    if (overflow > m_capacity / 8) {
        const int drop = std::min<int>(overflow, int(m_events.size()));
        if (drop > 0) {
            beginRemoveRows({}, 0, drop - 1);
            m_events.remove(0, drop);
            endRemoveRows();
        }
    }
    const auto first = events.size() > m_capacity ? events.end() - m_capacity : events.begin();
    const int count = int(events.end() - first);
    beginInsertRows({}, int(m_events.size()), int(m_events.size()) + count - 1);
    m_events.append(QList<LockEventRecord>(first, events.end()));
    endInsertRows();
}

void LockEventLogModel::appendBatch(const LockUpdateBatch& batch)
{
    QList<LockEventRecord> events;
    events.reserve(batch.changes.size());
    for (const auto& change : batch.changes)
        if (!change.event.quiet)
            events.append(change.event);
    append(events);
}

void LockEventLogModel::clear()
{
    beginResetModel();
    m_events.clear();
    endResetModel();
}

} // namespace lockscope::ui
