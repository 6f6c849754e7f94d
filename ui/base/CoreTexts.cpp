#include "base/CoreTexts.h"

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

constexpr ErrorKind allErrorKinds[] = {ErrorKind::Usage, ErrorKind::ConnectionRefused, ErrorKind::Timeout,
    ErrorKind::Disconnected, ErrorKind::AuthFailed, ErrorKind::NoPermission, ErrorKind::TlsHandshake,
    ErrorKind::TlsVerification, ErrorKind::ReadOnlyRefused, ErrorKind::ReadOnlyReplica, ErrorKind::Loading,
    ErrorKind::CrossSlot, ErrorKind::Redirect, ErrorKind::ReplyTooLarge, ErrorKind::Protocol,
    ErrorKind::ServerError, ErrorKind::NotFound, ErrorKind::Internal};

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

QString CoreTexts::demoStep(const DemoTimeline::Step& step)
{
    return QString::fromStdString(DemoTimeline::format(step, translated(step.text).toStdString()));
}

QString CoreTexts::holderMode(const QString& mode)
{
    if (mode == QLatin1String("exclusive"))
        return tr("exclusive");
    if (mode == QLatin1String("read"))
        return tr("read");
    if (mode == QLatin1String("write"))
        return tr("write");
    if (mode == QLatin1String("permit"))
        return tr("permit");
    return mode;
}

QString CoreTexts::waiterSource(const QString& source)
{
    if (source == QLatin1String("fair-queue"))
        return tr("fair queue");
    if (source == QLatin1String("lockscope-registry"))
        return tr("LockScope waiter registry");
    return source;
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

QString CoreTexts::stressErrorName(const QString& name)
{
    if (name == QLatin1String("lost"))
        return tr("hold lost");
    if (name == QLatin1String("timed_out"))
        return tr("acquire timed out");
    for (ErrorKind kind : allErrorKinds) {
        if (name == QLatin1String(errorKindName(kind)))
            return errorKind(kind);
    }
    return name;
}

} // namespace lockscope::ui
