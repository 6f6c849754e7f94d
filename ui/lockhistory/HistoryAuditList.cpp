#include "lockhistory/HistoryAuditList.h"

#include "lockhistory/AuditText.h"

#include <QDateTime>
#include <QHeaderView>

namespace lockscope::ui {

HistoryAuditList::HistoryAuditList(QWidget* parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("historyAudit"));
    setRootIsDecorated(false);
    setAlternatingRowColors(true);
    setUniformRowHeights(true);
    setHeaderLabels({tr("Time"), tr("Who"), tr("Server"), tr("Lock"), tr("Action"), tr("Why"), tr("Result")});
    header()->setStretchLastSection(true);
    setToolTip(tr("Admin actions taken through LockScope on these locks, from every desk that shares this "
                  "history"));
}

void HistoryAuditList::setEntries(const std::vector<AuditRecord>& entries)
{
    std::vector<std::string> ids;
    for (const AuditRecord& entry : entries)
        ids.push_back(entry.entry);
    if (ids == m_shown)
        return; // refreshed every second: the selection and scroll position stay
    m_shown = std::move(ids);
    clear();
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
        const AuditRecord& entry = *it;
        auto* item = new QTreeWidgetItem(this);
        item->setText(
            0, QDateTime::fromMSecsSinceEpoch(entry.atMs).toString(QStringLiteral("MM-dd HH:mm:ss")));
        item->setText(1, AuditText::who(entry));
        item->setText(2, AuditText::bytes(entry.server.empty() ? entry.node : entry.server));
        item->setText(3, AuditText::bytes(entry.lock));
        item->setText(4, AuditText::action(entry.action));
        item->setText(5, AuditText::bytes(entry.reason));
        item->setText(6, AuditText::bytes(entry.result));
        const QString details = AuditText::describe(entry);
        for (int column = 0; column < columnCount(); ++column)
            item->setToolTip(column, details);
    }
    for (int column = 0; column + 1 < columnCount(); ++column)
        resizeColumnToContents(column);
}

QStringList HistoryAuditList::lines() const
{
    QStringList lines;
    for (int row = 0; row < topLevelItemCount(); ++row) {
        QStringList cells;
        for (int column = 0; column < columnCount(); ++column)
            cells << topLevelItem(row)->text(column);
        lines << cells.join(QStringLiteral(" | "));
    }
    return lines;
}

} // namespace lockscope::ui
