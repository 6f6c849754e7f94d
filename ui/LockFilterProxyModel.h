#pragma once

#include "inspect/LockSnapshot.h"

#include <QSortFilterProxyModel>

#include <optional>

namespace lockscope::ui {

// Sorts and filters the lock table: a text filter (name, holders, library, node; case
// insensitive), one kind or all, one node or all.
class LockFilterProxyModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit LockFilterProxyModel(QObject* parent = nullptr);

    void setTextFilter(const QString& text);
    void setKindFilter(std::optional<LockKind> kind);
    void setNodeFilter(const QString& node); // empty: all nodes
    QString textFilter() const { return m_text; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_text;
    std::optional<LockKind> m_kind;
    QString m_node;
};

} // namespace lockscope::ui
