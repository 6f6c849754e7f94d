#include "monitor/LockEventTexts.h"

#include "common/EscapeBytes.h"
#include "monitor/LockUpdateBatch.h"

#include <QDateTime>
#include <QStringList>

namespace lockscope::ui {

QString LockEventRecord::details() const
{
    return LockEventTexts::details(*this);
}

QString LockEventTexts::details(const LockEventRecord& event)
{
    if (!event.said.isEmpty())
        return event.said;
    QString text = whatHappened(event);
    // Not heard as it happened: found by listing again (after the server or the subscription
    // was lost, or when asked to).
    if (event.missedSinceMs >= 0)
        text += tr(" (found by listing again: it happened some time since %1)")
                    .arg(QDateTime::fromMSecsSinceEpoch(event.missedSinceMs)
                             .toString(QStringLiteral("HH:mm:ss")));
    return text;
}

QString LockEventTexts::whatHappened(const LockEventRecord& event)
{
    switch (event.type) {
    case LockEventRecord::Type::Released:
        return event.forceReleased ? tr("force-released through LockScope") : tr("released");
    case LockEventRecord::Type::Expired:
        return tr("expired");
    case LockEventRecord::Type::Appeared:
    case LockEventRecord::Type::Changed:
    case LockEventRecord::Type::Admin:
        break;
    }
    const LockSnapshot& lock = event.lock.snapshot();
    QStringList holders;
    for (const auto& holder : lock.holders) {
        QString text = QString::fromStdString(escapeBytes(holder.owner, 60));
        if (holder.count != 1)
            text += QStringLiteral(" ×%1").arg(holder.count);
        holders.append(text);
    }
    QString text
        = holders.isEmpty() ? tr("no holder") : tr("held by %1").arg(holders.join(QStringLiteral(", ")));
    text += lock.ttlMs ? tr(", TTL %1 s").arg(double(*lock.ttlMs) / 1000.0, 0, 'f', 1) : tr(", no TTL");
    if (lock.waiterCount > 0)
        text += tr(", %n waiter(s)", nullptr, int(lock.waiterCount));
    return text;
}

} // namespace lockscope::ui
