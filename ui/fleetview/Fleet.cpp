#include "fleetview/Fleet.h"

#include "base/CoreTexts.h"
#include "base/GuiConnectionDefaults.h"
#include "connection/ConnectionController.h"
#include "fleetview/FleetServer.h"
#include "profiles/ConnectionProfile.h"
#include "profiles/ProfileConnector.h"
#include "redis/RedisUrl.h"

#include <QWidget>

namespace lockscope::ui {

namespace {

const QString profilePrefix = QStringLiteral("profile:");
const QString urlPrefix = QStringLiteral("url:");
const QString sandboxEntry = QStringLiteral("sandbox");

} // namespace

Fleet::Fleet(ConnectionController& connection, LockMonitorController& monitor, HistoryRecording& history,
    ProfileConnector& connector, QObject* parent)
    : QObject(parent)
    , m_firstConnector(connector)
{
    m_servers.append(new FleetServer(0, connection, monitor, history, this));
    m_connectors.insert(0, &connector);
}

Fleet::~Fleet()
{
    // The added servers (and their threads) go before the window's own controllers.
    for (FleetServer* server : m_servers.mid(1) + m_removed)
        delete server;
}

QList<FleetServer*> Fleet::servers() const
{
    return m_servers;
}

FleetServer* Fleet::server(quint16 id) const
{
    for (FleetServer* server : m_servers)
        if (server->id() == id)
            return server;
    return nullptr;
}

int Fleet::openCount() const
{
    int open = 0;
    for (const FleetServer* server : m_servers)
        open += server->isOpen() ? 1 : 0;
    return open;
}

FleetServer* Fleet::openAt(const QString& endpointKey) const
{
    for (FleetServer* server : m_servers)
        if ((server->isOpen() || !server->credentialsRefused().isEmpty())
            && server->endpointKey() == endpointKey)
            return server;
    return nullptr;
}

FleetServer* Fleet::freeServer()
{
    // A profile may open only once its password is found: the first is taken when handed out.
    if (!first().isOpen() && first().credentialsRefused().isEmpty() && !m_firstTaken) {
        m_firstTaken = true;
        return &first();
    }
    auto* server = FleetServer::create(m_nextId++, this);
    m_servers.append(server);
    Q_EMIT serverAdded(server);
    return server;
}

ProfileConnector& Fleet::connectorOf(FleetServer& server)
{
    if (QPointer<ProfileConnector> connector = m_connectors.value(server.id()))
        return *connector;
    auto* connector = new ProfileConnector(server.connection(), qobject_cast<QWidget*>(parent()));
    connector->setParent(&server);
    connector->setPasswordPrompt(m_firstConnector.passwordPrompt());
    connector->setSandboxStarter(m_firstConnector.sandboxStarter());
    m_connectors.insert(server.id(), connector);
    return *connector;
}

FleetServer* Fleet::openUrl(const ConnectionOptions& options, const QString& url)
{
    const QString key = FleetServer::endpointKeyOf(options);
    if (FleetServer* open = openAt(key)) {
        // Refused credentials are retried when the settings change: this is a change.
        if (!open->credentialsRefused().isEmpty()) {
            open->open(options, {});
            m_urls.insert(open->id(), ConnectionProfile::urlWithoutPassword(url));
            return open;
        }
        Q_EMIT note(tr("%1 is open already (as %2): not opened twice.").arg(url, open->name()));
        return open;
    }
    FleetServer* server = freeServer();
    m_urls.insert(server->id(), ConnectionProfile::urlWithoutPassword(url));
    server->open(options, {});
    return server;
}

FleetServer* Fleet::openProfile(const QString& id)
{
    const auto profile = m_firstConnector.store().profile(id);
    if (!profile) {
        Q_EMIT note(tr("There is no saved connection with the id %1.").arg(id));
        return nullptr;
    }
    if (auto options = profile->toOptions()) {
        FleetServer* open = openAt(FleetServer::endpointKeyOf(*options));
        if (open && open->credentialsRefused().isEmpty()) {
            Q_EMIT note(tr("%1 is open already (as %2): not opened twice.").arg(profile->name, open->name()));
            return open;
        }
        if (open) {
            m_urls.remove(open->id());
            connectorOf(*open).connectProfile(*profile);
            return open;
        }
    }
    FleetServer* server = freeServer();
    m_urls.remove(server->id());
    connectorOf(*server).connectProfile(*profile);
    return server;
}

FleetServer* Fleet::openSandbox()
{
    if (!m_sandboxUrl.isEmpty())
        if (auto options = parseRedisUrl(m_sandboxUrl.toStdString(), GuiConnectionDefaults::options()))
            if (FleetServer* open = openAt(FleetServer::endpointKeyOf(*options))) {
                Q_EMIT note(tr("The sandbox is open already (as %1): not opened twice.").arg(open->name()));
                return open;
            }
    FleetServer* server = freeServer();
    m_urls.remove(server->id());
    connectorOf(*server).connectSandbox();
    return server;
}

void Fleet::remove(quint16 id)
{
    FleetServer* server = this->server(id);
    if (!server)
        return;
    server->close();
    m_urls.remove(id);
    if (server == &first()) {
        m_firstTaken = false;
        return;
    }
    m_servers.removeOne(server);
    m_connectors.remove(id);
    // Deleted once its threads have ended: deleting it now would wait for them, and a thread
    // inside a call to a server that hangs would hold the window until its timeout.
    m_removed.append(server);
    connect(server, &QObject::destroyed, this, [this, server] { m_removed.removeOne(server); });
    server->closeAndDeleteLater();
    Q_EMIT serverRemoved(id);
}

QString Fleet::entryOf(const FleetServer& server) const
{
    const ConnectionController& connection = server.connection();
    if (!connection.profileId().isEmpty())
        return profilePrefix + connection.profileId();
    if (!m_sandboxUrl.isEmpty()) {
        auto sandbox = parseRedisUrl(m_sandboxUrl.toStdString(), GuiConnectionDefaults::options());
        if (sandbox && FleetServer::endpointKeyOf(*sandbox) == server.endpointKey())
            return sandboxEntry;
    }
    const QString url = m_urls.value(server.id());
    return url.isEmpty() ? QString() : urlPrefix + url;
}

QStringList Fleet::entries() const
{
    QStringList entries;
    for (const FleetServer* server : m_servers) {
        if (!server->isOpen() && server->credentialsRefused().isEmpty())
            continue;
        const QString entry = entryOf(*server);
        if (!entry.isEmpty() && !entries.contains(entry))
            entries.append(entry);
    }
    return entries;
}

QStringList Fleet::openEntries(const QStringList& entries)
{
    QStringList problems;
    for (const QString& entry : entries) {
        if (entry == sandboxEntry) {
            openSandbox();
        } else if (entry.startsWith(profilePrefix)) {
            if (!openProfile(entry.mid(profilePrefix.size())))
                problems.append(tr("The saved connection of %1 is gone.").arg(entry));
        } else if (entry.startsWith(urlPrefix)) {
            const QString url = entry.mid(urlPrefix.size());
            auto options = parseRedisUrl(url.toStdString(), GuiConnectionDefaults::options());
            if (options)
                openUrl(*options, url);
            else
                problems.append(
                    tr("%1: %2").arg(url, CoreTexts::translated(redisUrlProblem(url.toStdString()))));
        }
    }
    return problems;
}

} // namespace lockscope::ui
