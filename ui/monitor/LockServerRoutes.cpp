#include "monitor/LockServerRoutes.h"

#include "monitor/LockMonitorController.h"

namespace lockscope::ui {

void LockServerRoutes::add(LockMonitorController& monitor)
{
    m_routes[monitor.server()].monitor = &monitor;
    monitor.setListingOrder(m_listingColumn, m_listingOrder);
}

LockMonitorController* LockServerRoutes::remove(quint16 server)
{
    return m_routes.take(server).monitor;
}

void LockServerRoutes::setConnection(quint16 server, const ConnectionStatus& status)
{
    m_routes[server].connection = status;
}

void LockServerRoutes::setProduction(quint16 server, bool production)
{
    m_routes[server].production = production;
}

void LockServerRoutes::setListingOrder(int column, Qt::SortOrder order)
{
    m_listingColumn = column;
    m_listingOrder = order;
    for (const Route& route : std::as_const(m_routes))
        if (route.monitor)
            route.monitor->setListingOrder(column, order);
}

} // namespace lockscope::ui
