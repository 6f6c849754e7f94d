#include "monitor/admin/LockAdminWorker.h"

#include "base/CoreTexts.h"
#include "common/EscapeBytes.h"
#include "history/audit/SharedAudit.h"
#include "inspect/admin/AuditIdentity.h"
#include "inspect/admin/AuditLog.h"
#include "inspect/admin/ExtendLock.h"
#include "inspect/admin/ForceRelease.h"
#include "inspect/admin/ReleasePermit.h"
#include "inspect/admin/RemoveStaleWaiters.h"
#include "inspect/scan/BoundedKeyReader.h"
#include "inspect/scan/MasterConnections.h"
#include "monitor/admin/LockAdminTexts.h"

#include <QDateTime>
#include <QProcessEnvironment>

#include <map>

namespace lockscope::ui {

namespace {

QString escaped(const std::string& bytes, size_t maxBytes = 2048)
{
    return QString::fromStdString(escapeBytes(bytes, maxBytes));
}

std::string auditActionName(LockAdminRequest::Action action)
{
    switch (action) {
    case LockAdminRequest::Action::ForceRelease:
        return "release";
    case LockAdminRequest::Action::ExtendTtl:
        return "extend";
    case LockAdminRequest::Action::RemoveStaleWaiters:
        return "remove-stale-waiters";
    }
    return "unknown";
}

LockAdminReport::Outcome outcomeOf(AdminOutcome outcome)
{
    switch (outcome) {
    case AdminOutcome::Done:
        return LockAdminReport::Outcome::Done;
    case AdminOutcome::HolderChanged:
        return LockAdminReport::Outcome::HolderChanged;
    case AdminOutcome::NothingThere:
        return LockAdminReport::Outcome::NothingThere;
    }
    return LockAdminReport::Outcome::Failed;
}

QString typeName(RawKey::Type type)
{
    switch (type) {
    case RawKey::Type::String:
        return QStringLiteral("string");
    case RawKey::Type::Hash:
        return QStringLiteral("hash");
    case RawKey::Type::List:
        return QStringLiteral("list");
    case RawKey::Type::Set:
        return QStringLiteral("set");
    case RawKey::Type::ZSet:
        return QStringLiteral("zset");
    case RawKey::Type::Other:
        break;
    }
    return QStringLiteral("other");
}

QString contentsOf(const RawKey& key)
{
    QStringList parts;
    switch (key.type) {
    case RawKey::Type::String:
        parts.append(escaped(key.value));
        break;
    case RawKey::Type::Hash:
        for (const auto& [field, value] : key.fields)
            parts.append(escaped(field, 256) + QStringLiteral(" = ") + escaped(value, 256));
        break;
    case RawKey::Type::List:
    case RawKey::Type::Set:
        for (const auto& item : key.items)
            parts.append(escaped(item, 256));
        break;
    case RawKey::Type::ZSet:
        for (const auto& [member, score] : key.members)
            parts.append(escaped(member, 256) + QStringLiteral(" @ ") + QString::number(score, 'f', 0));
        break;
    case RawKey::Type::Other:
        break;
    }
    QString text = parts.join(QLatin1Char('\n'));
    if (key.truncated)
        text += QLatin1Char('\n')
            + LockAdminWorker::tr("… (%n item(s) in all, not all shown)", nullptr, int(key.size));
    return text;
}

} // namespace

LockAdminWorker::LockAdminWorker(ConnectionOptions options, std::string auditLogPath, SharedHistory history)
    : m_options(std::move(options))
    , m_auditLogPath(std::move(auditLogPath))
    , m_history(std::move(history))
{
    m_options.clientRole = "admin";
}

LockAdminWorker::~LockAdminWorker() = default;

RedisConnection* LockAdminWorker::connectionFor(const QString& node, QString& error)
{
    if (!m_masters) {
        auto masters = MasterConnections::open(m_options);
        if (!masters) {
            error = CoreTexts::error(masters.error());
            return nullptr;
        }
        m_masters = std::make_unique<MasterConnections>(std::move(masters.value()));
    }
    RedisConnection* connection = m_masters->connectionFor(node.toStdString());
    if (!connection) {
        // The topology may have changed (a failover, a resharding): ask again next time.
        m_masters.reset();
        error = tr("no connection to node %1").arg(node);
    }
    return connection;
}

void LockAdminWorker::perform(const LockAdminRequest& request)
{
    LockAdminReport report;
    report.action = request.action;
    report.lock = request.lock;

    AuditEntry entry;
    entry.timeMs = QDateTime::currentMSecsSinceEpoch();
    entry.connection = m_options.describe();
    entry.node = request.lock.node().toStdString();
    entry.action = auditActionName(request.action);
    entry.reason = request.reason.toStdString();
    entry.server = m_history.server;
    entry.profile = m_history.profile;
    std::map<std::string, std::string> environment;
    const QProcessEnvironment system = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"LOGNAME", "USER"})
        if (system.contains(QLatin1String(name)))
            environment[name] = system.value(QLatin1String(name)).toStdString();
    AuditIdentity::stamp(entry, environment, LOCKSCOPE_VERSION);
    if (request.lock.isKnown()) {
        entry.lock = request.lock.snapshot().name;
        entry.before = request.lock.snapshot();
    }

    QString error;
    RedisConnection* connection
        = request.lock.isKnown() ? connectionFor(request.lock.node(), error) : nullptr;
    if (!request.lock.isKnown() && error.isEmpty())
        error = tr("nothing is known about this lock");
    if (connection) {
        Result<AdminResult> result = [&]() -> Result<AdminResult> {
            switch (request.action) {
            case LockAdminRequest::Action::ForceRelease: {
                const LockSnapshot& lock = request.lock.snapshot();
                if (lock.kind != LockKind::Semaphore)
                    return ForceRelease::release(*connection, lock);
                if (request.allPermits)
                    return ReleasePermit::releaseAll(*connection, lock);
                if (request.permitHolder < 0 || request.permitHolder >= int(lock.holders.size()))
                    return makeError(ErrorKind::Usage, "no permit holder chosen");
                return ReleasePermit::release(
                    *connection, lock, lock.holders.at(size_t(request.permitHolder)).owner);
            }
            case LockAdminRequest::Action::ExtendTtl:
                return ExtendLock::extend(
                    *connection, request.lock.snapshot(), std::chrono::milliseconds(request.ttlMs));
            case LockAdminRequest::Action::RemoveStaleWaiters:
                return RemoveStaleWaiters::remove(*connection, request.lock.snapshot());
            }
            return makeError(ErrorKind::Usage, "unknown action");
        }();
        if (result) {
            report.outcome = outcomeOf(result->outcome);
            report.message = CoreTexts::translated(result->message);
            entry.result = std::string(adminOutcomeName(result->outcome));
            if (result->outcome != AdminOutcome::Done
                || request.action != LockAdminRequest::Action::ForceRelease)
                entry.after = entry.before; // what Redis holds is re-read by the monitor
        } else {
            error = CoreTexts::error(result.error());
        }
    }
    if (report.outcome == LockAdminReport::Outcome::Failed) {
        report.message = error;
        entry.result = "failed: " + error.toStdString();
    }
    if (report.message.isEmpty())
        report.message = LockAdminTexts::outcomeName(report.outcome);
    AuditLog log(m_auditLogPath);
    if (auto appended = log.append(entry); !appended)
        report.auditError = CoreTexts::error(appended.error());
    if (!m_history.location.empty()) {
        SharedAudit shared(m_history.location, {}, AuditOutbox(AuditOutbox::pathFor(m_auditLogPath)));
        if (auto written = shared.record(entry); !written)
            report.auditError = CoreTexts::error(written.error());
    }
    Q_EMIT performed(report);
}

void LockAdminWorker::readKeys(const LockRecord& lock)
{
    LockKeysReport report;
    report.lock = LockId(lock.id());
    QString error;
    RedisConnection* connection = lock.isKnown() ? connectionFor(lock.node(), error) : nullptr;
    if (!connection) {
        report.error = error;
        Q_EMIT keysRead(report);
        return;
    }
    BoundedKeyReader reader(*connection);
    auto keys = reader.read(lock.snapshot().keys);
    if (!keys) {
        report.error = CoreTexts::error(keys.error());
    } else {
        for (const auto& key : *keys)
            report.keys.append({escaped(key.name, 512), typeName(key.type), key.pttl, contentsOf(key)});
    }
    Q_EMIT keysRead(report);
}

} // namespace lockscope::ui
