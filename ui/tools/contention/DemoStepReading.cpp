#include "tools/contention/DemoStepReading.h"

#include <QRegularExpression>

namespace lockscope::ui {

namespace {

bool containsAny(const QString& text, std::initializer_list<const char*> phrases)
{
    for (const char* phrase : phrases) {
        if (text.contains(QLatin1String(phrase)))
            return true;
    }
    return false;
}

// The reply of a narrated command ("SETNX k v -> 1"): what the client learnt from Redis.
DemoStepReading::Action commandAction(const QString& text)
{
    const qsizetype arrow = text.lastIndexOf(QLatin1String(" -> "));
    if (arrow < 0)
        return DemoStepReading::Action::Other;
    const QString command = text.section(QLatin1Char(' '), 0, 0).toUpper();
    const QString reply = text.mid(arrow + 4).trimmed();
    if (command == QLatin1String("SETNX"))
        return reply == QLatin1String("1") ? DemoStepReading::Action::Acquires
                                           : DemoStepReading::Action::Refused;
    if (command == QLatin1String("SET") && text.contains(QLatin1String(" NX")))
        return reply.startsWith(QLatin1String("OK")) ? DemoStepReading::Action::Acquires
                                                     : DemoStepReading::Action::Refused;
    if (command == QLatin1String("DEL") && reply == QLatin1String("1"))
        return DemoStepReading::Action::Releases;
    return DemoStepReading::Action::Other;
}

} // namespace

DemoStepReading DemoStepReading::of(const QString& actor, const QString& text)
{
    static const QRegularExpression node(QStringLiteral("^N\\d+$"));
    static const QRegularExpression client(QStringLiteral("^[A-Z][0-9]*$"));
    DemoStepReading reading;
    if (node.match(actor).hasMatch()) {
        reading.role = Role::Node;
        const QString lower = text.toLower();
        reading.action = lower.contains(QLatin1String("stopped")) ? Action::NodeDown
            : lower.contains(QLatin1String(" up"))                ? Action::NodeUp
                                                                  : Action::Other;
        return reading;
    }
    if (!client.match(actor).hasMatch())
        return reading;
    reading.role = Role::Client;
    const QString lower = text.toLower();
    // Order matters: "crashed holding the lock" is a crash, not an acquisition.
    if (containsAny(lower, {"crashed", "killed"}))
        reading.action = Action::Crashes;
    else if (containsAny(lower, {"gc pause", "pause..."}))
        reading.action = Action::Pauses;
    else if (lower.contains(QLatin1String("wakes up")))
        reading.action = Action::Resumes;
    else if (lower.startsWith(QLatin1String("writes ")))
        reading.action = Action::Writes;
    else if (lower.contains(QLatin1String("-> lost")))
        reading.action = Action::Lost;
    else if (lower.contains(QLatin1String("releases and immediately asks again")))
        reading.action = Action::ReleasesAndWaits;
    else if (containsAny(lower, {"did not acquire", "could not acquire", "refused", "gave up", "start over"}))
        reading.action = Action::Refused;
    else if (containsAny(lower, {"waits", "starts waiting", "tries getset"}))
        reading.action = Action::Waits;
    else if (containsAny(lower, {"acquired", "holds the lock"}))
        reading.action = Action::Acquires;
    else if (containsAny(lower, {"released", "leaves its critical section"}))
        reading.action = Action::Releases;
    else
        reading.action = commandAction(text);
    return reading;
}

} // namespace lockscope::ui
