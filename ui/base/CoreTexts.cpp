#include "base/CoreTexts.h"

#include "inspect/LockSnapshot.h"
#include "stress/StressError.h"

#include <QList>

namespace lockscope::ui {

namespace {

// UserText::substitute over QString: each %1..%9 of the (translated) template, in one pass.
QString substitute(const QString& pattern, const QList<QString>& arguments)
{
    QString out;
    out.reserve(pattern.size());
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const char16_t c = pattern.at(i).unicode();
        if (c == u'%' && i + 1 < pattern.size()) {
            const char16_t digit = pattern.at(i + 1).unicode();
            const qsizetype index = digit - u'1';
            if (digit >= u'1' && digit <= u'9' && index < arguments.size()) {
                out += arguments.at(index);
                ++i;
                continue;
            }
        }
        out += QChar(c);
    }
    return out;
}

} // namespace

QString CoreTexts::translated(const UserText& text)
{
    if (text.isVerbatim())
        return QString::fromStdString(text.verbatimText());
    const std::string context(text.context());
    const std::string pattern(text.pattern());
    QList<QString> arguments;
    arguments.reserve(static_cast<qsizetype>(text.arguments().size()));
    for (const auto& argument : text.arguments())
        arguments.append(translated(argument));
    return substitute(QCoreApplication::translate(context.c_str(), pattern.c_str()), arguments);
}

QString CoreTexts::holderMode(HolderMode mode)
{
    switch (mode) {
    case HolderMode::Exclusive:
        return tr("exclusive");
    case HolderMode::Read:
        return tr("read");
    case HolderMode::Write:
        return tr("write");
    case HolderMode::Permit:
        return tr("permit");
    case HolderMode::WaitingWriter:
        return tr("waiting writer");
    }
    return QString::fromUtf8(holderModeName(mode));
}

QString CoreTexts::waiterSource(WaiterSource source)
{
    switch (source) {
    case WaiterSource::FairQueue:
        return tr("fair queue");
    case WaiterSource::LockScopeRegistry:
        return tr("LockScope waiter registry");
    }
    return QString::fromUtf8(waiterSourceName(source));
}

QString CoreTexts::library(LockLibrary library)
{
    // Library names are proper names, the same in every language; only "unknown" is a word.
    return library == LockLibrary::Unknown ? tr("unknown", "library")
                                           : QString::fromUtf8(lockLibraryName(library));
}

QString CoreTexts::errorKind(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::Usage:
        return tr("usage");
    case ErrorKind::ConnectionRefused:
        return tr("connection refused");
    case ErrorKind::Timeout:
        return tr("timeout");
    case ErrorKind::Disconnected:
        return tr("disconnected");
    case ErrorKind::AuthFailed:
        return tr("authentication failed");
    case ErrorKind::NoPermission:
        return tr("no permission");
    case ErrorKind::TlsHandshake:
        return tr("TLS handshake failed");
    case ErrorKind::TlsVerification:
        return tr("TLS verification failed");
    case ErrorKind::ReadOnlyRefused:
        return tr("refused by read-only mode");
    case ErrorKind::ReadOnlyReplica:
        return tr("read-only replica");
    case ErrorKind::Loading:
        return tr("server loading");
    case ErrorKind::CrossSlot:
        return tr("cross-slot");
    case ErrorKind::Redirect:
        return tr("cluster redirect");
    case ErrorKind::ReplyTooLarge:
        return tr("reply too large");
    case ErrorKind::Protocol:
        return tr("protocol error");
    case ErrorKind::ServerError:
        return tr("server error");
    case ErrorKind::NotFound:
        return tr("not found");
    case ErrorKind::Internal:
        return tr("internal error");
    case ErrorKind::ForeignData:
        return tr("not a LockScope database");
    }
    return QString::fromStdString(std::string(errorKindName(kind)));
}

QString CoreTexts::error(const RedisError& error)
{
    return tr("%1: %2").arg(errorKind(error.kind), QString::fromStdString(error.message));
}

QString CoreTexts::stressError(const StressError& error)
{
    switch (error.cause) {
    case StressError::Cause::Redis:
        return errorKind(error.kind);
    case StressError::Cause::Lost:
        return tr("hold lost");
    case StressError::Cause::TimedOut:
        return tr("acquire timed out");
    case StressError::Cause::KillNotHeld:
        return tr("nothing held to kill");
    case StressError::Cause::RestartFailed:
        return tr("server restart failed");
    case StressError::Cause::FailoverFailed:
        return tr("failover failed");
    }
    return QString::fromUtf8(error.name());
}

} // namespace lockscope::ui
