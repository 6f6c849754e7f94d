#pragma once

#include "inspect/LockSnapshot.h"
#include "monitor/LockRecord.h"

#include <QSortFilterProxyModel>

#include <optional>

namespace lockscope::ui {

// Sorts and filters the lock table: a text filter (name, holders, library, node; case
// insensitive), one kind or all, one node or all, one open server or all, one state or all. A lock's state
// follows the local countdown (held -> expiring); the model announces those changes, and the proxy's dynamic
// sorting and filtering moves the rows.
class LockFilterProxyModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit LockFilterProxyModel(QObject* parent = nullptr);

    void setTextFilter(const QString& text);
    void setKindFilter(std::optional<LockKind> kind);
    void setNodeFilter(const QString& node); // empty: all nodes
    void setServerFilter(std::optional<quint16> server); // nothing: every server
    std::optional<quint16> serverFilter() const { return m_server; }
    void setStateFilter(std::optional<LockRecord::State> state);
    // Whether possible locks (a random token with a TTL under an ordinary name) are shown.
    void setShowPossible(bool show);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    // In LockRowOrder's order, the one a monitor sorts its listing by.
    bool lessThan(const QModelIndex& sourceLeft, const QModelIndex& sourceRight) const override;

private:
    QString m_text;
    std::optional<LockKind> m_kind;
    QString m_node;
    std::optional<quint16> m_server;
    std::optional<LockRecord::State> m_state;
    bool m_showPossible = true;
};

} // namespace lockscope::ui
