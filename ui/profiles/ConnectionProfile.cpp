#include "profiles/ConnectionProfile.h"

#include "base/CoreTexts.h"
#include "base/GuiConnectionDefaults.h"
#include "redis/RedisUrl.h"

#include <QUuid>

#include <algorithm>

namespace lockscope::ui {

QString ConnectionProfile::sandboxId()
{
    return QStringLiteral("sandbox");
}

QString ConnectionProfile::newId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString ConnectionProfile::urlWithoutPassword(const QString& url)
{
    // The credentials sit between "scheme://" and the '@' that ends the authority (the last one
    // before the first '/'), as parseRedisUrl reads them.
    const qsizetype schemeEnd = url.indexOf(QStringLiteral("://"));
    if (schemeEnd < 0)
        return url.contains(QLatin1Char('@')) ? QString() : url;
    const qsizetype authorityStart = schemeEnd + 3;
    qsizetype authorityEnd = url.indexOf(QLatin1Char('/'), authorityStart);
    if (authorityEnd < 0)
        authorityEnd = url.size();
    const qsizetype at = url.lastIndexOf(QLatin1Char('@'), authorityEnd - 1);
    if (at < authorityStart)
        return url;
    const QString userInfo = url.mid(authorityStart, at - authorityStart);
    // "user:password@" keeps the user; ":password@" keeps nothing; "user@" has no password.
    const QString user = userInfo.section(QLatin1Char(':'), 0, 0);
    return url.left(authorityStart) + (user.isEmpty() ? QString() : user + QLatin1Char('@'))
        + url.mid(at + 1);
}

Result<ConnectionOptions> ConnectionProfile::toOptions(const QString& password) const
{
    auto usage = [](const QString& message) { return makeError(ErrorKind::Usage, message.toStdString()); };
    if (url.trimmed().isEmpty())
        return usage(tr("The profile has no server URL."));
    auto parsed = parseRedisUrl(url.trimmed().toStdString(), GuiConnectionDefaults::options());
    if (!parsed)
        return usage(tr("The URL is not valid: %1")
                         .arg(CoreTexts::translated(redisUrlProblem(url.trimmed().toStdString()))));
    ConnectionOptions options = *parsed;

    const bool tlsGiven = !tlsCaFile.isEmpty() || !tlsCertFile.isEmpty() || !tlsKeyFile.isEmpty()
        || !tlsServerName.isEmpty() || !tlsVerify;
    if (tlsGiven && !options.tls.enabled)
        return usage(tr("TLS settings need a rediss:// URL."));
    if (tlsCertFile.isEmpty() != tlsKeyFile.isEmpty())
        return usage(tr("A client certificate and its key go together."));
    options.tls.caFile = tlsCaFile.toStdString();
    options.tls.certFile = tlsCertFile.toStdString();
    options.tls.keyFile = tlsKeyFile.toStdString();
    options.tls.serverName = tlsServerName.toStdString();
    options.tls.verifyPeer = tlsVerify;

    if (!user.isEmpty())
        options.user = user.toStdString();
    if (database >= 0)
        options.database = database;
    if (hasPassword) {
        options.password = password.toStdString();
        options.hasPassword = true;
    }
    options.readOnly = readOnly;
    return options;
}

MonitorSettings ConnectionProfile::monitorSettings() const
{
    MonitorSettings settings;
    for (const QString& pattern : lockPatterns) {
        if (!pattern.trimmed().isEmpty())
            settings.lockPatterns.append(pattern.trimmed());
    }
    settings.pollInterval = std::chrono::seconds(std::max(1, pollIntervalSeconds));
    settings.recordHistory = recordHistory;
    settings.historyDatabase = historyDatabase.trimmed();
    settings.alertHeldSeconds = std::max(0, alertHeldSeconds);
    settings.alertWaiters = std::max(0, alertWaiters);
    settings.alertStuck = alertStuck;
    settings.alertForceRelease = alertForceRelease;
    return settings;
}

QString ConnectionProfile::displayName() const
{
    if (name.isEmpty())
        return url;
    return tr("%1 (%2)").arg(name, url);
}

} // namespace lockscope::ui
