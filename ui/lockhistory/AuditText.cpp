#include "lockhistory/AuditText.h"

#include <QDateTime>
#include <QStringList>

namespace lockscope::ui {

QString AuditText::action(const std::string& action)
{
    if (action == "release")
        return tr("Force-release");
    if (action == "extend")
        return tr("Extend");
    if (action == "remove-stale-waiters")
        return tr("Remove stale waiters");
    if (action == "release-permit")
        return tr("Release permit");
    return bytes(action);
}

QString AuditText::who(const AuditRecord& entry)
{
    return entry.host.empty() ? bytes(entry.user) : tr("%1@%2").arg(bytes(entry.user), bytes(entry.host));
}

QString AuditText::bytes(const std::string& bytes)
{
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
}

QString AuditText::why(const AuditRecord& entry)
{
    return tr("Why: %1").arg(entry.reason.empty() ? tr("no reason given") : bytes(entry.reason));
}

QString AuditText::describe(const AuditRecord& entry)
{
    QStringList lines;
    lines << tr("%1 by %2 at %3")
                 .arg(action(entry.action), who(entry),
                     QDateTime::fromMSecsSinceEpoch(entry.atMs)
                         .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    lines << tr("Lock: %1 on %2")
                 .arg(bytes(entry.lock), bytes(entry.server.empty() ? entry.node : entry.server));
    lines << why(entry);
    lines << tr("Result: %1").arg(bytes(entry.result));
    if (!entry.profile.empty())
        lines << tr("Profile: %1, LockScope %2").arg(bytes(entry.profile), bytes(entry.version));
    return lines.join(QLatin1Char('\n'));
}

} // namespace lockscope::ui
