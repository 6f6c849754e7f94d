#pragma once

#include "connection/ConnectionStatus.h"

#include <QHash>
#include <QtCore/qnamespace.h>

namespace lockscope::ui {

class LockMonitorController;

// Where the actions on a lock go when the table holds the locks of several open servers: to the
// monitor of the lock's own server (admin actions, key reads), judged by that server's connection
// (read-only or not) and production mark. The monitor view keeps one; nothing here is a widget.
class LockServerRoutes
{
public:
    struct Route
    {
        LockMonitorController* monitor = nullptr; // nullptr: the actions go nowhere
        ConnectionStatus connection;
        bool production = false;
    };

    // Routes the locks of `monitor.server()` to `monitor`, and tells it the table's order.
    void add(LockMonitorController& monitor);
    // Forgets the server; returns the monitor its locks went to (nullptr: none).
    LockMonitorController* remove(quint16 server);
    void setConnection(quint16 server, const ConnectionStatus& status);
    void setProduction(quint16 server, bool production);
    // The route of server `server`'s locks; an empty one for a server not (or no longer) open,
    // e.g. a lock whose server was removed while its row was still shown.
    Route of(quint16 server) const { return m_routes.value(server); }

    // The table's sort column (-1: unsorted) and order, told to every monitor and to those added
    // later: each sorts its listings that way (see LockRowOrder).
    void setListingOrder(int column, Qt::SortOrder order);

private:
    QHash<quint16, Route> m_routes;
    int m_listingColumn = -1;
    Qt::SortOrder m_listingOrder = Qt::AscendingOrder;
};

} // namespace lockscope::ui
